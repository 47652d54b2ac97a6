// The built app loads in Chromium, mounts, has the right title and logs no errors.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shutdown, screenshot } from './harness.mjs';

after(shutdown);

test('app loads without errors (tablet, touch)', async () => {
  const { page, context, errors } = await openApp({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    isMobile: true,
  });
  assert.equal(await page.title(), 'Classroom Chess');
  // Give the wasm app a moment to finish its first render and effects.
  await page.waitForTimeout(500);
  await screenshot(page, 'smoke-tablet');
  assert.deepEqual(errors, [], `errors in the page:\n${errors.join('\n')}`);
  await context.close();
});

test('app loads without errors (desktop, mouse)', async () => {
  const { page, context, errors } = await openApp({ viewport: { width: 1280, height: 800 } });
  assert.equal(await page.title(), 'Classroom Chess');
  await page.waitForTimeout(500);
  await screenshot(page, 'smoke-desktop');
  assert.deepEqual(errors, [], `errors in the page:\n${errors.join('\n')}`);
  await context.close();
});

// Screenshots of a game in progress with a check showing, at the sizes the app is used at
// (tablet landscape and portrait, a small phone, a classroom projector / desktop). The whole
// board must be on screen without scrolling at every size.
const SIZES = [
  { name: 'tablet-landscape-1024x768', viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, touch: true },
  { name: 'tablet-portrait-768x1024', viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true, touch: true },
  { name: 'phone-360x640', viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, touch: true },
  { name: 'desktop-1920x1080', viewport: { width: 1920, height: 1080 }, hasTouch: false, isMobile: false, touch: false },
];

for (const { name, viewport, hasTouch, isMobile, touch } of SIZES) {
  test(`screenshot with a check showing at ${viewport.width}x${viewport.height}`, async () => {
    const { playMoves, boardReady, squareBox } = await import('./chess.mjs');
    const { page, context, errors } = await openApp({ viewport, hasTouch, isMobile });
    await boardReady(page);
    // The drawn board: the box around its corner squares (whatever the orientation).
    const corners = await Promise.all(['a1', 'h1', 'a8', 'h8'].map((sq) => squareBox(page, sq)));
    const x = Math.min(...corners.map((b) => b.x));
    const y = Math.min(...corners.map((b) => b.y));
    const box = {
      x,
      y,
      width: Math.max(...corners.map((b) => b.x + b.width)) - x,
      height: Math.max(...corners.map((b) => b.y + b.height)) - y,
    };
    assert.ok(
      box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5,
      `the whole board is on screen at ${viewport.width}x${viewport.height}: ${JSON.stringify(box)}`,
    );
    assert.ok(Math.min(box.width, box.height) >= Math.min(viewport.width, viewport.height) * 0.6, `the board is big enough: ${JSON.stringify(box)}`);
    await playMoves(page, [['e2e4', 'e4'], ['d7d5', 'd5'], ['f1b5', 'Bb5+']], { touch });
    await page.locator('[data-testid=check-banner]').waitFor({ state: 'visible', timeout: 5_000 });
    await screenshot(page, `check-${name}`);
    assert.deepEqual(errors, [], `errors in the page:\n${errors.join('\n')}`);
    await context.close();
  });
}
