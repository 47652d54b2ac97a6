// Helpers for the position editor (src/ui/screens/editor/): its squares, palette, FEN box, and
// the piece codes on its board (the shared board component, `data-testid=editor-board`). Used
// by editor.test.mjs and custom_rules.test.mjs.
import { centerOf } from './harness.mjs';
import { SOON } from './chess.mjs';

const BOARD = '[data-testid=editor-board]';
export const sqSel = (name) => `${BOARD} rect[data-square=${name}]`;
export const sq = (page, name) => centerOf(page, sqSel(name));
export const palette = (page, code) => centerOf(page, `[data-testid=palette-${code}]`);

/** The piece code on an editor square, or null. */
export const editPiece = (page, name) =>
  page.evaluate(
    ([board, name]) => document.querySelector(`${board} g[data-piece][data-square=${name}]`)?.getAttribute('data-piece') ?? null,
    [BOARD, name],
  );

/** Every piece on the editor board: { e1: 'wK', ... }. */
export async function editorPieces(page) {
  const list = await page
    .locator(`${BOARD} g[data-piece]`)
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece')]));
  return Object.fromEntries(list);
}

export async function fenText(page) {
  return (await page.locator('[data-testid=editor-fen]').inputValue()).trim();
}

export async function waitForFen(page, fen) {
  try {
    await page.waitForFunction(
      (fen) => document.querySelector('[data-testid=editor-fen]')?.value.trim() === fen,
      fen,
      { timeout: SOON, polling: 'raf' },
    );
  } catch {
    throw new Error(`editor FEN should be ${fen}, is ${await fenText(page)}`);
  }
}

/** A point off the editor board: the middle of the editor's title. */
export const offBoard = (page) => centerOf(page, '.editor-head h2');
