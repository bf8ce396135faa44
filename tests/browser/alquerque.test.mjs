// Alquerque under the seed's rules: a capture chain that lands on c3 twice
// (tests/data/records/alquerque/seed-game.pdn, "a capture loop"), entered
// landing by landing.

import { assert, clickNode, clickNodes, marked, moveList, newGame, open, text } from './lib.mjs';

export const name = 'Alquerque: a capture chain that revisits a landing point';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'alquerque/alquerque@1', fen: 'W:Wc1:Bc2,d3,e4,d5,c4' });
  await clickNodes(page, ['c1', 'c3', 'c5', 'e5']);
  assert.deepEqual(await moveList(page), []);
  await clickNode(page, 'e3');
  assert.deepEqual(await marked(page, 'target'), ['c3'], 'the chain goes back to c3');
  assert.deepEqual(await marked(page, 'selected'), ['c1', 'c3', 'c5', 'e3', 'e5'], 'the start and every landing so far');
  await shot('chain');
  await clickNode(page, 'c3');
  assert.deepEqual(await moveList(page), ['c1:c3:c5:e5:e3:c3']);
  assert.equal(await page.locator('#board svg .piece.side-black').count(), 0, 'all five black men are taken');
  assert.match(await text(page, '#ending'), /^White wins/);
  await shot();
}
