// A whole Chess# game (RULES.md §3) played with a finger (CDP touch drags) on a 1024x768
// touch tablet: placements dragged from both trays, board moves, and a king capture.
// Checks the tray counts, `placeable` / `locked` (queen) / `inactive` (pieces of a side
// whose king is still in the reserve) as the game goes, the move texts (`K@e1`), the
// one-square pawn move, and the result with 10 and 0 points.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  playMove,
  dragMove,
  importText,
  waitForPiece,
  moveSans,
  boardPieces,
  turnText,
  resultText,
  resultPoints,
  SOON,
} from './chess.mjs';
import {
  newSharpGame,
  trays,
  reserveCounts,
  inactivePieces,
  place,
  snapshot,
  assertUnchanged,
  RESERVE_START,
} from './sharp.mjs';

after(shutdown);

const FILES = 'abcdefgh'.split('');
const WHITE_PAWNS = FILES.map((f) => `${f}2`).sort();
const BLACK_PAWNS = FILES.map((f) => `${f}7`).sort();

/** Which items of each tray are placeable / locked now: { w: [...], b: [...] } of kinds. */
async function trayFlags(page) {
  const t = await trays(page);
  const pick = (color, flag) =>
    Object.entries(t)
      .filter(([code, v]) => code[0] === color && v[flag])
      .map(([code]) => code[1])
      .sort();
  return {
    placeable: { w: pick('w', 'placeable'), b: pick('b', 'placeable') },
    locked: { w: pick('w', 'locked'), b: pick('b', 'locked') },
  };
}

test('Chess# game by touch: placements from both trays, moves, king capture, 10-0', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newSharpGame(page, { clock: 'untimed' });

  // --- The start (§3.1): only pawns on the board, full reserves, White to move.
  const board = await boardPieces(page);
  assert.deepEqual(Object.keys(board).sort(), [...WHITE_PAWNS, ...BLACK_PAWNS].sort(), 'only pawns at the start');
  assert.deepEqual(await reserveCounts(page, 'w'), RESERVE_START, 'White reserve at the start');
  assert.deepEqual(await reserveCounts(page, 'b'), RESERVE_START, 'Black reserve at the start');
  let flags = await trayFlags(page);
  assert.deepEqual(flags.placeable.w, ['B', 'K', 'N', 'R'], 'White may place any piece but the queen');
  assert.deepEqual(flags.placeable.b, [], 'nothing of Black is placeable on White\'s turn');
  assert.deepEqual(flags.locked, { w: ['Q'], b: ['Q'] }, 'both queens locked while other pieces remain');
  assert.deepEqual(await inactivePieces(page, 'w'), { inactive: WHITE_PAWNS, active: [] }, 'White pawns inactive before K@');
  assert.deepEqual(await inactivePieces(page, 'b'), { inactive: BLACK_PAWNS, active: [] }, 'Black pawns inactive before K@');

  // A pawn cannot move while its king is in the reserve (§3.2c).
  let before = await snapshot(page);
  await dragMove(page, 'e2', 'e3', { touch: true });
  await assertUnchanged(page, before, 'e2-e3 with the White king in the reserve');

  // --- 1. K@e1: White's pieces wake up; Black's stay inactive.
  await place(page, 'wK', 'e1', { touch: true });
  assert.equal(await turnText(page), 'Black to move');
  assert.equal((await reserveCounts(page, 'w')).K, 0, 'the White king left the tray');
  assert.deepEqual(await inactivePieces(page, 'w'), { inactive: [], active: [...WHITE_PAWNS, 'e1'].sort() }, 'White active after K@e1');
  assert.deepEqual((await inactivePieces(page, 'b')).active, [], 'Black still inactive');
  flags = await trayFlags(page);
  assert.deepEqual(flags.placeable.w, [], 'nothing of White is placeable on Black\'s turn');
  assert.deepEqual(flags.placeable.b, ['B', 'K', 'N', 'R'], 'Black may place any piece but the queen');

  // 1... N@g8 before the king: a placed piece is inactive too, and Black pawns cannot move.
  await place(page, 'bN', 'g8', { touch: true });
  assert.equal((await reserveCounts(page, 'b')).N, 1, 'one black knight left');
  assert.deepEqual(await inactivePieces(page, 'b'), { inactive: [...BLACK_PAWNS, 'g8'].sort(), active: [] }, 'Black inactive, N@g8 included');
  // 2. N@g1
  await place(page, 'wN', 'g1', { touch: true });
  assert.equal((await reserveCounts(page, 'w')).N, 1, 'one white knight left');
  before = await snapshot(page);
  await dragMove(page, 'h7', 'h6', { touch: true });
  await assertUnchanged(page, before, 'h7-h6 with the Black king in the reserve');
  // 2... K@e8
  await place(page, 'bK', 'e8', { touch: true });
  assert.deepEqual((await inactivePieces(page, 'b')).inactive, [], 'Black active after K@e8');

  // 3. N@b1 N@b8 4. B@c1 B@c8 5. B@f1 f6 6. R@a1 a6 7. R@h1 h6
  await place(page, 'wN', 'b1', { touch: true });
  assert.equal((await reserveCounts(page, 'w')).N, 0, 'no white knight left');
  await place(page, 'bN', 'b8', { touch: true });
  await place(page, 'wB', 'c1', { touch: true });
  await place(page, 'bB', 'c8', { touch: true });
  await place(page, 'wB', 'f1', { touch: true });
  // Pawns move one square only (§3.4): f7-f5 is refused, f7-f6 is played.
  before = await snapshot(page);
  await dragMove(page, 'f7', 'f5', { touch: true });
  await assertUnchanged(page, before, 'the two-square pawn move f7-f5');
  await playMove(page, 'f7f6', { touch: true, san: 'f6' });
  await place(page, 'wR', 'a1', { touch: true });
  assert.equal((await trays(page)).wQ?.locked, true, 'the White queen stays locked while a rook remains');
  await playMove(page, 'a7a6', { touch: true, san: 'a6' });
  await place(page, 'wR', 'h1', { touch: true });
  assert.deepEqual(await reserveCounts(page, 'w'), { K: 0, Q: 1, R: 0, B: 0, N: 0 }, 'only the queen left in White\'s tray');
  await playMove(page, 'h7h6', { touch: true, san: 'h6' });

  // --- 8. Q@d1: the queen is the last piece, no longer locked, placeable.
  const t = await trays(page);
  assert.equal(t.wQ?.locked, false, 'the White queen is unlocked once she is the last piece');
  assert.equal(t.wQ?.placeable, true, 'the White queen is placeable on White\'s turn');
  assert.equal(t.bQ?.locked, true, 'the Black queen is still locked');
  await place(page, 'wQ', 'd1', { touch: true });
  assert.deepEqual(await reserveCounts(page, 'w'), { K: 0, Q: 0, R: 0, B: 0, N: 0 }, 'White\'s tray is empty');
  // 8... R@a8 9. e3 b6 10. Qh5+ c6 (check does not restrict moves) 11. Qxe8
  await place(page, 'bR', 'a8', { touch: true });
  assert.deepEqual(await reserveCounts(page, 'b'), { K: 0, Q: 1, R: 1, B: 1, N: 0 }, 'Black tray before the end');
  await playMove(page, 'e2e3', { touch: true, san: 'e3' });
  await playMove(page, 'b7b6', { touch: true, san: 'b6' });
  await playMove(page, 'd1h5', { touch: true, san: 'Qh5+' });
  await playMove(page, 'c7c6', { touch: true, san: 'c6' });
  const last = await playMove(page, 'h5e8', { touch: true });
  assert.match(last, /^Qxe8/, 'the king capture in the move list');

  assert.deepEqual(await moveSans(page), [
    'K@e1', 'N@g8', 'N@g1', 'K@e8', 'N@b1', 'N@b8', 'B@c1', 'B@c8', 'B@f1', 'f6',
    'R@a1', 'a6', 'R@h1', 'h6', 'Q@d1', 'R@a8', 'e3', 'b6', 'Qh5+', 'c6', last,
  ]);
  const end = await boardPieces(page);
  assert.equal(end.e8, 'wQ', 'the White queen took the king on e8');
  assert.ok(!Object.values(end).includes('bK'), 'the Black king is gone');

  const text = await resultText(page);
  assert.match(text, /White wins/i, `result: ${text}`);
  assert.match(text, /king/i, `result mentions the king: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [10, 0], `points: ${points.text}`);
  assert.match(points.text, /10/, 'points are out of 10');
  assert.match(await turnText(page), /Game over/);

  // After the end nothing is placeable and the board takes no more input.
  await page.locator('[data-testid=look-at-board]').click();
  await page.locator('[data-testid=result]').waitFor({ state: 'detached', timeout: SOON });
  flags = await trayFlags(page);
  assert.deepEqual(flags.placeable, { w: [], b: [] }, 'nothing placeable after the game');
  before = await snapshot(page);
  await dragMove(page, 'd7', 'd6', { touch: true });
  await assertUnchanged(page, before, 'a move after the king capture');

  assertNoErrors(errors);
});

test('Chess# promotion is to a queen at once, with no piece picker', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newSharpGame(page, { clock: 'untimed' });
  // rules play --mode sharp --fen '4k3/P7/8/8/8/8/8/4K3[] w - - 0 1' a7a8q -> Q3k3/...
  await importText(page, '4k3/P7/8/8/8/8/8/4K3[] w - - 0 1');
  await waitForPiece(page, 'wP', 'a7');
  await dragMove(page, 'a7', 'a8', { touch: true });
  await waitForPiece(page, 'wQ', 'a8');
  assert.equal(await page.locator('[data-testid=promotion-picker]').count(), 0, 'no promotion picker in Chess#');
  assert.deepEqual(await moveSans(page), ['a8=Q+']);
  assert.equal(await turnText(page), 'Black to move');
  assertNoErrors(errors);
});
