// The parts of the app that are not in the first load (tools/app-build.mjs splits them off):
// the page starts without them, fetches a part the first time it is shown, keeps it, and a part
// that cannot be fetched is said in words, changes nothing, and is tried again next time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { holdBack, shutdown, start, openApp } from './harness.mjs';
import {
  openGame,
  boardReady,
  assertNoErrors,
  closeDialog,
  moveSans,
  playMove,
  newGame,
  importText,
  dragMove,
  waitForPiece,
  newComputerGame,
  waitForMoveCount,
  TABLET,
  SOON,
  ANSWER,
} from './chess.mjs';
import { newFamilyGame, familyMove, familyBoardReady, waitForRecord } from './family.mjs';
import { newSharpGame, clockText } from './sharp.mjs';

after(shutdown);

// A part's own file, and the files of code that parts share (tools/merge-chunks.mjs).
const PART = /\/(split_[a-z_]+|shared|shared_early)-[0-9a-f]+\.wasm$/;
const FAMILY = /\/split_family-[0-9a-f]+\.wasm$/;
const SAVES = /\/split_saves-[0-9a-f]+\.wasm$/;
const COMPUTER = /\/split_computer-[0-9a-f]+\.wasm$/;

/** The parts (file names without the build hash) each request of a page or context fetched, in order. */
function watchParts(target) {
  const fetched = [];
  target.on('request', (req) => {
    const m = new URL(req.url()).pathname.match(PART);
    if (m) fetched.push(m[1]);
  });
  return fetched;
}

test('the start fetches the side panel, the wiring and the saved forms (five files); a move needs no part; the dialogs come with the first dialog, once', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const fetched = watchParts(context);
  const { page, errors } = await openGame({ context });
  await page.locator('[data-testid=demo]').waitFor({ timeout: SOON });
  await page.waitForFunction(
    () => ['split_wiring', 'split_saves'].every((part) => performance.getEntriesByType('resource').some((e) => e.name.includes(`/${part}-`))),
    null,
    { timeout: SOON },
  );
  assert.deepEqual(
    [...fetched].sort(),
    ['shared', 'shared_early', 'split_panel', 'split_saves', 'split_wiring'],
    'the panel, the wiring and the saved forms: their own files and the shared code',
  );
  fetched.length = 0;
  await playMove(page, 'e2e4', { touch: true });
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, [], 'a move needs no part');

  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  assert.deepEqual(fetched, ['split_dialogs'], 'the shared code is fetched once');
  await closeDialog(page);

  const before = fetched.length;
  await page.locator('[data-testid=settings]').tap();
  await page.locator('[data-testid=settings-dialog]').waitFor({ timeout: SOON });
  assert.equal(fetched.length, before, 'another dialog fetches nothing more');
  await closeDialog(page);
  assertNoErrors(errors);
  await context.close();
});

test('a side panel that cannot be fetched is said in words; the board still plays, and Try again brings the panel', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  await context.route(PART, (route) => route.abort('internetdisconnected'));
  const { page, errors } = await openGame({ context });
  const missing = page.locator('[data-testid=panel-missing]');
  await missing.waitFor({ timeout: SOON });
  assert.match(await missing.innerText(), /could not be loaded/);
  await dragMove(page, 'e2', 'e4', { touch: true });
  await waitForPiece(page, 'wP', 'e4');

  await context.unroute(PART);
  await page.locator('[data-testid=part-retry]').tap();
  await page.locator('[data-testid=demo]').waitFor({ timeout: SOON });
  assert.equal(await missing.count(), 0);
  assert.deepEqual(await moveSans(page), ['e4'], 'the move played meanwhile is in the list');
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

test('served by the service worker, the app fetches the dialogs ahead while idle: the first dialog opens at once', async () => {
  const { page, errors } = await openGame({ tablet: true });
  // The first visit is not served by the worker: nothing is fetched ahead over the network.
  await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active.state === 'activating') {
      await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }));
    }
  });
  await page.waitForTimeout(300);
  const first = watchParts(page);
  await page.waitForTimeout(1000);
  assert.deepEqual(first, [], 'the first visit fetches no part ahead');

  // The next start is served by the worker: the parts come ahead, with nothing shown.
  const fetched = watchParts(page);
  await page.reload();
  await boardReady(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the worker serves the page');
  await page.waitForFunction(() =>
    ['split_dialogs', 'split_result', 'split_promotion'].every((part) =>
      performance.getEntriesByType('resource').some((e) => e.name.includes(`/${part}-`)),
    ), null, { timeout: SOON });
  assert.equal(await page.locator('[role=dialog]').count(), 0, 'nothing is shown');
  assert.ok(fetched.includes('split_dialogs'), `fetched: ${fetched}`);

  const before = fetched.length;
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  assert.equal(fetched.length, before, 'the dialog needs nothing more');
  await closeDialog(page);
  await playMove(page, 'e2e4', { touch: true });
  assert.deepEqual(await moveSans(page), ['e4']);
  assertNoErrors(errors);
});

test('a part that cannot be fetched is said in words, changes nothing, and is tried again', async () => {
  const { browser } = await start();
  // No service worker: the parts come from the network, which is cut for them here.
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const { page } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });
  await context.route(PART, (route) => route.abort('internetdisconnected'));

  await page.locator('[data-testid=new-game]').tap();
  const missing = page.locator('[data-testid=part-missing]');
  await missing.waitFor({ timeout: SOON });
  assert.match(await missing.innerText(), /could not be loaded/);
  assert.equal(await page.locator('#crash-screen').count(), 0, 'the app goes on');
  const focusInside = () => page.evaluate(() => document.activeElement?.closest('[data-testid=part-missing]') !== null);
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid=part-missing]') !== null, null, { timeout: SOON });
  for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    assert.ok(await focusInside(), `${key}: the focus stays in the dialog`);
  }
  await closeDialog(page);
  assert.equal(await missing.count(), 0);
  assert.deepEqual(await moveSans(page), ['e4'], 'the game is as it was');

  await context.unroute(PART);
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  assert.equal(await missing.count(), 0);
  await closeDialog(page);
  await context.close();
});

test('a promotion whose picker cannot be fetched returns the pawn; the picker comes once it can', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const PICKER = /\/split_promotion-[0-9a-f]+\.wasm$/;
  await context.route(PICKER, (route) => route.abort('internetdisconnected'));
  const { page, errors } = await openGame({ context });
  await newGame(page, { mode: 'orthodox' });
  await importText(page, '4k3/1P6/8/8/8/8/P7/4K3 w - - 0 1');
  await waitForPiece(page, 'wP', 'b7');

  await dragMove(page, 'b7', 'b8', { touch: true });
  const missing = page.locator('[data-testid=part-missing]');
  await missing.waitFor({ timeout: SOON });
  await closeDialog(page);
  assert.equal(await missing.count(), 0);
  await waitForPiece(page, 'wP', 'b7');
  assert.deepEqual(await moveSans(page), [], 'no move was played');

  await context.unroute(PICKER);
  await dragMove(page, 'b7', 'b8', { touch: true });
  const picker = page.locator('[data-testid=promotion-picker]');
  await picker.waitFor({ state: 'visible', timeout: SOON });
  await picker.locator('[data-promote=q]').tap();
  await waitForPiece(page, 'wQ', 'b8');
  assert.match((await moveSans(page))[0], /^b8=Q\+?$/);
  // The cut fetch is logged by the browser; nothing in the page failed.
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

test('Fun Family Chess is a part: fetched for the first four-player game and before a start that resumes one', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const { page, errors } = await openGame({ context });
  const fetched = watchParts(page);
  await playMove(page, 'e2e4', { touch: true });
  await newFamilyGame(page);
  assert.ok(fetched.includes('split_family'), `fetched: ${fetched}`);
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  const saved = await page.evaluate(() => localStorage.getItem('classroom-chess.family'));
  assert.ok(saved, 'the family game is saved');

  // A start without the part: the two-player game underneath is shown, the family save is
  // kept untouched, and the players are told.
  await context.route(FAMILY, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await boardReady(page);
  const notice = page.locator('[data-testid=storage-notice]');
  await notice.waitFor({ state: 'visible', timeout: SOON });
  assert.match(await notice.innerText(), /could not be loaded/);
  assert.equal(await page.locator('svg[data-testid=board][data-variant=family]').count(), 0);
  assert.deepEqual(await moveSans(page), ['e4'], 'the two-player game underneath');
  assert.equal(await page.evaluate(() => localStorage.getItem('classroom-chess.family')), saved, 'the family save is kept');

  // With the part reachable the next start resumes the family game.
  await context.unroute(FAMILY);
  fetched.length = 0;
  await page.reload();
  await familyBoardReady(page);
  await waitForRecord(page, /r: e2-e4/);
  assert.ok(fetched.includes('split_family'), `the family part is fetched: ${fetched}`);
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

const savedGame = (page) => page.evaluate(() => localStorage.getItem('classroom-chess.current'));

test('the saved forms are a part: a first start plays without them and a save waits for them; a start with a saved game reads it before the board', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const fetched = watchParts(context);
  let release = await holdBack(context, SAVES);
  // A first start has nothing to read: the board comes and plays while the forms are held
  // back, and the first move is saved once they arrive.
  const { page, errors } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });
  assert.equal(await savedGame(page), null, 'the save waits for the forms');
  release();
  await page.waitForFunction(() => localStorage.getItem('classroom-chess.current') !== null, null, { timeout: SOON });
  await context.unroute(SAVES);
  await playMove(page, 'e7e5', { touch: true });

  // The readers held back hold back the board: a saved game is never shown as a new one.
  release = await holdBack(context, SAVES);
  fetched.length = 0;
  await page.reload();
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('svg[data-testid=board]').count(), 0, 'no board before the save is read');
  release();
  await boardReady(page);
  assert.deepEqual(await moveSans(page), ['e4', 'e5'], 'the saved game');
  assert.ok(fetched.includes('split_saves'), `fetched: ${fetched}`);
  const beforeBoard = fetched.slice(0, fetched.indexOf('split_saves') + 1);
  assert.ok(!beforeBoard.includes('shared'), `the readers need only the early shared code: ${fetched}`);
  assert.equal(await page.locator('[data-testid=storage-notice]').count(), 0);
  assertNoErrors(errors);
  await context.close();
});

test('saved forms that cannot be fetched are said once; the game goes on, and the next move saves the whole game', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  await context.route(SAVES, (route) => route.abort('internetdisconnected'));
  const { page, errors } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });
  const notice = page.locator('[data-testid=storage-notice]');
  await notice.waitFor({ state: 'visible', timeout: SOON });
  assert.match(await notice.innerText(), /could not be loaded/);
  assert.equal(await savedGame(page), null);

  await context.unroute(SAVES);
  await playMove(page, 'e7e5', { touch: true });
  await page.waitForFunction(() => localStorage.getItem('classroom-chess.current') !== null, null, { timeout: SOON });
  await page.reload();
  await boardReady(page);
  assert.deepEqual(await moveSans(page), ['e4', 'e5'], 'both moves, saved');
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

test('what a start needs is compiled while the page loads: the app always, the readers of saves when something is saved; each is fetched once', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const fetched = watchParts(context);
  const { page, errors } = await openGame({ context });
  assert.equal(await page.evaluate(async () => (await self.appWasm) instanceof WebAssembly.Module), true, 'the app, compiled early');
  assert.deepEqual(await page.evaluate(() => Object.keys(self.appParts)), [], 'nothing saved: no part compiled');
  await playMove(page, 'e2e4', { touch: true });

  fetched.length = 0;
  await page.reload();
  await boardReady(page);
  assert.deepEqual(await moveSans(page), ['e4'], 'the saved game');
  const count = (part) => fetched.filter((p) => p === part).length;
  assert.equal(count('split_saves'), 1, `the readers, fetched once: ${fetched}`);
  assert.equal(count('shared_early'), 1, `their shared code, fetched once: ${fetched}`);
  assert.deepEqual(fetched.slice(0, 2).sort(), ['shared_early', 'split_saves'], `fetched first, with the page: ${fetched}`);
  assert.deepEqual(await page.evaluate(() => Object.keys(self.appParts)), [], 'both compiled parts taken by the loader');
  assertNoErrors(errors);
  await context.close();
});

// Notes, in self.compiledEarly, each part the page's early script starts compiling.
function watchEarlyCompiles() {
  Object.defineProperty(self, 'appParts', {
    configurable: true,
    get() {
      return self.__appParts;
    },
    set(parts) {
      const compiled = (self.compiledEarly = []);
      self.__appParts = new Proxy(parts, {
        set(target, url, value) {
          compiled.push(new URL(url).pathname.match(/\/([a-z_]+)-[0-9a-f]+\.wasm$/)[1]);
          target[url] = value;
          return true;
        },
      });
    },
  });
}

test("a start in another language fetches its messages while the page loads; one resuming a Fun Family game compiles that part; each file is fetched once", async () => {
  const { browser } = await start();
  // The browser asks for French: the first start is in French, with nothing saved yet.
  const context = await browser.newContext({ ...TABLET, locale: 'fr-FR', serviceWorkers: 'block' });
  await context.addInitScript(watchEarlyCompiles);
  const fetched = watchParts(context);
  const messages = [];
  context.on('request', (req) => {
    if (/\/lang\/fr-[0-9a-f]+\.txt$/.test(req.url())) messages.push(req.url());
  });
  const { page, errors } = await openGame({ context });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', 'the app starts in French');
  assert.match(await page.evaluate(() => self.appStartTable), /^fr\n/, "the messages, fetched by the page's early script for the app");
  assert.equal(messages.length, 1, `the messages, fetched once: ${messages}`);
  assert.deepEqual(await page.evaluate(() => self.compiledEarly), [], 'nothing saved: no part compiled early');
  const count = (part) => fetched.filter((p) => p === part).length;

  // English kept on this device, a Fun Family game saved: the next start compiles Fun Family
  // and the readers of saves, not French.
  await page.evaluate(() => localStorage.setItem('classroom-chess.language', 'en'));
  await page.reload();
  await boardReady(page);
  await newFamilyGame(page);
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  fetched.length = 0;
  await page.reload();
  await familyBoardReady(page);
  await waitForRecord(page, /r: e2-e4/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(await page.evaluate(() => self.compiledEarly), ['shared_early', 'shared', 'split_family', 'split_saves'],
    'Fun Family, its shared code and the readers of saves, compiled early');
  for (const part of ['shared_early', 'shared', 'split_family', 'split_saves']) assert.equal(count(part), 1, `${part} once: ${fetched}`);
  assert.deepEqual(await page.evaluate(() => Object.keys(self.appParts)), [], 'every compiled part taken by the loader');
  assertNoErrors(errors);
  await context.close();
});

test("a start in another language needs no part before its board: the app's own module reads the messages", async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, locale: 'fr-FR', serviceWorkers: 'block' });
  const fetched = watchParts(context);
  // Every part held back (the shared code and each part's own) until the French board is there.
  const release = await holdBack(context, /\/(shared|shared_early|split_[a-z_]+)-[0-9a-f]+\.wasm$/);
  const { page, errors } = await openApp({ context });
  const board = page.locator('svg[data-testid=board]');
  await board.waitFor({ timeout: SOON });
  assert.equal(await board.getAttribute('aria-roledescription'), 'échiquier', 'the board, in French');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  release();
  await boardReady(page);
  await page.locator('[data-testid=demo]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=demo]').innerText(), 'Démo', 'the side panel, in French');
  assert.equal(fetched.filter((p) => p === 'shared').length, 1, `the shared code, once, after the board: ${fetched}`);
  assertNoErrors(errors);
  await context.close();
});

test('a host that serves the wasm with the wrong type: the early compile gives way, and the app starts and plays', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  await context.route(/\/classroom-chess-[0-9a-f]+_bg\.wasm$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  const { page, errors } = await openGame({ context });
  assert.equal(await page.evaluate(async () => typeof (await self.appWasm)), 'string', 'the early compile gave the path back');
  await playMove(page, 'e2e4', { touch: true });
  assert.deepEqual(await moveSans(page), ['e4']);
  assertNoErrors(errors);
  await context.close();
});

test('readers of saves that cannot be fetched: the saved game is kept aside with a notice, and the app plays on', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const { page, errors } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });
  const saved = await page.evaluate(() => localStorage.getItem('classroom-chess.current'));

  await context.route(SAVES, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await boardReady(page);
  const notice = page.locator('[data-testid=storage-notice]');
  await notice.waitFor({ state: 'visible', timeout: SOON });
  assert.match(await notice.innerText(), /a part of the app could not be loaded/);
  const aside = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('classroom-chess.set-aside.'))
      .map((k) => localStorage.getItem(k)),
  );
  assert.ok(aside.includes(saved), 'the saved game is kept, unchanged');
  assert.deepEqual(await moveSans(page), [], 'a new game');
  await playMove(page, 'd2d4', { touch: true });
  assert.deepEqual(await moveSans(page), ['d4']);
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

test('what speaks to the engine is a part: fetched with the computer\'s first move; when it cannot be, the players are told and the game waits', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const fetched = watchParts(context);
  const { page, errors } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });
  assert.ok(!fetched.includes('split_computer'), `a game between two people needs no engine: ${fetched}`);

  await context.route(COMPUTER, (route) => route.abort('internetdisconnected'));
  await newComputerGame(page, { mode: 'orthodox', side: 'b', level: 1 });
  await playMove(page, 'e2e4', { touch: true });
  const said = /The computer could not move \(a part of the app could not be loaded\)/;
  await page.getByTestId('message').filter({ hasText: said }).waitFor({ timeout: SOON });
  assert.match(await page.locator('#announcer').textContent(), said, 'and said to screen readers');
  assert.equal(await page.locator('[data-testid=thinking]').count(), 0, 'it is not shown thinking');
  assert.deepEqual(await moveSans(page), ['e4'], 'the child\'s move stands');

  // Taken back and played again, with the part reachable: the computer answers.
  await context.unroute(COMPUTER);
  await page.locator('[data-testid=take-back]').tap();
  await waitForMoveCount(page, 0);
  await playMove(page, 'd2d4', { touch: true });
  await waitForMoveCount(page, 2, { timeout: ANSWER });
  assert.ok(fetched.includes('split_computer'), `fetched: ${fetched}`);
  const cut = /INTERNET_DISCONNECTED|Failed to fetch/;
  assertNoErrors(errors.filter((e) => !cut.test(e)));
  await context.close();
});

test('the clock is a part: fetched with the first game that has a clock, and not before', async () => {
  const { page, errors } = await openGame({ tablet: true });
  const fetched = watchParts(page);
  await playMove(page, 'e2e4', { touch: true });
  assert.ok(!fetched.includes('split_clock'), `an untimed game needs no clock: ${fetched}`);
  await newSharpGame(page, { clock: '1+0' });
  assert.ok(fetched.includes('split_clock'), `fetched: ${fetched}`);
  assert.equal(await clockText(page, 'white'), '1:00');
  assert.equal(await clockText(page, 'black'), '1:00');
  await page.locator('[data-testid=clock-pause]').tap();
  await page.locator('[data-testid=paused-overlay]').waitFor({ timeout: SOON });
  assertNoErrors(errors);
});

test("the styles of what comes in parts (the side panel, the dialogs, Fun Family Chess, demo mode's tools, the editor, the Tournament screen) are not in the page: the board plays without them, and the panel and each screen wait for them", async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const STYLES = /\/screens-[0-9a-f]+\.css$/;
  const asked = [];
  // The stylesheet held back until released.
  context.on('request', (req) => {
    if (STYLES.test(req.url())) asked.push(req.url());
  });
  const release = await holdBack(context, STYLES);
  const { page, errors } = await openApp({ context });
  await page.locator('rect[data-square=e2]').waitFor({ timeout: SOON });
  const inPage = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent).join(''));
  assert.ok(inPage.includes('.board'), "the page's own styles are in it");
  for (const rule of ['.toolbar', '.move-list', '.dialog-head', '.promotion', '.pin-keys', '.editor-panel', '.tournament', '.setup-row', '.demo-panel', '.rule-option', '.cross-board', '.call-check']) {
    assert.ok(!inPage.includes(rule), `the parts' styles are not: ${rule}`);
  }
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/split_panel-')), null, { timeout: SOON });
  await dragMove(page, 'e2', 'e4', { touch: true });
  await waitForPiece(page, 'wP', 'e4');
  await page.waitForTimeout(500);
  assert.equal(await page.locator('[data-testid=new-game]').count(), 0, 'the side panel waits for its styles');
  assert.equal(asked.length, 1, 'asked for with the side panel, after the board');
  release();
  const menu = page.locator('[data-testid=new-game]');
  await menu.waitFor({ timeout: SOON });
  assert.equal(await page.locator('.toolbar').evaluate((el) => getComputedStyle(el).display), 'grid', 'the panel is styled');
  assert.deepEqual(await moveSans(page), ['e4'], 'the move played meanwhile is in the list');

  await menu.tap();
  const dialog = page.locator('[data-testid=new-game-dialog]');
  await dialog.waitFor({ timeout: SOON });
  assert.equal(await page.locator('.dialog').first().evaluate((el) => getComputedStyle(el).overflow), 'auto', 'the dialog is styled');
  const setUp = page.locator('.setup-row');
  assert.equal(await setUp.evaluate((el) => getComputedStyle(el).display), 'flex', 'and its form');
  await page.locator('[data-testid=editor]').tap();
  const editor = page.locator('[data-testid=editor-view]');
  await editor.waitFor({ timeout: SOON });
  assert.equal(await editor.evaluate((el) => getComputedStyle(el).position), 'fixed', 'the editor is styled');
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached', timeout: SOON });

  await page.locator('[data-testid=tournament]').tap();
  const tournament = page.locator('[data-testid=tournament-view]');
  await tournament.waitFor({ timeout: SOON });
  assert.equal(await tournament.evaluate((el) => getComputedStyle(el).position), 'fixed', 'the Tournament screen is styled');
  await page.locator('[data-testid=close-tournament]').tap();
  await tournament.waitFor({ state: 'detached', timeout: SOON });

  await page.locator('[data-testid=demo]').tap();
  const tools = page.locator('.demo-panel');
  await tools.waitFor({ timeout: SOON });
  assert.equal(await tools.evaluate((el) => getComputedStyle(el).position), 'fixed', "demo mode's tools are styled");
  assert.equal(asked.length, 1, 'fetched once');
  assertNoErrors(errors);
  await context.close();
});
