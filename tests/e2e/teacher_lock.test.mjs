// The teacher lock (issue 5): a PIN set once in Settings (stored hashed under
// `classroom-chess.teacher`) locks the teacher's settings, rule changes mid-game, the Primary
// resign/draw permission and the modes the teacher did not allow. A child without the PIN is
// refused (wrong PIN: a message, nothing changes); the right PIN opens it. Opening the app with
// `?reset-teacher` removes the PIN and the teacher's settings, never the game.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import { openGame, boardReady, assertNoErrors, playMoves, moveSans, closeDialog, SOON } from './chess.mjs';

after(shutdown);

const TEACHER = 'classroom-chess.teacher';
const CURRENT = 'classroom-chess.current';
const PIN = '2468';

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const savedRules = async (page) => JSON.parse(await stored(page, CURRENT)).game.rules;

async function openSettings(page) {
  await page.locator('[data-testid=settings]').click();
  await page.locator('[data-testid=teacher-section]').waitFor({ timeout: SOON });
}

/** Types a PIN on the on-screen keypad with taps and presses OK. */
async function typePin(page, pin) {
  await page.locator('[data-testid=pin-dialog]').waitFor({ timeout: SOON });
  for (const d of pin) await page.locator(`[data-testid=pin-key-${d}]`).tap();
  await page.locator('[data-testid=pin-ok]').tap();
}

async function wrongPinIsRefused(page) {
  await typePin(page, '1357');
  await page.locator('[data-testid=pin-error]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=pin-error]').textContent(), /not the teacher's PIN/);
  assert.equal(await page.locator('[data-testid=pin-input]').inputValue(), '', 'the wrong PIN is cleared');
}

async function cancelPin(page) {
  await page.locator('[data-testid=pin-cancel]').tap();
  await page.locator('[data-testid=pin-dialog]').waitFor({ state: 'detached', timeout: SOON });
}

test('a PIN locks the teacher settings, mid-game rule changes and a mode; the right PIN opens them; the reset keeps the game', async () => {
  const { page, errors } = await openGame({ tablet: true });

  // --- The teacher sets a PIN and disallows Orthodox Chess.
  await openSettings(page);
  await page.locator('[data-testid=set-pin]').tap();
  await page.locator('[data-testid=new-pin]').fill(PIN);
  await page.locator('[data-testid=new-pin-repeat]').fill('2469');
  await page.locator('[data-testid=save-pin]').tap();
  assert.match(await page.locator('[data-testid=set-pin-error]').textContent(), /not the same/);
  assert.equal(await stored(page, TEACHER), null, 'a mistyped PIN is not saved');
  await page.locator('[data-testid=new-pin-repeat]').fill(PIN);
  await page.locator('[data-testid=save-pin]').tap();
  await page.locator('[data-testid=remove-pin]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=allow-orthodox]').setChecked(false);
  const teacher = await stored(page, TEACHER);
  assert.ok(teacher, 'teacher settings are stored');
  assert.ok(!teacher.includes(PIN), `the PIN is not stored as typed: ${teacher}`);
  const parsed = JSON.parse(teacher);
  assert.match(parsed.pin.hash, /^[0-9a-f]{64}$/, 'a SHA-256 hash is stored');
  assert.ok(!parsed.allowed_modes.includes('orthodox'), 'orthodox is not allowed');
  await screenshot(page, 'teacher-settings-1024x768');
  await closeDialog(page);
  // While unlocked the toolbar says so and offers "Lock now".
  await page.locator('[data-testid=lock-now]').waitFor({ timeout: SOON });

  // --- A child plays; after a reload the lock is on.
  await playMoves(page, ['e2e4', 'e7e5'], { touch: true });
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.equal(await page.locator('[data-testid=lock-now]').count(), 0, 'a reload locks');

  // The teacher's section refuses without the PIN.
  await openSettings(page);
  assert.equal(await page.locator('[data-testid=set-pin]').count(), 0, 'locked: no PIN change');
  await page.locator('[data-testid=teacher-unlock]').tap();
  await wrongPinIsRefused(page);
  // Escape closes only the PIN pad; the Settings dialog under it stays.
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=pin-dialog]').waitFor({ state: 'detached', timeout: SOON });
  assert.ok(await page.locator('[data-testid=settings-dialog]').isVisible(), 'Settings still open');
  assert.equal(await page.locator('[data-testid=allow-orthodox]').count(), 0, 'still locked');

  // Changing an option of the game in progress: refused without the PIN, nothing changed.
  const midline = page.locator('input[data-game-option=midline]');
  await midline.tap();
  await wrongPinIsRefused(page);
  await screenshot(page, 'pin-pad-1024x768');
  await cancelPin(page);
  assert.equal(await midline.isChecked(), false, 'the box went back');
  assert.equal((await savedRules(page)).midline_invasion, false, 'the rules did not change');
  // The permission to resign (Primary): refused too.
  const resign = page.locator('input[data-game-option=resign]');
  await resign.tap();
  await wrongPinIsRefused(page);
  await cancelPin(page);
  assert.equal((await savedRules(page)).resign_allowed, false);

  // With the right PIN the change happens, and the moves are kept.
  await midline.tap();
  await typePin(page, PIN);
  await page.locator('[data-testid=pin-dialog]').waitFor({ state: 'detached', timeout: SOON });
  await page.waitForFunction(() => document.querySelector('input[data-game-option=midline]')?.checked === true, null, { timeout: SOON });
  assert.equal((await savedRules(page)).midline_invasion, true, 'midline invasion switched on and saved');
  // Unlocked now: the teacher's section opens without asking again.
  await page.locator('[data-testid=allow-orthodox]').waitFor({ timeout: SOON });
  await closeDialog(page);
  assert.deepEqual(await moveSans(page), ['e4', 'e5'], 'the game goes on with its moves');
  assert.match(await page.locator('.mode-line').textContent(), /midline invasion/);

  // "Lock now" locks again at once.
  await page.locator('[data-testid=lock-now]').tap();
  await page.locator('[data-testid=lock-now]').waitFor({ state: 'detached', timeout: SOON });

  // --- A mode the teacher did not allow: refused without the PIN, opens with it.
  await page.locator('[data-testid=new-game]').tap();
  const orthodox = page.locator('input[name=mode][value=orthodox]');
  await orthodox.waitFor({ timeout: SOON });
  assert.match(await page.locator('label.mode:has(input[value=orthodox])').getAttribute('class'), /\blocked\b/);
  await orthodox.click();
  await wrongPinIsRefused(page);
  await cancelPin(page);
  assert.equal(await orthodox.isChecked(), false, 'orthodox is not chosen');
  assert.equal(await page.locator('input[name=mode][value=primary]').isChecked(), true);
  // The Primary options are the teacher's: disabled for a child.
  assert.equal(await page.locator('input[data-option=resign]').isDisabled(), true);
  await screenshot(page, 'new-game-locked-1024x768');
  await orthodox.click();
  await typePin(page, PIN);
  await page.waitForFunction(() => document.querySelector('input[name=mode][value=orthodox]')?.checked === true, null, { timeout: SOON });
  await page.locator('[data-testid=start-game]').tap();
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  assert.match(await page.locator('.mode-line').textContent(), /Orthodox Chess/);
  await playMoves(page, ['d2d4'], { touch: true });

  // --- Forgotten PIN: the documented reset removes the PIN, never the game.
  const game = await stored(page, CURRENT);
  await page.goto(page.url().split('?')[0] + '?reset-teacher', { waitUntil: 'load' });
  await page.locator('[data-testid=reset-teacher-dialog]').waitFor({ timeout: 15_000 });
  await screenshot(page, 'teacher-reset-1024x768');
  await page.locator('[data-testid=reset-teacher-yes]').tap();
  await page.locator('[data-testid=reset-teacher-dialog]').waitFor({ state: 'detached', timeout: SOON });
  assert.equal(await stored(page, TEACHER), null, 'PIN and teacher settings removed');
  assert.equal(await stored(page, CURRENT), game, 'the game is untouched');
  assert.deepEqual(await moveSans(page), ['d4'], 'the game is on the board');
  assert.ok(!page.url().includes('reset-teacher'), 'the address no longer asks for a reset');
  await openSettings(page);
  await page.locator('[data-testid=set-pin]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=set-pin]').textContent(), /Set a PIN/);
  await closeDialog(page);
  assertNoErrors(errors);
});

test('damaged teacher storage is set aside with a notice: no PIN, no crash', async () => {
  const { page, errors } = await openGame({
    tablet: true,
    beforeGoto: (p) => p.addInitScript((k) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(k, '{"version":1,"pin":{"salt":"x","hash":"not-a-hash"}');
      }
    }, TEACHER),
  });
  const notice = page.locator('[data-testid=storage-notice]');
  await notice.waitFor({ timeout: SOON });
  assert.match(await notice.textContent(), /teacher's PIN and settings could not be opened .*kept aside/);
  assert.equal(await stored(page, TEACHER), null);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('classroom-chess.set-aside.teacher-')));
  assert.equal(aside.length, 1, 'the damaged text is kept aside');
  // Nothing is locked: the teacher's section is open.
  await openSettings(page);
  await page.locator('[data-testid=set-pin]').waitFor({ timeout: SOON });
  assertNoErrors(errors);
});

test('after five wrong PINs the pad waits, even for the right PIN: guessing by hand does not pay', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await openSettings(page);
  await page.locator('[data-testid=set-pin]').tap();
  await page.locator('[data-testid=new-pin]').fill(PIN);
  await page.locator('[data-testid=new-pin-repeat]').fill(PIN);
  await page.locator('[data-testid=save-pin]').tap();
  await page.locator('[data-testid=teacher-lock-now]').tap();
  await page.locator('[data-testid=teacher-unlock]').tap();
  for (let i = 0; i < 4; i++) await wrongPinIsRefused(page);
  await typePin(page, '1111');
  await page.waitForFunction(() => /Too many wrong PINs/.test(document.querySelector('[data-testid=pin-error]')?.textContent ?? ''), null, { timeout: SOON });
  await typePin(page, PIN);
  await page.waitForFunction(() => /Too many wrong PINs/.test(document.querySelector('[data-testid=pin-error]')?.textContent ?? ''), null, { timeout: SOON });
  assert.equal(await page.locator('[data-testid=pin-dialog]').count(), 1, 'still asking');
  assert.equal(await page.locator('[data-testid=allow-orthodox]').count(), 0, 'still locked');
  await cancelPin(page);
  assertNoErrors(errors);
});
