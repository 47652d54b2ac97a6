// Fun Family Chess setup and game controls in the browser (FAMILY.md §2.1, §2.5, §4.8, §5,
// §7.1, §8): three players at chosen seats with a chosen first mover, a mid-game toggle
// change written in the move list and kept over a reload, resigning, taking back, an agreed
// draw, the "Check!" banner and the hints overlay for unannounced attacks.
//
// Positions and move orders were checked with the rules CLI first, e.g.
//   target/release/rules play --mode family --option seats=ryg --option first=y y:e13-e11 g:m4-k4 r:e2-e4
//   -> turn:y (Blue's empty seat skipped)
//   target/release/rules play --mode family --fen 'rKh1 bKa7 yKg14 gKn8 rQd5 bPb10 turn:r' 'r:Qd5-f7+'
//   -> checks:b=r
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import { assertNoErrors, turnText, waitForTurn, settle, closeDialog, SOON } from './chess.mjs';
import {
  KINGS,
  openFamily,
  newFamilyGame,
  importFamily,
  familyPieces,
  seatStatus,
  waitForSeatStatus,
  waitForSeatPieces,
  records,
  waitForRecord,
  familyMove,
  familyBoardReady,
  waitForFamilyPiece,
} from './family.mjs';

after(shutdown);

const seatsOnBoard = async (page) => [...new Set(Object.values(await familyPieces(page)).map((p) => p.code[0]))].sort();

test('setup: 3 players at Red, Yellow and Green, Yellow starts; Blue\'s seat is empty and skipped', async () => {
  const { page, context, errors } = await openFamily();
  await page.locator('[data-testid=new-game]').click();
  await page.locator('input[name=mode][value=family]').check();
  await page.locator('select[data-option=players]').selectOption('3');
  // The dialog offers every supervisor toggle, each with its sentence.
  for (const key of ['checks', 'hints', 'teams', 'joint-mates', 'absence', 'eligibility', 'leave-in-check', 'asleep-capture',
    'double-step', 'en-passant', 'promotion', 'promote-to', 'dead-pieces', 'stalemate', 'far-right-pawn']) {
    const sel = page.locator(`select[data-testid=family-toggle-${key}]`);
    assert.equal(await sel.count(), 1, `toggle ${key} is on the setup screen`);
    const text = (await sel.locator('option:checked').textContent()).trim();
    assert.match(text, /\w+ .*\./, `toggle ${key} says what it means in a sentence: ${JSON.stringify(text)}`);
  }
  // Player 2 takes Yellow from player 3, who gets player 2's Blue seat (a swap); then
  // player 3 moves on to the free Green seat.
  await page.locator('select[data-testid=family-seat-2]').selectOption('y');
  assert.equal(await page.locator('select[data-testid=family-seat-3]').inputValue(), 'b', 'the seats were swapped');
  await page.locator('select[data-testid=family-seat-3]').selectOption('g');
  await page.locator('input[data-player=y]').fill('Mia');
  const firstOptions = await page.locator('select[data-testid=family-first] option').evaluateAll((els) => els.map((e) => e.value));
  assert.deepEqual(firstOptions, ['r', 'y', 'g'], 'only seats with a player can start');
  await page.locator('select[data-testid=family-first]').selectOption('y');
  await page.locator('details[data-testid=family-more-rules] summary').click();
  await page.locator('select[data-testid=family-toggle-stalemate]').waitFor({ state: 'visible', timeout: SOON });
  await page.locator('select[data-testid=family-seat-1]').scrollIntoViewIfNeeded();
  await settle(page, 200);
  await screenshot(page, 'family-setup-1024x768');
  await page.locator('[data-testid=start-game]').click();
  await familyBoardReady(page);

  await waitForTurn(page, /Yellow to move \(Mia\)/);
  assert.deepEqual(await seatsOnBoard(page), ['g', 'r', 'y'], 'no Blue army on the board');
  assert.equal(Object.keys(await familyPieces(page)).length, 45, '3 armies of 15');
  assert.equal(await page.locator('[data-testid=seat-b]').count(), 0, 'no Blue seat in the panel');
  for (const s of ['r', 'y', 'g']) assert.equal(await seatStatus(page, s), 'playing');

  await familyMove(page, 'e13', 'e11', { record: 'y: e13-e11' });
  await waitForTurn(page, /Green to move/);
  await familyMove(page, 'm4', 'k4', { record: 'g: m4-k4' });
  await waitForTurn(page, /Red to move/);
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await waitForTurn(page, /Yellow to move/); // Blue's empty seat is skipped
  assertNoErrors(errors);
  await context.close();
});

test('setup: two players may sit side by side (Red and Blue); fixed teams need four players', async () => {
  const { page, context, errors } = await openFamily();
  await page.locator('[data-testid=new-game]').click();
  await page.locator('input[name=mode][value=family]').check();
  await page.locator('select[data-option=players]').selectOption('3');
  await page.locator('select[data-testid=family-toggle-teams]').selectOption('fixed');
  await page.locator('[data-testid=start-game]').click();
  const err = page.locator('[data-testid=family-setup-error]');
  await err.waitFor({ timeout: SOON });
  assert.match(await err.textContent(), /four players/);
  assert.equal(await page.locator('[data-testid=new-game-dialog]').count(), 1, 'the dialog stays open, nothing started');
  await page.locator('[data-testid=close-dialog]').first().click();

  await newFamilyGame(page, { players: 2, seats: ['r', 'b'] });
  assert.deepEqual(await seatsOnBoard(page), ['b', 'r']);
  // Mid-game too: fixed teams are refused for two players, the rule stays as it was.
  await page.locator('[data-testid=family-rules-open]').click();
  await page.locator('select[data-testid=family-rule-teams]').selectOption('fixed');
  await page.locator('[data-testid=message]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=message]').textContent(), /four players/);
  assert.equal(await page.locator('select[data-testid=family-rule-teams]').inputValue(), 'free');
  assert.equal(await page.locator('[data-testid=move-list] [data-kind=supervisor]').count(), 0, 'nothing logged');
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await waitForTurn(page, /Blue to move/);
  await familyMove(page, 'b5', 'd5', { record: 'b: b5-d5' });
  await waitForTurn(page, /Red to move/);
  assertNoErrors(errors);
  await context.close();
});

test('a supervisor changes a rule mid-game: a line in the move list, kept after a reload', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  assert.equal(await page.locator('[data-testid=call-check]').isEnabled(), true, 'manual calls: the button works');
  await page.locator('[data-testid=family-rules-open]').click();
  await page.locator('select[data-testid=family-rule-checks]').selectOption('auto');
  await waitForRecord(page, /^— Supervisor: checks manual -> auto$/);
  assert.deepEqual(await records(page), ['r: e2-e4', '— Supervisor: checks manual -> auto']);
  assert.equal(await page.locator('[data-testid=move-list] [data-kind=supervisor]').count(), 1);
  await page
    .waitForFunction(() => /Rule changed\. Check calls: The app calls every check/.test(document.querySelector('#announcer')?.textContent ?? ''), null, { timeout: SOON })
    .catch(async () => assert.fail(`#announcer should tell the change, says ${JSON.stringify(await page.locator('#announcer').textContent())}`));
  await page.locator('[data-testid=call-check]:disabled').waitFor({ timeout: SOON });
  await familyMove(page, 'b5', 'd5', { record: 'b: b5-d5' });

  await page.reload({ waitUntil: 'load' });
  await familyBoardReady(page);
  await waitForRecord(page, /^b: b5-d5$/);
  assert.deepEqual(await records(page), ['r: e2-e4', '— Supervisor: checks manual -> auto', 'b: b5-d5']);
  assert.equal(await page.locator('select[data-testid=family-rule-checks]').inputValue(), 'auto');
  await page.locator('[data-testid=call-check]:disabled').waitFor({ timeout: SOON });
  await waitForTurn(page, /Yellow to move/);
  assertNoErrors(errors);
  await context.close();
});

test('take back: the last moves are undone one at a time', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  assert.equal(await page.locator('[data-testid=family-undo]').isDisabled(), true, 'nothing to take back yet');
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await familyMove(page, 'b5', 'd5', { record: 'b: b5-d5' });
  await page.locator('[data-testid=family-undo]').click();
  await waitForTurn(page, /Blue to move/);
  await waitForFamilyPiece(page, 'bP', 'b5');
  assert.deepEqual(await records(page), ['r: e2-e4']);
  await page.locator('[data-testid=family-undo]').click();
  await waitForTurn(page, /Red to move/);
  await waitForFamilyPiece(page, 'rP', 'e2');
  assert.deepEqual(await records(page), []);
  assert.equal(Object.keys(await familyPieces(page)).length, 60);
  assertNoErrors(errors);
  await context.close();
});

test('resign: Blue resigns (asked twice), is out with grey pieces; the last one left wins', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 3 });
  await page.locator('[data-testid=resign-b]').click();
  await page.locator('[data-testid=family-confirm]').waitFor({ timeout: SOON });
  assert.equal(await seatStatus(page, 'b'), 'playing', 'nothing happens before the answer');
  await page.locator('[data-testid=family-confirm-no]').click();
  await page.locator('[data-testid=family-confirm]').waitFor({ state: 'detached', timeout: SOON });
  assert.equal(await seatStatus(page, 'b'), 'playing');
  await page.locator('[data-testid=resign-b]').click();
  await page.locator('[data-testid=family-confirm-yes]').click();
  await waitForSeatStatus(page, 'b', 'out');
  await waitForSeatPieces(page, 'b', 'dead');
  await waitForRecord(page, /^b: resigns$/);
  await waitForTurn(page, /Red to move/);
  await page.locator('[data-testid=resign-y]').click();
  await page.locator('[data-testid=family-confirm-yes]').click();
  const result = page.locator('[data-testid=result]');
  await result.waitFor({ timeout: SOON });
  assert.match(await result.textContent(), /Red wins/);
  // The supervisor takes the last resignation back: the game goes on.
  await page.locator('[data-testid=look-at-board]').click();
  await page.locator('[data-testid=family-undo]').click();
  await waitForSeatStatus(page, 'y', 'playing');
  await waitForTurn(page, /Red to move/);
  assert.equal(await seatStatus(page, 'b'), 'out', 'only the last action is taken back');
  assertNoErrors(errors);
  await context.close();
});

test('draw by agreement of everyone still in', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await page.locator('[data-testid=family-agree-draw]').click();
  await page.locator('[data-testid=family-confirm-yes]').click();
  const result = page.locator('[data-testid=result]');
  await result.waitFor({ timeout: SOON });
  assert.match(await result.textContent(), /draw/i);
  assert.match(await page.locator('[data-testid=points]').textContent(), /Red ½.*Blue ½.*Yellow ½.*Green ½/);
  assertNoErrors(errors);
  await context.close();
});

const SCENARIO_5 = `${KINGS} rQd5 bPb10 turn:r`;

test('an announced check shows a big "Check!" banner over the board', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await importFamily(page, SCENARIO_5);
  await familyMove(page, 'd5', 'f7', { call: true, record: 'r: Qd5-f7+' });
  const banner = page.locator('[data-testid=check-banner]');
  await banner.waitFor({ state: 'visible', timeout: SOON });
  assert.match(await banner.textContent(), /Check!\s*Red checks Blue/);
  const b = await banner.boundingBox();
  const board = await page.locator('[data-testid=board]').boundingBox();
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height / 2;
  assert.ok(cx > board.x && cx < board.x + board.width && cy > board.y && cy < board.y + board.height, 'the banner is over the board');
  await screenshot(page, 'family-check-banner-1024x768');
  await banner.waitFor({ state: 'detached', timeout: 5_000 });
  assertNoErrors(errors);
  await context.close();
});

test('hints (settings, a supervisor rule): an unannounced attack is marked but does not bind', async () => {
  const { page, context, errors } = await openFamily({ viewport: { width: 1920, height: 1080 }, hasTouch: false });
  await newFamilyGame(page, { players: 4 });
  await importFamily(page, SCENARIO_5);
  // The settings dialog shows the family settings, not the 2-player board orientation.
  await page.locator('[data-testid=settings]').click();
  await page.locator('[data-testid=settings-dialog] select[data-testid=family-rotation]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=orientation]').count(), 0, 'no 2-player orientation in a family game');
  assert.equal(await page.locator('[data-testid=sound]').count(), 1, 'sound is there');
  await page.locator('[data-testid=settings-dialog] [data-testid=hints]').setChecked(true);
  await closeDialog(page);
  await waitForRecord(page, /^— Supervisor: hints off -> on$/);

  await familyMove(page, 'd5', 'f7', { touch: false, record: 'r: Qd5-f7' });
  await waitForTurn(page, /Blue to move/);
  await page.locator('[data-testid=board] circle.attack-hint[data-attacked=b]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=attack-hints]').textContent(), /Blue's king is attacked by Red.*not called/);
  assert.equal(await page.locator('[data-testid=board] .announced-check').count(), 0, 'not shown as a check');
  await settle(page, 200);
  await screenshot(page, 'family-hints-1920x1080');
  // Not binding: Blue may still move the pawn.
  await familyMove(page, 'b10', 'd10', { touch: false, record: 'b: b10-d10' });
  assert.match(await turnText(page), /Yellow to move/);
  assertNoErrors(errors);
  await context.close();
});

test('ages at setup: a player 25 years younger than the oldest may leave, the others may not', async () => {
  const { page, context, errors } = await openFamily();
  await page.locator('[data-testid=new-game]').click();
  await page.locator('input[name=mode][value=family]').check();
  await page.locator('select[data-option=players]').selectOption('3');
  await page.locator('input[data-age=r]').fill('41');
  await page.locator('input[data-age=b]').fill('9');
  await page.locator('input[data-age=y]').fill('nine');
  await page.locator('[data-testid=start-game]').click();
  const err = page.locator('[data-testid=family-setup-error]');
  await err.waitFor({ timeout: SOON });
  assert.match(await err.textContent(), /Yellow's age should be a number/);
  await page.locator('input[data-age=y]').fill('20');
  await page.locator('[data-testid=start-game]').click();
  await familyBoardReady(page);
  await page.locator('[data-testid=leave-b]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=leave-r]').count(), 0, 'the oldest may not leave');
  assert.equal(await page.locator('[data-testid=leave-y]').count(), 0, '21 years younger is not enough (25 needed)');
  assertNoErrors(errors);
  await context.close();
});

test('supervisor powers (§8.12): send a player away, then declare the winners', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await page.locator('[data-testid=family-rules-open]').click();
  // Green (not ticked at setup, so not allowed to leave by itself) is sent away by the supervisor.
  await page.locator('[data-testid=send-away-g]').click();
  await waitForSeatStatus(page, 'g', 'away');
  await waitForSeatPieces(page, 'g', 'asleep');
  assert.equal(await page.locator('[data-testid=send-away-g]').isDisabled(), true, 'already away');
  assert.equal(await seatStatus(page, 'r'), 'playing');
  // Declare: Red and Yellow win; the game ends and the result screen says so.
  assert.match(await page.locator('[data-testid=declare-result]').textContent(), /draw/i, 'nobody ticked: a draw');
  await page.locator('[data-testid=declare-winner-r]').check();
  await page.locator('[data-testid=declare-winner-y]').check();
  assert.match(await page.locator('[data-testid=declare-result]').textContent(), /winners/i);
  await page.locator('[data-testid=declare-result]').click();
  const result = page.locator('[data-testid=result]');
  await result.waitFor({ timeout: SOON });
  assert.match(await result.textContent(), /Red/);
  assert.match(await result.textContent(), /Yellow/);
  assert.doesNotMatch(await result.textContent(), /Blue wins|Green wins/);
  // Kept after a reload.
  await page.reload({ waitUntil: 'load' });
  await page.locator('[data-testid=result]').waitFor({ timeout: SOON });
  assertNoErrors(errors);
  await context.close();
});
