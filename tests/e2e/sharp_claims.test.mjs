// Chess# game ends other than the king capture (RULES.md §3.5-3.6), on a 1024x768 touch
// tablet, positions set up through the import dialog (checked with the rules CLI:
// `rules play --mode sharp --fen '<FEN>' claim-stalemate` etc.):
// stalemate claims refused (reason shown, the game goes on) and accepted (2-8 / 8-2),
// fast-fifty accepted (impasse by material, equal: 4-6) and rejected (the game goes on),
// and the impasse counter near 100 plies, up to the automatic impasse (7-3).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  importText,
  playMove,
  turnText,
  resultText,
  resultPoints,
  waitForPiece,
  settle,
  SOON,
} from './chess.mjs';
import { newSharpGame, place, tapButton } from './sharp.mjs';

after(shutdown);

const sel = (id) => `[data-testid=${id}]`;

async function sharpPosition(fen) {
  const app = await openGame({ tablet: true });
  await newSharpGame(app.page);
  if (fen) await importText(app.page, fen);
  return app;
}

async function assertNoResult(page, what) {
  await settle(page);
  assert.equal(await page.locator(sel('result')).count(), 0, `${what}: no result`);
  assert.doesNotMatch(await turnText(page), /Game over/, `${what}: the game goes on`);
}

/** The refusal text shown after a refused claim. */
async function refusal(page) {
  const r = page.locator(sel('claim-refused'));
  await r.waitFor({ state: 'visible', timeout: SOON });
  return (await r.textContent()).replace(/\s+/g, ' ').trim();
}

/** Sets up `fen`, waits for `piece` on `square`, claims stalemate: the claim is accepted and
 * scored `[white, black]` out of 10. */
async function claimAccepted(fen, piece, square, [white, black]) {
  const { page, errors } = await sharpPosition(fen);
  await waitForPiece(page, piece, square);
  await tapButton(page, 'claim-stalemate');
  const text = await resultText(page);
  assert.match(text, /stalemate/i, `result: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [white, black], `points: ${points.text}`);
  assertNoErrors(errors);
}

test('stalemate claims that are refused show the reason and the game goes on', async () => {
  const { page, errors } = await sharpPosition(null);
  // At the start White's king is in the reserve and White has placements to make.
  await tapButton(page, 'claim-stalemate');
  const why = await refusal(page);
  assert.ok(why.length > 10, `a reason is given: ${JSON.stringify(why)}`);
  assert.match(why, /king/i, `the reason speaks of the king in the reserve: ${why}`);
  await assertNoResult(page, 'refused claim at the start');
  assert.equal(await turnText(page), 'White to move', 'still White to move');
  await place(page, 'wK', 'e1', { touch: true });

  // A king on the board, not attacked, and a placement that keeps it safe: refused.
  // (rules: 4k3/8/8/8/8/8/2q5/K7[N] w -> "you have a move that keeps your king safe")
  await importText(page, '4k3/8/8/8/8/8/2q5/K7[N] w - - 0 1');
  await waitForPiece(page, 'bQ', 'c2');
  await tapButton(page, 'claim-stalemate');
  const why2 = await refusal(page);
  assert.ok(why2.length > 10, `a reason is given: ${JSON.stringify(why2)}`);
  await assertNoResult(page, 'refused claim with a safe placement');
  await place(page, 'wN', 'b1', { touch: true });

  // A king in check may not claim stalemate either (Black: Ke8 attacked by Ra8, Kd7 safe).
  await importText(page, 'R3k3/8/8/8/8/8/8/4K3[] b - - 0 1');
  await waitForPiece(page, 'wR', 'a8');
  await tapButton(page, 'claim-stalemate');
  assert.ok((await refusal(page)).length > 10);
  await assertNoResult(page, 'refused claim in check');
  await playMove(page, 'e8d7', { touch: true, san: 'Kd7' });
  assertNoErrors(errors);
});

test('White, stalemated (Ka1 v Qc2, empty reserve), claims: Black stalemated White, 2-8', async () => {
  // rules play --mode sharp --fen '4k3/8/8/8/8/8/2q5/K7[] w - - 0 1' claim-stalemate
  //   -> status: stalemate-claimed
  await claimAccepted('4k3/8/8/8/8/8/2q5/K7[] w - - 0 1', 'wK', 'a1', [2, 8]);
});

test('Black, stalemated (Ka8 v Qc7), claims: White stalemated Black, 8-2', async () => {
  // rules play --mode sharp --fen 'k7/2Q5/8/8/8/8/8/4K3[] b - - 0 1' claim-stalemate
  await claimAccepted('k7/2Q5/8/8/8/8/8/4K3[] b - - 0 1', 'bK', 'a8', [8, 2]);
});

test('White with no move at all (king in the reserve, first rank full) claims: 2-8', async () => {
  // rules play --mode sharp --fen '4k3/8/8/8/8/8/8/RNBBNNRR[K] w - - 0 1' claim-stalemate
  //   -> status: stalemate-claimed (no placement square, nothing may move without the king)
  await claimAccepted('4k3/8/8/8/8/8/8/RNBBNNRR[K] w - - 0 1', 'wR', 'h1', [2, 8]);
});

test('fast-fifty proposed by White, White moves, Black accepts: impasse, equal material 4-6', async () => {
  // rules play --mode sharp --fen 'r3k3/8/8/8/8/8/8/R3K3[] w - - 0 1' propose-fast-fifty a1a2 accept
  //   -> status: fast-fifty
  const { page, errors } = await sharpPosition('r3k3/8/8/8/8/8/8/R3K3[] w - - 0 1');
  await waitForPiece(page, 'wR', 'a1');
  await tapButton(page, 'propose-fast-fifty');
  await assertNoResult(page, 'a proposal alone');
  await playMove(page, 'a1a2', { touch: true, san: 'Ra2' });
  assert.equal(await page.locator(sel('accept-fast-fifty')).count(), 1, 'Black can still accept after White\'s move');
  await tapButton(page, 'accept-fast-fifty');
  const text = await resultText(page);
  assert.match(text, /impasse/i, `result: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [4, 6], `points: ${points.text}`);
  assertNoErrors(errors);
});

test('a rejected fast-fifty continues the game; an unanswered one lapses', async () => {
  const { page, errors } = await sharpPosition('r3k3/8/8/8/8/8/8/R3K3[] w - - 0 1');
  await waitForPiece(page, 'wR', 'a1');
  await tapButton(page, 'propose-fast-fifty');
  await playMove(page, 'a1a2', { touch: true, san: 'Ra2' });
  await tapButton(page, 'reject-fast-fifty');
  await assertNoResult(page, 'rejected fast-fifty');
  assert.equal(await page.locator(sel('accept-fast-fifty')).count(), 0, 'no accept button after the rejection');
  assert.equal(await page.locator(sel('reject-fast-fifty')).count(), 0, 'no reject button after the rejection');
  await playMove(page, 'e8d8', { touch: true, san: 'Kd8' });
  await playMove(page, 'a2a3', { touch: true, san: 'Ra3' });
  // Black proposes, Black moves; White plays on instead of answering: the proposal lapses.
  await tapButton(page, 'propose-fast-fifty');
  await playMove(page, 'a8b8', { touch: true, san: 'Rb8' });
  assert.equal(await page.locator(sel('accept-fast-fifty')).count(), 1, 'White may answer');
  await playMove(page, 'a3a4', { touch: true, san: 'Ra4' });
  await settle(page);
  assert.equal(await page.locator(sel('accept-fast-fifty')).count(), 0, 'the unanswered proposal lapsed');
  await assertNoResult(page, 'lapsed fast-fifty');
  assertNoErrors(errors);
});

/** Numbers in the impasse counter's text. */
async function counterNumbers(page) {
  const c = page.locator(sel('impasse-counter'));
  await c.waitFor({ state: 'visible', timeout: SOON });
  const text = (await c.textContent()).replace(/\s+/g, ' ').trim();
  return { text, nums: (text.match(/\d+/g) ?? []).map(Number) };
}

test('the impasse counter near 100 plies; at 100 the impasse ends the game by material, 7-3', async () => {
  const { page, errors } = await sharpPosition(null);
  // Far from the limit (0 plies) the counter is not shown.
  await settle(page);
  assert.equal(await page.locator(`${sel('impasse-counter')}:visible`).count(), 0, 'no impasse counter at the start');

  // rules play --mode sharp --fen '1n2k3/8/8/8/8/8/8/R3K3[] w - - 90 46' a1a2 b8c6 ... (10 plies)
  //   -> status: impasse, result 1-0 (White R=5 v Black N=3)
  await importText(page, '1n2k3/8/8/8/8/8/8/R3K3[] w - - 90 46');
  await waitForPiece(page, 'bN', 'b8');
  let c = await counterNumbers(page);
  // 10 plies (5 moves each) left, or 90 plies (45 moves) played.
  assert.ok(c.nums.some((n) => [10, 5, 90, 45].includes(n)), `counter at 90 plies: ${JSON.stringify(c.text)}`);
  const cycle = [['a1a2', 'Ra2'], ['b8c6', 'Nc6'], ['a2a1', 'Ra1'], ['c6b8', 'Nb8']];
  const plies = [...cycle, ...cycle, ...cycle.slice(0, 2)];
  for (let i = 0; i < plies.length; i++) {
    const [uci, san] = plies[i];
    await playMove(page, uci, { touch: true, san });
    if (i === 1) {
      c = await counterNumbers(page);
      assert.ok(c.nums.some((n) => [8, 4, 92, 46].includes(n)), `counter at 92 plies: ${JSON.stringify(c.text)}`);
    }
    if (i < plies.length - 1) {
      assert.equal(await page.locator(sel('result')).count(), 0, `no result yet after ${90 + i + 1} plies`);
    }
  }
  const text = await resultText(page);
  assert.match(text, /impasse/i, `result: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [7, 3], `points: ${points.text}`);
  assertNoErrors(errors);
});

test('resignation (confirmed) loses: Black resigns on Black\'s turn, 10-0', async () => {
  const { page, errors } = await sharpPosition(null);
  await place(page, 'wK', 'e1', { touch: true });
  await tapButton(page, 'resign');
  await tapButton(page, 'confirm-yes');
  const text = await resultText(page);
  assert.match(text, /White wins/i, `result: ${text}`);
  assert.match(text, /resign/i, `result: ${text}`);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [10, 0], `points: ${points.text}`);
  assertNoErrors(errors);
});
