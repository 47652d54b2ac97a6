// Check and checkmate announcements: the "Check!" banner and the aria-live announcer, the
// in-check king square, the banner going away by itself; orthodox checkmate ends the game;
// Primary checkmate does not (RULES.md §2.2), and is only hinted when hints are on.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, start } from './harness.mjs';
import {
  openGame,
  assertNoErrors,
  playMoves,
  playMove,
  moveSans,
  turnText,
  newGame,
  setSettings,
  waitForText,
  resultText,
  resultPoints,
  settle,
  SOON,
  TABLET,
} from './chess.mjs';

after(shutdown);

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4'];

const squareClass = async (page, sq) => (await page.locator(`rect[data-square=${sq}]`).getAttribute('class')) ?? '';

/** Visible text saying "checkmate" somewhere other than the banner and the live region. */
async function visibleMateHint(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('[data-testid=check-banner], #announcer, script, style')) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
      if (!/checkmate/i.test(own)) continue;
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none') return own.trim();
    }
    return null;
  });
}

test('a check is announced: banner, live region, in-check square, counter; the banner goes away', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  const banner = page.locator('[data-testid=check-banner]');
  assert.equal(await banner.count(), 0, 'no banner at the start');
  await playMoves(page, [['e2e4', 'e4'], ['d7d5', 'd5']], { touch: true });
  assert.equal(await banner.count(), 0, 'no banner without a check');
  assert.doesNotMatch(await squareClass(page, 'e8'), /\bin-check\b/);

  await playMove(page, 'f1b5', { touch: true, san: 'Bb5+' });
  await banner.waitFor({ state: 'visible', timeout: SOON });
  assert.match((await banner.textContent()).trim(), /^Check!/);
  await waitForText(page, '#announcer', /Check/);
  assert.equal(await page.locator('#announcer').getAttribute('role'), 'status');
  assert.match(await squareClass(page, 'e8'), /\bin-check\b/, 'the black king square is marked in-check');
  assert.doesNotMatch(await squareClass(page, 'e1'), /\bin-check\b/);
  await waitForText(page, '[data-testid=check-counter]', /White\D*1\b/);

  // The banner is an announcement, not a permanent fixture; the in-check mark stays.
  await banner.waitFor({ state: 'hidden', timeout: 6_000 });
  assert.match(await squareClass(page, 'e8'), /\bin-check\b/, 'still in check after the banner went');

  // Black blocks: the check is over.
  await playMove(page, 'c7c6', { touch: true, san: 'c6' });
  await settle(page);
  assert.doesNotMatch(await squareClass(page, 'e8'), /\bin-check\b/, 'in-check is cleared once the check is blocked');
  assertNoErrors(errors);
  await context.close();
});

test("orthodox fool's mate: Checkmate! and the result, Black wins 1-0", async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newGame(page, { mode: 'orthodox' });
  assert.equal(await page.locator('[data-testid=check-counter]').count(), 0, 'no check counter in orthodox chess');
  await playMoves(page, FOOLS_MATE, { touch: true });
  await playMove(page, 'd8h4', { touch: true, san: 'Qh4#' });
  const banner = page.locator('[data-testid=check-banner]');
  await banner.waitFor({ state: 'visible', timeout: SOON });
  assert.match((await banner.textContent()).trim(), /^Checkmate!/);
  await waitForText(page, '#announcer', /checkmate/i);
  assert.match(await squareClass(page, 'e1'), /\bin-check\b/);

  const text = await resultText(page);
  assert.match(text, /Black wins/i, text);
  assert.match(text, /checkmate/i, text);
  const points = await resultPoints(page);
  assert.deepEqual([points.white, points.black], [0, 1], points.text);
  assert.match(await turnText(page), /Game over/);
  assert.deepEqual(await moveSans(page), ['f3', 'e5', 'g4', 'Qh4#']);
  assertNoErrors(errors);
  await context.close();
});

test("Primary fool's mate is only a check: no checkmate, the game goes on", async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await playMoves(page, FOOLS_MATE, { touch: true });
  await playMove(page, 'd8h4', { touch: true, san: 'Qh4+' });
  const banner = page.locator('[data-testid=check-banner]');
  await banner.waitFor({ state: 'visible', timeout: SOON });
  const said = (await banner.textContent()).trim();
  assert.match(said, /^Check!/);
  assert.doesNotMatch(said, /checkmate/i);
  await waitForText(page, '#announcer', /Check/);
  assert.doesNotMatch(await page.locator('#announcer').textContent(), /checkmate/i, 'hints are off: no checkmate');
  assert.equal(await visibleMateHint(page), null, 'hints are off: no checkmate shown anywhere');
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'no result: Primary checkmate does not end the game');
  assert.equal(await turnText(page), 'White to move');

  // White may play any move, even one that leaves the king attacked; Black then takes it.
  await playMove(page, 'a2a3', { touch: true, san: 'a3' });
  await playMove(page, 'h4e1', { touch: true, san: 'Qxe1' });
  assert.match(await resultText(page), /Black wins/i);
  assertNoErrors(errors);
  await context.close();
});

test("Primary fool's mate with hints on: a checkmate hint appears, the game goes on", async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await setSettings(page, { hints: true });
  await playMoves(page, FOOLS_MATE, { touch: true });
  assert.equal(await visibleMateHint(page), null, 'no hint before the mate');
  await playMove(page, 'd8h4', { touch: true, san: 'Qh4+' });
  await page.waitForFunction(
    () => /checkmate/i.test(document.querySelector('#announcer')?.textContent ?? ''),
    null,
    { timeout: SOON },
  );
  const hint = await visibleMateHint(page);
  assert.ok(hint, 'a visible checkmate hint');
  assert.equal(await page.locator('[data-testid=result]').count(), 0, 'still no result');
  assert.equal(await turnText(page), 'White to move');
  // The hint goes when the position changes.
  await playMove(page, 'a2a3', { touch: true, san: 'a3' });
  const until = Date.now() + SOON;
  while ((await visibleMateHint(page)) !== null) {
    assert.ok(Date.now() < until, `the checkmate hint should go after a3: ${await visibleMateHint(page)}`);
    await page.waitForTimeout(50);
  }
  assertNoErrors(errors);
  await context.close();
});

test('a check with sound and speech on plays without errors; the settings are saved', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await setSettings(page, { sound: true, speech: true });
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('classroom-chess.settings')));
  assert.equal(saved.version, 1, `settings saved with their format version: ${JSON.stringify(saved)}`);
  assert.equal(saved.settings.sound, true, `settings saved: ${JSON.stringify(saved)}`);
  assert.equal(saved.settings.speech, true, `settings saved: ${JSON.stringify(saved)}`);
  await playMoves(page, [['e2e4', 'e4'], ['f7f6', 'f6'], ['d1h5', 'Qh5+']], { touch: true });
  await page.locator('[data-testid=check-banner]').waitFor({ state: 'visible', timeout: SOON });
  await waitForText(page, '#announcer', /Check/);
  // Black answers and the game goes on.
  await playMove(page, 'g7g6', { touch: true, san: 'g6' });
  await settle(page, 300);
  assertNoErrors(errors);
  await context.close();
});

test('the sound is made ready while the page is idle, before the first piece is picked up; a check then sounds', async () => {
  const { browser } = await start();
  const context = await browser.newContext(TABLET);
  await context.addInitScript(() => {
    window.__audio = { contexts: [], notes: 0, firstPress: null };
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(...args) {
        super(...args);
        window.__audio.contexts.push({ at: performance.now(), context: this });
      }
      createOscillator() {
        window.__audio.notes++;
        return super.createOscillator();
      }
    };
    addEventListener('pointerdown', () => (window.__audio.firstPress ??= performance.now()), { capture: true });
  });
  const { page, errors } = await openGame({ context });
  await page.waitForFunction(() => window.__audio.contexts.length === 1, null, { timeout: SOON });
  await playMoves(page, [['e2e4', 'e4'], ['f7f6', 'f6'], ['d1h5', 'Qh5+']], { touch: true });
  await page.locator('[data-testid=check-banner]').waitFor({ state: 'visible', timeout: SOON });
  const audio = await page.evaluate(() => ({
    count: window.__audio.contexts.length,
    before: window.__audio.contexts[0].at < window.__audio.firstPress,
    state: window.__audio.contexts[0].context.state,
    notes: window.__audio.notes,
  }));
  assert.equal(audio.count, 1, 'one audio context for the page');
  assert.ok(audio.before, 'made before the first press, not during a drag');
  assert.equal(audio.state, 'running', 'resumed by the gesture');
  assert.ok(audio.notes > 0, 'the check sounded');
  assertNoErrors(errors);
  await context.close();
});
