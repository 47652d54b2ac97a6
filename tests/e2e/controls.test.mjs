// Game controls and board settings: Stop game (Primary adjudication, RULES.md §2.8), resign and
// draw offers (orthodox; Primary only when the teacher allows them, §2.7), board orientation
// (flip after each move, face to face), and touch hit-testing right after a viewport resize.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  playMoves,
  playMove,
  boardPieces,
  moveSans,
  turnText,
  newGame,
  importText,
  setSettings,
  resultText,
  resultPoints,
  confirm,
  waitForPiece,
  squareCenter,
  squareBox,
  pointer,
  settle,
  SOON,
} from './chess.mjs';

after(shutdown);

const board = (page) => page.locator('[data-testid=board]');

test('Primary Stop game: a material lead of 3 wins, confirm first; "No" goes back', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  // White 7 pawns against 4: a lead of exactly 3.
  await importText(page, '4k3/pppp4/8/8/8/8/PPPPPPP1/4K3 w - - 0 1');
  await waitForPiece(page, 'wP', 'g2');
  const stop = page.locator('[data-testid=stop-game]');
  await stop.click();
  await confirm(page, false);
  assert.equal(await page.locator('[data-testid=result]').count(), 0, '"No" does not stop the game');
  assert.equal(await turnText(page), 'White to move');

  await stop.click();
  await confirm(page, true);
  const text = await resultText(page);
  assert.match(text, /White wins/i, text);
  assert.match(text, /stop|material/i, `the reason mentions the stop / material: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [3, 1], points.text);
  assert.equal(await stop.count(), 0, 'no Stop button once the game is over');
  assertNoErrors(errors);
  await context.close();
});

test('Primary Stop game without a lead of 3 is a draw, 2 points each (also with margin 5)', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMoves(page, ['e2e4', 'd7d5', 'e4d5'], { touch: true }); // White +1
  await page.locator('[data-testid=stop-game]').click();
  await confirm(page, true);
  let text = await resultText(page);
  assert.match(text, /draw/i, text);
  let points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [2, 2], points.text);

  // Margin 5: a lead of 3 is not enough.
  await page.locator('[data-testid=result-new-game]').click();
  await page.locator('[data-testid=result]').waitFor({ state: 'detached', timeout: SOON });
  const radio = page.locator('input[name=mode][value=primary]');
  await radio.waitFor({ timeout: SOON });
  await radio.check();
  await page.locator('select[data-option=margin]').selectOption('5');
  await page.locator('[data-testid=start-game]').click();
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  await importText(page, '4k3/pppp4/8/8/8/8/PPPPPPP1/4K3 w - - 0 1');
  await waitForPiece(page, 'wP', 'g2');
  await page.locator('[data-testid=stop-game]').click();
  await confirm(page, true);
  text = await resultText(page);
  assert.match(text, /draw/i, `margin 5, lead 3: ${text}`);
  points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [2, 2], points.text);
  assertNoErrors(errors);
  await context.close();
});

test('Primary hides resign and draw offers unless the new-game options allow them', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMove(page, 'e2e4', { touch: true });
  assert.equal(await page.locator('[data-testid=resign]').count(), 0, 'no resign in Primary by default');
  assert.equal(await page.locator('[data-testid=offer-draw]').count(), 0, 'no draw offer in Primary by default');
  assert.equal(await page.locator('[data-testid=stop-game]').count(), 1, 'Stop game is there in Primary');

  await newGame(page, { mode: 'primary', options: { resign: true } });
  await page.locator('[data-testid=resign]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=offer-draw]').waitFor({ timeout: SOON });
  // Allowed resignations behave as in orthodox chess.
  await playMove(page, 'd2d4', { touch: true });
  await page.locator('[data-testid=resign]').click();
  await confirm(page, true);
  const text = await resultText(page);
  assert.match(text, /White wins/i, `Black resigned on Black's turn: ${text}`);
  assert.match(text, /resign/i, text);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [3, 1], points.text);
  assertNoErrors(errors);
  await context.close();
});

test('orthodox: resign (confirmed) ends the game; offer draw + accept is a draw; decline plays on', async () => {
  const { page, context, errors } = await openGame();
  await newGame(page, { mode: 'orthodox' });
  assert.equal(await page.locator('[data-testid=stop-game]').count(), 0, 'no Stop game in orthodox chess');
  await playMove(page, 'e2e4');
  const resign = page.locator('[data-testid=resign]');
  await resign.click();
  await confirm(page, false);
  assert.equal(await page.locator('[data-testid=result]').count(), 0, '"No" keeps the game going');
  await resign.click();
  await confirm(page, true);
  let text = await resultText(page);
  assert.match(text, /White wins/i, text);
  assert.match(text, /resign/i, text);
  let points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [1, 0], points.text);
  assert.match(await turnText(page), /Game over/);
  assert.equal(await resign.count(), 0, 'no resign button after the game');

  // A draw offer declined, then one accepted.
  await page.locator('[data-testid=result-new-game]').click();
  await page.locator('input[name=mode][value=orthodox]').check();
  await page.locator('[data-testid=start-game]').click();
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  await playMoves(page, ['d2d4', 'd7d5']);
  await page.locator('[data-testid=offer-draw]').click();
  await page.locator('[data-testid=decline-draw]').click();
  await page.locator('[data-testid=accept-draw]').waitFor({ state: 'detached', timeout: SOON });
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'a declined offer changes nothing');
  await playMove(page, 'c2c4', { san: 'c4' });
  await page.locator('[data-testid=offer-draw]').click();
  await page.locator('[data-testid=accept-draw]').click();
  text = await resultText(page);
  assert.match(text, /draw/i, text);
  assert.match(text, /agree/i, text);
  points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [0.5, 0.5], points.text);
  assertNoErrors(errors);
  await context.close();
});

test('orientation "flip" turns the board after each move; moves by touch still land right', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  assert.equal(await board(page).getAttribute('data-orientation'), 'white');
  await setSettings(page, { orientation: 'flip' });
  assert.equal(await board(page).getAttribute('data-orientation'), 'white', 'White to move: White at the bottom');
  const e2 = await squareBox(page, 'e2');
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.orientation === 'black', null, { timeout: SOON });
  // Flipped: Black's pieces are now at the bottom, e7 below e2's old place on the screen.
  const e7 = await squareBox(page, 'e7');
  const e2now = await squareBox(page, 'e2');
  assert.ok(e7.y > e2now.y, 'e7 is drawn below e2 when Black is at the bottom');
  assert.ok(Math.abs(e2now.y - e2.y) > e2.height, 'e2 moved on the screen');
  await playMove(page, 'e7e5', { touch: true, san: 'e5' });
  await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.orientation === 'white', null, { timeout: SOON });
  await playMove(page, 'g1f3', { touch: true, san: 'Nf3' });
  await playMove(page, 'b8c6', { touch: true, san: 'Nc6' });
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6']);
  assertNoErrors(errors);
  await context.close();
});

test('orientation "face-to-face" sets data-face-to-face, keeps White at the bottom and turns the turn box to the player to move', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  assert.equal(await board(page).getAttribute('data-face-to-face'), 'false');
  await setSettings(page, { orientation: 'face-to-face' });
  assert.equal(await board(page).getAttribute('data-face-to-face'), 'true');
  const turnTurned = () => page.locator('[data-testid=turn]').evaluate((el) => el.classList.contains('flipped'));
  assert.equal(await turnTurned(), false, "White's turn reads for White");
  await playMove(page, 'e2e4', { touch: true });
  assert.equal(await turnTurned(), true, "Black's turn is turned to face Black across the table");
  await playMove(page, 'e7e5', { touch: true });
  assert.equal(await turnTurned(), false);
  assert.equal(await board(page).getAttribute('data-orientation'), 'white', 'face to face does not flip');
  assert.equal(await board(page).getAttribute('data-face-to-face'), 'true');
  await setSettings(page, { orientation: 'fixed' });
  assert.equal(await board(page).getAttribute('data-face-to-face'), 'false');
  assertNoErrors(errors);
  await context.close();
});

test('touch moves hit the right squares right after the viewport is resized (rotation)', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  const before = await squareCenter(page, 'e7');
  await page.setViewportSize({ width: 768, height: 1024 });
  // No waiting for animations: the very next drag must use the new layout.
  const after1 = await squareCenter(page, 'e7');
  assert.ok(Math.abs(after1.x - before.x) + Math.abs(after1.y - before.y) > 1, 'the board moved or resized with the viewport');
  await playMove(page, 'e7e5', { touch: true, san: 'e5' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await playMove(page, 'g1f3', { touch: true, san: 'Nf3' });
  // A drag started before a resize and finished after it lands where the finger is.
  const finger = await pointer(page, { touch: true });
  await finger.down('b8');
  await finger.move('b7', { steps: 4 });
  await page.setViewportSize({ width: 768, height: 1024 });
  await finger.move('c6', { steps: 4 });
  await finger.up();
  await waitForPiece(page, 'bN', 'c6');
  await settle(page);
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6']);
  const b = await boardPieces(page);
  assert.equal(b.f3, 'wN');
  assert.equal(b.c6, 'bN');
  assertNoErrors(errors);
  await context.close();
});

test('orthodox: "Claim a draw" appears only after a threefold repetition and ends the game', async () => {
  const { page, context, errors } = await openGame();
  await newGame(page, { mode: 'orthodox' });
  const claim = page.locator('[data-testid=claim-draw]');
  const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];
  for (const m of shuffle) {
    await playMove(page, m);
    assert.equal(await claim.count(), 0, `no claim after ${m}: not yet three times`);
  }
  await playMove(page, 'f6g8');
  await claim.waitFor({ state: 'visible', timeout: SOON });
  await claim.click();
  const text = await resultText(page);
  assert.match(text, /draw/i, text);
  assert.match(text, /three times|repetition/i, text);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [0.5, 0.5], points.text);
  assertNoErrors(errors);
  await context.close();
});

test('Primary has no draw claims: the same repetition shows no claim button', async () => {
  const { page, context, errors } = await openGame();
  for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8']) await playMove(page, m);
  await settle(page);
  assert.equal(await page.locator('[data-testid=claim-draw]').count(), 0, 'Primary Chess has only two automatic draws');
  assert.equal(await page.locator('[data-testid=result]').count(), 0);
  assertNoErrors(errors);
  await context.close();
});

test('every dialog closes with its close button and with Escape, changing nothing', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMoves(page, ['e2e4', 'e7e5'], { touch: true });
  const before = await boardPieces(page);
  const dialogs = [
    ['new-game', 'input[name=mode]'],
    ['settings', 'select[data-testid=orientation]'],
    ['export', 'textarea[data-testid=fen-text]'],
    ['import', 'textarea[data-testid=import-text]'],
    ['stop-game', '[data-testid=confirm-yes]'],
  ];
  for (const [button, inside] of dialogs) {
    for (const how of ['close button', 'Escape']) {
      await page.locator(`[data-testid=${button}]`).click();
      const el = page.locator(inside).first();
      await el.waitFor({ timeout: SOON });
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await page.locator('[data-testid=close-dialog]').first().click();
      try {
        await el.waitFor({ state: 'detached', timeout: SOON });
      } catch {
        assert.fail(`${button} dialog should close with the ${how}`);
      }
    }
  }
  assert.deepEqual(await boardPieces(page), before);
  assert.deepEqual(await moveSans(page), ['e4', 'e5']);
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'closing the Stop confirmation does not stop the game');
  // The board takes moves again after all those dialogs.
  await playMove(page, 'g1f3', { touch: true, san: 'Nf3' });
  assertNoErrors(errors);
  await context.close();
});
