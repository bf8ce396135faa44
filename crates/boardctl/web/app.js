// boardctl's web board: the pages (Play, Saved games, Check a record, and
// lingqi's set-up) and the new-game form. Plain ES modules, no build step;
// every rule is the server's, the page only shows and clicks.

import { profiles, ApiError } from './api.js';
import { PlayView, newGame, initPdnDialog, clampTime } from './play.js';
import { SetupView } from './setup.js';
import { SavedView } from './saved.js';
import { CheckView } from './check.js';
import * as store from './store.js';

const $ = (id) => document.getElementById(id);
const OWN = '__own__';
const VIEWS = ['play', 'setup', 'saved', 'check'];

let play;
let setup;
let saved;
let check;
let allProfiles = [];

function showView(name) {
  if (!VIEWS.includes(name)) name = 'play';
  for (const v of VIEWS) $('view-' + v).hidden = v !== name;
  for (const a of document.querySelectorAll('nav a')) {
    a.classList.toggle('active', a.dataset.view === name || (name === 'setup' && a.dataset.view === 'play'));
    if (a.dataset.view === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (name === 'saved') saved.render();
}

function route() {
  const name = location.hash.replace(/^#/, '') || 'play';
  showView(name === 'setup' && !setup.rules ? 'play' : name);
}

/** The newest version of the seed's Russian draughts, else the first profile. */
function defaultProfile(list) {
  const russian = list.filter((p) => p.name.startsWith('russian-draughts/russian@'));
  const newest = russian.sort((a, b) => version(b.name) - version(a.name))[0];
  return (newest || list[0]).name;
}

function version(name) {
  const m = /@(\d+)$/.exec(name);
  return m ? Number(m[1]) : 0;
}

function fillProfiles(list) {
  const select = $('profile');
  select.replaceChildren();
  const groups = new Map();
  for (const p of list) {
    if (!groups.has(p.game)) {
      const g = document.createElement('optgroup');
      g.label = p.game;
      groups.set(p.game, g);
      select.appendChild(g);
    }
    const o = document.createElement('option');
    o.value = p.name;
    o.textContent = p.name;
    o.title = p.description;
    o.dataset.game = p.game;
    groups.get(p.game).appendChild(o);
  }
  const own = document.createElement('option');
  own.value = OWN;
  own.textContent = 'your own profile (TOML)…';
  select.appendChild(own);
  select.value = defaultProfile(list);
  formChanged();
}

function chosenGame() {
  const select = $('profile');
  const o = select.selectedOptions[0];
  if (select.value === OWN) {
    const m = /^\s*game\s*=\s*"([^"]+)"/m.exec($('profile-toml').value);
    return m ? m[1] : '';
  }
  return o ? o.dataset.game : '';
}

function formChanged() {
  const own = $('profile').value === OWN;
  $('profile-toml-label').hidden = !own;
  $('setup-button').hidden = chosenGame() !== 'lingqi';
}

function formRules() {
  if ($('profile').value === OWN) return { profile_toml: $('profile-toml').value };
  return { profile: $('profile').value };
}

function computerChoice() {
  return { White: $('computer-white').checked, Black: $('computer-black').checked };
}

async function startGame(tags = {}, navigate = true) {
  const rules = formRules();
  const game = newGame({
    profile: rules.profile,
    profileToml: rules.profile_toml,
    fen: $('start-fen').value.trim(),
    tags,
    computer: computerChoice(),
    timeMs: clampTime($('think-time').value),
  });
  if (navigate) {
    location.hash = '#play';
    showView('play');
  }
  await play.open(game);
}

async function startSetup() {
  const rules = formRules();
  try {
    await setup.open(
      rules,
      (tags) => startGame(tags),
      () => {
        location.hash = '#play';
        showView('play');
      },
    );
    location.hash = '#setup';
    showView('setup');
  } catch (e) {
    play.say(e instanceof ApiError ? e.message : String(e), true);
  }
}

function resume(game) {
  if (!game) return;
  location.hash = '#play';
  showView('play');
  play.open(game);
}

async function main() {
  play = new PlayView();
  setup = new SetupView();
  saved = new SavedView(resume);
  check = new CheckView();
  initPdnDialog();
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame();
  });
  $('setup-button').addEventListener('click', () => startSetup());
  $('profile').addEventListener('change', formChanged);
  $('profile-toml').addEventListener('input', formChanged);
  window.addEventListener('hashchange', route);
  route();
  try {
    allProfiles = await profiles();
  } catch (e) {
    const box = $('app-error');
    box.hidden = false;
    box.textContent = 'The list of rules could not be loaded: ' + (e.message || e);
    return;
  }
  fillProfiles(allProfiles);
  check.setProfiles(allProfiles);
  const current = store.currentId() && store.load(store.currentId());
  // The game of the last visit, else (none, or its rules are gone) a new one.
  if (!current || !(await play.open(current))) await startGame({}, false);
  document.body.dataset.ready = 'true';
}

main();
