//! How good a position is for the player to move, in centipawns; a finished game by the
//! points the rule set gives (RULES.md §3.6 for Chess#'s partial victories).

use super::weights::{Score, Weights, TUNED};
use crate::rules::game::Outcome;
use crate::rules::{Bits, Game, Position8, Role, RuleSet, Side};

/// A full win for the player to move, `ply` plies from the root, scores `WIN - ply`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are finished games, not material.
pub const DECIDED: i32 = WIN - 1_000;

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

/// A game in progress, for the side to move: middlegame and endgame scores blended by how
/// much material is left (the game's phase).
pub fn evaluate(game: &Game) -> i32 {
    evaluate_with(game, &mut PawnCache::new(0))
}

/// As [`evaluate`], with the pawn structure looked up in (and kept for later in) `pawns`.
pub fn evaluate_with(game: &Game, pawns: &mut PawnCache) -> i32 {
    evaluate_weighted(game, pawns, &TUNED)
}

/// As [`evaluate_with`], by the weights `w` (which the pawn cache must not outlive: a tuner
/// trying weights passes a cache of no slots).
pub fn evaluate_weighted(game: &Game, pawns: &mut PawnCache, w: &Weights) -> i32 {
    let pos = game.position();
    let us = pos.turn();
    let them = Side(1 - us.0);
    let king_capture = !game.rules().check_restricts();
    let shapes = pawns.shapes(pos, w);
    let (mg_us, eg_us, reach_us) = side_score(pos, us, king_capture, shapes[us.index()], w);
    let (mg_them, eg_them, reach_them) =
        side_score(pos, them, king_capture, shapes[them.index()], w);
    let (threat_mg_us, threat_eg_us) = threats(pos, us, &reach_us, reach_them[0], w);
    let (threat_mg_them, threat_eg_them) = threats(pos, them, &reach_them, reach_us[0], w);
    let phase = phase(pos);
    let mg = mg_us - mg_them + threat_mg_us - threat_mg_them;
    let eg = eg_us - eg_them + threat_eg_us - threat_eg_them;
    (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL + w.tempo
}

/// What the pawns alone say of one side's pawn structure: its score and its passed pawns.
#[derive(Clone, Copy, Default)]
struct PawnShape {
    mg: i32,
    eg: i32,
    passed: u64,
}

/// Both sides' [`PawnShape`]s by where the pawns stand: the same pawns recur all through a
/// search, and their structure is the costliest part of the evaluation.
pub struct PawnCache {
    slots: Vec<Option<([u64; 2], [PawnShape; 2])>>,
}

impl PawnCache {
    /// A cache of `slots` entries (rounded down to a power of two; 0 keeps nothing).
    pub fn new(slots: usize) -> PawnCache {
        let count = if slots == 0 { 0 } else { 1 << slots.ilog2() };
        PawnCache {
            slots: vec![None; count],
        }
    }

    fn shapes(&mut self, pos: &Position8, w: &Weights) -> [PawnShape; 2] {
        let pawns = [Side::WHITE, Side::BLACK].map(|side| pos.pieces(side, Role::Pawn));
        let work = || [Side::WHITE, Side::BLACK].map(|side| pawn_shape(pos, side, w));
        if self.slots.is_empty() {
            return work();
        }
        let mixed = (pawns[0] ^ pawns[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let i = (mixed >> 40) as usize & (self.slots.len() - 1);
        match self.slots[i] {
            Some((seen, shapes)) if seen == pawns => shapes,
            _ => {
                let shapes = work();
                self.slots[i] = Some((pawns, shapes));
                shapes
            }
        }
    }
}

/// The phase: 24 with every piece of the start (pieces in reserve count), 0 with none left
/// but kings and pawns.
const PHASE_FULL: i32 = 24;
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

fn phase(pos: &Position8) -> i32 {
    let mut phase = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let reserve = pos.reserve(Side::WHITE)[role.index()] as i32
            + pos.reserve(Side::BLACK)[role.index()] as i32;
        phase += (pos.role_pieces(role).count() as i32 + reserve) * PHASE_WEIGHT[role.index()];
    }
    phase.min(PHASE_FULL)
}

/// Enemy pieces `side` attacks with a pawn, or attacks while no enemy piece guards them;
/// rooks and queens a knight or bishop attacks, queens a rook attacks, guarded or not
/// (`reach`: what `side`'s pieces attack, as [`pieces`] gives it; `their_reach`: every square
/// the enemy's pieces attack).
fn threats(pos: &Position8, side: Side, reach: &Reach, their_reach: u64, w: &Weights) -> Score {
    let them = Side(1 - side.0);
    let pawns = pawn_attacks(pos.pieces(side, Role::Pawn), side);
    let their_guard = their_reach
        | pawn_attacks(pos.pieces(them, Role::Pawn), them)
        | pos.king(them).map_or(0, |k| pos.geo.king[k.index()]);
    let ours = reach[0] | pawns | pos.king(side).map_or(0, |k| pos.geo.king[k.index()]);
    let targets = pos.side_pieces(them) & !pos.pieces(them, Role::King);
    let by_pawn = (targets & !pos.pieces(them, Role::Pawn) & pawns).count() as i32;
    let hanging = (targets & ours & !their_guard).count() as i32;
    let (rooks, queens) = (pos.pieces(them, Role::Rook), pos.pieces(them, Role::Queen));
    let rook_by_minor = (rooks & reach[1]).count() as i32;
    let queen_by_minor = (queens & reach[1]).count() as i32;
    let queen_by_rook = (queens & reach[2]).count() as i32;
    let mut score = (
        w.threat_by_pawn.0 * by_pawn + w.hanging.0 * hanging,
        w.threat_by_pawn.1 * by_pawn + w.hanging.1 * hanging,
    );
    for (count, (mg, eg)) in [
        (rook_by_minor, w.rook_by_minor),
        (queen_by_minor, w.queen_by_minor),
        (queen_by_rook, w.queen_by_rook),
    ] {
        score.0 += count * mg;
        score.1 += count * eg;
    }
    score
}

/// What one side's pieces attack: all of them, its knights and bishops, its rooks.
type Reach = [u64; 3];

/// The side's middlegame and endgame scores, and the squares its pieces attack.
fn side_score(
    pos: &Position8,
    side: Side,
    king_capture: bool,
    shape: PawnShape,
    w: &Weights,
) -> (i32, i32, Reach) {
    debug_assert_eq!(pos.geo.width, 8);
    let flip = if side == Side::WHITE { 56 } else { 0 };
    let them = Side(1 - side.0);
    let reserve = pos.reserve(side);
    let (mut mg, mut eg) = (0, 0);
    for role in Role::ALL {
        let (value_mg, value_eg) = w.material[role.index()];
        let on_board = pos.pieces(side, role);
        let count = on_board.count() as i32 + reserve[role.index()] as i32;
        mg += count * value_mg;
        eg += count * value_eg;
        let (table_mg, table_eg) = (&w.pst_mg[role.index()], &w.pst_eg[role.index()]);
        for square in on_board.squares() {
            // The tables are drawn with White's eighth rank first: White's squares upside down.
            let i = square.index() ^ flip;
            mg += table_mg[i];
            eg += table_eg[i];
        }
    }
    if pos.pieces(side, Role::Bishop).count() >= 2 {
        mg += w.bishop_pair.0;
        eg += w.bishop_pair.1;
    }
    let (pieces_mg, pieces_eg, reach) = pieces(pos, side, them, king_capture, w);
    let (pawns_mg, pawns_eg) = pawn_structure(pos, side, shape, w);
    (
        mg + pieces_mg + pawns_mg + king_shelter(pos, side, w),
        eg + pieces_eg + pawns_eg,
        reach,
    )
}

/// Mobility counts the squares a piece attacks (not its own pieces', not guarded by an enemy
/// pawn) beyond the few it usually has: knight, bishop, rook, queen.
const MOBILITY: [(Role, i32); 4] = [
    (Role::Knight, 4),
    (Role::Bishop, 5),
    (Role::Rook, 6),
    (Role::Queen, 10),
];

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// The squares a side's pawns attack.
fn pawn_attacks(pawns: u64, side: Side) -> u64 {
    if side == Side::WHITE {
        ((pawns << 7) & NOT_H) | ((pawns << 9) & NOT_A)
    } else {
        ((pawns >> 9) & NOT_H) | ((pawns >> 7) & NOT_A)
    }
}

/// Pieces with room to move are worth more than shut-in ones; pieces bearing on the squares
/// around the enemy king threaten it (more so when the king can be captured).
fn pieces(
    pos: &Position8,
    side: Side,
    them: Side,
    king_capture: bool,
    w: &Weights,
) -> (i32, i32, Reach) {
    let geo = pos.geo;
    let occupied = pos.occupied();
    let own = pos.side_pieces(side);
    let guarded = pawn_attacks(pos.pieces(them, Role::Pawn), them);
    let zone = pos
        .king(them)
        .map_or(0, |k| geo.king[k.index()] | u64::from_square(k));
    let (mut mg, mut eg) = (0, 0);
    let (mut attackers, mut weight) = (0, 0);
    let mut all_reach: Reach = [0; 3];
    for (i, (role, usual)) in MOBILITY.into_iter().enumerate() {
        let (per_mg, per_eg) = w.mobility[i];
        for s in pos.pieces(side, role).squares() {
            let reach = match role {
                Role::Knight => geo.knight[s.index()],
                Role::Bishop => geo.bishop_attacks(s, occupied),
                Role::Rook => geo.rook_attacks(s, occupied),
                _ => geo.rook_attacks(s, occupied) | geo.bishop_attacks(s, occupied),
            };
            all_reach[0] |= reach;
            match role {
                Role::Knight | Role::Bishop => all_reach[1] |= reach,
                Role::Rook => all_reach[2] |= reach,
                _ => {}
            }
            let squares = (reach & !own & !guarded).count() as i32 - usual;
            mg += per_mg * squares;
            eg += per_eg * squares;
            let near_king = (reach & zone).count() as i32;
            if near_king > 0 {
                attackers += 1;
                weight += w.king_attack[role.index()] * near_king;
            }
        }
    }
    if attackers >= 2 {
        let danger = (weight * weight / 6).min(500);
        mg += if king_capture { danger * 3 / 2 } else { danger };
    }
    (mg, eg, all_reach)
}

/// The squares of a file of the 8x8 board.
fn file_mask(file: u8) -> u64 {
    0x0101_0101_0101_0101 << file
}

/// Passed pawns forward (more in the endgame, less when blocked), from the pawns' `shape`;
/// rooks on files without pawns of their own.
fn pawn_structure(pos: &Position8, side: Side, shape: PawnShape, w: &Weights) -> Score {
    let geo = pos.geo;
    let ours = pos.pieces(side, Role::Pawn);
    let theirs = pos.pieces(Side(1 - side.0), Role::Pawn);
    let occupied = pos.occupied();
    let (mut mg, mut eg) = (shape.mg, shape.eg);
    for s in shape.passed.squares() {
        let (file, rank) = (geo.file_of(s), geo.rank_of(s) as i32);
        let forward = if side == Side::WHITE { rank } else { 7 - rank };
        let forward = forward.clamp(0, 7) as usize;
        // A passed pawn with a piece in its way is worth less.
        let blocked = occupied & file_mask(file) & ranks_ahead(side, rank) != 0;
        let (bonus_mg, bonus_eg) = w.passed[forward];
        mg += if blocked { bonus_mg / 2 } else { bonus_mg };
        eg += if blocked { bonus_eg / 2 } else { bonus_eg };
    }
    for s in pos.pieces(side, Role::Rook).squares() {
        let file = file_mask(geo.file_of(s));
        if ours & file == 0 {
            let (bonus_mg, bonus_eg) = if theirs & file == 0 {
                w.rook_open
            } else {
                w.rook_half_open
            };
            mg += bonus_mg;
            eg += bonus_eg;
        }
    }
    (mg, eg)
}

/// The ranks ahead of `rank`, from `side`'s point of view.
fn ranks_ahead(side: Side, rank: i32) -> u64 {
    if side == Side::WHITE {
        u64::MAX.checked_shl(8 * (rank as u32 + 1)).unwrap_or(0)
    } else {
        (1u64 << (8 * rank as u32)) - 1
    }
}

/// What the pawns alone decide: doubled and isolated pawns back, connected pawns forward,
/// backward pawns back; and which pawns are passed.
fn pawn_shape(pos: &Position8, side: Side, w: &Weights) -> PawnShape {
    let geo = pos.geo;
    let ours = pos.pieces(side, Role::Pawn);
    let them = Side(1 - side.0);
    let theirs = pos.pieces(them, Role::Pawn);
    let (mut mg, mut eg) = (0, 0);
    let mut passed = 0;
    for file in 0..8u8 {
        let here = (ours & file_mask(file)).count() as i32;
        if here == 0 {
            continue;
        }
        let beside = (file > 0 && ours & file_mask(file - 1) != 0)
            || (file < 7 && ours & file_mask(file + 1) != 0);
        mg -= w.doubled.0 * (here - 1);
        eg -= w.doubled.1 * (here - 1);
        if !beside {
            mg -= w.isolated.0 * here;
            eg -= w.isolated.1 * here;
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
        let ahead = ranks_ahead(side, rank);
        let forward_index = forward.clamp(0, 7) as usize;
        // Pawns side by side or guarding each other hold together, the more the further on.
        let bit = 1u64 << s.0;
        let supporters = (pawn_attacks(bit, them) & ours).count() as i32;
        let phalanx = (((bit << 1) & NOT_A) | ((bit >> 1) & NOT_H)) & ours != 0;
        let opposed = theirs & file_mask(file) & ahead != 0;
        if supporters > 0 || phalanx {
            let v = w.connected[forward_index] * (2 + phalanx as i32 - opposed as i32)
                + w.connected_support * supporters;
            mg += v;
            eg += v * (forward - 2).max(0) / 4;
        } else {
            // Backward: pawns on the files beside (not isolated) but none level or behind to
            // guard it, and its way on is held by an enemy pawn.
            let behind = !ahead & !(0xFFu64 << (8 * rank as u32));
            let stop = if side == Side::WHITE {
                bit << 8
            } else {
                bit >> 8
            };
            let neighbours = files & !file_mask(file);
            if ours & neighbours != 0
                && ours & neighbours & behind == 0
                && stop & (pawn_attacks(theirs, them) | theirs) != 0
            {
                let open = if opposed { 0 } else { w.backward_open };
                mg -= w.backward.0 + open;
                eg -= w.backward.1 + open;
            }
        }
        if theirs & files & ahead == 0 {
            passed |= bit;
        }
    }
    PawnShape { mg, eg, passed }
}

/// Pawns in front of one's king shelter it (a middlegame term): on its file and those beside
/// it, one rank ahead or two.
fn king_shelter(pos: &Position8, side: Side, w: &Weights) -> i32 {
    let Some(king) = pos.king(side) else {
        return 0;
    };
    let geo = pos.geo;
    let (file, rank) = (geo.file_of(king), geo.rank_of(king) as i32);
    let step = if side == Side::WHITE { 1 } else { -1 };
    let mut files = file_mask(file);
    if file > 0 {
        files |= file_mask(file - 1);
    }
    if file < 7 {
        files |= file_mask(file + 1);
    }
    let row = |r: i32| {
        if (0..8).contains(&r) {
            0xFFu64 << (8 * r)
        } else {
            0
        }
    };
    let pawns = pos.pieces(side, Role::Pawn) & files;
    w.king_shelter[0] * (pawns & row(rank + step)).count() as i32
        + w.king_shelter[1] * (pawns & row(rank + 2 * step)).count() as i32
}
