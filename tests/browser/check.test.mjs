// Check a record: a pasted file whose second game has an illegal move on
// ply 5. The page lists check's finding with its code; clicking it shows
// the source line, the refused move and the board at that ply. The first
// game is stepped through, its variation included.

import { assert, open, text } from './lib.mjs';

export const RECORD = `[Event "A game with a variation"]
[Rules "russian-draughts/russian@2"]
[Result "*"]

1. c3-d4 f6-e5 (1... f6-g5 2. d4-c5) 2. d4xf6 g7xe5 *

[Event "An illegal move on ply 5"]
[Rules "russian-draughts/russian@2"]
[Result "*"]

1. c3-d4 f6-g5 2. g3-f4 g7-f6
3. d4-c3 b6-a5 *
`;

export const name = 'Check a record: an illegal move shown at its line and the board at that ply';

/** The pieces on the check page's board, as `side:label` sorted. */
async function pieces(page) {
  return page.locator('#check-board svg g.node').evaluateAll((nodes) =>
    nodes
      .filter((g) => g.querySelector('.piece'))
      .map((g) => (g.querySelector('.piece.side-white') ? 'w:' : 'b:') + g.dataset.node)
      .sort(),
  );
}

export default async function ({ page, base, shot }) {
  await open(page, base, '#check');
  await page.fill('#check-text', RECORD);
  await page.click('#check-button');
  await page.waitForSelector('#findings .finding');
  assert.equal(await text(page, '#check-summary'), '2 games: 1 error, 0 warnings');
  const findings = await page.locator('#findings .finding').allTextContents();
  assert.equal(findings.length, 1);
  assert.match(findings[0], /error\[illegal-move\] illegal move 3\. d4-c3 — a man does not move backward/);
  assert.match(findings[0], /game 2, line 12, column 4/);
  assert.match(findings[0], /help: legal moves of d4: d4-c5 or d4-e5/);

  await page.click('#findings .finding-link');
  await page.waitForFunction(() => !document.documentElement.dataset.busy);
  assert.equal(await page.inputValue('#check-game'), '1', 'the second game is shown');
  assert.equal(await page.locator('#check-source .source-line.current').getAttribute('data-line'), '12');
  assert.match(await text(page, '#check-source .source-line.current'), /3\. d4-c3 b6-a5/);
  assert.equal(await text(page, '#check-lines .ply.current'), 'd4-c3');
  assert.ok(await page.locator('#check-lines .ply.current').evaluate((b) => b.classList.contains('error')));
  assert.match(await text(page, '#check-position'), /^Ply 5: d4-c3 is refused/);
  assert.match(await text(page, '#check-move-error'), /line 12, column 4: .*a man does not move backward/);
  const board = await pieces(page);
  assert.ok(board.includes('w:d4') && board.includes('w:f4') && board.includes('b:f6') && board.includes('b:g5'), board.join(' '));
  assert.ok(!board.includes('w:c3') && !board.includes('w:g3'), 'the board after ply 4, before the refused move');
  await shot();

  // Game 1, stepped ply by ply, then its variation.
  await page.selectOption('#check-game', '0');
  await page.waitForFunction(() => !document.documentElement.dataset.busy);
  assert.equal(await page.locator('#check-lines .line').count(), 2, 'the main line and one variation');
  assert.match(await text(page, '#check-position'), /start/);
  assert.equal((await pieces(page)).length, 24);
  const seen = [];
  for (let i = 0; i < 4; i++) {
    await page.click('#step-forward');
    await page.waitForFunction(() => !document.documentElement.dataset.busy);
    seen.push(await text(page, '#check-lines .ply.current'));
  }
  assert.deepEqual(seen, ['c3-d4', 'f6-e5', 'd4xf6', 'g7xe5']);
  assert.equal((await pieces(page)).length, 22, 'one man of each side taken');
  await page.click('#check-lines .line[data-line="1"] .ply:nth-child(3)');
  await page.waitForFunction(() => !document.documentElement.dataset.busy);
  assert.equal(await text(page, '#check-lines .ply.current'), 'd4-c5');
  assert.match(await text(page, '#check-position'), /^Ply 3: after d4-c5/);
  const variation = await pieces(page);
  assert.ok(variation.includes('w:c5') && variation.includes('b:g5') && !variation.includes('b:f6'), variation.join(' '));
  await shot('variation');
}
