// The release-move rule (RULES.md §2.10): a move is made only when the dragged piece is
// released on a square where it may move; released on its own square, on an illegal square
// or off the board it goes back with no move. With a finger (CDP touch) and with the mouse.
// Also tap-then-tap moves and the legal-move hints shown while dragging.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  boardPieces,
  moveSans,
  turnText,
  dragPath,
  pointer,
  pointOffBoard,
  squareCenter,
  pointInSquare,
  tapSquare,
  playMove,
  waitForPiece,
  settle,
  SOON,
} from './chess.mjs';

after(shutdown);

/** Nothing happened: same pieces, no move in the list, still White to move, e2 pawn at home. */
async function assertNoMove(page, before, what) {
  await settle(page);
  assert.deepEqual(await boardPieces(page), before, `${what}: the board must not change`);
  assert.deepEqual(await moveSans(page), [], `${what}: no move in the list`);
  assert.equal(await turnText(page), 'White to move', `${what}: still White to move`);
  // The pawn is drawn back on its square, not left where it was dropped.
  const pawn = page.locator('g[data-piece=wP][data-square=e2]');
  assert.doesNotMatch((await pawn.getAttribute('class')) ?? '', /\bdragging\b/, `${what}: no longer dragged`);
  const box = await pawn.boundingBox();
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  assert.ok(await pointInSquare(page, centre, 'e2'), `${what}: the pawn is drawn on e2 again (${JSON.stringify(box)})`);
}

/** Drags along `points` and checks, before releasing, that the piece really was lifted. */
async function liftedDrag(page, points, { touch }) {
  const p = await pointer(page, { touch });
  await p.down(points[0]);
  for (const q of points.slice(1)) {
    await p.move(q, { steps: 6 });
    const lifted = page.locator(`g[data-piece][data-square=${points[0]}].dragging`);
    assert.equal(await lifted.count(), 1, `the piece on ${points[0]} is lifted (class dragging) over ${JSON.stringify(q)}`);
    // The mouse shows a grabbing hand; a finger has no cursor, so the board's is left alone.
    const cursor = await page.locator('[data-testid=board]').evaluate((svg) => svg.style.cursor);
    assert.equal(cursor, touch ? '' : 'grabbing', `the board's cursor while carrying (${touch ? 'touch' : 'mouse'})`);
  }
  await p.up();
  assert.equal(await page.locator('[data-testid=board]').evaluate((svg) => svg.style.cursor), '', 'no grabbing hand once let go');
}

/** Raw CDP touch events with several fingers: `pt(id, point)` makes a touch point, `send`
 * dispatches one event with the fingers down now. */
async function rawTouch(context, page) {
  const cdp = await context.newCDPSession(page);
  const pt = (id, p) => ({ x: p.x, y: p.y, id, radiusX: 1, radiusY: 1, force: 1 });
  const send = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  return { cdp, pt, send };
}

for (const touch of [true, false]) {
  const how = touch ? 'touch' : 'mouse';

  test(`${how}: releasing on the origin, an illegal square or off the board makes no move`, async () => {
    const { page, context, errors } = await openGame({ tablet: touch });
    const start = await boardPieces(page);
    assert.equal(start.e2, 'wP');

    // Lift the pawn, carry it to e4, bring it back and release it on e2.
    await liftedDrag(page, ['e2', 'e4', 'e2'], { touch });
    await assertNoMove(page, start, 'released on its own square');

    // e2 -> e5 is not a move.
    await liftedDrag(page, ['e2', 'e5'], { touch });
    await assertNoMove(page, start, 'released on e5 (illegal)');

    // e2 -> d3 (a diagonal step with nothing to capture) is not a move either.
    await liftedDrag(page, ['e2', 'd3'], { touch });
    await assertNoMove(page, start, 'released on d3 (illegal)');

    // Carried off the board and released there.
    const off = await pointOffBoard(page);
    await liftedDrag(page, ['e2', 'e4', off], { touch });
    await assertNoMove(page, start, 'released off the board');

    // A black piece cannot be moved by White.
    await dragPath(page, ['e7', 'e5'], { touch });
    await settle(page);
    assert.deepEqual(await boardPieces(page), start, 'Black cannot move on White\'s turn');
    assert.deepEqual(await moveSans(page), []);

    // And after all that, a real move still works at once (no stuck drag state).
    await playMove(page, 'e2e4', { touch, san: 'e4' });
    assert.equal(await turnText(page), 'Black to move');
    assertNoErrors(errors);
    await context.close();
  });

  test(`${how}: legal-move hints appear while dragging, and the dragged piece is marked`, async () => {
    const { page, context, errors } = await openGame({ tablet: touch });
    assert.equal(await page.locator('circle.move-hint').count(), 0, 'no hints before touching a piece');
    const p = await pointer(page, { touch });
    await p.down('g1');
    await p.move('g3', { steps: 6 });
    // Mid-drag: the knight's squares are hinted, and only those.
    await page.locator('circle.move-hint[data-hint=f3]').waitFor({ timeout: SOON });
    const hints = await page
      .locator('circle.move-hint')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')).sort());
    assert.deepEqual(hints, ['f3', 'h3']);
    const knight = page.locator('g[data-piece=wN][data-square=g1]');
    assert.match((await knight.getAttribute('class')) ?? '', /\bdragging\b/, 'the lifted knight has class dragging');
    assert.match((await page.locator('rect[data-square=g1]').getAttribute('class')) ?? '', /\bselected\b/);
    await p.move('f3', { steps: 4 });
    await p.up();
    await waitForPiece(page, 'wN', 'f3');
    assert.deepEqual(await moveSans(page), ['Nf3']);
    await settle(page);
    assert.equal(await page.locator('circle.move-hint').count(), 0, 'hints are gone after the move');
    assert.equal(await page.locator('g.dragging').count(), 0, 'nothing is dragged any more');
    // The last move is marked on both squares.
    for (const sq of ['g1', 'f3']) {
      assert.match((await page.locator(`rect[data-square=${sq}]`).getAttribute('class')) ?? '', /\blast-move\b/, `${sq} last-move`);
    }
    assertNoErrors(errors);
    await context.close();
  });

  test(`${how}: tap a piece, then tap a hinted square, moves it`, async () => {
    const { page, context, errors } = await openGame({ tablet: touch });
    await tapSquare(page, 'e2', { touch });
    await page.locator('circle.move-hint[data-hint=e4]').waitFor({ timeout: SOON });
    const hints = await page
      .locator('circle.move-hint')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')).sort());
    assert.deepEqual(hints, ['e3', 'e4'], 'a tapped e2 pawn shows e3 and e4');
    assert.match((await page.locator('rect[data-square=e2]').getAttribute('class')) ?? '', /\bselected\b/);
    assert.deepEqual(await moveSans(page), [], 'tapping selects, it does not move');

    // Tapping an illegal square drops the selection and moves nothing.
    await tapSquare(page, 'e5', { touch });
    await settle(page);
    assert.deepEqual(await moveSans(page), []);
    assert.equal(await page.locator('circle.move-hint').count(), 0, 'tapping elsewhere clears the hints');

    await tapSquare(page, 'e2', { touch });
    await page.locator('circle.move-hint[data-hint=e4]').waitFor({ timeout: SOON });
    await tapSquare(page, 'e4', { touch });
    await waitForPiece(page, 'wP', 'e4');
    assert.deepEqual(await moveSans(page), ['e4']);
    assert.equal(await turnText(page), 'Black to move');

    // Tap-tap for Black too, to a square the first tap's hints showed.
    await tapSquare(page, 'g8', { touch });
    await page.locator('circle.move-hint[data-hint=f6]').waitFor({ timeout: SOON });
    await tapSquare(page, 'f6', { touch });
    await waitForPiece(page, 'bN', 'f6');
    assert.deepEqual(await moveSans(page), ['e4', 'Nf6']);
    assertNoErrors(errors);
    await context.close();
  });
}

test('touch: a drag that the browser cancels (pointercancel) makes no move', async () => {
  // The browser may take a touch over (pointercancel): the piece goes back, no move.
  const { page, context, errors } = await openGame({ tablet: true });
  const start = await boardPieces(page);
  const cdp = await context.newCDPSession(page);
  const at = await squareCenter(page, 'e2');
  const to = await squareCenter(page, 'e4');
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await touch('touchStart', at);
  for (let i = 1; i <= 6; i++) await touch('touchMove', { x: at.x + ((to.x - at.x) * i) / 6, y: at.y + ((to.y - at.y) * i) / 6 });
  await touch('touchCancel', null);
  await cdp.detach();
  await assertNoMove(page, start, 'touch cancelled over e4');
  assertNoErrors(errors);
  await context.close();
});

test('touch: a second finger resting on the board does not disturb the first finger\'s move', async () => {
  // Young players often rest a hand on the tablet: the extra touch must be ignored.
  const { page, context, errors } = await openGame({ tablet: true });
  const { cdp, pt, send } = await rawTouch(context, page);
  const from = await squareCenter(page, 'e2');
  const to = await squareCenter(page, 'e4');
  const rest = await squareCenter(page, 'a5');
  await send('touchStart', [pt(1, from)]);
  await send('touchStart', [pt(1, from), pt(2, rest)]);
  for (let i = 1; i <= 8; i++) {
    await send('touchMove', [pt(1, { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }), pt(2, rest)]);
    await settle(page, 0);
  }
  await send('touchEnd', [pt(2, rest)]);
  await settle(page, 0);
  await send('touchEnd', []);
  await cdp.detach();
  await waitForPiece(page, 'wP', 'e4');
  assert.deepEqual(await moveSans(page), ['e4']);
  // And the resting finger made no selection or move of its own.
  await settle(page);
  assert.deepEqual(await moveSans(page), ['e4']);
  assert.equal(await turnText(page), 'Black to move');
  assertNoErrors(errors);
  await context.close();
});

test('touch: a palm already resting beside the board does not stop another finger\'s move', async () => {
  // The resting touch came first, so it is the "primary" pointer and the dragging finger is
  // not: the board must still take a drag from a finger when it has no drag in progress.
  const { page, context, errors } = await openGame({ tablet: true });
  const { cdp, pt, send } = await rawTouch(context, page);
  const from = await squareCenter(page, 'e2');
  const to = await squareCenter(page, 'e4');
  const palm = await pointOffBoard(page);
  await send('touchStart', [pt(2, palm)]);
  await send('touchStart', [pt(2, palm), pt(1, from)]);
  for (let i = 1; i <= 8; i++) {
    await send('touchMove', [pt(2, palm), pt(1, { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 })]);
    await settle(page, 0);
  }
  await send('touchEnd', [pt(2, palm)]);
  await settle(page, 0);
  await send('touchEnd', []);
  await cdp.detach();
  await settle(page);
  assert.deepEqual(await moveSans(page), ['e4'], 'the finger dragging e2-e4 made the move');
  await waitForPiece(page, 'wP', 'e4');
  assertNoErrors(errors);
  await context.close();
});
