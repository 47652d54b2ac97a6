// The board by keyboard alone: Tab reaches it, the arrow keys move a focus ring over the
// squares as drawn (on a turned board too), Enter and Space pick a piece up and put it down,
// a wrong square plays nothing, and every focused square is said to screen readers.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import { openGame, assertNoErrors, moveSans, newGame, resultText, setSettings, waitForMoveCount, SOON } from './chess.mjs';

after(shutdown);

const FILES = 'abcdefgh';

/** The focused square (the ring's) and what the live region said last. */
async function focused(page) {
  return page.locator('[data-testid=focus-ring]').getAttribute('data-square');
}
async function said(page) {
  return (await page.locator('#announcer').textContent()).replace(/\u00a0/g, '').trim();
}

/** Waits until the live region says something matching `re`. */
async function saidSoon(page, re) {
  await page.waitForFunction(
    (source) => new RegExp(source).test((document.querySelector('#announcer')?.textContent ?? '').replace(/\u00a0/g, '').trim()),
    re.source,
    { timeout: SOON },
  );
}

/** Moves the focus from where it is to `square` with arrow keys (White at the bottom). */
async function goTo(page, square) {
  const from = await focused(page);
  const dx = FILES.indexOf(square[0]) - FILES.indexOf(from[0]);
  const dy = Number(square.slice(1)) - Number(from.slice(1));
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
  assert.equal(await focused(page), square);
}

async function keyMove(page, uci, key = 'Enter') {
  const n = (await moveSans(page)).length;
  await goTo(page, uci.slice(0, 2));
  await page.keyboard.press(key);
  await goTo(page, uci.slice(2, 4));
  await page.keyboard.press(key);
  await waitForMoveCount(page, n + 1);
}

test('a Primary game played by keyboard alone, every square said', async () => {
  const { page, errors } = await openGame();
  // Tab until the board has the focus (the menu's buttons come first).
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.dataset?.testid === 'board')); i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'board', 'Tab reaches the board');
  assert.equal(await focused(page), 'a1', 'the focus starts at the bottom-left corner');
  assert.equal(await said(page), 'a1, white rook');
  await page.keyboard.press('ArrowUp');
  assert.equal(await said(page), 'a2, white pawn');
  // Reading keys: the pieces, the focused rank and file, whose turn.
  // (Their words come from a part fetched with the first reading key: wait for them.)
  await page.keyboard.press('p');
  await saidSoon(page, /^White: king e1, queen d1, rook a1, rook h1, .*pawn h2\. Black: king e8, queen d8, /);
  await page.keyboard.press('r');
  await saidSoon(page, /^Rank 2: a2, white pawn; b2, white pawn; .*h2, white pawn$/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('r');
  await saidSoon(page, /^Rank 3: empty$/);
  await page.keyboard.press('f');
  await saidSoon(page, /^File a: a1, white rook; a2, white pawn; a7, black pawn; a8, black rook$/);
  await page.keyboard.press('t');
  await saidSoon(page, /^White to move$/);
  await page.keyboard.press('ArrowDown');

  // Pick up e2: its square says so; e4 says it is a legal move; a wrong square plays nothing.
  await goTo(page, 'e2');
  await page.keyboard.press('Enter');
  assert.match(await said(page), /^e2, white pawn, picked up/);
  await goTo(page, 'e4');
  assert.equal(await said(page), 'e4, empty, a legal move for the white pawn on e2');
  await goTo(page, 'e5');
  await page.keyboard.press('Enter');
  assert.deepEqual(await moveSans(page), [], 'e5 is no legal square: nothing was played');
  await screenshot(page, 'keyboard-focus-1280x800');

  // A whole game, Enter and Space alike: White takes the king on e8.
  await keyMove(page, 'e2e4');
  await keyMove(page, 'f7f5', ' ');
  await keyMove(page, 'd1h5');
  await keyMove(page, 'a7a6', ' ');
  await goTo(page, 'h5');
  await page.keyboard.press('Enter');
  await goTo(page, 'e8');
  assert.equal(await said(page), 'e8, black king, the white queen on h5 can take it');
  await page.keyboard.press('Enter');
  assert.deepEqual(await moveSans(page), ['e4', 'f5', 'Qh5+', 'a6', 'Qxe8']);
  assert.match(await resultText(page), /White wins/);
  assertNoErrors(errors);
});

test('the arrows follow the screen on a board turned for Black', async () => {
  const { page, errors } = await openGame();
  // The board turns to the side to move: after White's move, Black is at the bottom.
  await setSettings(page, { orientation: 'flip' });
  // By Tab, as a keyboard user gets there (the ring comes with the keyboard's focus).
  await tabTo(page, '[data-testid=board]');
  await keyMove(page, 'e2e4');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.dataset.rotation === '180');
  await page.keyboard.press('Home');
  assert.equal(await focused(page), 'h4', 'Home: the first square of the row on screen, h4 with Black at the bottom');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(page), 'h3', 'up the screen is down the ranks');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'g3', 'right on the screen is towards the a-file');
  assertNoErrors(errors);
});

test('moves typed in the move box: notation, machine form, refusals in words', async () => {
  const { page, errors } = await openGame();
  await page.locator('[data-testid=type-move]').click();
  const box = page.locator('[data-testid=move-box]');
  await box.waitFor({ timeout: SOON });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'move-box', 'the box takes the typing at once');
  await box.fill('e4');
  await box.press('Enter');
  await waitForMoveCount(page, 1);
  await box.fill('e7e5');
  await box.press('Enter');
  await waitForMoveCount(page, 2);
  // Not a legal move: refused with the reason, said, and nothing changes.
  await box.fill('Ke3');
  await box.press('Enter');
  assert.match(await page.locator('[data-testid=move-box-error]').innerText(), /^Ke3 is not a move here/);
  assert.match(await said(page), /^Ke3 is not a move here/);
  assert.equal(await box.inputValue(), 'Ke3', 'what was typed stays to be corrected');
  await box.fill('Nf3');
  await box.press('Enter');
  await waitForMoveCount(page, 3);
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3']);
  assert.equal(await box.inputValue(), '');

  // Chess#: a placement from the reserve, typed.
  await newGame(page, { mode: 'sharp' });
  assert.ok(await box.isVisible(), 'the box stays open for the next game');
  await box.fill('K@e1');
  await box.press('Enter');
  await waitForMoveCount(page, 1);
  assert.deepEqual(await moveSans(page), ['K@e1']);
  assertNoErrors(errors);
});

test('Chess# by keyboard: a reserve piece picked with Enter, placed with Enter on the board', async () => {
  const { page, errors } = await openGame();
  await newGame(page, { mode: 'sharp' });
  const king = page.locator('[data-testid=tray-white] [data-reserve=wK]');
  await king.waitFor({ timeout: SOON });
  await king.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=board]').focus();
  await goTo(page, 'e1');
  assert.match(await said(page), /^e1, empty/);
  await page.keyboard.press('Enter');
  await waitForMoveCount(page, 1);
  assert.deepEqual(await moveSans(page), ['K@e1']);
  assertNoErrors(errors);
});

test('a dialog keeps Tab inside and gives the focus back when it closes', async () => {
  const { page, errors } = await openGame();
  await page.locator('[data-testid=settings]').focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-testid=settings-dialog]');
  await dialog.waitFor({ timeout: SOON });
  for (const key of [...Array(25).fill('Tab'), ...Array(25).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    assert.ok(
      await page.evaluate(() => !!document.activeElement?.closest('[data-testid=settings-dialog]')),
      `after ${key} the focus is still in the dialog`,
    );
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: SOON });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'settings', 'the focus is back on Settings');
  assertNoErrors(errors);
});

// ---------------------------------------------------------------------------------------------
// A whole game of every other mode by keyboard alone: Tab to every control, arrows in the
// mode's radio group, the board's arrows and Enter for every move and placement.

/** Presses Tab until the focus is on an element matching `selector`. */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

/** New game of `mode` through the dialog, by keyboard (the mode chosen with the arrow keys). */
async function keyNewGame(page, mode) {
  await tabTo(page, '[data-testid=new-game]');
  await page.keyboard.press('Enter');
  await page.locator('input[name=mode]').first().waitFor({ timeout: SOON });
  await tabTo(page, 'input[name=mode]');
  for (let i = 0; i < 10 && !(await page.locator(`input[name=mode][value=${mode}]`).isChecked()); i++) {
    await page.keyboard.press('ArrowDown');
  }
  assert.ok(await page.locator(`input[name=mode][value=${mode}]`).isChecked(), `${mode} chosen by the arrows`);
  await tabTo(page, '[data-testid=start-game]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  await tabTo(page, '[data-testid=board]');
}

/**
 * Moves the focus ring to `square` on any board, however it is turned: the arrows go the way
 * the target lies on the screen (the cross board's missing corners are stepped over).
 */
async function goToAny(page, square) {
  const centre = async (sq) => {
    const b = await page.locator(`rect[data-square=${sq}]:not([data-testid=focus-ring])`).first().boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, size: b.width };
  };
  const target = await centre(square);
  for (let step = 0; step < 40; step++) {
    const from = await focused(page);
    if (from === square) return;
    const here = await centre(from);
    const dx = target.x - here.x;
    const dy = target.y - here.y;
    const half = target.size / 2;
    // Alternate between the two directions, so a missing corner on one way is gone round.
    const horizontal = Math.abs(dy) < half || (Math.abs(dx) >= half && step % 2 === 0);
    if (horizontal) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await focused(page), square);
}

async function keyMoveAny(page, from, to) {
  const n = (await moveSans(page)).length;
  await goToAny(page, from);
  await page.keyboard.press('Enter');
  await goToAny(page, to);
  await page.keyboard.press('Enter');
  await waitForMoveCount(page, n + 1);
}

test('orthodox chess by keyboard alone, to checkmate', async () => {
  const { page, errors } = await openGame();
  await keyNewGame(page, 'orthodox');
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) await keyMoveAny(page, from, to);
  assert.deepEqual(await moveSans(page), ['f3', 'e5', 'g4', 'Qh4#']);
  assert.match(await resultText(page), /Black wins/);
  assertNoErrors(errors);
});

test('Chess# by keyboard alone: placements from the trays, then the king taken', async () => {
  const { page, errors } = await openGame();
  await keyNewGame(page, 'sharp');
  /** A reserve piece placed: Tab to its tray item, Enter, back to the board, Enter on `to`. */
  const placeByKeys = async (code, to) => {
    const n = (await moveSans(page)).length;
    await tabTo(page, `[data-reserve=${code}]`);
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-testid=board]');
    await goToAny(page, to);
    await page.keyboard.press('Enter');
    await waitForMoveCount(page, n + 1);
  };
  await placeByKeys('wK', 'e1');
  await placeByKeys('bK', 'e8');
  await placeByKeys('wN', 'b1');
  await placeByKeys('bN', 'b8');
  await keyMoveAny(page, 'b1', 'c3');
  await keyMoveAny(page, 'b8', 'c6');
  await keyMoveAny(page, 'c3', 'd5');
  await keyMoveAny(page, 'a7', 'a6');
  await keyMoveAny(page, 'd5', 'c7');
  await keyMoveAny(page, 'a6', 'a5');
  await keyMoveAny(page, 'c7', 'e8');
  assert.deepEqual((await moveSans(page)).slice(0, 4), ['K@e1', 'K@e8', 'N@b1', 'N@b8']);
  assert.match(await resultText(page), /White wins/);
  assertNoErrors(errors);
});

test('Fun Family Chess by keyboard alone: moves on the cross board, resignations to the end', async () => {
  const { page, errors } = await openGame();
  await keyNewGame(page, 'family');
  await page.locator('rect[data-square=n11]').waitFor({ timeout: SOON });
  // Red, Blue, Yellow, Green: a pawn each, then Red again.
  for (const [from, to] of [['e2', 'e4'], ['b5', 'd5'], ['e13', 'e11'], ['m5', 'k5'], ['f2', 'f3']]) {
    await keyMoveAny(page, from, to);
  }
  // Blue, Yellow and Green resign in turn (each asked once more, answered with Enter).
  for (const seat of ['b', 'y', 'g']) {
    await tabTo(page, `[data-testid=resign-${seat}]`);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=family-confirm-yes]').waitFor({ timeout: SOON });
    await tabTo(page, '[data-testid=family-confirm-yes]');
    await page.keyboard.press('Enter');
    if (seat !== 'g') await page.locator('[data-testid=family-confirm]').waitFor({ state: 'detached', timeout: SOON });
  }
  assert.match(await resultText(page), /Red wins/);
  assertNoErrors(errors);
});
