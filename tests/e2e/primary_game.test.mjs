// Whole Primary Chess games (RULES.md §2) played only with a finger (CDP touch drags) on a
// 1024x768 touch tablet: the king capture ends the game, the result screen and the points;
// a longer game with captures and the material balance.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  playMove,
  playMoves,
  moveSans,
  boardPieces,
  turnText,
  waitForText,
  resultText,
  resultPoints,
  dragMove,
  newGame,
  importText,
  waitForPiece,
  tapSquare,
  settle,
  SOON,
} from './chess.mjs';

after(shutdown);

test('Primary game by touch ends with a king capture: Black wins 3-1', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  assert.equal(await turnText(page), 'White to move');
  assert.deepEqual(await moveSans(page), []);
  // A fresh app plays Primary Chess: the repeated-check counter is a Primary feature.
  await page.locator('[data-testid=check-counter]').waitFor({ timeout: SOON });

  const game = [
    ['f2f3', 'f3', /Black to move/],
    ['e7e5', 'e5', /White to move/],
    ['g2g4', 'g4', /Black to move/],
    ['d8h4', 'Qh4+', /White to move/],
    ['a2a3', 'a3', /Black to move/],
    ['h4e1', 'Qxe1', /Game over/],
  ];
  const played = [];
  for (const [uci, san, turn] of game) {
    await playMove(page, uci, { touch: true, san });
    played.push(san);
    assert.deepEqual(await moveSans(page), played, `move list after ${uci}`);
    assert.match(await turnText(page), turn, `turn text after ${uci}`);
    if (uci === 'd8h4') {
      // Qh4+ is announced (Primary: a check, not a checkmate, and the game goes on).
      const banner = page.locator('[data-testid=check-banner]');
      await banner.waitFor({ state: 'visible', timeout: SOON });
      assert.match((await banner.textContent()).trim(), /^Check!/);
      await waitForText(page, '#announcer', /Check/);
      assert.match(await page.locator('rect[data-square=e1]').getAttribute('class'), /\bin-check\b/);
      assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no result after a check in Primary');
    }
  }

  const board = await boardPieces(page);
  assert.equal(board.e1, 'bQ', 'the black queen stands on e1');
  assert.ok(!Object.values(board).includes('wK'), 'the white king is gone from the board');

  const text = await resultText(page);
  assert.match(text, /Black wins/i, `result: ${text}`);
  assert.match(text, /king/i, `result mentions the king: ${text}`);
  assert.match(text, /captur/i, `result mentions the capture: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [1, 3], `points: ${points.text}`);
  assert.match(await turnText(page), /Game over/);

  // "Look at the board" closes the result and the board stays as it ended, with no input.
  await page.locator('[data-testid=look-at-board]').click();
  await page.locator('[data-testid=result]').waitFor({ state: 'detached', timeout: SOON });
  assert.deepEqual(await boardPieces(page), board);
  // The finished board takes no more moves.
  await dragMove(page, 'e5', 'e4', { touch: true });
  await dragMove(page, 'b1', 'c3', { touch: true });
  await settle(page);
  assert.deepEqual(await boardPieces(page), board, 'no move after the game is over');
  assert.equal((await moveSans(page)).length, 6);
  assertNoErrors(errors);
  await context.close();
});

test('longer Primary game by touch: captures and the material balance', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  const material = page.locator('[data-testid=material]');
  await waitForText(page, '[data-testid=material]', /even/i);

  const game = [
    ['e2e4', 'e4', /even/i],
    ['d7d5', 'd5', /even/i],
    ['e4d5', 'exd5', /White\s*\+\s*1\b/],
    ['d8d5', 'Qxd5', /even/i],
    ['b1c3', 'Nc3', /even/i],
    ['d5g2', 'Qxg2', /Black\s*\+\s*1\b/],
    ['f1g2', 'Bxg2', /White\s*\+\s*8\b/],
  ];
  const played = [];
  for (const [uci, san, balance] of game) {
    await playMove(page, uci, { touch: true, san });
    played.push(san);
    await waitForText(page, '[data-testid=material]', balance);
  }
  assert.deepEqual(await moveSans(page), played);
  assert.match(await material.textContent(), /White\s*\+\s*8/);

  const board = await boardPieces(page);
  const count = (code) => Object.values(board).filter((c) => c === code).length;
  assert.equal(count('bQ'), 0, 'the black queen was captured');
  assert.equal(count('wP'), 6, 'White lost two pawns (e and g)');
  assert.equal(count('bP'), 7, 'Black lost one pawn');
  assert.equal(board.g2, 'wB');
  assert.equal(board.c3, 'wN');
  assert.equal(Object.keys(board).length, 28, 'four captures');
  assert.equal(await turnText(page), 'Black to move');
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'the game goes on');
  assertNoErrors(errors);
  await context.close();
});

test('Primary repeated check: five checks in a row by one player is a draw; the counter shows it', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await importText(page, 'k7/8/8/8/8/8/8/2K4Q w - - 0 1');
  await waitForPiece(page, 'wQ', 'h1');
  const counter = '[data-testid=check-counter]';
  const checks = [
    ['h1h8', 'Qh8+'],
    ['h8h7', 'Qh7+'],
    ['h7h8', 'Qh8+'],
    ['h8h7', 'Qh7+'],
  ];
  const replies = ['a8a7', 'a7a8', 'a8a7', 'a7a8'];
  for (let i = 0; i < checks.length; i++) {
    await playMove(page, checks[i][0], { touch: true, san: checks[i][1] });
    await waitForText(page, counter, new RegExp(`White\\D*${i + 1}\\b`));
    await playMove(page, replies[i], { touch: true });
  }
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'four checks in a row: the game goes on');
  await playMove(page, 'h7h8', { touch: true, san: 'Qh8+' });
  const text = await resultText(page);
  assert.match(text, /draw/i, text);
  assert.match(text, /repeated check/i, text);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [2, 2], points.text);
  assertNoErrors(errors);
  await context.close();
});

test('Primary option midline invasion: a king reaching the other half wins at once', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newGame(page, { mode: 'primary', options: { midline: true } });
  await playMoves(page, ['e2e4', 'a7a6', 'e1e2', 'a6a5', 'e2d3', 'h7h6', 'd3c4', 'h6h5'], { touch: true });
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'a king on rank 4 has not crossed');
  await playMove(page, 'c4d5', { touch: true, san: 'Kd5' });
  const text = await resultText(page);
  assert.match(text, /White wins/i, text);
  assert.match(text, /midline/i, text);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [3, 1], points.text);

  // Without the option the same walk is just a game going on.
  await page.locator('[data-testid=result-new-game]').click();
  const midline = page.locator('input[data-option=midline]');
  await midline.waitFor({ timeout: SOON });
  assert.equal(await midline.isChecked(), true, 'the dialog remembers the last game\'s options');
  await midline.setChecked(false);
  await page.locator('[data-testid=start-game]').click();
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  await playMoves(page, ['e2e4', 'a7a6', 'e1e2', 'a6a5', 'e2d3', 'h7h6', 'd3c4', 'h6h5', 'c4d5'], { touch: true });
  await settle(page);
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no midline rule: the game goes on');
  assert.equal(await turnText(page), 'Black to move');
  assertNoErrors(errors);
  await context.close();
});

test('Primary castling only when the teacher allows it', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  const FEN = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  await importText(page, FEN);
  await waitForPiece(page, 'wR', 'h1');
  const before = await boardPieces(page);
  // Off by default: the king's hints do not include g1, and releasing it there is no move.
  await tapSquare(page, 'e1', { touch: true });
  await page.locator('circle.move-hint[data-hint=f1]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('circle.move-hint[data-hint=g1]').count(), 0, 'no castling hint');
  await dragMove(page, 'e1', 'g1', { touch: true });
  await settle(page);
  assert.deepEqual(await boardPieces(page), before, 'no castling by default');
  assert.deepEqual(await moveSans(page), []);

  await newGame(page, { mode: 'primary', options: { castling: true } });
  await importText(page, FEN);
  await waitForPiece(page, 'wR', 'h1');
  await playMove(page, 'e1g1', { touch: true, san: 'O-O' });
  await waitForPiece(page, 'wR', 'f1');
  assert.equal(await page.locator('g[data-piece][data-square=h1]').count(), 0, 'the rook left h1');
  await playMove(page, 'e8c8', { touch: true, san: 'O-O-O' });
  await waitForPiece(page, 'bR', 'd8');
  assertNoErrors(errors);
  await context.close();
});
