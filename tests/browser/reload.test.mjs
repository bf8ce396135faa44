// Saved in this browser: a half-played game survives a reload, several
// saved games are listed and resumable, and a game exported as PDN (with
// its Rules tag) passes boardctl check.

import { assert, clickNodes, moveList, newGame, open, settled, text } from './lib.mjs';

export const name = 'Saved in this browser: reload restores a half-played game; saved list; PDN export checks clean';

export default async function ({ page, base, shot }) {
  await open(page, base);
  await newGame(page, { profile: 'russian-draughts/russian@2' });
  await clickNodes(page, ['c3', 'd4', 'f6', 'e5']);
  // White must take: d4xf6 is the only move.
  await clickNodes(page, ['d4', 'f6']);
  const before = { moves: await moveList(page), fen: await page.inputValue('#fen') };
  assert.deepEqual(before.moves, ['c3-d4', 'f6-e5', 'd4:f6']);

  await page.reload();
  await settled(page);
  await page.waitForSelector('#board svg g.node');
  assert.deepEqual(await moveList(page), before.moves, 'the moves are back after the reload');
  assert.equal(await page.inputValue('#fen'), before.fen);
  assert.equal(await text(page, '#turn'), 'Black to move');
  assert.equal(await text(page, '#game-profile'), 'russian-draughts/russian@2');
  await shot();

  // A second game, then back to the first through the saved list.
  await newGame(page, { profile: 'alquerque/alquerque@1' });
  await clickNodes(page, ['c2', 'c3']);
  await page.click('nav a[data-view="saved"]');
  await settled(page);
  // The list is drawn when the view opens: wait for it rather than race it.
  await page
    .waitForFunction(() => document.querySelectorAll('#saved-list .saved-game').length >= 2, null, { timeout: 10000 })
    .catch(() => {});
  const items = page.locator('#saved-list .saved-game');
  assert.equal(await items.count(), 2);
  assert.match(await items.nth(0).textContent(), /alquerque\/alquerque@1 — 1 move, unfinished/);
  assert.match(await items.nth(1).textContent(), /russian-draughts\/russian@2 — 3 moves, unfinished/);
  await shot('saved');
  await items.nth(1).locator('button.resume').click();
  await settled(page);
  assert.deepEqual(await moveList(page), before.moves);
  assert.ok(await page.locator('#view-play').isVisible());

  // Export, and check the record with the server's check.
  await page.click('#export');
  const pdn = await page.inputValue('#pdn-text');
  assert.match(pdn, /^\[Rules "russian-draughts\/russian@2"\]$/m);
  assert.match(pdn, /^\[Result "\*"\]$/m);
  assert.match(pdn, /^1\. c3-d4 f6-e5 2\. d4:f6 \*$/m);
  await page.click('#pdn-close');
  const checked = await page.request.post(base + 'api/check', { data: { text: pdn } });
  assert.equal(checked.status(), 200);
  const body = await checked.json();
  const diagnostics = body.findings.filter((f) => f.code);
  assert.deepEqual(diagnostics, [], 'boardctl check passes the exported record');
  assert.equal(body.games.length, 1);
  assert.equal(body.games[0].profile, 'russian-draughts/russian@2');
}
