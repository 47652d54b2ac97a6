//! Move generation counts (RULES.md §0 "Perft"). Orthodox against the published tables;
//! Primary against numbers derived by an independent naive generator (tests/support).

mod support;

use classroom_chess::rules::game::Game;
use classroom_chess::rules::perft::{divide, perft};
use classroom_chess::rules::ruleset::RuleSet;
use classroom_chess::rules::san::to_uci;
use support::naive::Naive;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn count(rules: RuleSet, fen: &str, depth: u32) -> u64 {
    let game = Game::from_fen(rules, fen).expect("valid FEN");
    perft(game.position(), depth)
}

/// Published values (chessprogramming.org "Perft Results").
#[test]
fn rules_0_perft_orthodox_matches_published_tables() {
    let table: [(&str, &[u64]); 6] = [
        (START, &[20, 400, 8_902, 197_281, 4_865_609]),
        (KIWIPETE, &[48, 2_039, 97_862, 4_085_603]),
        (POSITION_3, &[14, 191, 2_812, 43_238, 674_624]),
        (POSITION_4, &[6, 264, 9_467, 422_333]),
        (POSITION_5, &[44, 1_486, 62_379, 2_103_487]),
        (POSITION_6, &[46, 2_079, 89_890, 3_894_594]),
    ];
    for (fen, expected) in table {
        for (i, &nodes) in expected.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                count(RuleSet::orthodox(), fen, depth),
                nodes,
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
fn rules_0_perft_divide_sums_to_perft() {
    let game = Game::from_fen(RuleSet::orthodox(), KIWIPETE).unwrap();
    let pos = game.position();
    let parts = divide(pos, 3);
    assert_eq!(parts.len(), 48);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    let castle = parts
        .iter()
        .find(|(m, _)| to_uci(pos, *m) == "e1g1")
        .expect("O-O listed");
    assert!(castle.1 > 0);
}

/// The naive generator agrees with the published orthodox numbers, so it can be trusted to
/// derive the Primary ones.
#[test]
fn naive_generator_reproduces_orthodox_tables() {
    assert_eq!(Naive::from_fen(START, false).perft(4), 197_281);
    assert_eq!(Naive::from_fen(KIWIPETE, false).perft(3), 97_862);
    assert_eq!(Naive::from_fen(POSITION_4, false).perft(3), 9_467);
}

/// RULES.md §2.2–2.5: in Primary every pseudo-legal move counts (no check restriction), no en
/// passant, no castling, queen-only promotion, and a side without its king has no moves.
#[test]
fn rules_2_perft_primary_matches_naive_generator() {
    let cases = [
        (START, 4u32),
        (KIWIPETE, 3),
        (POSITION_3, 4),
        (POSITION_4, 3),
        (POSITION_5, 3),
        (POSITION_6, 3),
    ];
    for (fen, depth) in cases {
        let expected = Naive::from_fen(fen, true).perft(depth);
        assert_eq!(
            count(RuleSet::primary(), fen, depth),
            expected,
            "{fen} depth {depth}"
        );
    }
}

/// The same numbers, written down so a change in either generator shows.
#[test]
fn rules_2_perft_primary_known_values() {
    assert_eq!(count(RuleSet::primary(), START, 1), 20);
    assert_eq!(count(RuleSet::primary(), START, 2), 400);
    assert_eq!(count(RuleSet::primary(), START, 3), 8_902);
    assert_eq!(count(RuleSet::primary(), START, 4), PRIMARY_START_4);
    assert_eq!(count(RuleSet::primary(), START, 5), 4_896_998);
    // No castling (46 = 48 orthodox moves less O-O and O-O-O).
    assert_eq!(count(RuleSet::primary(), KIWIPETE, 1), 46);
    assert_eq!(count(RuleSet::primary(), KIWIPETE, 4), 3_570_584);
}

#[test]
fn rules_2_perft_primary_depth_5_by_naive_generator() {
    assert_eq!(Naive::from_fen(START, true).perft(5), 4_896_998);
    assert_eq!(Naive::from_fen(KIWIPETE, true).perft(4), 3_570_584);
}

const PRIMARY_START_4: u64 = 197_742;

/// Primary with the castling-by-agreement option castles like orthodox (check rules kept).
#[test]
fn rules_2_3_perft_primary_with_castling_matches_naive() {
    let mut rules = RuleSet::primary();
    rules.set_option("castling", "on").unwrap();
    let mut naive = Naive::from_fen(KIWIPETE, true);
    naive.castling_allowed = true;
    assert_eq!(count(rules, KIWIPETE, 3), naive.perft(3));
}

const SHARP_START: &str = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
const SHARP_MID: &str = "1r2k3/pppppppp/8/8/8/8/PPPPPPPP/R3KN2[QRBBNqrbbnn] w - - 0 5";
const SHARP_KINGLESS: &str = "3n4/pppppppp/8/8/8/8/PPPPPPPP/2R5[KQRBBNNkqrrbbn] b - - 0 2";

fn sharp_naive(fen: &str) -> Naive {
    let mut n = Naive::from_fen(fen, true);
    n.double_step = false;
    n
}

/// RULES.md §3.1–3.2 by hand: at the start only placements are possible (no board move
/// before the king is placed), four kinds of piece (not the queen) on eight squares: 32;
/// the reply likewise: 32 x 32 = 1024.
#[test]
fn rules_3_perft_sharp_start_by_hand() {
    assert_eq!(count(RuleSet::sharp(), SHARP_START, 1), 32);
    assert_eq!(count(RuleSet::sharp(), SHARP_START, 2), 1024);
}

/// Depth 3 and 4 from the start and mid-placement positions, against the naive generator
/// extended with reserves (placements, queen last, board moves only with the king placed,
/// single-step pawns, queen promotion, king capture).
#[test]
fn rules_3_perft_sharp_matches_naive_generator() {
    for (fen, depth) in [
        (SHARP_START, 3u32),
        (SHARP_START, 4),
        (SHARP_MID, 3),
        (SHARP_KINGLESS, 3),
    ] {
        let expected = sharp_naive(fen).perft(depth);
        assert_eq!(
            count(RuleSet::sharp(), fen, depth),
            expected,
            "{fen} depth {depth}"
        );
    }
}

/// Depth 3 by hand: after 32 x 32 placements, if White placed the king (8 squares) White
/// has 21 placements (R, B, N on 7 squares) + 8 pawn steps + 1 or 2 king steps along the
/// first rank (a1/h1: 1): 2 x 30 + 6 x 31 = 246; if White placed R, B or N (24 ways), White
/// has 4 kinds on 7 squares = 28 and no board move: 24 x 28 = 672. (246 + 672) x 32 = 29376.
/// Depth 4 was derived by the naive generator (checked above).
#[test]
fn rules_3_perft_sharp_known_values() {
    assert_eq!(
        count(RuleSet::sharp(), SHARP_START, 3),
        (2 * 30 + 6 * 31 + 24 * 28) * 32
    );
    assert_eq!(count(RuleSet::sharp(), SHARP_START, 3), 29_376);
    assert_eq!(count(RuleSet::sharp(), SHARP_START, 4), 842_724);
}
