//! Primary Chess, RULES.md §2: one test (or more) per rule, named after it.

mod support;
use support::{legal_uci, play};

use classroom_chess::rules::game::{Action, EndReason, Game, GameError};
use classroom_chess::rules::ruleset::RuleSet;
use classroom_chess::rules::Side;

fn primary(fen: &str) -> Game {
    Game::from_fen(RuleSet::primary(), fen).expect("valid FEN")
}

fn orthodox(fen: &str) -> Game {
    Game::from_fen(RuleSet::orthodox(), fen).expect("valid FEN")
}

fn with_options(words: &str) -> RuleSet {
    let mut rules = RuleSet::primary();
    rules.apply_options(words).expect("options");
    rules
}

#[test]
fn rules_2_1_capturing_the_king_ends_the_game_and_the_capturer_wins() {
    let mut g = Game::new(RuleSet::primary()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4 a3");
    assert!(!g.is_over());
    play(&mut g, "Qxe1");
    let o = g.outcome().expect("over");
    assert_eq!(o.winner, Some(Side::BLACK));
    assert_eq!(o.reason, EndReason::KingCaptured);
    assert_eq!(o.result(), "0-1");
    assert_eq!(g.play_text("a4").unwrap_err(), GameError::GameOver);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn rules_2_2_checkmate_does_not_end_the_game() {
    let mut g = Game::new(RuleSet::primary()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4");
    assert!(g.is_checkmate(), "fool's mate is still detected");
    assert!(!g.is_over(), "but it does not end a Primary game");
    assert_eq!(
        g.moves().last().unwrap().san,
        "Qh4+",
        "no # in king-capture games"
    );
    // White may play any move, even one that ignores the check.
    play(&mut g, "a3");
}

#[test]
fn rules_2_2_a_king_may_move_into_check() {
    let fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1";
    let moves = legal_uci(&primary(fen));
    assert!(moves.contains(&"e1d1".to_string()) && moves.contains(&"e1d2".to_string()));
    let strict = legal_uci(&orthodox(fen));
    assert!(!strict.contains(&"e1d1".to_string()));
}

#[test]
fn rules_2_2_a_pinned_piece_may_move() {
    let fen = "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1";
    assert!(legal_uci(&primary(fen)).contains(&"e2d3".to_string()));
    assert!(!legal_uci(&orthodox(fen)).contains(&"e2d3".to_string()));
}

#[test]
fn rules_2_2_a_king_may_stay_in_check() {
    // White is in check from the rook and may still move the a-pawn.
    let g = primary("4k3/8/8/8/8/8/P7/r3K3 w - - 0 1");
    assert!(g.position().in_check(Side::WHITE));
    assert!(legal_uci(&g).contains(&"a2a3".to_string()));
}

#[test]
fn rules_2_3_no_en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert!(!legal_uci(&primary(fen)).contains(&"e5d6".to_string()));
    assert!(legal_uci(&orthodox(fen)).contains(&"e5d6".to_string()));
    // And a double step leaves no en passant square behind.
    let mut g = primary("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1");
    play(&mut g, "a4");
    assert!(!legal_uci(&g).contains(&"b4a3".to_string()));
}

#[test]
fn rules_2_3_no_castling_unless_the_players_agree() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let plain = legal_uci(&primary(fen));
    assert!(!plain.contains(&"e1g1".to_string()) && !plain.contains(&"e1c1".to_string()));
    let agreed = Game::from_fen(with_options("castling=on"), fen).unwrap();
    let moves = legal_uci(&agreed);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
}

#[test]
fn rules_2_3_agreed_castling_keeps_the_check_conditions() {
    // The black rook on f8 attacks f1: no O-O (through check), O-O-O still fine.
    let fen = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let g = Game::from_fen(with_options("castling=on"), fen).unwrap();
    let moves = legal_uci(&g);
    assert!(!moves.contains(&"e1g1".to_string()));
    assert!(moves.contains(&"e1c1".to_string()));
    // Not out of check either.
    let g = Game::from_fen(
        with_options("castling=on"),
        "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",
    )
    .unwrap();
    assert!(!legal_uci(&g).contains(&"e1c1".to_string()));
}

#[test]
fn rules_2_4_the_two_square_first_pawn_move_remains() {
    let moves = legal_uci(&Game::new(RuleSet::primary()).unwrap());
    assert!(moves.contains(&"e2e4".to_string()));
    assert_eq!(moves.len(), 20);
}

#[test]
fn rules_2_4_promotion_is_to_a_queen_only() {
    let g = primary("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promotions: Vec<String> = legal_uci(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promotions, vec!["a7a8q".to_string()]);
    let mut g = g;
    play(&mut g, "a8=Q");
    assert_eq!(g.moves()[0].san, "a8=Q+");
}

#[test]
fn rules_2_5_no_stalemate_moves_into_check_must_be_played() {
    // Every black king move walks into the queen's attack: in orthodox a stalemate.
    let fen = "7k/5Q2/8/8/8/8/8/K7 b - - 0 1";
    assert_eq!(
        orthodox(fen).outcome().unwrap().reason,
        EndReason::Stalemate
    );
    let g = primary(fen);
    assert!(!g.is_over());
    let mut moves = legal_uci(&g);
    moves.sort();
    assert_eq!(moves, vec!["h8g7", "h8g8", "h8h7"]);
}

#[test]
fn rules_2_5_a_player_with_no_move_at_all_loses() {
    // Decision in RULES.md §2.5: every black piece is blocked by its own pieces or by a
    // white pawn it cannot capture.
    let fen = "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1";
    let g = primary(fen);
    let o = g.outcome().expect("decided at once");
    assert_eq!(o.reason, EndReason::NoMoves);
    assert_eq!(o.winner, Some(Side::WHITE));
}

#[test]
fn rules_2_6_five_checks_in_a_row_draw_with_a_running_count() {
    let mut g = primary("7k/8/8/8/8/8/8/RK6 w - - 0 1");
    let checks = ["Ra8+", "Kh7", "Ra7+", "Kh8", "Ra8+", "Kh7", "Ra7+", "Kh8"];
    for (i, m) in checks.iter().enumerate() {
        play(&mut g, m);
        if i % 2 == 0 {
            assert_eq!(g.check_streak(Side::WHITE), (i / 2 + 1) as u8);
        }
        assert!(!g.is_over());
    }
    play(&mut g, "Ra8");
    assert_eq!(g.check_streak(Side::WHITE), 5);
    let o = g.outcome().expect("draw");
    assert_eq!(o.reason, EndReason::RepeatedCheck);
    assert_eq!(o.winner, None);
}

#[test]
fn rules_2_6_a_move_without_check_resets_the_count() {
    let mut g = primary("7k/8/8/8/8/8/8/RK6 w - - 0 1");
    play(&mut g, "Ra8 Kh7 Ra7 Kh8 Ra8 Kh7 Kb2 Kh8 Ra7");
    assert_eq!(
        g.check_streak(Side::WHITE),
        0,
        "Ra7 with the king on h8 is no check"
    );
    play(&mut g, "Kg8 Ra8 Kf7 Ra7 Ke8 Ra8 Kd7 Ra7");
    assert!(!g.is_over(), "four checks in a row so far");
    assert_eq!(g.check_streak(Side::WHITE), 4);
    // The opponent's streak is separate.
    assert_eq!(g.check_streak(Side::BLACK), 0);
    play(&mut g, "Kc8 Ra8");
    assert_eq!(g.outcome().unwrap().reason, EndReason::RepeatedCheck);
}

#[test]
fn rules_2_6_insufficient_material_draws() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1n2K3 w - - 0 1",
    ] {
        let o = primary(fen)
            .outcome()
            .unwrap_or_else(|| panic!("{fen} should be a draw"));
        assert_eq!(o.reason, EndReason::InsufficientMaterial);
    }
    // Not a draw: a minor piece each, two minor pieces, or any pawn.
    for fen in [
        "4k3/8/8/8/8/8/8/1N2Kb2 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ] {
        assert!(!primary(fen).is_over(), "{fen}");
    }
    // Reached by a capture during play.
    let mut g = primary("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome().unwrap().reason, EndReason::InsufficientMaterial);
}

#[test]
fn rules_2_6_only_two_automatic_draws() {
    // No repetition draw, no fifty-move rule in Primary.
    let mut g = primary("4k3/8/8/8/8/8/8/R3K3 w - - 120 80");
    for _ in 0..3 {
        play(&mut g, "Ra2 Ke7 Ra1 Ke8");
    }
    assert!(!g.is_over());
    assert_eq!(g.claimable_draw(), None);
    assert!(g.act(Action::ClaimDraw).is_err());
}

#[test]
fn rules_2_7_resignation_and_draw_offers_need_the_teachers_permission() {
    let mut g = Game::new(RuleSet::primary()).unwrap();
    assert!(matches!(
        g.act(Action::Resign(Side::WHITE)),
        Err(GameError::NotAllowed(_))
    ));
    assert!(matches!(
        g.act(Action::OfferDraw(Side::WHITE)),
        Err(GameError::NotAllowed(_))
    ));
    assert!(!g.is_over());
    let mut allowed = Game::new(with_options("resign=on draw-offers=on")).unwrap();
    allowed.act(Action::OfferDraw(Side::WHITE)).unwrap();
    allowed.act(Action::AcceptDraw).unwrap();
    assert_eq!(allowed.outcome().unwrap().reason, EndReason::Agreement);
    let mut allowed = Game::new(with_options("resign=on")).unwrap();
    allowed.act(Action::Resign(Side::BLACK)).unwrap();
    assert_eq!(allowed.outcome().unwrap().winner, Some(Side::WHITE));
}

#[test]
fn rules_2_8_stopping_adjudicates_by_material_with_a_margin_of_3() {
    // White has a rook against a bishop: +2, a draw with margin 3.
    let mut g = primary("4k3/8/8/8/8/8/4b3/R3K3 w - - 0 1");
    g.act(Action::Stop).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Adjudication));
    // A rook and pawn against a bishop: +3 wins.
    let mut g = primary("4k3/8/8/8/8/8/P3b3/R3K3 w - - 0 1");
    g.act(Action::Stop).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Side::WHITE));
    // Black leading by 3 wins too.
    let mut g = primary("4k3/4q3/8/8/8/8/8/R3K3 w - - 0 1");
    g.act(Action::Stop).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Side::BLACK));
}

#[test]
fn rules_2_8_the_margin_may_be_5() {
    let rules = with_options("margin=5");
    let mut g = Game::from_fen(rules.clone(), "4k3/8/8/8/8/8/P3b3/R3K3 w - - 0 1").unwrap();
    g.act(Action::Stop).unwrap();
    assert_eq!(
        g.outcome().unwrap().winner,
        None,
        "+3 is not enough with margin 5"
    );
    let mut g = Game::from_fen(rules, "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1").unwrap();
    g.act(Action::Stop).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Side::WHITE), "+6 wins");
}

#[test]
fn rules_2_9_midline_invasion_is_optional() {
    let mut off = primary("4k3/8/8/8/4K3/8/8/7R w - - 0 1");
    play(&mut off, "Ke5");
    assert!(!off.is_over(), "off by default");
    let mut on =
        Game::from_fen(with_options("midline=on"), "4k3/8/8/8/4K3/8/8/7R w - - 0 1").unwrap();
    play(&mut on, "Ke5");
    let o = on.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::WHITE), EndReason::MidlineInvasion)
    );
    // Black invades by reaching rank 4.
    let mut on =
        Game::from_fen(with_options("midline=on"), "7r/8/8/4k3/8/8/8/4K3 b - - 0 1").unwrap();
    play(&mut on, "Kd4");
    assert_eq!(on.outcome().unwrap().winner, Some(Side::BLACK));
}

#[test]
fn rules_2_11_scoring_win_3_draw_2_loss_1() {
    let mut g = Game::new(RuleSet::primary()).unwrap();
    play(&mut g, "f3 e5 g4 Qh4 a3 Qxe1");
    let o = g.outcome().unwrap();
    assert_eq!(o.points_text(Side::BLACK), "3");
    assert_eq!(o.points_text(Side::WHITE), "1");
    let o = primary("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome().unwrap();
    assert_eq!(
        (o.points_text(Side::WHITE), o.points_text(Side::BLACK)),
        ("2".into(), "2".into())
    );
}

#[test]
fn rules_0_a_king_capture_fen_without_a_king_is_a_finished_game() {
    // Valid only in king-capture modes (RULES.md §0).
    assert!(Game::from_fen(RuleSet::orthodox(), "8/8/8/8/8/8/8/4K3 b - - 0 1").is_err());
    let g = primary("8/8/8/8/8/8/3q4/8 w - - 0 1");
    assert!(
        Game::from_fen(RuleSet::primary(), "8/8/8/8/8/8/8/4K3 b - - 0 1")
            .unwrap()
            .is_over()
    );
    assert_eq!(g.outcome().unwrap().reason, EndReason::KingCaptured);
}
