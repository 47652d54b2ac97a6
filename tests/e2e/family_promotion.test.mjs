// Fun Family Chess promotion (FAMILY.md §3.5, default "promote to any piece"): a Red pawn
// released on the centre edge opens the picker with the mover's army pieces; Cancel leaves
// the pawn where it was and nothing is played; choosing the knight plays h10-h11=N.
// Checked first with the rules CLI:
//   target/release/rules play --mode family --fen 'rKh1 bKa7 yKg14 gKn8 rPh10 turn:r' 'r:h10-h11=N'
//   -> rKh1 rNh11 bKa7 yKg14 gKn8 turn:b, record `r: h10-h11=N`
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot } from './harness.mjs';
import { assertNoErrors, waitForTurn, pointer, SOON } from './chess.mjs';
import {
  KINGS,
  openFamily,
  newFamilyGame,
  importFamily,
  familyCodes,
  waitForFamilyPiece,
  waitForRecord,
  waitForStillBoard,
} from './family.mjs';

after(shutdown);

const POSITION = `${KINGS} rPh10 turn:r`;

async function releaseOnLine(page) {
  await waitForStillBoard(page);
  const p = await pointer(page, { touch: true });
  await p.down('h10');
  await p.move('h11', { steps: 8 });
  await p.up();
  const picker = page.locator('[data-testid=promotion-picker]');
  await picker.waitFor({ timeout: SOON });
  return picker;
}

test('family promotion picker: Red army pieces, Cancel plays nothing, the knight is played', async () => {
  const { page, errors } = await openFamily();
  await newFamilyGame(page, { players: 4 });
  await importFamily(page, POSITION);
  await waitForTurn(page, /Red to move/);

  let picker = await releaseOnLine(page);
  const choices = await picker.locator('button[data-promote]').evaluateAll((bs) => bs.map((b) => b.dataset.promote));
  assert.equal(choices[0], 'q', 'the queen first');
  assert.deepEqual([...choices].sort(), ['b', 'n', 'q', 'r'], 'queen, rook, bishop and knight');
  // Every choice shows a piece of the mover's (Red's) army.
  const icons = await picker.locator('button[data-promote] use').evaluateAll((us) => us.map((u) => u.getAttribute('href')));
  assert.deepEqual(icons, choices.map((c) => `#fp-r${c.toUpperCase()}`));
  await screenshot(page, 'family-promotion-picker');

  await picker.locator('[data-testid=close-dialog]').click();
  await picker.waitFor({ state: 'detached', timeout: SOON });
  assert.equal((await familyCodes(page)).h10, 'rP', 'after Cancel the pawn is still on h10');
  assert.equal((await familyCodes(page)).h11, undefined, 'and nothing stands on h11');
  await waitForTurn(page, /Red to move/);

  picker = await releaseOnLine(page);
  await picker.locator('button[data-promote=n]').click();
  await picker.waitFor({ state: 'detached', timeout: SOON });
  await waitForFamilyPiece(page, 'rN', 'h11');
  await waitForRecord(page, /h10-h11=N/);
  await waitForTurn(page, /Blue to move/);
  assertNoErrors(errors);
});
