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
  await page.locator('[data-testid=board]').focus();
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
