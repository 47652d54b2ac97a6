// Custom games (issue 5, RULES.md §5): the rules screen lists every option of the core's
// catalog with its plain sentence; a teacher builds a game from a base mode, here orthodox with
// Rule Zero castling and a start position typed as a FEN (bishop in the a1 corner, knight on
// h1); queenside castling with the bishop puts the king on b1 and the bishop on c1 (dragged with
// a finger). The rule set is named, saved, survives a reload, and starts again from New game.
// The start position can also be set up on a board: "Set up in the editor…" opens the position
// editor on it and "Use this position" brings it back, the screen's unsaved choices kept; and
// the editor's mode list offers the saved custom rule sets.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { shutdown, screenshot, openApp, touchDrag } from './harness.mjs';
import {
  openGame,
  boardReady,
  assertNoErrors,
  playMoves,
  dragMove,
  waitForPiece,
  waitForMoveCount,
  pieceAt,
  moveSans,
  boardPieces,
  waitForText,
  SOON,
} from './chess.mjs';
import { sq, palette, editPiece, editorPieces, waitForFen, offBoard } from './editor.mjs';

after(shutdown);

const FEN = 'bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1';
const SETS = 'classroom-chess.rulesets';

async function openRules(page) {
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=open-rules]').tap();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
}

const modeLine = async (page) => (await page.locator('.mode-line').textContent()).replace(/\s+/g, ' ');

test('a Rule Zero custom game from a typed position: castle queenside with the corner bishop, save, reload, start again', async () => {
  const { page, errors } = await openGame({ tablet: true });
  await openRules(page);

  // Every catalog option has a row with its plain sentence.
  const rows = page.locator('[data-option-row]');
  assert.ok((await rows.count()) >= 15, `one row per option, got ${await rows.count()}`);
  const castlingText = await page.locator('[data-option-row=castling] .rule-explain').textContent();
  assert.match(castlingText, /Rule Zero any unmoved corner piece may castle/);
  assert.ok(await page.locator('[data-option-row=castling] .rule-explain').isVisible());

  // The base fills every option: Primary captures the king, orthodox checkmates.
  await page.locator('[data-testid=ruleset-base]').selectOption('primary');
  assert.equal(await page.locator('[data-testid=opt-object]').inputValue(), 'king-capture');
  await page.locator('[data-testid=ruleset-base]').selectOption('orthodox');
  assert.equal(await page.locator('[data-testid=opt-object]').inputValue(), 'checkmate');
  assert.equal(await page.locator('[data-testid=opt-castling]').inputValue(), 'on');

  // A start position with a bishop in the corner and castling rights: refused with usual
  // castling (with the reason), accepted with Rule Zero.
  await page.locator('[data-testid=opt-start]').selectOption('position');
  await page.locator('[data-testid=start-fen]').fill('this is not a position');
  await page.locator('[data-testid=start-fen-error]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=start-fen]').fill(FEN);
  await page.locator('[data-testid=start-fen-error]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=start-fen-error]').textContent(), /rook/i);
  await page.locator('[data-testid=opt-castling]').selectOption('rule-zero');
  await page.locator('[data-testid=start-fen-error]').waitFor({ state: 'detached', timeout: SOON });

  // Saving needs a name.
  await page.locator('[data-testid=ruleset-save]').tap();
  assert.match(await page.locator('[data-testid=ruleset-error]').textContent(), /name/);
  await page.locator('[data-testid=ruleset-name]').fill('Bishop Corner');
  await page.locator('[data-testid=ruleset-save]').tap();
  await page.locator('[data-testid=ruleset-saved]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=ruleset-item-bishop-corner]').waitFor({ timeout: SOON });
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SETS));
  assert.equal(stored.version, 1);
  assert.equal(stored.sets[0].name, 'Bishop Corner');
  assert.match(stored.sets[0].options, /castling=rule-zero/);
  await page.locator('[data-testid=rules-dialog]').evaluate((d) => { d.scrollTop = 0; });
  await screenshot(page, 'rules-screen-1024x768');

  // Play it.
  await page.locator('[data-testid=ruleset-play]').tap();
  await page.locator('[data-testid=rules-dialog]').waitFor({ state: 'detached', timeout: SOON });
  await waitForPiece(page, 'wB', 'a1');
  assert.equal(await pieceAt(page, 'h1'), 'wN');
  assert.equal(await pieceAt(page, 'e1'), 'wK');
  assert.match(await modeLine(page), /Bishop Corner/);
  assert.match(await modeLine(page), /Checkmate to win/);

  await playMoves(page, [['e2e4', 'e4'], ['e7e5', 'e5']], { touch: true });
  // Queenside Rule Zero castling: drag the king with a finger to b1.
  await dragMove(page, 'e1', 'b1', { touch: true });
  await waitForMoveCount(page, 3);
  await waitForPiece(page, 'wK', 'b1');
  await waitForPiece(page, 'wB', 'c1');
  assert.equal(await pieceAt(page, 'a1'), null, 'the corner is empty');
  assert.equal(await pieceAt(page, 'e1'), null);
  assert.equal((await moveSans(page))[2], 'O-O-O');
  const board = await boardPieces(page);

  // A reload restores the exact custom rules and the game.
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  assert.deepEqual(await boardPieces(page), board);
  assert.match(await modeLine(page), /Bishop Corner/);
  const rules = JSON.parse(await page.evaluate(() => localStorage.getItem('classroom-chess.current'))).game.rules;
  assert.equal(rules.castling, 'RuleZero');
  assert.equal(rules.mode, 'Custom');

  // The saved set is in New game beside the built-in modes; it starts again.
  await page.locator('[data-testid=new-game]').tap();
  const choice = page.locator('[data-testid=mode-custom-bishop-corner]');
  await choice.waitFor({ timeout: SOON });
  assert.equal(await choice.isChecked(), true, 'the current kind of game is chosen already');
  await page.locator('input[name=mode][value=primary]').check();
  await choice.check();
  await screenshot(page, 'new-game-custom-1024x768');
  await page.locator('[data-testid=start-game]').tap();
  await page.locator('[data-testid=start-game]').waitFor({ state: 'detached', timeout: SOON });
  await waitForMoveCount(page, 0);
  await waitForPiece(page, 'wB', 'a1');
  assert.equal(await pieceAt(page, 'b1'), null);
  assert.match(await modeLine(page), /Bishop Corner/);

  // Deleting it (no PIN set: anyone may) removes it from New game.
  await openRules(page);
  await page.locator('[data-testid=ruleset-delete-bishop-corner]').tap();
  await page.locator('[data-testid=ruleset-item-bishop-corner]').waitFor({ state: 'detached', timeout: SOON });
  assert.equal(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SETS)).sets.length, 0);
  assertNoErrors(errors);
});

test('the rules screen on the projector; with a PIN it opens only for the teacher; damaged rule sets are kept aside', async () => {
  const { page, errors } = await openApp({ viewport: { width: 1920, height: 1080 } });
  await boardReady(page);
  await page.locator('[data-testid=new-game]').click();
  await page.locator('[data-testid=open-rules]').click();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=opt-knight]').selectOption('non-leaping');
  await page.locator('[data-testid=ruleset-name]').fill('Slow knights');
  await page.locator('[data-testid=ruleset-save]').click();
  await page.locator('[data-testid=ruleset-item-slow-knights]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=rules-dialog]').evaluate((d) => { d.scrollTop = 0; });
  await screenshot(page, 'rules-screen-1920x1080');

  // A teacher PIN, locked at once.
  await page.locator('[data-testid=close-dialog]').click();
  await page.locator('[data-testid=settings]').click();
  await page.locator('[data-testid=set-pin]').click();
  await page.locator('[data-testid=new-pin]').fill('8642');
  await page.locator('[data-testid=new-pin-repeat]').fill('8642');
  await page.locator('[data-testid=save-pin]').click();
  await page.locator('[data-testid=teacher-lock-now]').click();
  await page.locator('[data-testid=close-dialog]').click();
  // Locked (Lock now): the rules screen asks for the PIN; a wrong one is refused.
  await page.locator('[data-testid=new-game]').click();
  await page.locator('[data-testid=open-rules]').click();
  await page.locator('[data-testid=pin-input]').fill('0000');
  await page.locator('[data-testid=pin-ok]').click();
  await page.locator('[data-testid=pin-error]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=rules-dialog]').count(), 0, 'not without the PIN');
  await page.locator('[data-testid=pin-input]').fill('8642');
  await page.locator('[data-testid=pin-ok]').click();
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=ruleset-item-slow-knights]').waitFor({ timeout: SOON });

  // Damaged rule sets: kept aside with a notice on the next look.
  await page.evaluate((k) => localStorage.setItem(k, '{"app":"classroom-chess","version":1,"sets":[{"name":"x"'), SETS);
  await page.reload({ waitUntil: 'load' });
  await boardReady(page);
  await page.locator('[data-testid=new-game]').click();
  await page.locator('[data-testid=storage-notice]').waitFor({ timeout: SOON });
  assert.match(await page.locator('[data-testid=storage-notice]').textContent(), /rule sets could not be opened .*kept aside/);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('classroom-chess.set-aside.rulesets-')));
  assert.equal(aside.length, 1);
  assertNoErrors(errors);
});

const EDITED = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BN1QKBNR w KQkq - 0 1';

test('a custom start position set up in the editor from the rules screen (touch), then the rule set from the editor', async () => {
  const { page, errors } = await openGame({ tablet: true });
  const tap = (id) => page.locator(`[data-testid=${id}]`).tap();
  await openRules(page);
  // Unsaved choices: Rule Zero castling and a name.
  await page.locator('[data-testid=opt-castling]').selectOption('rule-zero');
  await page.locator('[data-testid=ruleset-name]').fill('Corner Bishop Week');
  assert.equal(await page.locator('[data-testid=opt-start]').inputValue(), 'standard');
  await page.locator('[data-testid=start-editor]').scrollIntoViewIfNeeded();
  await screenshot(page, 'rules-screen-editor-button-1024x768');

  // The editor opens on the current start, for these rules: "Use this position", no Play.
  await tap('start-editor');
  await page.locator('[data-testid=editor-view]').waitFor({ timeout: SOON });
  await page.locator('[data-testid=editor-for-rules]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=editor-play]').count(), 0);
  assert.equal(await page.locator('[data-testid=editor-mode]').count(), 0, 'no mode to choose: the rules are being made');
  await waitForFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  // Cancel: back to the rules screen, nothing changed.
  await touchDrag(page, await sq(page, 'a1'), await offBoard(page));
  await tap('editor-cancel');
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=opt-castling]').inputValue(), 'rule-zero');
  assert.equal(await page.locator('[data-testid=ruleset-name]').inputValue(), 'Corner Bishop Week');
  assert.equal(await page.locator('[data-testid=opt-start]').inputValue(), 'standard');

  // Again: the bishop goes into the a1 corner (rook dragged off, bishop dragged over).
  await tap('start-editor');
  await page.locator('[data-testid=editor-view]').waitFor({ timeout: SOON });
  await waitForFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await touchDrag(page, await sq(page, 'a1'), await offBoard(page));
  assert.equal(await editPiece(page, 'a1'), null, 'the rook dragged off the board is gone');
  // Without its king the position is refused, with the reason, and the screen stays.
  await touchDrag(page, await sq(page, 'e1'), await offBoard(page));
  await waitForText(page, '[data-testid=editor-warning]', /White has no king/);
  await tap('editor-use-start');
  await waitForText(page, '[data-testid=editor-error]', /White has no king/);
  assert.equal(await page.locator('[data-testid=editor-view]').count(), 1);
  await touchDrag(page, await palette(page, 'wK'), await sq(page, 'e1'));
  await touchDrag(page, await sq(page, 'c1'), await sq(page, 'a1'));
  assert.equal(await editPiece(page, 'a1'), 'wB');
  // The king's trip took White's rights away; under Rule Zero the corner bishop may castle
  // too, so both rights can be given back.
  await waitForFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BN1QKBNR w kq - 0 1');
  await page.waitForFunction(() => !document.querySelector('[data-testid=castle-Q]').disabled);
  await tap('castle-Q');
  await tap('castle-K');
  await waitForFen(page, EDITED);
  await waitForText(page, '[data-testid=editor-ok]', /Ready: White to move/);
  await screenshot(page, 'editor-for-rules-1024x768');
  await tap('editor-use-start');

  // Back on the rules screen: the FEN is filled in, the earlier choices are all there.
  await page.locator('[data-testid=rules-dialog]').waitFor({ timeout: SOON });
  assert.equal(await page.locator('[data-testid=opt-start]').inputValue(), 'position');
  assert.equal((await page.locator('[data-testid=start-fen]').inputValue()).trim(), EDITED);
  assert.equal(await page.locator('[data-testid=start-fen-error]').count(), 0);
  assert.equal(await page.locator('[data-testid=opt-castling]').inputValue(), 'rule-zero');
  assert.equal(await page.locator('[data-testid=ruleset-name]').inputValue(), 'Corner Bishop Week');
  await page.locator('[data-testid=start-fen]').scrollIntoViewIfNeeded();
  await screenshot(page, 'rules-screen-from-editor-1024x768');
  await tap('ruleset-save');
  await page.locator('[data-testid=ruleset-item-corner-bishop-week]').waitFor({ timeout: SOON });
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SETS));
  assert.equal(stored.sets[0].start_fen, EDITED);

  // Use it and play a move.
  await tap('ruleset-play');
  await page.locator('[data-testid=rules-dialog]').waitFor({ state: 'detached', timeout: SOON });
  await waitForPiece(page, 'wB', 'a1');
  assert.equal(await pieceAt(page, 'c1'), null);
  assert.match(await modeLine(page), /Corner Bishop Week/);
  await playMoves(page, [['e2e4', 'e4']], { touch: true });
  await waitForMoveCount(page, 1);

  // The editor's mode list offers the saved rule set; a position played in it keeps its rules:
  // the a1 bishop's castling right holds only there.
  await page.locator('[data-testid=new-game]').tap();
  await page.locator('[data-testid=editor]').tap();
  await page.locator('[data-testid=editor-view]').waitFor({ timeout: SOON });
  const values = await page.locator('[data-testid=editor-mode] option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(values, ['primary', 'orthodox', 'sharp', 'custom-corner-bishop-week']);
  await page.locator('[data-testid=editor-fen]').fill('4k3/p7/8/8/8/8/7P/B3K3 w Q - 0 1');
  await tap('editor-load');
  await page.locator('[data-testid=editor-mode]').selectOption('orthodox');
  await waitForFen(page, '4k3/p7/8/8/8/8/7P/B3K3 w - - 0 1');
  assert.equal(await page.locator('[data-testid=castle-Q]').isDisabled(), true, 'orthodox castles with rooks only');
  await page.locator('[data-testid=editor-mode]').selectOption('custom-corner-bishop-week');
  await waitForFen(page, '4k3/p7/8/8/8/8/7P/B3K3 w Q - 0 1');
  await waitForText(page, '[data-testid=editor-ok]', /Ready: White to move in Corner Bishop Week/);
  assert.deepEqual(await editorPieces(page), { a1: 'wB', e1: 'wK', h2: 'wP', a7: 'bP', e8: 'bK' });
  await tap('editor-play');
  await page.locator('[data-testid=editor-view]').waitFor({ state: 'detached', timeout: SOON });
  await waitForPiece(page, 'wB', 'a1');
  assert.match(await modeLine(page), /Corner Bishop Week/);
  // Rule Zero queenside castling with the bishop: king to b1, bishop to c1.
  await dragMove(page, 'e1', 'b1', { touch: true });
  await waitForMoveCount(page, 1);
  await waitForPiece(page, 'wK', 'b1');
  await waitForPiece(page, 'wB', 'c1');
  assert.equal((await moveSans(page))[0], 'O-O-O');
  assertNoErrors(errors);
});
