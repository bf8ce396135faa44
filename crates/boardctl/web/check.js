// The Check a record page: the findings of `boardctl check` for a pasted
// or uploaded record, each leading to its game, its move and its line of
// the source; every game can be stepped through ply by ply, variations
// included.

import { post, ApiError } from './api.js';
import { BoardView } from './board.js';

const $ = (id) => document.getElementById(id);

/** The diagnostics among check's JSON objects (result objects are kept apart). */
export function diagnostics(findings) {
  return (findings || []).filter((f) => f && typeof f.code === 'string');
}

export class CheckView {
  constructor() {
    this.board = new BoardView($('check-board'), null);
    this.result = null;
    this.text = '';
    this.generation = 0;
    $('check-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.run($('check-text').value);
    });
    $('check-file').addEventListener('change', async (e) => {
      const file = e.target.files && e.target.files[0];
      if (!file) return;
      const text = await file.text();
      $('check-text').value = text;
      this.run(text);
    });
    $('check-game').addEventListener('change', (e) => this.showGame(Number(e.target.value)));
    $('step-first').addEventListener('click', () => this.step(-Infinity));
    $('step-back').addEventListener('click', () => this.step(-1));
    $('step-forward').addEventListener('click', () => this.step(1));
    $('step-last').addEventListener('click', () => this.step(Infinity));
  }

  /** Fills the fallback profile list. */
  setProfiles(profiles) {
    const select = $('check-rules');
    for (const p of profiles) {
      const o = document.createElement('option');
      o.value = p.name;
      o.textContent = p.name;
      select.appendChild(o);
    }
  }

  async run(text) {
    const token = ++this.generation;
    this.text = text;
    $('check-summary').textContent = 'Checking…';
    $('findings').replaceChildren();
    $('check-viewer').hidden = true;
    const body = { text };
    const rules = $('check-rules').value;
    if (rules) body.rules = rules;
    try {
      const result = await post('/api/check', body);
      if (token !== this.generation) return;
      this.result = result;
      this.render();
    } catch (e) {
      if (token !== this.generation) return;
      $('check-summary').textContent = e instanceof ApiError ? e.message : String(e);
      $('check-summary').classList.add('error');
    }
  }

  render() {
    const r = this.result;
    const found = diagnostics(r.findings);
    const errors = found.filter((f) => f.severity === 'error').length;
    const warnings = found.filter((f) => f.severity === 'warning').length;
    const summary = $('check-summary');
    summary.classList.toggle('error', errors > 0);
    summary.textContent = `${r.games.length} ${r.games.length === 1 ? 'game' : 'games'}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
    const list = $('findings');
    list.replaceChildren();
    for (const f of found) {
      const li = document.createElement('li');
      li.className = 'finding ' + f.severity;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'finding-link';
      const where = f.line ? `line ${f.line}, column ${f.column}` : 'the record';
      const game = f.game ? `game ${f.game}` : '';
      b.innerHTML = '';
      const code = document.createElement('code');
      code.className = 'code';
      code.textContent = `${f.severity}[${f.code}]`;
      b.append(code, ` ${f.message} `);
      const at = document.createElement('span');
      at.className = 'where';
      at.textContent = `(${[game, where].filter(Boolean).join(', ')})`;
      b.append(at);
      b.addEventListener('click', () => this.showFinding(f, li));
      li.appendChild(b);
      if (f.help) {
        const help = document.createElement('div');
        help.className = 'help';
        help.textContent = 'help: ' + f.help;
        li.appendChild(help);
      }
      list.appendChild(li);
    }
    this.renderSource();
    const select = $('check-game');
    select.replaceChildren();
    r.games.forEach((g, i) => {
      const o = document.createElement('option');
      o.value = i;
      const name = g.tags?.Event || `${g.tags?.White || '?'} – ${g.tags?.Black || '?'}`;
      o.textContent = `${g.index}. ${name}`;
      select.appendChild(o);
    });
    if (r.games.length > 0) {
      $('check-viewer').hidden = false;
      this.showGame(0);
    }
  }

  renderSource() {
    const pre = $('check-source');
    pre.replaceChildren();
    const lines = this.text.split(/\r\n|\r|\n/);
    const marked = new Set(diagnostics(this.result.findings).map((f) => f.line));
    lines.forEach((line, i) => {
      const div = document.createElement('div');
      div.className = 'source-line';
      div.dataset.line = i + 1;
      if (marked.has(i + 1)) div.classList.add('has-finding');
      const n = document.createElement('span');
      n.className = 'line-number';
      n.textContent = String(i + 1).padStart(4, ' ') + ' ';
      div.append(n, line);
      pre.appendChild(div);
    });
  }

  showFinding(f, li) {
    for (const el of document.querySelectorAll('#findings .finding.active')) el.classList.remove('active');
    li.classList.add('active');
    const gi = this.result.games.findIndex((g) => g.index === f.game);
    if (gi >= 0) {
      const g = this.result.games[gi];
      let at = null;
      for (const line of g.lines) {
        const k = line.moves.findIndex((m) => m.line === f.line && m.column === f.column);
        if (k >= 0) {
          at = { line: line.id, pos: k };
          break;
        }
      }
      if (!at && f.ply) {
        const main = g.lines[0];
        const k = main ? main.moves.findIndex((m) => m.ply === f.ply) : -1;
        if (k >= 0) at = { line: main.id, pos: k };
      }
      $('check-game').value = gi;
      this.showGame(gi, at);
    }
    for (const el of document.querySelectorAll('#check-source .source-line.current')) el.classList.remove('current');
    const src = f.line && document.querySelector(`#check-source .source-line[data-line="${f.line}"]`);
    if (src) {
      src.classList.add('current');
      src.scrollIntoView({ block: 'center' });
    }
  }

  /** Shows game `gi`, at a move ({line, pos}) or at its start. */
  showGame(gi, at = null) {
    this.gi = gi;
    const g = this.result.games[gi];
    this.lineId = at ? at.line : g.lines[0] ? g.lines[0].id : 0;
    this.pos = at ? at.pos : -1;
    this.renderLines();
    this.showPosition();
  }

  get game() {
    return this.result.games[this.gi];
  }

  lineById(id) {
    return this.game.lines.find((l) => l.id === id);
  }

  renderLines() {
    const box = $('check-lines');
    box.replaceChildren();
    for (const line of this.game.lines) {
      const div = document.createElement('div');
      div.className = 'line';
      div.dataset.line = line.id;
      const title = document.createElement('div');
      title.className = 'line-title';
      title.textContent = line.parent
        ? `Variation ${line.id} (instead of ply ${line.moves[0]?.ply ?? line.parent.ply} of ${line.parent.line === 0 ? 'the main line' : 'variation ' + line.parent.line})`
        : 'Main line';
      div.appendChild(title);
      const moves = document.createElement('div');
      moves.className = 'line-moves';
      const start = document.createElement('button');
      start.type = 'button';
      start.className = 'ply start';
      start.textContent = 'start';
      start.addEventListener('click', () => this.go(line.id, -1));
      moves.appendChild(start);
      line.moves.forEach((m, k) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'ply';
        if (m.error) b.classList.add('error');
        b.dataset.ply = m.ply;
        b.textContent = m.text;
        b.title = `ply ${m.ply}, line ${m.line}` + (m.error ? ': ' + m.error : '');
        b.addEventListener('click', () => this.go(line.id, k));
        moves.appendChild(b);
      });
      div.appendChild(moves);
      box.appendChild(div);
    }
  }

  go(lineId, pos) {
    this.lineId = lineId;
    this.pos = pos;
    this.showPosition();
  }

  step(delta) {
    const line = this.lineById(this.lineId);
    if (!line) return;
    const last = line.moves.length - 1;
    let pos = this.pos + delta;
    if (delta === Infinity) pos = last;
    if (delta === -Infinity) pos = -1;
    this.pos = Math.max(-1, Math.min(last, pos));
    this.showPosition();
  }

  /** The position before move `k` of a line (null when it cannot be known). */
  fenBefore(line, k) {
    if (k > 0) return line.moves[k - 1].fen;
    if (!line.parent) return this.game.start_fen;
    const parent = this.lineById(line.parent.line);
    if (!parent) return this.game.start_fen;
    const ply = line.moves[0] ? line.moves[0].ply : line.parent.ply;
    const j = parent.moves.findIndex((m) => m.ply === ply);
    return j >= 0 ? this.fenBefore(parent, j) : this.game.start_fen;
  }

  async showPosition() {
    const token = ++this.generation;
    const g = this.game;
    const line = this.lineById(this.lineId);
    for (const el of document.querySelectorAll('#check-lines .ply.current')) el.classList.remove('current');
    const lineBox = document.querySelector(`#check-lines .line[data-line="${this.lineId}"]`);
    if (lineBox) {
      const buttons = lineBox.querySelectorAll('.ply');
      const b = buttons[this.pos + 1];
      if (b) {
        b.classList.add('current');
        b.scrollIntoView({ block: 'nearest' });
      }
    }
    const errorBox = $('check-move-error');
    errorBox.hidden = true;
    const label = $('check-position');
    if (!g.profile) {
      this.board.clear();
      label.textContent = 'No board: the rules of this game are not known.';
      return;
    }
    const move = line && this.pos >= 0 ? line.moves[this.pos] : null;
    const before = line ? this.fenBefore(line, Math.max(0, this.pos)) : g.start_fen;
    let svg = null;
    let text;
    if (!move) {
      text = `${g.profile}: start${line && line.parent ? ' of the variation' : ''}`;
      svg = await this.picture({ fen: line && line.parent ? before : g.start_fen });
    } else if (move.fen === null || move.error) {
      text = `Ply ${move.ply}: ${move.text} is refused; the board before it`;
      errorBox.hidden = false;
      errorBox.textContent = `line ${move.line}, column ${move.column}: ${move.error || 'not played'}`;
      svg = before ? await this.picture({ fen: before }) : null;
    } else {
      text = `Ply ${move.ply}: after ${move.text}`;
      svg = before ? await this.picture({ fen: before, moves: [move.text] }) : null;
      if (!svg) svg = await this.picture({ fen: move.fen });
    }
    if (token !== this.generation) return;
    label.textContent = text;
    if (svg) this.board.show(svg);
    else this.board.clear();
  }

  /** The picture of a position, with the last move when `moves` has one. */
  async picture({ fen, moves }) {
    const profile = this.game.profile;
    try {
      if (moves) {
        const s = await post('/api/game', { profile, fen, moves });
        return s.svg;
      }
      const d = await post('/api/diagram', { profile, fen });
      return d.svg;
    } catch {
      return null;
    }
  }
}
