// Export (FEN + PGN) and import (FEN or PGN): a malformed text is refused with a clear error
// and leaves the game as it was (RULES.md §0); a PGN is replayed move by move.
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
  exportTexts,
  closeDialog,
  waitForPiece,
  waitForMoveCount,
  waitForTurn,
  SOON,
} from './chess.mjs';

after(shutdown);

test('export shows the current FEN and a PGN with the moves (orthodox and Primary)', async () => {
  const { page, context, errors } = await openGame();
  await newGame(page, { mode: 'orthodox' });
  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5'], ['g1f3', 'Nf3']]);
  let { fen, pgn } = await exportTexts(page);
  assert.equal(fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  assert.match(pgn, /^\[\w+ "[^"]*"\]/m, 'PGN tags');
  assert.match(pgn, /1\.\s*e4\s+e5\s+2\.\s*Nf3/, `PGN moves: ${pgn}`);
  assert.match(pgn, /\*\s*$/, 'an unfinished game ends with *');
  await closeDialog(page);

  await newGame(page, { mode: 'primary' });
  await playMoves(page, [['d2d4', 'd4'], ['e7e5', 'e5'], ['d4e5', 'dxe5']]);
  ({ fen, pgn } = await exportTexts(page));
  assert.ok(fen.startsWith('rnbqkbnr/pppp1ppp/8/4P3/8/8/PPP1PPPP/RNBQKBNR b '), `Primary FEN: ${fen}`);
  assert.match(pgn, /\[Variant "[^"]*Primary[^"]*"\]/i, `a Primary PGN names its variant: ${pgn}`);
  assert.match(pgn, /1\.\s*d4\s+e5\s+2\.\s*dxe5/, `PGN moves: ${pgn}`);
  // Escape closes dialogs too.
  await page.keyboard.press('Escape');
  await page.locator('textarea[data-testid=fen-text]').waitFor({ state: 'detached', timeout: SOON });
  assertNoErrors(errors);
  await context.close();
});

const MALFORMED = [
  ['an unknown piece letter', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'],
  ['a rank too long', 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
  ['a bad side to move', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'],
  ['a missing rank', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
];

test('importing a malformed FEN shows a clear error and leaves the game unchanged', async () => {
  const { page, context, errors } = await openGame();
  await playMoves(page, [['e2e4', 'e4'], ['c7c5', 'c5']]);
  const board = await boardPieces(page);
  const failures = [];
  for (const [what, fen] of MALFORMED) {
    const error = await importText(page, fen, { expectError: true });
    // The error must be about the position (FEN), not treat the text as a game (PGN).
    if (!(error.length > 15 && /\bFEN\b/.test(error) && !/\bPGN\b/.test(error))) {
      failures.push(`${what} (${fen}): error ${JSON.stringify(error)} does not say the position (FEN) is wrong`);
    }
    await closeDialog(page);
    assert.deepEqual(await boardPieces(page), board, `${what}: the board is unchanged`);
    assert.deepEqual(await moveSans(page), ['e4', 'c5'], `${what}: the moves are unchanged`);
    assert.equal(await turnText(page), 'White to move', `${what}: the turn is unchanged`);
  }
  // An error for an illegal PGN too, and the game still plays on.
  const error = await importText(page, '1. e4 e5 2. Ke3 Nf6 *', { expectError: true });
  assert.match(error, /PGN|game|move|Ke3/i, `PGN error: ${error}`);
  await closeDialog(page);
  assert.deepEqual(await moveSans(page), ['e4', 'c5']);
  await playMove(page, 'g1f3', { san: 'Nf3' });
  assert.deepEqual(failures, [], failures.join('\n'));
  assertNoErrors(errors);
  await context.close();
});

test('importing a FEN sets up that position; importing a PGN replays its moves', async () => {
  const { page, context, errors } = await openGame();
  await newGame(page, { mode: 'orthodox' });
  await importText(page, '4k3/8/8/3q4/8/8/8/R3K2R b KQ - 3 20');
  await waitForPiece(page, 'bQ', 'd5');
  assert.deepEqual(await boardPieces(page), { e8: 'bK', d5: 'bQ', a1: 'wR', e1: 'wK', h1: 'wR' });
  assert.equal(await turnText(page), 'Black to move');

  const pgn = [
    '[Event "Lesson"]',
    '[White "Anna"]',
    '[Black "Ben"]',
    '[Result "*"]',
    '',
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *',
  ].join('\n');
  await importText(page, pgn);
  await waitForMoveCount(page, 9);
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O']);
  const board = await boardPieces(page);
  assert.equal(board.g1, 'wK');
  assert.equal(board.f1, 'wR');
  assert.equal(board.c6, 'bP');
  assert.equal(board.a6, 'bP');
  assert.equal(Object.values(board).filter((c) => c === 'wB').length, 1);
  await waitForTurn(page, /Black\)? to move/);
  assert.match(await turnText(page), /Ben/, 'the PGN names are used');

  // Export -> new game -> import reproduces the same game.
  const { pgn: exported } = await exportTexts(page);
  await closeDialog(page);
  await newGame(page, { mode: 'orthodox' });
  await importText(page, exported);
  await waitForMoveCount(page, 9);
  assert.deepEqual(await boardPieces(page), board);
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O']);
  // And it plays on from there.
  await playMove(page, 'f7f6', { san: 'f6' });
  assertNoErrors(errors);
  await context.close();
});
