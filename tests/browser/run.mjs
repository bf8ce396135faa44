// Runs the browser tests: starts `boardctl serve --port 0`, reads the
// address from its one line on stdout, drives Debian's chromium with
// playwright-core through every *.test.mjs in this folder (each in a fresh
// browser context), saves a screenshot per test step under
// target/browser-screenshots/, stops the server, and exits non-zero if any
// test failed. Playwright gives the browser a new, empty user-data-dir of
// its own; each test gets a fresh context (no storage from another test).
//
//   node tests/browser/run.mjs [NAME...]      (only the tests whose file name contains NAME)
//
// Environment: BOARDCTL (the binary, default target/release/boardctl),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOTS (the folder).

import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const binary = path.resolve(root, process.env.BOARDCTL || 'target/release/boardctl');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = path.resolve(root, process.env.SCREENSHOTS || 'target/browser-screenshots');
/** A guard against a hung step, not a measure of speed. */
const STEP_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

/** Starts the server; resolves with its address and the process. */
function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (e) => reject(new Error(`cannot start ${binary}: ${e.message}`)));
    child.on('exit', (code, signal) => {
      reject(new Error(`the server stopped before it listened (exit ${code ?? signal}): ${stderr.trim()}`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const m = /^listening on (http:\/\/\S+\/)$/.exec(line.trim());
      if (m) resolve({ child, base: m[1] });
    });
    setTimeout(() => reject(new Error('the server printed no `listening on` line in 30 s: ' + stderr.trim())), 30_000).unref();
  });
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(t);
}

async function loadTests(filters) {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => filters.length === 0 || filters.some((n) => f.includes(n)))
    .sort();
  const tests = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(here, f)).href);
    tests.push({ file: f, name: mod.name || f, run: mod.default });
  }
  return tests;
}

function withTimeout(promise, ms, what) {
  let timer;
  const guard = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

async function main() {
  const tests = await loadTests(process.argv.slice(2));
  if (tests.length === 0) {
    console.error('no test matches');
    process.exit(2);
  }
  mkdirSync(shots, { recursive: true });
  const { child, base } = await startServer();
  const cleanup = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      cleanup();
      process.exit(130);
    });
  }
  console.log(`server: ${base} (${binary})`);
  const browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  console.log(`browser: chromium ${browser.version()}`);
  let passed = 0;
  let failed = 0;
  for (const t of tests) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push('console: ' + m.text());
    });
    const stem = t.file.replace(/\.test\.mjs$/, '');
    const shot = async (suffix = '') => {
      const file = path.join(shots, `${stem}${suffix ? '-' + suffix : ''}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    };
    const started = Date.now();
    try {
      await withTimeout(t.run({ page, base, shot, context }), TEST_TIMEOUT_MS, t.name);
      const unexpected = pageErrors.filter((e) => !/status of 4\d\d/.test(e));
      if (unexpected.length > 0) throw new Error('errors in the page: ' + unexpected.join(' | '));
      passed++;
      console.log(`ok - ${t.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL - ${t.name}: ${e.stack || e}`);
      try {
        console.log(`  screenshot at failure: ${await shot('failure')}`);
      } catch {
        // The page may be gone; the failure above is what matters.
      }
    }
    await context.close();
  }
  await browser.close();
  await stopServer(child);
  console.log(`screenshots: ${shots}`);
  console.log(`browser: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
