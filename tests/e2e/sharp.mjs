// Chess# helpers for the browser tests (RULES.md §3 and §6), on top of chess.mjs.
//
// Reserve trays: `[data-testid=tray-white|tray-black]`, one item per piece kind
// `[data-reserve="wB"]` with `data-count`, class `placeable` when it may be placed now and
// `locked` (the queen) while other pieces remain. Placements are drags (or tap, then tap a
// square) from a tray item to a first-rank square; the move list shows them as `B@c1`.
//
//   const { page, errors } = await openGame({ tablet: true });
//   await newSharpGame(page, { clock: '3+2' });
//   await place(page, 'wK', 'e1', { touch: true });
import assert from 'node:assert/strict';
import {
  pointer,
  squareCenter,
  moveSans,
  turnText,
  waitForMoveCount,
  waitForPiece,
  waitForTurn,
  pieceAt,
  settle,
  SOON,
} from './chess.mjs';

export const SHARP_START = '8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1';
export const RESERVE_START = { K: 1, Q: 1, R: 2, B: 2, N: 2 };
export const KINDS = ['K', 'Q', 'R', 'B', 'N'];

const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
const sideName = (code) => (code[0] === 'w' ? 'white' : 'black');

// ---------------------------------------------------------------------------------------------
// Starting a game

/**
 * Starts a Chess# game through the new-game dialog. `clock`: '1+0', '3+2', ..., 'untimed'
 * (the select `select[data-option=clock]`); null leaves the dialog's choice alone.
 */
export async function newSharpGame(page, { clock = 'untimed' } = {}) {
  await page.locator('[data-testid=new-game]').click();
  const radio = page.locator('input[name=mode][value=sharp]');
  await radio.waitFor({ timeout: SOON });
  await radio.check();
  if (clock !== null) {
    const select = page.locator('select[data-option=clock]');
    await select.waitFor({ timeout: SOON });
    await select.selectOption(clock);
  }
  const start = page.locator('[data-testid=start-game]');
  await start.click();
  await start.waitFor({ state: 'detached', timeout: SOON });
  await waitForMoveCount(page, 0);
  await waitForTurn(page, /White\)? to move/);
  await page.locator('[data-testid=tray-white]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=tray-black]').waitFor({ timeout: SOON });
}

/** Installs Playwright's fake clock before the app's first script runs (openApp option). */
export const fakeClock = (options = {}) => (page) => page.clock.install(options);

// ---------------------------------------------------------------------------------------------
// Trays

/** Locator of a tray item, e.g. trayItem(page, 'wB'). */
export function trayItem(page, code) {
  return page.locator(`[data-testid=tray-${sideName(code)}] [data-reserve="${code}"]`);
}

/** How many pieces of a kind are in the reserve (0 when the item is absent or says 0). */
export async function trayCount(page, code) {
  const item = trayItem(page, code);
  if ((await item.count()) === 0) return 0;
  const n = await item.first().getAttribute('data-count');
  assert.ok(n !== null && /^\d+$/.test(n), `${code}: data-count should be a number, is ${JSON.stringify(n)}`);
  return Number(n);
}

/**
 * Both trays read at once: { wK: { count, placeable, locked }, ... } for every item present.
 */
export async function trays(page) {
  const list = await page
    .locator('[data-testid=tray-white] [data-reserve], [data-testid=tray-black] [data-reserve]')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-reserve'), e.getAttribute('data-count'), e.getAttribute('class') ?? '']),
    );
  const out = {};
  for (const [code, count, cls] of list) {
    assert.ok(!out[code], `two tray items for ${code}`);
    const classes = cls.split(/\s+/);
    out[code] = { count: Number(count), placeable: classes.includes('placeable'), locked: classes.includes('locked') };
  }
  return out;
}

/** Counts of one side's reserve, { K: 1, Q: 1, ... } with 0 for missing kinds. */
export async function reserveCounts(page, side) {
  const t = await trays(page);
  const c = side[0] === 'w' ? 'w' : 'b';
  return Object.fromEntries(KINDS.map((k) => [k, t[c + k]?.count ?? 0]));
}

/** Centre of a tray item on screen. */
export async function trayCenter(page, code) {
  const item = trayItem(page, code).first();
  await item.waitFor({ timeout: SOON });
  const box = await item.boundingBox();
  if (!box) throw new Error(`tray item ${code} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The classes of the board piece on a square (`g[data-piece]`), or null if none. */
export async function pieceClasses(page, square) {
  const g = page.locator(`[data-testid=board] g[data-piece][data-square="${square}"]`);
  if ((await g.count()) === 0) return null;
  return ((await g.first().getAttribute('class')) ?? '').split(/\s+/).filter(Boolean);
}

/** Squares of all board pieces of `color` ('w' | 'b') with / without class `inactive`. */
export async function inactivePieces(page, color) {
  const list = await page
    .locator(`[data-testid=board] g[data-piece^="${color}"]`)
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square'), /\binactive\b/.test(e.getAttribute('class') ?? '')]));
  return {
    inactive: list.filter(([, i]) => i).map(([s]) => s).sort(),
    active: list.filter(([, i]) => !i).map(([s]) => s).sort(),
  };
}

/** The squares the move hints point at (`circle.move-hint[data-hint]`), sorted. */
export async function hintSquares(page) {
  const list = await page
    .locator('[data-testid=board] circle.move-hint')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')));
  return list.sort();
}

// ---------------------------------------------------------------------------------------------
// Placing

/**
 * Presses on a tray item and moves the finger/mouse to `to` (square or point) without
 * releasing: returns the pointer ({ move, up }) so the test can look at the board mid-drag.
 */
export async function holdFromTray(page, code, to = null, { touch = false, steps = 8 } = {}) {
  const p = await pointer(page, { touch });
  await p.down(await trayCenter(page, code));
  if (to !== null) await p.move(to, { steps });
  return p;
}

/** Drags a tray item to `to` (a square name or a point) and releases it there. */
export async function dragFromTray(page, code, to, { touch = false, steps = 8 } = {}) {
  const p = await holdFromTray(page, code, to, { touch, steps });
  await p.up();
}

/** A tap (touch) or click (mouse) on a tray item, with no movement. */
export async function tapTray(page, code, { touch = false } = {}) {
  const c = await trayCenter(page, code);
  if (touch) await page.touchscreen.tap(c.x, c.y);
  else await page.mouse.click(c.x, c.y);
  await nextFrame(page);
}

/**
 * Places a reserve piece (code 'wB') on `square` by a drag (or by tap + tap with
 * `tap: true`) and checks that it happened: one more move in the list reading `B@c1`, the
 * piece on the square, one fewer in the tray, the other side to move. Returns the move text.
 */
export async function place(page, code, square, { touch = false, tap = false, san = null, steps = 8 } = {}) {
  const n = (await moveSans(page)).length;
  const count = await trayCount(page, code);
  assert.ok(count > 0, `no ${code} in the reserve to place on ${square}`);
  assert.equal(await pieceAt(page, square), null, `${square} should be empty before ${code[1]}@${square}`);
  const turn = await turnText(page);
  assert.match(turn, code[0] === 'w' ? /White/ : /Black/, `it should be ${code[0] === 'w' ? 'White' : 'Black'}'s turn to place ${code}`);
  if (tap) {
    await tapTray(page, code, { touch });
    const c = await squareCenter(page, square);
    if (touch) await page.touchscreen.tap(c.x, c.y);
    else await page.mouse.click(c.x, c.y);
    await nextFrame(page);
  } else {
    await dragFromTray(page, code, square, { touch, steps });
  }
  await waitForMoveCount(page, n + 1);
  const shown = (await moveSans(page))[n];
  assert.equal(shown, san ?? `${code[1]}@${square}`, `move text of placing ${code} on ${square}`);
  await waitForPiece(page, code, square);
  assert.equal(await trayCount(page, code), count - 1, `${code} count in the tray after placing it on ${square}`);
  await page.waitForFunction(
    (old) => (document.querySelector('[data-testid=turn]')?.textContent ?? '').trim() !== old,
    turn,
    { timeout: SOON },
  );
  return shown;
}

/**
 * Checks that nothing happened: same move list, board and trays as `before`
 * (from `snapshot(page)`), after giving the page a moment to react.
 */
export async function snapshot(page) {
  return {
    moves: await moveSans(page),
    board: await page
      .locator('[data-testid=board] g[data-piece]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-square')}=${e.getAttribute('data-piece')}`).sort()),
    trays: await trays(page),
    turn: await turnText(page),
  };
}

export async function assertUnchanged(page, before, what) {
  await settle(page);
  const now = await snapshot(page);
  assert.deepEqual(now.moves, before.moves, `${what}: the move list should not change`);
  assert.deepEqual(now.board, before.board, `${what}: the board should not change`);
  assert.deepEqual(
    Object.fromEntries(Object.entries(now.trays).map(([k, v]) => [k, v.count])),
    Object.fromEntries(Object.entries(before.trays).map(([k, v]) => [k, v.count])),
    `${what}: the tray counts should not change`,
  );
  assert.equal(now.turn, before.turn, `${what}: the turn should not change`);
}

// ---------------------------------------------------------------------------------------------
// Clock

/** The text of a clock ('white' | 'black'), trimmed. */
export async function clockText(page, side) {
  return ((await page.locator(`[data-testid=clock-${side}]`).textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Parses a clock text: `m:ss` (whole seconds) or `s.t` (under ten seconds) to ms. */
export function parseClock(text) {
  let m = text.match(/(\d+):(\d\d)(?!\d)/);
  if (m) return (Number(m[1]) * 60 + Number(m[2])) * 1000;
  m = text.match(/(?<![\d:])(\d)\.(\d)(?!\d)/);
  if (m) return Number(m[1]) * 1000 + Number(m[2]) * 100;
  throw new Error(`clock text ${JSON.stringify(text)} is neither m:ss nor s.t`);
}

/** A clock's time left in ms as displayed. */
export async function clockMs(page, side) {
  return parseClock(await clockText(page, side));
}

export async function clockClasses(page, side) {
  return ((await page.locator(`[data-testid=clock-${side}]`).getAttribute('class')) ?? '').split(/\s+/).filter(Boolean);
}

/** Which clock has class `running`: 'white', 'black', null (none) — throws if both. */
export async function runningClock(page) {
  const w = (await clockClasses(page, 'white')).includes('running');
  const b = (await clockClasses(page, 'black')).includes('running');
  assert.ok(!(w && b), 'both clocks are marked running');
  return w ? 'white' : b ? 'black' : null;
}

/** Waits until `side`'s clock shows a time within [lo, hi] ms. */
export async function waitForClock(page, side, lo, hi, { timeout = SOON } = {}) {
  const deadline = Date.now() + timeout;
  let text = null;
  for (;;) {
    text = await clockText(page, side);
    let ms = null;
    try {
      ms = parseClock(text);
    } catch {
      /* not yet a time */
    }
    if (ms !== null && ms >= lo && ms <= hi) return ms;
    if (Date.now() > deadline) throw new Error(`${side} clock should show ${lo}..${hi} ms, shows ${JSON.stringify(text)}`);
    await page.waitForTimeout(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Buttons

/**
 * Taps a button (`[data-testid=id]`) with a finger (or clicks it with `touch: false`).
 * Chromium sometimes makes no click of a tap that follows a CDP touch drag within about a
 * second (seen on a blank page too), so the tap is repeated (up to 4 times) until the
 * button has received a click. Only the click is waited for: what the click does is for
 * the test to check.
 */
export async function tapButton(page, id, { touch = true } = {}) {
  const b = page.locator(`[data-testid=${id}]`);
  await b.waitFor({ state: 'visible', timeout: SOON });
  if (!touch) {
    await b.click();
    await settle(page, 50);
    return;
  }
  const clicks = () =>
    page.evaluate((id) => {
      if (!window.__e2eClicks) {
        window.__e2eClicks = {};
        document.addEventListener(
          'click',
          (e) => {
            const t = e.target.closest?.('[data-testid]')?.getAttribute('data-testid');
            if (t) window.__e2eClicks[t] = (window.__e2eClicks[t] ?? 0) + 1;
          },
          true,
        );
      }
      return window.__e2eClicks[id] ?? 0;
    }, id);
  const before = await clicks();
  for (let attempt = 1; attempt <= 4; attempt++) {
    await b.tap();
    const deadline = Date.now() + 700;
    while (Date.now() < deadline) {
      if ((await clicks()) > before) {
        await settle(page, 50);
        return;
      }
      await page.waitForTimeout(30);
    }
  }
  throw new Error(`4 taps on [data-testid=${id}] made no click`);
}
