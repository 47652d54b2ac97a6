// Demo (projector) mode, issue 5: the full-screen board with big coordinates, arrows and
// circles (mouse right button, the Draw tool by touch), stepping through the game with
// variations that keep the main line, take-back, "Show moves" with the squares where a king
// could be taken (Primary, RULES.md §2.1-2.2), and the rules panel with "Show me" positions.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot, touchDrag } from './harness.mjs';
import {
  openGame,
  boardReady,
  assertNoErrors,
  playMoves,
  boardPieces,
  moveSans,
  squareCenter,
  dragMove,
  importText,
  newGame,
  waitForPiece,
  waitForText,
  settle,
  SOON,
} from './chess.mjs';

after(shutdown);

const PROJECTOR = { viewport: { width: 1920, height: 1080 } };
const board = (page) => page.locator('[data-testid=board]');
const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

async function enterDemo(page) {
  await page.locator('[data-testid=demo]').click();
  await page.locator('[data-testid=demo-panel]').waitFor({ timeout: SOON });
  await settle(page);
}

/** A drag with the mouse's right button from square to square (same square: a circle). */
async function rightDrag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up({ button: 'right' });
  await nextFrame(page);
}

/**
 * A pen drag with its barrel button held (synthetic PointerEvents of pointerType "pen": CDP
 * has no pen barrel button). Capture of a synthetic pointer fails, so events go to the element
 * under the point, which bubbles to the board.
 */
async function penBarrelDrag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.evaluate(
    async ({ a, b }) => {
      const fire = (type, p, buttons) => {
        const target = document.elementFromPoint(p.x, p.y);
        target.dispatchEvent(
          new PointerEvent(type, {
            pointerId: 41,
            pointerType: 'pen',
            isPrimary: true,
            bubbles: true,
            cancelable: true,
            clientX: p.x,
            clientY: p.y,
            button: type === 'pointermove' ? -1 : 2,
            buttons,
            pressure: buttons ? 0.5 : 0,
          }),
        );
      };
      fire('pointerdown', a, 3);
      for (let i = 1; i <= 6; i++) {
        fire('pointermove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 }, 3);
        await new Promise((r) => requestAnimationFrame(() => r()));
      }
      fire('pointerup', b, 0);
    },
    { a, b },
  );
  await nextFrame(page);
}

async function arrows(page) {
  return page
    .locator('[data-testid=board] [data-testid=arrow]')
    .evaluateAll((els) => els.map((e) => `${e.dataset.from}-${e.dataset.to}:${e.dataset.colour}`));
}

async function circles(page) {
  return page
    .locator('[data-testid=board] [data-testid=circle]')
    .evaluateAll((els) => els.map((e) => `${e.dataset.square}:${e.dataset.colour}`));
}

const viewingText = async (page) => (await page.locator('[data-testid=viewing]').textContent()).replace(/\s+/g, ' ').trim();

test('demo mode at 1920x1080: big board and coordinates, right-button arrows and circles, one-tap clear, Exit', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await playMoves(page, ['e2e4', 'e7e5', 'g1f3']);
  await enterDemo(page);
  // The board fills the screen height; menus are gone; coordinates are big and outside it.
  const box = await board(page).boundingBox();
  assert.ok(box.height >= 1080 * 0.88, `board height ${box.height}`);
  assert.equal(await page.locator('[data-testid=new-game]').count(), 0, 'menus hidden');
  const files = page.locator('[data-testid=demo-files]');
  const fontPx = await files.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(fontPx >= 40, `file letters ${fontPx}px`);
  assert.equal((await files.textContent()).replace(/\s/g, ''), 'abcdefgh');
  assert.equal((await page.locator('[data-testid=demo-ranks]').textContent()).replace(/\s/g, ''), '87654321');
  const filesBox = await files.boundingBox();
  assert.ok(filesBox.y >= box.y + box.height - 1, 'file letters below the board edge');

  const before = await boardPieces(page);
  await rightDrag(page, 'f3', 'e5');
  await page.locator('[data-testid=pen-red]').click();
  await rightDrag(page, 'e5', 'e5');
  await page.locator('[data-testid=pen-blue]').click();
  await rightDrag(page, 'f1', 'b5');
  assert.deepEqual((await arrows(page)).sort(), ['f1-b5:blue', 'f3-e5:green']);
  assert.deepEqual(await circles(page), ['e5:red']);
  assert.deepEqual(await boardPieces(page), before, 'drawing moves no piece');
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3']);
  await screenshot(page, 'demo-1920x1080');

  // The same arrow again removes it; Clear removes all with one tap.
  await rightDrag(page, 'f1', 'b5');
  assert.deepEqual(await arrows(page), ['f3-e5:green']);
  await page.locator('[data-testid=clear-drawings]').click();
  assert.deepEqual(await arrows(page), []);
  assert.deepEqual(await circles(page), []);

  // A pen with its barrel button held draws too.
  await page.locator('[data-testid=pen-green]').click();
  await penBarrelDrag(page, 'd7', 'd5');
  assert.deepEqual(await arrows(page), ['d7-d5:green']);
  assert.deepEqual(await boardPieces(page), before, 'the pen moved no piece');
  await page.locator('[data-testid=clear-drawings]').click();
  await page.locator('[data-testid=pen-blue]').click();

  // Drawings belong to their position: a move starts a clean board, stepping back shows them.
  await rightDrag(page, 'b8', 'c6');
  assert.equal((await arrows(page)).length, 1);
  await dragMove(page, 'b8', 'c6');
  await waitForPiece(page, 'bN', 'c6');
  assert.deepEqual(await arrows(page), [], 'a new position has no drawings');
  await page.locator('[data-testid=nav-prev]').click();
  assert.deepEqual(await arrows(page), ['b8-c6:blue'], 'back on the earlier position, its arrow is back');
  await page.locator('[data-testid=nav-last]').click();

  // Exit demo: the normal screen comes back with the same game, the board where it was.
  await page.locator('[data-testid=exit-demo]').click();
  await page.locator('[data-testid=new-game]').waitFor({ timeout: SOON });
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.equal(await page.locator('[data-testid=arrow]').count(), 0, 'no drawings outside demo mode');
  // Escape leaves demo mode too.
  await enterDemo(page);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=new-game]').waitFor({ timeout: SOON });
  assertNoErrors(errors);
  await context.close();
});

test('demo mode on a 1024x768 tablet: the Draw tool draws with a finger and never moves pieces', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await page.locator('[data-testid=demo]').tap();
  await page.locator('[data-testid=demo-panel]').waitFor({ timeout: SOON });
  await settle(page);
  await page.locator('[data-testid=draw-tool]').tap();
  assert.equal(await page.locator('[data-testid=draw-tool]').getAttribute('aria-pressed'), 'true');
  await page.locator('[data-testid=pen-yellow]').tap();
  const before = await boardPieces(page);
  await touchDrag(page, await squareCenter(page, 'd2'), await squareCenter(page, 'd4'));
  await touchDrag(page, await squareCenter(page, 'e2'), await squareCenter(page, 'e2'), { steps: 1 });
  assert.deepEqual(await arrows(page), ['d2-d4:yellow']);
  assert.deepEqual(await circles(page), ['e2:yellow']);
  assert.deepEqual(await boardPieces(page), before, 'the Draw tool moves no piece');
  assert.deepEqual(await moveSans(page), []);
  await screenshot(page, 'demo-1024x768');
  // Tool off: the finger moves pieces again.
  await page.locator('[data-testid=draw-tool]').tap();
  await touchDrag(page, await squareCenter(page, 'd2'), await squareCenter(page, 'd4'));
  await waitForPiece(page, 'wP', 'd4');
  await page.locator('[data-testid=clear-drawings]').tap();
  assert.deepEqual(await arrows(page), []);
  assertNoErrors(errors);
  await context.close();
});

test('stepping back: previous / first / a tap on a move, read-only review in normal play, variations keep the main line', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  const main = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'];
  await playMoves(page, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']);

  // Normal play: looking back is allowed, moving there is not.
  await page.locator('[data-testid=nav-prev]').click();
  assert.match(await viewingText(page), /Viewing move 4 of 5/);
  await waitForPiece(page, 'wB', 'f1');
  await screenshot(page, 'review-1920x1080');
  await dragMove(page, 'a2', 'a3');
  await settle(page);
  assert.equal(await boardPieces(page).then((b) => b.a2), 'wP', 'no move while looking back');
  assert.deepEqual(await moveSans(page), main);
  await page.locator('[data-testid=back-to-game]').click();
  await waitForPiece(page, 'wB', 'b5');
  assert.equal(await page.locator('[data-testid=viewing]').count(), 0);

  await enterDemo(page);
  await page.locator('[data-testid=nav-prev]').click();
  assert.match(await viewingText(page), /Viewing move 4 of 5 \(2… Nc6\)/);
  let b = await boardPieces(page);
  assert.equal(b.f1, 'wB');
  assert.equal(b.c6, 'bN');
  await page.locator('[data-testid=nav-first]').click();
  assert.match(await viewingText(page), /start/);
  b = await boardPieces(page);
  assert.equal(b.e2, 'wP');
  assert.equal(b.e7, 'bP');
  assert.equal(b.g1, 'wN');
  assert.equal(Object.keys(b).length, 32);
  // A tap on Nf3 in the move list: the position after it.
  await page.locator('[data-testid=move-list] [data-testid=move]').nth(2).click();
  assert.match(await viewingText(page), /Viewing move 3 of 5/);
  b = await boardPieces(page);
  assert.equal(b.f3, 'wN');
  assert.equal(b.b8, 'bN');
  assert.equal(b.e4, 'wP');
  // The right arrow key steps forward.
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'bN', 'c6');
  await page.keyboard.press('ArrowLeft');
  await waitForPiece(page, 'bN', 'b8');

  // A different move here starts a variation; the main line stays.
  await dragMove(page, 'd7', 'd6');
  await waitForPiece(page, 'bP', 'd6');
  await dragMove(page, 'f1', 'c4');
  await waitForPiece(page, 'wB', 'c4');
  assert.match(await viewingText(page), /Variation from move 3/);
  const varMoves = await page.locator('[data-testid=variation] [data-testid=var-move]').allTextContents();
  assert.deepEqual(varMoves.map((t) => t.trim()), ['2… d6', '3. Bc4']);
  assert.deepEqual(await moveSans(page), main, 'the main line is intact');
  // Stepping inside the variation.
  await page.locator('[data-testid=nav-prev]').click();
  await waitForPiece(page, 'wB', 'f1');
  assert.equal((await boardPieces(page)).d6, 'bP');
  await page.locator('[data-testid=main-line]').click();
  assert.match(await viewingText(page), /Viewing move 3 of 5/);
  assert.equal(await page.locator('[data-testid=variation]').count(), 0);
  b = await boardPieces(page);
  assert.equal(b.d7, 'bP');
  assert.equal(b.d6, undefined);
  await page.locator('[data-testid=nav-last]').click();
  await waitForPiece(page, 'wB', 'b5');
  assert.equal(await page.locator('[data-testid=viewing]').count(), 0);
  assert.deepEqual(await moveSans(page), main);

  // The saved game is the main line.
  await page.reload();
  await boardReady(page);
  assert.deepEqual(await moveSans(page), main);
  await waitForPiece(page, 'wB', 'b5');
  assertNoErrors(errors);
  await context.close();
});

test('a new game started while looking back shows the new game, live: its first move is played', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await playMoves(page, ['e2e4', 'e7e5']);
  await page.locator('[data-testid=nav-prev]').click();
  assert.match(await viewingText(page), /Viewing move 1 of 2/);
  await newGame(page, { mode: 'orthodox' });
  assert.equal(await page.locator('[data-testid=viewing]').count(), 0, 'the live game, not an earlier position');
  await waitForPiece(page, 'wP', 'e2');
  assert.equal((await boardPieces(page)).e7, 'bP');
  await dragMove(page, 'd2', 'd4');
  await waitForPiece(page, 'wP', 'd4');
  assert.deepEqual(await moveSans(page), ['d4']);
  assertNoErrors(errors);
  await context.close();
});

test('take back (teacher) in demo mode undoes the last move of the game and is saved', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await playMoves(page, ['e2e4', 'e7e5', 'g1f3']);
  await enterDemo(page);
  await page.locator('[data-testid=take-back]').click();
  await waitForPiece(page, 'wN', 'g1');
  assert.deepEqual(await moveSans(page), ['e4', 'e5']);
  await waitForText(page, '[data-testid=demo-turn]', /White to move/);
  await page.locator('[data-testid=take-back]').click();
  await waitForPiece(page, 'bP', 'e7');
  assert.deepEqual(await moveSans(page), ['e4']);
  await page.reload();
  await boardReady(page);
  assert.deepEqual(await moveSans(page), ['e4']);
  assertNoErrors(errors);
  await context.close();
});

test('Show moves in Primary marks the squares where the king could be taken (RULES.md §2.1-2.2); orthodox does not offer them', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  // A black rook on d3 watches the d-file and the third rank.
  await importText(page, '4k3/8/8/8/8/3r4/8/4K3 w - - 0 1'); // a new game is Primary
  await waitForPiece(page, 'bR', 'd3');
  await enterDemo(page);
  await page.locator('[data-testid=show-moves]').click();
  const tap = async (sq) => {
    const c = await squareCenter(page, sq);
    await page.mouse.click(c.x, c.y);
    await nextFrame(page);
  };
  const marks = async (id) =>
    (await page.locator(`[data-testid=board] [data-testid=${id}]`).evaluateAll((els) => els.map((e) => e.dataset.square))).sort();
  await tap('e1');
  assert.deepEqual(await marks('hint-danger'), ['d1', 'd2']);
  assert.deepEqual(await marks('hint-show'), ['e2', 'f1', 'f2']);
  const caption = await page.locator('[data-testid=show-moves-caption]').textContent();
  assert.match(caption, /king could be taken there/);
  assert.match(caption, /Primary Chess that loses the game/);
  await screenshot(page, 'demo-show-moves-1920x1080');
  // The black rook, though it is White's turn: all its squares, none dangerous.
  await tap('d3');
  const rook = await marks('hint-show');
  assert.equal(rook.length, 14, rook.join(' '));
  assert.deepEqual(await marks('hint-danger'), []);
  // Taps never moved anything.
  await tap('d1');
  assert.equal((await boardPieces(page)).d3, 'bR');
  assert.deepEqual(await moveSans(page), []);
  // Escape leaves demo mode (in fullscreen the browser's own Escape does the same).
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=new-game]').waitFor({ timeout: SOON });

  // A pinned bishop in Primary may move, but every move leaves the king to be taken.
  await importText(page, '4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1');
  await waitForPiece(page, 'wB', 'e2');
  await enterDemo(page);
  await page.locator('[data-testid=show-moves]').click();
  await tap('e2');
  assert.deepEqual(await marks('hint-danger'), ['a6', 'b5', 'c4', 'd1', 'd3', 'f1', 'f3', 'g4', 'h5']);
  assert.deepEqual(await marks('hint-show'), []);
  assert.match(await page.locator('[data-testid=show-moves-caption]').textContent(), /after that move your king could be taken/);
  await page.locator('[data-testid=exit-demo]').click();
  await page.locator('[data-testid=new-game]').waitFor({ timeout: SOON });

  // Orthodox: a king may not go where it could be taken, so those squares are not offered.
  await importText(page, '[Variant "Orthodox Chess"]\n[FEN "4k3/8/8/8/8/3r4/8/4K3 w - - 0 1"]\n[SetUp "1"]\n\n*');
  await waitForPiece(page, 'bR', 'd3');
  await enterDemo(page);
  await page.locator('[data-testid=show-moves]').click();
  await tap('e1');
  assert.deepEqual(await marks('hint-show'), ['e2', 'f1', 'f2']);
  assert.deepEqual(await marks('hint-danger'), []);
  assertNoErrors(errors);
  await context.close();
});

test('rules panel: plain-words rules of Primary, Show me sets up a position beside the game, the board never moves', async () => {
  const { page, context, errors } = await openGame(PROJECTOR);
  await playMoves(page, ['e2e4', 'e7e5']);
  await enterDemo(page);
  const box = await board(page).boundingBox();
  await page.locator('[data-testid=rules-help]').click();
  const panel = page.locator('[data-testid=rules-panel]');
  await panel.waitFor({ timeout: SOON });
  assert.deepEqual(await board(page).boundingBox(), box, 'opening the rules panel does not move the board');
  const text = await panel.textContent();
  assert.match(text, /In Primary Chess there is no en passant/);
  assert.match(text, /Capture the king to win/);
  assert.match(text, /5 moves in a row/);

  const rule = page.locator('[data-testid=rule]', { hasText: 'No en passant' });
  await rule.locator('[data-testid=show-me]').click();
  assert.match(await viewingText(page), /Demonstration: No en passant/);
  assert.match(await viewingText(page), /d7–d5/);
  assert.deepEqual(await boardPieces(page), { e8: 'bK', d7: 'bP', e5: 'wP', e1: 'wK' });
  await waitForText(page, '[data-testid=demo-turn]', /Black to move/);
  // Black plays d5; White's pawn may not take en passant (RULES.md §2.3).
  await dragMove(page, 'd7', 'd5');
  await waitForPiece(page, 'bP', 'd5');
  await dragMove(page, 'e5', 'd6');
  await settle(page);
  assert.deepEqual(await boardPieces(page), { e8: 'bK', d5: 'bP', e5: 'wP', e1: 'wK' });
  await screenshot(page, 'demo-rules-1920x1080');
  assert.deepEqual(await board(page).boundingBox(), box);

  await page.locator('[data-testid=back-to-game]').click();
  await waitForPiece(page, 'wP', 'e4');
  const b = await boardPieces(page);
  assert.equal(Object.keys(b).length, 32);
  assert.equal(b.e5, 'bP');
  await page.locator('[data-testid=close-rules]').click();
  await panel.waitFor({ state: 'detached', timeout: SOON });
  assert.deepEqual(await moveSans(page), ['e4', 'e5'], 'the game is as it was');
  assert.deepEqual(await board(page).boundingBox(), box, 'closing it does not move the board');
  assertNoErrors(errors);
  await context.close();
});
