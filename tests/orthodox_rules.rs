//! RULES.md §1 (orthodox chess, FIDE) and the §6 clock rule, one test per rule, through the
//! public `Game` API. Each test is named after the rule it checks.

mod support;
use support::{legal_uci, play};

use classroom_chess::rules::{Action, EndReason, Game, GameError, RuleSet, Side, Status};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Both sides may castle both ways, nothing else on the board.
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

fn game(fen: &str) -> Game {
    Game::from_fen(RuleSet::orthodox(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn can(g: &Game, uci: &str) -> bool {
    legal_uci(g).iter().any(|m| m == uci)
}

/// The rule that a refused move or action changes nothing: FEN, move count, offer, outcome.
fn snapshot(g: &Game) -> (String, usize, Option<Side>, Status) {
    (g.fen(), g.moves().len(), g.draw_offer(), g.status())
}

fn assert_refused_move(g: &mut Game, text: &str) -> GameError {
    let before = snapshot(g);
    let err = match g.play_text(text) {
        Ok(_) => panic!("{text} was accepted in {}", before.0),
        Err(e) => e,
    };
    assert_eq!(snapshot(g), before, "refusing {text} changed the game");
    err
}

fn fool_mated() -> Game {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4#");
    g
}

fn outcome(g: &Game) -> (Option<Side>, EndReason, [u16; 2]) {
    let o = g
        .outcome()
        .unwrap_or_else(|| panic!("game not over: {}", g.fen()));
    (o.winner, o.reason, o.half_points)
}

const WHITE_WINS: [u16; 2] = [2, 0];
const BLACK_WINS: [u16; 2] = [0, 2];
const DRAWN: [u16; 2] = [1, 1];

// ---- castling ----

#[test]
fn rules_1_castling_both_wings_when_all_conditions_hold() {
    let mut g = game(CASTLES);
    assert!(can(&g, "e1g1") && can(&g, "e1c1"));
    play(&mut g, "O-O");
    assert!(
        g.fen().starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq "),
        "{}",
        g.fen()
    );
    // The white rook now on f1 attacks f8: Black may castle long only.
    assert!(can(&g, "e8c8") && !can(&g, "e8g8"));
    play(&mut g, "O-O-O");
    assert_eq!(g.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn rules_1_castling_rights_lost_after_king_moves_and_comes_back() {
    let mut g = game(CASTLES);
    play(&mut g, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
    assert_refused_move(&mut g, "O-O");
    assert_refused_move(&mut g, "O-O-O");
}

#[test]
fn rules_1_castling_rights_lost_after_rook_moves_and_comes_back() {
    let mut g = game(CASTLES);
    play(&mut g, "Rh2 Ra7 Rh1 Ra8");
    assert_eq!(g.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert!(!can(&g, "e1g1"), "king side rook moved");
    assert!(can(&g, "e1c1"), "queen side rook never moved");
    play(&mut g, "Kd1");
    assert!(can(&g, "e8g8") && !can(&g, "e8c8"));
}

#[test]
fn rules_1_castling_rights_lost_when_the_rook_is_captured() {
    // The black bishop takes the h1 rook; a white rook arriving on h1 later brings no right.
    let mut g = game("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(&mut g, "Bxh1");
    assert!(g.fen().contains(" w Qkq "), "{}", g.fen());
    assert!(!can(&g, "e1g1"));
    assert!(can(&g, "e1c1"));
}

#[test]
fn rules_1_castling_not_with_pieces_between() {
    // Start position: everything is blocked.
    let g = game(START);
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
    // A knight on b1 blocks the long castling even though the king never crosses b1.
    let g = game("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert!(!can(&g, "e1c1"));
    assert!(can(&g, "e1g1"));
    // An enemy piece between blocks as well.
    let g = game("r3k2r/8/8/8/8/8/8/R3Kn1R w KQkq - 0 1");
    assert!(!can(&g, "e1g1"));
    assert!(can(&g, "e1c1"));
}

#[test]
fn rules_1_castling_not_out_of_check() {
    // The b4 bishop checks the e1 king: neither castling, though the paths are free.
    let mut g = game("r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1");
    assert!(g.position().in_check(Side::WHITE));
    assert!(!can(&g, "e1g1") && !can(&g, "e1c1"));
    assert_refused_move(&mut g, "O-O");
    // A check does not take the rights away: after it is blocked they are still there.
    let mut g = game("r3k2r/8/8/8/1b2N3/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Nc3");
    assert!(g.fen().contains(" b KQkq "), "{}", g.fen());
    play(&mut g, "Ba5");
    assert!(can(&g, "e1g1") && can(&g, "e1c1"));
}

#[test]
fn rules_1_castling_not_through_attacked_square() {
    // The rook on f8 attacks f1, which the king must cross; d1 is free, so O-O-O stays legal.
    let mut g = game("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!can(&g, "e1g1"));
    assert!(can(&g, "e1c1"));
    let err = assert_refused_move(&mut g, "O-O");
    assert!(err.to_string().contains("O-O"), "{err}");
    // d1 attacked: no long castling.
    let g = game("r2rk3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!can(&g, "e1c1"));
    assert!(can(&g, "e1g1"));
}

#[test]
fn rules_1_castling_not_into_check() {
    let g = game("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!can(&g, "e1g1"), "g1 is attacked by the g8 rook");
    let g = game("r1r1k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!can(&g, "e1c1"), "c1 is attacked by the c8 rook");
    assert!(can(&g, "e1g1"));
}

#[test]
fn rules_1_castling_queen_side_b_square_may_be_attacked() {
    // The rook on b8 attacks b1 (which the rook crosses, not the king): O-O-O is legal.
    let mut g = game("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(can(&g, "e1c1"));
    play(&mut g, "O-O-O");
    assert!(
        g.fen().starts_with("1r2k3/8/8/8/8/8/8/2KR3R b"),
        "{}",
        g.fen()
    );
    // Same for Black: b8 attacked by a rook on b1.
    let g = game("r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1");
    assert!(can(&g, "e8c8"));
}

// ---- en passant ----

#[test]
fn rules_1_en_passant_on_the_immediately_following_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    assert!(can(&g, "e5d6"));
    let mut later = g.clone();
    play(&mut g, "exd6");
    assert_eq!(g.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(g.moves().last().unwrap().san, "exd6");
    // One move later the right is gone.
    play(&mut later, "Kd1 Kd7");
    assert!(!can(&later, "e5d6"));
    assert_refused_move(&mut later, "exd6");
}

#[test]
fn rules_1_en_passant_only_after_a_double_step() {
    // The pawn reached d5 in two single steps: no en passant.
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d6 Kd1 d5");
    assert!(!can(&g, "e5d6"));
}

#[test]
fn rules_1_en_passant_that_exposes_the_king_is_illegal() {
    // Both pawns leave the fifth rank: the h5 rook would attack the a5 king.
    let mut g = game("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!can(&g, "b5c6"));
    assert!(can(&g, "b5b6"));
    assert_refused_move(&mut g, "bxc6");
    // Without the rook it is legal.
    let g = game("8/8/8/KPp5/8/8/8/4k3 w - c6 0 1");
    assert!(can(&g, "b5c6"));
}

#[test]
fn rules_1_en_passant_can_answer_a_check_by_the_double_stepped_pawn() {
    // d7-d5 gives check to the e4 king; exd6 e.p. removes the checker.
    let mut g = game("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1");
    play(&mut g, "d5+");
    assert!(g.position().in_check(Side::WHITE));
    assert!(can(&g, "e5d6"));
}

// ---- promotion ----

#[test]
fn rules_1_promotion_to_queen_rook_bishop_or_knight_by_choice() {
    let base = game("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let moves = legal_uci(&base);
    for m in [
        "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    assert!(!moves
        .iter()
        .any(|m| m == "a7a8" || m == "a7a8k" || m == "a7a8p"));
    for (san, letter) in [("a8=Q", 'Q'), ("a8=R", 'R'), ("a8=B", 'B'), ("a8=N", 'N')] {
        let mut g = base.clone();
        play(&mut g, san);
        assert!(
            g.fen().starts_with(&format!("{letter}n2k3/8/")),
            "{san}: {}",
            g.fen()
        );
    }
    let mut g = base.clone();
    play(&mut g, "axb8=N");
    assert!(g.fen().starts_with("1N2k3/8/"), "{}", g.fen());
}

// ---- no move may leave the king in check ----

#[test]
fn rules_1_no_move_may_leave_the_king_in_check_pinned_piece() {
    // The e2 knight is pinned by the e7 rook: it may not move at all.
    let mut g = game("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(!legal_uci(&g).iter().any(|m| m.starts_with("e2")));
    assert_refused_move(&mut g, "Nc3");
    // A pinned rook may move along the pin line, capturing the pinner included.
    let g = game("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    let rook: Vec<String> = legal_uci(&g)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    let mut rook_sorted = rook.clone();
    rook_sorted.sort();
    assert_eq!(rook_sorted, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]);
    // A diagonally pinned bishop keeps its diagonal only.
    let g = game("4k3/8/8/8/8/2q5/3B4/4K3 w - - 0 1");
    let bishop: Vec<String> = legal_uci(&g)
        .into_iter()
        .filter(|m| m.starts_with("d2"))
        .collect();
    assert_eq!(bishop, ["d2c3"]);
}

#[test]
fn rules_1_no_move_may_leave_the_king_in_check_king_steps() {
    // The king may not step onto a square the rook attacks, nor along the rook's line away
    // from it.
    let mut g = game("3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!can(&g, "e1d1") && !can(&g, "e1d2"));
    assert!(can(&g, "e1e2") && can(&g, "e1f1"));
    assert_refused_move(&mut g, "Kd2");
    let g = game("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(
        !can(&g, "e1f1"),
        "f1 is on the checking rook's line behind the king"
    );
    assert!(can(&g, "e1e2"));
}

#[test]
fn rules_1_no_move_may_leave_the_king_in_check_evasions_only() {
    // In check from the e8 rook: only king moves, the block on e2 and nothing else.
    let g = game("1k2r3/8/8/8/8/8/R7/4K3 w - - 0 1");
    let mut moves = legal_uci(&g);
    moves.sort();
    assert_eq!(moves, ["a2e2", "e1d1", "e1d2", "e1f1", "e1f2"]);
    // Double check (rook and bishop): king moves only, and not to d2 (bishop) or e2 (rook).
    let g = game("1k2r3/8/8/8/1b6/8/R7/4K3 w - - 0 1");
    let mut moves = legal_uci(&g);
    moves.sort();
    assert_eq!(moves, ["e1d1", "e1f1", "e1f2"]);
    assert!(
        legal_uci(&g).iter().all(|m| m.starts_with("e1")),
        "{:?}",
        legal_uci(&g)
    );
}

// ---- game ends ----

#[test]
fn rules_1_checkmate_wins_fools_mate() {
    let g = fool_mated();
    assert_eq!(
        outcome(&g),
        (Some(Side::BLACK), EndReason::Checkmate, BLACK_WINS)
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.result(), "0-1");
    assert_eq!(o.status_key(), "checkmate");
    assert_eq!(g.moves().last().unwrap().san, "Qh4#");
    assert!(g.legal_moves().is_empty());
    assert!(g.is_checkmate());
}

#[test]
fn rules_1_checkmate_wins_for_white_too() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    assert_eq!(
        outcome(&g),
        (Some(Side::WHITE), EndReason::Checkmate, WHITE_WINS)
    );
    assert_eq!(g.outcome().unwrap().result(), "1-0");
}

#[test]
fn rules_1_stalemate_is_a_draw() {
    let mut g = game("k7/8/8/2Q5/8/8/8/7K w - - 0 1");
    play(&mut g, "Qb6");
    assert_eq!(outcome(&g), (None, EndReason::Stalemate, DRAWN));
    assert_eq!(g.outcome().unwrap().result(), "1/2-1/2");
    assert!(!g.position().in_check(Side::BLACK));
    // A position given by FEN that is already stalemate is over at once.
    let g = game("k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert_eq!(outcome(&g).1, EndReason::Stalemate);
}

#[test]
fn rules_1_dead_position_king_v_king() {
    let g = game("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    assert_eq!(outcome(&g), (None, EndReason::InsufficientMaterial, DRAWN));
    // Reached by a capture during play.
    let mut g = game("k7/8/8/8/8/8/1r6/K7 w - - 0 1");
    assert!(!g.is_over());
    play(&mut g, "Kxb2");
    assert_eq!(outcome(&g), (None, EndReason::InsufficientMaterial, DRAWN));
}

#[test]
fn rules_1_dead_position_king_and_bishop_v_king() {
    for fen in [
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/5b2/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(
            outcome(&game(fen)).1,
            EndReason::InsufficientMaterial,
            "{fen}"
        );
    }
    // K+B+P v K is not dead.
    assert!(!game("8/8/8/4k3/8/8/P7/2B1K3 w - - 0 1").is_over());
}

#[test]
fn rules_1_dead_position_king_and_knight_v_king() {
    for fen in [
        "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/8/4k3/8/2n5/8/4K3 w - - 0 1",
    ] {
        assert_eq!(
            outcome(&game(fen)).1,
            EndReason::InsufficientMaterial,
            "{fen}"
        );
    }
    // Reached by capturing the last pawn.
    let mut g = game("8/8/8/4k3/8/8/4p3/1N2K3 w - - 0 1");
    assert!(!g.is_over());
    play(&mut g, "Kxe2");
    assert_eq!(outcome(&g), (None, EndReason::InsufficientMaterial, DRAWN));
}

#[test]
fn rules_1_dead_position_bishops_on_the_same_colour() {
    // c1 and f8 are both dark squares.
    let g = game("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(outcome(&g), (None, EndReason::InsufficientMaterial, DRAWN));
    // b1 and h7 are both light.
    let g = game("8/7b/8/4k3/8/8/8/1B2K3 w - - 0 1");
    assert_eq!(outcome(&g).1, EndReason::InsufficientMaterial);
}

#[test]
fn rules_1_not_dead_bishops_on_opposite_colours() {
    // c1 is dark, c8 is light: a (help)mate is still possible.
    let g = game("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1");
    assert!(!g.is_over(), "{:?}", g.outcome());
    assert_eq!(g.claimable_draw(), None);
}

#[test]
fn rules_1_not_dead_knight_v_knight_or_more_pieces() {
    for fen in [
        "8/8/2n5/4k3/8/8/8/1N2K3 w - - 0 1", // K+N v K+N
        "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1",  // K+N+N v K
        "8/8/2b5/4k3/8/8/8/1N2K3 w - - 0 1", // K+N v K+B
        "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1",  // K+B+N v K
        "8/8/8/4k3/8/8/P7/4K3 w - - 0 1",    // K+P v K
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // K+R v K
    ] {
        assert!(
            !game(fen).is_over(),
            "{fen} ended: {:?}",
            game(fen).outcome()
        );
    }
}

// ---- repetition ----

#[test]
fn rules_1_threefold_repetition_claimable_by_the_player_to_move() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // The start position has stood twice, and the position now twice: nothing to claim.
    assert_eq!(g.claimable_draw(), None);
    let before = snapshot(&g);
    match g.act(Action::ClaimDraw) {
        Err(GameError::NotAllowed(why)) => {
            assert!(why.contains("three times"), "{why}");
            assert!(why.contains("50 moves"), "{why}");
        }
        other => panic!("claim accepted: {other:?}"),
    }
    assert_eq!(snapshot(&g), before);
    play(&mut g, "Ng8");
    // Third occurrence of the start position: claimable, but not automatic.
    assert_eq!(g.repetitions(), 3);
    assert!(!g.is_over());
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    g.act(Action::ClaimDraw).unwrap();
    assert_eq!(outcome(&g), (None, EndReason::ThreefoldRepetition, DRAWN));
}

#[test]
fn rules_1_repetitions_follow_take_backs() {
    // Taking moves back forgets their positions; playing them again counts them again.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.repetitions(), 3);
    for _ in 0..4 {
        g.undo().unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    play(&mut g, "e4 e5");
    assert_eq!(g.repetitions(), 1);
    g.undo().unwrap();
    g.undo().unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
}

#[test]
fn rules_1_threefold_repetition_claim_lapses_when_the_position_changes() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4");
    assert_eq!(g.claimable_draw(), None);
    assert!(g.act(Action::ClaimDraw).is_err());
}

#[test]
fn rules_1_repetition_counts_castling_rights() {
    // After the kings went out and back the board is the same but the castling rights are
    // not: the start does not count as the same position.
    let mut g = game(CASTLES);
    play(&mut g, "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
}

#[test]
fn rules_1_repetition_counts_en_passant_rights_that_can_be_used() {
    // After e2-e4 Black may take en passant (d4xe3): that position is not repeated later.
    let mut g = game("3k4/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, "e4 Kc8 Kd2 Kd8 Ke1 Kc8 Kd2 Kd8 Ke1");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Kc8 Kd2 Kd8 Ke1");
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
}

#[test]
fn rules_1_repetition_ignores_en_passant_square_that_cannot_be_used() {
    // Same moves, but no black pawn can take en passant: the position after e4 repeats.
    let mut g = game("3k4/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(&mut g, "e4 Kc8 Kd2 Kd8 Ke1 Kc8 Kd2 Kd8 Ke1");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
}

#[test]
fn rules_1_fivefold_repetition_ends_the_game_automatically() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.repetitions(), 4);
    assert!(!g.is_over(), "four times is not yet automatic");
    play(&mut g, "Nf3 Nf6 Ng1");
    assert!(!g.is_over());
    play(&mut g, "Ng8");
    assert_eq!(outcome(&g), (None, EndReason::FivefoldRepetition, DRAWN));
    assert_eq!(
        g.outcome().unwrap().status_key(),
        "draw-fivefold-repetition"
    );
}

// ---- fifty and seventy-five moves ----

#[test]
fn rules_1_fifty_move_rule_claimable_at_halfmove_100() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.claimable_draw(), None);
    assert!(matches!(
        g.act(Action::ClaimDraw),
        Err(GameError::NotAllowed(_))
    ));
    play(&mut g, "Ra2");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert!(!g.is_over(), "fifty moves are only claimable");
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoves));
    g.act(Action::ClaimDraw).unwrap();
    assert_eq!(outcome(&g), (None, EndReason::FiftyMoves, DRAWN));
}

#[test]
fn rules_1_fifty_move_count_resets_on_pawn_move_or_capture() {
    let mut g = game("4k3/4p3/8/8/8/8/8/R3K3 b - - 99 80");
    play(&mut g, "e5");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.claimable_draw(), None);
    let mut g = game("4k3/8/8/8/8/8/r7/R3K2R w - - 99 80");
    play(&mut g, "Rxa2");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.claimable_draw(), None);
}

#[test]
fn rules_1_seventy_five_move_rule_is_automatic_at_halfmove_150() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 148 120");
    play(&mut g, "Ra2");
    assert!(!g.is_over());
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoves));
    play(&mut g, "Kd7");
    assert_eq!(outcome(&g), (None, EndReason::SeventyFiveMoves, DRAWN));
    // A FEN already past the limit is over at once.
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 120");
    assert_eq!(outcome(&g).1, EndReason::SeventyFiveMoves);
}

#[test]
fn rules_1_checkmate_on_the_seventy_fifth_move_wins() {
    // Ra8# is a quiet move that also brings the clock to 150: the mate counts.
    let mut g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
    play(&mut g, "Ra8#");
    assert_eq!(g.position().halfmove_clock(), 150);
    assert_eq!(
        outcome(&g),
        (Some(Side::WHITE), EndReason::Checkmate, WHITE_WINS)
    );
}

// ---- resignation, agreement, time ----

#[test]
fn rules_1_resignation_the_opponent_wins() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4");
    g.act(Action::Resign(Side::BLACK)).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::WHITE), EndReason::Resignation, WHITE_WINS)
    );
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::Resign(Side::WHITE)).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::BLACK), EndReason::Resignation, BLACK_WINS)
    );
    assert_eq!(g.outcome().unwrap().result(), "0-1");
}

#[test]
fn rules_1_draw_by_agreement_offer_and_accept() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4");
    g.act(Action::OfferDraw(Side::BLACK)).unwrap();
    assert_eq!(g.draw_offer(), Some(Side::BLACK));
    g.act(Action::AcceptDraw).unwrap();
    assert_eq!(outcome(&g), (None, EndReason::Agreement, DRAWN));
    assert_eq!(g.draw_offer(), None);
}

#[test]
fn rules_1_draw_offer_declined_explicitly() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    g.act(Action::DeclineDraw).unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(!g.is_over());
    let before = snapshot(&g);
    assert!(matches!(
        g.act(Action::AcceptDraw),
        Err(GameError::NotAllowed(_))
    ));
    assert!(matches!(
        g.act(Action::DeclineDraw),
        Err(GameError::NotAllowed(_))
    ));
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rules_1_draw_offer_declined_by_the_computer() {
    // The computer's answer declines through `decline_draw`, not `act`.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    assert!(!g.decline_draw(), "nothing offered");
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    assert!(g.decline_draw());
    assert_eq!(g.draw_offer(), None);
    assert!(!g.is_over());
    assert!(!g.decline_draw(), "already declined");
    // A game that is over keeps its offer as it was.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    g.act(Action::Resign(Side::BLACK)).unwrap();
    assert!(!g.decline_draw());
    assert_eq!(g.draw_offer(), Some(Side::WHITE));
}

#[test]
fn rules_1_draw_offer_declined_by_the_opponents_move() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    // White moves and offers; Black answers with a move instead of accepting.
    play(&mut g, "e4");
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    play(&mut g, "e5");
    assert_eq!(g.draw_offer(), None);
    assert!(g.act(Action::AcceptDraw).is_err());
    assert!(!g.is_over());
}

#[test]
fn rules_1_draw_offer_stands_through_the_offerers_own_move() {
    // White offers before moving (FIDE: offer, then move); the offer stands for Black.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    play(&mut g, "e4");
    assert_eq!(g.draw_offer(), Some(Side::WHITE));
    g.act(Action::AcceptDraw).unwrap();
    assert_eq!(outcome(&g).1, EndReason::Agreement);
}

#[test]
fn rules_1_loss_on_time() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4");
    g.act(Action::Flag(Side::BLACK)).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::WHITE), EndReason::Timeout, WHITE_WINS)
    );
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::Flag(Side::WHITE)).unwrap();
    assert_eq!(
        outcome(&g),
        (Some(Side::BLACK), EndReason::Timeout, BLACK_WINS)
    );
    // The clock's tick flags through `flag`, with the same result.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.flag(Side::WHITE);
    assert_eq!(
        outcome(&g),
        (Some(Side::BLACK), EndReason::Timeout, BLACK_WINS)
    );
}

#[test]
fn rules_6_flag_is_a_draw_when_the_opponent_cannot_checkmate() {
    // (fen, side whose flag falls)
    for (fen, flagged) in [
        // The opponent has a lone king.
        ("4k3/8/8/8/8/8/PPPP4/RNBQK3 w - - 0 1", Side::WHITE),
        ("4k3/8/8/8/pppp4/8/8/4K3 b - - 0 1", Side::BLACK),
        // K+N cannot mate a K+Q (the queen always guards the knight's checking square).
        ("1n2k3/8/8/8/8/8/8/3QK3 w - - 0 1", Side::WHITE),
        ("3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1", Side::BLACK),
        // K+B cannot mate a K+R.
        ("2b1k3/8/8/8/8/8/8/3RK3 w - - 0 1", Side::WHITE),
        // Bishops all on light squares against a light-squared bishop.
        ("2b1k3/8/8/8/8/8/8/3BKB2 w - - 0 1", Side::BLACK),
    ] {
        let mut g = game(fen);
        assert!(!g.is_over(), "{fen}");
        g.act(Action::Flag(flagged)).unwrap();
        assert_eq!(
            outcome(&g),
            (None, EndReason::TimeoutInsufficient, DRAWN),
            "{fen}, {} flagged",
            flagged.name()
        );
    }
}

#[test]
fn rules_6_flag_loses_when_the_opponent_could_still_mate() {
    for (fen, flagged, winner) in [
        // K+N v K+R: the rook can block (Kh8, Rg8, Nf7#).
        ("4k2r/8/8/8/8/8/8/1N2K3 b - - 0 1", Side::BLACK, Side::WHITE),
        // K+N v K+P.
        ("4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1", Side::BLACK, Side::WHITE),
        // K+B v K+N.
        ("4k3/8/8/8/8/8/8/1nB1K3 b - - 0 1", Side::BLACK, Side::WHITE),
        // K+B v K+B on opposite colours.
        (
            "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            Side::BLACK,
            Side::WHITE,
        ),
        // K+N+N v K.
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", Side::BLACK, Side::WHITE),
        // A single pawn is enough.
        ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Side::BLACK, Side::WHITE),
    ] {
        let mut g = game(fen);
        g.act(Action::Flag(flagged)).unwrap();
        let points = if winner == Side::WHITE {
            WHITE_WINS
        } else {
            BLACK_WINS
        };
        assert_eq!(
            outcome(&g),
            (Some(winner), EndReason::Timeout, points),
            "{fen}"
        );
    }
}

// ---- scoring and the end of the game ----

#[test]
fn rules_1_scoring_win_1_draw_half_loss_0() {
    let won = fool_mated().outcome().unwrap();
    assert_eq!(won.half_points, [0, 2]);
    assert_eq!(won.points_text(Side::BLACK), "1");
    assert_eq!(won.points_text(Side::WHITE), "0");
    let drawn = game("8/8/8/4k3/8/8/8/4K3 w - - 0 1").outcome().unwrap();
    assert_eq!(drawn.half_points, [1, 1]);
    assert_eq!(drawn.points_text(Side::WHITE), "½");
    assert_eq!(drawn.points_text(Side::BLACK), "½");
}

#[test]
fn rules_1_no_moves_or_actions_after_the_game_is_over() {
    let mut g = fool_mated();
    let before = snapshot(&g);
    assert_eq!(g.play_text("a3").unwrap_err(), GameError::GameOver);
    let pos = *g.position();
    assert!(pos.legal_moves().is_empty());
    for action in [
        Action::Resign(Side::WHITE),
        Action::Resign(Side::BLACK),
        Action::OfferDraw(Side::WHITE),
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::ClaimDraw,
        Action::Flag(Side::WHITE),
        Action::Flag(Side::BLACK),
        Action::Stop,
    ] {
        assert_eq!(g.act(action), Err(GameError::GameOver), "{action:?}");
    }
    // The clock's own way in (a flag falling on the tick) changes nothing either.
    g.flag(Side::WHITE);
    g.flag(Side::BLACK);
    assert_eq!(snapshot(&g), before);
    assert!(g.legal_moves().is_empty());
    // After a resignation too.
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    g.act(Action::Resign(Side::WHITE)).unwrap();
    let before = snapshot(&g);
    assert_eq!(g.play_text("e4").unwrap_err(), GameError::GameOver);
    assert_eq!(g.act(Action::ClaimDraw), Err(GameError::GameOver));
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rules_1_a_refused_move_changes_nothing() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    play(&mut g, "e4 e5");
    g.act(Action::OfferDraw(Side::WHITE)).unwrap();
    for text in [
        "Ke3", "e5", "Nf6", "O-O", "e2e4", "xyz", "", "Qxf7", "Bb6", "e4e5",
    ] {
        let err = assert_refused_move(&mut g, text);
        assert!(matches!(err, GameError::Illegal(_)), "{text}: {err:?}");
        if !text.is_empty() {
            assert!(err.to_string().contains(text), "message for {text}: {err}");
        }
    }
    // A raw move that is not legal here.
    let pos = *g.position();
    let e1 = pos.geo.parse_square("e1").unwrap();
    let e3 = pos.geo.parse_square("e3").unwrap();
    let before = snapshot(&g);
    let err = g
        .play(classroom_chess::rules::Move::new(e1, e3))
        .unwrap_err();
    assert!(err.to_string().contains("e1e3"), "{err}");
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rules_1_draw_offer_is_refused_when_the_teacher_forbids_it() {
    // Orthodox allows it by default; a rule set that does not refuses with a reason.
    let mut rules = RuleSet::orthodox();
    rules.set_option("draw-offers", "off").unwrap();
    rules.set_option("resign", "off").unwrap();
    let mut g = Game::new(rules).unwrap();
    let before = snapshot(&g);
    let Err(GameError::NotAllowed(why)) = g.act(Action::OfferDraw(Side::WHITE)) else {
        panic!("offer accepted");
    };
    assert!(why.contains("draw offers"), "{why}");
    assert!(matches!(
        g.act(Action::Resign(Side::WHITE)),
        Err(GameError::NotAllowed(_))
    ));
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rules_1_stop_is_not_available_in_orthodox() {
    let mut g = Game::new(RuleSet::orthodox()).unwrap();
    let before = snapshot(&g);
    assert!(matches!(g.act(Action::Stop), Err(GameError::NotAllowed(_))));
    assert_eq!(snapshot(&g), before);
}

/// Random sparse positions: whether a flag is a draw agrees with shakmaty's
/// `has_insufficient_material` (the FIDE/lichess "cannot checkmate by any legal moves" test).
#[test]
fn rules_6_flag_draw_agrees_with_shakmaty_on_random_material() {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Color, Position};
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut draws, mut wins) = (0, 0);
    for _ in 0..4000 {
        let mut board = ['.'; 64];
        board[rnd(64)] = 'K';
        let mut placed = 1;
        while placed < 2 {
            let s = rnd(64);
            if board[s] == '.' {
                board[s] = 'k';
                placed += 1;
            }
        }
        for _ in 0..rnd(4) {
            let s = rnd(64);
            let c = b"NBRQPnbrqpNBNBnbnb"[rnd(18)] as char;
            let pawn_on_end_rank = c.eq_ignore_ascii_case(&'p') && !(8..56).contains(&s);
            if board[s] == '.' && !pawn_on_end_rank {
                board[s] = c;
            }
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    '.' => empty += 1,
                    c => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(" w - - 0 1");
        let Ok(g) = Game::from_fen(RuleSet::orthodox(), &fen) else {
            continue; // kings touching, side not to move in check
        };
        if g.is_over() {
            continue;
        }
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"));
        for (flagged, winner) in [(Side::WHITE, Color::Black), (Side::BLACK, Color::White)] {
            let mut g = g.clone();
            g.act(Action::Flag(flagged)).unwrap();
            let drawn = g.outcome().unwrap().winner.is_none();
            assert_eq!(
                drawn,
                theirs.has_insufficient_material(winner),
                "{fen}: {} flagged",
                flagged.name()
            );
            if drawn {
                draws += 1;
            } else {
                wins += 1;
            }
        }
    }
    assert!(draws > 300 && wins > 300, "draws {draws}, wins {wins}");
}
