// Shared helpers for the browser tests (node:test + playwright-core + Debian's chromium).
//
// The app must be built first (`trunk build --release`, done by `make test`): we serve dist/
// with tools/serve.mjs on an ephemeral loopback port, one per test file.
//
//   import { after } from 'node:test';
//   import { openApp, shutdown } from './harness.mjs';
//   after(shutdown);
//   const { page, errors } = await openApp({ viewport: { width: 1024, height: 768 }, hasTouch: true });
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = path.join(ROOT, 'dist');
export const SCREENSHOTS = path.join(ROOT, 'tests', 'e2e', 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox', // we run as root in CI
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server = null;
let baseUrl = null;
let browser = null;
let setRoot = null;

async function startServer() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html not found: build the app first (trunk build --release)`);
  }
  // The server `make run` uses (compressed files as a school's server sends them); nothing is
  // kept in the HTTP cache between tests.
  ({ server, url: baseUrl, setRoot } = await serve({ root: DIST, cacheControl: 'no-store' }));
}

/** Serve another build (a folder like dist/) from now on, at the same address. */
export async function serveBuild(dir) {
  await start();
  setRoot(dir);
}

/** Start the static server and Chromium once per test file; returns { browser, baseUrl }. */
export async function start() {
  if (!server) await startServer();
  if (!browser) {
    // playwright's launch() uses a fresh temporary profile (user-data-dir) every time.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }
  return { browser, baseUrl };
}

/**
 * Open the app in a new page. By default in a fresh browser context (fresh localStorage);
 * pass `context` to open another page in an existing one (e.g. to test persistence).
 * Returns { page, context, errors, url }: `errors` collects console errors, uncaught page
 * errors and failed/4xx/5xx requests for the whole life of the page — assert it is empty.
 * Waits until the app has mounted something into <body> unless `waitForMount: false`.
 * `beforeGoto(page)` runs after the page is created and before it navigates, e.g.
 * `beforeGoto: (page) => page.clock.install()` for a fake clock from the first script on.
 */
export async function openApp({
  viewport = { width: 1280, height: 800 },
  hasTouch = false,
  isMobile = false,
  deviceScaleFactor = 1,
  context = null,
  path: appPath = '',
  waitForMount = true,
  beforeGoto = null,
  // The browser's language: the app starts in it (English unless a test says otherwise).
  locale = 'en-US',
} = {}) {
  const { browser } = await start();
  context ??= await browser.newContext({ viewport, hasTouch, isMobile, deviceScaleFactor, locale });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.stack ?? err}`));
  // A request the page itself gave up (ERR_ABORTED: a reload or navigation while the favicon
  // was still loading) is no failure of the app or the server.
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    if (why !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  const url = new URL(appPath, baseUrl).href;
  if (beforeGoto) await beforeGoto(page);
  await page.goto(url, { waitUntil: 'load' });
  if (waitForMount) {
    try {
      // Leptos mounts into <body>; trunk's own tags are script/link; #loading is the page's
      // own picture of the board until the app replaces it.
      await page.waitForFunction(
        () => document.body.querySelector(':scope > :not(script):not(link):not(style):not(noscript):not(#loading)'),
        null,
        { timeout: 15_000 },
      );
    } catch (err) {
      throw new Error(`app did not mount: ${err.message}\nerrors so far:\n${errors.join('\n')}`);
    }
  }
  return { page, context, errors, url };
}

/**
 * Holds back every request of `context` to a URL matching `pattern` until the function it gives
 * is called; then they go on.
 */
export async function holdBack(context, pattern) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await context.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A browser with a profile of its own on disk (not incognito, as `start()`'s contexts are), for
 * what Chromium allows only there, such as installing the app. Returns { context, close }.
 */
export async function persistentContext(options = {}) {
  await start();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'classroom-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    locale: 'en-US',
    ...options,
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** Close Chromium and the server. Use as `after(shutdown)`. */
export async function shutdown() {
  await browser?.close();
  browser = null;
  if (server) await new Promise((resolve) => server.close(resolve));
  server = null;
}

/** Save a PNG of the viewport to tests/e2e/screenshots/<name>.png (gitignored); returns the path. */
export async function screenshot(page, name, options = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, ...options });
  return file;
}

/** Centre of the first element matching `selector`, in CSS pixels: { x, y }. */
export async function centerOf(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const lerp = (a, b, t) => a + (b - a) * t;
const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

/**
 * A real touch drag: Chromium turns CDP touch events into touch + pointer events exactly as
 * for a finger (pointerType "touch", implicit pointer capture, pointercancel if the browser
 * decides to pan/zoom instead — so the board needs `touch-action: none`).
 * The page's context must have been created with hasTouch: true.
 */
export async function touchDrag(page, from, to, { steps = 10 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1, radiusX: 1, radiusY: 1, force: 1 }] : [] });
  try {
    await touch('touchStart', from);
    for (let i = 1; i <= steps; i++) {
      await touch('touchMove', { x: lerp(from.x, to.x, i / steps), y: lerp(from.y, to.y, i / steps) });
      await nextFrame(page);
    }
    await touch('touchEnd', null);
    await nextFrame(page);
  } finally {
    await cdp.detach();
  }
}

/**
 * A touch drag made of synthetic PointerEvents (pointerType "touch") dispatched from page JS.
 * Synthetic pointers are not "active", so a real setPointerCapture would throw NotFoundError:
 * during the drag we replace set/has/releasePointerCapture with a recording version and send
 * pointermove/up to the capturing element when there is one, else to the element under the
 * point, as the browser would.
 */
export async function syntheticTouchDrag(page, from, to, { steps = 10 } = {}) {
  await page.evaluate(
    async ({ from, to, steps }) => {
      const pointerId = 7;
      const proto = Element.prototype;
      const saved = {
        set: proto.setPointerCapture,
        has: proto.hasPointerCapture,
        release: proto.releasePointerCapture,
      };
      let captured = null;
      proto.setPointerCapture = function (id) {
        if (id === pointerId) captured = this;
        else return saved.set.call(this, id);
      };
      proto.hasPointerCapture = function (id) {
        return id === pointerId ? captured === this : saved.has.call(this, id);
      };
      proto.releasePointerCapture = function (id) {
        if (id !== pointerId) return saved.release.call(this, id);
        if (captured === this) captured = null;
      };
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      const fire = (type, x, y) => {
        const target = captured ?? document.elementFromPoint(x, y) ?? document.body;
        target.dispatchEvent(
          new PointerEvent(type, {
            pointerId,
            pointerType: 'touch',
            isPrimary: true,
            bubbles: true,
            cancelable: true,
            composed: true,
            clientX: x,
            clientY: y,
            button: type === 'pointermove' ? -1 : 0,
            buttons: type === 'pointerup' ? 0 : 1,
            pressure: type === 'pointerup' ? 0 : 0.5,
            width: 1,
            height: 1,
          }),
        );
      };
      try {
        fire('pointerdown', from.x, from.y);
        for (let i = 1; i <= steps; i++) {
          fire('pointermove', from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
          await frame();
        }
        fire('pointerup', to.x, to.y);
        await frame();
      } finally {
        Object.assign(proto, {
          setPointerCapture: saved.set,
          hasPointerCapture: saved.has,
          releasePointerCapture: saved.release,
        });
      }
    },
    { from, to, steps },
  );
}

/** A mouse drag with real (CDP) mouse events: press at `from`, move in steps, release at `to`. */
export async function mouseDrag(page, from, to, { steps = 10 } = {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
  await nextFrame(page);
}
