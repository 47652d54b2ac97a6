// Fun Family Chess on the shared board and game screen: demo (projector) mode with the big
// cross board, its coordinates outside the edge, arrows and circles; stepping back through the
// game (read-only outside demo mode), a variation beside the game in demo mode that never
// touches the record, the rules panel with the supervisor's rules, and the teacher's take-back.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot, touchDrag } from './harness.mjs';
import { openGame, assertNoErrors, squareCenter, waitForText, settle, SOON } from './chess.mjs';
import {
  newFamilyGame,
  familyMove,
  familyPieces,
  familyBoardReady,
  waitForFamilyPiece,
  records,
  waitForRecords,
} from './family.mjs';

after(shutdown);

const PROJECTOR = { viewport: { width: 1920, height: 1080 } };
const board = (page) => page.locator('[data-testid=board]');
const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
const viewingText = async (page) => (await page.locator('[data-testid=viewing]').textContent()).replace(/\s+/g, ' ').trim();
const MAIN = ['r: e2-e4', 'b: b10-d10', 'y: e13-e11'];

async function enterDemo(page) {
  await page.locator('[data-testid=demo]').click();
  await page.locator('[data-testid=demo-panel]').waitFor({ timeout: SOON });
  await settle(page);
}

async function rightDrag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up({ button: 'right' });
  await nextFrame(page);
}

const marks = (page, id, attrs) =>
  page
    .locator(`[data-testid=board] [data-testid=${id}]`)
    .evaluateAll((els, attrs) => els.map((e) => attrs.map((a) => e.dataset[a]).join(':')), attrs);

/** A four-player game with three moves played (mouse drags on the big screen). */
async function threeMoves(page) {
  await newFamilyGame(page);
  await familyMove(page, 'e2', 'e4', { touch: false, record: MAIN[0] });
  await familyMove(page, 'b10', 'd10', { touch: false, record: MAIN[1] });
  await familyMove(page, 'e13', 'e11', { touch: false, record: MAIN[2] });
}

test('Fun Family Chess in demo mode at 1920x1080: the big cross board, outside coordinates, arrows and circles that move nothing', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await threeMoves(page);
  await enterDemo(page);
  await familyBoardReady(page);
  const box = await board(page).boundingBox();
  assert.ok(box.height >= 1080 * 0.88, `board height ${box.height}`);
  assert.equal(await page.locator('[data-testid=new-game]').count(), 0, 'menus hidden');
  await waitForText(page, '[data-testid=demo-turn]', /Green to move/);
  const files = page.locator('[data-testid=demo-files]');
  assert.equal((await files.textContent()).replace(/\s/g, ''), 'abcdefghijklmn');
  assert.equal((await page.locator('[data-testid=demo-ranks]').textContent()).replace(/\s/g, ''), '1413121110987654321');
  const filesBox = await files.boundingBox();
  assert.ok(filesBox.y >= box.y + box.height - 1, 'file letters below the board edge');
  const fontPx = await files.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(fontPx >= 24, `file letters ${fontPx}px`);

  const before = await familyPieces(page);
  await rightDrag(page, 'm7', 'k7');
  await page.locator('[data-testid=pen-red]').click();
  await rightDrag(page, 'e11', 'e11');
  assert.deepEqual(await marks(page, 'arrow', ['from', 'to', 'colour']), ['m7:k7:green']);
  assert.deepEqual(await marks(page, 'circle', ['square', 'colour']), ['e11:red']);
  assert.deepEqual(await familyPieces(page), before, 'drawing moves no piece');
  assert.deepEqual(await records(page), MAIN);
  await screenshot(page, 'family-demo-1920x1080');

  // The rules panel lists the supervisor's rules in sentences; the board stays put.
  await page.locator('[data-testid=rules-help]').click();
  const panel = page.locator('[data-testid=rules-panel]');
  await panel.waitFor({ timeout: SOON });
  assert.match(await panel.textContent(), /Rules of Fun Family Chess/);
  assert.match(await panel.textContent(), /Players press "Check!"/);
  assert.deepEqual(await board(page).boundingBox(), box, 'the rules panel does not move the board');
  await page.locator('[data-testid=close-rules]').click();

  // Show moves: a tap on Green's pawn shows its squares and moves nothing.
  await page.locator('[data-testid=show-moves]').click();
  const m7 = await squareCenter(page, 'm7');
  await page.mouse.click(m7.x, m7.y);
  await nextFrame(page);
  const shown = (await marks(page, 'hint-show', ['square'])).sort();
  assert.deepEqual(shown, ['k7', 'l7'], 'a green pawn goes one or two squares to the left');
  assert.match(await page.locator('[data-testid=show-moves-caption]').textContent(), /The green pawn on m7 can go to 2 squares/);
  await page.locator('[data-testid=show-moves]').click();

  // Exit: the normal screen, the same game, no drawings.
  await page.locator('[data-testid=exit-demo]').click();
  await page.locator('[data-testid=new-game]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=arrow]').count(), 0, 'no drawings outside demo mode');
  assert.deepEqual(await records(page), MAIN);
  assertNoErrors(errors);
  await context.close();
});

test('Fun Family Chess looking back: read-only in play, a variation in demo mode keeps the record, take-back is saved', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await threeMoves(page);

  // Normal play: stepping back shows the earlier position, and no move can be made there.
  await page.locator('[data-testid=nav-prev]').click();
  assert.match(await viewingText(page), /Viewing move 2 of 3 \(b: b10-d10\)/);
  await waitForFamilyPiece(page, 'yP', 'e13');
  await screenshot(page, 'family-review-1920x1080');
  const m7 = await squareCenter(page, 'm7');
  const k7 = await squareCenter(page, 'k7');
  await page.mouse.move(m7.x, m7.y);
  await page.mouse.down();
  await page.mouse.move(k7.x, k7.y, { steps: 8 });
  await page.mouse.up();
  await settle(page);
  assert.equal((await familyPieces(page)).m7?.code, 'gP', 'no move while looking back');
  assert.deepEqual(await records(page), MAIN);
  await page.locator('[data-testid=back-to-game]').click();
  await waitForFamilyPiece(page, 'yP', 'e11');

  // Demo mode: back one move, Yellow plays something else — a variation beside the game.
  await enterDemo(page);
  await page.locator('[data-testid=nav-prev]').click();
  await waitForFamilyPiece(page, 'yP', 'e13');
  const f13 = await squareCenter(page, 'f13');
  const f11 = await squareCenter(page, 'f11');
  await page.mouse.move(f13.x, f13.y);
  await page.mouse.down();
  await page.mouse.move(f11.x, f11.y, { steps: 8 });
  await page.mouse.up();
  await waitForFamilyPiece(page, 'yP', 'f11');
  assert.match(await viewingText(page), /Variation from move 2/);
  const variation = await page.locator('[data-testid=variation] [data-testid=var-move]').allTextContents();
  assert.deepEqual(variation.map((t) => t.trim()), ['y: f13-f11']);
  assert.deepEqual(await records(page), MAIN, 'the game record is untouched');
  await page.locator('[data-testid=main-line]').click();
  await page.locator('[data-testid=nav-last]').click();
  await waitForFamilyPiece(page, 'yP', 'e11');
  assert.equal((await familyPieces(page)).f13?.code, 'yP');

  // The teacher's take-back (no PIN set) undoes the game's last move, and it is saved.
  await page.locator('[data-testid=take-back]').click();
  await waitForFamilyPiece(page, 'yP', 'e13');
  await waitForText(page, '[data-testid=demo-turn]', /Yellow to move/);
  assert.deepEqual(await records(page), MAIN.slice(0, 2));
  await page.reload();
  await familyBoardReady(page);
  await waitForRecords(page, 2);
  assert.deepEqual(await records(page), MAIN.slice(0, 2));
  assertNoErrors(errors);
  await context.close();
});

test('Fun Family Chess on a 1024x768 tablet in demo mode: the Draw tool draws with a finger and never moves pieces', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newFamilyGame(page);
  await page.locator('[data-testid=demo]').tap();
  await page.locator('[data-testid=demo-panel]').waitFor({ timeout: SOON });
  await settle(page);
  await page.locator('[data-testid=draw-tool]').tap();
  await page.locator('[data-testid=pen-blue]').tap();
  const before = await familyPieces(page);
  await touchDrag(page, await squareCenter(page, 'h2'), await squareCenter(page, 'h4'));
  assert.deepEqual(await marks(page, 'arrow', ['from', 'to', 'colour']), ['h2:h4:blue']);
  assert.deepEqual(await familyPieces(page), before, 'the Draw tool moves no piece');
  await screenshot(page, 'family-demo-1024x768');
  // Tool off: the finger plays Red's move.
  await page.locator('[data-testid=draw-tool]').tap();
  await touchDrag(page, await squareCenter(page, 'h2'), await squareCenter(page, 'h4'));
  await waitForFamilyPiece(page, 'rP', 'h4');
  await waitForText(page, '[data-testid=demo-turn]', /Blue to move/);
  assertNoErrors(errors);
  await context.close();
});
