//! How good a position is for the player to move, in centipawns; a finished game by the
//! points the rule set gives (RULES.md §3.6 for Chess#'s partial victories).

use crate::rules::game::Outcome;
use crate::rules::{Bits, Game, Position8, Role, RuleSet, Side, Square};

/// A full win for the player to move, `ply` plies from the root, scores `WIN - ply`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are finished games, not material.
pub const DECIDED: i32 = WIN - 1_000;

/// Centipawns per point of the rules' piece values (pawn 1, knight 3 …).
const CENTIPAWNS: i32 = 100;

/// A finished game for the side to move at `ply`: the difference of the two sides' points as
/// a share of the largest difference the scoring allows, so a Chess# stalemate claim (8–2)
/// is worth less than a king capture (10–0) yet far more than any material, and an equal
/// impasse (4–6) is a small loss for White. Nearer wins score higher, nearer losses lower.
pub fn outcome_score(rules: &RuleSet, outcome: &Outcome, to_move: Side, ply: u32) -> i32 {
    let us = outcome.half_points[to_move.index().min(1)] as i32;
    let them = outcome.half_points[1 - to_move.index().min(1)] as i32;
    let span = (rules.scoring.win as i32 - rules.scoring.loss as i32).max(1);
    let score = (us - them) * WIN / span;
    let ply = ply as i32;
    match score.cmp(&0) {
        std::cmp::Ordering::Greater => score - ply,
        std::cmp::Ordering::Less => score + ply,
        std::cmp::Ordering::Equal => 0,
    }
}

/// A game in progress, for the side to move.
pub fn evaluate(game: &Game) -> i32 {
    let pos = game.position();
    let us = pos.turn();
    let them = Side(1 - us.0);
    side_score(pos, us) - side_score(pos, them)
}

fn side_score(pos: &Position8, side: Side) -> i32 {
    let reserve = pos.reserve(side);
    let mut score = 0;
    for role in Role::ALL {
        let value = role.value() as i32 * CENTIPAWNS;
        let on_board = pos.pieces(side, role);
        score += (on_board.count() as i32 + reserve[role.index()] as i32) * value;
        for square in on_board.squares() {
            score += placement(pos, side, role, square);
        }
    }
    score
}

/// Where a piece stands: knights, bishops and queens toward the centre, pawns forward (more
/// so near promotion), the king back home while the queens are on.
fn placement(pos: &Position8, side: Side, role: Role, square: Square) -> i32 {
    let geo = pos.geo;
    let file = geo.file_of(square) as i32;
    let rank = geo.rank_of(square) as i32;
    // Distance from the centre of the 8x8 board, in half squares (0 … 6 on each axis).
    let centre = (2 * file - 7).abs() + (2 * rank - 7).abs();
    let forward = if side == Side::WHITE { rank } else { 7 - rank };
    match role {
        Role::Knight => 24 - 4 * centre,
        Role::Bishop => 12 - 2 * centre,
        Role::Queen => 6 - centre,
        Role::Rook => 0,
        Role::Pawn => {
            let central = if (2..=5).contains(&file) { 4 } else { 0 };
            forward * forward * 2 + central * forward.min(3)
        }
        Role::King => {
            if pos.pieces(Side(1 - side.0), Role::Queen).count() > 0 {
                -6 * forward
            } else {
                8 - 2 * centre
            }
        }
    }
}
