// The parts of the app that are not in the first load (tools/app-build.mjs splits them off):
// the page starts without them, fetches a part the first time it is shown, keeps it, and a part
// that cannot be fetched is said in words, changes nothing, and is tried again next time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, start } from './harness.mjs';
import { openGame, assertNoErrors, closeDialog, moveSans, playMove, TABLET, SOON } from './chess.mjs';

after(shutdown);

const PART = /\/(split_[a-z_]+|chunk_\d+)-[0-9a-f]+\.wasm$/;

/** The parts (file names without the build hash) each request fetched, in order. */
function watchParts(page) {
  const fetched = [];
  page.on('request', (req) => {
    const m = new URL(req.url()).pathname.match(PART);
    if (m) fetched.push(m[1]);
  });
  return fetched;
}

test('the first load fetches no part; the dialogs part comes with the first dialog, once', async () => {
  const { page, errors } = await openGame({ tablet: true });
  const fetched = watchParts(page);
  await playMove(page, 'e2e4', { touch: true });
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, [], 'a move needs no part');

  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  assert.ok(fetched.includes('split_dialogs'), `fetched: ${fetched}`);
  await closeDialog(page);

  const before = fetched.length;
  await page.locator('[data-testid=settings]').tap();
  await page.locator('[data-testid=settings-dialog]').waitFor({ timeout: SOON });
  assert.equal(fetched.length, before, 'another dialog fetches nothing more');
  await closeDialog(page);
  assertNoErrors(errors);
});

test('a part that cannot be fetched is said in words, changes nothing, and is tried again', async () => {
  const { browser } = await start();
  // No service worker: the parts come from the network, which is cut for them here.
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  await context.route(PART, (route) => route.abort('internetdisconnected'));
  const { page } = await openGame({ context });
  await playMove(page, 'e2e4', { touch: true });

  await page.locator('[data-testid=new-game]').tap();
  const missing = page.locator('[data-testid=part-missing]');
  await missing.waitFor({ timeout: SOON });
  assert.match(await missing.innerText(), /could not be loaded/);
  assert.equal(await page.locator('#crash-screen').count(), 0, 'the app goes on');
  await closeDialog(page);
  assert.equal(await missing.count(), 0);
  assert.deepEqual(await moveSans(page), ['e4'], 'the game is as it was');

  await context.unroute(PART);
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ timeout: SOON });
  assert.equal(await missing.count(), 0);
  await closeDialog(page);
  await context.close();
});
