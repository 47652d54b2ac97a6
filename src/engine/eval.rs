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
    if pos.pieces(side, Role::Bishop).count() >= 2 {
        score += BISHOP_PAIR;
    }
    score + mobility(pos, side) + pawn_structure(pos, side) + king_shelter(pos, side)
}

/// Two bishops cover both colours of square.
const BISHOP_PAIR: i32 = 30;
/// Centipawns per square a piece attacks (not its own pieces'), after a few it always has.
const MOBILITY: [(Role, i32, i32); 4] = [
    (Role::Knight, 4, 4),
    (Role::Bishop, 5, 5),
    (Role::Rook, 3, 6),
    (Role::Queen, 2, 10),
];
/// A passed pawn by how far it has come (its side's rank 0 … 7).
const PASSED: [i32; 8] = [0, 8, 12, 22, 38, 62, 100, 0];

/// Pieces with room to move are worth more than shut-in ones.
fn mobility(pos: &Position8, side: Side) -> i32 {
    let geo = pos.geo;
    let occupied = pos.occupied();
    let own = pos.side_pieces(side);
    let mut score = 0;
    for (role, weight, usual) in MOBILITY {
        for s in pos.pieces(side, role).squares() {
            let reach = match role {
                Role::Knight => geo.knight[s.index()],
                Role::Bishop => geo.bishop_attacks(s, occupied),
                Role::Rook => geo.rook_attacks(s, occupied),
                _ => geo.rook_attacks(s, occupied) | geo.bishop_attacks(s, occupied),
            };
            score += weight * ((reach & !own).count() as i32 - usual);
        }
    }
    score
}

/// The squares of a file of the 8x8 board.
fn file_mask(file: u8) -> u64 {
    0x0101_0101_0101_0101 << file
}

/// Passed pawns forward, doubled and isolated pawns back; rooks on files without pawns of
/// their own.
fn pawn_structure(pos: &Position8, side: Side) -> i32 {
    let geo = pos.geo;
    let ours = pos.pieces(side, Role::Pawn);
    let theirs = pos.pieces(Side(1 - side.0), Role::Pawn);
    let mut score = 0;
    for file in 0..8u8 {
        let here = (ours & file_mask(file)).count() as i32;
        if here == 0 {
            continue;
        }
        let beside = (file > 0 && ours & file_mask(file - 1) != 0)
            || (file < 7 && ours & file_mask(file + 1) != 0);
        score -= 12 * (here - 1);
        if !beside {
            score -= 10 * here;
        }
    }
    for s in ours.squares() {
        let (file, rank) = (geo.file_of(s), geo.rank_of(s) as i32);
        let forward = if side == Side::WHITE { rank } else { 7 - rank };
        let mut files = file_mask(file);
        if file > 0 {
            files |= file_mask(file - 1);
        }
        if file < 7 {
            files |= file_mask(file + 1);
        }
        // The ranks ahead of this pawn, from its side's point of view.
        let ahead = if side == Side::WHITE {
            u64::MAX.checked_shl(8 * (rank as u32 + 1)).unwrap_or(0)
        } else {
            (1u64 << (8 * rank as u32)) - 1
        };
        if theirs & files & ahead == 0 {
            score += PASSED[forward.clamp(0, 7) as usize];
        }
    }
    for s in pos.pieces(side, Role::Rook).squares() {
        let file = file_mask(geo.file_of(s));
        if ours & file == 0 {
            score += if theirs & file == 0 { 20 } else { 10 };
        }
    }
    score
}

/// While the other side has a queen, pawns in front of one's king shelter it.
fn king_shelter(pos: &Position8, side: Side) -> i32 {
    if pos.pieces(Side(1 - side.0), Role::Queen).count() == 0 {
        return 0;
    }
    let Some(king) = pos.king(side) else {
        return 0;
    };
    let geo = pos.geo;
    let (file, rank) = (geo.file_of(king) as i32, geo.rank_of(king) as i32);
    let step = if side == Side::WHITE { 1 } else { -1 };
    let pawns = pos.pieces(side, Role::Pawn);
    let mut shelter = 0;
    for df in -1..=1 {
        for dr in 1..=2 {
            let (f, r) = (file + df, rank + step * dr);
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                continue;
            }
            if let Some(s) = geo.square(f as u8, r as u8) {
                if pawns & (1u64 << s.0) != 0 {
                    shelter += if dr == 1 { 10 } else { 5 };
                }
            }
        }
    }
    shelter
}

/// Where a piece stands: knights, bishops and queens toward the centre, centre pawns forward
/// (every pawn near promotion), the king back home and on a wing while the queens are on.
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
            // Centre pawns gain ground; a wing pawn pushed early only weakens its side, and
            // is worth pushing once it nears promotion.
            if (2..=5).contains(&file) {
                forward * forward * 2 + 4 * forward.min(3)
            } else if forward >= 4 {
                forward * forward * 2
            } else {
                0
            }
        }
        Role::King => {
            if pos.pieces(Side(1 - side.0), Role::Queen).count() > 0 {
                // Tucked away on a wing (castled), not in the middle.
                let middle_file = if (3..=5).contains(&file) { 20 } else { 0 };
                -6 * forward - middle_file
            } else {
                8 - 2 * centre
            }
        }
    }
}
