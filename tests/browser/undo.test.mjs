// Undo, flip and deselection: a move taken back, the board turned round,
// a selected piece clicked again to let it go, and undo against the
// computer going back to the player's own turn.

import { assert, clickNode, clickNodes, marked, moveList, newGame, open, settled, text } from './lib.mjs';

export const name = 'Undo, flip, deselect; undo against the computer back to the player';

async function centreY(page, label) {
  const box = await page.locator(`#board svg g.node[data-node="${label}"]`).boundingBox();
  return box.y + box.height / 2;
}

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'russian-draughts/russian@2' });

  await clickNode(page, 'c3');
  assert.deepEqual(await marked(page, 'target'), ['b4', 'd4']);
  await clickNode(page, 'c3');
  assert.deepEqual(await marked(page, 'selected'), [], 'a second click on the piece lets it go');
  assert.equal(await page.locator('#board svg .marks .mark.target').count(), 0);

  await clickNodes(page, ['c3', 'd4', 'f6', 'e5']);
  assert.deepEqual(await moveList(page), ['c3-d4', 'f6-e5']);
  await page.click('#undo');
  await settled(page);
  assert.deepEqual(await moveList(page), ['c3-d4']);
  assert.equal(await text(page, '#turn'), 'Black to move');

  assert.ok((await centreY(page, 'a1')) > (await centreY(page, 'h8')), 'White at the bottom');
  await page.click('#flip');
  await settled(page);
  assert.ok((await centreY(page, 'a1')) < (await centreY(page, 'h8')), 'flipped: Black at the bottom');
  await shot('flipped');
  await page.click('#flip');
  await settled(page);

  // The computer takes Black and answers at once; undo goes back past its
  // move to White's turn.
  await page.fill('#think-time', '50');
  await page.dispatchEvent('#think-time', 'change');
  await page.check('#computer-black');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .move').length === 2);
  await settled(page);
  assert.equal(await text(page, '#turn'), 'White to move');
  await page.click('#undo');
  await settled(page);
  assert.deepEqual(await moveList(page), [], 'both the computer’s move and the player’s are taken back');
  assert.equal(await text(page, '#turn'), 'White to move');
  assert.ok(await page.isChecked('#computer-black'), 'the computer still plays Black');
}
