// The Chess# clock (RULES.md §3.5, §6) on a 1024x768 touch tablet, with Playwright's fake
// clock installed before the app loads (the app reads performance.now() and timers only):
// a loss on time at 1+0 (10 points to the opponent), the running clock switching after each
// move with the 3+2 increment, pause, and a reload / a closed page that keep the reserve,
// the moves and the clock values without charging the time the page was away.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, openApp, screenshot } from './harness.mjs';
import {
  openGame,
  boardReady,
  assertNoErrors,
  boardPieces,
  moveSans,
  turnText,
  resultText,
  resultPoints,
  settle,
  SOON,
} from './chess.mjs';
import {
  newSharpGame,
  fakeClock,
  place,
  trays,
  clockText,
  clockMs,
  clockClasses,
  runningClock,
  waitForClock,
  dragFromTray,
  snapshot,
  assertUnchanged,
  tapButton,
} from './sharp.mjs';

after(shutdown);

const S = 1000;
const CURRENT = 'classroom-chess.current';

/** Does the saved game have a `clock` field (at any depth) that is not null? */
function hasClockField(value) {
  if (!value || typeof value !== 'object') return false;
  if ('clock' in value && value.clock !== null && value.clock !== undefined) return true;
  return Object.values(value).some(hasClockField);
}

test('1+0: Black lets the time run out; the low clock shows tenths; White wins 10-0', async () => {
  const { page, errors } = await openGame({ tablet: true, beforeGoto: fakeClock() });
  await newSharpGame(page, { clock: '1+0' });
  assert.equal(await clockText(page, 'white'), '1:00');
  assert.equal(await clockText(page, 'black'), '1:00');
  await place(page, 'wK', 'e1', { touch: true });
  assert.equal(await runningClock(page), 'black', 'Black\'s clock runs after White\'s placement');

  await page.clock.fastForward(50 * S);
  await waitForClock(page, 'black', 7 * S, 10.5 * S);
  await page.clock.fastForward(4 * S);
  const low = await waitForClock(page, 'black', 3 * S, 6.5 * S);
  assert.match(await clockText(page, 'black'), /^\D*\d\.\d\D*$/, 'under 10 s the clock shows seconds and tenths');
  assert.ok((await clockClasses(page, 'black')).includes('low'), `the black clock is marked low at ${low} ms`);
  assert.ok(!(await clockClasses(page, 'white')).includes('low'), 'the white clock (about 1:00) is not low');
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no result before the flag falls');

  await page.clock.fastForward(8 * S);
  const text = await resultText(page);
  assert.match(text, /time/i, `the result says the time ran out: ${text}`);
  assert.match(text, /White wins/i, `result: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [10, 0], `points: ${points.text}`);
  assert.equal(await clockMs(page, 'black'), 0, 'the black clock shows 0');
  assert.equal(await runningClock(page), null, 'no clock runs after the game');
  assert.match(await turnText(page), /Game over/);

  // The finished game takes no placement.
  await page.locator('[data-testid=look-at-board]').click();
  const before = await snapshot(page);
  await dragFromTray(page, 'bK', 'e8', { touch: true });
  await assertUnchanged(page, before, 'a placement after the flag fell');
  assertNoErrors(errors);
});

test('3+2: the running clock switches after each move and the mover gets 2 s', async () => {
  const { page, errors } = await openGame({ tablet: true, beforeGoto: fakeClock() });
  await newSharpGame(page, { clock: '3+2' });
  assert.equal(await clockText(page, 'white'), '3:00');
  assert.equal(await clockText(page, 'black'), '3:00');
  assert.notEqual(await runningClock(page), 'black', 'Black\'s clock does not run on White\'s first turn');

  await place(page, 'wK', 'e1', { touch: true });
  assert.equal(await runningClock(page), 'black', 'Black\'s clock runs after K@e1');
  // White's clock had run (3:00 + 2 s) or had not started yet (3:00).
  const white1 = await clockMs(page, 'white');
  assert.ok(white1 >= 179 * S && white1 <= 182 * S, `White's clock after the first move: ${await clockText(page, 'white')}`);

  await page.clock.fastForward(10 * S);
  await waitForClock(page, 'black', 168 * S, 170.5 * S);
  assert.equal(await clockMs(page, 'white'), white1, 'White\'s clock stands still on Black\'s turn');
  await place(page, 'bK', 'e8', { touch: true });
  assert.equal(await runningClock(page), 'white', 'White\'s clock runs after K@e8');
  // 3:00 - 10 s + 2 s increment.
  const black1 = await waitForClock(page, 'black', 170 * S, 172 * S);
  await screenshot(page, 'sharp-clock-1024x768');

  await page.clock.fastForward(30 * S);
  await waitForClock(page, 'white', white1 - 32.5 * S, white1 - 29 * S);
  assert.equal(await clockMs(page, 'black'), black1, 'Black\'s clock stands still on White\'s turn');
  await place(page, 'wN', 'g1', { touch: true });
  assert.equal(await runningClock(page), 'black');
  // white1 - 30 s + 2 s.
  await waitForClock(page, 'white', white1 - 30.5 * S, white1 - 27 * S);
  assertNoErrors(errors);
});

test('pause stops the clock; resume starts it again', async () => {
  const { page, errors } = await openGame({ tablet: true, beforeGoto: fakeClock() });
  await newSharpGame(page, { clock: '5+0' });
  await place(page, 'wK', 'e1', { touch: true });
  await page.clock.fastForward(5 * S);
  await waitForClock(page, 'black', 294 * S, 295.5 * S);

  await tapButton(page, 'clock-pause');
  await settle(page);
  const white = await clockMs(page, 'white');
  const black = await clockMs(page, 'black');
  await page.clock.fastForward(60 * S);
  await settle(page);
  assert.equal(await clockMs(page, 'black'), black, 'the paused black clock does not move');
  assert.equal(await clockMs(page, 'white'), white, 'the white clock does not move');
  await page.clock.fastForward(300 * S);
  await settle(page);
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no flag falls while paused');
  // No placement while the clock is paused.
  assert.equal((await trays(page)).bK?.placeable, false, 'nothing is placeable while paused');
  const before = await snapshot(page);
  await dragFromTray(page, 'bK', 'e8', { touch: true });
  await assertUnchanged(page, before, 'a placement while paused');

  // Resume: the same button (a toggle), or a resume button if the app has one.
  const hasResume = (await page.locator('[data-testid=clock-resume]').count()) > 0;
  await tapButton(page, hasResume ? 'clock-resume' : 'clock-pause');
  await settle(page);
  await page.clock.fastForward(10 * S);
  await waitForClock(page, 'black', black - 12.5 * S, black - 9 * S);
  assert.equal(await runningClock(page), 'black');
  await place(page, 'bK', 'e8', { touch: true });
  assert.equal(await runningClock(page), 'white');
  assertNoErrors(errors);
});

test('reload keeps reserve, moves and clock values; time while the page was closed is not charged', async () => {
  const first = await openGame({ tablet: true, beforeGoto: fakeClock() });
  const { context } = first;
  let page = first.page;
  await newSharpGame(page, { clock: '3+2' });
  await place(page, 'wK', 'e1', { touch: true });
  await place(page, 'bK', 'e8', { touch: true });
  await place(page, 'wN', 'g1', { touch: true });
  await page.clock.fastForward(20 * S); // Black thinks for 20 s before the reload.
  await waitForClock(page, 'black', 160 * S, 162.5 * S);
  await settle(page);

  const state = async (p) => ({
    moves: await moveSans(p),
    board: await boardPieces(p),
    trays: Object.fromEntries(Object.entries(await trays(p)).map(([k, v]) => [k, v.count])),
    turn: await turnText(p),
  });
  const before = await state(page);
  const clocks = { white: await clockMs(page, 'white'), black: await clockMs(page, 'black') };
  const saved = await page.evaluate((k) => localStorage.getItem(k), CURRENT);
  assert.ok(saved, 'the game is saved');
  assert.ok(hasClockField(JSON.parse(saved)), `the save has a clock field: ${saved.slice(0, 300)}`);

  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  await page.locator('[data-testid=tray-white]').waitFor({ timeout: SOON });
  assert.deepEqual(await state(page), before, 'moves, board, trays and turn survive the reload');
  // White's clock stands still: the same. Black's runs again once the page is up, so it may
  // have lost the real time of the reload itself (well under 2 s), and must not gain any.
  assert.equal(await clockMs(page, 'white'), clocks.white, 'white clock after the reload');
  const blackAfter = await clockMs(page, 'black');
  assert.ok(
    blackAfter <= clocks.black + 1 * S && blackAfter >= clocks.black - 2 * S,
    `black clock after the reload: ${blackAfter} ms, before ${clocks.black} ms`,
  );
  assert.equal(await runningClock(page), 'black', 'Black\'s clock runs again after the reload');
  // It really runs.
  await page.clock.fastForward(5 * S);
  await waitForClock(page, 'black', clocks.black - 6.5 * S, clocks.black - 4 * S);
  const black2 = await clockMs(page, 'black');
  const errors1 = first.errors;

  // Close the page, let ten minutes pass on the wall clock, open the app again.
  // runBeforeUnload: the page gets its unload events, as when a tab is closed.
  const closed = new Promise((resolve) => page.once('close', resolve));
  await page.close({ runBeforeUnload: true });
  await closed;
  await context.clock.setSystemTime(Date.now() + 10 * 60 * S);
  const second = await openApp({ context });
  page = second.page;
  await boardReady(page);
  await page.locator('[data-testid=tray-white]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no loss on time for the closed page');
  assert.deepEqual(await state(page), before, 'moves, board, trays and turn survive closing the page');
  const black3 = await clockMs(page, 'black');
  assert.ok(
    black3 <= black2 + 1 * S && black3 >= black2 - 2 * S,
    `black clock after 10 min closed: ${black3} ms, was ${black2} ms`,
  );
  assert.equal(await clockMs(page, 'white'), clocks.white, 'white clock after the page was closed');

  // And the game goes on with the clock: Black places, White's clock runs.
  await place(page, 'bN', 'g8', { touch: true });
  assert.equal(await runningClock(page), 'white');
  assertNoErrors(errors1);
  assertNoErrors(second.errors);
});
