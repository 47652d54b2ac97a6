// Chess-level helpers for the browser tests, on top of harness.mjs.
//
// Squares are always located by the bounding box of `rect[data-square=..]` on the screen at
// that moment, so the helpers work in every board orientation and after a resize.
//
//   const { page, errors } = await openGame({ tablet: true });
//   await playMoves(page, ['e2e4', ['e7e5', 'e5']], { touch: true });
//   assertNoErrors(errors);
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';

export const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, locale: 'en-US' };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };

/** Default time for anything the app should do "at once" (render, dialog open/close). */
export const SOON = 5_000;

/** Opens the app (fresh context unless `context` is given) and waits for the board. */
export async function openGame({ tablet = false, ...options } = {}) {
  const app = await openApp({ ...(tablet ? TABLET : DESKTOP), ...options });
  await boardReady(app.page);
  return app;
}

export async function boardReady(page) {
  await page.locator('[data-testid=board]').waitFor({ timeout: 15_000 });
  await page.locator('rect[data-square=e2]').waitFor({ timeout: SOON });
  // The side panel's body is a part that arrives just after the board (or says it could not).
  await page
    .locator('[data-testid=move-list], [data-testid=panel-missing], [data-testid=demo-files]')
    .first()
    .waitFor({ state: 'attached', timeout: SOON });
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `errors in the page:\n${errors.join('\n')}`);
}

const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
const lerp = (a, b, t) => a + (b - a) * t;

// ---------------------------------------------------------------------------------------------
// Geometry

/** Bounding box of a square on screen (CSS pixels). */
export async function squareBox(page, square) {
  const box = await page.locator(`rect[data-square="${square}"]`).boundingBox();
  if (!box) throw new Error(`square ${square} is not on screen`);
  return box;
}

/** Centre of a square on screen (CSS pixels): { x, y }. */
export async function squareCenter(page, square) {
  const b = await squareBox(page, square);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A square name, or a point { x, y }, to a point. */
async function toPoint(page, p) {
  return typeof p === 'string' ? squareCenter(page, p) : p;
}

/** A point on screen outside the board's box (but inside the viewport). */
export async function pointOffBoard(page) {
  const b = await page.locator('[data-testid=board]').boundingBox();
  const vp = page.viewportSize();
  const cy = Math.min(Math.max(b.y + b.height / 2, 5), vp.height - 5);
  const cx = Math.min(Math.max(b.x + b.width / 2, 5), vp.width - 5);
  if (b.x >= 12) return { x: b.x / 2, y: cy };
  if (vp.width - (b.x + b.width) >= 12) return { x: (b.x + b.width + vp.width) / 2, y: cy };
  if (b.y >= 12) return { x: cx, y: b.y / 2 };
  if (vp.height - (b.y + b.height) >= 12) return { x: cx, y: (b.y + b.height + vp.height) / 2 };
  throw new Error(`the board fills the whole viewport (${JSON.stringify(b)}): no point off it`);
}

/** Is point p inside the box of square `square`? */
export async function pointInSquare(page, p, square) {
  const b = await squareBox(page, square);
  return p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
}

// ---------------------------------------------------------------------------------------------
// Pointers: a finger (real CDP touch events) or the mouse, step by step.

/**
 * A pointer you can press, move and release in separate steps (to look at the board mid-drag).
 * Touch uses CDP Input.dispatchTouchEvent (the context needs hasTouch: true): Chromium makes
 * real touch + pointer events of them, exactly as for a finger.
 */
export async function pointer(page, { touch = false } = {}) {
  let at = null;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const send = (type, p) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: p ? [{ x: p.x, y: p.y, id: 1, radiusX: 1, radiusY: 1, force: 1 }] : [],
      });
    return {
      async down(p) {
        at = await toPoint(page, p);
        await send('touchStart', at);
        await nextFrame(page);
      },
      async move(p, { steps = 8 } = {}) {
        const to = await toPoint(page, p);
        const from = at;
        for (let i = 1; i <= steps; i++) {
          await send('touchMove', { x: lerp(from.x, to.x, i / steps), y: lerp(from.y, to.y, i / steps) });
          await nextFrame(page);
        }
        at = to;
      },
      async up() {
        await send('touchEnd', null);
        await nextFrame(page);
        await cdp.detach();
      },
    };
  }
  return {
    async down(p) {
      at = await toPoint(page, p);
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await nextFrame(page);
    },
    async move(p, { steps = 8 } = {}) {
      const to = await toPoint(page, p);
      // page.mouse.move interpolates from its last position itself, one event per step.
      for (let i = 1; i <= steps; i++) {
        await page.mouse.move(lerp(at.x, to.x, i / steps), lerp(at.y, to.y, i / steps));
        await nextFrame(page);
      }
      at = to;
    },
    async up() {
      await page.mouse.up();
      await nextFrame(page);
    },
  };
}

/** Drags along `points` (square names or {x,y}): press at the first, release at the last. */
export async function dragPath(page, points, { touch = false, steps = 8 } = {}) {
  const p = await pointer(page, { touch });
  await p.down(points[0]);
  for (const q of points.slice(1)) await p.move(q, { steps });
  await p.up();
}

/** Drags the piece on `from` to `to` (square names or points) with a finger or the mouse. */
export async function dragMove(page, from, to, { touch = false, steps = 8 } = {}) {
  await dragPath(page, [from, to], { touch, steps });
}

/** A tap (touch) or click (mouse) on a square, with no movement. */
export async function tapSquare(page, square, { touch = false } = {}) {
  const c = await squareCenter(page, square);
  if (touch) await page.touchscreen.tap(c.x, c.y);
  else await page.mouse.click(c.x, c.y);
  await nextFrame(page);
}

// ---------------------------------------------------------------------------------------------
// Reading the board and the side panel

/** All pieces on the board: { e2: 'wP', ... }. Throws if two pieces claim one square. */
export async function boardPieces(page) {
  const list = await page
    .locator('[data-testid=board] g[data-piece]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square'), e.getAttribute('data-piece')]));
  const out = {};
  for (const [sq, code] of list) {
    if (out[sq]) throw new Error(`two pieces on ${sq}: ${out[sq]} and ${code}`);
    out[sq] = code;
  }
  return out;
}

/** The piece code on a square, or null. */
export async function pieceAt(page, square) {
  return (await boardPieces(page))[square] ?? null;
}

/** The moves in the move list (SAN texts). */
export async function moveSans(page) {
  return page.locator('[data-testid=move-list] [data-testid=move]').evaluateAll((els) => els.map((e) => e.textContent.trim()));
}

export async function turnText(page) {
  return (await page.locator('[data-testid=turn]').textContent()).trim();
}

/** Waits until the move list has exactly n moves. */
export async function waitForMoveCount(page, n, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=move-list] [data-testid=move]').length === n,
      n,
      { timeout, polling: 'raf' },
    );
  } catch {
    const sans = await moveSans(page);
    throw new Error(`expected ${n} moves in the move list, found ${sans.length}: ${JSON.stringify(sans)}`);
  }
}

/** Waits for a piece (code like 'wP') on a square. */
export async function waitForPiece(page, code, square, { timeout = SOON } = {}) {
  try {
    await page.locator(`[data-testid=board] g[data-piece="${code}"][data-square="${square}"]`).waitFor({ timeout });
  } catch {
    throw new Error(`expected ${code} on ${square}; board: ${JSON.stringify(await boardPieces(page))}`);
  }
}

/** Waits until the turn text matches `re`. */
export async function waitForTurn(page, re, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      ([src, flags]) => new RegExp(src, flags).test(document.querySelector('[data-testid=turn]')?.textContent ?? ''),
      [re.source, re.flags],
      { timeout, polling: 'raf' },
    );
  } catch {
    throw new Error(`turn text should match ${re}, is ${JSON.stringify(await turnText(page).catch(() => null))}`);
  }
}

/** Waits until an element's text matches `re`. */
export async function waitForText(page, selector, re, { timeout = SOON } = {}) {
  try {
    await page.waitForFunction(
      ([sel, src, flags]) => {
        const el = document.querySelector(sel);
        return !!el && new RegExp(src, flags).test(el.textContent);
      },
      [selector, re.source, re.flags],
      { timeout, polling: 'raf' },
    );
  } catch {
    const t = await page.locator(selector).first().textContent({ timeout: 100 }).catch(() => '(absent)');
    throw new Error(`${selector} should match ${re}, is ${JSON.stringify(t)}`);
  }
}

/** Gives the page a few frames to react (for "nothing happened" checks). */
export async function settle(page, ms = 120) {
  await nextFrame(page);
  await page.waitForTimeout(ms);
  await nextFrame(page);
}

// ---------------------------------------------------------------------------------------------
// Playing moves

/**
 * Plays one move by dragging (`e2e4`, or `e7e8` + promotion handled by the caller) and checks
 * that it happened: the move list grew by one (with `san` when given), the piece stands on the
 * target square, the origin is empty and the turn text changed. Returns the SAN shown.
 */
export async function playMove(page, uci, { touch = false, san = null, steps = 8 } = {}) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const before = await boardPieces(page);
  const code = before[from];
  assert.ok(code, `no piece on ${from} to play ${uci}; board: ${JSON.stringify(before)}`);
  const n = (await moveSans(page)).length;
  const turn = await turnText(page);
  assert.match(turn, code[0] === 'w' ? /White/ : /Black/, `it should be ${code[0] === 'w' ? 'White' : 'Black'}'s turn for ${uci}`);
  await dragMove(page, from, to, { touch, steps });
  await waitForMoveCount(page, n + 1);
  const sans = await moveSans(page);
  const shown = sans[n];
  if (san !== null) assert.equal(shown, san, `SAN of ${uci}`);
  // Promotion changes the piece; everything else keeps it.
  const promoted = code[1] === 'P' && (to[1] === '8' || to[1] === '1');
  if (!promoted) await waitForPiece(page, code, to);
  else assert.equal((await pieceAt(page, to))?.[0], code[0], `a ${code[0]} piece on ${to} after ${uci}`);
  assert.equal(await pieceAt(page, from), null, `${from} should be empty after ${uci}`);
  await page.waitForFunction(
    (old) => (document.querySelector('[data-testid=turn]')?.textContent ?? '').trim() !== old,
    turn,
    { timeout: SOON },
  );
  return shown;
}

/** Plays moves in order; each is 'e2e4' or ['e2e4', 'e4'] (with the expected SAN). */
export async function playMoves(page, moves, { touch = false } = {}) {
  const out = [];
  for (const m of moves) {
    const [uci, san] = Array.isArray(m) ? m : [m, null];
    out.push(await playMove(page, uci, { touch, san }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dialogs

/** Closes whatever dialog is open with its close button and waits until it is gone. */
export async function closeDialog(page) {
  const close = page.locator('[data-testid=close-dialog]').first();
  await close.click();
  await close.waitFor({ state: 'detached', timeout: SOON });
}

/**
 * Starts a new game through the dialog: mode 'primary' | 'orthodox'; options (Primary only)
 * { castling, midline, resign: booleans, margin: '3' | '5' }.
 */
export async function newGame(page, { mode = 'primary', options = {} } = {}) {
  await page.locator('[data-testid=new-game]').click();
  const radio = page.locator(`input[name=mode][value=${mode}]`);
  await radio.waitFor({ timeout: SOON });
  await radio.check();
  for (const key of ['castling', 'midline', 'resign']) {
    if (key in options) await page.locator(`input[data-option=${key}]`).setChecked(!!options[key]);
  }
  if ('margin' in options) await page.locator('select[data-option=margin]').selectOption(String(options.margin));
  const start = page.locator('[data-testid=start-game]');
  await start.click();
  await start.waitFor({ state: 'detached', timeout: SOON });
  await waitForMoveCount(page, 0);
  await waitForTurn(page, /White\)? to move/);
}

/** The engine thinks up to 1.2 s and a level pauses up to 1.5 s: allow for a slow machine. */
export const ANSWER = 15_000;

/**
 * Starts a game against the computer through the New game dialog: `mode`, the `side` it plays
 * ('w' | 'b') and its `level` (1-8).
 */
export async function newComputerGame(page, { mode = 'orthodox', side = 'b', level = 1 } = {}) {
  await page.locator('[data-testid=new-game]').click();
  const radio = page.locator(`input[name=mode][value=${mode}]`);
  await radio.waitFor({ timeout: SOON });
  await radio.check();
  await page.locator('[data-testid=against-computer]').check();
  await page.locator('select[data-option=computer-side]').selectOption(side);
  await page.locator('select[data-option=level]').selectOption(String(level));
  if (mode === 'sharp') await page.locator('select[data-option=clock]').selectOption('untimed');
  const start = page.locator('[data-testid=start-game]');
  await start.click();
  await start.waitFor({ state: 'detached', timeout: SOON });
}

/** Pastes `text` into the import dialog and applies it. Returns the error text, or null. */
export async function importText(page, text, { expectError = false } = {}) {
  await page.locator('[data-testid=import]').click();
  const area = page.locator('textarea[data-testid=import-text]');
  await area.waitFor({ timeout: SOON });
  await area.fill(text);
  await page.locator('[data-testid=import-apply]').click();
  if (expectError) {
    const err = page.locator('[data-testid=import-error]');
    await err.waitFor({ state: 'visible', timeout: SOON });
    return (await err.textContent()).trim();
  }
  try {
    await area.waitFor({ state: 'detached', timeout: SOON });
  } catch {
    const err = await page.locator('[data-testid=import-error]').textContent({ timeout: 100 }).catch(() => null);
    throw new Error(`import of ${JSON.stringify(text)} did not close the dialog; error shown: ${JSON.stringify(err)}`);
  }
  return null;
}

/** Opens the export dialog and returns { fen, pgn }; leaves it open. */
export async function exportTexts(page) {
  await page.locator('[data-testid=export]').click();
  const fen = page.locator('textarea[data-testid=fen-text]');
  await fen.waitFor({ timeout: SOON });
  return {
    fen: (await fen.inputValue()).trim(),
    pgn: (await page.locator('textarea[data-testid=pgn-text]').inputValue()).trim(),
  };
}

/** Changes settings: { orientation: 'fixed'|'flip'|'face-to-face', sound, speech, hints }. */
export async function setSettings(page, settings) {
  await page.locator('[data-testid=settings]').click();
  const orientation = page.locator('select[data-testid=orientation]');
  await orientation.waitFor({ timeout: SOON });
  if ('orientation' in settings) await orientation.selectOption(settings.orientation);
  for (const key of ['sound', 'speech', 'hints']) {
    if (key in settings) await page.locator(`input[data-testid=${key}]`).setChecked(!!settings[key]);
  }
  await closeDialog(page);
}

/** Waits for the result modal and returns its text (winner, reason and points). */
export async function resultText(page) {
  const result = page.locator('[data-testid=result]');
  await result.waitFor({ state: 'visible', timeout: SOON });
  return (await result.textContent()).replace(/\s+/g, ' ').trim();
}

/** The points line of the result modal parsed: { white, black } as numbers (½ = 0.5). */
export async function resultPoints(page) {
  const text = (await page.locator('[data-testid=result] [data-testid=points]').textContent()).replace(/\s+/g, ' ');
  const num = (s) => {
    const m = s.match(/^(\d*)(½?)$/);
    return m ? Number(m[1] || 0) + (m[2] ? 0.5 : 0) : NaN;
  };
  const w = text.match(/White\)?\s*:?\s*(\d+½?|½)/);
  const b = text.match(/Black\)?\s*:?\s*(\d+½?|½)/);
  assert.ok(w && b, `points text should name White's and Black's points: ${JSON.stringify(text)}`);
  return { white: num(w[1]), black: num(b[1]), text };
}

/** Confirms (yes) or declines (no) the open confirm dialog. */
export async function confirm(page, yes = true) {
  const button = page.locator(`[data-testid=confirm-${yes ? 'yes' : 'no'}]`);
  await button.click();
  await button.waitFor({ state: 'detached', timeout: SOON });
}

/** Sets the teacher's PIN in Settings (it locks at the next start or with Lock now). */
export async function setTeacherPin(page, pin) {
  await page.locator('[data-testid=settings]').click();
  await page.locator('[data-testid=set-pin]').click();
  await page.locator('[data-testid=new-pin]').fill(pin);
  await page.locator('[data-testid=new-pin-repeat]').fill(pin);
  await page.locator('[data-testid=save-pin]').click();
  await page.locator('[data-testid=remove-pin]').waitFor({ timeout: SOON });
  await closeDialog(page);
}
