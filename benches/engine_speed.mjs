// The engine in the browser (`make engine-speed`; a benchmark: it prints figures and asserts
// nothing), for every mode:
//   nps:   nodes per second of the top-level search in the engine's Web Worker (WebAssembly),
//          the start position (Orthodox after 1.e4), 2 s of thinking, median of RUNS;
//   start: from `new Worker()` to the worker ready (the engine's wasm fetched and compiled);
//   move:  the top level (Ada) playing White with the page's CPU slowed 6x (CDP): from
//          "Start game" to its first move on the board (worker start included), and its answer
//          to a person's move (worker warm). Chromium cannot slow a dedicated worker ("only
//          supported for pages"), so the search itself runs at this machine's speed; its time
//          is bounded by the deadline it polls (1.2 s), not by the CPU.
// The games are asked about as the app saves them (localStorage), exactly as the app asks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../tools/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 3);
const CPU = 6;
const MODES = ['orthodox', 'primary', 'sharp', 'family'];
const SOON = 10_000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Slows the page's CPU (the app's own work around the engine's answer). */
async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  return cdp;
}

async function startGame(page, mode, { computer = null } = {}) {
  await page.locator('[data-testid=new-game]').click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  if (mode === 'family') {
    await page.locator('select[data-option=players]').selectOption('4');
    if (computer) await page.locator('select[data-computer=r]').selectOption(String(computer));
  } else {
    if (mode === 'sharp') await page.locator('select[data-option=clock]').selectOption('untimed');
    if (computer) {
      await page.locator('[data-testid=against-computer]').check();
      await page.locator('select[data-option=computer-side]').selectOption('w');
      await page.locator('select[data-option=level]').selectOption(String(computer));
    }
  }
  const t0 = await page.evaluate(() => performance.now());
  await page.locator('[data-testid=start-game]').click();
  return t0;
}

const moveCount = (page) => page.evaluate(() => document.querySelectorAll('[data-testid=move-list] [data-testid=move]').length);

async function waitForMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=move-list] [data-testid=move]').length >= n, n, {
    timeout: 60_000,
    polling: 'raf',
  });
  return page.evaluate(() => performance.now());
}

/** The saved game of `mode` as the engine is asked about it. */
async function subject(page, mode) {
  return page.evaluate((mode) => {
    if (mode === 'family') return { Family: JSON.parse(localStorage.getItem('classroom-chess.family')).record };
    return { Two: JSON.parse(localStorage.getItem('classroom-chess.current')).game };
  }, mode);
}

/** Starts a worker, asks for the best move, returns { start, nps, depth }. */
async function askWorker(page, game, thinkMs) {
  return page.evaluate(
    async ({ game, thinkMs }) => {
      const t0 = performance.now();
      const w = new Worker('engine-worker_loader.js');
      await new Promise((ready) => (w.onmessage = (e) => e.data === 'ready' && ready()));
      const start = performance.now() - t0;
      const request = { id: 1, game, purpose: 'Best', level: 8, seed: 1, think_ms: thinkMs };
      const reply = await new Promise((done) => {
        w.onmessage = (e) => done(JSON.parse(e.data));
        w.postMessage(JSON.stringify(request));
      });
      w.terminate();
      return { start, nps: (reply.nodes / Math.max(reply.ms, 1)) * 1000, depth: reply.depth, error: reply.error };
    },
    { game, thinkMs },
  );
}

const { server, url } = await serve({ root: path.join(ROOT, 'dist') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const rows = [];
try {
  for (const mode of MODES) {
    const nps = [];
    const starts = [];
    const depths = [];
    const first = [];
    const answer = [];
    for (let run = 0; run < RUNS; run++) {
      // Unthrottled: the engine's speed in WebAssembly.
      let context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
      let page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('rect[data-square=e2]').waitFor({ timeout: SOON });
      await startGame(page, mode);
      await page.waitForTimeout(300);
      const r = await askWorker(page, await subject(page, mode), 2000);
      if (r.error) throw new Error(`${mode}: ${r.error}`);
      nps.push(r.nps);
      starts.push(r.start);
      depths.push(r.depth);
      await context.close();

      // Throttled: the computer's move as a child waits for it.
      context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
      page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('rect[data-square=e2]').waitFor({ timeout: SOON });
      await throttle(page);
      const t0 = await startGame(page, mode, { computer: 8 });
      first.push((await waitForMoves(page, 1)) - t0);
      // A person's reply, played by the app's own keyboard-free path: a tap, then a tap.
      const n = await moveCount(page);
      const reply = mode === 'family' ? null : mode === 'sharp' ? null : ['e7', 'e6'];
      if (reply) {
        for (const sq of reply) await page.locator(`rect[data-square=${sq}]`).click();
        await waitForMoves(page, n + 1);
        const t1 = await page.evaluate(() => performance.now());
        answer.push((await waitForMoves(page, n + 2)) - t1);
      }
      await context.close();
    }
    rows.push({ mode, nps: median(nps), start: median(starts), depth: median(depths), first: median(first), answer: answer.length ? median(answer) : NaN });
  }
} finally {
  await browser.close();
  server.close();
}
const fmt = (x, unit = '') => (Number.isFinite(x) ? `${Math.round(x).toLocaleString('en')}${unit}` : '–');
console.log(`engine in the browser (Chromium, median of ${RUNS}; nps unthrottled, 2 s searches; moves at CPU x${CPU})`);
console.log('mode        nps (wasm)   depth   worker start   first move (page CPU x6)   answer (page CPU x6)');
for (const r of rows) {
  console.log(
    `${r.mode.padEnd(10)}  ${fmt(r.nps).padStart(10)}   ${String(r.depth).padStart(5)}   ${fmt(r.start, ' ms').padStart(12)}   ${fmt(r.first, ' ms').padStart(24)}   ${fmt(r.answer, ' ms').padStart(20)}`,
  );
}
