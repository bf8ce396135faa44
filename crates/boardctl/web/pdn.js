// A game written as a PDN record: the tags (with `Rules` naming the
// versioned profile, and the start position) and the movetext, numbered
// from the start position as boardctl check counts it.

function quote(value) {
  return String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** The PDN result token of a state's ending. */
export function resultToken(ending) {
  if (!ending || ending.claim) return '*';
  if (ending.winner === 'White') return '1-0';
  if (ending.winner === 'Black') return '0-1';
  return '1/2-1/2';
}

/**
 * The record of `game` (its tags and start) in the position `state` (the
 * server's answer for it: profile name, moves, ending).
 */
export function toPdn(game, state) {
  const result = resultToken(state.ending);
  const tags = [
    ['Event', game.title || 'Game played in boardctl serve'],
    ['Date', new Date(game.created || Date.now()).toISOString().slice(0, 10).replace(/-/g, '.')],
    ['White', game.names?.White || '?'],
    ['Black', game.names?.Black || '?'],
    ['Result', result],
    ['Rules', state.profile],
  ];
  if (game.fen) tags.push(['FEN', game.fen]);
  for (const [k, v] of Object.entries(game.tags || {})) tags.push([k, v]);
  const head = tags.map(([k, v]) => `[${k} "${quote(v)}"]`).join('\n');
  const tokens = [];
  state.moves.forEach((m, i) => {
    if (i % 2 === 0) tokens.push(`${i / 2 + 1}.`);
    tokens.push(m.notation);
  });
  tokens.push(result);
  const lines = [];
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 79) {
      lines.push(line);
      line = t;
    } else {
      line = line ? line + ' ' + t : t;
    }
  }
  if (line) lines.push(line);
  return head + '\n\n' + lines.join('\n') + '\n';
}
