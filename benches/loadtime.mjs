// How soon a cheap tablet on a busy school network shows the board, and how soon a child can
// drag a piece (`make loadtime`; a benchmark: it prints medians and asserts nothing).
//
// Chromium at 1024x768 with touch, the CPU slowed 6x (CDP), the release build served by
// tools/serve.mjs as a school's server would (compressed) through a slow link: 150 ms a
// request, 1.6 Mbps shared by every response, the service worker's install included.
// Cold: a fresh browser profile. Warm: a reload once the service worker holds the build.
// Opened: the app opened again in a new window, as from the home screen, with the service
// worker asleep (a reload also pays for unloading the page it replaces). Resume: a warm start
// with a game in progress saved (its save is read before the board). French: the same in
// French, a start after its first (its messages, kept by the service worker, are read before
// the board). Cold-fr: a cold start on a browser that
// asks for French (its first visit fetches them too). Family: a warm start resuming a Fun Family game (its part comes before the board).
// Near: a cold start with the CPU slowed but the network not (a server in the school, or the
// tablet's own cache emptied): what the page itself costs before its first paint.
// Floor: the browser's own part, which no page can beat: the first paint of a page of one line
// of text with a service worker that keeps it, served alike, near, warm and opened as above.
// RUNS (default 5) of each; the median is printed (for each build, with several in DIST).
//   board: the page's first paint (the board, drawn by HTML and CSS before the wasm);
//   drag:  the app's own board in place, its handlers attached (a drag would be played);
//   buttons: the side panel complete (its Demo button in place).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../tools/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';
import { familyMove, newFamilyGame } from '../tests/e2e/family.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const CPU = 6;
const LINK = { latency: 150, bytesPerSecond: 1_600_000 / 8 };

// Runs in the page before anything else: note when the app's board and its buttons appear,
// and say so on the console once both have.
function watchBoard(ready) {
  new MutationObserver((_, observer) => {
    window.__boardReady ??= document.querySelector('[data-testid="board"]') ? performance.now() : undefined;
    window.__buttonsReady ??= document.querySelector('[data-testid="demo"]') ? performance.now() : undefined;
    if (window.__boardReady && window.__buttonsReady) {
      observer.disconnect();
      console.log(ready);
    }
  }).observe(document, { childList: true, subtree: true });
}
const READY = 'loadtime: board and buttons in place';
const COMMIT = { waitUntil: 'commit' };

async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
}

// The school's slow link, in front of the server at `target`: each request waits one round
// trip, then every response shares the one link's bandwidth, the service worker's own
// fetches too. (CDP's network emulation slows only the page's own requests: a first visit's
// parts would come from the HTTP cache the worker's install fills, at no cost.) Gives its URL.
async function slowLink(target, { latency, bytesPerSecond }) {
  let free = 0; // when the link has sent all it was given (performance.now() time)
  const pace = (bytes) => {
    free = Math.max(performance.now(), free) + (bytes * 1000) / bytesPerSecond;
    return new Promise((resolve) => setTimeout(resolve, free - performance.now()));
  };
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request(new URL(req.url, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        let sent = Promise.resolve();
        answer.on('data', (chunk) => {
          sent = sent.then(() => pace(chunk.length)).then(() => res.write(chunk));
        });
        answer.on('end', () => sent.then(() => res.end()));
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }, latency);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

// `load` starts the page's navigation (waiting for no more than its commit). Nothing is asked
// of the page until it says it is ready: Playwright's first question to a new document
// evaluates its own script there, some 70 ms of the slowed main thread that would fall inside
// a start still under way.
async function measure(page, load) {
  const ready = page.waitForEvent('console', { predicate: (m) => m.text() === READY, timeout: 120_000 });
  await load();
  await ready;
  return page.evaluate(() => ({
    board: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    drag: window.__boardReady,
    buttons: window.__buttonsReady,
  }));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// A new, throttled window of `page`'s context, as the app opened again from the home screen:
// the service worker asleep.
async function openedAgain(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const again = await page.context().newPage();
  await throttle(again);
  return again;
}

const firstPaint = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime).then((t) => t.jsonValue());

// The floor's page and service worker, in a folder of their own.
function floorPage() {
  const dir = mkdtempSync(path.join(tmpdir(), 'loadtime-floor-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Floor</title><p>Loading…</p>' +
      "<script>navigator.serviceWorker.register('sw.js')</script>",
  );
  writeFileSync(
    path.join(dir, 'sw.js'),
    "self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.add('./')).then(() => self.skipWaiting())));\n" +
      "self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));\n" +
      "self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request))));\n",
  );
  return dir;
}

// The floor's first paints, near, warm and opened, for the page served at `url`.
async function floorRound(url) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await throttle(page);
  await page.goto(url);
  const near = await firstPaint(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  const warm = await firstPaint(page);
  const again = await openedAgain(page);
  await again.goto(url);
  const opened = await firstPaint(again);
  await context.close();
  return { near, warm, opened };
}

// A first visit in a profile of its own: `locale`, the browser's language (else its own).
async function firstVisit(url, { locale } = {}) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...(locale && { locale }) });
  await context.addInitScript(watchBoard, READY);
  const page = await context.newPage();
  await throttle(page);
  const measured = await measure(page, () => page.goto(url, COMMIT));
  await context.close();
  return measured;
}

// One round of every start, for the build served through the slow link at `url` and straight
// at `nearUrl`: each row's measurement.
async function round(url, nearUrl) {
  const near = await firstVisit(nearUrl);
  const coldFrench = await firstVisit(url, { locale: 'fr-FR' });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  await context.addInitScript(watchBoard, READY);
  const page = await context.newPage();
  await throttle(page);
  const cold = await measure(page, () => page.goto(url, COMMIT));
  // The service worker has the build once it is active.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  const warm = await measure(page, () => page.reload(COMMIT));
  const again = await openedAgain(page);
  const opened = await measure(again, () => again.goto(url, COMMIT));
  await again.close();
  // A move (tap, tap) leaves a game in progress for the next start to read.
  for (const square of ['e2', 'e4']) {
    const box = await page.locator(`rect[data-square=${square}]`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.waitForFunction(() => localStorage.getItem('classroom-chess.current'));
  const resume = await measure(page, () => page.reload(COMMIT));
  // French kept on the device; its first start fetches its messages, which the service worker
  // then keeps, as it does for every later start in French, the one measured.
  await page.evaluate(() => localStorage.setItem('classroom-chess.language', 'fr'));
  await measure(page, () => page.reload(COMMIT));
  const warmFrench = await measure(page, () => page.reload(COMMIT));
  // The Fun Family game is set up at full speed; only the start is slowed.
  const cdpOfPage = await page.context().newCDPSession(page);
  await cdpOfPage.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.evaluate(() => localStorage.setItem('classroom-chess.language', 'en'));
  await page.reload();
  await page.locator('[data-testid=demo]').waitFor();
  await newFamilyGame(page);
  await familyMove(page, 'e2', 'e4');
  await cdpOfPage.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const family = await measure(page, () => page.reload(COMMIT));
  await context.close();
  return { cold, 'cold-fr': coldFrench, warm, opened, resume, french: warmFrench, family, near };
}

const ROWS = ['cold', 'cold-fr', 'warm', 'opened', 'resume', 'french', 'family', 'near'];

// DIST: the build to measure, dist/ by default; several, separated by commas, for an A/B: their
// rounds take turns, so that the machine's slower and quieter minutes fall on each alike.
const builds = (process.env.DIST ?? path.join(ROOT, 'dist')).split(',');
const servers = await Promise.all(builds.map((root) => serve({ root })));
const links = await Promise.all(servers.map(({ url }) => slowLink(url, LINK)));
const floorDir = floorPage();
const floorServer = await serve({ root: floorDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const results = builds.map(() => Object.fromEntries(ROWS.map((row) => [row, []])));
const floors = [];
try {
  for (let run = 0; run < RUNS; run++) {
    floors.push(await floorRound(floorServer.url));
    const f = floors.at(-1);
    console.log(`run ${run + 1}: floor near ${f.near.toFixed(0)} ms, warm ${f.warm.toFixed(0)} ms, opened ${f.opened.toFixed(0)} ms`);
    for (const [b, { url }] of servers.entries()) {
      const measured = await round(links[b].url, url);
      for (const row of ROWS) results[b][row].push(measured[row]);
      const f = (m) => `board ${m.board.toFixed(0)} ms, drag ${m.drag.toFixed(0)} ms, buttons ${m.buttons.toFixed(0)} ms`;
      const which = builds.length > 1 ? ` (${builds[b]})` : '';
      console.log(`run ${run + 1}${which}: ${ROWS.map((row) => `${row} ${f(measured[row])}`).join('; ')}`);
    }
  }
} finally {
  await browser.close();
  // Every connection too, not only the idle ones: a response the slow link was still pacing
  // when the browser closed would otherwise keep this process running.
  for (const { server } of [...servers, ...links, floorServer]) {
    server.close();
    server.closeAllConnections();
  }
  rmSync(floorDir, { recursive: true });
}
const show = (name, ms, network = '1.6 Mbps, 150 ms') =>
  console.log(
    `${name.padEnd(7)} ${['board', 'drag', 'buttons'].map((k) => `${k} ${median(ms.map((m) => m[k])).toFixed(0).padStart(6)} ms`).join('   ')}` +
      `   (median of ${ms.length}, CPU x${CPU}, ${network})`,
  );
console.log(
  `floor   ${['near', 'warm', 'opened'].map((k) => `${k} ${median(floors.map((f) => f[k])).toFixed(0).padStart(6)} ms`).join('   ')}` +
    `   (first paint of a page of one line, median of ${floors.length})`,
);
for (const [b, rows] of results.entries()) {
  if (builds.length > 1) console.log(`\n${builds[b]}`);
  for (const row of ROWS) show(row, rows[row], row === 'near' ? 'the network not slowed' : undefined);
}
