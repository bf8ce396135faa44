// A player's own profile pasted as TOML: Russian draughts with men that
// do not capture backward. From W:Wc3,e3:Bd2 the Russian rules force the
// backward capture e3:c1; under the pasted profile the men step forward.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, clickNode, marked, moveList, open, settled, text } from './lib.mjs';

export const name = 'Own profile: a TOML profile pasted in the page is played by its own rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default async function ({ page, base, shot }) {
  const russian = readFileSync(path.join(root, 'rules/russian-draughts/russian.v1.toml'), 'utf8');
  const own = russian
    .replace(/^name = "russian"$/m, 'name = "forward-only"')
    .replace(/^men-capture-backward = true$/m, 'men-capture-backward = false');
  assert.notEqual(own, russian);

  await open(page, base);
  await page.selectOption('#profile', '__own__');
  assert.ok(await page.locator('#profile-toml').isVisible());
  await page.fill('#profile-toml', own);
  await page.fill('#start-fen', 'W:Wc3,e3:Bd2');
  await page.click('#new-game-button');
  await settled(page);
  assert.equal(await text(page, '#game-profile'), 'russian-draughts/forward-only@1');
  assert.deepEqual(await marked(page, 'start'), ['c3', 'e3'], 'no capture: both men may step');
  await clickNode(page, 'e3');
  assert.deepEqual(await marked(page, 'target'), ['d4', 'f4']);
  await clickNode(page, 'f4');
  assert.deepEqual(await moveList(page), ['e3-f4']);
  await shot();

  await page.click('#export');
  const pdn = await page.inputValue('#pdn-text');
  assert.match(pdn, /^\[Rules "russian-draughts\/forward-only@1"\]$/m);
  assert.match(pdn, /^\[FEN "W:Wc3,e3:Bd2"\]$/m);
  assert.match(await text(page, '#pdn-note'), /--rules-file/);
  await page.click('#pdn-close');

  // A broken profile is refused with the server's message, and the game
  // on the board stays.
  await page.fill('#profile-toml', own.replace('kind = "grid"', 'kind = "hexagon"'));
  await page.click('#new-game-button');
  await settled(page);
  assert.ok(await page.locator('#message.error').isVisible(), 'the error is shown');
  assert.match(await text(page, '#message'), /hexagon/);
  assert.deepEqual(await moveList(page), ['e3-f4'], 'the game on the board stays');
  assert.equal(await text(page, '#game-profile'), 'russian-draughts/forward-only@1');
  await shot('refused');
}
