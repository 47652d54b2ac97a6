//! FAMILY.md §9: the thirteen test scenarios, one test each, named after the scenario.
//! Every position also holds `rKh1 bKa7 yKg14 gKn8` (added by `game`).

mod support;
use support::family::{game, has, legal, play, with_options};

use classroom_chess::rules::bitboard::Bits;
use classroom_chess::rules::family::{
    Event, FamilyGame, FamilyRules, PieceState, Seat, BLUE, GREEN, RED, YELLOW,
};
use classroom_chess::rules::geometry::Geometry;
use classroom_chess::rules::types::Role;

#[test]
fn family_9_01_empty_board_has_160_squares() {
    let g = Geometry::cross();
    assert_eq!(g.valid.count(), 160);
    for missing in ["a1", "c3", "l12", "n14"] {
        assert!(
            g.parse_square(missing).is_none(),
            "{missing} should not exist"
        );
    }
    for present in ["d1", "a4", "n11", "k14", "c11", "d4"] {
        assert!(g.parse_square(present).is_some(), "{present} should exist");
    }
}

#[test]
fn family_9_02_start_position() {
    let g = FamilyGame::new(FamilyRules::default());
    let pos = g.state().position();
    assert_eq!(pos.occupied().count(), 60);
    let geo = Geometry::cross();
    for empty in ["k2", "b4", "d13", "m11"] {
        assert!(
            pos.piece_at(geo.parse_square(empty).unwrap()).is_none(),
            "{empty}"
        );
    }
    for seat in [RED, BLUE, YELLOW, GREEN] {
        assert!(
            g.state().king_attackers(seat).is_empty(),
            "{seat:?} attacked"
        );
        assert_eq!(pos.side_pieces(seat).count(), 15);
    }
    assert!(g.state().unannounced_attacks().is_empty());
    let mut g = g;
    let events = play(&mut g, "r: Rk1xk13");
    assert_eq!(events, ["r: Rk1xk13"]);
}

#[test]
fn family_9_03_pawns_double_step_any_time_and_promote_on_the_centre_edge() {
    let g = game("rPe5 rPh10 rPj9 rPc10");
    assert!(has(&g, "e5e7"));
    assert!(
        !has(&g, "h10h12"),
        "a double step may not pass over the promotion line"
    );
    assert!(has(&g, "h10h11q"));
    assert!(
        has(&g, "j9j11q"),
        "a double step may land on the line and promote"
    );
    assert!(has(&g, "c10c11q") && !has(&g, "c10c11"), "c10-c11 promotes");
    assert!(Geometry::cross().parse_square("c12").is_none());
    let mut p = game("rPe5 rPh10 rPj9 rPc10");
    assert_eq!(play(&mut p, "r: h10-h11=Q"), ["r: h10-h11=Q"]);
    let mut p = game("rPe5 rPh10 rPj9 rPc10");
    assert_eq!(play(&mut p, "j9j11q"), ["r: j9-j11=Q"]);
    assert_eq!(
        p.state().position().ep_square(RED),
        None,
        "no e.p. after promoting"
    );

    // Blue promotes on file k, Yellow on rank 4, Green on file d.
    for (setup, mv) in [
        ("bPj5 turn:b", "j5k5q"),
        ("yPe5 turn:y", "e5e4q"),
        ("gPe7 turn:g", "e7d7q"),
    ] {
        let g = game(setup);
        assert!(has(&g, mv), "{setup}: {mv} in {:?}", legal(&g));
        assert!(!has(&g, &mv[..4]), "{setup}: must promote");
    }
}

#[test]
fn family_9_04_en_passant_for_each_opponent_until_play_returns() {
    // Blue takes at once.
    let mut g = game("rPe4 bPd4 yPf6");
    play(&mut g, "r: e4-e6");
    assert!(has(&g, "d4e5"));
    assert_eq!(play(&mut g, "b: d4xe5 ep"), ["b: d4xe5 ep"]);
    let geo = Geometry::cross();
    assert!(g
        .state()
        .position()
        .piece_at(geo.parse_square("e6").unwrap())
        .is_none());

    // Blue declines; Yellow may still take.
    let mut g = game("rPe4 bPd4 yPf6");
    play(&mut g, "r: e4-e6");
    play(&mut g, "b: Ka7-a6");
    assert!(has(&g, "f6e5"));
    assert_eq!(play(&mut g, "y: f6xe5 ep"), ["y: f6xe5 ep"]);

    // Nobody takes: after Red's next move the right is gone.
    let mut g = game("rPe4 bPd4 yPf6");
    play(&mut g, "r: e4-e6");
    play(&mut g, "b: Ka7-a6");
    play(&mut g, "y: Kg14-h14");
    play(&mut g, "g: Kn8-n9");
    assert_eq!(g.state().position().ep_square(RED), None);
    play(&mut g, "r: Kh1-h2");
    assert!(!has(&g, "d4e5"));
    play(&mut g, "b: Ka6-a7");
    assert!(!has(&g, "f6e5"));
}

#[test]
fn family_9_05_unannounced_check_binds_nobody() {
    let mut g = game("rQd5 bPb10");
    assert_eq!(play(&mut g, "r: Qd5-f7"), ["r: Qd5-f7"]);
    assert_eq!(g.state().standing_check(BLUE), None);
    assert!(has(&g, "b10d10"), "Blue may ignore the unannounced check");
    assert!(has(&g, "a7a6"));
    assert!(!has(&g, "a7b7"), "but may not move into check");
    play(&mut g, "b: b10-d10");
    play(&mut g, "y: Kg14-h14");
    play(&mut g, "g: Kn8-n9");
    assert!(!has(&g, "f7a7"), "kings are never captured");
    // A later call by Red on any Red move is accepted.
    assert_eq!(play(&mut g, "r: Kh1-h2+"), ["r: Kh1-h2+"]);
    assert_eq!(g.state().standing_check(BLUE), Some(RED));
    assert_eq!(legal(&g), ["a7a6", "a7a8", "a7b6", "a7b8"]);

    // The same as after an announced Qf7+.
    let mut g = game("rQd5 bPb10");
    assert_eq!(play(&mut g, "r: Qd5-f7+"), ["r: Qd5-f7+"]);
    assert_eq!(legal(&g), ["a7a6", "a7a8", "a7b6", "a7b8"]);
}

#[test]
fn family_9_06_two_players_cannot_mate_together() {
    let mut g = game("rRd4 yRb11");
    assert_eq!(play(&mut g, "r: Rd4-a4+"), ["r: Rd4-a4+"]);
    assert_eq!(g.turn(), BLUE, "not mate");
    assert_eq!(legal(&g), ["a7b6", "a7b7", "a7b8"]);
    play(&mut g, "b: Ka7-b7");
    assert_eq!(play(&mut g, "y: Kg14-f14+"), ["y: Kg14-f14+"]);
    assert_eq!(g.state().standing_check(BLUE), Some(YELLOW));
    play(&mut g, "g: Kn8-n9");
    play(&mut g, "r: Kh1-h2");
    assert_eq!(legal(&g), ["b7c6", "b7c7", "b7c8"]);

    // With joint mates on, Blue is mated.
    let mut g = with_options("rRd4 yRb11", "joint-mates=on");
    let events = play(&mut g, "r: Rd4-a4+");
    assert_eq!(events, ["r: Rd4-a4+", "b: #"]);
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    assert_eq!(g.turn(), YELLOW);
}

#[test]
fn family_9_07_mate_by_one_player() {
    let mut g = game("rRd4 rRb11");
    let events = play(&mut g, "r: Rd4-a4+");
    assert_eq!(events, ["r: Rd4-a4+", "b: #"]);
    assert!(g.events().contains(&Event::Mated {
        seat: BLUE,
        by: 1 << RED.0
    }));
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    let a7 = Geometry::cross().parse_square("a7").unwrap();
    let (piece, state) = g.state().piece_state(a7).unwrap();
    assert_eq!(
        (piece.side, piece.role, state),
        (BLUE, Role::King, PieceState::Dead)
    );
    assert_eq!(g.turn(), YELLOW);
    assert!(!g.is_over(), "three players are still in");
}

#[test]
fn family_9_08_second_call_refused_while_the_first_stands() {
    let mut g = game("rRd4 bBj9 bBe2");
    play(&mut g, "r: Rd4-g4+");
    assert_eq!(g.state().standing_check(YELLOW), Some(RED));
    assert_eq!(
        play(&mut g, "b: Bj9-k10+"),
        ["b: Bj9-k10"],
        "Blue's call is refused"
    );
    assert_eq!(g.state().standing_check(YELLOW), Some(RED));
    assert_eq!(
        legal(&g),
        ["g14f13", "g14f14", "g14h14"],
        "not Kh13: a fully safe move exists"
    );

    let mut g = game("rRd4 bBj9 bBe2");
    play(&mut g, "r: Rd4-g4+");
    play(&mut g, "b: Be2xg4");
    assert_eq!(g.state().standing_check(YELLOW), None, "the check lapsed");
    assert!(has(&g, "g14g13"));
}

#[test]
fn family_9_09_only_the_attacker_may_call() {
    let mut g = game("rNe12 bBc10");
    assert_eq!(
        play(&mut g, "r: Ne12-c11+"),
        ["r: Ne12-c11"],
        "Red has nothing to call"
    );
    assert_eq!(g.state().standing_check(YELLOW), None);
    assert_eq!(g.state().unannounced_attacks(), [(YELLOW, BLUE)]);
    assert_eq!(play(&mut g, "b: Ka7-a6+"), ["b: Ka7-a6+"]);
    assert_eq!(g.state().standing_check(YELLOW), Some(BLUE));

    // What binding means: unbound, Yellow may ignore the attack; bound, it may not.
    let mut g = game("rNe12 bBc10 yPk13");
    play(&mut g, "r: Ne12-c11");
    play(&mut g, "b: Ka7-a6");
    assert_eq!(g.state().standing_check(YELLOW), None, "Blue did not call");
    assert!(has(&g, "k13k12"));
    // Blue may still call on a later Blue move while the attack stands.
    play(&mut g, "y: k13-k11");
    play(&mut g, "g: Kn8-n9");
    play(&mut g, "r: Kh1-h2");
    assert_eq!(play(&mut g, "b: Ka6-a7+"), ["b: Ka6-a7+"]);
    assert_eq!(g.state().standing_check(YELLOW), Some(BLUE));
    assert!(!has(&g, "k11k10"));
}

#[test]
fn family_9_10_away_player_is_asleep() {
    let mut g = game("rPk4 rBj7 rRn4 gNl5 seats:PPPA");
    assert!(has(&g, "k4l5"), "pawns may take asleep pieces");
    assert!(!has(&g, "j7l5"), "other pieces may not");
    assert_eq!(
        play(&mut g, "r: Rn4-n5+"),
        ["r: Rn4-n5"],
        "a call against an Away king is void"
    );
    assert_eq!(g.state().standing_check(GREEN), None);
    assert_eq!(g.turn(), BLUE);
    play(&mut g, "b: Ka7-a6");
    assert_eq!(g.turn(), YELLOW);
    play(&mut g, "y: Kg14-h14");
    assert_eq!(g.turn(), RED, "Green is skipped");
}

#[test]
fn family_9_11_stalemated_player_passes() {
    let g = game_without_blue_king("rQc5 bKa4 turn:b");
    assert_eq!(g.records(), ["b: --"]);
    assert_eq!(g.turn(), YELLOW);
    assert!(!g.is_over());

    // With only Red and Blue left it is a draw.
    let g = game_without_blue_king("rQc5 bKa4 turn:b seats:PPOO");
    let o = g.outcome().expect("drawn");
    assert!(o.is_draw());
    assert_eq!(o.reason.key(), "draw-stalemate");
    assert_eq!(o.result(), "r=1/2 b=1/2 y=0 g=0");
}

/// Scenario 11 moves Blue's king to a4.
fn game_without_blue_king(rest: &str) -> FamilyGame {
    FamilyGame::from_text(&format!("rKh1 yKg14 gKn8 {rest}")).expect("valid position")
}

#[test]
fn family_9_12_castling_on_the_owners_back_row() {
    let mut g = game("rRk1 rRd1");
    play(&mut g, "r: O-O");
    let pos = g.state().position();
    let at = |s: &str| {
        pos.piece_at(Geometry::cross().parse_square(s).unwrap())
            .map(|p| p.role)
    };
    assert_eq!((at("j1"), at("i1")), (Some(Role::King), Some(Role::Rook)));
    let mut g = game("rRk1 rRd1");
    assert_eq!(play(&mut g, "r: O-O-O"), ["r: O-O-O"]);
    let pos = g.state().position();
    let at = |s: &str| {
        pos.piece_at(Geometry::cross().parse_square(s).unwrap())
            .map(|p| p.role)
    };
    assert_eq!((at("f1"), at("g1")), (Some(Role::King), Some(Role::Rook)));

    let g = game("rRk1 rRd1 yBl4");
    assert!(!has(&g, "h1j1"), "O-O passes the attacked i1");
    assert!(has(&g, "h1f1"), "O-O-O is still legal");
}

#[test]
fn family_9_13_allies_may_capture_each_other_unless_teams_are_fixed() {
    let mut g = game("rRd4 yNd8");
    g.set_alliance(RED, YELLOW, true).unwrap();
    assert!(g.allied(RED, YELLOW));
    assert!(has(&g, "d4d8"));
    let g = with_options("rRd4 yNd8", "teams=fixed");
    assert!(!has(&g, "d4d8"));
}
