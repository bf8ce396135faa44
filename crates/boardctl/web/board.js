// The board: the server's SVG, shown as it is, with the page's marks
// (selected nodes, legal targets, captures, set-up problems) drawn on a
// layer of its own over it. Every node of the SVG is a
// <g class="node" data-node="LABEL">, which is all the page relies on.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Parses the server's SVG text into an element, refusing anything else. */
function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (!svg || svg.nodeName !== 'svg' || doc.querySelector('parsererror')) {
    throw new Error('the server sent a board that is not SVG');
  }
  for (const s of svg.querySelectorAll('script, foreignObject')) s.remove();
  return document.importNode(svg, true);
}

/** A board shown in `container`; `onClick(label)` is called for a node clicked. */
export class BoardView {
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.svg = null;
    this.marks = {};
    container.classList.add('board-view');
    container.addEventListener('click', (event) => {
      const label = this.nodeAt(event);
      if (label !== null && this.onClick) this.onClick(label);
    });
  }

  /** The label of the node under a pointer event, or null. */
  nodeAt(event) {
    const direct = event.target.closest && event.target.closest('g.node');
    if (direct && this.container.contains(direct)) return direct.dataset.node;
    for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
      const g = el.closest && el.closest('g.node');
      if (g && this.container.contains(g)) return g.dataset.node;
    }
    return null;
  }

  /** Shows a new picture (keeps the marks until the next `mark`). */
  show(svgText) {
    const svg = parseSvg(svgText);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'img');
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.layer = document.createElementNS(SVG_NS, 'g');
    this.layer.setAttribute('class', 'marks');
    this.layer.setAttribute('pointer-events', 'none');
    svg.appendChild(this.layer);
    this.mark(this.marks);
  }

  /** Empties the board. */
  clear() {
    this.container.replaceChildren();
    this.svg = null;
  }

  /** The node group of a label. */
  node(label) {
    return this.svg ? this.svg.querySelector(`g.node[data-node="${CSS.escape(label)}"]`) : null;
  }

  /** Every label on the board, in the SVG's order. */
  labels() {
    return this.svg ? [...this.svg.querySelectorAll('g.node')].map((g) => g.dataset.node) : [];
  }

  /** Centre and size of a node in the SVG's own units. */
  geometry(label) {
    const g = this.node(label);
    if (!g) return null;
    const hit = g.querySelector('.hit') || g;
    const box = hit.getBBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, w: box.width, h: box.height };
  }

  /**
   * Draws the page's marks: `selected` (labels), `targets` (Map label → role),
   * `captures`, `problems` (labels), `starts` (labels a move may begin at),
   * `hidden` (labels covered), and `cover` ({labels, text}: a veil over a
   * part of the board).
   */
  mark(marks) {
    this.marks = marks || {};
    if (!this.svg) return;
    this.layer.replaceChildren();
    for (const g of this.svg.querySelectorAll('g.node')) {
      g.classList.remove('selected', 'target', 'start', 'problem', 'capture');
    }
    const { selected = [], targets = new Map(), captures = [], problems = [], starts = [], cover = null } = this.marks;
    for (const label of starts) this.ring(label, 'start');
    for (const label of selected) this.ring(label, 'selected');
    for (const [label, role] of targets) this.ring(label, 'target role-' + role);
    for (const label of captures) this.ring(label, 'capture');
    for (const label of problems) this.ring(label, 'problem');
    if (cover) this.veil(cover);
  }

  ring(label, kind) {
    const at = this.geometry(label);
    if (!at) return;
    const g = this.node(label);
    for (const k of kind.split(' ')) if (!k.startsWith('role-')) g.classList.add(k);
    const r = Math.min(at.w, at.h) / 2;
    let shape;
    if (kind === 'problem') {
      shape = document.createElementNS(SVG_NS, 'rect');
      shape.setAttribute('x', at.x - r + 3);
      shape.setAttribute('y', at.y - r + 3);
      shape.setAttribute('width', 2 * r - 6);
      shape.setAttribute('height', 2 * r - 6);
    } else if (kind.startsWith('target') && !kind.includes('role-remove') && !kind.includes('role-upgrade')) {
      shape = document.createElementNS(SVG_NS, 'circle');
      shape.setAttribute('cx', at.x);
      shape.setAttribute('cy', at.y);
      shape.setAttribute('r', r * 0.34);
    } else {
      shape = document.createElementNS(SVG_NS, 'circle');
      shape.setAttribute('cx', at.x);
      shape.setAttribute('cy', at.y);
      shape.setAttribute('r', kind === 'start' ? r * 0.88 : r * 0.9);
    }
    shape.setAttribute('class', 'mark ' + kind);
    shape.dataset.node = label;
    this.layer.appendChild(shape);
  }

  veil({ labels, text }) {
    const boxes = labels.map((l) => this.geometry(l)).filter(Boolean);
    if (boxes.length === 0) return;
    const x0 = Math.min(...boxes.map((b) => b.x - b.w / 2));
    const y0 = Math.min(...boxes.map((b) => b.y - b.h / 2));
    const x1 = Math.max(...boxes.map((b) => b.x + b.w / 2));
    const y1 = Math.max(...boxes.map((b) => b.y + b.h / 2));
    const rect = document.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('class', 'veil');
    rect.setAttribute('x', x0);
    rect.setAttribute('y', y0);
    rect.setAttribute('width', x1 - x0);
    rect.setAttribute('height', y1 - y0);
    this.layer.appendChild(rect);
    if (text) {
      const t = document.createElementNS(SVG_NS, 'text');
      t.setAttribute('class', 'veil-text');
      t.setAttribute('x', (x0 + x1) / 2);
      t.setAttribute('y', (y0 + y1) / 2);
      t.setAttribute('text-anchor', 'middle');
      t.setAttribute('dominant-baseline', 'middle');
      t.textContent = text;
      this.layer.appendChild(t);
    }
  }
}
