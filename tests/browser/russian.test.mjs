// The seed's Russian capture h2:f4:h6:f8:b4:e1, entered by clicks from its
// position: the man is crowned on f8 in the middle of the capture and goes
// on as a king (tests/data/records/russian-draughts/seed-games.pdn).

import { assert, clickNode, clickNodes, marked, moveList, newGame, open, text } from './lib.mjs';

export const name = 'Russian: the seed capture h2:f4:h6:f8:b4:e1 by clicks';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'russian-draughts/russian@2', fen: 'W:Wh2:Bc5,d2,g3,g5,g7' });
  assert.equal(await text(page, '#turn'), 'White to move');
  assert.deepEqual(await marked(page, 'start'), ['h2'], 'only h2 can move: the capture is mandatory');

  await clickNode(page, 'h2');
  assert.deepEqual(await marked(page, 'selected'), ['h2']);
  assert.deepEqual(await marked(page, 'target'), ['f4'], 'the first landing lights up');
  await clickNodes(page, ['f4', 'h6']);
  assert.deepEqual(await marked(page, 'target'), ['f8']);
  assert.deepEqual(await moveList(page), [], 'nothing is played before the last landing');
  assert.match(await text(page, '#hint'), /landing|where it goes/);
  await shot('selecting');

  await clickNodes(page, ['f8', 'b4']);
  assert.deepEqual(await marked(page, 'target'), ['e1']);
  await clickNode(page, 'e1');

  assert.deepEqual(await moveList(page), ['h2:f4:h6:f8:b4:e1']);
  assert.equal(await page.inputValue('#fen'), 'B:WKe1:B', 'a white king on e1, every black man taken');
  assert.match(await text(page, '#ending'), /^White wins/);
  assert.equal(await page.locator('#board svg g.node[data-node="e1"] .piece.side-white.king').count(), 1);
  assert.equal(await page.locator('#board svg .piece.side-black').count(), 0);
  await shot();
}
