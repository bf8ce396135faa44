// Games saved in this browser (localStorage): each game is its profile,
// its start (FEN or set-up tags) and its moves; nothing is kept on the
// server. The game being played is remembered and restored on reload.

const GAMES = 'boardctl.games.v1';
const CURRENT = 'boardctl.current.v1';

function readAll() {
  try {
    const data = JSON.parse(localStorage.getItem(GAMES) || '{}');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

function writeAll(games) {
  try {
    localStorage.setItem(GAMES, JSON.stringify(games));
    return true;
  } catch {
    return false;
  }
}

/** A new game id: time and a random tail, unique enough in one browser. */
export function newId() {
  return Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 8);
}

/** Every saved game, the most recently played first. */
export function list() {
  return Object.values(readAll())
    .filter((g) => g && typeof g.id === 'string' && Array.isArray(g.moves))
    .sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

/** One saved game, or null. */
export function load(id) {
  const g = readAll()[id];
  return g && Array.isArray(g.moves) ? g : null;
}

/** Saves (or replaces) a game; false when the browser refuses the space. */
export function save(game) {
  const games = readAll();
  games[game.id] = { ...game, updated: Date.now() };
  return writeAll(games);
}

/** Deletes a saved game (and forgets it as current). */
export function remove(id) {
  const games = readAll();
  delete games[id];
  writeAll(games);
  if (currentId() === id) localStorage.removeItem(CURRENT);
}

/** The id of the game on the Play page, or null. */
export function currentId() {
  return localStorage.getItem(CURRENT);
}

/** Remembers which game is on the Play page. */
export function setCurrent(id) {
  if (id) localStorage.setItem(CURRENT, id);
  else localStorage.removeItem(CURRENT);
}
