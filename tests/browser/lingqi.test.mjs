// Lingqi: both set-ups made by hand on the hot-seat screens, each with the
// other half hidden; a set-up that breaks L3 (the Master away from the
// Sect) shows the problem on the board and cannot be confirmed; then the
// first turn, upgrade then move, by clicks.

import { assert, clickNode, clickNodes, marked, moveList, settled, open, text } from './lib.mjs';

export const name = 'Lingqi: set-up with a violation shown on the board, then a turn';

async function ready(page) {
  await page.waitForSelector('#pass-screen:not([hidden])');
  assert.ok(await page.locator('#setup-area').isHidden(), 'nothing of the board shows on the pass screen');
  await page.click('#pass-ready');
  await settled(page);
}

export default async function ({ page, base, shot }) {
  await open(page, base);
  await page.selectOption('#profile', 'lingqi/lingqi@1');
  await page.click('#setup-button');
  await settled(page);
  assert.match(await text(page, '#pass-text'), /South sets up first/);
  await ready(page);

  // South: the default set-up, then the Master moved away from the Sect.
  assert.match(await text(page, '#setup-title'), /^South sets up: 0 of 19/);
  await page.click('#setup-default');
  await settled(page);
  assert.match(await text(page, '#setup-problems'), /follows the rules/);
  assert.ok(await page.isEnabled('#setup-done'));
  await clickNodes(page, ['j3', 'a9'], '#setup-board');
  const problems = await page.locator('#setup-problems li.problem').allTextContents();
  assert.ok(problems.length >= 1, 'the violation is listed');
  assert.ok(problems.some((p) => /Master/i.test(p)), problems.join(' | '));
  assert.ok((await marked(page, 'problem', '#setup-board')).includes('j2'), 'the Sect is marked on the board');
  assert.ok(await page.isDisabled('#setup-done'), 'a set-up that breaks L3 cannot be confirmed');
  assert.equal(await page.locator('#setup-board svg .marks .veil').count(), 1, "North's half is hidden");
  assert.equal(await page.locator('#setup-board svg .piece.side-black').count(), 0);
  await shot('setup-violation');

  // Back where it belongs: the set-up is valid again.
  await clickNodes(page, ['a9', 'j3'], '#setup-board');
  assert.equal(await page.locator('#setup-problems li.problem').count(), 0);
  await page.click('#setup-done');
  await ready(page);

  // North: the default set-up, with South's half hidden.
  assert.match(await text(page, '#setup-title'), /^North sets up/);
  assert.equal(await page.locator('#setup-board svg .piece.side-white').count(), 0, "South's pieces are not shown to North");
  await page.click('#setup-default');
  await settled(page);
  await page.click('#setup-done');
  await ready(page);

  // The game: South to move; upgrade the Master on j3, then move it to j6.
  await page.waitForSelector('#view-play:not([hidden]) #board svg g.node');
  assert.equal(await text(page, '#turn'), 'South to move');
  assert.equal(await page.locator('#board svg .piece').count(), 38);
  await clickNode(page, 'j3');
  assert.match(await text(page, '#hint'), /piece to move/);
  await clickNodes(page, ['j3', 'j6']);
  assert.deepEqual(await moveList(page), ['^j3 j3-j6']);
  assert.equal(await text(page, '#turn'), 'North to move');
  await shot();
}
