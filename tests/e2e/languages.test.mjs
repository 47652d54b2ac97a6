// The app in the child's language: the browser's language on first start, any of them from
// Settings (fetched then, kept for offline use), Arabic mirrors the page but never the board,
// announcements in the chosen language, and moves with piece pictures.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, shutdown, start } from './harness.mjs';
import { chooseLanguage, messages, text } from './messages.mjs';
import {
  SOON,
  TABLET,
  assertNoErrors,
  boardReady,
  closeDialog,
  dragMove,
  importText,
  moveSans,
  setTeacherPin,
  squareBox,
  waitForMoveCount,
} from './chess.mjs';

after(shutdown);

test('the browser language on first start; Arabic from Settings mirrors the page, not the board', async () => {
  const es = messages('es');
  const { page, errors } = await openApp({ ...TABLET, locale: 'es-ES' });
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  assert.equal(await text(page, '[data-testid=new-game]'), es.get('new-game'));
  assert.equal(await page.locator('[data-testid=board]').getAttribute('aria-label'), es.get('board-label-standard'));

  const ar = messages('ar');
  await chooseLanguage(page, 'ar');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await text(page, '[data-testid=new-game]'), ar.get('new-game'));
  // The page mirrors: the side panel is left of the board. The board keeps a–h left to right
  // and rank 1 at the bottom.
  const board = await page.locator('[data-testid=board]').boundingBox();
  const panel = await page.locator('.panel').first().boundingBox();
  assert.ok(panel.x + panel.width <= board.x + 1, `panel ${JSON.stringify(panel)} left of board ${JSON.stringify(board)}`);
  const a1 = await squareBox(page, 'a1');
  const h1 = await squareBox(page, 'h1');
  const a8 = await squareBox(page, 'a8');
  assert.ok(a1.x < h1.x, 'files run a to h from left to right');
  assert.ok(a8.y < a1.y, 'rank 8 is at the top');
  // A move by touch, said in Arabic (the white pawn's name from the Arabic words).
  await dragMove(page, 'e2', 'e4', { touch: true });
  await waitForMoveCount(page, 1);
  await page.waitForFunction(
    (piece) => (document.querySelector('#announcer')?.textContent ?? '').includes(piece),
    ar.get('piece-white-pawn'),
    { timeout: SOON },
  );
  await screenshot(page, 'language-arabic-1024x768');

  // Kept: a reload starts in Arabic again, with the game.
  await page.reload();
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
  assert.deepEqual(await moveSans(page), ['e4']);
  assertNoErrors(errors);
});

test('Chinese, then moves written with piece pictures', async () => {
  const zh = messages('zh');
  const { page, errors } = await openApp(TABLET);
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await chooseLanguage(page, 'zh');
  assert.equal(await text(page, '[data-testid=new-game]'), zh.get('new-game'));
  await page.locator('[data-testid=settings]').click();
  await page.locator('input[data-testid=figurines]').setChecked(true);
  await closeDialog(page);
  await dragMove(page, 'g1', 'f3', { touch: true });
  await waitForMoveCount(page, 1);
  assert.deepEqual(await moveSans(page), ['♘f3']);
  await screenshot(page, 'language-chinese-1024x768');
  assertNoErrors(errors);
});

test('a language that cannot be fetched changes nothing and says so', async () => {
  const { page, context, errors } = await openApp(TABLET);
  await boardReady(page);
  await context.route('**/lang/**', (route) => route.abort());
  await page.locator('[data-testid=settings]').click();
  await page.locator('select[data-testid=language]').selectOption('de');
  const en = messages('en');
  await page.locator(`text=${en.get('dialog-language-not-loaded')}`).first().waitFor({ timeout: SOON });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator('select[data-testid=language]').inputValue(), 'en');
  // The aborted fetch is the test's own doing.
  assertNoErrors(errors.filter((e) => !e.includes('/lang/') && !e.includes('net::ERR_FAILED')));
});

test('a damaged language file (a host answering with its own page) starts the app in English, and says so once', async () => {
  const { browser } = await start();
  const context = await browser.newContext({ ...TABLET, locale: 'fr-FR' });
  await context.route(/\/lang\/fr-[0-9a-f]+\.txt$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Welcome</title><p>Our school</p>\n' }),
  );
  const { page, errors } = await openApp({ context });
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  const en = messages('en');
  assert.equal(await text(page, '[data-testid=new-game]'), en.get('new-game'), 'the app, in English');
  const notice = page.locator(`text=${en.get('app-language-not-loaded').slice(0, 40)}`);
  await notice.first().waitFor({ timeout: SOON });
  await dragMove(page, 'e2', 'e4', { touch: true });
  await waitForMoveCount(page, 1);
  assertNoErrors(errors);
  await context.close();
});

test("with the teacher's PIN set, the language changes only after the PIN", async () => {
  const { page, errors } = await openApp(TABLET);
  await boardReady(page);
  await setTeacherPin(page, '2468');
  // A reload locks; choosing a language then asks for the PIN and changes nothing before it.
  await page.reload();
  await boardReady(page);
  await page.locator('[data-testid=settings]').tap();
  await page.locator('select[data-testid=language]').selectOption('pl');
  await page.locator('[data-testid=pin-dialog]').waitFor({ timeout: SOON });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator('select[data-testid=language]').inputValue(), 'en', 'the choice waits for the PIN');
  const pl = messages('pl');
  await Promise.all([
    page.waitForEvent('load', { timeout: 15_000 }),
    (async () => {
      for (const d of '2468') await page.locator(`[data-testid=pin-key-${d}]`).tap();
      await page.locator('[data-testid=pin-ok]').tap();
    })(),
  ]);
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
  assert.equal(await text(page, '[data-testid=new-game]'), pl.get('new-game'));
  assertNoErrors(errors);
});

test('a refusal gives its reason in the chosen language: a bad FEN, a bad PGN', async () => {
  const de = messages('de');
  const fill = (template, args) => template.replace(/\{(\w+)\}/g, (_, key) => args[key]).replaceAll('{{', '{');
  const { page, errors } = await openApp({ ...TABLET, locale: 'de-DE' });
  await boardReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  const fen = await importText(page, '4k3/8/8/8/8/8/8/KK6 w - - 0 1', { expectError: true });
  assert.equal(
    fen,
    fill(de.get('dialog-bad-fen'), { error: fill(de.get('problem-more-than-one-king'), { king: de.get('piece-white-king') }) }),
  );
  await page.locator('textarea[data-testid=import-text]').fill('1. e4 { a comment never closed');
  await page.locator('[data-testid=import-apply]').click();
  const pgn = page.locator('[data-testid=import-error]');
  await pgn.filter({ hasText: 'PGN' }).waitFor({ timeout: SOON });
  assert.equal((await pgn.textContent()).trim(), fill(de.get('dialog-bad-pgn'), { error: fill(de.get('problem-pgn-comment'), {}) }));
  assertNoErrors(errors);
});
