// The position editor (issue 5): build a position by dragging pieces from the palette with a
// finger (and the mouse), move and remove pieces, set the side to move, the mode, castling
// and Chess# reserves, then play from it; impossible positions and malformed FEN are refused
// with the reason and change nothing; Cancel leaves the game as it was.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, touchDrag, mouseDrag, screenshot } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  playMoves,
  playMove,
  boardPieces,
  moveSans,
  newGame,
  exportTexts,
  closeDialog,
  waitForPiece,
  waitForMoveCount,
  waitForTurn,
  waitForText,
  settle,
  pointer,
  SOON,
} from './chess.mjs';
import { place, trayCount, newSharpGame } from './sharp.mjs';
import { sqSel, sq, palette, editPiece, editorPieces, fenText, waitForFen, offBoard } from './editor.mjs';

after(shutdown);

const PROJECTOR = { viewport: { width: 1920, height: 1080 } };

/** New game → "Set up a position…": waits for the editor view. */
async function openEditor(page, { touch = false, mode = null } = {}) {
  const press = (loc) => (touch ? loc.tap() : loc.click());
  await press(page.locator('[data-testid=new-game]'));
  const button = page.locator('[data-testid=editor]');
  await button.waitFor({ timeout: SOON });
  if (mode) await page.locator(`input[name=mode][value=${mode}]`).check();
  await press(button);
  await page.locator('[data-testid=editor-view]').waitFor({ timeout: SOON });
  await page.locator(sqSel('e4')).waitFor({ timeout: SOON });
}


test('a position built with a finger from the palette is played (tablet)', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await openEditor(page, { touch: true });
  const tap = (id) => page.locator(`[data-testid=${id}]`).tap();

  await tap('editor-clear');
  assert.deepEqual(await editorPieces(page), {}, 'Clear board empties the board');
  await waitForFen(page, '8/8/8/8/8/8/8/8 w - - 0 1');
  await waitForText(page, '[data-testid=editor-warning]', /White has no king/);

  // Five pieces dragged from the palette.
  for (const [code, square] of [['wK', 'e1'], ['bK', 'e8'], ['wR', 'a1'], ['wP', 'e2'], ['bP', 'd7']]) {
    await touchDrag(page, await palette(page, code), await sq(page, square));
    assert.equal(await editPiece(page, square), code, `${code} dragged from the palette onto ${square}`);
  }
  // Castling: the white queen side right can be given (king e1, rook a1), the others not.
  assert.equal(await page.locator('[data-testid=castle-Q]').isDisabled(), true, 'Primary has no castling');
  await page.locator('[data-testid=editor-mode]').selectOption('orthodox');
  await page.waitForFunction(() => !document.querySelector('[data-testid=castle-Q]').disabled);
  assert.equal(await page.locator('[data-testid=castle-K]').isDisabled(), true, 'no rook on h1: no K right');
  assert.equal(await page.locator('[data-testid=castle-k]').isDisabled(), true, 'no rook on h8: no k right');
  await page.locator('[data-testid=castle-Q]').tap();
  await waitForFen(page, '4k3/3p4/8/8/8/8/4P3/R3K3 w Q - 0 1');

  // Move one piece by dragging it on the board: the rook leaves a1 and takes its right along.
  await touchDrag(page, await sq(page, 'a1'), await sq(page, 'a3'));
  assert.equal(await editPiece(page, 'a3'), 'wR');
  assert.equal(await editPiece(page, 'a1'), null);
  assert.equal(await page.locator('[data-testid=castle-Q]').isDisabled(), true, 'the right went with the rook');
  // Remove one by dragging it off the board.
  await touchDrag(page, await sq(page, 'd7'), await offBoard(page));
  assert.equal(await editPiece(page, 'd7'), null, 'a piece dragged off the board is removed');
  // A palette piece let go off the board: nothing happens.
  await touchDrag(page, await palette(page, 'wQ'), await offBoard(page));
  assert.deepEqual(await editorPieces(page), { a3: 'wR', e1: 'wK', e2: 'wP', e8: 'bK' });

  await tap('editor-turn-black');
  await waitForFen(page, '4k3/8/8/8/8/R7/4P3/4K3 b - - 0 1');
  await waitForText(page, '[data-testid=editor-ok]', /Black to move in Orthodox Chess/);
  await screenshot(page, 'editor-1024x768');
  // Mid-drag: the piece follows the finger (lifted above it) and the square below is marked;
  // carried back off the board and let go, nothing is placed.
  const finger = await pointer(page, { touch: true });
  await finger.down(await palette(page, 'wN'));
  await finger.move(await sq(page, 'c3'));
  await page.locator(`${sqSel('c3')}.drop-target`).waitFor({ timeout: SOON });
  assert.equal(await page.locator('.editor-ghost').count(), 1, 'the dragged piece is drawn under the finger');
  await screenshot(page, 'editor-drag-1024x768');
  await finger.move(await offBoard(page));
  await finger.up();
  assert.equal(await page.locator('.editor-ghost').count(), 0);
  assert.deepEqual(await editorPieces(page), { a3: 'wR', e1: 'wK', e2: 'wP', e8: 'bK' });

  await tap('editor-play');
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  await waitForPiece(page, 'wR', 'a3');
  await waitForPiece(page, 'bK', 'e8');
  assert.deepEqual(await boardPieces(page), { a3: 'wR', e1: 'wK', e2: 'wP', e8: 'bK' });
  await waitForTurn(page, /Black/);
  await waitForText(page, '.mode-line', /Orthodox Chess/);
  await waitForMoveCount(page, 0);
  // A move on the real board lands.
  await playMove(page, 'e8d7', { touch: true, san: 'Kd7' });
  await playMove(page, 'e2e4', { touch: true, san: 'e4' });
  // The PGN starts from the position set up.
  const { pgn } = await exportTexts(page);
  assert.match(pgn, /\[SetUp "1"\]/);
  assert.match(pgn, /\[FEN "4k3\/8\/8\/8\/8\/R7\/4P3\/4K3 b - - 0 1"\]/, pgn);
  assert.match(pgn, /1\.\.\.\s*Kd7\s+2\.\s*e4/, pgn);
  await closeDialog(page);
  assertNoErrors(errors);
});

test('impossible positions are refused with the reason and the game stays as it was (projector, mouse)', async () => {
  const { page, errors } = await openGame(PROJECTOR);
  await newGame(page, { mode: 'orthodox' });
  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5']]);
  const before = await boardPieces(page);

  await openEditor(page);
  await page.locator('[data-testid=editor-mode]').selectOption('orthodox');
  await page.locator('[data-testid=editor-start]').click();
  await waitForFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  for (const flag of ['K', 'Q', 'k', 'q']) {
    assert.equal(await page.locator(`[data-testid=castle-${flag}]`).isChecked(), true, `castle-${flag} in the start position`);
  }

  // Tap a palette piece, then a square: a second white king.
  await page.locator('[data-testid=palette-wK]').click();
  await page.locator(sqSel('e4')).click();
  assert.equal(await editPiece(page, 'e4'), 'wK');
  await waitForText(page, '[data-testid=editor-warning]', /White has two kings/);
  await screenshot(page, 'editor-1920x1080');
  await page.locator('[data-testid=editor-play]').click();
  await waitForText(
    page,
    '[data-testid=editor-error]',
    /^White has two kings — a game of Orthodox Chess needs exactly one king each$/,
  );
  assert.equal(await page.locator('[data-testid=editor-view]').count(), 1, 'the editor stays open');
  // The same piece tapped again takes it away.
  await page.locator(sqSel('e4')).click();
  assert.equal(await editPiece(page, 'e4'), null);
  assert.equal(await page.locator('[data-testid=editor-error]').count(), 0, 'an edit clears the refusal');
  await page.locator('[data-testid=palette-wK]').click(); // put the brush down

  // A pawn dragged (mouse) onto the first rank.
  await mouseDrag(page, await palette(page, 'wP'), await sq(page, 'a1'));
  assert.equal(await editPiece(page, 'a1'), 'wP');
  assert.equal(await page.locator('[data-testid=castle-Q]').isChecked(), false, 'no rook on a1: no Q right');
  await page.locator('[data-testid=editor-play]').click();
  await waitForText(
    page,
    '[data-testid=editor-error]',
    /^A white pawn stands on a1 \(rank 1\) — pawns can never be on the first or last rank$/,
  );

  // The side not to move in check: the eraser clears the way, Black's king stands in check.
  await page.locator('[data-testid=palette-eraser]').click();
  for (const s of ['a1', 'e2', 'e7']) await page.locator(sqSel(s)).click();
  await page.locator('[data-testid=palette-eraser]').click();
  await mouseDrag(page, await palette(page, 'wR'), await sq(page, 'e4'));
  await page.locator('[data-testid=editor-play]').click();
  await waitForText(page, '[data-testid=editor-error]', /^Black is in check but it is White's turn/);

  // Cancel: the game is unchanged.
  await page.locator('[data-testid=editor-cancel]').click();
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  assert.deepEqual(await boardPieces(page), before);
  assert.deepEqual(await moveSans(page), ['e4', 'e5']);
  await waitForText(page, '.mode-line', /Orthodox Chess/);
  await playMove(page, 'g1f3', { san: 'Nf3' });
  assertNoErrors(errors);
});

test('a malformed FEN is refused and changes nothing; a good one loads and survives a reload', async () => {
  const { page, context, errors } = await openGame();
  await openEditor(page);
  const fen = await fenText(page);
  assert.equal(fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', 'the editor opens on the game position');
  const pieces = await editorPieces(page);

  const area = page.locator('[data-testid=editor-fen]');
  await area.fill('rnbqkbnr/pppppppp/8 w - - 0 1');
  await page.locator('[data-testid=editor-load]').click();
  await waitForText(page, '[data-testid=editor-error]', /could not be read: the board needs 8 ranks.*Nothing was changed/);
  assert.deepEqual(await editorPieces(page), pieces, 'a malformed FEN changes nothing');
  await area.fill('4k3/8/8/8/8/8/4P3/4KX2 w - - 0 1');
  await page.locator('[data-testid=editor-load]').click();
  await waitForText(page, '[data-testid=editor-error]', /'X' is not a piece letter/);
  assert.deepEqual(await editorPieces(page), pieces);

  await area.fill('  4k3/8/8/8/8/8/4P3/4K2R w K - 0 1 ');
  await page.locator('[data-testid=editor-load]').click();
  await waitForFen(page, '4k3/8/8/8/8/8/4P3/4K2R w - - 0 1'); // Primary: no castling rights
  assert.deepEqual(await editorPieces(page), { e8: 'bK', e2: 'wP', e1: 'wK', h1: 'wR' });
  assert.equal(await page.locator('[data-testid=editor-error]').count(), 0);

  // Copy puts the live FEN on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=editor-copy]').click();
  await waitForText(page, '[data-testid=editor-copied]', /Copied!/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '4k3/8/8/8/8/8/4P3/4K2R w - - 0 1');

  // Escape closes the editor like Cancel; the working position is kept, even over a reload.
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  await page.reload();
  await page.locator('[data-testid=board]').waitFor({ timeout: 15_000 });
  await openEditor(page);
  assert.deepEqual(await editorPieces(page), { e8: 'bK', e2: 'wP', e1: 'wK', h1: 'wR' });
  await page.locator('[data-testid=editor-from-game]').click();
  await waitForFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1');
  await page.locator('[data-testid=editor-cancel]').click();
  await context.close();
  assertNoErrors(errors);
});

test('Chess# reserves set in the editor, then a piece placed from the tray (tablet)', async () => {
  const { page, errors } = await openGame({ tablet: true });
  // The mode picked in the New game dialog comes along.
  await openEditor(page, { touch: true, mode: 'sharp' });
  assert.equal(await page.locator('[data-testid=editor-mode]').inputValue(), 'sharp');
  await page.locator('[data-testid=editor-reserves]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=editor-clear]').tap();
  for (const [code, square] of [['wP', 'a2'], ['wP', 'b2'], ['bP', 'a7']]) {
    await touchDrag(page, await palette(page, code), await sq(page, square));
  }
  for (const id of ['reserve-wK-plus', 'reserve-bK-plus', 'reserve-wR-plus', 'reserve-wR-plus', 'reserve-bN-plus']) {
    await page.locator(`[data-testid=${id}]`).tap();
  }
  assert.equal(await page.locator('[data-testid=reserve-wK-plus]').isDisabled(), true, 'one king at most');
  await page.locator('[data-testid=reserve-wR-minus]').tap();
  await waitForFen(page, '8/p7/8/8/8/8/PP6/8[KRkn] w - - 0 1');
  await waitForText(page, '[data-testid=editor-ok]', /White to move in Chess#/);
  await page.locator('[data-testid=editor-play]').tap();
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  await page.locator('[data-testid=tray-white]').waitFor({ timeout: SOON });
  assert.equal(await trayCount(page, 'wK'), 1);
  assert.equal(await trayCount(page, 'wR'), 1);
  assert.equal(await trayCount(page, 'bN'), 1);
  assert.equal(await trayCount(page, 'wQ'), 0);
  await place(page, 'wK', 'e1', { touch: true });
  await place(page, 'bK', 'e8', { touch: true });
  await playMove(page, 'a2a3', { touch: true, san: 'a3' });
  await settle(page);
  assertNoErrors(errors);
});

test('a running clock is paused while the editor is open and runs again on Cancel', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newSharpGame(page, { clock: '3+2' });
  await place(page, 'wK', 'e1', { touch: true });
  assert.equal(await page.locator('[data-testid=paused-overlay]').count(), 0);
  await openEditor(page, { touch: true });
  await page.locator('[data-testid=paused-overlay]').waitFor({ state: 'attached', timeout: SOON });
  await page.locator('[data-testid=editor-cancel]').tap();
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  await page.locator('[data-testid=paused-overlay]').waitFor({ state: 'detached', timeout: SOON });
  await place(page, 'bK', 'e8', { touch: true });
  assertNoErrors(errors);
});
