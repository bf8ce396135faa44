// Entering a move by clicks. The server lists every legal move with its
// click path (`legal[].clicks`: nodes with roles such as from, land, to,
// place, remove, upgrade). A selection keeps the moves that still fit the
// clicks made so far, each with how many of its clicks are used up.

/** What a click asks for, in words, by role of the next click. */
export const ROLE_HINTS = {
  from: 'click the piece to move',
  to: 'click where it goes',
  land: 'click its next landing',
  place: 'click a point to place a man',
  remove: 'click an enemy man to remove',
  upgrade: 'click a piece to upgrade',
};

/** A fresh selection over the legal moves: nothing clicked yet. */
export function emptySelection(legal) {
  return { legal, clicked: [], candidates: legal.map((move) => ({ move, at: 0 })) };
}

function advance(candidates, node) {
  const exact = [];
  for (const c of candidates) {
    const next = c.move.clicks[c.at];
    if (next && next.node === node) exact.push({ move: c.move, at: c.at + 1 });
  }
  if (exact.length > 0) return exact;
  // A capture route may be entered by its later landings only: clicking a
  // landing further along (or where it stops) skips the ones between.
  const ahead = [];
  for (const c of candidates) {
    const clicks = c.move.clicks;
    if (c.at === 0) continue;
    for (let j = c.at; j < clicks.length; j++) {
      const { role } = clicks[j];
      if (role !== 'land' && role !== 'to') break;
      if (clicks[j].node === node) {
        ahead.push({ move: c.move, at: j + 1 });
        break;
      }
      if (role === 'to') break;
    }
  }
  return ahead;
}

/**
 * The selection after a click on `node`, and what it means:
 *  - {kind: 'play', move}: exactly one move is complete and nothing longer fits;
 *  - {kind: 'choose', moves}: the clicks complete several moves (or one,
 *    with longer ones still possible): the page asks which;
 *  - {kind: 'more'}: some moves fit, more clicks are needed;
 *  - {kind: 'cleared'}: the click undid the selection;
 *  - {kind: 'none'}: no legal move fits (the selection is cleared).
 */
export function click(selection, node) {
  const fresh = emptySelection(selection.legal);
  let candidates = advance(selection.candidates, node);
  let clicked = [...selection.clicked, node];
  if (candidates.length === 0) {
    if (selection.clicked.length > 0 && selection.clicked[selection.clicked.length - 1] === node) {
      return { selection: fresh, kind: 'cleared' };
    }
    candidates = advance(fresh.candidates, node);
    clicked = [node];
    if (candidates.length === 0) {
      return { selection: fresh, kind: 'none', clicked: [...selection.clicked, node] };
    }
  }
  const next = { legal: selection.legal, clicked, candidates };
  const complete = unique(candidates.filter((c) => c.at === c.move.clicks.length).map((c) => c.move));
  const pending = candidates.filter((c) => c.at < c.move.clicks.length);
  if (complete.length === 1 && pending.length === 0) {
    return { selection: next, kind: 'play', move: complete[0] };
  }
  if (complete.length > 0) {
    return { selection: next, kind: 'choose', moves: complete };
  }
  return { selection: next, kind: 'more' };
}

function unique(moves) {
  const seen = new Set();
  return moves.filter((m) => {
    if (seen.has(m.notation)) return false;
    seen.add(m.notation);
    return true;
  });
}

/** The nodes a next click may go to, each with the role it would have. */
export function targets(selection) {
  const out = new Map();
  for (const c of selection.candidates) {
    const next = c.move.clicks[c.at];
    if (next && !out.has(next.node)) out.set(next.node, next.role);
  }
  return out;
}

/** The pieces the remaining moves would capture, once one route is left. */
export function captures(selection) {
  if (selection.clicked.length === 0) return [];
  const moves = unique(selection.candidates.map((c) => c.move));
  if (moves.length !== 1) return [];
  return moves[0].captured || [];
}

/** A sentence saying what the next click is for. */
export function hint(selection) {
  const roles = new Set(targets(selection).values());
  if (roles.size === 0) return '';
  return [...roles].map((r) => ROLE_HINTS[r] || `click a ${r} point`).join(' or ');
}
