// What the browser tests share: opening the page, waiting until it has
// its answers, clicking board nodes as a player does, and assertions.

import assert from 'node:assert/strict';

export { assert };

/** Waits until no API request is in flight and the page has started. */
export async function settled(page) {
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.documentElement.dataset.busy);
}

/** Opens the page (a fresh context: no saved game) at `hash`. */
export async function open(page, base, hash = '#play') {
  await page.goto(base + hash);
  await settled(page);
}

/**
 * Starts a new game from the Play page's form: `profile` (a name from the
 * list) and an optional start `fen`.
 */
export async function newGame(page, { profile, fen = '' }) {
  await page.locator('nav a[data-view="play"]').click();
  await page.selectOption('#profile', profile);
  await page.fill('#start-fen', fen);
  await page.click('#new-game-button');
  await settled(page);
  await page.waitForSelector('#board svg g.node');
}

/** Clicks the middle of a node of a board, as a player's mouse does. */
export async function clickNode(page, label, board = '#board') {
  const node = page.locator(`${board} svg g.node[data-node="${label}"]`);
  await node.waitFor();
  await node.scrollIntoViewIfNeeded();
  const box = await node.boundingBox();
  assert.ok(box, `node ${label} is on the board`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await settled(page);
}

/** Clicks nodes one after the other. */
export async function clickNodes(page, labels, board = '#board') {
  for (const label of labels) await clickNode(page, label, board);
}

/** The moves in the move list, in order. */
export async function moveList(page) {
  return page.locator('#move-list .move').allTextContents();
}

/** The labels that carry a page mark of `kind` (target, selected, problem…). */
export async function marked(page, kind, board = '#board') {
  return page.locator(`${board} svg .marks .mark.${kind}`).evaluateAll((els) => els.map((e) => e.dataset.node).sort());
}

/** Text of an element, trimmed. */
export async function text(page, selector) {
  return ((await page.locator(selector).textContent()) || '').trim();
}
