// How smooth a drag is on a slow tablet (`make dragframes`; a benchmark: it prints numbers and
// asserts nothing). Chromium at 1024x768 with touch, the CPU slowed 4x. In every mode, every
// piece the player to move has — on the board, and in Chess#'s reserve tray — is picked up
// with a finger, carried across the board and let go where it started (nothing happens), one
// touch event per frame. Printed per mode: the longest gap between two frames, the 95th
// percentile, and the long tasks (over 50 ms) the page had while dragging.
import { openApp, shutdown } from '../tests/e2e/harness.mjs';
import { TABLET, boardPieces, newGame, pointer } from '../tests/e2e/chess.mjs';
import { newSharpGame, trayCenter, KINDS } from '../tests/e2e/sharp.mjs';
import { familyPieces, newFamilyGame } from '../tests/e2e/family.mjs';

const CPU = 4;
const STEPS = 24;

/** Starts recording frame times and long tasks in the page. */
function record() {
  window.__frames = [];
  window.__long = [];
  window.__recording = true;
  const tick = (t) => {
    window.__frames.push(t);
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  });
  window.__observer.observe({ type: 'longtask' });
}

function stop() {
  window.__recording = false;
  window.__observer.disconnect();
  const f = window.__frames;
  return { gaps: f.slice(1).map((t, i) => t - f[i]), long: window.__long };
}

/** Picks up at `from` (a point), carries the piece through `via` and lets go back at `from`. */
async function carry(page, from, via) {
  const finger = await pointer(page, { touch: true });
  await finger.down(from);
  for (const p of via) await finger.move(p, { steps: STEPS / via.length });
  await finger.move(from, { steps: 4 });
  await finger.up();
}

async function boardPoints(page) {
  const box = await page.locator('[data-testid=board]').first().boundingBox();
  const at = (fx, fy) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  return [at(0.5, 0.5), at(0.2, 0.3), at(0.8, 0.7)];
}

async function squarePoint(page, square) {
  const box = await page.locator(`[data-testid=board] g[data-piece][data-square="${square}"]`).first().boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function measure(page, name, starts) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const via = await boardPoints(page);
  await page.evaluate(record);
  for (const from of starts) await carry(page, from, via);
  const { gaps, long } = await page.evaluate(stop);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  gaps.sort((a, b) => a - b);
  const p95 = gaps[Math.floor(gaps.length * 0.95)];
  console.log(
    `${name.padEnd(22)} ${String(starts.length).padStart(3)} pieces  ${String(gaps.length).padStart(5)} frames  ` +
      `longest gap ${gaps.at(-1).toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  ` +
      `long tasks ${long.length}${long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms)` : ''}`,
  );
}

const { page, context } = await openApp(TABLET);
await page.locator('[data-testid=board]').waitFor();
for (const mode of ['primary', 'orthodox']) {
  await newGame(page, { mode });
  const white = Object.entries(await boardPieces(page)).filter(([, code]) => code[0] === 'w');
  await measure(page, mode, await Promise.all(white.map(([sq]) => squarePoint(page, sq))));
}
await newSharpGame(page);
const pawns = Object.entries(await boardPieces(page)).filter(([, code]) => code[0] === 'w');
const tray = [];
for (const kind of KINDS) tray.push(await trayCenter(page, `w${kind}`));
await measure(page, 'sharp (board + tray)', [...(await Promise.all(pawns.map(([sq]) => squarePoint(page, sq)))), ...tray]);
await newFamilyGame(page, { players: 4 });
const red = Object.entries(await familyPieces(page)).filter(([, piece]) => piece.code[0] === 'r');
await measure(page, 'family (4 players)', await Promise.all(red.map(([sq]) => squarePoint(page, sq))));
await context.close();
await shutdown();
