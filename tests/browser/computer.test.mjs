// A game against the computer to its end: the player has White, the
// computer Black; after a1-b2 the computer must take on b2 and the game
// is over (the capture is mandatory, so the end does not depend on the
// search).

import { assert, clickNodes, moveList, newGame, open, settled, text } from './lib.mjs';

export const name = 'Computer opponent: a game played against it reaches its end';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'russian-draughts/russian@2', fen: 'W:Wa1:Bc3' });
  await page.fill('#think-time', '50');
  await page.dispatchEvent('#think-time', 'change');
  await page.check('#computer-black');
  await settled(page);
  assert.equal(await text(page, '#turn'), 'White to move');
  await clickNodes(page, ['a1', 'b2']);
  await page.waitForSelector('#ending:not([hidden])');
  await settled(page);
  assert.deepEqual(await moveList(page), ['a1-b2', 'c3:a1']);
  assert.match(await text(page, '#message'), /^The computer played c3:a1 \(\d+ playouts\)\.$/);
  assert.match(await text(page, '#ending'), /^Black wins/);
  assert.equal(await text(page, '#turn'), 'Game over');
  await shot();

  // A longer one: the computer plays both sides of a small ending until
  // the rules end it.
  await newGame(page, { profile: 'russian-draughts/russian@2', fen: 'W:Wa1,c1:Bf8,h8' });
  await page.fill('#think-time', '50');
  await page.dispatchEvent('#think-time', 'change');
  await page.check('#computer-white');
  await page.check('#computer-black');
  await page.waitForSelector('#ending:not([hidden])', { timeout: 100_000 });
  await settled(page);
  const moves = await moveList(page);
  assert.ok(moves.length > 0);
  assert.match(await text(page, '#ending'), /wins|draw/);
  await shot('both-sides');
}
