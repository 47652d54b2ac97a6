// Offline and updates (the service worker, tools/service-worker.js): after one visit the app
// starts and plays every mode with no network, games and rule sets survive offline reloads,
// and a new build takes over at the next start or from the offer made between games, never
// losing the game in progress. Also: the page draws its board before the wasm arrives, and
// Chromium finds the app installable.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { DIST, ROOT, holdBack, openApp, persistentContext, screenshot, serveBuild, shutdown, start } from './harness.mjs';
import {
  SOON,
  TABLET,
  assertNoErrors,
  boardPieces,
  boardReady,
  moveSans,
  newComputerGame,
  newGame,
  openGame,
  ANSWER,
  playMoves,
  waitForMoveCount,
} from './chess.mjs';
import { newSharpGame, place } from './sharp.mjs';
import { chooseLanguage, messages, text } from './messages.mjs';
import { familyMove, familyPieces, newFamilyGame } from './family.mjs';

const temp = [];
after(async () => {
  await shutdown();
  await Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * Waits until the service worker holds this build: installed and activated (`ready` already
 * resolves while it is still activating).
 */
async function offlineReady(page) {
  const state = await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active.state === 'activating') {
      await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }));
    }
    return active.state;
  });
  assert.equal(state, 'activated');
}

/** The build's id the page is served from (the cache the worker uses). */
async function buildMark(page) {
  return page.evaluate(() => document.querySelector('meta[name=test-build]')?.content ?? 'first');
}

/**
 * Another build of the app: dist/ with a mark in its page, finished by the build's own hook
 * (tools/precache.mjs: a new sw.js with a new build id and its compressed copies).
 */
async function anotherBuild(mark) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'classroom-build-'));
  temp.push(dir);
  await cp(DIST, dir, { recursive: true });
  const page = path.join(dir, 'index.html');
  const html = await readFile(page, 'utf8');
  await writeFile(page, html.replace('<head>', `<head><meta name="test-build" content="${mark}">`));
  execFileSync('node', [path.join(ROOT, 'tools', 'precache.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: dir },
    stdio: 'ignore',
  });
  return dir;
}

/**
 * The next start, every tab of the app closed before: opens the app in `context` until the
 * build marked `mark` runs (the worker may take a moment to switch once the last tab has gone).
 * Returns its page, or null when it never came.
 */
async function nextStart(context, mark) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { page } = await openApp({ ...TABLET, context });
    await boardReady(page);
    if ((await buildMark(page)) === mark) return page;
    await page.close();
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

test('after one visit, every mode starts and plays offline; games and rule sets survive offline reloads', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await offlineReady(page);
  await context.setOffline(true);

  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');

  await newGame(page, { mode: 'orthodox' });
  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5']], { touch: true });
  await newGame(page, { mode: 'primary' });
  await playMoves(page, [['d2d4', 'd4'], ['d7d5', 'd5']], { touch: true });

  await newSharpGame(page);
  await place(page, 'wK', 'e1', { touch: true });
  await place(page, 'bK', 'e8', { touch: true });

  // The computer's worker, never started online, comes from the cache and answers.
  await newComputerGame(page, { mode: 'orthodox', side: 'b', level: 1 });
  await playMoves(page, [['e2e4', 'e4']], { touch: true });
  await waitForMoveCount(page, 2, { timeout: ANSWER });

  // A custom rule set saved offline, then played.
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=open-rules]').tap();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=ruleset-base]').selectOption('orthodox');
  await page.locator('[data-testid=opt-knight]').selectOption('non-leaping');
  await page.locator('[data-testid=ruleset-name]').fill('Offline knights');
  await page.locator('[data-testid=ruleset-save]').tap();
  await page.locator('[data-testid=ruleset-item-offline-knights]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=ruleset-play]').tap();
  await page.locator('[data-testid=rules-dialog]').waitFor({ state: 'detached', timeout: SOON });
  await playMoves(page, [['e2e4', 'e4']], { touch: true });
  const custom = await boardPieces(page);

  // Reload offline: the custom game and its rule set are there.
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.deepEqual(await boardPieces(page), custom);
  assert.deepEqual(await moveSans(page), ['e4']);
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=mode-custom-offline-knights]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=close-dialog]').first().tap();

  await newFamilyGame(page, { players: 4 });
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  const family = await familyPieces(page);
  await page.reload({ waitUntil: 'load' });
  await page.locator('svg[data-testid=board][data-variant=family]').waitFor({ timeout: 15_000 });
  assert.deepEqual(await familyPieces(page), family, 'the family game survives an offline reload');

  assertNoErrors(errors);
  await context.close();
});

test('a new build takes over at the next start with the game in progress kept; between games the app offers it', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await offlineReady(page);
  // From the second start on, the worker serves the page (and a new one must wait for it).
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the worker serves the page');
  assert.equal(await buildMark(page), 'first');
  await newGame(page, { mode: 'primary' });
  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5']], { touch: true });
  const board = await boardPieces(page);

  // The server now has a second build; the page finds it (as it would within the hour).
  await serveBuild(await anotherBuild('second'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForFunction(() => window.classroomUpdate.ready, null, { timeout: 15_000 });
  // Mid-game: no offer, and this page stays on its own build.
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-testid=update-ready]').count(), 0, 'no offer mid-game');
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.equal(await buildMark(page), 'first', 'a reload keeps the running build');
  assert.equal(await page.locator('[data-testid=update-ready]').count(), 0, 'still no offer mid-game');

  // The next start: every tab closed, the app opened again.
  await page.close();
  const next = await nextStart(context, 'second');
  assert.ok(next, 'the second build runs after the next start');
  assert.deepEqual(await boardPieces(next), board, 'the game in progress is kept');
  assert.deepEqual(await moveSans(next), ['e4', 'e5']);

  // A third build arrives during a game: offered once the game is over or a new one starts.
  await serveBuild(await anotherBuild('third'));
  await next.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await next.waitForFunction(() => window.classroomUpdate.ready, null, { timeout: 15_000 });
  assert.equal(await next.locator('[data-testid=update-ready]').count(), 0, 'no offer mid-game');
  await newGame(next, { mode: 'orthodox' });
  const offer = next.locator('[data-testid=update-ready]');
  await offer.waitFor({ timeout: SOON });
  await screenshot(next, 'update-offer-1024x768');
  await next.locator('[data-testid=update-reload]').tap();
  await next.waitForFunction(() => document.querySelector('meta[name=test-build]')?.content === 'third', null, {
    timeout: 15_000,
  });
  await boardReady(next);
  await waitForMoveCount(next, 0);
  assert.match(await next.locator('.mode-line').textContent(), /Chess/);
  assertNoErrors(errors);
  await context.close();
});

// Runs in the page before anything else: notes what the page's first frame shows (a frame's
// animation callbacks run just before it is drawn).
function watchFirstFrame() {
  requestAnimationFrame(() => {
    const words = document.querySelector('#loading .loading-words');
    window.firstFrame = {
      words: words ? getComputedStyle(words, '::after').content : null,
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
    };
  });
}

/** The loading words `page` shows (drawn by its styles). */
const loadingWords = (page) => page.locator('#loading .loading-words').evaluate((words) => getComputedStyle(words, '::after').content);

/** `page` with its CPU slowed as on a school tablet (x6), so the page is parsed in as many
 * steps as there. */
async function asOnATablet(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

test('the service worker is registered once the start is complete, its side panel in: its install never shares the link with the start', async () => {
  const { browser } = await start();
  const context = await browser.newContext(TABLET);
  const release = await holdBack(context, /\/split_panel-[0-9a-f]+\.wasm$/);
  const { page, errors } = await openApp({ context });
  await page.locator('svg[data-testid=board]').waitFor({ timeout: SOON });
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(1000);
  const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
  assert.equal(await registered(), false, 'no worker while the side panel is still coming');
  release();
  await page.locator('[data-testid=demo]').waitFor({ timeout: SOON });
  // Soon after, well before the page's own late registration (15 s after load).
  const deadline = Date.now() + SOON;
  while (!(await registered()) && Date.now() < deadline) await page.waitForTimeout(100);
  assert.equal(await registered(), true, 'the worker, once the side panel is in');
  await offlineReady(page);
  assertNoErrors(errors);
  await context.close();
});

/** What the page's first frame showed: its loading words and the page's language and direction. */
const firstFrame = (page) => page.waitForFunction(() => window.firstFrame).then((shown) => shown.jsonValue());

test('the board and "Loading…", in the language the app starts in, are drawn before the wasm arrives, and the app takes their place; Chromium finds the app installable', async () => {
  // Hold the wasm back: what shows is the page's own HTML and CSS.
  const { browser, baseUrl } = await start();
  const context = await browser.newContext(TABLET);
  await context.addInitScript(watchFirstFrame);
  const page = await context.newPage();
  await asOnATablet(page);
  await page.route(/\.wasm$/, () => {});
  await page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
  const loading = page.locator('#loading');
  await loading.waitFor({ timeout: SOON });
  assert.equal(await loadingWords(page), '"Loading…"');
  // Its very first frame already shows them: no empty frame first, no wait for a second one.
  assert.deepEqual(await firstFrame(page), { words: '"Loading…"', dir: '', lang: 'en' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const [paint, contentful] = await page.evaluate(() => ['first-paint', 'first-contentful-paint'].map((name) => performance.getEntriesByName(name)[0]?.startTime));
  assert.ok(contentful > 0 && paint === contentful, `the first paint is the board and its words: ${JSON.stringify({ paint, contentful })}`);
  const skeleton = await page.locator('#loading .board-area').boundingBox();
  assert.ok(skeleton.width > 400 && Math.abs(skeleton.width - skeleton.height) < 1, 'a square board');
  await screenshot(page, 'loading-1024x768');
  await context.close();

  // The real board takes the same place; the loading picture is gone.
  const app = await openGame({ tablet: true });
  assert.equal(await app.page.locator('#loading').count(), 0);
  const board = await app.page.locator('.board-area').first().boundingBox();
  assert.ok(Math.abs(board.x - skeleton.x) < 1 && Math.abs(board.width - skeleton.width) < 1, `no jump: ${JSON.stringify({ skeleton, board })}`);

  assertNoErrors(app.errors);
  await app.context.close();

  // In the language the app will start in: French words; Arabic's, the page right to left
  // already, so the real board takes the same place there too.
  for (const [locale, words] of [['fr-FR', 'Chargement…'], ['ar', 'جارٍ التحميل…']]) {
    const held = await browser.newContext({ ...TABLET, locale });
    await held.addInitScript(watchFirstFrame);
    const before = await held.newPage();
    await asOnATablet(before);
    await before.route(/\.wasm$/, () => {});
    await before.goto(baseUrl, { waitUntil: 'domcontentloaded' });
    await before.locator('#loading').waitFor({ timeout: SOON });
    assert.equal(await loadingWords(before), `"${words}"`);
    const rightToLeft = locale === 'ar';
    assert.equal(await before.evaluate(() => document.documentElement.dir), rightToLeft ? 'rtl' : '');
    assert.deepEqual(await firstFrame(before), { words: `"${words}"`, dir: rightToLeft ? 'rtl' : '', lang: locale.slice(0, 2) }, `${locale}: the first frame is in the language`);
    const waiting = await before.locator('#loading .board-area').boundingBox();
    if (rightToLeft) await screenshot(before, 'loading-arabic-1024x768');
    await held.close();
    const started = await openGame({ tablet: true, locale });
    assert.equal(await started.page.evaluate(() => document.documentElement.dir), rightToLeft ? 'rtl' : 'ltr');
    const real = await started.page.locator('.board-area').first().boundingBox();
    assert.ok(Math.abs(real.x - waiting.x) < 1 && Math.abs(real.width - waiting.width) < 1, `${locale}, no jump: ${JSON.stringify({ waiting, real })}`);
    assertNoErrors(started.errors);
    await started.context.close();
  }

  // Installable: a manifest with our icons and a service worker that serves the page; Chromium
  // installs it (in a profile of its own: it installs nothing from an incognito one).
  const own = await persistentContext(TABLET);
  const installed = await own.context.newPage();
  await installed.goto(baseUrl);
  await offlineReady(installed);
  const cdp = await own.context.newCDPSession(installed);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'no installability errors');
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);
  const parsed = JSON.parse(manifest.data);
  assert.equal(parsed.display, 'standalone');
  assert.deepEqual(parsed.icons.map((i) => i.sizes).sort(), ['192x192', '512x512', '512x512']);
  await cdp.send('PWA.install', { manifestId: baseUrl });
  const { targetId } = await cdp.send('PWA.launch', { manifestId: baseUrl });
  assert.ok(targetId, 'the installed app opens');
  await own.close();
});

test('a chosen language is kept for offline use, and through an update', async () => {
  const fr = messages('fr');
  const { page, context, errors } = await openGame({ tablet: true });
  await offlineReady(page);
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  await chooseLanguage(page, 'fr');
  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', 'French offline');
  assert.equal(await text(page, '[data-testid=new-game]'), fr.get('new-game'));

  // A new build: the language the class uses comes with it, so it still works offline.
  await context.setOffline(false);
  await serveBuild(await anotherBuild('language-update'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForFunction(() => window.classroomUpdate.ready, null, { timeout: 15_000 });
  await page.close();
  const next = await nextStart(context, 'language-update');
  assert.ok(next, 'the new build runs');
  await context.setOffline(true);
  await next.reload({ waitUntil: 'load' });
  await boardReady(next);
  assert.equal(await next.evaluate(() => document.documentElement.lang), 'fr', 'French offline after the update');
  assert.equal(await text(next, '[data-testid=new-game]'), fr.get('new-game'));
  assertNoErrors(errors);
  await context.close();
});
