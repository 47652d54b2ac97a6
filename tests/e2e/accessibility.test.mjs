// axe-core's WCAG 2.2 A and AA rules on every screen and dialog, in every mode, at tablet and
// phone sizes: no violation anywhere.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import { axeViolations } from './axe.mjs';
import { SOON, closeDialog, newGame, openGame, playMoves, resultText, setTeacherPin } from './chess.mjs';
import { newFamilyGame, familyBoardReady } from './family.mjs';

after(shutdown);

async function clean(page, screen) {
  await page.waitForTimeout(250); // let a dialog's part arrive and settle
  assert.deepEqual(await axeViolations(page), [], `axe on ${screen}`);
}

async function dialog(page, button, testid, screen) {
  await page.locator(`[data-testid=${button}]`).click();
  await page.locator(`[data-testid=${testid}]`).waitFor({ timeout: SOON });
  await clean(page, screen);
  await closeDialog(page);
}

for (const size of [{ width: 1024, height: 768 }, { width: 360, height: 640 }]) {
  test(`no axe violation on any screen at ${size.width}x${size.height}`, async () => {
    const { page } = await openGame({ viewport: size, hasTouch: true });
    await clean(page, 'Primary');
    await dialog(page, 'new-game', 'new-game-dialog', 'New game');
    await dialog(page, 'settings', 'settings-dialog', 'Settings');
    await dialog(page, 'export', 'export-dialog', 'Export');
    await dialog(page, 'import', 'import-dialog', 'Import');

    // The result screen after a king capture.
    await playMoves(page, ['e2e4', 'f7f5', 'd1h5', 'a7a6', 'h5e8']);
    await resultText(page);
    await clean(page, 'the result screen');
    await page.locator('[data-testid=look-at-board]').click();

    for (const mode of ['orthodox', 'sharp']) {
      await newGame(page, { mode });
      await clean(page, mode);
    }
    await newFamilyGame(page);
    await familyBoardReady(page);
    await clean(page, 'Fun Family Chess');

    // Demo mode (the projector's tools).
    await page.locator('[data-testid=demo]').click();
    await page.locator('.app.demo').waitFor({ timeout: SOON });
    await clean(page, 'demo mode');
    await page.keyboard.press('Escape');
  });
}

test('no axe violation on the Tournament screen, its tabs and its result picker', async () => {
  const { page } = await openGame({ tablet: true });
  await page.locator('[data-testid=tournament]').tap();
  await page.locator('[data-testid=tournament-create]').waitFor({ timeout: SOON });
  await clean(page, 'the tournament form');
  await page.locator('[data-testid=tournament-players]').fill('Anna\nBen\nChloe\nDev\nEmma');
  await page.locator('[data-testid=create-tournament]').tap();
  await page.locator('[data-testid=pair-next]').tap();
  await page.locator('[data-testid=pairing]').first().waitFor({ timeout: SOON });
  await clean(page, 'a round');
  await page.locator('[data-testid=enter-result]').first().tap();
  await clean(page, 'the result picker');
  for (const tab of ['standings', 'players', 'log', 'files']) {
    await page.locator(`[data-testid=tab-${tab}]`).tap();
    await clean(page, `the ${tab} tab`);
  }
});

test('no axe violation on the custom rules screen, the position editor and the PIN pad', async () => {
  const { page } = await openGame({ tablet: true });
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=open-rules]').tap();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  await clean(page, 'the custom rules screen');
  await closeDialog(page);

  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=editor]').tap();
  await page.locator('[data-testid=editor-view]').waitFor({ timeout: SOON });
  await clean(page, 'the position editor');
  await page.locator('[data-testid=editor-cancel]').tap();

  // A PIN set in the teacher's settings; the Tournament button then asks for it.
  await setTeacherPin(page, '2468');
  await page.locator('[data-testid=lock-now]').tap();
  await page.locator('[data-testid=lock-now]').waitFor({ state: 'detached', timeout: SOON });
  await page.locator('[data-testid=tournament]').tap();
  await page.locator('[data-testid=pin-dialog]').waitFor({ timeout: SOON });
  await clean(page, 'the PIN pad');
  assert.equal(await page.locator('[data-testid=tournament-view]').count(), 0, 'the tournament waits for the PIN');
});

test('reduced motion ends animations at once; forced colours keep the board readable', async () => {
  const { page } = await openGame({ tablet: true });
  await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
  const styles = await page.evaluate(() => {
    const board = getComputedStyle(document.querySelector('[data-testid=board]'));
    const probe = document.createElement('div');
    probe.className = 'slide-in';
    document.body.append(probe);
    const s = getComputedStyle(probe);
    const out = { adjust: board.forcedColorAdjust, animation: s.animationDuration, transition: s.transitionDuration };
    probe.remove();
    return out;
  });
  assert.equal(styles.adjust, 'none', 'the board keeps its colours');
  assert.equal(styles.animation, '1e-05s');
  assert.equal(styles.transition, '1e-05s');
  await clean(page, 'the game in forced colours');
});
