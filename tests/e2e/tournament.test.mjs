// A class tournament on the teacher's tablet (1024x768, touch): a 6-player Swiss of Primary
// Chess over 3 rounds, results tapped in words, one game played on this tablet and entered by
// itself, the standings checked against the results, a reload that keeps everything, the
// files, and a bad file that changes nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot, SCREENSHOTS } from './harness.mjs';
import path from 'node:path';
import { openGame, assertNoErrors, playMoves, resultText, SOON } from './chess.mjs';

after(shutdown);

const PLAYERS = ['Anna', 'Ben', 'Chloe', 'Dev', 'Emma', 'Finn'];
// Primary Chess points per result (RULES.md §2.11): a win 3, a draw 2, a loss 1.
const POINTS = { '6-2': [3, 1], '4-4': [2, 2], '2-6': [1, 3] };

async function openTournament(page) {
  await page.locator('[data-testid=tournament]').tap();
  await page.locator('[data-testid=tournament-view]').waitFor({ timeout: SOON });
}

/** The shown round's pairings: [{ board, white, black }]. */
async function pairings(page) {
  return page.locator('[data-testid=pairing]').evaluateAll((rows) =>
    rows.map((r) => ({
      board: Number(r.dataset.board),
      white: r.querySelector('.white-name').textContent.trim(),
      black: r.querySelector('.black-name').textContent.trim(),
      result: r.querySelector('.result-button').textContent.trim(),
    })),
  );
}

async function enterResult(page, board, result, shot = null) {
  await page.locator(`[data-testid=pairing][data-board="${board}"] [data-testid=enter-result]`).tap();
  const picker = page.locator('[data-testid=result-picker]');
  await picker.waitFor({ timeout: SOON });
  if (shot) await screenshot(page, shot);
  await picker.locator(`[data-testid=result-choice][data-result="${result}"]`).tap();
  await picker.waitFor({ state: 'detached', timeout: SOON });
}

async function pairNext(page, n) {
  await page.locator('[data-testid=pair-next]').tap();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=round-heading]')?.textContent.includes(`Round ${n} of 3`),
    n,
    { timeout: SOON },
  );
}

test('a 6-player Primary Swiss runs 3 rounds, with a game played on the tablet, to the right standings', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await openTournament(page);

  // Create: the form says what is wrong and creates nothing until it is right.
  await page.locator('[data-testid=tournament-players]').fill('Anna\nBen\nanna\n');
  await page.locator('[data-testid=create-tournament]').tap();
  assert.match(await page.locator('[data-testid=create-error]').innerText(), /Line 3: there is already a player called anna/);
  await page.locator('[data-testid=tournament-name]').fill('Class 4B');
  await page.locator('[data-testid=tournament-players]').fill(PLAYERS.join('\n'));
  await page.locator('[data-testid=tournament-game]').selectOption('primary');
  await page.locator('[data-testid=tournament-system]').selectOption('swiss');
  await page.locator('[data-testid=tournament-rounds]').fill('3');
  await screenshot(page, 'tournament-create-1024x768');
  await page.locator('[data-testid=create-tournament]').tap();
  await page.locator('[data-testid=round-tab]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=tournament-title]').innerText(), 'Class 4B');

  const expected = Object.fromEntries(PLAYERS.map((p) => [p, 0]));
  const met = new Set();
  const score = (white, black, result) => {
    expected[white] += POINTS[result][0];
    expected[black] += POINTS[result][1];
  };
  const meet = (white, black) => {
    const key = [white, black].sort().join('-');
    assert.ok(!met.has(key), `${key} meet twice`);
    met.add(key);
  };

  // Round 1: board 1 is played on this tablet; the others are tapped in.
  await pairNext(page, 1);
  let round = await pairings(page);
  assert.equal(round.length, 3);
  round.forEach((p) => meet(p.white, p.black));
  await enterResult(page, 2, '4-4', 'tournament-result-picker-1024x768');
  await enterResult(page, 3, '2-6');
  score(round[1].white, round[1].black, '4-4');
  score(round[2].white, round[2].black, '2-6');
  assert.equal((await pairings(page))[1].result, '2 : 2');

  await page.locator('[data-testid=pairing][data-board="1"] [data-testid=enter-result]').tap();
  await page.locator('[data-testid=play-here]').tap();
  await page.locator('[data-testid=tournament-view]').waitFor({ state: 'detached', timeout: SOON });
  const screen = await page.locator('.app').innerText();
  assert.ok(screen.includes(round[0].white) && screen.includes(round[0].black), 'the players are named');
  // White captures the king on e8 (Primary: check never restricts, the king can be taken).
  await playMoves(page, ['e2e4', 'f7f5', 'd1h5', 'a7a6', 'h5e8'], { touch: true });
  assert.match(await resultText(page), new RegExp(`${round[0].white} \\(White\\) wins`));
  score(round[0].white, round[0].black, '6-2');

  // The result screen leads back to the tournament, where the result is already entered.
  await page.locator('[data-testid=result-tournament]').tap();
  await page.locator('[data-testid=tournament-view]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=tournament-note]').innerText(), /1 result of a game played on this tablet/);
  assert.equal((await pairings(page))[0].result, '3 : 1');

  // Rounds 2 and 3: no rematch; results tapped.
  for (const n of [2, 3]) {
    await pairNext(page, n);
    round = await pairings(page);
    assert.equal(round.length, 3, `round ${n} pairs everyone`);
    round.forEach((p) => meet(p.white, p.black));
    const results = ['6-2', '4-4', '2-6'];
    for (const [i, p] of round.entries()) {
      await enterResult(page, p.board, results[i]);
      score(p.white, p.black, results[i]);
    }
  }
  await page.locator('[data-testid=tournament-finished]').waitFor({ timeout: SOON });

  // The standings are the results added up on Primary's scale, best first.
  await page.locator('[data-testid=tab-standings]').tap();
  assert.match(await page.locator('[data-testid=points-scale]').innerText(), /a win 3, a draw 2/);
  const standings = await page.locator('[data-testid=standing]').evaluateAll((rows) =>
    rows.map((r) => [r.dataset.player, Number(r.querySelector('[data-testid=standing-points]').textContent)]),
  );
  assert.equal(standings.length, 6);
  for (const [player, points] of standings) assert.equal(points, expected[player], `${player}'s points`);
  const shown = standings.map(([, p]) => p);
  assert.deepEqual(shown, [...shown].sort((a, b) => b - a), 'best first');
  assert.equal(shown.reduce((a, b) => a + b, 0), 3 * 3 * 4, 'every game gives 4 points in all');
  await screenshot(page, 'tournament-standings-1024x768');

  // Projector size, and the printed sheets (A4 and Letter) of the last round's pairings.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'tournament-standings-1920x1080');
  await page.locator('[data-testid=tab-round]').tap();
  await screenshot(page, 'tournament-pairings-1920x1080');
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, 'tournament-print-preview', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  for (const format of ['A4', 'Letter']) {
    await page.pdf({ path: path.join(SCREENSHOTS, `tournament-pairings-${format}.pdf`), format });
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  // A reload keeps the tournament, its results and its log.
  await page.reload();
  await page.locator('[data-testid=board]').waitFor({ timeout: 15_000 });
  // The tablet's finished game is still on screen with its result.
  await page.locator('[data-testid=look-at-board]').tap();
  await openTournament(page);
  await page.locator('[data-testid=tab-standings]').tap();
  const again = await page.locator('[data-testid=standing]').evaluateAll((rows) =>
    rows.map((r) => [r.dataset.player, Number(r.querySelector('[data-testid=standing-points]').textContent)]),
  );
  assert.deepEqual(again, standings);
  await page.locator('[data-testid=tab-log]').tap();
  assert.equal(await page.locator('[data-testid=log-entry]').count(), 9, 'one entry per result');

  // Files: TRF-16 with Primary's point lines; a damaged file is refused and changes nothing.
  await page.locator('[data-testid=tab-files]').tap();
  const trf = await page.locator('[data-testid=export-trf]').inputValue();
  assert.match(trf, /^012 Class 4B/m);
  assert.match(trf, /^XXR 3/m);
  assert.match(trf, /^BBW +3\.0/m);
  assert.equal(trf.split('\n').filter((l) => l.startsWith('001')).length, 6);
  await page.locator('[data-testid=import-tournament]').fill('{"app":"classroom-chess","kind":"tournament"');
  await page.locator('[data-testid=open-tournament]').tap();
  assert.match(await page.locator('[data-testid=import-error]').innerText(), /could not be opened.*Nothing was changed/);
  await page.locator('[data-testid=tab-standings]').tap();
  assert.equal(await page.locator('[data-testid=standing]').count(), 6);

  await page.locator('[data-testid=close-tournament]').tap();
  await page.locator('[data-testid=tournament-view]').waitFor({ state: 'detached', timeout: SOON });
  assertNoErrors(errors);
});

test('a round robin in two tabs: a result entered in one shows in the other; a round robin refuses a late player', async () => {
  const first = await openGame({ tablet: true });
  const a = first.page;
  await openTournament(a);
  await a.locator('[data-testid=tournament-players]').fill('Ida\nJon\nKim\nLea');
  await a.locator('[data-testid=tournament-game]').selectOption('orthodox');
  await a.locator('[data-testid=tournament-system]').selectOption('round-robin');
  await a.locator('[data-testid=create-tournament]').tap();
  await pairNextOf(a, 'Round 1 of 3');
  // The FIDE Berger table for 4 players, round 1: 1–4, 2–3.
  assert.deepEqual((await pairings(a)).map((p) => [p.white, p.black]), [['Ida', 'Lea'], ['Jon', 'Kim']]);

  const second = await openGame({ context: first.context });
  const b = second.page;
  await b.locator('[data-testid=tournament]').click();
  await b.locator('[data-testid=round-tab]').waitFor({ timeout: SOON });
  await enterResult(a, 1, '2-0');
  await b.waitForFunction(
    () => document.querySelector('[data-testid=pairing][data-board="1"] .result-button')?.textContent.trim() === '1 : 0',
    null,
    { timeout: SOON },
  );
  assert.match(await b.locator('[data-testid=tournament-note]').innerText(), /changed in another tab/);

  await a.locator('[data-testid=tab-players]').tap();
  await a.locator('[data-testid=late-player]').fill('Max');
  await a.locator('[data-testid=add-late-player]').tap();
  assert.match(await a.locator('[data-testid=tournament-error]').innerText(), /round robin/);
  assert.equal(await a.locator('[data-testid=player-row]').count(), 4, 'nothing changed');
  assertNoErrors(first.errors);
  assertNoErrors(second.errors);
});

async function pairNextOf(page, heading) {
  await page.locator('[data-testid=pair-next]').tap();
  await page.waitForFunction(
    (h) => document.querySelector('[data-testid=round-heading]')?.textContent.includes(h),
    heading,
    { timeout: SOON },
  );
}

test('printed, the Tournament screen shows only its sheet; once it is closed, the game screen prints as it is', async () => {
  const { page, errors } = await openGame({ tablet: true });
  const shown = (testid) => page.locator(`[data-testid=${testid}]`).isVisible();
  await openTournament(page);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await shown('tournament-view'), true, 'the sheet is printed');
  assert.equal(await shown('board'), false, 'the board behind it is not');
  await page.emulateMedia({ media: 'screen' });

  // The Tournament screen's stylesheet stays loaded once it is closed.
  await page.locator('[data-testid=close-tournament]').tap();
  await page.locator('[data-testid=tournament-view]').waitFor({ state: 'detached', timeout: SOON });
  await page.emulateMedia({ media: 'print' });
  assert.equal(await shown('board'), true, 'the game screen prints its board');
  await page.emulateMedia({ media: 'screen' });
  assertNoErrors(errors);
});
