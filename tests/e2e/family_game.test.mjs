// Fun Family Chess (FAMILY.md) in the browser: a four-player game where an announced check
// mates a player (§4.6, §5.1–5.2, scenario 7), an unannounced check the defender may ignore
// (§4.3, §4.5a, scenario 5), a young player going away and coming back (§6), and the board
// turning to the mover with touch moves still landing on the right square.
//
// Every position used here was checked first with the rules CLI, e.g.
//   target/release/rules play --mode family --fen 'rKh1 bKa7 yKg14 gKn8 rRd4 rRb11 turn:r' 'r:Rd4-a4+'
//   -> seats:POPP turn:y, records `r: Rd4-a4+`, `b: #`
// and the same move without the call leaves Blue Playing (it passes: `b: --`).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import { assertNoErrors, turnText, waitForTurn, settle, pointer, SOON } from './chess.mjs';
import {
  KINGS,
  openFamily,
  familyBoardReady,
  newFamilyGame,
  importFamily,
  familyPieces,
  familyCodes,
  piecesOfText,
  waitForFamilyPiece,
  waitForSeatPieces,
  seatStatus,
  waitForSeatStatus,
  rotation,
  records,
  waitForRecord,
  standingChecksShown,
  standingChecksText,
  callPressed,
  pressCall,
  moveHints,
  familyMove,
  leaveSeat,
  backSeat,
  setFamilyRotation,
  familySquares,
  squareCenter,
  moved,
  waitForStillBoard,
} from './family.mjs';

after(shutdown);

const kingClass = async (page, code, sq) =>
  (await page.locator(`[data-testid=board] g[data-piece=${code}][data-square=${sq}]`).getAttribute('class', { timeout: SOON })) ?? '';

/** A new 4-player family game, then the position text imported; checks the board shows it. */
async function familyPosition(page, text) {
  await newFamilyGame(page, { players: 4 });
  await importFamily(page, text);
  const want = piecesOfText(text);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=board] g[data-piece]').length === n,
    Object.keys(want).length,
    { timeout: SOON },
  ).catch(() => {});
  assert.deepEqual(await familyCodes(page), want, 'the board shows the imported position');
  for (const [sq, p] of Object.entries(await familyPieces(page))) assert.equal(p.state, 'live', `${p.code} on ${sq} is live`);
  for (const s of ['r', 'b', 'y', 'g']) assert.equal(await seatStatus(page, s), 'playing', `seat ${s} playing`);
}

// ---------------------------------------------------------------------------------------------
// 1. Checkmate by an announced check (FAMILY §9 scenario 7)

const SCENARIO_7 = `${KINGS} rRd4 rRb11 turn:r`;

test('announced check mates Blue: Out at the start of its turn, pieces dead, Yellow moves, play goes on', async () => {
  const { page, context, errors } = await openFamily();
  await familyPosition(page, SCENARIO_7);
  await waitForTurn(page, /Red to move/);
  assert.equal(await callPressed(page), false, 'the Check! call is not armed at the start');
  assert.equal(await standingChecksShown(page), false, 'no standing check before the call');

  const { hints, record } = await familyMove(page, 'd4', 'a4', { call: true, record: /^r: Rd4-a4[+#]$/ });
  assert.ok(hints.includes('a4'), `a4 is among the rook's hints: ${hints}`);
  assert.ok(!hints.includes('a1') && !hints.includes('c3'), `no hint on a missing corner square: ${hints}`);
  assert.match(record, /[+#]$/, 'the call is recorded');

  // Mate is judged at the start of Blue's turn: Blue is Out, its pieces are dead, Yellow moves.
  await waitForSeatStatus(page, 'b', 'out');
  await waitForSeatPieces(page, 'b', 'dead');
  await waitForFamilyPiece(page, 'bK', 'a7', { state: 'dead' }); // dead pieces stay (§5.2)
  await waitForTurn(page, /Yellow to move/);
  for (const s of ['r', 'y', 'g']) assert.equal(await seatStatus(page, s), 'playing', `seat ${s} still playing`);
  for (const [sq, p] of Object.entries(await familyPieces(page))) {
    if (p.code[0] !== 'b') assert.equal(p.state, 'live', `${p.code} on ${sq} stays live`);
  }
  // Three players remain: the game goes on, no result.
  const result = page.locator('[data-testid=result]');
  assert.equal((await result.count()) > 0 && (await result.first().isVisible()), false, 'no result with three players left');

  // A round: Yellow, Green, Red, and then Yellow again (Blue is skipped).
  await familyMove(page, 'g14', 'f13', { record: 'y: Kg14-f13' });
  await waitForTurn(page, /Green to move/);
  await familyMove(page, 'n8', 'm8', { record: 'g: Kn8-m8' });
  await waitForTurn(page, /Red to move/);
  await familyMove(page, 'h1', 'h2', { record: 'r: Kh1-h2' });
  await waitForTurn(page, /Yellow to move/);
  assert.equal(await seatStatus(page, 'b'), 'out');
  await waitForSeatPieces(page, 'b', 'dead');
  assertNoErrors(errors);
  await context.close();
});

test('the mate is announced in the live region (#announcer names Blue and the mate)', async () => {
  const { page, context, errors } = await openFamily();
  await familyPosition(page, SCENARIO_7);
  await familyMove(page, 'd4', 'a4', { call: true, record: /^r: Rd4-a4[+#]$/ });
  await waitForSeatStatus(page, 'b', 'out');
  // Screen readers hear it: the live region names Blue and the mate (or that Blue is out).
  await page
    .waitForFunction(
      () => {
        const t = document.querySelector('#announcer')?.textContent ?? '';
        return /Blue/.test(t) && /mate|out/i.test(t);
      },
      null,
      { timeout: SOON },
    )
    .catch(async () =>
      assert.fail(
        `#announcer should announce Blue's checkmate (text naming Blue and "mate"/"out"), says ${JSON.stringify(
          await page.locator('#announcer').textContent().catch(() => '(absent)'),
        )}`,
      ),
    );
  assertNoErrors(errors);
  await context.close();
});

test('the same rook move without the call does not mate: Blue stays in (it passes)', async () => {
  const { page, context, errors } = await openFamily();
  await familyPosition(page, SCENARIO_7);
  assert.equal(await callPressed(page), false, 'the Check! call is not armed');
  await familyMove(page, 'd4', 'a4', { record: 'r: Rd4-a4' });
  await waitForTurn(page, /Yellow to move/); // Blue has no legal move under §4.5a: it passes
  await waitForRecord(page, /^b: --$/);
  await settle(page);
  assert.equal(await seatStatus(page, 'b'), 'playing', 'Blue is not out without an announced check');
  await waitForSeatPieces(page, 'b', 'live');
  assert.equal(await standingChecksShown(page), false, `no standing check: ${JSON.stringify(await standingChecksText(page))}`);
  assertNoErrors(errors);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// 2. An unannounced check may be ignored (FAMILY §9 scenario 5)

const SCENARIO_5 = `${KINGS} rQd5 bPb10 turn:r`;

test('unannounced check: Blue may ignore Qf7 and play b10-d10; no standing check is shown', async () => {
  const { page, context, errors } = await openFamily();
  await familyPosition(page, SCENARIO_5);
  assert.equal(await callPressed(page), false);
  await familyMove(page, 'd5', 'f7', { record: 'r: Qd5-f7' });
  await waitForTurn(page, /Blue to move/);
  await settle(page);
  assert.equal(await standingChecksShown(page), false, `no standing check after an unannounced check: ${JSON.stringify(await standingChecksText(page))}`);
  assert.doesNotMatch(await kingClass(page, 'bK', 'a7'), /\bannounced-check\b/, 'the Blue king is not marked announced-check');

  // The Blue king may not step onto b7 (attacked), but is not bound to answer the attack.
  const p = await pointer(page, { touch: true });
  await p.down('a7');
  await settle(page, 60);
  const kingHints = await moveHints(page);
  await p.up();
  await settle(page);
  assert.deepEqual(kingHints, ['a6', 'a8', 'b6', 'b8'], 'Blue king hints (b7 is attacked by the queen)');
  assert.equal((await records(page)).length, 1, 'pressing the king and releasing it on its square is not a move');

  const { hints } = await familyMove(page, 'b10', 'd10', { record: 'b: b10-d10' });
  assert.deepEqual(hints, ['c10', 'd10'], 'the pawn may move although its king is attacked (unannounced)');
  await waitForTurn(page, /Yellow to move/);
  assert.equal(await seatStatus(page, 'b'), 'playing');
  assert.equal(await standingChecksShown(page), false, 'still no standing check');
  assertNoErrors(errors);
  await context.close();
});

test('a later call is accepted (Check! pressed right after Kh1-h2): Blue is then bound to king moves', async () => {
  const { page, context, errors } = await openFamily();
  await familyPosition(page, SCENARIO_5);
  await familyMove(page, 'd5', 'f7', { record: 'r: Qd5-f7' });
  await familyMove(page, 'b10', 'd10', { record: 'b: b10-d10' });
  await familyMove(page, 'g14', 'h13', { record: 'y: Kg14-h13' });
  await familyMove(page, 'n8', 'm8', { record: 'g: Kn8-m8' });
  await familyMove(page, 'h1', 'h2', { record: /^r: Kh1-h2\+?$/ });
  assert.equal(await standingChecksShown(page), false, 'no standing check before the call');
  // Right after the move, Red's own button (named for Red) adds the call to Red's move.
  const callLast = page.locator('[data-testid=call-last-check]');
  await callLast.waitFor({ timeout: SOON });
  assert.match(await callLast.textContent(), /^Red: call check on your last move$/);
  assert.equal(await callPressed(page), false, "Blue's own Check! is not pressed by it");
  await callLast.click();
  await waitForRecord(page, /^r: Kh1-h2\+$/);
  await page.waitForFunction(() => /\S/.test(document.querySelector('[data-testid=standing-checks]')?.textContent ?? ''), null, { timeout: SOON })
    .catch(() => assert.fail('[data-testid=standing-checks] should show the check on Blue'));
  await page
    .waitForFunction(() => /Check/.test(document.querySelector('#announcer')?.textContent ?? ''), null, { timeout: SOON })
    .catch(() => assert.fail('#announcer should say Check! when the call is accepted'));
  const text = await standingChecksText(page);
  assert.match(text, /Blue/, `standing checks name the victim: ${JSON.stringify(text)}`);
  assert.match(text, /Red/, `standing checks name the checker: ${JSON.stringify(text)}`);
  await page.locator('[data-testid=board] g[data-piece=bK][data-square=a7].announced-check').waitFor({ timeout: SOON })
    .catch(async () => assert.fail(`the Blue king should have class announced-check, has ${JSON.stringify(await kingClass(page, 'bK', 'a7'))}`));
  await waitForTurn(page, /Blue to move/);

  // The pawn may no longer move; only the king moves answer the check.
  const p = await pointer(page, { touch: true });
  await p.down('d10');
  await settle(page, 60);
  assert.deepEqual(await moveHints(page), [], 'no pawn move while in announced check');
  await p.up();
  const q = await pointer(page, { touch: true });
  await q.down('a7');
  await settle(page, 60);
  assert.deepEqual(await moveHints(page), ['a6', 'a8', 'b6', 'b8'], 'king moves out of the announced check');
  await q.up();
  await familyMove(page, 'a7', 'a6', { record: 'b: Ka7-a6' });
  await waitForTurn(page, /Yellow to move/);
  assert.doesNotMatch(await kingClass(page, 'bK', 'a6'), /\bannounced-check\b/, 'the check is over');
  assertNoErrors(errors);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// 3. Away and back (FAMILY §6)

test('an eligible Green goes away (pieces asleep, turn skipped) and comes back', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4, eligible: ['g'] });
  assert.equal(Object.keys(await familyPieces(page)).length, 60, '60 pieces at the start');
  // A seat that is not eligible cannot leave.
  const leaveB = page.locator('[data-testid=leave-b]');
  const bCan = (await leaveB.count()) > 0 && (await leaveB.first().isVisible()) && (await leaveB.first().isEnabled());
  assert.equal(bCan, false, 'Blue (not eligible) has no usable leave button');

  await leaveSeat(page, 'g');
  await waitForSeatPieces(page, 'g', 'asleep');
  for (const s of ['r', 'b', 'y']) {
    await waitForSeatPieces(page, s, 'live');
    assert.equal(await seatStatus(page, s), 'playing');
  }
  await waitForRecord(page, /^g: away$/);

  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await familyMove(page, 'b7', 'd7', { record: 'b: b7-d7' });
  await familyMove(page, 'f13', 'f11', { record: 'y: f13-f11' });
  await waitForTurn(page, /Red to move/); // Green is skipped
  assert.equal(await seatStatus(page, 'g'), 'away');
  await waitForSeatPieces(page, 'g', 'asleep');

  await backSeat(page, 'g');
  await waitForSeatPieces(page, 'g', 'live');
  await waitForRecord(page, /^g: back$/);
  await waitForTurn(page, /Red to move/); // coming back does not take the turn
  await familyMove(page, 'd2', 'd3', { record: 'r: d2-d3' });
  await familyMove(page, 'b8', 'c8', { record: 'b: b8-c8' });
  await familyMove(page, 'g13', 'g12', { record: 'y: g13-g12' });
  await waitForTurn(page, /Green to move/);
  await familyMove(page, 'm7', 'k7', { record: 'g: m7-k7' });
  await waitForTurn(page, /Red to move/);

  // The board drew these moves, turns and sleeps piece by piece: a fresh start draws the same.
  const played = await drawnPieces(page);
  assert.equal(played.length, 60);
  await page.reload();
  await familyBoardReady(page);
  // Its styles are not in the page: the start waited for them with the family part.
  const board = page.locator('[data-testid=board]');
  assert.equal(await board.evaluate((el) => getComputedStyle(el).boxShadow), 'none', 'the cross board is styled at once');
  assert.deepEqual(await drawnPieces(page), played, 'the pieces as a fresh start draws them');
  const call = page.locator('[data-testid=call-check]');
  await call.waitFor({ timeout: 10_000 });
  assert.equal(await call.evaluate((el) => getComputedStyle(el).fontWeight), '900', 'and so is its panel');
  assertNoErrors(errors);
  await context.close();
});

/** Every piece as drawn: square, piece, state, class, place and picture, in square order. */
function drawnPieces(page) {
  return page
    .locator('[data-testid=board] .pieces > g')
    .evaluateAll((gs) =>
      gs
        .map((g) => [g.dataset.square, g.dataset.piece, g.dataset.state, g.getAttribute('class'), g.getAttribute('transform'), g.innerHTML].join(' | '))
        .sort(),
    );
}

// ---------------------------------------------------------------------------------------------
// 4. The board turns to the mover; touch moves still land on the right square

/** Centre of the piece `code` on `sq` is inside the square's rect on screen (waits for animations). */
async function pieceDrawnOn(page, code, sq) {
  const check = async () => {
    const piece = await page.locator(`[data-testid=board] g[data-piece=${code}][data-square=${sq}]`).boundingBox();
    const rect = await page.locator(`rect[data-square=${sq}]`).boundingBox();
    if (!piece || !rect) return `${code} on ${sq} or its square is not on screen`;
    const cx = piece.x + piece.width / 2;
    const cy = piece.y + piece.height / 2;
    if (cx >= rect.x && cx <= rect.x + rect.width && cy >= rect.y && cy <= rect.y + rect.height) return null;
    return `${code} should be drawn on ${sq}: piece centre (${cx.toFixed(1)}, ${cy.toFixed(1)}) not in ${JSON.stringify(rect)}`;
  };
  const end = Date.now() + 2_000;
  let why = await check();
  while (why && Date.now() < end) {
    await page.waitForTimeout(50);
    why = await check();
  }
  assert.equal(why, null, why ?? '');
}

test('rotation "mover": the board turns to each mover, and touch drags land on the right squares', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await setFamilyRotation(page, 'mover');
  await waitForTurn(page, /Red to move/);
  const seen = [await rotation(page)];
  let a7 = await squareCenter(page, 'a7');

  const moves = [
    ['e2', 'e4', 'r: e2-e4', /Blue to move/, 'rP', 'e4'],
    ['b7', 'd7', 'b: b7-d7', /Yellow to move/, 'bP', 'd7'],
    ['f13', 'f11', 'y: f13-f11', /Green to move/, 'yP', 'f11'],
    ['m7', 'k7', 'g: m7-k7', /Red to move/, 'gP', 'k7'],
  ];
  for (const [from, to, record, next, code, sq] of moves) {
    const before = seen[seen.length - 1];
    await familyMove(page, from, to, { touch: true, record });
    await waitForTurn(page, next);
    await page
      .waitForFunction((r) => document.querySelector('svg[data-testid=board]')?.getAttribute('data-rotation') !== r, String(before), { timeout: SOON })
      .catch(() => assert.fail(`data-rotation should change after ${record} (still ${before})`));
    await waitForStillBoard(page); // let any turning animation finish before measuring
    const now = await rotation(page);
    seen.push(now);
    // The rotation is real: the square a7 is somewhere else on the screen now.
    const a7now = await squareCenter(page, 'a7');
    assert.ok(moved(a7, a7now), `a7 should move on screen when the board turns (${before} -> ${now})`);
    a7 = a7now;
    await pieceDrawnOn(page, code, sq);
    assert.equal((await familyPieces(page))[from], undefined, `${from} empty`);
  }
  assert.equal(new Set(seen.slice(0, 4)).size, 4, `four different rotations for the four movers: ${seen}`);
  assert.equal(seen[4], seen[0], `back to Red's rotation after a round: ${seen}`);

  // One more touch move by Red after the full turn.
  await familyMove(page, 'd2', 'd3', { touch: true, record: 'r: d2-d3' });
  await pieceDrawnOn(page, 'rP', 'd3');
  await screenshot(page, 'family-rotated-1024x768');
  assertNoErrors(errors);
  await context.close();
});

test('rotation "fixed": the board stays at 0 while the seats move', async () => {
  const { page, context, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await setFamilyRotation(page, 'fixed');
  assert.equal(await rotation(page), 0);
  const a7 = await squareCenter(page, 'a7');
  await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
  await waitForTurn(page, /Blue to move/);
  await waitForStillBoard(page);
  assert.equal(await rotation(page), 0, 'still 0 on Blue\'s turn');
  await familyMove(page, 'b7', 'd7', { record: 'b: b7-d7' });
  await waitForTurn(page, /Yellow to move/);
  await waitForStillBoard(page);
  assert.equal(await rotation(page), 0, 'still 0 on Yellow\'s turn');
  assert.equal(moved(a7, await squareCenter(page, 'a7')), false, 'a7 stays where it was');
  await pieceDrawnOn(page, 'bP', 'd7');
  assertNoErrors(errors);
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// Screenshots: the whole family board fits the screen

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
]) {
  test(`family board at ${width}x${height}: 160 squares, all on screen; screenshot`, async () => {
    const { page, context, errors } = await openFamily({ viewport: { width, height }, hasTouch: width === 1024 });
    await newFamilyGame(page, { players: 4 });
    const names = await page.locator('[data-testid=board] rect[data-square]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')));
    assert.deepEqual([...names].sort(), familySquares().sort(), 'exactly the 160 squares of the cross');
    const outside = await page.evaluate(
      ([w, h]) =>
        [...document.querySelectorAll('[data-testid=board] rect[data-square]')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width < 8 || r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5;
          })
          .map((e) => e.getAttribute('data-square')),
      [width, height],
    );
    assert.deepEqual(outside, [], 'every square is visible inside the viewport and not tiny');
    assert.equal(Object.keys(await familyPieces(page)).length, 60, '60 pieces');
    await settle(page, 300);
    await screenshot(page, `family-${width}x${height}`);
    assert.match(await turnText(page), /Red to move/);
    assertNoErrors(errors);
    await context.close();
  });
}

// A phone or a tablet held upright: the player to move finds whose turn it is, Check! and
// their own Resign below the board without scrolling, whoever moves.
for (const [width, height] of [
  [360, 640],
  [768, 1024],
]) {
  test(`family game at ${width}x${height}: turn, Check! and the mover's Resign in view`, async () => {
    const { page, context, errors } = await openFamily({ viewport: { width, height }, hasTouch: true });
    await newFamilyGame(page, { players: 4 });
    const inView = (selector) =>
      page.locator(selector).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.width > 0;
      });
    for (const [seat, from, to] of [
      ['r', 'e2', 'e3'],
      ['b', 'b10', 'c10'],
      ['y', 'e13', 'e12'],
      ['g', 'm5', 'l5'],
    ]) {
      for (const selector of ['[data-testid=turn]', '[data-testid=call-check]', `[data-testid=resign-${seat}]`]) {
        assert.ok(await inView(selector), `${width}x${height}, ${seat} to move: ${selector} is on screen`);
      }
      await familyMove(page, from, to);
    }
    assertNoErrors(errors);
    await context.close();
  });
}
