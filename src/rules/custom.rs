//! Rule Zero rules of custom games that need the whole game, not one position
//! (RULES.md §5): promotion to an army's piece types, worked out from the start position,
//! and "stalemate wins", where repeating an earlier position on the board is illegal.
//!
//! Decisions taken where the seed (003, Rule Zero) is vague, for RULES.md §5:
//! - **army** (promotion `own-army` / `either-army`): the piece types a side has in the rule
//!   set's start position (its `start_fen`: the standard start, the reserve start or the
//!   setup editor's position), board plus reserve, without king and pawn; `either-army` is
//!   the union of both sides'. Captures later do not change it, and a game read from a FEN
//!   of a later position keeps it. A side with no such piece promotes to a queen.
//! - **stalemate wins**: "an earlier position on the board" is where the pieces stand plus
//!   the reserves; who is to move and castling or en passant rights do not count. Every
//!   position since the game's start counts. A move that would repeat one is illegal: the
//!   game leaves it out of the legal moves and refuses it with the reason (the game finds
//!   earlier placements by their Zobrist key, so the ban costs the same in a long game).
//! - a player whose only moves would repeat a position has **no move**: the no-moves rule
//!   applies as to any player without a move (in check: checkmate; otherwise stalemate,
//!   which wins for the opponent when stalemate wins).
//! - perft counts the moves of a position and ignores the repetition ban, like every other
//!   rule that needs the game's history (RULES.md §0).
//! - **double step from the second rank** "even if it has moved": on the 8x8 board a pawn
//!   never returns to its second rank and no option moves pieces as a side effect, so it
//!   allows the same moves as "first move only"; the core keeps no pawn history.
//! - the setup editor's start position travels as the FEN (the PGN `FEN` tag, which is the
//!   start rule of a custom game read back); `start=reserve` is a word.
//! - a start position needs both kings (a reserve may hold one), in every mode.

use crate::rules::bitboard::Bits;
use crate::rules::ruleset::{PromotionArmy, RuleSet, QUEEN_ONLY};
use crate::rules::types::{Role, Side, MAX_SIDES};
use crate::rules::Position8;

/// The piece types (not king, not pawn) a side has on the board and in its reserve.
fn army_mask(pos: &Position8, side: Side) -> u8 {
    let reserve = pos.reserve(side);
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .filter(|&r| pos.pieces(side, r).any() || reserve[r.index()] > 0)
        .fold(0, |m, r| m | 1 << r.index())
}

/// Per side, the roles a pawn may promote to under `rules` whose start position is `start`.
/// **Decision** (RULES.md §5): an army is the piece types a side has at the start,
/// board plus reserve, without king and pawn; "either army" is the union of both sides'.
/// A side whose army has no such piece (a pawn ending set up in the editor) promotes to a
/// queen, so that a pawn is never stuck in front of its last row.
pub fn promotion_masks(rules: &RuleSet, start: &Position8) -> [u8; MAX_SIDES] {
    let own = [army_mask(start, Side::WHITE), army_mask(start, Side::BLACK)];
    let masks = match rules.promotion_army {
        None => return [rules.promotion; MAX_SIDES],
        Some(PromotionArmy::Own) => own,
        Some(PromotionArmy::Either) => [own[0] | own[1]; 2],
    };
    let or_queen = |m: u8| if m == 0 { QUEEN_ONLY } else { m };
    let (w, b) = (or_queen(masks[0]), or_queen(masks[1]));
    // Sides 2 and 3 do not play in two-player games; no index may find an empty list.
    [w, b, w, b]
}
