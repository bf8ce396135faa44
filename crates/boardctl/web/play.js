// The Play page: a game at this browser, two players taking turns or one
// against the computer. The game (profile, start, moves) lives here; the
// server, asked anew after every change, says the position, the legal
// moves with their click paths, the ending and the picture.

import { post, ApiError } from './api.js';
import { BoardView } from './board.js';
import * as clicks from './clicks.js';
import * as store from './store.js';
import { toPdn } from './pdn.js';

const $ = (id) => document.getElementById(id);

/** The side names a game shows when the server has not said them yet. */
const DEFAULT_NAMES = { lingqi: { White: 'South', Black: 'North' } };

/** The time the computer may think, clamped as the server clamps it. */
export function clampTime(value) {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return 1000;
  return Math.min(10000, Math.max(50, n));
}

/** The request body that describes a game to the server. */
export function gameBody(game) {
  const body = { moves: game.moves, flip: !!game.flip, zones: !!game.zones };
  if (game.profileToml) body.profile_toml = game.profileToml;
  else body.profile = game.profile;
  if (game.fen) body.fen = game.fen;
  if (game.tags && Object.keys(game.tags).length > 0) body.tags = game.tags;
  return body;
}

/** A new game record (not yet saved: it is saved once the server accepts it). */
export function newGame({ profile, profileToml = '', fen = '', tags = {}, computer, timeMs }) {
  return {
    id: store.newId(),
    profile,
    profileToml: profileToml || '',
    fen: fen || '',
    tags,
    moves: [],
    flip: false,
    zones: false,
    computer: computer || { White: false, Black: false },
    timeMs: clampTime(timeMs ?? 1000),
    created: Date.now(),
  };
}

export class PlayView {
  constructor() {
    this.game = null;
    this.state = null;
    this.selection = clicks.emptySelection([]);
    this.generation = 0;
    this.thinking = false;
    this.names = {};
    this.board = new BoardView($('board'), (label) => this.onNodeClick(label));
    $('undo').addEventListener('click', () => this.undo());
    $('flip').addEventListener('click', () => this.toggle('flip'));
    $('zones').addEventListener('change', () => this.toggle('zones'));
    $('export').addEventListener('click', () => this.exportPdn());
    $('computer-white').addEventListener('change', (e) => this.setComputer('White', e.target.checked));
    $('computer-black').addEventListener('change', (e) => this.setComputer('Black', e.target.checked));
    $('think-time').addEventListener('change', (e) => {
      const t = clampTime(e.target.value);
      e.target.value = t;
      if (this.game) {
        this.game.timeMs = t;
        this.save();
      }
    });
  }

  /**
   * Shows `game` (new or resumed) once the server has its position; the
   * game on the board stays when the server refuses the new one. Whether
   * the game is shown.
   */
  async open(game) {
    const token = ++this.generation;
    let state;
    try {
      state = await post('/api/game', gameBody(game));
    } catch (e) {
      if (token === this.generation) this.fail(e);
      return false;
    }
    if (token !== this.generation) return false;
    // A game left without a single move is not worth a place in the list.
    const previous = this.game;
    if (previous && previous.id !== game.id && previous.moves.length === 0) store.remove(previous.id);
    this.thinking = false;
    this.game = game;
    this.names = { ...(DEFAULT_NAMES[state.game] || {}) };
    this.say('');
    this.hideChoices();
    $('computer-white').checked = !!game.computer?.White;
    $('computer-black').checked = !!game.computer?.Black;
    $('think-time').value = clampTime(game.timeMs ?? 1000);
    $('zones').checked = !!game.zones;
    this.apply(state);
    return true;
  }

  /** Asks the server for the position after the game's moves. */
  async refresh() {
    const token = ++this.generation;
    try {
      const state = await post('/api/game', gameBody(this.game));
      if (token === this.generation) this.apply(state);
      return true;
    } catch (e) {
      if (token === this.generation) this.fail(e);
      return false;
    }
  }

  /** Takes the server's answer as the game's new position. */
  apply(state) {
    this.state = state;
    this.game.moves = state.moves.map((m) => m.notation);
    if (!this.game.profileToml) this.game.profile = state.profile;
    this.game.profileName = state.profile;
    this.game.endingText = state.ending && !state.ending.claim ? state.ending.text : '';
    this.names[state.side_to_move] = state.side_name;
    this.selection = clicks.emptySelection(state.legal);
    this.save();
    this.render();
    this.computerTurn();
  }

  save() {
    if (!this.game || !this.state) return;
    if (!store.save(this.game)) this.say('This browser refused to keep the game (its storage is full).');
    store.setCurrent(this.game.id);
  }

  fail(e) {
    this.thinking = false;
    $('thinking').hidden = true;
    if (e instanceof ApiError) {
      const help = e.data?.error?.help;
      this.say(help ? `${e.message} (${help})` : e.message, true);
    } else {
      this.say(String(e), true);
    }
  }

  say(text, isError = false) {
    const m = $('message');
    m.textContent = text;
    m.classList.toggle('error', isError);
  }

  sideName(side) {
    return this.names[side] || side;
  }

  render() {
    const s = this.state;
    if (!s) return;
    this.board.show(s.svg);
    $('game-profile').textContent = s.profile;
    $('computer-white-name').textContent = this.sideName('White');
    $('computer-black-name').textContent = this.sideName('Black');
    $('zones-label').hidden = s.game !== 'lingqi';
    $('fen').value = s.fen;
    const ending = $('ending');
    ending.hidden = !s.ending;
    ending.classList.toggle('claim', !!(s.ending && s.ending.claim));
    if (s.ending) ending.textContent = s.ending.text;
    if (this.over()) {
      $('turn').textContent = 'Game over';
    } else {
      const who = this.game.computer?.[s.side_to_move] ? ' (the computer)' : '';
      $('turn').textContent = `${s.side_name} to move${who}`;
    }
    this.renderMoves();
    this.renderSelection();
  }

  renderMoves() {
    const list = $('move-list');
    list.replaceChildren();
    const moves = this.state.moves;
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement('li');
      for (const m of moves.slice(i, i + 2)) {
        const span = document.createElement('span');
        span.className = 'move';
        span.dataset.ply = m.ply;
        span.textContent = m.notation;
        li.append(span, ' ');
      }
      list.appendChild(li);
    }
    const last = list.lastElementChild;
    if (last) last.scrollIntoView({ block: 'nearest' });
  }

  renderSelection() {
    const sel = this.selection;
    const targets = clicks.targets(sel);
    const starts = sel.clicked.length === 0 && !this.over() && !this.computerToMove() ? [...targets.keys()] : [];
    this.board.mark({
      selected: sel.clicked,
      targets: sel.clicked.length > 0 ? targets : new Map(),
      starts,
      captures: clicks.captures(sel),
    });
    const hint = $('hint');
    if (this.over() || this.computerToMove()) hint.textContent = '';
    else if (this.state.legal.length === 0) hint.textContent = 'No legal move.';
    else hint.textContent = clicks.hint(sel) ? 'Next: ' + clicks.hint(sel) + '.' : '';
  }

  /** The game is over (a draw that can only be claimed does not end it). */
  over() {
    return !!(this.state && this.state.ending && !this.state.ending.claim);
  }

  computerToMove() {
    return !!(this.state && this.game.computer?.[this.state.side_to_move]);
  }

  onNodeClick(label) {
    if (!this.state) return;
    if (this.over()) {
      this.say('The game is over: ' + this.state.ending.text);
      return;
    }
    if (this.computerToMove()) {
      this.say('It is the computer’s move.');
      return;
    }
    const r = clicks.click(this.selection, label);
    this.selection = r.selection;
    this.hideChoices();
    switch (r.kind) {
      case 'play':
        this.say('');
        this.play(r.move.notation);
        return;
      case 'choose':
        this.say('');
        this.showChoices(r.moves);
        break;
      case 'none':
        this.explain(r.clicked);
        break;
      default:
        this.say('');
    }
    this.renderSelection();
  }

  /**
   * Asks the server why no legal move fits these clicks (it answers with
   * the engine's reason for the move they would write), and says it.
   */
  async explain(clicked) {
    const token = this.generation;
    try {
      const state = await post('/api/play', { ...gameBody(this.game), clicks: clicked });
      if (token === this.generation) this.apply(state);
    } catch (e) {
      if (token !== this.generation) return;
      if (clicked.length === 1 && !(e instanceof ApiError && e.code === 'illegal-move')) {
        this.say(`No legal move starts at ${clicked[0]}.`, true);
      } else {
        this.fail(e);
      }
    }
  }

  showChoices(moves) {
    const box = $('choice-buttons');
    box.replaceChildren();
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'choice';
      b.textContent = m.notation;
      b.addEventListener('click', () => {
        this.hideChoices();
        this.play(m.notation);
      });
      box.appendChild(b);
    }
    $('choices').hidden = false;
  }

  hideChoices() {
    $('choices').hidden = true;
    $('choice-buttons').replaceChildren();
  }

  /** Plays a move given in the game's notation. */
  async play(notation) {
    const token = ++this.generation;
    try {
      const state = await post('/api/play', { ...gameBody(this.game), move: notation });
      if (token === this.generation) {
        this.say('');
        this.apply(state);
      }
    } catch (e) {
      if (token === this.generation) {
        this.fail(e);
        this.selection = clicks.emptySelection(this.state.legal);
        this.renderSelection();
      }
    }
  }

  /** Lets the computer move when it plays the side to move. */
  async computerTurn(attempt = 0) {
    const s = this.state;
    if (!s || this.over() || s.legal.length === 0 || !this.computerToMove()) {
      this.thinking = false;
      $('thinking').hidden = true;
      return;
    }
    const token = ++this.generation;
    this.thinking = true;
    $('thinking').hidden = false;
    try {
      const state = await post('/api/computer', { ...gameBody(this.game), time_ms: clampTime(this.game.timeMs) });
      if (token !== this.generation) return;
      this.thinking = false;
      $('thinking').hidden = true;
      this.say(`The computer played ${state.played} (${state.playouts} playouts).`);
      this.apply(state);
    } catch (e) {
      if (token !== this.generation) return;
      if (e instanceof ApiError && e.status === 503 && attempt < 5) {
        this.say('The server is busy with other searches; asking again…');
        setTimeout(() => {
          if (token === this.generation) this.computerTurn(attempt + 1);
        }, 1000);
        return;
      }
      this.fail(e);
    }
  }

  setComputer(side, on) {
    if (!this.game) return;
    this.game.computer = { ...(this.game.computer || {}), [side]: on };
    this.save();
    if (this.state) {
      this.render();
      if (!this.thinking) this.computerTurn();
    }
  }

  async toggle(what) {
    if (!this.game) return;
    this.game[what] = what === 'zones' ? $('zones').checked : !this.game[what];
    this.save();
    await this.refresh();
  }

  /**
   * Takes back the last move; against the computer, back to the last
   * position where the player is to move.
   */
  async undo() {
    if (!this.game || this.game.moves.length === 0) {
      this.say('Nothing to undo.');
      return;
    }
    const token = ++this.generation;
    this.thinking = false;
    $('thinking').hidden = true;
    this.hideChoices();
    const c = this.game.computer || {};
    const against = !!c.White !== !!c.Black;
    let moves = this.game.moves.slice(0, -1);
    try {
      let state = await post('/api/game', { ...gameBody(this.game), moves });
      if (against && c[state.side_to_move] && moves.length > 0) {
        moves = moves.slice(0, -1);
        state = await post('/api/game', { ...gameBody(this.game), moves });
      }
      if (token !== this.generation) return;
      this.say('');
      if (against && c[state.side_to_move]) {
        // Back at the start with the computer to move: let it wait.
        this.game.computer = { White: false, Black: false };
        $('computer-white').checked = false;
        $('computer-black').checked = false;
      }
      this.apply(state);
    } catch (e) {
      if (token === this.generation) this.fail(e);
    }
  }

  exportPdn() {
    if (!this.state) return;
    showPdn(toPdn(this.game, this.state), !!this.game.profileToml, this.state.profile);
  }
}

/** Shows a record in the PDN dialog, ready to copy or download. */
export function showPdn(text, ownProfile, profile) {
  const dialog = $('pdn-dialog');
  $('pdn-text').value = text;
  $('pdn-note').textContent = ownProfile
    ? `The profile ${profile} is your own: give boardctl check its file with --rules-file.`
    : 'boardctl check reads this record as it is.';
  const link = $('pdn-download');
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pdn' }));
  link.href = url;
  link.dataset.url = url;
  if (!dialog.open) dialog.showModal();
}

/** Wires the PDN dialog's buttons (once). */
export function initPdnDialog() {
  $('pdn-close').addEventListener('click', () => $('pdn-dialog').close());
  $('pdn-copy').addEventListener('click', async () => {
    const t = $('pdn-text');
    t.select();
    try {
      await navigator.clipboard.writeText(t.value);
    } catch {
      document.execCommand('copy');
    }
  });
}
