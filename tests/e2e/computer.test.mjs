// The computer opponent in the browser: chosen in New game (a level named for a person, the
// side it plays), it thinks in a Web Worker while the page stays live ("Sam is thinking…"),
// plays like a person (the piece slides, the move is announced), takes back in pairs, keeps
// playing after a reload, places from its reserve in Chess#; Hint shows a good move as an
// arrow (off when the teacher's lock says so); demo mode's "Show best move" says who stands
// better.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, test } from 'node:test';
import { screenshot, shutdown } from './harness.mjs';
import {
  assertNoErrors,
  boardPieces,
  boardReady,
  moveSans,
  openGame,
  playMove,
  waitForMoveCount,
  waitForText,
  waitForTurn,
  newComputerGame,
  ANSWER,
  SOON,
} from './chess.mjs';
import { place } from './sharp.mjs';
import { familyBoardReady, familyMove, records, waitForRecords } from './family.mjs';

after(shutdown);

test('against the computer: it answers a touch move after thinking, its piece slides in, the move is announced; Take back takes back the pair', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newComputerGame(page, { mode: 'orthodox', side: 'b', level: 1 });
  await waitForTurn(page, /White\)? to move/);
  // The computer's name is its level's person.
  assert.match(await page.locator('.player-name').first().textContent(), /Sam/);

  // Where the computer's piece is drawn the moment it appears: still on the square it left.
  await page.evaluate(() => {
    const board = document.querySelector('[data-testid=board]');
    new MutationObserver((_, observer) => {
      const piece = board.querySelector('.slide-in');
      if (!piece) return;
      window.__slideStart = getComputedStyle(piece).translate;
      observer.disconnect();
    }).observe(board, { childList: true, subtree: true });
  });
  await playMove(page, 'e2e4', { touch: true });
  // It thinks (a level pauses at least half a second) while the page stays responsive.
  await page.locator('[data-testid=thinking]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=thinking]').textContent(), /Sam is thinking/);
  await screenshot(page, 'computer-thinking-1024x768');
  assert.equal(await page.evaluate(() => 1 + 1), 2, 'the page answers while the computer thinks');

  await waitForMoveCount(page, 2, { timeout: ANSWER });
  await waitForTurn(page, /White\)? to move/);
  await page.locator('[data-testid=thinking]').waitFor({ state: 'detached', timeout: SOON });
  const reply = (await moveSans(page))[1];
  // Its piece slides in from where it stood; the move is said for screen readers.
  assert.equal(await page.locator('[data-testid=board] .slide-in').count(), 1, 'the computer\'s piece slides in');
  assert.match(await page.evaluate(() => window.__slideStart), /^-?\d+(\.\d+)?px -?\d+(\.\d+)?px$/, 'it starts on the square it left');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid=board] .slide-in')).translate === 'none', null, { timeout: SOON });
  await waitForText(page, '#announcer', new RegExp(`Sam played ${reply.replace(/[+#]/g, '\\$&')}`));

  // Take back: the computer's answer and the child's move both go; White to move again.
  await page.locator('[data-testid=take-back]').tap();
  await waitForMoveCount(page, 0);
  await waitForTurn(page, /White\)? to move/);
  assert.equal((await boardPieces(page)).e2, 'wP');
  // Nothing comes back by itself: it is the child's turn.
  await page.waitForTimeout(2_000);
  assert.equal((await moveSans(page)).length, 0);
  assertNoErrors(errors);
});

test('the computer playing White moves first, and after a reload it still plays its side', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newComputerGame(page, { mode: 'primary', side: 'w', level: 3 });
  await waitForMoveCount(page, 1, { timeout: ANSWER });
  await waitForTurn(page, /Black\)? to move/);
  await playMove(page, 'e7e6', { touch: true });
  // Reload while it thinks: the saved game remembers who plays, and it answers.
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  await waitForMoveCount(page, 3, { timeout: ANSWER });
  await waitForTurn(page, /Black\)? to move/);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('classroom-chess.current')));
  assert.deepEqual(saved.computer.levels, [3, 0, 0, 0]);
  assertNoErrors(errors);
});

test('Chess#: the computer places its pieces from the reserve tray', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newComputerGame(page, { mode: 'sharp', side: 'b', level: 8 });
  await waitForTurn(page, /White\)? to move/);
  await place(page, 'wK', 'e1', { touch: true });
  await waitForMoveCount(page, 2, { timeout: ANSWER });
  const answer = (await moveSans(page))[1];
  assert.match(answer, /^[KQRBN]@[a-h]8$/, `the computer places on its first rank: ${answer}`);
  const onRank8 = Object.entries(await boardPieces(page)).filter(([sq, code]) => sq[1] === '8' && code[0] === 'b');
  assert.equal(onRank8.length, 1, 'one black piece placed');
  assertNoErrors(errors);
});

test('Hint shows a good move as an arrow that can be played; demo mode shows the best move and who stands better', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await newComputerGame(page, { mode: 'orthodox', side: 'b', level: 2 });
  await playMove(page, 'e2e4', { touch: true });
  await waitForMoveCount(page, 2, { timeout: ANSWER });
  await page.locator('[data-testid=hint]').tap();
  const arrow = page.locator('[data-testid=board] .mark.arrow');
  await arrow.waitFor({ timeout: ANSWER });
  await waitForText(page, '[data-testid=hint-words]', /^Hint: \S+/);
  await screenshot(page, 'computer-hint-1024x768');
  const from = await arrow.getAttribute('data-from');
  const to = await arrow.getAttribute('data-to');
  assert.match(`${from}${to}`, /^[a-h][1-8][a-h][1-8]$/);
  // The hinted move is a legal move: dragging it plays it, and the arrow goes.
  await playMove(page, `${from}${to}`, { touch: true });
  assert.equal(await arrow.count(), 0, 'the arrow goes with the move');
  await waitForMoveCount(page, 4, { timeout: ANSWER });

  // Demo mode: "Show best move" with the verdict in words.
  await page.locator('[data-testid=demo]').tap();
  await page.locator('[data-testid=best-move]').tap();
  await waitForText(
    page,
    '[data-testid=demo-panel] [data-testid=hint-words]',
    /^Best move: \S+\. (The game is about equal|(White|Black).* (is a little better|is better|is winning|can win in \d+ moves?))\.$/,
    { timeout: ANSWER },
  );
  await page.locator('[data-testid=board] .mark.arrow').waitFor({ timeout: SOON });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'computer-best-move-1920x1080');
  assertNoErrors(errors);
});

/** The stored form of a teacher PIN (src/teacher.rs: salted SHA-256, iterated). */
function hashPin(salt, pin) {
  let digest = createHash('sha256').update(`classroom-chess:${salt}:${pin}`).digest();
  for (let i = 1; i < 2000; i++) digest = createHash('sha256').update(Buffer.concat([digest, Buffer.from(pin)])).digest();
  return digest.toString('hex');
}

test('with the teacher\'s lock on and hints not allowed, the Hint button is off', async () => {
  const teacher = JSON.stringify({
    version: 1,
    pin: { salt: 'abc', hash: hashPin('abc', '2468') },
    allowed_modes: ['primary', 'orthodox', 'sharp', 'family', 'custom'],
    primary_resign_draw: false,
    hints: false,
  });
  const { page, errors } = await openGame({
    tablet: true,
    beforeGoto: (p) => p.addInitScript((t) => localStorage.setItem('classroom-chess.teacher', t), teacher),
  });
  const hint = page.locator('[data-testid=hint]');
  await hint.waitFor({ timeout: SOON });
  assert.equal(await hint.isDisabled(), true, 'hints are off while locked');
  assertNoErrors(errors);
});

test('Fun Family Chess: any seat can be the computer; three computer seats answer a person\'s move, and Take back returns to the person', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await page.locator('[data-testid=new-game]').click();
  await page.locator('input[name=mode][value=family]').check();
  await page.locator('select[data-option=players]').selectOption('4');
  for (const [seat, level] of [['b', '1'], ['y', '2'], ['g', '8']]) {
    await page.locator(`select[data-computer=${seat}]`).selectOption(level);
  }
  const start = page.locator('[data-testid=start-game]');
  await start.click();
  await start.waitFor({ state: 'detached', timeout: SOON });
  await familyBoardReady(page);
  await waitForTurn(page, /Red to move/);

  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  // Blue (Sam), Yellow (Mia) and Green (Ada) answer in turn; then it is Red's turn again.
  await waitForRecords(page, 4, { timeout: 3 * ANSWER });
  await waitForTurn(page, /Red to move/, { timeout: ANSWER });
  const lines = await records(page);
  assert.match(lines[1], /^b: /);
  assert.match(lines[2], /^y: /);
  assert.match(lines[3], /^g: /);
  await waitForText(page, '#announcer', /(Sam|Mia|Ada) played/);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('classroom-chess.family')));
  assert.deepEqual(saved.computer.levels, [0, 1, 2, 8]);

  // A hint for Red, then Take back: the three answers and Red's move go.
  await page.locator('[data-testid=hint]').tap();
  await page.locator('[data-testid=board] .mark.arrow').waitFor({ timeout: ANSWER });
  await page.locator('[data-testid=family-undo]').tap();
  await waitForTurn(page, /Red to move/);
  assert.equal((await records(page)).length, 0, 'back to the start');
  assertNoErrors(errors);
});

test('choosing the computer in New game starts the engine ahead, before Start game', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  await page.waitForTimeout(300);
  assert.equal(page.workers().length, 0, 'two players need no engine');
  const started = page.waitForEvent('worker', { timeout: SOON });
  await page.locator('[data-testid=against-computer]').check();
  assert.match((await started).url(), /engine-worker/);
  assert.equal(await page.locator('[data-testid=new-game-dialog]').count(), 1, 'the dialog is still open');
  assertNoErrors(errors);
});
