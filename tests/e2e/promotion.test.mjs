// Promotion: in orthodox chess a picker offers queen, rook, bishop and knight (RULES.md §1);
// cancelling it (button or Escape) returns the pawn with no move. In Primary Chess the pawn
// becomes a queen at once, with no picker (RULES.md §2.4).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  newGame,
  importText,
  dragMove,
  moveSans,
  turnText,
  boardPieces,
  waitForPiece,
  waitForMoveCount,
  settle,
  SOON,
} from './chess.mjs';

after(shutdown);

// A white pawn on b7 ready to promote; the extra pawn on a2 keeps K+N v K from being a dead
// position (which would end an orthodox game at once).
const FEN = '4k3/1P6/8/8/8/8/P7/4K3 w - - 0 1';

async function setUp(page, mode) {
  await newGame(page, { mode });
  await importText(page, FEN);
  await waitForPiece(page, 'wP', 'b7');
  assert.equal(await page.locator('g[data-piece]').count(), 4, 'the imported position is on the board');
  return boardPieces(page);
}

test('orthodox: the picker appears on b7-b8 and choosing the knight promotes to a knight', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await setUp(page, 'orthodox');
  await dragMove(page, 'b7', 'b8', { touch: true });
  const picker = page.locator('[data-testid=promotion-picker]');
  await picker.waitFor({ state: 'visible', timeout: SOON });
  const choices = await picker.locator('[data-promote]').evaluateAll((els) => els.map((e) => e.getAttribute('data-promote')).sort());
  assert.deepEqual(choices, ['b', 'n', 'q', 'r']);
  assert.deepEqual(await moveSans(page), [], 'no move until a piece is chosen');

  await picker.locator('[data-promote=n]').click();
  await picker.waitFor({ state: 'detached', timeout: SOON });
  await waitForPiece(page, 'wN', 'b8');
  await waitForMoveCount(page, 1);
  assert.match((await moveSans(page))[0], /^b8=N\+?$/);
  const board = await boardPieces(page);
  assert.equal(board.b7, undefined, 'b7 is empty');
  assert.equal(Object.values(board).filter((c) => c === 'wQ').length, 0, 'no queen appeared');
  assert.equal(await turnText(page), 'Black to move');
  assertNoErrors(errors);
  await context.close();
});

test('orthodox: cancelling the picker (button, then Escape) leaves the pawn on b7 with no move', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  const before = await setUp(page, 'orthodox');
  const picker = page.locator('[data-testid=promotion-picker]');

  for (const how of ['cancel button', 'Escape']) {
    await dragMove(page, 'b7', 'b8', { touch: true });
    await picker.waitFor({ state: 'visible', timeout: SOON });
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await picker.locator('[data-testid=close-dialog]').click();
    try {
      await picker.waitFor({ state: 'detached', timeout: SOON });
    } catch {
      assert.fail(`${how} should close the promotion picker`);
    }
    await settle(page);
    assert.deepEqual(await boardPieces(page), before, `${how}: the pawn is back on b7`);
    assert.deepEqual(await moveSans(page), [], `${how}: no move`);
    assert.equal(await turnText(page), 'White to move', `${how}: still White to move`);
  }

  // The board takes input again: promote to a queen after all.
  await dragMove(page, 'b7', 'b8', { touch: true });
  await picker.waitFor({ state: 'visible', timeout: SOON });
  await picker.locator('[data-promote=q]').click();
  await waitForPiece(page, 'wQ', 'b8');
  assert.deepEqual(await moveSans(page), ['b8=Q+']);
  assertNoErrors(errors);
  await context.close();
});

test('Primary: b7-b8 promotes to a queen at once, with no picker', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await setUp(page, 'primary');
  await dragMove(page, 'b7', 'b8', { touch: true });
  await waitForPiece(page, 'wQ', 'b8');
  assert.equal(await page.locator('[data-testid=promotion-picker]').count(), 0, 'no picker in Primary Chess');
  assert.deepEqual(await moveSans(page), ['b8=Q+']);
  assert.equal(await turnText(page), 'Black to move');
  assertNoErrors(errors);
  await context.close();
});
