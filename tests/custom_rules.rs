//! Custom games, RULES.md §5 (Rule Zero options, seed 003): one test (or more) per option,
//! named after it. A custom game is orthodox chess plus `key=value` option words.

mod support;
use support::{legal_uci, play};

use classroom_chess::rules::game::{Action, EndReason, Game, GameError};
use classroom_chess::rules::pgn::{read_pgn, write_pgn, PgnHeader};
use classroom_chess::rules::ruleset::{Mode, RuleSet, SHARP_START, STANDARD_START};
use classroom_chess::rules::{option_catalog, validate_setup, Role, Side, Square};

/// Orthodox chess changed by option words, as the rules screen and `--option` make it.
fn custom(words: &str) -> RuleSet {
    let mut r = RuleSet::custom_from(Mode::Orthodox);
    r.apply_options(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"));
    r
}

/// A custom game that starts at `fen`: its start position is one of its rules (RULES.md §5),
/// as the rules screen, the editor, PGN and `rules --fen` make it.
fn game(words: &str, fen: &str) -> Game {
    let mut rules = custom(words);
    rules.start_fen = fen.to_string();
    Game::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square((b[1] - b'1') * 8 + (b[0] - b'a'))
}

fn has(g: &Game, mv: &str) -> bool {
    legal_uci(g).iter().any(|m| m == mv)
}

fn piece_letter(g: &Game, square: &str) -> Option<char> {
    g.position().piece_at(sq(square)).map(|p| {
        let c = p.role.letter();
        if p.side == Side::WHITE {
            c
        } else {
            c.to_ascii_lowercase()
        }
    })
}

// ---- castling ----

#[test]
fn rules_5_castling_rule_zero_with_a_bishop_in_the_corner_goes_to_the_b_file() {
    let mut g = game("castling=rule-zero", "4k3/8/8/8/8/8/8/B3K2N w KQ - 0 1");
    assert!(has(&g, "e1b1"), "{:?}", legal_uci(&g));
    // Not the usual squares: the bishop must land on a square of its own colour.
    assert!(!has(&g, "e1c1"));
    play(&mut g, "O-O-O");
    assert_eq!(g.moves()[0].san, "O-O-O");
    assert_eq!(piece_letter(&g, "b1"), Some('K'));
    assert_eq!(piece_letter(&g, "c1"), Some('B'));
    assert_eq!(piece_letter(&g, "a1"), None);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/1KB4N b - - 1 1");
}

#[test]
fn rules_5_castling_rule_zero_with_a_knight_in_the_corner_uses_the_usual_squares() {
    let g = game("castling=rule-zero", "4k3/8/8/8/8/8/8/N3K2N w KQ - 0 1");
    assert!(has(&g, "e1c1") && has(&g, "e1g1"), "{:?}", legal_uci(&g));
    let mut long = g.clone();
    play(&mut long, "O-O-O");
    assert_eq!(piece_letter(&long, "c1"), Some('K'));
    assert_eq!(piece_letter(&long, "d1"), Some('N'));
    let mut short = g;
    play(&mut short, "O-O");
    assert_eq!(piece_letter(&short, "g1"), Some('K'));
    assert_eq!(piece_letter(&short, "f1"), Some('N'));
    // Black castles with its corner queen the same way.
    let mut black = game("castling=rule-zero", "q3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    play(&mut black, "O-O-O");
    assert_eq!(piece_letter(&black, "c8"), Some('k'));
    assert_eq!(piece_letter(&black, "d8"), Some('q'));
}

#[test]
fn rules_5_castling_rule_zero_is_never_out_of_through_or_into_check_in_checkmate_games() {
    let rz = "castling=rule-zero";
    // Out of check: the rook on e8 attacks the king.
    assert!(!has(&game(rz, "4r1k1/8/8/8/8/8/8/B3K3 w Q - 0 1"), "e1b1"));
    // Through check: d1 is attacked, the king passes it on its way to b1.
    assert!(!has(&game(rz, "3r2k1/8/8/8/8/8/8/B3K3 w Q - 0 1"), "e1b1"));
    // Through c1 as well (the bishop's castling goes one square further than usual).
    assert!(!has(&game(rz, "2r3k1/8/8/8/8/8/8/B3K3 w Q - 0 1"), "e1b1"));
    // Into check: b1 is attacked.
    assert!(!has(&game(rz, "1r4k1/8/8/8/8/8/8/B3K3 w Q - 0 1"), "e1b1"));
    // The attacked a1 corner itself does not matter (only the king's squares do).
    assert!(has(&game(rz, "r5k1/8/8/8/8/8/8/B3K3 w Q - 0 1"), "e1b1"));
}

#[test]
fn rules_5_castling_rule_zero_is_blocked_by_a_piece_between_and_after_the_corner_piece_moved() {
    let rz = "castling=rule-zero";
    for blocked in [
        "4k3/8/8/8/8/8/8/BN2K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/B1N1K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/B2NK3 w Q - 0 1",
    ] {
        let g = game(rz, blocked);
        assert!(
            !legal_uci(&g).iter().any(|m| m.starts_with("e1b1")),
            "{blocked}: {:?}",
            legal_uci(&g)
        );
    }
    // A corner bishop that has moved away and back lost its right.
    let mut g = game(rz, "4k3/p7/8/8/8/8/7P/B3K3 w Q - 0 1");
    assert!(has(&g, "e1b1"));
    play(&mut g, "Bb2 Kd7 Ba1 Ke8");
    assert!(!has(&g, "e1b1"));
}

#[test]
fn rules_5_castling_rule_zero_keeps_its_check_rules_when_king_capture_is_the_object() {
    // "All rules about check can be ignored except those relating to Castling."
    let g = game(
        "object=king-capture castling=rule-zero",
        "3r2k1/8/8/8/8/8/8/B3K3 w Q - 0 1",
    );
    assert!(!has(&g, "e1b1"));
    assert!(
        has(&g, "e1d1"),
        "the king may walk into check when it can be captured"
    );
}

#[test]
fn rules_5_castling_standard_has_no_castling_with_a_bishop_in_the_corner() {
    let err = Game::from_fen(custom("castling=on"), "4k3/8/8/8/8/8/8/B3K3 w Q - 0 1").unwrap_err();
    assert!(err.contains("rook") && err.contains("a1"), "{err}");
    let off = game("castling=off", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&off, "e1c1") && !has(&off, "e1g1"));
}

// ---- knight ----

#[test]
fn rules_5_knight_non_leaping_b1_goes_to_c3_with_c2_occupied_but_not_with_b2_occupied() {
    let nl = "knight=non-leaping";
    // c2 is only the diagonal-adjacent square of b1-c3: the first step goes via b2.
    let c2 = game(nl, "4k3/8/8/8/8/8/2P5/1N2K3 w - - 0 1");
    assert!(has(&c2, "b1c3") && has(&c2, "b1a3") && has(&c2, "b1d2"));
    // b2 occupied: b1-c3 and b1-a3 both start with the step to b2.
    let b2 = game(nl, "4k3/8/8/8/8/8/1P6/1N2K3 w - - 0 1");
    assert!(
        !has(&b2, "b1c3") && !has(&b2, "b1a3"),
        "{:?}",
        legal_uci(&b2)
    );
    assert!(has(&b2, "b1d2"), "b1-d2 goes via c1, which is empty");
    // Blocked by an enemy piece as well, and a leaping knight is never blocked.
    let enemy = game(nl, "4k3/8/8/8/8/8/1p6/1N2K3 w - - 0 1");
    assert!(!has(&enemy, "b1c3"));
    let leaping = game("", "4k3/8/8/8/8/8/1P6/1N2K3 w - - 0 1");
    assert!(has(&leaping, "b1c3") && has(&leaping, "b1a3"));
}

#[test]
fn rules_5_knight_non_leaping_steps_first_along_the_long_side_of_its_move() {
    // f6-e8 and f6-g8 both start with the orthogonal step to f7, where a pawn stands;
    // f6-d7 starts via e6 and f6-h7 via g6, which are empty.
    let g = game("knight=non-leaping", "k7/5P2/5n2/8/8/8/8/4K3 b - - 0 1");
    assert!(!has(&g, "f6e8") && !has(&g, "f6g8"), "{:?}", legal_uci(&g));
    assert!(has(&g, "f6d7") && has(&g, "f6h7"));
    // Attacks follow the same path: a knight blocked on f7 gives no check to e8.
    let quiet = game("knight=non-leaping", "4k3/5p2/5N2/8/8/8/8/4K3 b - - 0 1");
    assert!(!quiet.position().in_check(Side::BLACK));
    let check = game("", "4k3/5p2/5N2/8/8/8/8/4K3 b - - 0 1");
    assert!(check.position().in_check(Side::BLACK));
}

#[test]
fn rules_5_knight_non_leaping_a_piece_on_its_first_step_is_pinned() {
    // Black's knight on f2 reaches d1 through e2, where White's knight stands: the knight on
    // e2 shields its king and may not step away in a checkmate game.
    let fen = "4k3/8/8/8/8/8/4Nn2/3K4 w - - 0 1";
    let mut g = game("knight=non-leaping", fen);
    let moves = legal_uci(&g);
    assert!(moves.iter().all(|m| !m.starts_with("e2")), "{moves:?}");
    let err = g.play_text("Nc1").unwrap_err();
    assert!(matches!(err, GameError::Illegal(_)), "{err:?}");
    assert!(g.moves().is_empty());
    // The king itself may step aside; a leaping knight would be giving check already.
    assert!(has(&g, "d1c2"));
    assert!(game("", fen).position().in_check(Side::WHITE));
    // Where check restricts nothing, the pinned knight may go and the king be taken.
    let mut capture = game("knight=non-leaping object=king-capture", fen);
    play(&mut capture, "Nc1 Nxd1");
    assert_eq!(
        capture.outcome().map(|o| o.reason),
        Some(EndReason::KingCaptured)
    );
}

#[test]
fn rules_5_knight_non_leaping_check_is_blocked_on_its_first_step() {
    // The knight on f2 checks d1 through the empty e2: Re2 blocks it, as a piece between a
    // rook and a king would; it is not checkmate.
    let g = game("knight=non-leaping", "4R3/k7/8/8/8/8/5n2/3K4 w - - 0 1");
    assert!(g.position().in_check(Side::WHITE));
    assert!(has(&g, "e8e2"), "{:?}", legal_uci(&g));
    assert!(
        !has(&g, "e8e3"),
        "a rook move that does not block is illegal"
    );
    assert!(!g.is_over());
}

// ---- pawn double step ----

#[test]
fn rules_5_pawn_double_step_from_the_second_rank_any_time_then_en_passant() {
    // "A Pawn on the second rank can make its two-step move even if it has previously moved
    // or been moved." On the 8x8 board a pawn never moves backwards and no option here moves
    // a piece as a side effect, so a pawn on its second rank cannot have left it and come
    // back; the core keeps no pawn history and both rules allow the step from the second
    // rank. The honest test: a position set up mid-game (move 30, nothing says whether the
    // g2 pawn has moved), where `second-rank` allows the two-step, en passant follows it,
    // and `never` forbids it.
    let fen = "4k3/8/8/8/7p/8/6P1/4K3 w - - 0 30";
    let mut g = game("double-step=second-rank", fen);
    assert!(has(&g, "g2g4"));
    play(&mut g, "g4");
    assert!(has(&g, "h4g3"), "en passant applies to every double step");
    play(&mut g, "hxg3");
    assert_eq!(
        piece_letter(&g, "g4"),
        None,
        "the g4 pawn was taken en passant"
    );
    assert_eq!(g.moves()[1].san, "hxg3");
    let first = game("double-step=first-move", fen);
    assert_eq!(
        legal_uci(&first),
        legal_uci(&game("double-step=second-rank", fen))
    );
    assert!(!has(&game("double-step=never", fen), "g2g4"));
    // No en passant when the option is off.
    let mut off = game("en-passant=off", fen);
    play(&mut off, "g4");
    assert!(!has(&off, "h4g3"));
}

// ---- promotion ----

/// White's army is a queen, Black's a knight; each has a pawn about to promote.
const ARMIES: &str = "4k1n1/P7/8/8/8/8/7p/Q3K3 w - - 0 1";

#[test]
fn rules_5_promotion_either_army_allows_a_type_only_the_other_army_has() {
    let mut g = game("promotion=either-army", ARMIES);
    let promotions: Vec<String> = legal_uci(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promotions, ["a7a8n", "a7a8q"]);
    play(&mut g, "a8=N");
    assert_eq!(g.moves()[0].san, "a8=N");
    assert!(has(&g, "h2h1q") && has(&g, "h2h1n") && !has(&g, "h2h1r"));
}

#[test]
fn rules_5_promotion_own_army_refuses_a_type_only_the_other_army_has() {
    let mut g = game("promotion=own-army", ARMIES);
    let promotions: Vec<String> = legal_uci(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promotions, ["a7a8q"]);
    let err = g.play_text("a8=N").unwrap_err();
    assert!(matches!(err, GameError::Illegal(_)), "{err:?}");
    assert!(g.moves().is_empty(), "a refused move changes nothing");
    // Each side its own army: Black's pawn becomes a knight, never a queen.
    play(&mut g, "Kd2");
    assert!(has(&g, "h2h1n") && !has(&g, "h2h1q"), "{:?}", legal_uci(&g));
}

#[test]
fn rules_5_promotion_army_is_the_armies_at_the_start_board_and_reserve() {
    // Capturing Black's only knight does not take knights out of "either army".
    let mut g = game("promotion=either-army", "4k3/P7/8/8/8/8/1n6/Q3K3 w - - 0 1");
    play(&mut g, "Qxb2 Kd7");
    assert!(has(&g, "a7a8n"));
    // A reserve counts: Chess#-style start, both reserves full.
    let r = custom("start=reserve promotion=own-army");
    let g = Game::new(r).unwrap();
    let mask = g.position().rules.promotion[0];
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        assert!(mask & (1 << role.index()) != 0, "{role:?}");
    }
    // An army with no piece at all promotes to a queen rather than not at all.
    let bare = game("promotion=own-army", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        legal_uci(&bare)
            .into_iter()
            .filter(|m| m.starts_with("a7a8"))
            .collect::<Vec<_>>(),
        ["a7a8q"]
    );
}

#[test]
fn rules_5_promotion_queen_only_and_any() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let count = |w: &str| {
        legal_uci(&game(w, fen))
            .iter()
            .filter(|m| m.starts_with("a7a8"))
            .count()
    };
    assert_eq!(count("promotion=queen"), 1);
    assert_eq!(count("promotion=any"), 4);
}

// ---- object ----

#[test]
fn rules_5_object_stalemate_wins_makes_repeating_an_earlier_position_illegal() {
    let mut g = Game::new(custom("object=stalemate-wins")).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1");
    // Ng8 would bring back the start position.
    assert!(!has(&g, "f6g8"), "{:?}", legal_uci(&g));
    let err = g.play_text("Ng8").unwrap_err();
    assert!(
        err.to_string().contains("repeat an earlier position"),
        "{err}"
    );
    assert_eq!(g.moves().len(), 3, "the refused move changed nothing");
    // In an ordinary game the same move is fine.
    let mut plain = Game::new(custom("")).unwrap();
    play(&mut plain, "Nf3 Nf6 Ng1 Ng8");
}

#[test]
fn rules_5_object_stalemate_wins_counts_the_board_not_who_is_to_move() {
    // Decision: "an earlier position on the board" is where the pieces stand; a placement
    // first seen with Black to move may not come back with White to move either.
    // Black's king triangulates e8-d8-d7-e8 while White's rook goes h1-h2-h1-h2.
    let mut g = game("object=stalemate-wins", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    play(&mut g, "Rh2 Kd8 Rh1 Kd7 Rh2");
    // Ke8 would rebuild the placement after 1. Rh2 (then Black was to move).
    assert!(!has(&g, "d7e8"), "{:?}", legal_uci(&g));
    let mut plain = game("", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    play(&mut plain, "Rh2 Kd8 Rh1 Kd7 Rh2 Ke8");
}

#[test]
fn rules_5_object_stalemate_wins_stalemating_wins_and_checkmate_still_wins() {
    let mut g = game("object=stalemate-wins", "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1");
    play(&mut g, "Qb6");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::StalemateWin);
    assert_eq!(o.winner, Some(Side::WHITE));
    assert_eq!(o.result(), "1-0");
    // The same move in an ordinary custom game is a drawn stalemate.
    let mut plain = game("", "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1");
    play(&mut plain, "Qb6");
    assert_eq!(plain.outcome().unwrap().reason, EndReason::Stalemate);
    let mut mate = game("object=stalemate-wins", "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    play(&mut mate, "Qc8#");
    assert_eq!(mate.outcome().unwrap().reason, EndReason::Checkmate);
}

#[test]
fn rules_5_object_stalemate_wins_a_player_whose_only_moves_repeat_has_no_move() {
    // Black's king can only shuttle h8-g8 (f8 bishop, g7/f7 king and pawn, h7 own pawn).
    let fen = "7k/7p/5K1P/8/1B6/8/8/R7 w - - 0 1";
    let mut g = game("object=stalemate-wins", fen);
    play(&mut g, "Ra2 Kg8 Ra1");
    // Kh8, Black's only move, would rebuild the start: Black has no move and is not in
    // check, so Black is stalemated, and stalemating wins.
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::StalemateWin);
    assert_eq!(o.winner, Some(Side::WHITE));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn rules_5_object_king_capture_lets_check_be_ignored_checkmate_does_not() {
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    let mate = game("object=checkmate", fen);
    assert!(!has(&mate, "e1d1") && !has(&mate, "e1f1") && has(&mate, "e1e2"));
    let mut capture = game("object=king-capture", fen);
    play(&mut capture, "Kd1 Rxd1");
    let o = capture.outcome().expect("over");
    assert_eq!(o.reason, EndReason::KingCaptured);
    assert_eq!(o.winner, Some(Side::BLACK));
}

// ---- start position ----

#[test]
fn rules_5_start_reserve_empty_back_rank_with_reserves_on_any_base() {
    for base in [Mode::Orthodox, Mode::Primary] {
        let mut r = RuleSet::custom_from(base);
        r.apply_options("start=reserve").unwrap();
        assert!(r.drops);
        let mut g = Game::new(r).unwrap();
        assert_eq!(g.fen(), SHARP_START);
        let moves = legal_uci(&g);
        assert!(
            moves.iter().all(|m| m.contains('@')),
            "{base:?}: king first"
        );
        assert!(has(&g, "K@e1") && !has(&g, "Q@d1"), "queen comes last");
        play(&mut g, "K@e1 K@e8");
        // The base's own pawn rules: a two-square first step in both.
        assert!(has(&g, "e2e4"), "{base:?}");
    }
    let back = custom("start=reserve start=standard");
    assert_eq!(back.start_fen, STANDARD_START);
    assert!(!back.drops);
}

#[test]
fn rules_5_start_position_from_the_editor_may_put_non_rooks_in_the_corners() {
    let mut r = custom("castling=rule-zero");
    r.start_fen = "b3k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1".into();
    let g = Game::new(r.clone()).unwrap();
    assert_eq!(g.fen(), r.start_fen);
    assert!(validate_setup(&r, &r.start_fen).is_ok());
}

// ---- no moves, draws ----

#[test]
fn rules_5_no_moves_stalemate_loses_or_claim() {
    let fen = "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1";
    let end = |w: &str| {
        let mut g = game(w, fen);
        play(&mut g, "Qb6");
        g
    };
    assert_eq!(
        end("no-moves=stalemate").outcome().unwrap().reason,
        EndReason::Stalemate
    );
    let lost = end("no-moves=loses").outcome().unwrap();
    assert_eq!(
        (lost.reason, lost.winner),
        (EndReason::NoMoves, Some(Side::WHITE))
    );
    let mut claim = end("no-moves=claim");
    assert!(!claim.is_over());
    claim.act(Action::ClaimStalemate).unwrap();
    assert_eq!(claim.outcome().unwrap().reason, EndReason::StalemateClaim);
}

#[test]
fn rules_5_draw_rule_insufficient_material_off_dead_position_or_lone_king() {
    let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        game("", bare).outcome().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    assert!(!game("insufficient=off", bare).is_over());
    // Bishops on the same colour: a dead position, but not a lone king.
    let bishops = "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1";
    assert!(game("insufficient=dead-position", bishops).is_over());
    assert!(!game("insufficient=lone-king", bishops).is_over());
    assert!(game("insufficient=lone-king", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").is_over());
}

#[test]
fn rules_5_draw_rule_repetition_on_or_off() {
    let shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let mut on = Game::new(custom("repetition=on")).unwrap();
    play(&mut on, shuffle);
    assert_eq!(on.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    let mut off = Game::new(custom("repetition=off")).unwrap();
    play(&mut off, shuffle);
    play(&mut off, shuffle);
    assert_eq!(off.claimable_draw(), None);
    assert!(!off.is_over(), "no fivefold either");
}

#[test]
fn rules_5_draw_rule_fifty_moves_on_or_off() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut on = game("fifty-moves=on", fen);
    play(&mut on, "Ra2");
    assert_eq!(on.claimable_draw(), Some(EndReason::FiftyMoves));
    let mut off = game("fifty-moves=off", fen);
    play(&mut off, "Ra2");
    assert_eq!(off.claimable_draw(), None);
    assert!(off.act(Action::ClaimDraw).is_err());
}

#[test]
fn rules_5_draw_rule_repeated_check_limit() {
    let fen = "7k/8/8/8/8/8/8/1Q2K3 w - - 0 1";
    let checks = "Qb8+ Kh7 Qb7+ Kh8 Qb8+";
    let mut three = game("repeated-check=3", fen);
    play(&mut three, checks);
    assert_eq!(three.outcome().unwrap().reason, EndReason::RepeatedCheck);
    let mut off = game("repeated-check=off", fen);
    play(&mut off, checks);
    assert!(!off.is_over());
}

// ---- the primary options and the Chess# ones ----

#[test]
fn rules_5_midline_margin_resign_and_draw_offers_options() {
    let mut g = game("midline=on", "4k3/p7/8/8/3K4/8/8/8 w - - 0 1");
    play(&mut g, "Kd5");
    assert_eq!(g.outcome().unwrap().reason, EndReason::MidlineInvasion);
    let mut stop = game("margin=3", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    stop.act(Action::Stop).unwrap();
    assert_eq!(stop.outcome().unwrap().winner, Some(Side::WHITE));
    assert!(Game::new(custom("")).unwrap().act(Action::Stop).is_err());
    let mut no_resign = Game::new(custom("resign=off draw-offers=off")).unwrap();
    assert!(no_resign.act(Action::Resign(Side::WHITE)).is_err());
    assert!(no_resign.act(Action::OfferDraw(Side::WHITE)).is_err());
}

#[test]
fn rules_5_impasse_and_fast_fifty_options() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut g = game("impasse=100", fen);
    play(&mut g, "Ra2");
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winner),
        (EndReason::Impasse, Some(Side::WHITE))
    );
    let mut agreed = Game::new(custom("fast-fifty=on")).unwrap();
    agreed.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    play(&mut agreed, "e4");
    agreed.act(Action::AcceptFastFifty).unwrap();
    assert_eq!(agreed.outcome().unwrap().reason, EndReason::FastFifty);
    assert!(Game::new(custom(""))
        .unwrap()
        .act(Action::ProposeFastFifty(Side::WHITE))
        .is_err());
}

#[test]
fn rules_5_scoring_tables_fide_primary_sharp() {
    let fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    let points = |w: &str| {
        let mut g = game(w, fen);
        play(&mut g, "Qc8#");
        g.outcome().unwrap().half_points
    };
    assert_eq!(points("scoring=fide"), [2, 0]);
    assert_eq!(points("scoring=primary"), [6, 2]);
    assert_eq!(points("scoring=sharp"), [20, 0]);
    let mut stale = game(
        "scoring=sharp no-moves=claim",
        "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1",
    );
    play(&mut stale, "Qb6");
    stale.act(Action::ClaimStalemate).unwrap();
    assert_eq!(stale.outcome().unwrap().half_points, [16, 4]);
}

// ---- words, records ----

#[test]
fn rules_5_option_words_round_trip_for_every_base_mode() {
    for base in [Mode::Orthodox, Mode::Primary, Mode::Sharp] {
        let r = RuleSet::custom_from(base);
        assert_eq!(r.mode, Mode::Custom);
        let words = r.changed_options().join(" ");
        let mut again = RuleSet::for_mode(Mode::Custom);
        again.apply_options(&words).unwrap();
        assert_eq!(again, r, "{base:?}: {words}");
    }
    // Every choice of every option on top of every base, one at a time.
    for base in [Mode::Orthodox, Mode::Primary, Mode::Sharp] {
        for spec in option_catalog() {
            for choice in spec.choices {
                let mut r = RuleSet::custom_from(base);
                r.set_option(spec.key, choice.value).unwrap();
                let mut again = RuleSet::for_mode(Mode::Custom);
                again.apply_options(&r.changed_options().join(" ")).unwrap();
                assert_eq!(again, r, "{base:?} {}={}", spec.key, choice.value);
            }
        }
    }
    assert_eq!(
        RuleSet::custom_from(Mode::Primary)
            .changed_options()
            .join(" "),
        "object=king-capture castling=off en-passant=off promotion=queen no-moves=loses \
         insufficient=lone-king repetition=off fifty-moves=off repeated-check=5 margin=3 \
         resign=off draw-offers=off scoring=primary"
    );
}

#[test]
fn rules_5_bad_option_words_are_refused_and_change_nothing() {
    let mut r = custom("castling=rule-zero");
    let before = r.clone();
    let err = r
        .apply_options("knight=non-leaping promotion=king")
        .unwrap_err();
    assert_eq!(
        err,
        "option promotion: expected queen, any, own-army or either-army, got 'king'"
    );
    assert_eq!(r, before);
    assert!(r
        .apply_options("impasse=1")
        .unwrap_err()
        .contains("impasse"));
    assert!(r
        .apply_options("speed=fast")
        .unwrap_err()
        .contains("unknown option 'speed'"));
    assert_eq!(r, before);
}

#[test]
fn rules_5_custom_game_pgn_has_variant_and_rule_options_and_reads_back() {
    let header = PgnHeader::default();
    // Standard start: no FEN tag.
    let rules = custom("object=stalemate-wins castling=rule-zero promotion=either-army");
    let mut g = Game::new(rules.clone()).unwrap();
    play(&mut g, "e4 e5 Nf3 Nc6");
    let text = write_pgn(&g, &header);
    assert!(text.contains("[Variant \"Custom\"]"), "{text}");
    assert!(
        text.contains(
            "[RuleOptions \"object=stalemate-wins castling=rule-zero promotion=either-army\"]"
        ),
        "{text}"
    );
    assert!(!text.contains("[FEN"), "{text}");
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.rules(), &rules);
    assert_eq!(back.fen(), g.fen());
    // A reserve start is a word, not a FEN.
    let reserve = custom("start=reserve object=king-capture");
    let mut g = Game::new(reserve.clone()).unwrap();
    play(&mut g, "K@e1 N@b8");
    let text = write_pgn(&g, &header);
    assert!(
        text.contains("start=reserve") && !text.contains("[FEN"),
        "{text}"
    );
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.rules(), &reserve);
    assert_eq!(back.fen(), g.fen());
    // A setup-editor start travels as the FEN tag and comes back as the start rule.
    let mut editor = custom("castling=rule-zero promotion=own-army");
    editor.start_fen = "b3k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1".into();
    let mut g = Game::new(editor.clone()).unwrap();
    play(&mut g, "Ng3 e5 O-O-O");
    let text = write_pgn(&g, &header);
    assert!(
        text.contains(&format!("[FEN \"{}\"]", editor.start_fen)),
        "{text}"
    );
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.rules(), &editor);
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.moves()[2].san, "O-O-O");
    // An editor start with reserves: `drops=on` is the word, the FEN the placement.
    let mut held = custom("object=king-capture");
    held.drops = true;
    held.start_fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRrb] w - - 0 1".into();
    let mut g = Game::new(held.clone()).unwrap();
    assert_eq!(g.fen(), held.start_fen);
    play(&mut g, "R@a1 B@c8");
    let text = write_pgn(&g, &header);
    assert!(text.contains("drops=on") && text.contains("[FEN"), "{text}");
    let (back, _) = read_pgn(&text, Mode::Orthodox).unwrap();
    assert_eq!(back.rules(), &held);
    assert_eq!(back.fen(), g.fen());
}

#[test]
fn rules_5_a_start_the_rules_cannot_play_is_refused_with_the_reason() {
    let mut r = custom("knight=non-leaping object=king-capture");
    r.start_fen = "not a position".into();
    let e = Game::new(r).unwrap_err();
    assert!(e.contains("start position"), "{e}");
    // A reserve start without placements cannot be made from words.
    let mut words = RuleSet::custom_from(Mode::Orthodox);
    let before = words.clone();
    let e = words.apply_options("start=reserve drops=off").unwrap_err();
    assert!(e.contains("start=reserve") && e.contains("drops"), "{e}");
    assert_eq!(words, before, "a refused word changes nothing");
    // The rules of a saved game are checked the same way.
    let mut saved = Game::new(custom("")).unwrap().to_record();
    saved.rules.drops = false;
    saved.rules.start_fen = SHARP_START.into();
    assert!(Game::from_record(&saved).is_err());
}

#[test]
fn rules_5_promotion_army_is_kept_by_a_fen_of_a_later_position() {
    // Black's knight is taken; Black's army is still "knight", so a FEN of the position read
    // back with the same rules keeps Black's pawn promoting to a knight, never a queen.
    let mut g = game("promotion=own-army", ARMIES);
    play(&mut g, "Qg7 Kd8 Qxg8+ Kc7 Kd2");
    assert!(has(&g, "h2h1n") && !has(&g, "h2h1q"), "{:?}", legal_uci(&g));
    let again = Game::from_fen(g.rules().clone(), &g.fen()).unwrap();
    assert!(
        has(&again, "h2h1n") && !has(&again, "h2h1q"),
        "{:?}",
        legal_uci(&again)
    );
}

#[test]
fn rules_5_custom_game_saved_record_replays_with_army_promotion() {
    let mut g = game("promotion=either-army", ARMIES);
    play(&mut g, "a8=N");
    let again = Game::from_record(&g.to_record()).unwrap();
    assert_eq!(again.fen(), g.fen());
    assert!(has(&again, "h2h1q"));
}

// ---- setup editor checks ----

#[test]
fn rules_5_setup_check_accepts_playable_starts() {
    let orthodox = custom("");
    assert!(validate_setup(&orthodox, STANDARD_START).is_ok());
    let sharp = RuleSet::custom_from(Mode::Sharp);
    assert!(validate_setup(&sharp, SHARP_START).is_ok());
    // King-capture with a reserve: the white king may wait in the reserve.
    assert!(validate_setup(&sharp, "4k3/8/8/8/8/8/PPPPPPPP/8[K] w - - 0 1").is_ok());
}

#[test]
fn rules_5_setup_check_refuses_impossible_positions_with_a_reason() {
    let orthodox = custom("");
    let capture = custom("object=king-capture");
    let refuse = |rules: &RuleSet, fen: &str, words: &[&str]| {
        let err = validate_setup(rules, fen).expect_err(fen);
        for w in words {
            assert!(err.contains(w), "{fen}: '{err}' should mention '{w}'");
        }
    };
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        &["White has two kings"],
    );
    refuse(
        &capture,
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        &["White has two kings"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        &["White has no king"],
    );
    refuse(
        &capture,
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        &["Black has no king"],
    );
    refuse(&orthodox, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", &["pawn", "a8"]);
    refuse(&orthodox, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", &["pawn", "a1"]);
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
        &["Black is in check"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        &["9 pawns", "at most 8"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/QQ6/PPPPPPPP/RNBQKBNR w - - 0 1",
        &["18 pieces", "at most 16"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        &["castling", "h1"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/R4K2 w Q - 0 1",
        &["castling", "e1"],
    );
    // A corner bishop may castle only under Rule Zero.
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/B3K3 w Q - 0 1",
        &["castling", "rook"],
    );
    // (Pawns too: a bishop alone could not mate, the game would be drawn before it starts.)
    assert!(validate_setup(
        &custom("castling=rule-zero"),
        "4k3/p7/8/8/8/8/7P/B3K3 w Q - 0 1"
    )
    .is_ok());
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        &["en passant", "e3"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
        &["en passant"],
    );
    refuse(
        &orthodox,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        &["unexpected"],
    );
}
