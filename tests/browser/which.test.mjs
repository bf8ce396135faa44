// When the clicks so far complete more than one move, the board asks which
// and waits: a lingqi Disciple of level 3 on f5, with an Elder missing, is
// upgraded and moved to f6 either as itself (^f5) or turned into an Elder
// (^f5=E, L5); the same three clicks enter both.

import { assert, clickNodes, moveList, newGame, open, text } from './lib.mjs';

export const name = 'Which move? several moves entered by the same clicks (lingqi transformation)';

const FEN =
  'S:V3j1,E2i2,S0j2,E2k2,F0g3,G2h3,M3j3,G2l3,F0m3,E2i4,D3f5,D0g5,D0h5,D0i5,D0k5,D0l5,D0m5,D0n5:' +
  'D0f15,D0g15,D0h15,D0i15,D0k15,D0l15,D0m15,D0n15,E2i16,E2k16,F0g17,G2h17,M3j17,G2l17,F0m17,E2i18,S0j18,E2k18,V3j19:1';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'lingqi/lingqi@1', fen: FEN });
  await clickNodes(page, ['f5', 'f5', 'f6']);
  assert.ok(await page.locator('#choices').isVisible(), 'the page asks which move');
  const choices = await page.locator('#choices button.choice').allTextContents();
  assert.deepEqual(choices.sort(), ['^f5 f5-f6', '^f5=E f5-f6']);
  assert.deepEqual(await moveList(page), [], 'nothing is played until the choice');
  await shot();
  await page.locator('#choices button.choice', { hasText: '^f5=E' }).click();
  await page.waitForFunction(() => !document.documentElement.dataset.busy);
  assert.deepEqual(await moveList(page), ['^f5=E f5-f6']);
  assert.ok(await page.locator('#choices').isHidden());
  assert.equal(await text(page, '#turn'), 'North to move');
  assert.equal(await page.locator('#board svg g.node[data-node="f6"] .piece.side-white').count(), 1);
}
