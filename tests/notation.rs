//! The text forms of RULES.md §0: FEN (with holdings), SAN and machine move text, PGN, and the
//! saved game record. Malformed text must give an error that says what and where, never panic,
//! and never change a game.

mod support;
use support::play;

use classroom_chess::rules::fen::{parse_fen, read_builtin, write_fen};
use classroom_chess::rules::game::{GameRecord, RECORD_VERSION};
use classroom_chess::rules::pgn::{read_pgn, write_pgn, PgnHeader};
use classroom_chess::rules::position::MoveRules;
use classroom_chess::rules::san::{parse_move, to_san, to_uci};
use classroom_chess::rules::{
    Action, EndReason, Game, Geometry, Mode, MoveKind, Position8, RuleSet, Side,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The published perft positions (chessprogramming.org) and a few more with en passant
/// squares, Black to move and large clocks.
const FENS: &[&str] = &[
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b Q - 149 300",
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 7 42",
    "8/8/8/8/8/8/8/k1K5 b - - 0 1",
];

fn orthodox() -> MoveRules {
    MoveRules::from(&RuleSet::orthodox())
}

fn parse(fen: &str) -> Result<Position8, String> {
    parse_fen(Geometry::standard(), orthodox(), fen)
}

fn game(fen: &str) -> Game {
    Game::from_fen(RuleSet::orthodox(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ---- FEN ----

#[test]
fn fen_round_trip_of_standard_positions() {
    for &fen in FENS {
        let pos = parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(write_fen(&pos), fen);
        assert_eq!(game(fen).fen(), fen);
        assert_eq!(game(fen).start_fen(), fen);
    }
    // Under Primary rules castling is off by default, so the rights are dropped on reading.
    let primary = MoveRules::from(&RuleSet::primary());
    let pos = parse_fen(Geometry::standard(), primary, START).unwrap();
    assert_eq!(write_fen(&pos), START.replace("KQkq", "-"));
    let mut agreed = RuleSet::primary();
    agreed.set_option("castling", "on").unwrap();
    let pos = parse_fen(Geometry::standard(), MoveRules::from(&agreed), START).unwrap();
    assert_eq!(write_fen(&pos), START);
}

#[test]
fn fen_round_trip_of_positions_along_games() {
    // Every position of a few random games writes and reads back to itself.
    let mut rng = Rng(0x5eed_f00d);
    for _ in 0..40 {
        let mut g = Game::new(RuleSet::orthodox()).unwrap();
        for _ in 0..120 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            g.play(m).unwrap();
            let fen = g.fen();
            let again = parse(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(write_fen(&again), fen);
            assert_eq!(&again, g.position(), "{fen}");
        }
    }
}

/// RULES.md §0: a built-in mode's start, read as the app's first game reads it (without the
/// checks a FEN from outside needs), is the game its FEN gives when read with every check.
#[test]
fn fen_builtin_starts_read_as_the_checked_reader_reads_them() {
    for mode in [Mode::Orthodox, Mode::Primary, Mode::Sharp] {
        let rules = RuleSet::for_mode(mode);
        assert!(rules.promotion_army.is_none(), "{mode:?}");
        let quick = Game::of_mode(mode);
        let checked = Game::new(rules).unwrap_or_else(|e| panic!("{mode:?}: {e}"));
        assert_eq!(quick.position(), checked.position(), "{mode:?}");
        assert_eq!(quick.start_fen(), checked.start_fen(), "{mode:?}");
        assert_eq!(quick.status(), checked.status(), "{mode:?}");
    }
    // Any valid FEN without an en passant square reads the same both ways.
    for fen in FENS
        .iter()
        .filter(|f| f.split_whitespace().nth(3) == Some("-"))
    {
        let quick = read_builtin(Geometry::standard(), orthodox(), fen);
        assert_eq!(Ok(quick), parse(fen), "{fen}");
    }
}

#[test]
fn fen_holdings_brackets_rejected_in_orthodox() {
    let err = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1").unwrap_err();
    assert!(err.contains("holdings"), "{err}");
    assert!(err.contains("no reserve"), "{err}");
    // Even empty brackets: orthodox FEN has no holdings part at all.
    let err = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").unwrap_err();
    assert!(err.contains("holdings"), "{err}");
    let err = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq w KQkq - 0 1").unwrap_err();
    assert!(err.contains("holdings") && err.contains("']'"), "{err}");
}

#[test]
fn fen_holdings_read_and_written_where_the_rules_have_a_reserve() {
    // The Chess# start of RULES.md §3, read with drop rules.
    let sharp = MoveRules {
        drops: true,
        check_restricts: false,
        ..orthodox()
    };
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let pos = parse_fen(Geometry::standard(), sharp, fen).unwrap();
    assert_eq!(write_fen(&pos), fen);
    assert_eq!(pos.reserve(Side::WHITE), [0, 2, 2, 2, 1, 1]);
    let err = parse_fen(Geometry::standard(), sharp, "8/8/8/8/8/8/8/8[Kx] w - - 0 1").unwrap_err();
    assert!(err.contains("holdings") && err.contains("'x'"), "{err}");
}

/// (FEN, words the error message must contain)
const BAD_FENS: &[(&str, &[&str])] = &[
    ("", &["empty"]),
    ("   ", &["empty"]),
    ("8/8/8/8/8/8/8 w - - 0 1", &["8 ranks", "found 7"]),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        &["8 ranks", "found 9"],
    ),
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 6", "9 squares"],
    ),
    (
        "rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 8", "more than 8"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
        &["rank 4", "9 squares"],
    ),
    (
        "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 8", "7 squares"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 2", "7 squares"],
    ),
    (
        "rnbqkbnr/pppppppp/8/08/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 5", "'0'"],
    ),
    (
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 7", "'x'", "piece letter"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        &["side to move", "'x'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        &["side to move", "'white'"],
    ),
    (
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["castling", "'k'", "h8"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
        &["castling", "'Q'", "a1"],
    ),
    (
        // A queen in the corner is not a castling partner in orthodox chess.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w KQkq - 0 1",
        &["castling", "'K'", "rook", "h1"],
    ),
    (
        "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["castling", "'k'", "king", "e8"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        &["castling", "'x'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        &["en passant", "e6"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        &["en passant", "e3"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        &["en passant", "'z9'", "not a square"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        &["halfmove clock", "'x'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        &["halfmove clock", "'-1'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
        &["move number", "'one'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
        &["unexpected", "'junk'"],
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
        &["more than one white king"],
    ),
    (
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        &["no black king"],
    ),
    ("8/8/8/8/8/8/8/8 w - - 0 1", &["no white king"]),
    ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", &["white pawn", "h8"]),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", &["white pawn", "a1"]),
    ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", &["black pawn", "h8"]),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", &["black pawn", "a1"]),
    (
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        &["White is to move", "black king", "check"],
    ),
    (
        "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1",
        &["Black is to move", "white king", "check"],
    ),
];

#[test]
fn fen_errors_say_what_is_wrong_and_where() {
    for (fen, words) in BAD_FENS {
        let err = match parse(fen) {
            Ok(pos) => panic!("{fen:?} accepted as {}", write_fen(&pos)),
            Err(e) => e,
        };
        for w in *words {
            assert!(err.contains(w), "{fen:?}: message {err:?} lacks {w:?}");
        }
        // A game refuses it with the same reason.
        let game_err = Game::from_fen(RuleSet::orthodox(), fen).unwrap_err();
        assert_eq!(game_err, err);
    }
}

#[test]
fn fen_king_missing_allowed_only_in_king_capture_games() {
    let fen = "8/8/8/8/8/8/8/4K3 b - - 0 1";
    assert!(parse(fen).unwrap_err().contains("no black king"));
    let g = Game::from_fen(RuleSet::primary(), fen).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::KingCaptured));
}

// ---- SAN: writing ----

fn san_of(fen: &str, uci: &str) -> String {
    let pos = parse(fen).unwrap();
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|&m| to_uci(&pos, m) == uci)
        .unwrap_or_else(|| panic!("{uci} not legal in {fen}"));
    to_san(&pos, m)
}

#[test]
fn san_disambiguates_by_file() {
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san_of(fen, "b1d2"), "Nbd2");
    assert_eq!(san_of(fen, "f1d2"), "Nfd2");
    assert_eq!(san_of(fen, "b1c3"), "Nc3");
    assert_eq!(san_of(fen, "f1g3"), "Ng3");
}

#[test]
fn san_disambiguates_by_rank() {
    let fen = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(fen, "a1a4"), "R1a4");
    assert_eq!(san_of(fen, "a7a4"), "R7a4");
    assert_eq!(san_of(fen, "a1a2"), "R1a2");
    assert_eq!(san_of(fen, "a1b1"), "Rb1");
    assert_eq!(san_of(fen, "a7a8"), "Ra8+");
}

#[test]
fn san_disambiguates_by_full_square() {
    // Queens on h4, e4 and h1 can all reach e1.
    let fen = "2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1";
    assert_eq!(san_of(fen, "h4e1"), "Qh4e1");
    assert_eq!(san_of(fen, "e4e1"), "Qee1");
    assert_eq!(san_of(fen, "h1e1"), "Q1e1");
}

#[test]
fn san_ignores_pinned_rivals() {
    // The e2 knight is pinned, so only the b1 knight can go to c3: no disambiguation.
    let fen = "4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1";
    assert_eq!(san_of(fen, "b1c3"), "Nc3");
    assert_eq!(
        parse_move(&parse(fen).unwrap(), "Nc3").map(|m| m.kind),
        Ok(MoveKind::Normal)
    );
}

#[test]
fn san_captures_en_passant_promotion_and_castling() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 d5 exd5 Nf6 Nc3 Nxd5 Nxd5 Qxd5");
    let sans: Vec<&str> = g.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(
        sans,
        ["e4", "d5", "exd5", "Nf6", "Nc3", "Nxd5", "Nxd5", "Qxd5"]
    );
    assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    let promo = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(promo, "e7e8q"), "e8=Q+");
    assert_eq!(san_of(promo, "e7e8r"), "e8=R+");
    assert_eq!(san_of(promo, "e7e8b"), "e8=B");
    assert_eq!(san_of(promo, "e7e8n"), "e8=N");
    assert_eq!(san_of(promo, "e7d8q"), "exd8=Q+");
    assert_eq!(san_of(promo, "e7d8n"), "exd8=N");
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(castles, "e1g1"), "O-O");
    assert_eq!(san_of(castles, "e1c1"), "O-O-O");
    assert_eq!(
        san_of("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
        "O-O-O"
    );
    // Castling that gives check.
    assert_eq!(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
}

#[test]
fn san_check_and_mate_suffixes() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 e5 Nf3 d6 Bb5+");
    assert_eq!(g.moves().last().unwrap().san, "Bb5+");
    assert!(g.moves().last().unwrap().gives_check);
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4");
    assert_eq!(g.moves().last().unwrap().san, "Qh4#");
    // Promotion to a mating queen.
    assert_eq!(san_of("7k/4P3/6K1/8/8/8/8/8 w - - 0 1", "e7e8q"), "e8=Q#");
    assert_eq!(san_of("7k/4P3/6K1/8/8/8/8/8 w - - 0 1", "e7e8n"), "e8=N");
}

#[test]
fn san_every_legal_move_reads_back_as_itself() {
    for &fen in FENS {
        let pos = parse(fen).unwrap();
        let moves = pos.legal_moves();
        let mut sans: Vec<String> = moves.iter().map(|&m| to_san(&pos, m)).collect();
        for (&m, san) in moves.iter().zip(&sans) {
            assert_eq!(parse_move(&pos, san), Ok(m), "{fen}: {san}");
            assert_eq!(parse_move(&pos, &to_uci(&pos, m)), Ok(m), "{fen}: {san}");
        }
        let count = sans.len();
        sans.sort();
        sans.dedup();
        assert_eq!(sans.len(), count, "{fen}: two moves share a SAN");
    }
}

// ---- SAN and machine form: reading ----

#[test]
fn parse_accepts_san_machine_and_over_specified_forms() {
    let pos = parse(START).unwrap();
    let g1f3 = parse_move(&pos, "g1f3").unwrap();
    for text in [
        "Nf3", "Ng1f3", "Ng1-f3", "Nf3+", "Nf3!?", " Nf3 ", "N1f3", "Ngf3",
    ] {
        assert_eq!(parse_move(&pos, text), Ok(g1f3), "{text}");
    }
    assert_eq!(
        parse_move(&pos, "e4").unwrap(),
        parse_move(&pos, "e2e4").unwrap()
    );
    assert_eq!(
        parse_move(&pos, "e2-e4").unwrap().kind,
        MoveKind::DoubleStep
    );
    // Promotion in machine form, and SAN with or without '='.
    let promo = parse("8/4P3/8/8/8/8/8/k1K5 w - - 0 1").unwrap();
    let e8q = parse_move(&promo, "e7e8q").unwrap();
    assert_eq!(
        e8q.kind,
        MoveKind::Promotion(classroom_chess::rules::Role::Queen)
    );
    assert_eq!(parse_move(&promo, "e8=Q"), Ok(e8q));
    assert_eq!(parse_move(&promo, "e8Q"), Ok(e8q));
    let e8n = parse_move(&promo, "e7e8n").unwrap();
    assert_eq!(parse_move(&promo, "e8=N"), Ok(e8n));
    assert_ne!(e8q, e8n);
    // Castling: letter O, digit zero, machine form.
    let castles = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = parse_move(&castles, "O-O").unwrap();
    assert!(matches!(short.kind, MoveKind::Castle { .. }));
    assert_eq!(parse_move(&castles, "0-0"), Ok(short));
    assert_eq!(parse_move(&castles, "e1g1"), Ok(short));
    let long = parse_move(&castles, "O-O-O").unwrap();
    assert_eq!(parse_move(&castles, "0-0-0"), Ok(long));
    assert_eq!(parse_move(&castles, "e1c1"), Ok(long));
    assert_ne!(short, long);
    // En passant in SAN and machine form.
    let ep = parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let exd6 = parse_move(&ep, "exd6").unwrap();
    assert_eq!(exd6.kind, MoveKind::EnPassant);
    assert_eq!(parse_move(&ep, "e5d6"), Ok(exd6));
}

#[test]
fn parse_rejects_ambiguous_moves_naming_the_candidates() {
    let pos = parse("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let err = parse_move(&pos, "Nd2").unwrap_err();
    assert!(err.contains("'Nd2'") && err.contains("ambiguous"), "{err}");
    assert!(err.contains("Nbd2") && err.contains("Nfd2"), "{err}");
    assert!(parse_move(&pos, "Nbd2").is_ok());
    assert!(
        parse_move(&pos, "N1d2").is_err(),
        "both knights are on rank 1"
    );
    let rooks = parse("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let err = parse_move(&rooks, "Ra4").unwrap_err();
    assert!(err.contains("R1a4") && err.contains("R7a4"), "{err}");
}

#[test]
fn parse_rejects_illegal_moves_naming_the_move() {
    let pos = parse(START).unwrap();
    for text in [
        "Ke2", "e5", "Nf4", "O-O", "e2e5", "Bb5", "exd5", "a1a8", "e7e5", "e8=Q", "Qh4",
    ] {
        let err = parse_move(&pos, text).unwrap_err();
        assert!(err.contains(text), "{text}: {err}");
        assert!(err.contains("illegal"), "{text}: {err}");
    }
    for text in ["hello", "N", "zz", "@"] {
        let err = parse_move(&pos, text).unwrap_err();
        assert!(
            err.contains(text) && err.contains("not a move"),
            "{text}: {err}"
        );
    }
    assert!(parse_move(&pos, "").unwrap_err().contains("empty"));
    // No promotion to king or pawn, no drops in orthodox.
    let promo = parse("8/4P3/8/8/8/8/8/k1K5 w - - 0 1").unwrap();
    for text in ["e8=K", "e8=P", "e7e8k", "e7e8", "e8"] {
        assert!(parse_move(&promo, text).is_err(), "{text}");
    }
    assert!(parse_move(&pos, "N@e4").is_err());
    // A mated side has no move at all, and the message says so.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4");
    let err = parse_move(g.position(), "e4").unwrap_err();
    assert!(err.contains("no legal move"), "{err}");
}

// ---- PGN ----

fn header() -> PgnHeader {
    PgnHeader {
        white: "Ann \"the Rook\" Smith".into(),
        black: "Bob\\Jones".into(),
        date: "2024.05.17".into(),
        event: "Thursday club".into(),
    }
}

fn sans(g: &Game) -> Vec<String> {
    g.moves().iter().map(|m| m.san.clone()).collect()
}

#[test]
fn pgn_write_then_read_round_trip() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(
        &mut g,
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8",
    );
    let text = write_pgn(&g, &header());
    for tag in [
        "[Event \"Thursday club\"]",
        "[Date \"2024.05.17\"]",
        "[White \"Ann \\\"the Rook\\\" Smith\"]",
        "[Black \"Bob\\\\Jones\"]",
        "[Result \"*\"]",
        "[Variant \"Orthodox Chess\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing in\n{text}");
    }
    assert!(!text.contains("SetUp") && !text.contains("[FEN"), "{text}");
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), "{text}");
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.trim_end().ends_with('*'));
    let (back, info) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(sans(&back), sans(&g));
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.outcome(), None);
    assert_eq!(info.header.white, "Ann \"the Rook\" Smith");
    assert_eq!(info.header.black, "Bob\\Jones");
    assert_eq!(info.header.date, "2024.05.17");
    assert_eq!(info.header.event, "Thursday club");
}

#[test]
fn pgn_round_trip_of_a_finished_game_keeps_the_result() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    let text = write_pgn(&g, &PgnHeader::default());
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
    assert!(text.contains("4. Qxf7# 1-0"), "{text}");
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    let o = back.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::WHITE), EndReason::Checkmate)
    );
}

#[test]
fn pgn_round_trip_from_a_fen_start_with_setup() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 12";
    let mut g = game(fen);
    play(&mut g, "O-O-O O-O Rd2 Rfe1");
    let text = write_pgn(&g, &PgnHeader::default());
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("12... O-O-O 13. O-O Rd2 14. Rfe1"), "{text}");
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.start_fen(), fen);
    assert_eq!(sans(&back), sans(&g));
    assert_eq!(back.fen(), g.fen());
}

#[test]
fn pgn_round_trip_primary_variant_with_rule_options() {
    let mut rules = RuleSet::primary();
    rules.apply_options("castling=on margin=5").unwrap();
    let mut g = Game::new(rules.clone()).unwrap();
    play(&mut g, "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O d6");
    let text = write_pgn(&g, &PgnHeader::default());
    assert!(text.contains("[Variant \"Primary Chess\"]"), "{text}");
    assert!(
        text.contains("[RuleOptions \"castling=on margin=5\"]"),
        "{text}"
    );
    // Read with another default mode: the tags decide.
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.rules(), &rules);
    assert_eq!(sans(&back), sans(&g));
    assert_eq!(back.fen(), g.fen());
    // Without the options castling would be illegal there.
    let plain = text.replace("[RuleOptions \"castling=on margin=5\"]\n", "");
    let err = read_pgn(&plain, Mode::Orthodox).unwrap_err();
    assert!(err.contains("4. O-O"), "{err}");
}

const ANNOTATED: &str = r#"[Event "Annotated"]
[Site "Somewhere"]
[White "A"]
[Black "B"]
[Result "1-0"]

% an escaped line ( that is ignored
1.e4 {King's pawn; (not a variation)} e5 ; a comment to the end of the line ( {
2. Nf3 $1 (2. f4 exf4 (2... d5 {counter-gambit} 3. exd5) 3. Nf3) 2... Nc6!? 3.Bc4 Bc5
4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5 $14 9. exd5 Nxd5
10. Qb3 Nce7 11. 0-0 O-O 12. Rfe1 c6 13. a4 (13. Ne4 {or} Qb6) 13... Qb6 14. Qxb6 axb6 1-0
"#;

#[test]
fn pgn_reads_comments_variations_nags_and_move_numbers() {
    let (g, info) = read_pgn(ANNOTATED, Mode::Orthodox).unwrap();
    assert_eq!(g.moves().len(), 28);
    assert_eq!(sans(&g)[..4], ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(sans(&g)[20], "O-O");
    assert_eq!(g.moves().last().unwrap().san, "axb6");
    assert_eq!(info.header.white, "A");
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::WHITE), EndReason::Recorded)
    );
    assert_eq!(o.half_points, [2, 0]);
}

#[test]
fn pgn_reads_each_result_token() {
    for (result, winner) in [
        ("1-0", Some(Side::WHITE)),
        ("0-1", Some(Side::BLACK)),
        ("1/2-1/2", None),
    ] {
        let (g, _) = read_pgn(&format!("1. e4 e5 {result}"), Mode::Orthodox).unwrap();
        assert_eq!(g.outcome().map(|o| o.winner), Some(winner), "{result}");
        assert_eq!(g.moves().len(), 2);
    }
    let (g, _) = read_pgn("1. e4 e5 *", Mode::Orthodox).unwrap();
    assert!(!g.is_over());
    // Moves after the result token are not part of the game.
    let (g, _) = read_pgn("1. e4 1-0 e5", Mode::Orthodox).unwrap();
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn pgn_errors_say_what_and_where() {
    let cases: &[(&str, &[&str])] = &[
        (
            "[Variant \"Atomic\"]\n\n1. e4 *",
            &["unknown variant", "Atomic"],
        ),
        ("[Event \"x\"\n\n1. e4 *", &["line 1", "']'"]),
        (
            "[White \"A\"]\n[Event x]\n\n1. e4 *",
            &["line 2", "double quotes"],
        ),
        ("[Event]\n\n1. e4 *", &["line 1", "name and a value"]),
        ("1. e4 e5 2. Ke3 *", &["2.", "Ke3", "illegal"]),
        ("1. e4 Ke6 *", &["1...", "Ke6", "illegal"]),
        (
            "1. e4 e5 2. Nf3 Nc6 3. d3 d6 4. Nd2 *",
            &["4.", "Nd2", "ambiguous"],
        ),
        ("1. e4 (1. d4 d5 2. c4 e5 *", &["variation", "never closed"]),
        ("1. e4 (1. d4 (1... d5) *", &["variation", "never closed"]),
        ("1. e4 ) e5 *", &["')'"]),
        (
            "1. e4 {a comment that never ends",
            &["comment", "never closed"],
        ),
        ("[FEN \"8/8/8 w - - 0 1\"]\n\n*", &["FEN", "ranks"]),
        (
            "[RuleOptions \"castling=maybe\"]\n\n*",
            &["RuleOptions", "castling"],
        ),
        ("1. f3 e5 2. g4 Qh4# 3. a3 *", &["3.", "a3", "over"]),
    ];
    for (text, words) in cases {
        let err = match read_pgn(text, Mode::Orthodox) {
            Ok((g, _)) => panic!("{text:?} accepted: {}", g.fen()),
            Err(e) => e,
        };
        for w in *words {
            assert!(err.contains(w), "{text:?}: {err:?} lacks {w:?}");
        }
    }
}

#[test]
fn pgn_resigned_game_keeps_its_result_through_write_and_read() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "d4 d5 c4");
    g.act(Action::Resign(Side::BLACK)).unwrap();
    let text = write_pgn(&g, &PgnHeader::default());
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"resignation\"]"), "{text}");
    assert!(text.trim_end().ends_with("2. c4 1-0"), "{text}");
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.outcome(), g.outcome());
    assert_eq!(back.fen(), g.fen());
}

#[test]
fn pgn_keeps_the_reason_of_draws_and_time_losses() {
    let mut claimed = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut claimed, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    claimed.act(Action::ClaimDraw).unwrap();
    let mut fifty = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut fifty, "Ra2");
    fifty.act(Action::ClaimDraw).unwrap();
    let mut agreed = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut agreed, "e4");
    agreed.act(Action::OfferDraw(Side::WHITE)).unwrap();
    agreed.act(Action::AcceptDraw).unwrap();
    let mut flagged = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut flagged, "e4");
    flagged.act(Action::Flag(Side::BLACK)).unwrap();
    let mut flag_draw = game("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    flag_draw.act(Action::Flag(Side::WHITE)).unwrap();
    let mut stopped = Game::new(RuleSet::primary()).unwrap();
    play(&mut stopped, "e4 d5 exd5");
    stopped.act(Action::Stop).unwrap();
    for (g, reason) in [
        (&claimed, EndReason::ThreefoldRepetition),
        (&fifty, EndReason::FiftyMoves),
        (&agreed, EndReason::Agreement),
        (&flagged, EndReason::Timeout),
        (&flag_draw, EndReason::TimeoutInsufficient),
        (&stopped, EndReason::Adjudication),
    ] {
        assert_eq!(g.outcome().unwrap().reason, reason);
        let text = write_pgn(g, &PgnHeader::default());
        let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
        assert_eq!(back.outcome(), g.outcome(), "{text}");
    }
}

#[test]
fn pgn_termination_that_contradicts_the_result_is_not_trusted() {
    let text = "[Result \"1/2-1/2\"]\n[Termination \"resignation\"]\n\n1. e4 e5 1/2-1/2";
    let (g, _) = read_pgn(text, Mode::Orthodox).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Recorded));
    let text = "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 1-0";
    let o = read_pgn(text, Mode::Orthodox).unwrap().0.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::WHITE), EndReason::Timeout)
    );
}

// ---- saved records ----

fn through_json(g: &Game) -> Game {
    let json = serde_json::to_string(&g.to_record()).unwrap();
    let record: GameRecord = serde_json::from_str(&json).unwrap();
    Game::from_record(&record).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn assert_same_game(a: &Game, b: &Game) {
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.start_fen(), b.start_fen());
    let uci = |g: &Game| g.moves().iter().map(|m| m.uci.clone()).collect::<Vec<_>>();
    assert_eq!(uci(a), uci(b));
    assert_eq!(sans(a), sans(b));
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.draw_offer(), b.draw_offer());
    assert_eq!(a.rules(), b.rules());
}

#[test]
fn record_round_trip_through_json() {
    let mut ongoing = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut ongoing, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
    ongoing.act(Action::OfferDraw(Side::WHITE)).unwrap();
    let mut mated = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut mated, "f3 e5 g4 Qh4#");
    let mut resigned = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut resigned, "e4");
    resigned.act(Action::Resign(Side::WHITE)).unwrap();
    let mut claimed = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut claimed, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    claimed.act(Action::ClaimDraw).unwrap();
    let mut from_fen = game("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 12");
    play(&mut from_fen, "O-O-O O-O");
    let mut promoted = game("1n2k3/P6p/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut promoted, "axb8=N Kd8");
    let mut rules = RuleSet::primary();
    rules.apply_options("castling=on midline=on").unwrap();
    let mut primary = Game::new(rules).unwrap();
    play(&mut primary, "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O");
    for g in [
        &ongoing, &mated, &resigned, &claimed, &from_fen, &promoted, &primary,
    ] {
        assert_same_game(g, &through_json(g));
    }
    assert_eq!(through_json(&ongoing).draw_offer(), Some(Side::WHITE));
    assert_eq!(
        through_json(&resigned).outcome().unwrap().reason,
        EndReason::Resignation
    );
}

#[test]
fn record_errors_are_errors_not_panics() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 e5 Nf3");
    let good = g.to_record();
    assert_eq!(good.version, RECORD_VERSION);

    let mut other_version = good.clone();
    other_version.version = RECORD_VERSION + 1;
    let err = Game::from_record(&other_version).unwrap_err();
    assert!(err.contains(&(RECORD_VERSION + 1).to_string()), "{err}");

    let mut bad_move = good.clone();
    bad_move.moves[2] = "e2e5".into();
    let err = Game::from_record(&bad_move).unwrap_err();
    assert!(err.contains("move 3") && err.contains("e2e5"), "{err}");

    let mut garbage_move = good.clone();
    garbage_move.moves.push("ñ@@".into());
    assert!(Game::from_record(&garbage_move).is_err());

    let mut bad_start = good.clone();
    bad_start.start_fen = "8/8/8 w - - 0 1".into();
    let err = Game::from_record(&bad_start).unwrap_err();
    assert!(
        err.contains("start position") && err.contains("ranks"),
        "{err}"
    );

    let mut mated = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut mated, "f3 e5 g4 Qh4#");
    let mut past_the_end = mated.to_record();
    past_the_end.moves.push("a2a3".into());
    assert!(Game::from_record(&past_the_end)
        .unwrap_err()
        .contains("over"));

    for json in [
        "",
        "{",
        "null",
        "[]",
        "{\"version\":1}",
        "{not json}",
        "{\"version\":\"one\",\"rules\":null}",
    ] {
        assert!(serde_json::from_str::<GameRecord>(json).is_err(), "{json}");
    }
    // Every truncation of a valid record either fails to parse or replays without panic.
    let json = serde_json::to_string(&good).unwrap();
    for end in 0..json.len() {
        if let Ok(r) = serde_json::from_str::<GameRecord>(&json[..end]) {
            let _ = Game::from_record(&r);
        }
    }
    // The untouched record still loads.
    assert_same_game(&Game::from_record(&good).unwrap(), &g);
}

/// One game for every way a two-player game can end (RULES.md §1, §2, §3, §5), each in the
/// mode where it happens. Shared by the PGN and saved-record round trips.
fn one_game_per_ending() -> Vec<Game> {
    let rules = |mode: Mode, words: &str| {
        let mut r = RuleSet::for_mode(mode);
        r.apply_options(words).unwrap();
        r
    };
    let from = |mut r: RuleSet, fen: &str, moves: &str| {
        // A custom game's start position is one of its rules (RULES.md §5).
        if r.mode == Mode::Custom {
            r.start_fen = fen.to_string();
        }
        let mut g = Game::from_fen(r, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        play(&mut g, moves);
        g
    };
    let ortho = RuleSet::orthodox;
    let primary = RuleSet::primary;
    let sharp = RuleSet::sharp;
    let mut out = vec![
        from(ortho(), START, "f3 e5 g4 Qh4#"),
        from(ortho(), "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "Qb6"),
        from(ortho(), "k7/8/8/8/8/8/8/1b5K w - - 0 1", ""),
        from(
            ortho(),
            START,
            "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
        ),
        from(ortho(), "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "Ra2"),
        from(primary(), "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "Qxe1"),
        from(
            primary(),
            "7k/8/8/8/8/8/8/RK6 w - - 0 1",
            "Ra8 Kh7 Ra7 Kh8 Ra8 Kh7 Ra7 Kh8 Ra8",
        ),
        from(
            rules(Mode::Primary, "midline=on"),
            "4k3/8/8/8/4K3/8/8/7R w - - 0 1",
            "Ke5",
        ),
        from(primary(), "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1", ""),
        from(primary(), "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", ""),
        from(
            rules(Mode::Custom, "object=stalemate-wins"),
            "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1",
            "Qb6",
        ),
        from(sharp(), "4k3/8/8/8/8/8/8/R3K3[] w - - 98 60", "Ra2 Kd8"),
    ];
    let mut act = |r: RuleSet, fen: &str, moves: &str, actions: &[Action]| {
        let mut g = from(r, fen, moves);
        for &a in actions {
            g.act(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
        }
        out.push(g);
    };
    let (w, b) = (Side::WHITE, Side::BLACK);
    act(
        ortho(),
        START,
        "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
        &[Action::ClaimDraw],
    );
    act(
        ortho(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
        "Ra2",
        &[Action::ClaimDraw],
    );
    act(
        ortho(),
        START,
        "e4",
        &[Action::OfferDraw(w), Action::AcceptDraw],
    );
    act(ortho(), START, "e4 e5", &[Action::Resign(w)]);
    act(ortho(), START, "e4", &[Action::Flag(b)]);
    act(
        ortho(),
        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
        "",
        &[Action::Flag(w)],
    );
    act(primary(), START, "e4 d5 exd5", &[Action::Stop]);
    act(
        primary(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "",
        &[Action::Stop],
    );
    act(
        rules(Mode::Primary, "resign=on"),
        START,
        "e4",
        &[Action::Resign(b)],
    );
    act(
        sharp(),
        "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1",
        "",
        &[Action::ClaimStalemate],
    );
    act(
        sharp(),
        "k7/p7/P7/8/8/8/8/1R5K[] b - - 0 1",
        "",
        &[Action::ClaimStalemate],
    );
    act(
        sharp(),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "",
        &[Action::ProposeFastFifty(w)],
    );
    if let Some(g) = out.last_mut() {
        play(g, "Kf1");
        g.act(Action::AcceptFastFifty).unwrap();
    }
    out
}

/// RULES.md §0 (game record): every ending of every mode is written as PGN and read back with
/// the same reason and the same points — decisive, drawn and Chess#'s partial results.
#[test]
fn pgn_every_ending_of_every_mode_reads_back_with_its_reason_and_points() {
    let games = one_game_per_ending();
    let mut reasons = std::collections::BTreeSet::new();
    for g in &games {
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("not over: {}", g.fen()));
        reasons.insert(format!("{:?}", o.reason));
        let text = write_pgn(g, &PgnHeader::default());
        let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.outcome(), g.outcome(), "{text}");
        assert_eq!(back.rules(), g.rules(), "{text}");
    }
    // Every reason but the one only an import makes (a bare recorded result) is covered.
    let missing: Vec<EndReason> = EndReason::ALL
        .into_iter()
        .filter(|r| *r != EndReason::Recorded && !reasons.contains(&format!("{r:?}")))
        .collect();
    assert!(missing.is_empty(), "no game ends by {missing:?}");
}

/// The same games through the saved record (localStorage) and JSON.
#[test]
fn record_every_ending_of_every_mode_reloads_with_its_reason_and_points() {
    for g in one_game_per_ending() {
        let json = serde_json::to_string(&g.to_record()).unwrap();
        let record: GameRecord = serde_json::from_str(&json).unwrap();
        let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(back.outcome(), g.outcome(), "{json}");
    }
}

/// A saved game is checked, not trusted: a result whose points do not follow from the rules,
/// an offer by a fourth player or impossible scoring values are refused with the reason.
#[test]
fn record_that_contradicts_its_rules_is_refused() {
    let mut g = Game::new(RuleSet::sharp()).unwrap();
    play(&mut g, "K@e1");
    g.act(Action::Resign(Side::BLACK)).unwrap();
    let good = g.to_record();
    let mut points = good.clone();
    if let Some(o) = points.ending.as_mut() {
        o.half_points = [65535, 65535];
    }
    assert!(Game::from_record(&points).unwrap_err().contains("result"));
    let mut winner = good.clone();
    if let Some(o) = winner.ending.as_mut() {
        o.winner = Some(Side(3));
    }
    assert!(Game::from_record(&winner).is_err());
    let mut offer = good.clone();
    offer.ending = None;
    offer.fast_fifty_offer = Some(Side(9));
    assert!(Game::from_record(&offer).is_err());
    let mut scoring = good;
    scoring.rules.scoring.loss = u16::MAX;
    let e = Game::from_record(&scoring).unwrap_err();
    assert!(e.contains("points"), "{e}");
    // What the rules allow reads back: the total of a 10-point game is "10".
    assert_eq!(RuleSet::sharp().scoring.total_text(), "10");
}
