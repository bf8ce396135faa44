// Cheng San (the seed's morris): a mill made while placing, with its
// removal chosen by a click; the emptied point is marked (the red ×), and
// a placement there is refused with the engine's reason.

import { assert, clickNode, clickNodes, marked, moveList, newGame, open, text } from './lib.mjs';

export const name = 'Morris (Cheng San): a mill and its removal, a placement on a marked point refused';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'morris/cheng-san@1' });
  assert.equal(await page.locator('#board svg g.node').count(), 24);

  await clickNodes(page, ['a1', 'b2', 'a4', 'b4']);
  assert.deepEqual(await moveList(page), ['a1', 'b2', 'a4', 'b4']);

  // a7 closes the mill a1-a4-a7: the removal is the move's second click.
  await clickNode(page, 'a7');
  assert.deepEqual(await moveList(page), ['a1', 'b2', 'a4', 'b4'], 'the placement waits for its removal');
  assert.deepEqual(await marked(page, 'target'), ['b2', 'b4'], 'both black men can be taken');
  assert.match(await text(page, '#hint'), /remove/);
  await shot('removal');
  await clickNode(page, 'b2');
  assert.deepEqual(await moveList(page), ['a1', 'b2', 'a4', 'b4', 'a7xb2']);
  assert.equal(await page.locator('#board svg g.node[data-node="b2"] .marked').count(), 1, 'b2 carries the red ×');

  // Black may not place on the marked point.
  await clickNode(page, 'b2');
  const message = await text(page, '#message');
  assert.match(message, /b2 is marked/, message);
  assert.deepEqual(await moveList(page), ['a1', 'b2', 'a4', 'b4', 'a7xb2'], 'nothing was played');
  assert.equal(await text(page, '#turn'), 'Black to move');
  await shot();

  // Elsewhere the placement goes through.
  await clickNode(page, 'g7');
  assert.deepEqual((await moveList(page)).slice(-1), ['g7']);
  assert.equal(await text(page, '#message'), '');
}
