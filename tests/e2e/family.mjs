// Fun Family Chess helpers for the browser tests (FAMILY.md), on top of chess.mjs.
//
// The family board is `svg[data-testid=board][data-variant=family][data-rotation=0|90|180|270]`
// with 160 `rect[data-square]` squares (a4..n11, FAMILY.md §1.2) and pieces
// `g[data-piece=rK][data-square=h1][data-state=live|asleep|dead]`. Squares are always found by
// the bounding box of their rect on the screen at that moment, so every helper works whatever
// the board's rotation. Moves are real touch drags (CDP) unless `touch: false`.
//
//   const { page, errors } = await openFamily();
//   await newFamilyGame(page, { eligible: ['g'] });
//   await familyMove(page, 'e2', 'e4', { record: 'r: e2-e4' });
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import {
  pointer,
  squareCenter,
  importText,
  closeDialog,
  turnText,
  waitForTurn,
  settle,
  SOON,
} from './chess.mjs';

export { squareCenter };

export const SEAT_NAMES = { r: 'Red', b: 'Blue', y: 'Yellow', g: 'Green' };
export const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

/** The four kings every FAMILY.md §9 position contains. */
export const KINGS = 'rKh1 bKa7 yKg14 gKn8';

/** All 160 square names of the family board (FAMILY.md §1.2). */
export function familySquares() {
  const out = [];
  for (let r = 0; r < 14; r++) {
    for (let f = 0; f < 14; f++) {
      if ((f < 3 || f > 10) && (r < 3 || r > 10)) continue;
      out.push(`${String.fromCharCode(97 + f)}${r + 1}`);
    }
  }
  return out;
}

const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

// ---------------------------------------------------------------------------------------------
// Opening the app and starting a family game

/** Opens the app on a touch tablet (1024x768) unless other options are given; waits for a board. */
export async function openFamily(options = {}) {
  const app = await openApp({ ...TABLET, ...options });
  await app.page.locator('[data-testid=board]').waitFor({ timeout: 15_000 });
  return app;
}

/** Waits for the family board (data-variant=family, with its arm squares a7 and n8). */
export async function familyBoardReady(page) {
  try {
    await page.locator('svg[data-testid=board][data-variant=family]').waitFor({ timeout: SOON });
    await page.locator('rect[data-square=a7]').waitFor({ timeout: SOON });
    await page.locator('rect[data-square=n8]').waitFor({ timeout: SOON });
  } catch {
    const variant = await page
      .locator('[data-testid=board]')
      .first()
      .getAttribute('data-variant', { timeout: 100 })
      .catch(() => '(no board)');
    throw new Error(`no family board: svg[data-testid=board] has data-variant=${JSON.stringify(variant)}`);
  }
}

/**
 * Starts a Fun Family Chess game through the new-game dialog: `players` 2|3|4,
 * `seats` the seat letters of players 1..n (e.g. ['r', 'y', 'g']; default: the dialog's),
 * `first` the first mover's seat letter, `eligible` seats ticked as eligible to go away
 * (e.g. ['g']), `autoCheck` on/off (null: leave it), `toggles` other supervisor toggles
 * ({ 'joint-mates': 'on' }).
 */
export async function newFamilyGame(
  page,
  { players = 4, seats = null, first = null, eligible = [], autoCheck = false, toggles = {} } = {},
) {
  await page.locator('[data-testid=new-game]').click();
  const radio = page.locator('input[name=mode][value=family]');
  try {
    await radio.waitFor({ timeout: SOON });
  } catch {
    throw new Error('the new-game dialog has no input[name=mode][value=family]');
  }
  await radio.check();
  const select = page.locator('select[data-option=players]');
  await select.waitFor({ timeout: SOON });
  await select.selectOption(String(players));
  if (seats) {
    assert.equal(seats.length, players, 'one seat per player');
    for (let i = 0; i < seats.length; i++) {
      const seat = page.locator(`select[data-testid=family-seat-${i + 1}]`);
      await seat.selectOption(seats[i], { timeout: SOON });
    }
    for (let i = 0; i < seats.length; i++) {
      assert.equal(await page.locator(`select[data-testid=family-seat-${i + 1}]`).inputValue(), seats[i], `player ${i + 1}'s seat`);
    }
  }
  for (const s of ['r', 'b', 'y', 'g']) {
    const box = page.locator(`input[data-eligible=${s}]`);
    if (eligible.includes(s)) await box.setChecked(true, { timeout: SOON });
    else if ((await box.count()) > 0 && (await box.isVisible()) && (await box.isEnabled())) await box.setChecked(false);
  }
  if (autoCheck !== null) {
    await page.locator('select[data-testid=family-toggle-checks]').selectOption(autoCheck ? 'auto' : 'manual', { timeout: SOON });
  }
  if (Object.keys(toggles).length > 0) {
    const more = page.locator('details[data-testid=family-more-rules]');
    if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
  }
  for (const [key, value] of Object.entries(toggles)) {
    await page.locator(`select[data-testid=family-toggle-${key}]`).selectOption(value, { timeout: SOON });
  }
  if (first) await page.locator('select[data-testid=family-first]').selectOption(first, { timeout: SOON });
  const start = page.locator('[data-testid=start-game]');
  await start.click();
  await start.waitFor({ state: 'detached', timeout: SOON });
  await familyBoardReady(page);
  await waitForTurn(page, new RegExp(`${SEAT_NAMES[first ?? (seats ? ['r', 'b', 'y', 'g'].find((s) => seats.includes(s)) : 'r')]} to move`));
}

/** Imports a family position text (the current game must be a family game). */
export async function importFamily(page, text) {
  await importText(page, text);
  await familyBoardReady(page);
}

// ---------------------------------------------------------------------------------------------
// Reading the board

/** All pieces: { h1: { code: 'rK', state: 'live' }, ... }. Throws if two pieces claim a square. */
export async function familyPieces(page) {
  const list = await page
    .locator('[data-testid=board] g[data-piece]')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece'), e.getAttribute('data-state')]),
    );
  const out = {};
  for (const [sq, code, state] of list) {
    if (out[sq]) throw new Error(`two pieces on ${sq}: ${out[sq].code} and ${code}`);
    out[sq] = { code, state };
  }
  return out;
}

/** { h1: 'rK', ... } for a compact comparison. */
export async function familyCodes(page) {
  const p = await familyPieces(page);
  return Object.fromEntries(Object.entries(p).map(([sq, v]) => [sq, v.code]));
}

/** Parses the pieces of a position text: { h1: 'rK', ... }. */
export function piecesOfText(text) {
  const out = {};
  for (const t of text.trim().split(/\s+/)) {
    const m = t.match(/^([rbyg][KQRBNP])([a-n]\d{1,2})$/);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

/** Waits for `code` on `square` (with data-state `state` when given). */
export async function waitForFamilyPiece(page, code, square, { state = null, timeout = SOON } = {}) {
  const sel = `[data-testid=board] g[data-piece="${code}"][data-square="${square}"]${state ? `[data-state="${state}"]` : ''}`;
  try {
    await page.locator(sel).waitFor({ timeout });
  } catch {
    throw new Error(`expected ${code} on ${square}${state ? ` (${state})` : ''}; board: ${JSON.stringify(await familyPieces(page))}`);
  }
}

/** The data-state of every piece of a seat: ['live', 'live', ...]. */
export async function seatPieceStates(page, seat) {
  return page
    .locator(`[data-testid=board] g[data-piece^="${seat}"]`)
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-piece')}@${e.getAttribute('data-square')}:${e.getAttribute('data-state')}`));
}

/** Waits until every piece of `seat` has data-state `state` (and there is at least one). */
export async function waitForSeatPieces(page, seat, state, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      ([seat, state]) => {
        const els = [...document.querySelectorAll(`[data-testid=board] g[data-piece^="${seat}"]`)];
        return els.length > 0 && els.every((e) => e.getAttribute('data-state') === state);
      },
      [seat, state],
      { timeout, polling: 'raf' },
    );
  } catch {
    throw new Error(`every ${SEAT_NAMES[seat]} piece should be ${state}: ${JSON.stringify(await seatPieceStates(page, seat))}`);
  }
}

/** data-status of a seat panel (playing | away | out). */
export async function seatStatus(page, seat) {
  return page.locator(`[data-testid=seat-${seat}]`).getAttribute('data-status', { timeout: SOON });
}

export async function waitForSeatStatus(page, seat, status, { timeout = SOON } = {}) {
  try {
    await page.locator(`[data-testid=seat-${seat}][data-status=${status}]`).waitFor({ timeout });
  } catch {
    const now = await page
      .locator(`[data-testid=seat-${seat}]`)
      .getAttribute('data-status', { timeout: 100 })
      .catch(() => '(no [data-testid=seat-' + seat + '])');
    throw new Error(`seat ${seat} should have data-status=${status}, has ${JSON.stringify(now)}`);
  }
}

/**
 * Waits until the board stands still on the screen (a turning animation is over): the centres
 * of a7 and n8 do not move for ~150 ms. Gives up silently after `timeout`.
 */
export async function waitForStillBoard(page, { timeout = 3_000 } = {}) {
  const where = () =>
    page.evaluate(() =>
      ['a7', 'n8', 'g14'].map((sq) => {
        const r = document.querySelector(`rect[data-square="${sq}"]`)?.getBoundingClientRect();
        return r ? `${r.x.toFixed(1)},${r.y.toFixed(1)},${r.width.toFixed(1)}` : '-';
      }).join(' '),
    );
  const end = Date.now() + timeout;
  let last = await where();
  let since = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(40);
    const now = await where();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 150) return;
  }
}

/** The board's data-rotation as a number. */
export async function rotation(page) {
  const r = await page.locator('svg[data-testid=board]').getAttribute('data-rotation', { timeout: SOON });
  assert.ok(r !== null && /^(0|90|180|270)$/.test(r), `data-rotation should be 0|90|180|270, is ${JSON.stringify(r)}`);
  return Number(r);
}

/** Waits until data-rotation is `deg`. */
export async function waitForRotation(page, deg, { timeout = SOON } = {}) {
  try {
    await page.locator(`svg[data-testid=board][data-rotation="${deg}"]`).waitFor({ timeout });
  } catch {
    throw new Error(`data-rotation should become ${deg}, is ${await page.locator('svg[data-testid=board]').getAttribute('data-rotation')}`);
  }
}

/** The record lines of the move list: ['r: e2-e4', ...]. */
export async function records(page) {
  return page
    .locator('[data-testid=move-list] [data-testid=move]')
    .evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
}

/** Waits until the move list has at least n records. */
export async function waitForRecords(page, n, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=move-list] [data-testid=move]').length >= n,
      n,
      { timeout, polling: 'raf' },
    );
  } catch {
    throw new Error(`expected at least ${n} records in the move list, found ${JSON.stringify(await records(page))}`);
  }
}

/** Waits until some record line matches `re`; returns the list. */
export async function waitForRecord(page, re, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      ([src, flags]) =>
        [...document.querySelectorAll('[data-testid=move-list] [data-testid=move]')].some((e) =>
          new RegExp(src, flags).test(e.textContent.replace(/\s+/g, ' ').trim()),
        ),
      [re.source, re.flags],
      { timeout, polling: 'raf' },
    );
  } catch {
    throw new Error(`no record matching ${re} in the move list: ${JSON.stringify(await records(page))}`);
  }
  return records(page);
}

/** Standing-checks text (whitespace collapsed), '' when the element is absent. */
export async function standingChecksText(page) {
  const el = page.locator('[data-testid=standing-checks]');
  if ((await el.count()) === 0) return '';
  return ((await el.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Is the standing-checks element present and visible with some text? */
export async function standingChecksShown(page) {
  const el = page.locator('[data-testid=standing-checks]');
  if ((await el.count()) === 0) return false;
  if (!(await el.first().isVisible())) return false;
  return (await standingChecksText(page)) !== '';
}

// ---------------------------------------------------------------------------------------------
// Acting

/** The Check! call button's aria-pressed as a boolean. */
export async function callPressed(page) {
  return (await page.locator('[data-testid=call-check]').getAttribute('aria-pressed', { timeout: SOON })) === 'true';
}

/** Presses the Check! call button and checks that it toggled its aria-pressed. */
export async function pressCall(page) {
  const button = page.locator('[data-testid=call-check]');
  try {
    await button.waitFor({ state: 'visible', timeout: SOON });
  } catch {
    throw new Error('no visible [data-testid=call-check] button');
  }
  await button.click();
  await nextFrame(page);
}

/**
 * Presses a piece on `from` (touch by default) and returns the move hints shown while it is
 * held, then moves to `to` and releases. Returns { hints }.
 */
export async function dragWithHints(page, from, to, { touch = true, steps = 8 } = {}) {
  const p = await pointer(page, { touch });
  await p.down(from);
  await settle(page, 60);
  const hints = await moveHints(page);
  await p.move(to, { steps });
  await p.up();
  return { hints };
}

/** The squares of the move hints on the board now, sorted. */
export async function moveHints(page) {
  const list = await page
    .locator('[data-testid=board] circle.move-hint')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')));
  return [...new Set(list)].sort();
}

/**
 * Plays the move from-to by dragging the piece (touch by default) and checks it happened:
 * the mover's piece stands on `to` and `from` is empty, the move list has a new record line
 * (equal to `record` when given, which may be a RegExp), and the turn text changed.
 * `call: true` presses the Check! call button before the move (it must then be aria-pressed).
 * Returns { hints, record, records } (hints seen while the piece was held).
 */
export async function familyMove(page, from, to, { touch = true, call = false, record = null, steps = 8 } = {}) {
  const before = await familyPieces(page);
  const piece = before[from];
  assert.ok(piece, `no piece on ${from}; board: ${JSON.stringify(before)}`);
  const seat = piece.code[0];
  const turn = await turnText(page);
  assert.match(turn, new RegExp(`${SEAT_NAMES[seat]} to move`), `it should be ${SEAT_NAMES[seat]}'s turn to play ${from}-${to}`);
  const n = (await records(page)).length;
  if (call) {
    await pressCall(page);
    assert.equal(await callPressed(page), true, 'Check! call should be aria-pressed (armed) before the move');
  }
  await waitForStillBoard(page);
  const { hints } = await dragWithHints(page, from, to, { touch, steps });
  await waitForRecords(page, n + 1);
  const list = await records(page);
  const line = list[n];
  if (record instanceof RegExp) assert.match(line, record, `record of ${from}-${to}`);
  else if (record !== null) assert.equal(line, record, `record of ${from}-${to}`);
  if (piece.code[1] !== 'P') await waitForFamilyPiece(page, piece.code, to);
  else {
    // A pawn may promote: any piece of the mover's seat on the target.
    await page
      .locator(`[data-testid=board] g[data-piece^="${seat}"][data-square="${to}"]`)
      .waitFor({ timeout: SOON })
      .catch(async () => {
        throw new Error(`a ${SEAT_NAMES[seat]} piece should stand on ${to} after ${from}-${to}; board: ${JSON.stringify(await familyPieces(page))}`);
      });
  }
  assert.equal((await familyPieces(page))[from], undefined, `${from} should be empty after ${from}-${to}`);
  await page.waitForFunction(
    (old) => (document.querySelector('[data-testid=turn]')?.textContent ?? '').trim() !== old,
    turn,
    { timeout: SOON },
  );
  return { hints, record: line, records: list };
}

/** Sends a seat away ([data-testid=leave-x]) or brings it back ([data-testid=back-x]). */
export async function leaveSeat(page, seat) {
  const b = page.locator(`[data-testid=leave-${seat}]`);
  try {
    await b.waitFor({ state: 'visible', timeout: SOON });
  } catch {
    throw new Error(`no visible [data-testid=leave-${seat}] button`);
  }
  await b.click();
  await waitForSeatStatus(page, seat, 'away');
}

export async function backSeat(page, seat) {
  const b = page.locator(`[data-testid=back-${seat}]`);
  try {
    await b.waitFor({ state: 'visible', timeout: SOON });
  } catch {
    throw new Error(`no visible [data-testid=back-${seat}] button`);
  }
  await b.click();
  await waitForSeatStatus(page, seat, 'playing');
}

/**
 * Sets the family board rotation ('mover' | 'fixed'): with the select
 * `select[data-testid=family-rotation]` where it is shown (side panel), else in the settings dialog.
 */
export async function setFamilyRotation(page, value) {
  let select = page.locator('select[data-testid=family-rotation]');
  let dialog = false;
  if (!((await select.count()) > 0 && (await select.first().isVisible()))) {
    await page.locator('[data-testid=settings]').click();
    dialog = true;
    try {
      await select.first().waitFor({ timeout: SOON });
    } catch {
      throw new Error('no select[data-testid=family-rotation] (neither on the page nor in the settings dialog)');
    }
  }
  await select.first().selectOption(value);
  assert.equal(await select.first().inputValue(), value, `family-rotation should be ${value}`);
  if (dialog) await closeDialog(page);
}

/** Screen centres of two squares differ by more than a pixel? */
export function moved(a, b) {
  return Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1;
}
