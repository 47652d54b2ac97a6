// The Chess# reserve trays (RULES.md §3.2) under a finger and a mouse: hints while a tray
// piece is held, drops that do not count (off the first rank, off the board, an occupied
// square, the wrong side's tray) leave everything as it was, the queen refused while other
// pieces remain and accepted as the last one, tap-then-tap placement, mouse drags; and
// screenshots of the trays at 1024x768 and 1920x1080.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  importText,
  pointOffBoard,
  squareCenter,
  boardPieces,
  turnText,
  waitForPiece,
  settle,
  SOON,
} from './chess.mjs';
import {
  newSharpGame,
  trayItem,
  trayCount,
  trays,
  holdFromTray,
  dragFromTray,
  tapTray,
  hintSquares,
  place,
  snapshot,
  assertUnchanged,
} from './sharp.mjs';

after(shutdown);

const RANK1 = 'abcdefgh'.split('').map((f) => `${f}1`);

/** Both trays and every item in them are fully inside the viewport and do not cover the board. */
async function assertTraysVisible(page, label) {
  const vp = page.viewportSize();
  const board = await page.locator('[data-testid=board]').boundingBox();
  for (const side of ['white', 'black']) {
    const tray = await page.locator(`[data-testid=tray-${side}]`).boundingBox();
    assert.ok(tray, `${label}: tray-${side} is on screen`);
    for (const code of ['K', 'Q', 'R', 'B', 'N'].map((k) => side[0] + k)) {
      const b = await trayItem(page, code).first().boundingBox();
      assert.ok(b, `${label}: ${code} item is rendered`);
      assert.ok(b.width >= 24 && b.height >= 24, `${label}: ${code} item is big enough to touch (${b.width}x${b.height})`);
      assert.ok(
        b.x >= 0 && b.y >= 0 && b.x + b.width <= vp.width + 0.5 && b.y + b.height <= vp.height + 0.5,
        `${label}: ${code} item ${JSON.stringify(b)} should be inside the ${vp.width}x${vp.height} viewport`,
      );
      const overlap =
        Math.min(b.x + b.width, board.x + board.width) - Math.max(b.x, board.x) > 1 &&
        Math.min(b.y + b.height, board.y + board.height) - Math.max(b.y, board.y) > 1;
      assert.ok(!overlap, `${label}: ${code} item ${JSON.stringify(b)} overlaps the board ${JSON.stringify(board)}`);
    }
  }
}

test('tray by touch: hints, drops that return, the locked queen, tap then tap', async () => {
  const { page, errors } = await openGame({ tablet: true });
  // The dialog's own clock choice (Chess# is played with a clock): the layout with clocks.
  await newSharpGame(page, { clock: null });
  await assertTraysVisible(page, '1024x768');
  await screenshot(page, 'sharp-tray-1024x768');

  // Holding a bishop over c1 shows the eight first-rank squares as hints.
  const itemBox = await trayItem(page, 'wB').first().boundingBox();
  let before = await snapshot(page);
  let p = await holdFromTray(page, 'wB', 'c1', { touch: true });
  assert.deepEqual(await hintSquares(page), RANK1, 'hints while the bishop is held: the whole empty first rank');
  assert.equal(await page.locator('[data-testid=board] circle.move-hint[data-hint=c1]').count(), 1);
  // ... released on e4 (not the first rank): back to the tray, nothing happens.
  await p.move('e4');
  await p.up();
  await assertUnchanged(page, before, 'B released on e4');
  assert.deepEqual(await hintSquares(page), [], 'no hints left after the drop');
  const back = await trayItem(page, 'wB').first().boundingBox();
  assert.ok(
    Math.abs(back.x - itemBox.x) < 1 && Math.abs(back.y - itemBox.y) < 1,
    `the bishop item is back in its place (${JSON.stringify(back)} vs ${JSON.stringify(itemBox)})`,
  );

  // Released off the board, or on Black's first rank: nothing happens either.
  await dragFromTray(page, 'wB', await pointOffBoard(page), { touch: true });
  await assertUnchanged(page, before, 'B released off the board');
  await dragFromTray(page, 'wN', 'g8', { touch: true });
  await assertUnchanged(page, before, 'N released on g8 (Black\'s first rank)');

  // The queen is refused while other pieces remain: no hints, no placement, a tap does nothing.
  p = await holdFromTray(page, 'wQ', 'd1', { touch: true });
  assert.deepEqual(await hintSquares(page), [], 'no hints for the locked queen');
  await p.up();
  await assertUnchanged(page, before, 'the locked queen dropped on d1');
  await tapTray(page, 'wQ', { touch: true });
  await settle(page);
  assert.deepEqual(await hintSquares(page), [], 'no hints after a tap on the locked queen');
  const d1 = await squareCenter(page, 'd1');
  await page.touchscreen.tap(d1.x, d1.y);
  await assertUnchanged(page, before, 'tap on the locked queen, then on d1');

  // Black's tray does not move on White's turn.
  await dragFromTray(page, 'bK', 'e8', { touch: true });
  await assertUnchanged(page, before, 'Black\'s king dragged on White\'s turn');

  // Beside White's tray: White's strip says the king is still in the reserve, and the tray's
  // king is marked; Black's strip and tray say nothing while it is not Black's turn.
  const stripHint = (side) => page.locator(`.player[data-side=${side}] [data-testid=strip-king-hint]`);
  const wanted = (code) => trayItem(page, code).first().evaluate((el) => el.classList.contains('wanted'));
  assert.equal(await stripHint('white').textContent(), 'King still in the reserve');
  assert.equal(await stripHint('black').count(), 0, 'no hint in Black\'s strip on White\'s turn');
  assert.ok(await wanted('wK'), 'White\'s king is marked in the tray');
  assert.ok(!(await wanted('bK')), 'Black\'s king is not marked on White\'s turn');

  // Tap the king in the tray, then tap e1: K@e1.
  await place(page, 'wK', 'e1', { touch: true, tap: true });
  assert.equal(await stripHint('white').count(), 0, 'White\'s king is placed: the hint goes');
  assert.equal(await stripHint('black').count(), 1, 'now Black is told');
  assert.ok(await wanted('bK'), 'and Black\'s king is marked');
  // Black answers with a drag; then a knight dropped on the occupied e1 returns, and the
  // hints leave e1 out.
  await place(page, 'bK', 'd8', { touch: true });
  assert.equal(await page.locator('[data-testid=strip-king-hint]').count(), 0, 'both kings placed: no hint');
  before = await snapshot(page);
  p = await holdFromTray(page, 'wN', 'e1', { touch: true });
  assert.deepEqual(await hintSquares(page), RANK1.filter((s) => s !== 'e1'), 'hints: the empty first-rank squares');
  await p.up();
  await assertUnchanged(page, before, 'N dropped on the occupied e1');
  // Tap, then tap works for a second piece.
  await place(page, 'wN', 'b1', { touch: true, tap: true });
  assert.equal(await trayCount(page, 'wN'), 1);
  // A tap on a tray piece, then a tap on a square off the first rank, places nothing.
  await place(page, 'bN', 'g8', { touch: true });
  const now = await snapshot(page);
  await tapTray(page, 'wN', { touch: true });
  const e4 = await squareCenter(page, 'e4');
  await page.touchscreen.tap(e4.x, e4.y);
  await assertUnchanged(page, now, 'tap N, then tap e4');

  assertNoErrors(errors);
});

test('the queen as the last piece is placeable (imported reserve), by drag and by tap', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newSharpGame(page);
  // White: queen and knight in reserve; Black: only the queen.
  await importText(page, '3k4/pppppppp/8/8/8/8/PPPPPPPP/4K3[QNq] w - - 0 1');
  await waitForPiece(page, 'wK', 'e1');
  let t = await trays(page);
  assert.equal(t.wQ?.count, 1, 'White has a queen in reserve');
  assert.equal(t.wN?.count, 1, 'White has a knight in reserve');
  assert.equal(t.wQ.locked, true, 'the White queen is locked while the knight remains');
  assert.equal(t.wQ.placeable, false, 'the locked queen is not placeable');
  assert.equal(t.wN.placeable, true, 'the knight is placeable');
  assert.equal(t.bQ?.locked, false, 'the Black queen, the last piece, is not locked');
  assert.equal(t.bQ.placeable, false, 'but not placeable on White\'s turn');

  const before = await snapshot(page);
  await dragFromTray(page, 'wQ', 'd1', { touch: true });
  await assertUnchanged(page, before, 'the locked queen dragged to d1');

  await place(page, 'wN', 'g1', { touch: true });
  t = await trays(page);
  assert.equal(t.bQ.placeable, true, 'Black\'s last piece, the queen, is placeable on Black\'s turn');
  assert.equal(t.wQ?.locked, false, 'the White queen is unlocked now that she is alone');
  // Black's queen: hints while held (e8 is free, d8 is the king's), then the drop.
  const p = await holdFromTray(page, 'bQ', 'e8', { touch: true });
  assert.deepEqual(await hintSquares(page), ['a8', 'b8', 'c8', 'e8', 'f8', 'g8', 'h8'], 'queen hints on Black\'s first rank');
  await p.up();
  await waitForPiece(page, 'bQ', 'e8');
  assert.equal(await trayCount(page, 'bQ'), 0, 'the Black tray is empty');
  await place(page, 'wQ', 'd1', { touch: true, tap: true });
  assert.equal(await trayCount(page, 'wQ'), 0, 'the White tray is empty');
  assert.match(await turnText(page), /Black/);

  assertNoErrors(errors);
});

test('tray with the mouse at 1920x1080: drag places, a drop off the first rank returns, click-click places', async () => {
  const { page, errors } = await openGame({ viewport: { width: 1920, height: 1080 } });
  await newSharpGame(page, { clock: null });
  await assertTraysVisible(page, '1920x1080');
  await screenshot(page, 'sharp-tray-1920x1080');

  const before = await snapshot(page);
  await dragFromTray(page, 'wR', 'a3');
  await assertUnchanged(page, before, 'R released on a3 (mouse)');
  await dragFromTray(page, 'wR', await pointOffBoard(page));
  await assertUnchanged(page, before, 'R released off the board (mouse)');

  await place(page, 'wR', 'a1');
  await place(page, 'bK', 'e8');
  await place(page, 'wK', 'e1', { tap: true });
  await place(page, 'bR', 'h8', { tap: true });
  assert.deepEqual(await trays(page).then((t) => [t.wR?.count, t.bR?.count, t.wK?.count ?? 0, t.bK?.count ?? 0]), [1, 1, 0, 0]);
  const board = await boardPieces(page);
  assert.deepEqual([board.a1, board.e1, board.e8, board.h8], ['wR', 'wK', 'bK', 'bR']);
  await screenshot(page, 'sharp-tray-1920x1080-placed');
  assertNoErrors(errors);
});
