// Lingqi's set-up (rules L3, L22): each side places its 19 pieces on its
// own half while the other half is hidden, with a "pass the device" screen
// between the two; the server checks each set-up and names every problem
// with its cells, which the board marks.

import { post, ApiError } from './api.js';
import { BoardView } from './board.js';

const $ = (id) => document.getElementById(id);

const PIECE_NAMES = {
  S: 'Sect',
  M: 'Master',
  V: 'Vice-master',
  E: 'Elder',
  G: 'Guardian',
  D: 'Disciple',
  F: 'Formation',
};
const ORDER = 'SMVEGDF';
const SIDES = ['South', 'North'];

/** The pieces of a lingqi position field (`V3j1,E2i2,…`) as [letter, cell]. */
export function parseFenPieces(field) {
  const out = [];
  for (const entry of (field || '').split(',')) {
    const m = /^([A-Z])\d*([a-z]+\d+)$/.exec(entry.trim());
    if (m) out.push([m[1], m[2]]);
  }
  return out;
}

/** Rank of a cell label (`j12` → 12), or null. */
function rank(label) {
  const m = /^[a-z]+(\d+)$/.exec(label);
  return m ? Number(m[1]) : null;
}

/** A set-up written as the tags write it: `Sj2,Mj3,…`, in piece order. */
export function setupText(placed) {
  return [...placed.entries()]
    .sort(([a, x], [b, y]) => ORDER.indexOf(x) - ORDER.indexOf(y) || a.localeCompare(b, 'en', { numeric: true }))
    .map(([cell, letter]) => letter + cell)
    .join(',');
}

export class SetupView {
  constructor() {
    this.board = new BoardView($('setup-board'), (label) => this.onNodeClick(label));
    this.generation = 0;
    $('setup-default').addEventListener('click', () => this.useDefault());
    $('setup-clear').addEventListener('click', () => {
      this.placed = new Map();
      this.update();
    });
    $('setup-done').addEventListener('click', () => this.done());
    $('setup-cancel').addEventListener('click', () => this.onCancel && this.onCancel());
    $('pass-ready').addEventListener('click', () => this.ready());
  }

  /**
   * Starts the set-up of a game of `rules` ({profile} or {profile_toml});
   * `onDone(tags)` receives the two set-ups as the SetupSouth and
   * SetupNorth tags.
   */
  async open(rules, onDone, onCancel) {
    this.rules = rules;
    this.onDone = onDone;
    this.onCancel = onCancel;
    this.setups = {};
    this.sideIndex = 0;
    this.placed = new Map();
    this.selected = null;
    this.problems = [];
    this.ok = false;
    // The profile's own default set-up (L13) gives the composition and the
    // "default set-up" button; the start picture gives the cells.
    const start = await post('/api/game', { ...rules, moves: [] });
    const fields = start.start_fen.split(':');
    this.defaults = { South: parseFenPieces(fields[1]), North: parseFenPieces(fields[2]) };
    this.composition = {};
    for (const [letter] of this.defaults.South) this.composition[letter] = (this.composition[letter] || 0) + 1;
    this.board.show(start.svg);
    const labels = this.board.labels();
    const top = Math.max(...labels.map(rank).filter((r) => r !== null));
    const half = Math.floor((top - 1) / 2);
    this.halves = {
      South: new Set(labels.filter((l) => rank(l) !== null && rank(l) <= half)),
      North: new Set(labels.filter((l) => rank(l) !== null && rank(l) > top - half)),
    };
    this.pass(`${SIDES[0]} sets up first. ${SIDES[1]}, please look away.`);
  }

  get side() {
    return SIDES[this.sideIndex];
  }

  /** The hot-seat screen between the two set-ups: nothing of the board shows. */
  pass(text) {
    $('setup-area').hidden = true;
    $('pass-screen').hidden = false;
    $('pass-text').textContent = text;
    $('pass-ready').focus();
  }

  ready() {
    $('pass-screen').hidden = true;
    this.board.clear();
    if (this.sideIndex >= SIDES.length) {
      this.onDone({ SetupSouth: this.setups.South, SetupNorth: this.setups.North });
      return;
    }
    $('setup-area').hidden = false;
    this.placed = new Map();
    this.selected = ORDER[0];
    this.update();
  }

  remaining(letter) {
    let used = 0;
    for (const l of this.placed.values()) if (l === letter) used++;
    return (this.composition[letter] || 0) - used;
  }

  renderPalette() {
    const box = $('palette');
    box.replaceChildren();
    for (const letter of ORDER) {
      if (!this.composition[letter]) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'piece-choice';
      b.dataset.piece = letter;
      b.setAttribute('role', 'radio');
      b.setAttribute('aria-checked', String(this.selected === letter));
      const left = this.remaining(letter);
      b.textContent = `${letter} ${PIECE_NAMES[letter]} (${left} left)`;
      b.disabled = left <= 0 && this.selected !== letter;
      b.addEventListener('click', () => {
        this.selected = letter;
        this.renderPalette();
      });
      box.appendChild(b);
    }
  }

  onNodeClick(label) {
    if (!this.halves[this.side].has(label)) {
      this.note(`${label} is not on ${this.side}'s half.`);
      return;
    }
    if (this.placed.has(label)) {
      this.selected = this.placed.get(label);
      this.placed.delete(label);
    } else if (!this.selected || this.remaining(this.selected) <= 0) {
      const next = [...ORDER].find((l) => this.remaining(l) > 0);
      if (!next) {
        this.note('Every piece is placed; click one to pick it up.');
        return;
      }
      this.selected = next;
      this.placed.set(label, next);
    } else {
      this.placed.set(label, this.selected);
      if (this.remaining(this.selected) <= 0) {
        this.selected = [...ORDER].find((l) => this.remaining(l) > 0) || this.selected;
      }
    }
    this.update();
  }

  note(text) {
    const list = $('setup-problems');
    const li = document.createElement('li');
    li.className = 'note';
    li.textContent = text;
    list.prepend(li);
  }

  useDefault() {
    this.placed = new Map(this.defaults[this.side].map(([letter, cell]) => [cell, letter]));
    this.update();
  }

  /** Asks the server to check the set-up so far and shows its verdict. */
  async update() {
    const token = ++this.generation;
    const text = setupText(this.placed);
    $('setup-text').textContent = text || '(no pieces yet)';
    $('setup-title').textContent = `${this.side} sets up: ${this.placed.size} of ${this.total()} pieces placed`;
    this.renderPalette();
    $('setup-done').disabled = true;
    try {
      const r = await post('/api/setup', { ...this.rules, side: this.side, setup: text });
      if (token !== this.generation) return;
      this.ok = !!r.ok;
      this.problems = r.problems || [];
      if (r.svg) {
        this.board.show(r.svg);
        this.keepOnlyPlaced();
      }
    } catch (e) {
      if (token !== this.generation) return;
      this.ok = false;
      this.problems = [{ message: e instanceof ApiError ? e.message : String(e), cells: [] }];
    }
    this.renderProblems();
  }

  /**
   * Takes off the picture every piece this side has not placed: whatever
   * the server draws around a set-up, nothing of the other side shows.
   */
  keepOnlyPlaced() {
    for (const g of this.board.svg.querySelectorAll('g.node')) {
      if (this.placed.has(g.dataset.node)) continue;
      for (const piece of g.querySelectorAll('.piece')) piece.remove();
    }
  }

  total() {
    return Object.values(this.composition).reduce((a, b) => a + b, 0);
  }

  renderProblems() {
    const list = $('setup-problems');
    list.replaceChildren();
    for (const p of this.problems) {
      const li = document.createElement('li');
      li.className = 'problem';
      li.textContent = p.message + (p.cells && p.cells.length ? ` (${p.cells.join(', ')})` : '');
      list.appendChild(li);
    }
    if (this.ok) {
      const li = document.createElement('li');
      li.className = 'ok';
      li.textContent = `${this.side}'s set-up follows the rules (L3).`;
      list.appendChild(li);
    }
    $('setup-done').disabled = !this.ok;
    const other = SIDES[1 - this.sideIndex];
    const hidden = [...this.halves[other]];
    this.board.mark({
      problems: this.problems.flatMap((p) => p.cells || []),
      cover: { labels: hidden, text: `${other}'s half is hidden` },
    });
  }

  done() {
    if (!this.ok) return;
    this.setups[this.side] = setupText(this.placed);
    this.sideIndex++;
    this.placed = new Map();
    this.board.clear();
    if (this.sideIndex < SIDES.length) {
      this.pass(`Pass the device to ${this.side}. ${SIDES[0]}, please look away.`);
    } else {
      this.pass(`Both set-ups are done. Pass the device to ${SIDES[0]}, who moves first.`);
    }
  }
}
