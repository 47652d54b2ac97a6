// Every kind of event is said through the live region (and spoken when speech is on): a move,
// a capture, a check, a king captured and the result, a placement from the reserve, a claim,
// a take-back, a Fun Family move and its call of check.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import { ANSWER, SOON, assertNoErrors, newComputerGame, openGame, playMove, playMoves } from './chess.mjs';
import { newSharpGame, place } from './sharp.mjs';
import { familyMove, newFamilyGame, openFamily } from './family.mjs';

after(shutdown);

/** Waits until the live region says `expected` (a string: exactly; a RegExp: matching). */
async function said(page, expected) {
  const source = expected instanceof RegExp ? expected.source : null;
  const exact = expected instanceof RegExp ? null : expected;
  try {
    await page.waitForFunction(
      ([source, exact]) => {
        const text = (document.querySelector('#announcer')?.textContent ?? '').replace(/\u00a0/g, '').trim();
        return source ? new RegExp(source).test(text) : text === exact;
      },
      [source, exact],
      { timeout: SOON },
    );
  } catch {
    const now = await page.locator('#announcer').textContent();
    assert.fail(`the live region says ${JSON.stringify(now)}, expected ${expected}`);
  }
}

test('Primary: a move, a capture, a check, the king captured and the result are said', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await playMove(page, 'e2e4', { touch: true });
  await said(page, 'White pawn from e2 to e4.');
  await playMove(page, 'd7d5', { touch: true });
  await said(page, 'Black pawn from d7 to d5.');
  await playMove(page, 'e4d5', { touch: true });
  await said(page, 'White pawn from e4 takes the black pawn on d5.');
  await playMoves(page, ['e7e6'], { touch: true });
  await playMove(page, 'f1b5', { touch: true });
  await said(page, /^White bishop from f1 to b5\. Check! Black's king is attacked/);
  // Check never restricts a move in Primary Chess: Black ignores it, White takes the king.
  await playMove(page, 'a7a6', { touch: true });
  await playMove(page, 'b5e8', { touch: true });
  await said(page, /^White bishop from b5 takes the black king on e8\. Game over\. White wins/);
  assertNoErrors(errors);
});

test("the computer's move and a take-back of the pair are said", async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newComputerGame(page, { mode: 'orthodox', side: 'b', level: 1 });
  await playMove(page, 'e2e4', { touch: true });
  await said(page, /^\w+ played [a-hN][a-h1-8x]*\. Black (pawn|knight) from [a-h][78] to [a-h][3-6]\.$/);
  await page.locator('[data-testid=take-back]').tap();
  await said(page, /^Move taken back: e4\. White to move/);
  assertNoErrors(errors);
});

test('Chess#: a placement from the reserve is said', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newSharpGame(page);
  await place(page, 'wK', 'e1', { touch: true });
  await said(page, 'White king placed on e1.');
  assertNoErrors(errors);
});

test('Fun Family Chess: a move and a call of check are said', async () => {
  const { page, errors } = await openFamily();
  await newFamilyGame(page);
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await said(page, 'Red pawn from e2 to e4.');
  assertNoErrors(errors);
});
