// The game survives a reload (localStorage `classroom-chess.current`, with a version); a save
// that cannot be read is reported, kept aside under `classroom-chess.set-aside.*`, and a new
// game starts — never a crash.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown } from './harness.mjs';
import {
  openGame,
  boardReady,
  assertNoErrors,
  playMoves,
  playMove,
  boardPieces,
  moveSans,
  turnText,
  newGame,
  setSettings,
  SOON,
} from './chess.mjs';

after(shutdown);

const CURRENT = 'classroom-chess.current';
const START = {
  a1: 'wR', b1: 'wN', c1: 'wB', d1: 'wQ', e1: 'wK', f1: 'wB', g1: 'wN', h1: 'wR',
  a8: 'bR', b8: 'bN', c8: 'bB', d8: 'bQ', e8: 'bK', f8: 'bB', g8: 'bN', h8: 'bR',
};
for (const f of 'abcdefgh') {
  START[`${f}2`] = 'wP';
  START[`${f}7`] = 'bP';
}

const storageDump = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

async function reload(page) {
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
}

test('a game in progress is restored after a reload: board, moves, turn, mode and settings', async () => {
  const { page, context, errors } = await openGame({ tablet: true });
  await newGame(page, { mode: 'orthodox' });
  await setSettings(page, { orientation: 'face-to-face' });
  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5'], ['g1f3', 'Nf3'], ['b8c6', 'Nc6'], ['f1c4', 'Bc4']], { touch: true });
  const board = await boardPieces(page);
  const saved = JSON.parse((await storageDump(page))[CURRENT]);
  assert.equal(saved.app, 'classroom-chess');
  assert.equal(typeof saved.version, 'number', 'the save has a version');

  await reload(page);
  assert.deepEqual(await boardPieces(page), board, 'board restored');
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4'], 'move list restored');
  assert.equal(await turnText(page), 'Black to move', 'turn restored');
  assert.equal(await page.locator('[data-testid=check-counter]').count(), 0, 'still an orthodox game (no check counter)');
  assert.equal(await page.locator('[data-testid=board]').getAttribute('data-face-to-face'), 'true', 'settings restored');
  for (const sq of ['f1', 'c4']) {
    assert.match((await page.locator(`rect[data-square=${sq}]`).getAttribute('class')) ?? '', /\blast-move\b/, `${sq} is still marked as the last move`);
  }
  assert.equal(await page.locator('[data-testid=storage-notice]').count(), 0, 'no storage notice for a good save');

  // The restored game plays on, and keeps saving.
  await playMove(page, 'g8f6', { touch: true, san: 'Nf6' });
  await reload(page);
  assert.deepEqual(await moveSans(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']);
  assert.equal(await turnText(page), 'White to move');
  assertNoErrors(errors);
  await context.close();
});

const BAD_SAVES = [
  ['not JSON', 'not json{'],
  ['an unknown version', JSON.stringify({ app: 'classroom-chess', version: 99, game: { moves: ['e2e4'] } })],
  ['a known version with a broken game', JSON.stringify({ app: 'classroom-chess', version: 1, game: { nonsense: true } })],
];

for (const [what, text] of BAD_SAVES) {
  test(`a saved game that is ${what} is reported and set aside, and a new game starts`, async () => {
    const { page, context, errors } = await openGame({ tablet: true });
    await playMove(page, 'e2e4', { touch: true, san: 'e4' });
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [CURRENT, text]);
    await reload(page);

    const notice = page.locator('[data-testid=storage-notice]');
    await notice.waitFor({ state: 'visible', timeout: SOON });
    assert.ok((await notice.textContent()).trim().length > 10, 'the notice says something');
    assert.deepEqual(await boardPieces(page), START, 'a new game is on the board');
    assert.deepEqual(await moveSans(page), []);
    assert.equal(await turnText(page), 'White to move');

    const dump = await storageDump(page);
    const aside = Object.entries(dump).filter(([k]) => k.startsWith('classroom-chess.set-aside.'));
    assert.ok(
      aside.some(([, v]) => v === text),
      `the unreadable save is kept, unchanged, under classroom-chess.set-aside.*; storage: ${JSON.stringify(dump)}`,
    );
    assert.notEqual(dump[CURRENT], text, 'the unreadable save is no longer the current game');

    // The app works: moves can be played and are saved again.
    await playMoves(page, [['d2d4', 'd4'], ['d7d5', 'd5']], { touch: true });
    const saved = JSON.parse((await storageDump(page))[CURRENT]);
    assert.equal(saved.app, 'classroom-chess');
    await reload(page);
    assert.deepEqual(await moveSans(page), ['d4', 'd5']);
    assert.equal(await page.locator('[data-testid=storage-notice]').count(), 0, 'the notice is not shown again');
    assertNoErrors(errors);
    await context.close();
  });
}
