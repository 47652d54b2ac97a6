//! How good a position is for the player to move, in centipawns; a finished game by the
//! points the rule set gives (RULES.md §3.6 for Chess#'s partial victories).

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
    let pos = game.position();
    let us = pos.turn();
    let them = Side(1 - us.0);
    let king_capture = !game.rules().check_restricts();
    let shapes = pawns.shapes(pos);
    let (mg_us, eg_us, reach_us) = side_score(pos, us, king_capture, shapes[us.index()]);
    let (mg_them, eg_them, reach_them) = side_score(pos, them, king_capture, shapes[them.index()]);
    let (threat_mg_us, threat_eg_us) = threats(pos, us, &reach_us, reach_them[0]);
    let (threat_mg_them, threat_eg_them) = threats(pos, them, &reach_them, reach_us[0]);
    let phase = phase(pos);
    let mg = mg_us - mg_them + threat_mg_us - threat_mg_them;
    let eg = eg_us - eg_them + threat_eg_us - threat_eg_them;
    (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL + TEMPO
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

    fn shapes(&mut self, pos: &Position8) -> [PawnShape; 2] {
        let pawns = [Side::WHITE, Side::BLACK].map(|side| pos.pieces(side, Role::Pawn));
        let work = || [Side::WHITE, Side::BLACK].map(|side| pawn_shape(pos, side));
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
/// The player to move is a little better off than the same position with the other to move.
const TEMPO: i32 = 10;

fn phase(pos: &Position8) -> i32 {
    let mut phase = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let reserve = pos.reserve(Side::WHITE)[role.index()] as i32
            + pos.reserve(Side::BLACK)[role.index()] as i32;
        phase += (pos.role_pieces(role).count() as i32 + reserve) * PHASE_WEIGHT[role.index()];
    }
    phase.min(PHASE_FULL)
}

/// A middlegame and an endgame score.
type Score = (i32, i32);

/// The material (middlegame, endgame) of each role: PeSTO's values (Ronald Friederich,
/// public domain, as given on the Chess Programming Wiki).
const MATERIAL: [Score; 6] = [
    (82, 94),
    (337, 281),
    (365, 297),
    (477, 512),
    (1025, 936),
    (0, 0),
];

/// Enemy pieces `side` attacks with a pawn, or attacks while no enemy piece guards them;
/// rooks and queens a knight or bishop attacks, queens a rook attacks, guarded or not
/// (`reach`: what `side`'s pieces attack, as [`pieces`] gives it; `their_reach`: every square
/// the enemy's pieces attack).
fn threats(pos: &Position8, side: Side, reach: &Reach, their_reach: u64) -> Score {
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
        THREAT_BY_PAWN.0 * by_pawn + HANGING.0 * hanging,
        THREAT_BY_PAWN.1 * by_pawn + HANGING.1 * hanging,
    );
    for (count, (mg, eg)) in [
        (rook_by_minor, ROOK_BY_MINOR),
        (queen_by_minor, QUEEN_BY_MINOR),
        (queen_by_rook, QUEEN_BY_ROOK),
    ] {
        score.0 += count * mg;
        score.1 += count * eg;
    }
    score
}

/// What one side's pieces attack: all of them, its knights and bishops, its rooks.
type Reach = [u64; 3];

/// A piece attacked by a pawn; a piece attacked and not guarded.
const THREAT_BY_PAWN: Score = (40, 30);
const HANGING: Score = (25, 15);
/// A rook or queen attacked by a knight or bishop, a queen by a rook (Stockfish 11's values
/// scaled to these piece values).
const ROOK_BY_MINOR: Score = (40, 54);
const QUEEN_BY_MINOR: Score = (36, 72);
const QUEEN_BY_ROOK: Score = (26, 19);

/// The side's middlegame and endgame scores, and the squares its pieces attack.
fn side_score(
    pos: &Position8,
    side: Side,
    king_capture: bool,
    shape: PawnShape,
) -> (i32, i32, Reach) {
    debug_assert_eq!(pos.geo.width, 8);
    let flip = if side == Side::WHITE { 56 } else { 0 };
    let them = Side(1 - side.0);
    let reserve = pos.reserve(side);
    let (mut mg, mut eg) = (0, 0);
    for role in Role::ALL {
        let (value_mg, value_eg) = MATERIAL[role.index()];
        let on_board = pos.pieces(side, role);
        let count = on_board.count() as i32 + reserve[role.index()] as i32;
        mg += count * value_mg;
        eg += count * value_eg;
        let (table_mg, table_eg) = (&PST_MG[role.index()], &PST_EG[role.index()]);
        for square in on_board.squares() {
            // The tables are drawn with White's eighth rank first: White's squares upside down.
            let i = square.index() ^ flip;
            mg += table_mg[i] as i32;
            eg += table_eg[i] as i32;
        }
    }
    if pos.pieces(side, Role::Bishop).count() >= 2 {
        mg += BISHOP_PAIR.0;
        eg += BISHOP_PAIR.1;
    }
    let (pieces_mg, pieces_eg, reach) = pieces(pos, side, them, king_capture);
    let (pawns_mg, pawns_eg) = pawn_structure(pos, side, shape);
    (
        mg + pieces_mg + pawns_mg + king_shelter(pos, side),
        eg + pieces_eg + pawns_eg,
        reach,
    )
}

/// Two bishops cover both colours of square.
const BISHOP_PAIR: Score = (30, 50);
/// Per square a piece attacks (not its own pieces', not guarded by an enemy pawn), after
/// the few it usually has: middlegame, endgame, usual.
const MOBILITY: [(Role, i32, i32, i32); 4] = [
    (Role::Knight, 4, 4, 4),
    (Role::Bishop, 5, 5, 5),
    (Role::Rook, 3, 5, 6),
    (Role::Queen, 2, 3, 10),
];
/// Weight of an attack on a square next to the enemy king, by attacker.
const KING_ATTACK: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// A passed pawn by how far it has come (its side's rank 0 … 7).
const PASSED_MG: [i32; 8] = [0, 0, 5, 10, 20, 35, 60, 0];
const PASSED_EG: [i32; 8] = [0, 5, 10, 20, 40, 70, 110, 0];

/// A connected pawn by how far it has come (doubled beside another, less when opposed), and
/// per pawn guarding it: Stockfish 11's values scaled to these pawn values.
const CONNECTED: [i32; 8] = [0, 5, 5, 8, 19, 31, 56, 0];
const CONNECTED_SUPPORT: i32 = 11;
/// A backward pawn, and more when no enemy pawn stands in front of it (open to attack).
const BACKWARD: Score = (6, 16);
const BACKWARD_OPEN: i32 = 8;

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
fn pieces(pos: &Position8, side: Side, them: Side, king_capture: bool) -> (i32, i32, Reach) {
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
    for (role, per_mg, per_eg, usual) in MOBILITY {
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
                weight += KING_ATTACK[role.index()] * near_king;
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
fn pawn_structure(pos: &Position8, side: Side, shape: PawnShape) -> Score {
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
        let (bonus_mg, bonus_eg) = (PASSED_MG[forward], PASSED_EG[forward]);
        mg += if blocked { bonus_mg / 2 } else { bonus_mg };
        eg += if blocked { bonus_eg / 2 } else { bonus_eg };
    }
    for s in pos.pieces(side, Role::Rook).squares() {
        let file = file_mask(geo.file_of(s));
        if ours & file == 0 {
            if theirs & file == 0 {
                mg += 25;
                eg += 10;
            } else {
                mg += 12;
                eg += 6;
            }
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
fn pawn_shape(pos: &Position8, side: Side) -> PawnShape {
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
        mg -= 10 * (here - 1);
        eg -= 20 * (here - 1);
        if !beside {
            mg -= 10 * here;
            eg -= 15 * here;
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
            let v = CONNECTED[forward_index] * (2 + phalanx as i32 - opposed as i32)
                + CONNECTED_SUPPORT * supporters;
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
                mg -= BACKWARD.0 + if opposed { 0 } else { BACKWARD_OPEN };
                eg -= BACKWARD.1 + if opposed { 0 } else { BACKWARD_OPEN };
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
fn king_shelter(pos: &Position8, side: Side) -> i32 {
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
    10 * (pawns & row(rank + step)).count() as i32
        + 5 * (pawns & row(rank + 2 * step)).count() as i32
}

/// Where each piece stands best, middlegame and endgame: PeSTO's piece-square tables, drawn
/// from White's side with the eighth rank first (pawn, knight, bishop, rook, queen, king).
#[rustfmt::skip]
const PST_MG: [[i16; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const PST_EG: [[i16; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];
