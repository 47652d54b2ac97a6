// Nothing lost, nothing crashes: what a fuzzing run and a classroom walkthrough found, each
// checked in the browser as a child or a teacher would meet it.
//   - two tabs keep in step and never overwrite each other's game or rule sets;
//   - unreadable data (a save, the settings, a family save of another format, a position no
//     game can reach) is refused or set aside with a notice, also when storage is full;
//   - rule sets named in any script are kept apart, and replacing one asks first;
//   - the Fun Family "Check!" button is only ever the mover's own call;
//   - after a dialog opened with a second finger, nothing is selected;
//   - Stop game is the teacher's under the lock;
//   - a panic shows "Start again", which sets the open game aside and keeps the rest.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, openApp, screenshot } from './harness.mjs';
import {
  SOON,
  assertNoErrors,
  boardReady,
  closeDialog,
  confirm,
  importText,
  moveSans,
  openGame,
  playMove,
  playMoves,
  resultText,
  setTeacherPin,
  settle,
  squareCenter,
  tapSquare,
  waitForMoveCount,
} from './chess.mjs';
import { KINGS, newFamilyGame, importFamily, familyMove, records, waitForRecord, callPressed } from './family.mjs';

after(shutdown);

const CURRENT = 'classroom-chess.current';
const FAMILY = 'classroom-chess.family';
const SETTINGS = 'classroom-chess.settings';
const RULE_SETS = 'classroom-chess.rulesets';

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const asideKeys = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('classroom-chess.set-aside.')));

async function noticeText(page) {
  const notice = page.locator('[data-testid=storage-notice]');
  await notice.waitFor({ state: 'visible', timeout: SOON });
  return (await notice.textContent()).replace(/\s+/g, ' ');
}

async function reload(page) {
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
}

/** Opens the custom rules screen from New game. */
async function openRules(page) {
  await page.locator('[data-testid=new-game]').click();
  await page.locator('[data-testid=open-rules]').click();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
}

async function saveRules(page, name) {
  await page.locator('[data-testid=ruleset-name]').fill(name);
  await page.locator('[data-testid=ruleset-save]').click();
}

const itemOf = (page, slug) => page.locator(`[data-testid="ruleset-item-${slug}"]`);

test('two tabs keep in step: a move in one shows in the other, and a reload has every move', async () => {
  const { page: a, context, errors } = await openGame({ tablet: true });
  const { page: b, errors: errorsB } = await openApp({ context, viewport: { width: 1024, height: 768 }, hasTouch: true });
  await boardReady(b);
  await playMove(a, 'e2e4', { touch: true, san: 'e4' });
  await waitForMoveCount(b, 1);
  assert.deepEqual(await moveSans(b), ['e4'], 'the other tab shows the move');
  await b.locator('[data-testid=message]').waitFor({ timeout: SOON });
  assert.match(await b.locator('[data-testid=message]').textContent(), /continued in another tab/);
  await playMove(b, 'e7e5', { touch: true, san: 'e5' });
  await waitForMoveCount(a, 2);
  await playMove(a, 'g1f3', { touch: true, san: 'Nf3' });
  await waitForMoveCount(b, 3);
  await reload(a);
  assert.deepEqual(await moveSans(a), ['e4', 'e5', 'Nf3'], 'no move of either tab was lost');
  assert.deepEqual(await asideKeys(a), [], 'nothing had to be set aside');
  assertNoErrors(errors);
  assertNoErrors(errorsB);
  await context.close();
});

test('a save another tab wrote unseen is kept aside, never overwritten', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  // Another tab wrote in the same moment (no storage event reached this one).
  const theirs = await page.evaluate((k) => {
    const v = JSON.parse(localStorage.getItem(k));
    v.rev = 12345;
    v.names = { white: 'Other tab', black: '' };
    const text = JSON.stringify(v);
    localStorage.setItem(k, text);
    return text;
  }, CURRENT);
  await playMove(page, 'e7e5', { touch: true, san: 'e5' });
  assert.match(await noticeText(page), /also changed in another tab.*kept aside as/);
  const aside = await asideKeys(page);
  assert.equal(aside.length, 1);
  assert.equal(await stored(page, aside[0]), theirs, 'the other tab\'s save is kept as it was');
  assert.deepEqual(JSON.parse(await stored(page, CURRENT)).game.moves, ['e2e4', 'e7e5']);
  assertNoErrors(errors);
  await context.close();
});

test('rule sets saved in two tabs are both kept; names in any script are kept apart; replacing asks first', async () => {
  const { page: a, context, errors } = await openGame({ tablet: true });
  const { page: b } = await openApp({ context, viewport: { width: 1024, height: 768 }, hasTouch: true });
  await boardReady(b);
  await openRules(a);
  await openRules(b);
  await saveRules(a, 'Ферзь');
  await itemOf(a, 'ферзь').waitFor({ timeout: SOON });
  // Tab B opened its screen before A saved: its save must not drop A's set.
  await saveRules(b, '象棋');
  await itemOf(b, '象棋').waitFor({ timeout: SOON });
  await itemOf(b, 'ферзь').waitFor({ timeout: SOON });
  await itemOf(a, '象棋').waitFor({ timeout: SOON });
  const names = JSON.parse(await stored(a, RULE_SETS)).sets.map((s) => s.name).sort();
  assert.deepEqual(names, ['Ферзь', '象棋']);

  // "week 1" after "Week 1": the same set, so the screen asks before replacing it.
  await saveRules(a, 'Week 1');
  await itemOf(a, 'week-1').waitFor({ timeout: SOON });
  await saveRules(a, 'week 1');
  const ask = a.locator('[data-testid=ruleset-replace]');
  await ask.waitFor({ timeout: SOON });
  assert.match(await ask.textContent(), /"Week 1" is saved already/);
  await ask.scrollIntoViewIfNeeded();
  await screenshot(a, 'rule-set-replace-1024x768');
  await a.locator('[data-testid=ruleset-replace-no]').click();
  await ask.waitFor({ state: 'detached', timeout: SOON });
  assert.equal(JSON.parse(await stored(a, RULE_SETS)).sets.length, 3, 'nothing was replaced');
  // "week-1!" is another name, not the same set.
  await saveRules(a, 'week-1!');
  await itemOf(a, 'week_2d1_21').waitFor({ timeout: SOON });
  await saveRules(a, 'WEEK 1');
  await ask.waitFor({ timeout: SOON });
  await a.locator('[data-testid=ruleset-replace-yes]').click();
  await a.locator('[data-testid=ruleset-saved]').waitFor({ timeout: SOON });
  assert.match(await a.locator('[data-testid=ruleset-saved]').textContent(), /replaces/);
  const after = JSON.parse(await stored(a, RULE_SETS)).sets.map((s) => s.name).sort();
  assert.deepEqual(after, ['WEEK 1', 'week-1!', 'Ферзь', '象棋']);
  await screenshot(a, 'rule-sets-any-script-1024x768');
  assertNoErrors(errors);
  await context.close();
});

test('unreadable settings and a family save of another format are set aside with a notice', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await page.evaluate(([s, f]) => {
    localStorage.setItem(s, '{"orientation":"sideways"}');
    localStorage.setItem(f, JSON.stringify({ app: 'classroom-chess-family', version: 2, record: {} }));
  }, [SETTINGS, FAMILY]);
  await reload(page);
  const text = await noticeText(page);
  assert.match(text, /settings could not be opened .*kept aside/);
  assert.match(text, /Fun Family Chess game could not be opened \(the save has format 2/);
  const aside = await asideKeys(page);
  assert.equal(aside.length, 2, `both kept aside: ${aside}`);
  assert.equal(await stored(page, SETTINGS), null);
  // The app works on: a move is played and the settings can be saved again.
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  assertNoErrors(errors);
  await context.close();
});

test('with storage full, an unreadable save is left untouched, never written over, and said so', async () => {
  const { page, context, errors } = await openGame({
    tablet: true,
    beforeGoto: (p) =>
      p.addInitScript(() => {
        // A full storage: no new set-aside copy fits.
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(key).startsWith('classroom-chess.set-aside.')) {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          }
          return setItem.call(this, key, value);
        };
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('classroom-chess.current', '{"app":"classroom-chess","version":1,"game":');
        }
      }),
  });
  const text = await noticeText(page);
  assert.match(text, /could not be opened .*storage is full.*left untouched/);
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  assert.match(await noticeText(page), /did not let us save the game/);
  assert.equal(await stored(page, CURRENT), '{"app":"classroom-chess","version":1,"game":', 'the original is kept');
  await reload(page);
  assert.equal(await stored(page, CURRENT), '{"app":"classroom-chess","version":1,"game":');
  assertNoErrors(errors);
  await context.close();
});

const QUEENS_21 =
  'rKm9 bKa11 rQn4 rQc6 rQn7 rQk14 rQa7 rQk8 rQg6 rQj9 rQe5 rQf1 rQf14 rQk6 rQd5 rQh2 rQk1 rQn6 rQi12 rQe10 rQi2 rQn5 rQj3';

test('a four-player position no game can reach is refused, and a saved one is set aside: the app starts', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newFamilyGame(page, { players: 4 });
  const error = await importText(page, QUEENS_21, { expectError: true });
  assert.match(error, /Red has 22 pieces — an army has at most 16/);
  await closeDialog(page).catch(() => page.keyboard.press('Escape'));
  await importFamily(page, `${KINGS} rQd5`);
  const record = { version: 1, start: QUEENS_21, actions: [], players: [{}, {}, {}, {}].map(() => ({ age: null, ticked: false })) };
  await page.evaluate(
    ([k, v]) => localStorage.setItem(k, v),
    [FAMILY, JSON.stringify({ app: 'classroom-chess-family', version: 1, rev: 9, record, names: ['', '', '', ''], result_closed: false })],
  );
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.match(await noticeText(page), /Fun Family Chess game could not be opened .*at most 16.*kept aside/);
  assert.equal(await stored(page, FAMILY), null);
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  assertNoErrors(errors);
  await context.close();
});

test('Fun Family "Check!" before a move is the mover\'s own call; the last mover has a button of their own', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newFamilyGame(page, { players: 4 });
  await importFamily(page, `${KINGS} rQd5 bPb10 turn:r`);
  await familyMove(page, 'd5', 'f7', { record: 'r: Qd5-f7' });
  const callLast = page.locator('[data-testid=call-last-check]');
  await callLast.waitFor({ timeout: SOON });
  assert.match(await callLast.textContent(), /^Red: call check on your last move$/);
  assert.match(await page.locator('[data-testid=call-help]').textContent(), /^Blue: /);
  await screenshot(page, 'family-call-last-check-1024x768');
  // Blue presses Check! before moving: it arms Blue's own call and leaves Red's move alone.
  await page.locator('[data-testid=call-check]').click();
  assert.equal(await callPressed(page), true, "Blue's call is armed");
  await callLast.waitFor({ state: 'detached', timeout: SOON });
  assert.deepEqual(await records(page), ['r: Qd5-f7'], "Red's move did not become a check");
  assert.equal(await page.locator('[data-testid=standing-checks]').textContent(), '');
  await familyMove(page, 'b10', 'd10', { record: 'b: b10-d10' });
  assert.deepEqual((await records(page)).slice(0, 2), ['r: Qd5-f7', 'b: b10-d10']);
  assertNoErrors(errors);
  await context.close();
});

test('a dialog opened with a second finger while dragging leaves nothing selected afterwards', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  const cdp = await context.newCDPSession(page);
  const pt = (id, p) => ({ x: p.x, y: p.y, id, radiusX: 1, radiusY: 1, force: 1 });
  const send = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  const e2 = await squareCenter(page, 'e2');
  const box = await page.locator('[data-testid=settings]').boundingBox();
  const button = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await send('touchStart', [pt(1, e2)]);
  await settle(page, 60);
  assert.ok((await page.locator('[data-testid=board] .move-hint').count()) > 0, 'the pawn is lifted');
  // A second finger taps Settings while the first still holds the pawn (CDP: touchEnd lists
  // the fingers that lift).
  await send('touchStart', [pt(1, e2), pt(2, button)]);
  await settle(page, 60);
  await send('touchEnd', [pt(2, button)]);
  await page.locator('[data-testid=settings-dialog]').waitFor({ timeout: SOON });
  await send('touchEnd', [pt(1, e2)]);
  await closeDialog(page);
  await settle(page);
  assert.equal(await page.locator('[data-testid=board] .move-hint').count(), 0, 'no move hints: nothing selected');
  await tapSquare(page, 'e4', { touch: true });
  await settle(page);
  assert.deepEqual(await moveSans(page), [], 'one tap plays nothing');
  // The other order: the first finger lifts before the second finger's tap ends.
  await send('touchStart', [pt(1, e2)]);
  await settle(page, 60);
  await send('touchStart', [pt(1, e2), pt(2, button)]);
  await settle(page, 60);
  await send('touchEnd', [pt(1, e2)]);
  await send('touchEnd', [pt(2, button)]);
  await page.locator('[data-testid=settings-dialog]').waitFor({ timeout: SOON });
  await closeDialog(page);
  await cdp.detach();
  await tapSquare(page, 'e4', { touch: true });
  await settle(page);
  assert.deepEqual(await moveSans(page), [], 'one tap plays nothing');
  assertNoErrors(errors);
  await context.close();
});

test('with the teacher lock on, Stop game asks for the PIN', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await setTeacherPin(page, '2468');
  await playMoves(page, ['e2e4', 'd7d5', 'e4d5'], { touch: true });
  await reload(page);
  await page.locator('[data-testid=stop-game]').tap();
  await page.locator('[data-testid=pin-dialog]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=pin-cancel]').tap();
  await page.locator('[data-testid=pin-dialog]').waitFor({ state: 'detached', timeout: SOON });
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'the game was not stopped');
  await page.locator('[data-testid=stop-game]').tap();
  for (const d of '2468') await page.locator(`[data-testid=pin-key-${d}]`).tap();
  await page.locator('[data-testid=pin-ok]').tap();
  await confirm(page, true);
  assert.match(await resultText(page), /draw/i);
  assertNoErrors(errors);
  await context.close();
});

test('a panic shows "Start again": the open game is set aside, rule sets and settings stay', async () => {
  const { page, context, url } = await openGame({ tablet: true });
  await playMoves(page, ['e2e4', 'e7e5'], { touch: true });
  await openRules(page);
  await saveRules(page, 'Kept rules');
  await itemOf(page, 'kept-rules').waitFor({ timeout: SOON });
  const game = await stored(page, CURRENT);
  await page.goto(`${url}?panic-test`, { waitUntil: 'load' });
  const again = page.locator('[data-testid=start-again]');
  await again.waitFor({ timeout: 10_000 });
  assert.match(await page.locator('#crash-screen').textContent(), /Something went wrong/);
  await screenshot(page, 'crash-screen-1024x768');
  await again.click();
  await page.waitForURL((u) => !u.search.includes('panic-test'), { timeout: SOON });
  await boardReady(page);
  assert.match(await noticeText(page), /stopped because of an error while the game was open.*kept aside as/);
  assert.deepEqual(await moveSans(page), [], 'a new game is on the board');
  const aside = await asideKeys(page);
  assert.equal(aside.length, 1);
  assert.equal(await stored(page, aside[0]), game, 'the game is kept, unchanged');
  assert.ok((await stored(page, RULE_SETS)).includes('Kept rules'), 'the rule sets are kept');
  await playMove(page, 'd2d4', { touch: true, san: 'd4' });
  await context.close();
});

test("the screen after a panic is in the app's language: Arabic's words, right to left", async () => {
  const { page, context, url } = await openGame({ tablet: true, locale: 'ar' });
  await page.goto(`${url}?panic-test`, { waitUntil: 'load' });
  const again = page.locator('[data-testid=start-again]');
  await again.waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('#crash-title').textContent(), 'حدث خطأ ما');
  assert.match(await page.locator('#crash-screen p').textContent(), /^توقّف التطبيق بسبب خطأ\. .* كي لا يعود الخطأ\.$/);
  assert.equal(await again.textContent(), 'ابدأ من جديد');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'start-again', 'the button has the focus');
  await screenshot(page, 'crash-screen-arabic-1024x768');
  await again.click();
  await page.waitForURL((u) => !u.search.includes('panic-test'), { timeout: SOON });
  await boardReady(page);
  await context.close();
});
