// How the game screen fits each screen (`make fit`; a measurement, asserts nothing): for every
// mode at 1024x768 (touch), 768x1024, 360x640 and 1920x1080, the board's square size, the
// smallest control (any button, field, selectable move or summary a finger may need to hit),
// the coordinates' font size on screen, and how far below the screen the side panel's turn
// box, the resign button and its last button reach (the page itself never scrolls; the panel scrolls on its own
// below its turn box).
import { openApp, shutdown } from '../tests/e2e/harness.mjs';
import { boardReady, newGame } from '../tests/e2e/chess.mjs';
import { newSharpGame } from '../tests/e2e/sharp.mjs';
import { newFamilyGame } from '../tests/e2e/family.mjs';

const SIZES = [
  { name: '1024x768', viewport: { width: 1024, height: 768 }, hasTouch: true },
  { name: '768x1024', viewport: { width: 768, height: 1024 }, hasTouch: true },
  { name: '360x640', viewport: { width: 360, height: 640 }, hasTouch: true },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 } },
];
const MODES = {
  primary: (page) => newGame(page, { mode: 'primary' }),
  orthodox: (page) => newGame(page, { mode: 'orthodox' }),
  sharp: (page) => newSharpGame(page),
  family: (page) => newFamilyGame(page),
};

/** The measurements, read in the page. */
function measure() {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const squares = [...document.querySelectorAll('[data-testid=board] rect[data-square]')];
  const square = Math.min(...squares.map((r) => r.getBoundingClientRect().width));
  const controls = [
    ...document.querySelectorAll('button, select, input, textarea, summary, [role=button], [tabindex="0"]'),
  ].filter((el) => visible(el) && el.dataset.testid !== 'board' && !el.closest('[data-testid=board]'));
  let smallest = null;
  for (const control of controls) {
    // A check box or radio button is hit through its label.
    const el = control.matches('input[type=checkbox], input[type=radio]') ? control.closest('label') ?? control : control;
    const r = el.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    if (!smallest || side < smallest.side) {
      smallest = { side, what: `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : el.className ? `.${String(el.className).split(' ')[0]}` : ''}` };
    }
  }
  // A coordinate's size is its font size on screen (the letters' em), in CSS px.
  const coordinates = [...document.querySelectorAll('[data-testid=board] text.coord')]
    .filter(visible)
    .map((t) => { const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); });
  const below = (selector) => {
    const el = document.querySelector(selector);
    return el ? Math.max(0, Math.round(el.getBoundingClientRect().bottom - innerHeight)) : null;
  };
  const panelControls = [...document.querySelectorAll('.panel button, .family-panel button')].filter(visible);
  const lastControl = panelControls.length
    ? Math.max(0, Math.round(Math.max(...panelControls.map((b) => b.getBoundingClientRect().bottom)) - innerHeight))
    : null;
  return {
    square: Math.round(square * 10) / 10,
    control: smallest ? `${Math.round(smallest.side)} ${smallest.what}` : '-',
    coordinates: coordinates.length ? Math.round(Math.min(...coordinates) * 10) / 10 : '-',
    turnBelow: below('[data-testid=turn]'),
    // The player to move's resign button (Fun Family: the first seat's, Red moves first).
    resignBelow: below('[data-testid=resign], [data-testid=resign-r]'),
    lastControlBelow: lastControl,
  };
}

const rows = [];
for (const size of SIZES) {
  for (const [mode, start] of Object.entries(MODES)) {
    const { page, context } = await openApp({ viewport: size.viewport, hasTouch: !!size.hasTouch });
    await boardReady(page).catch(() => {});
    await start(page);
    await page.waitForTimeout(300);
    rows.push({ size: size.name, mode, ...(await page.evaluate(measure)) });
    process.stderr.write(`${size.name} ${mode} measured\n`);
    await context.close();
  }
}
await shutdown();
console.log('size       mode      square px  smallest control (px, which)        coords px  turn below  resign below  last control below');
for (const r of rows) {
  console.log(
    `${r.size.padEnd(10)} ${r.mode.padEnd(9)} ${String(r.square).padStart(9)}  ${r.control.padEnd(35)} ${String(r.coordinates).padStart(9)}  ${String(r.turnBelow).padStart(10)}  ${String(r.resignBelow).padStart(12)}  ${String(r.lastControlBelow).padStart(18)}`,
  );
}
