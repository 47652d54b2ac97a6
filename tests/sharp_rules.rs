//! Chess#, RULES.md §3: one test (or more) per rule, named after it.

mod support;
use support::{legal_uci, play};

use classroom_chess::rules::game::{Action, EndReason, Game, GameError};
use classroom_chess::rules::ruleset::{Mode, RuleSet, SHARP_START};
use classroom_chess::rules::{Bits, Role, Side};

fn sharp(fen: &str) -> Game {
    Game::from_fen(RuleSet::sharp(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn points(game: &Game) -> (String, String) {
    let o = game.outcome().expect("game over");
    (o.points_text(Side::WHITE), o.points_text(Side::BLACK))
}

#[test]
fn rules_3_1_start_has_pawns_on_the_board_and_everything_else_in_reserve() {
    let g = Game::new(RuleSet::sharp()).unwrap();
    assert_eq!(g.fen(), SHARP_START);
    assert_eq!(g.position().reserve(Side::WHITE), [0, 2, 2, 2, 1, 1]);
    assert_eq!(g.position().reserve(Side::BLACK), [0, 2, 2, 2, 1, 1]);
    assert_eq!(
        g.position().material(Side::WHITE),
        8,
        "the reserve does not count"
    );
}

#[test]
fn rules_3_2_placement_only_on_an_empty_square_of_ones_own_first_rank() {
    let mut g = Game::new(RuleSet::sharp()).unwrap();
    assert!(legal_uci(&g)
        .iter()
        .all(|m| m.contains('@') && m.ends_with('1')));
    play(&mut g, "B@a1");
    assert_eq!(g.moves()[0].san, "B@a1");
    assert!(
        legal_uci(&g).iter().all(|m| m.ends_with('8')),
        "Black places on rank 8"
    );
    play(&mut g, "N@b8");
    assert!(
        !legal_uci(&g).iter().any(|m| m.ends_with("a1")),
        "a1 is taken"
    );
    assert!(g.play_text("R@a2").is_err() && g.play_text("R@a1").is_err());
    assert_eq!(g.position().reserve(Side::WHITE)[Role::Bishop.index()], 1);
}

#[test]
fn rules_3_2_the_queen_only_when_she_is_the_last_piece_in_reserve() {
    let g = sharp("4k3/8/8/8/8/8/8/4K3[QN] w - - 0 1");
    assert!(!legal_uci(&g).iter().any(|m| m.starts_with("Q@")));
    assert!(matches!(
        g.clone().play_text("Q@a1"),
        Err(GameError::Illegal(_))
    ));
    let g = sharp("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    assert!(legal_uci(&g).iter().any(|m| m == "Q@a1"));
}

#[test]
fn rules_3_2_board_moves_only_once_the_king_is_on_the_board() {
    let g = Game::new(RuleSet::sharp()).unwrap();
    assert!(!legal_uci(&g).iter().any(|m| m == "e2e3"));
    let mut g = g;
    play(&mut g, "K@e1 K@e8");
    assert!(legal_uci(&g).contains(&"e2e3".to_string()));
}

#[test]
fn rules_3_2_bishops_may_stand_on_the_same_colour_and_a_placement_may_give_check() {
    let mut g = Game::new(RuleSet::sharp()).unwrap();
    play(&mut g, "B@c1 K@e8 B@e1");
    assert_eq!(g.position().pieces(Side::WHITE, Role::Bishop).count(), 2);
    // A rook placed on an open file checks at once.
    let mut g = sharp("4k3/pppp1ppp/8/8/8/8/PPPP1PPP/K7[R] w - - 0 1");
    play(&mut g, "R@e1");
    assert!(g.moves()[0].gives_check);
    assert_eq!(g.moves()[0].san, "R@e1+");
}

#[test]
fn rules_3_3_capturing_the_king_wins_and_check_restricts_nothing() {
    let mut g = sharp("4k3/8/8/8/8/8/8/r3K3[] w - - 0 1");
    assert!(
        legal_uci(&g).contains(&"e1d1".to_string()),
        "moving along the checked rank is allowed"
    );
    play(&mut g, "Kd1 Rxd1");
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::BLACK), EndReason::KingCaptured)
    );
    assert_eq!(points(&g), ("0".into(), "10".into()));
}

#[test]
fn rules_3_4_no_castling_one_square_pawns_queen_promotion() {
    let g = sharp("4k3/P7/8/8/8/8/4P3/4K2R[] w K - 0 1");
    let m = legal_uci(&g);
    assert!(!m.contains(&"e1g1".to_string()), "no castling");
    assert!(
        m.contains(&"e2e3".to_string()) && !m.contains(&"e2e4".to_string()),
        "one step"
    );
    let promotions: Vec<&String> = m.iter().filter(|x| x.starts_with("a7")).collect();
    assert_eq!(promotions, vec!["a7a8q"]);
    assert!(
        !g.fen().contains(" K "),
        "castling rights are dropped: {}",
        g.fen()
    );
}

#[test]
fn rules_3_5_no_draws_no_insufficient_material_no_repetition_no_offers() {
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(!g.is_over(), "K v K is not a draw");
    play(&mut g, "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8 Kd1 Kd8");
    assert!(!g.is_over(), "no repetition rule");
    assert!(g.act(Action::OfferDraw(Side::WHITE)).is_err());
    assert!(g.act(Action::ClaimDraw).is_err());
}

#[test]
fn rules_3_5_resignation_and_time_lose_ten_to_nothing() {
    let mut g = Game::new(RuleSet::sharp()).unwrap();
    g.act(Action::Resign(Side::WHITE)).unwrap();
    assert_eq!(points(&g), ("0".into(), "10".into()));
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    g.act(Action::Flag(Side::BLACK)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::WHITE), EndReason::Timeout)
    );
    assert_eq!(
        points(&g),
        ("10".into(), "0".into()),
        "no insufficient-material exception"
    );
}

#[test]
fn rules_3_5_a_valid_stalemate_claim_ends_the_game_as_stalemate_for_the_opponent() {
    // White's king on a1 is not attacked, but Kb1 and Kb2 walk into the rook and pawn.
    let mut g = sharp("1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1");
    assert_eq!(g.stalemate_claim_refusal(), None);
    g.act(Action::ClaimStalemate).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::BLACK), EndReason::StalemateClaim)
    );
    assert_eq!(points(&g), ("2".into(), "8".into()));
    assert_eq!(o.result(), "0-1");
    // Black claiming: White stalemated Black, 8 to 2.
    let mut g = sharp("k7/p7/P7/8/8/8/8/1R5K[] b - - 0 1");
    g.act(Action::ClaimStalemate).unwrap();
    assert_eq!(points(&g), ("8".into(), "2".into()));
}

#[test]
fn rules_3_5_a_player_with_no_move_at_all_may_claim_even_with_the_king_in_reserve() {
    let mut g = sharp("k7/8/8/8/8/8/8/RNBQRBNR[K] w - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert!(!g.is_over(), "the player must claim");
    g.act(Action::ClaimStalemate).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::StalemateClaim);
}

#[test]
fn rules_3_5_an_invalid_stalemate_claim_is_refused_with_the_reason() {
    let cases = [
        // A placement would be safe.
        ("1r5k/8/8/8/8/p7/P7/K7[N] w - - 0 1", "for example N@"),
        // In check.
        ("r6k/8/8/8/8/8/8/K7[] w - - 0 1", "in check"),
        // The king is still in reserve and moves remain.
        (SHARP_START, "not on the board"),
        // An ordinary position with safe king moves.
        ("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "keeps your king safe"),
    ];
    for (fen, why) in cases {
        let mut g = sharp(fen);
        let before = g.fen();
        match g.act(Action::ClaimStalemate) {
            Err(GameError::NotAllowed(reason)) => assert!(reason.contains(why), "{fen}: {reason}"),
            other => panic!("{fen}: expected a refusal, got {other:?}"),
        }
        assert!(!g.is_over());
        assert_eq!(g.fen(), before, "a refused claim changes nothing");
    }
}

#[test]
fn rules_3_5_impasse_after_50_moves_each_without_pawn_move_or_capture() {
    let mut g = sharp("4k3/8/8/8/8/8/8/R3K3[] w - - 98 60");
    assert_eq!(g.impasse_in(), Some(2));
    play(&mut g, "Ra2");
    assert_eq!(g.impasse_in(), Some(1));
    assert!(!g.is_over());
    play(&mut g, "Kd8");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Impasse);
    assert_eq!(
        points(&g),
        ("7".into(), "3".into()),
        "White has more material"
    );
}

#[test]
fn rules_3_5_placements_do_not_reset_the_impasse_count_pawn_moves_and_captures_do() {
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[R] w - - 99 60");
    play(&mut g, "R@a1");
    assert_eq!(
        g.outcome().unwrap().reason,
        EndReason::Impasse,
        "Decision: placements count"
    );
    let mut g = sharp("4k3/8/8/8/8/8/P7/4K3[] w - - 99 60");
    play(&mut g, "a3");
    assert!(!g.is_over());
    assert_eq!(g.impasse_in(), Some(100));
}

#[test]
fn rules_3_5_fast_fifty_accepted_ends_as_an_impasse() {
    // Equal material: White 4, Black 6.
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    assert_eq!(g.fast_fifty_offer(), Some(Side::WHITE));
    play(&mut g, "Kd1");
    assert_eq!(
        g.fast_fifty_offer(),
        Some(Side::WHITE),
        "the proposer's own move keeps it"
    );
    g.act(Action::AcceptFastFifty).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::FastFifty));
    assert_eq!(points(&g), ("4".into(), "6".into()));
    assert_eq!(o.result(), "0-1", "Black scores more");
    // Black has more material: 3 to 7.
    let mut g = sharp("3qk3/8/8/8/8/8/8/4K3[] w - - 0 1");
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    assert!(
        g.act(Action::AcceptFastFifty).is_err(),
        "not by the proposer"
    );
    assert!(
        g.act(Action::ProposeFastFifty(Side::BLACK)).is_err(),
        "not out of turn"
    );
    play(&mut g, "Kd1");
    g.act(Action::AcceptFastFifty).unwrap();
    assert_eq!(points(&g), ("3".into(), "7".into()));
}

#[test]
fn rules_3_5_fast_fifty_rejected_or_answered_by_a_move_goes_on() {
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    g.act(Action::RejectFastFifty).unwrap();
    assert!(!g.is_over() && g.fast_fifty_offer().is_none());
    assert!(
        g.act(Action::AcceptFastFifty).is_err(),
        "nothing left to accept"
    );
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    play(&mut g, "Kd1 Kd8");
    assert_eq!(g.fast_fifty_offer(), None, "Black's move rejects it");
}

#[test]
fn rules_3_5_fast_fifty_rejected_by_the_computer_goes_on() {
    // The computer's answer rejects through `reject_fast_fifty`, not `act`.
    let mut g = sharp("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(!g.reject_fast_fifty(), "nothing proposed");
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    assert!(g.reject_fast_fifty());
    assert!(!g.is_over() && g.fast_fifty_offer().is_none());
    assert!(!g.reject_fast_fifty(), "already rejected");
}

#[test]
fn rules_3_6_scoring_table() {
    let s = RuleSet::sharp().scoring;
    assert_eq!(s.total_text(), "10");
    // (White, Black) in half points for each row of the table.
    assert_eq!([s.loss, s.win], [0, 20]);
    assert_eq!([s.stalemate[1], s.stalemate[0]], [4, 16]);
    assert_eq!([s.impasse_unequal[1], s.impasse_unequal[0]], [6, 14]);
    assert_eq!(s.impasse_equal, [8, 12]);
}

#[test]
fn rules_3_game_record_keeps_reserves_and_offers() {
    let mut g = Game::new(RuleSet::sharp()).unwrap();
    play(&mut g, "K@e1 N@g8");
    g.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
    let json = serde_json::to_string(&g.to_record()).unwrap();
    let back = Game::from_record(&serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.fast_fifty_offer(), Some(Side::WHITE));
    assert_eq!(back.moves()[1].san, "N@g8");
}

/// RULES.md §3.6 through PGN: every ending of Chess# (king taken, resignation, time, both
/// stalemate claims, impasse by material either way and equal, fast-fifty) is written and read
/// back with the same reason and the same points.
#[test]
fn rules_3_6_every_chess_sharp_ending_survives_pgn_with_its_points() {
    use classroom_chess::rules::pgn::{read_pgn, write_pgn, PgnHeader};
    let mut ended: Vec<Game> = Vec::new();
    let mut taken = sharp("4k3/8/8/8/8/8/4q3/4K3[] b - - 0 1");
    play(&mut taken, "Qxe1");
    ended.push(taken);
    let mut resigned = Game::new(RuleSet::sharp()).unwrap();
    play(&mut resigned, "K@e1");
    resigned.act(Action::Resign(Side::BLACK)).unwrap();
    ended.push(resigned);
    let mut flagged = sharp("4k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    flagged.act(Action::Flag(Side::BLACK)).unwrap();
    ended.push(flagged);
    for fen in [
        "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1",
        "k7/p7/P7/8/8/8/8/1R5K[] b - - 0 1",
    ] {
        let mut claimed = sharp(fen);
        claimed.act(Action::ClaimStalemate).unwrap();
        ended.push(claimed);
    }
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3[] w - - 98 60",
        "r3k3/8/8/8/8/8/8/4K3[] w - - 98 60",
        "4k3/8/8/8/8/8/8/4K3[] w - - 98 60",
    ] {
        let mut impasse = sharp(fen);
        play(&mut impasse, "Kd1 Kd8");
        ended.push(impasse);
    }
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "3qk3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1",
    ] {
        let mut agreed = sharp(fen);
        agreed.act(Action::ProposeFastFifty(Side::WHITE)).unwrap();
        play(&mut agreed, "Kf1");
        agreed.act(Action::AcceptFastFifty).unwrap();
        ended.push(agreed);
    }
    let mut points_seen = std::collections::BTreeSet::new();
    for g in &ended {
        let o = g.outcome().expect("each of these games has ended");
        points_seen.insert(o.half_points);
        let text = write_pgn(g, &PgnHeader::default());
        let (back, _) = read_pgn(&text, Mode::Sharp).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.outcome(), g.outcome(), "{text}");
    }
    // Every row of the §3.6 table was written and read: 10-0, 0-10, 8-2, 2-8, 7-3, 3-7, 4-6.
    for row in [
        [20, 0],
        [0, 20],
        [16, 4],
        [4, 16],
        [14, 6],
        [6, 14],
        [8, 12],
    ] {
        assert!(
            points_seen.contains(&row),
            "{row:?} missing from {points_seen:?}"
        );
    }
}
