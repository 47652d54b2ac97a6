//! Fun Family Chess rules beyond the §9 scenarios: one test (or more) per FAMILY.md rule,
//! named after it. Positions use the four §9 kings unless they say otherwise.

mod support;
use support::family::{game, has, legal, play, with_options};

use classroom_chess::rules::bitboard::Bits;
use classroom_chess::rules::family::text::{parse_position, write_position};
use classroom_chess::rules::family::{
    EndReason, FamilyGame, FamilyRules, PieceState, PlayerInfo, Seat, BLUE, GREEN, RED, YELLOW,
};
use classroom_chess::rules::geometry::Geometry;

fn square(name: &str) -> classroom_chess::rules::Square {
    Geometry::cross().parse_square(name).expect("a square")
}

// ---- §2 seats and setup ----

#[test]
fn family_2_5_three_players_leave_greens_seat_empty() {
    let mut g = FamilyGame::new(FamilyRules::for_players(3));
    assert_eq!(g.state().position().occupied().count(), 45);
    assert_eq!(g.state().seat(GREEN), Seat::Empty);
    play(&mut g, "r: e2-e4");
    play(&mut g, "b: b5-d5");
    play(&mut g, "y: e13-e11");
    assert_eq!(g.turn(), RED, "the empty seat is skipped");
}

#[test]
fn family_2_5_two_players_sit_opposite() {
    let mut g = FamilyGame::new(FamilyRules::for_players(2));
    assert_eq!(g.state().position().occupied().count(), 30);
    play(&mut g, "r: e2-e4");
    assert_eq!(g.turn(), YELLOW);
    play(&mut g, "y: e13-e11");
    assert_eq!(g.turn(), RED);
}

#[test]
fn family_2_1_supervisor_may_choose_the_first_seat() {
    let g = FamilyGame::setup(None, "first=b").unwrap();
    assert_eq!(g.turn(), BLUE);
}

#[test]
fn family_2_3_far_right_pawn_toggle() {
    let g = FamilyGame::setup(None, "far-right-pawn=kept").unwrap();
    assert_eq!(g.state().position().occupied().count(), 64);
}

// ---- §3 pieces and pawns ----

#[test]
fn family_3_3_double_step_first_move_only_toggle() {
    let g = with_options("rPe5 rPf2", "double-step=first-move");
    assert!(!has(&g, "e5e7"));
    assert!(has(&g, "f2f4"));
}

#[test]
fn family_3_3_double_step_needs_both_squares_empty() {
    let g = game("rPe5 bNe6");
    assert!(!has(&g, "e5e7") && !has(&g, "e5e6"));
    let g = game("rPe5 bNe7");
    assert!(has(&g, "e5e6") && !has(&g, "e5e7"));
}

#[test]
fn family_3_4_en_passant_next_player_only_toggle() {
    let mut g = with_options("rPe4 bPd4 yPf6", "en-passant=next-player");
    play(&mut g, "r: e4-e6");
    assert!(has(&g, "d4e5"), "Blue, the next player, may take");
    play(&mut g, "b: Ka7-a6");
    assert!(!has(&g, "f6e5"), "Yellow may not");
}

#[test]
fn family_3_4_en_passant_off_toggle() {
    let mut g = with_options("rPe4 bPd4 yPf6", "en-passant=off");
    play(&mut g, "r: e4-e6");
    assert!(!has(&g, "d4e5"));
}

#[test]
fn family_3_4_en_passant_ends_when_the_movers_seat_is_skipped() {
    // Red double-steps, then goes Away: play passing Red's seat ends the right.
    let mut g = game("rPe4 yPf6");
    play(&mut g, "r: e4-e6");
    g.away(RED, true).unwrap();
    play(&mut g, "b: Ka7-a6");
    assert!(has(&g, "f6e5"), "Yellow's first turn after the double step");
    play(&mut g, "y: Kg14-h14");
    play(&mut g, "g: Kn8-n9");
    // Red is skipped; that counts as play returning to Red's seat.
    assert_eq!(g.state().position().ep_square(RED), None);
}

#[test]
fn family_3_4_two_seats_passing_the_same_square_give_one_capture() {
    let mut g = game("rPe4 bPd5 yPf6");
    play(&mut g, "r: e4-e6");
    play(&mut g, "b: d5-f5");
    assert_eq!(legal(&g).iter().filter(|m| *m == "f6e5").count(), 1);
    assert_eq!(play(&mut g, "y: f6xe5 ep"), ["y: f6xe5 ep"]);
}

#[test]
fn family_3_5_promotion_line_toggles() {
    let g = with_options("rPh7", "promotion=own-eighth");
    assert!(has(&g, "h7h8q"));
    let g = with_options("rPh13", "promotion=board-edge");
    assert!(has(&g, "h13h14q"));
    let g = game("rPh10");
    assert_eq!(
        legal(&g).iter().filter(|m| m.starts_with("h10h11")).count(),
        4,
        "choice of piece"
    );
    let g = with_options("rPh10", "promote-to=queen");
    let promotions: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("h10"))
        .collect();
    assert_eq!(promotions, ["h10h11q"], "auto-queen");
}

#[test]
fn family_3_6_no_castling_while_the_king_is_attacked_announced_or_not() {
    let g = game("rRk1 rRd1 yRh13");
    assert!(!has(&g, "h1j1") && !has(&g, "h1f1"));
}

// ---- §4 check, announcing, checkmate ----

#[test]
fn family_4_1_only_live_pieces_attack() {
    // Blue is Out: its rook on h5 is dead and does not attack Red's king.
    let g = game("bRh5 seats:POPP");
    assert!(g.state().king_attackers(RED).is_empty());
    assert!(has(&g, "h1h2"));
    let (_, state) = g.state().piece_state(square("h5")).unwrap();
    assert_eq!(state, PieceState::Dead);
    // Blue is Away: its rook is asleep and does not attack either.
    let g = game("bRh5 seats:PAPP");
    assert!(g.state().king_attackers(RED).is_empty());
    assert_eq!(
        g.state().piece_state(square("h5")).unwrap().1,
        PieceState::Asleep
    );
}

#[test]
fn family_4_2_kings_are_never_captured() {
    let g = game("rRa4");
    assert!(!has(&g, "a4a7"));
    // A dead king may be captured (§5.2).
    let g = game("rRa4 seats:POPP");
    assert!(has(&g, "a4a7"));
}

#[test]
fn family_4_3_call_with_nothing_to_accept_does_nothing() {
    let mut g = game("rPe4");
    assert_eq!(play(&mut g, "r: e4-e5+"), ["r: e4-e5"]);
    assert!((0..4).all(|s| g
        .state()
        .standing_check(classroom_chess::rules::Side(s))
        .is_none()));
}

#[test]
fn family_4_3_one_call_checks_every_attacked_king() {
    // A rook on g7 sees a7 (Blue) along rank 7 and g14 (Yellow) up the g-file.
    let mut g = game("rRg4");
    assert_eq!(play(&mut g, "r: Rg4-g7+"), ["r: Rg4-g7+"]);
    assert_eq!(g.state().standing_check(BLUE), Some(RED));
    assert_eq!(g.state().standing_check(YELLOW), Some(RED));
}

#[test]
fn family_4_3_auto_check_calls_every_check() {
    let mut g = with_options("rQd5", "checks=auto");
    assert_eq!(play(&mut g, "r: Qd5-f7"), ["r: Qd5-f7+"]);
    assert_eq!(g.state().standing_check(BLUE), Some(RED));
}

#[test]
fn family_4_4_check_lapses_when_the_checker_stops_playing() {
    let mut g = game("rQd5");
    play(&mut g, "r: Qd5-f7+");
    assert_eq!(g.state().standing_check(BLUE), Some(RED));
    g.away(RED, true).unwrap();
    assert_eq!(g.state().standing_check(BLUE), None);
    assert!(has(&g, "a7b7"), "Red's queen is asleep and attacks nothing");
}

#[test]
fn family_4_5a_unannounced_check_allows_no_new_attacker() {
    // Red's rook on a4 attacks Blue's king (not announced); Blue's rook b7 shields it from
    // Red's rook e7.
    let g = game("rRa4 rRe7 bRb7 bPb10 turn:b");
    assert!(has(&g, "b10c10"), "the old attack may be ignored");
    assert!(
        has(&g, "b7c7") && has(&g, "b7e7"),
        "moves that keep the shield or take"
    );
    assert!(!has(&g, "b7b8"), "uncovering a second attacker is illegal");
    assert!(
        !has(&g, "a7a6") && !has(&g, "a7a8"),
        "the king may not step into check"
    );
    assert!(has(&g, "a7b6") && has(&g, "a7b8"));
}

#[test]
fn family_4_5b_announced_check_must_be_answered() {
    let mut g = game("rRa4 rRe7 bRb7 bPb10");
    play(&mut g, "r: Ra4-a5+");
    // Kb6 and Kb8 leave the king unattacked (A₁ = ∅), so only they are legal.
    assert_eq!(legal(&g), ["a7b6", "a7b8"]);
}

#[test]
fn family_4_6_mate_is_judged_at_the_start_of_the_victims_turn() {
    // Red mates Yellow with two rooks; Blue moves in between.
    let position = "rRd12 rRe13 bBb10";
    let mut g = game(position);
    assert_eq!(play(&mut g, "r: Rd12-d14+"), ["r: Rd12-d14+"]);
    assert_eq!(g.state().seat(YELLOW), Seat::Playing, "not judged yet");
    let events = play(&mut g, "b: Ka7-a6");
    assert_eq!(events, ["b: Ka7-a6", "y: #"]);
    assert_eq!(g.state().seat(YELLOW), Seat::Out);
    assert_eq!(g.turn(), GREEN);

    // Blue rescues Yellow by taking the e13 rook.
    let mut g = game(position);
    play(&mut g, "r: Rd12-d14+");
    assert_eq!(play(&mut g, "b: Bb10xe13"), ["b: Bb10xe13"]);
    assert_eq!(g.turn(), YELLOW);
    assert!(has(&g, "g14g13"));
}

#[test]
fn family_4_6_joint_mates_accept_a_second_call() {
    let mut g = with_options("rRd4 bBj9 bBe2", "joint-mates=on");
    play(&mut g, "r: Rd4-g4+");
    assert_eq!(
        play(&mut g, "b: Bj9-k10+"),
        ["b: Bj9-k10+"],
        "§4.3(a) is dropped"
    );
    assert_eq!(
        g.state().standing_checkers(YELLOW),
        1 << RED.0 | 1 << BLUE.0
    );
    assert!(g.text().contains("checks:y=rb"), "{}", g.text());
    assert_eq!(legal(&g), ["g14f13", "g14f14", "g14h14"]);
    assert_eq!(
        write_position(&parse_position(&g.text()).unwrap()),
        g.text()
    );
}

// ---- §5 elimination, stalemate, end ----

#[test]
fn family_5_1_resign_at_any_time_and_be_skipped() {
    let mut g = game("rPe4");
    g.resign(BLUE).unwrap();
    assert_eq!(g.records(), ["b: resigns"]);
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    play(&mut g, "r: e4-e5");
    assert_eq!(g.turn(), YELLOW);
    // Resigning on one's own turn hands the turn on.
    g.resign(YELLOW).unwrap();
    assert_eq!(g.turn(), GREEN);
}

#[test]
fn family_5_2_dead_pieces_stay_block_and_may_be_taken() {
    let g = game("rRa4 bNa5 seats:POPP");
    assert!(has(&g, "a4a5"), "anyone may take a dead piece");
    assert!(!has(&g, "a4a6"), "a dead piece still blocks the line");
}

#[test]
fn family_5_2_dead_pieces_removed_toggle() {
    let mut g = with_options("rRd4 rRb11 bNe9", "dead-pieces=removed");
    play(&mut g, "r: Rd4-a4+");
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    assert!(g.state().position().side_pieces(BLUE).is_empty());
}

#[test]
fn family_5_3_every_playing_player_passing_draws() {
    // Two passes already this round; with three Playing players, Blue's pass is the third.
    let g = FamilyGame::from_text("rKh1 bKa4 yKg14 gKn8 rQc5 seats:PPPO turn:b passes:2").unwrap();
    let o = g.outcome().expect("drawn");
    assert_eq!(o.reason, EndReason::AllPassed);
    assert_eq!(o.result(), "r=1/2 b=1/2 y=1/2 g=0");
    // With fewer passes so far, play goes on.
    let g = FamilyGame::from_text("rKh1 bKa4 yKg14 gKn8 rQc5 seats:PPPO turn:b passes:1").unwrap();
    assert!(!g.is_over());
    assert_eq!(g.state().passes(), 2);
}

#[test]
fn family_5_3_stalemate_toggles() {
    let text = "rKh1 bKa4 yKg14 gKn8 rQc5 turn:b";
    let g = FamilyGame::setup(Some(text), "stalemate=eliminate").unwrap();
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    assert_eq!(g.records(), ["b: out"]);
    let g = FamilyGame::setup(Some(text), "stalemate=draw").unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::Stalemate);
}

#[test]
fn family_5_4_the_last_player_not_out_wins() {
    let mut g = game("rPe4");
    g.resign(BLUE).unwrap();
    g.resign(YELLOW).unwrap();
    assert!(!g.is_over());
    g.resign(GREEN).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason.key(), "resignation");
    assert_eq!(o.result(), "r=1 b=0 y=0 g=0");
    assert!(g.play_text("e4e5").is_err());
}

#[test]
fn family_5_4_play_pauses_when_the_only_playing_player_is_left_with_away_players() {
    let mut g = game("rPe4");
    g.away(BLUE, true).unwrap();
    g.away(YELLOW, true).unwrap();
    g.resign(GREEN).unwrap();
    assert!(g.is_paused() && !g.is_over());
    assert!(g.legal_moves().is_empty());
    assert!(g.play_text("e4e5").is_err());
    g.back(YELLOW).unwrap();
    assert!(!g.is_paused());
    play(&mut g, "r: e4-e5");
    assert_eq!(g.turn(), YELLOW);
}

#[test]
fn family_5_5_allies_still_in_may_share_the_win() {
    let mut g = game("rPe4");
    g.resign(BLUE).unwrap();
    g.resign(GREEN).unwrap();
    assert!(g.share_win().is_err(), "Red and Yellow are not allied");
    g.set_alliance(RED, YELLOW, true).unwrap();
    g.share_win().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.result().as_str()),
        (EndReason::SharedWin, "r=1 b=0 y=1 g=0")
    );
}

#[test]
fn family_5_6_draw_by_agreement() {
    let mut g = game("rPe4");
    g.agree_draw().unwrap();
    assert_eq!(g.outcome().unwrap().result(), "r=1/2 b=1/2 y=1/2 g=1/2");
}

#[test]
fn family_5_6_repetition_claimed_at_three_automatic_at_five() {
    let mut g = FamilyGame::from_text("rKh1 yKg14 rRd1 yRd14 castle:-").unwrap();
    let cycle = ["r: Kh1-h2", "y: Kg14-g13", "r: Kh2-h1", "y: Kg13-g14"];
    for _ in 0..2 {
        for m in cycle {
            play(&mut g, m);
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    let mut claimed = g.clone();
    claimed.claim_draw().unwrap();
    assert_eq!(
        claimed.outcome().unwrap().reason,
        EndReason::ThreefoldRepetition
    );
    for _ in 0..2 {
        for m in cycle {
            play(&mut g, m);
        }
    }
    assert_eq!(g.outcome().unwrap().reason, EndReason::FivefoldRepetition);
}

#[test]
fn family_5_6_fifty_rounds_claimed_seventy_five_automatic() {
    let mut g = game("rRd4 quiet:199");
    assert!(g.claim_draw().is_err());
    play(&mut g, "r: Rd4-d5");
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyRounds));
    let mut g = game("rRd4 quiet:299");
    play(&mut g, "r: Rd4-d5");
    assert_eq!(g.outcome().unwrap().reason, EndReason::SeventyFiveRounds);
}

#[test]
fn family_5_6_insufficient_material_with_two_left() {
    let g = FamilyGame::from_text("rKh1 yKg14 rBf5").unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::InsufficientMaterial);
    let g = game("rBf5");
    assert!(!g.is_over(), "four players: no such draw");
}

// ---- §6 young players who leave ----

#[test]
fn family_6_1_eligibility_by_age_gap_or_by_hand() {
    let mut g = game("rPe4");
    for (seat, age) in [(RED, 40), (BLUE, 10), (YELLOW, 16), (GREEN, 30)] {
        g.set_player(
            seat,
            PlayerInfo {
                age: Some(age),
                ticked: false,
            },
        );
    }
    assert!(g.is_eligible(BLUE) && !g.is_eligible(YELLOW) && !g.is_eligible(GREEN));
    assert!(g.away(GREEN, false).unwrap_err().contains("25 years"));
    g.set_player(
        GREEN,
        PlayerInfo {
            age: Some(30),
            ticked: true,
        },
    );
    assert!(g.is_eligible(GREEN));
    g.set_option("absence", "off").unwrap();
    assert!(!g.is_eligible(BLUE));
    g.set_option("absence", "on").unwrap();
    g.set_option("eligibility", "anyone").unwrap();
    assert!(g.is_eligible(YELLOW));
}

#[test]
fn family_6_2_leaving_on_ones_own_turn_passes_the_turn() {
    let mut g = game("rPe4");
    g.set_option("eligibility", "anyone").unwrap();
    g.away(RED, false).unwrap();
    assert_eq!(g.turn(), BLUE);
    assert_eq!(g.records(), ["r: away"]);
}

#[test]
fn family_6_2_leaving_while_in_check_cancels_the_check() {
    let mut g = game("rQd5");
    g.set_option("eligibility", "anyone").unwrap();
    play(&mut g, "r: Qd5-f7+");
    let mut strict = g.clone();
    g.away(BLUE, false).unwrap();
    assert_eq!(g.state().standing_check(BLUE), None);
    assert_eq!(g.turn(), YELLOW);
    strict.set_option("leave-in-check", "off").unwrap();
    assert!(strict.away(BLUE, false).unwrap_err().contains("check"));
}

#[test]
fn family_6_3_asleep_pieces_capture_toggles() {
    let g = with_options("rPk4 rBj7 gNl5 seats:PPPA", "asleep-capture=anyone");
    assert!(has(&g, "j7l5"));
    let g = with_options("rPk4 rBj7 gNl5 seats:PPPA", "asleep-capture=no-one");
    assert!(!has(&g, "j7l5") && !has(&g, "k4l5"));
}

#[test]
fn family_6_3_asleep_pawn_may_be_taken_en_passant() {
    let mut g = game("gPm6 yPk7 turn:g");
    play(&mut g, "g: m6-k6");
    g.away(GREEN, true).unwrap();
    play(&mut g, "r: Kh1-h2");
    play(&mut g, "b: Ka7-a6");
    assert_eq!(play(&mut g, "y: k7xl6 ep"), ["y: k7xl6 ep"]);
}

#[test]
fn family_6_4_on_return_the_attack_is_unannounced() {
    let mut g = game("rQd5");
    play(&mut g, "r: Qd5-f7+");
    g.away(BLUE, true).unwrap();
    play(&mut g, "y: Kg14-h14");
    g.back(BLUE).unwrap();
    assert_eq!(g.state().standing_check(BLUE), None);
    play(&mut g, "g: Kn8-n9");
    assert_eq!(g.turn(), RED);
    assert_eq!(
        play(&mut g, "r: Kh1-h2+"),
        ["r: Kh1-h2+"],
        "the owner may call again"
    );
}

// ---- §7 teams ----

#[test]
fn family_7_2_partners_do_not_attack_each_others_kings_nor_call() {
    let mut g = with_options("rRg4", "teams=fixed");
    play(&mut g, "r: Rg4-g7+");
    assert_eq!(g.state().standing_check(BLUE), Some(RED));
    assert_eq!(
        g.state().standing_check(YELLOW),
        None,
        "no check on a partner"
    );
    assert!(g.state().king_attackers(YELLOW).is_empty());
}

#[test]
fn family_7_2_a_team_wins_when_both_opponents_are_out() {
    // Pawns for everyone, so that no two-left material draw intervenes.
    let mut g = with_options("rPe4 yPe13 gPm5", "teams=fixed");
    g.resign(BLUE).unwrap();
    assert!(!g.is_over());
    g.resign(RED).unwrap();
    assert!(!g.is_over());
    g.resign(GREEN).unwrap();
    assert_eq!(g.outcome().unwrap().result(), "r=1 b=0 y=1 g=0");
}

// ---- §8 supervisor ----

#[test]
fn family_8_mid_game_toggle_changes_are_logged_and_judged_at_once() {
    let mut g = game("rRd4 yRb11");
    play(&mut g, "r: Rd4-a4+");
    assert_eq!(g.turn(), BLUE);
    g.set_option("joint-mates", "on").unwrap();
    assert_eq!(g.log(), ["round 1, Blue to move: joint-mates off -> on"]);
    assert_eq!(
        g.state().seat(BLUE),
        Seat::Out,
        "judged again under the new rule"
    );
    assert!(g.set_option("joint-mates", "sometimes").is_err());
    assert!(g
        .set_option("seats", "ry")
        .unwrap_err()
        .contains("before the game"));
    assert_eq!(g.log().len(), 1);
}

#[test]
fn family_8_12_supervisor_may_undo_and_declare() {
    let mut g = game("rPe4");
    let before = g.text();
    play(&mut g, "r: e4-e6");
    g.undo().unwrap();
    assert_eq!(g.text(), before);
    assert!(g.records().is_empty());
    g.declare(1 << BLUE.0).unwrap();
    assert_eq!(g.outcome().unwrap().result(), "r=0 b=1 y=0 g=0");
}

// ---- §1.4 records, position text ----

#[test]
fn family_1_4_records_for_every_kind_of_event() {
    let mut g = game("rRk1 rRd1 rPh10");
    g.set_option("eligibility", "anyone").unwrap();
    assert_eq!(play(&mut g, "O-O"), ["r: O-O"]);
    g.away(BLUE, false).unwrap();
    g.back(BLUE).unwrap();
    play(&mut g, "y: Kg14-g13");
    g.resign(GREEN).unwrap();
    assert_eq!(play(&mut g, "h10h11r"), ["r: h10-h11=R"]);
    assert_eq!(
        g.records(),
        [
            "r: O-O",
            "b: away",
            "b: back",
            "y: Kg14-g13",
            "g: resigns",
            "r: h10-h11=R"
        ]
    );
}

#[test]
fn family_saved_game_replays_to_the_same_game() {
    let mut g = game("rRd4 rPe4 yRb11 bPb10");
    g.set_player(
        BLUE,
        PlayerInfo {
            age: Some(8),
            ticked: true,
        },
    );
    play(&mut g, "r: e4-e6");
    g.set_alliance(RED, YELLOW, true).unwrap();
    play(&mut g, "b: b10-d10");
    g.undo().unwrap();
    g.away(BLUE, false).unwrap();
    play(&mut g, "y: Kg14-f14");
    g.set_option("joint-mates", "on").unwrap();
    g.back(BLUE).unwrap();
    play(&mut g, "g: Kn8-n9");
    play(&mut g, "r: Rd4-a4+");
    let record = g.to_record();
    let json = serde_json::to_string(&record).unwrap();
    let back: classroom_chess::rules::family::game::FamilyRecord =
        serde_json::from_str(&json).unwrap();
    let again = FamilyGame::from_record(&back).unwrap();
    assert_eq!(again.text(), g.text());
    assert_eq!(again.records(), g.records());
    assert_eq!(again.log(), g.log());
    assert_eq!(again.outcome(), g.outcome());
    assert!(again.allied(RED, YELLOW));
    assert_eq!(
        record.actions,
        [
            "e4e6",
            "ally r y",
            "away b",
            "g14f14",
            "option joint-mates=on",
            "back b",
            "n8n9",
            "d4a4+"
        ]
    );
    let mut broken = record.clone();
    broken.actions.push("z9z10".into());
    assert!(FamilyGame::from_record(&broken)
        .unwrap_err()
        .contains("action 9"));
}

#[test]
fn family_position_text_round_trips() {
    let mut g = FamilyGame::setup(None, "teams=fixed joint-mates=on").unwrap();
    for m in [
        "r: e2-e4",
        "b: b6-d6",
        "y: j13-j11",
        "g: m5-k5",
        "r: Ne1-f3",
    ] {
        play(&mut g, m);
    }
    g.away(GREEN, true).unwrap();
    let text = g.text();
    assert!(
        text.contains("seats:PPPA") && text.contains("options:joint-mates=on,teams=fixed"),
        "{text}"
    );
    assert!(text.contains("ep:") && !text.contains("ep:-"), "{text}");
    let again = parse_position(&text).unwrap();
    assert_eq!(write_position(&again), text);
    assert_eq!(&again, g.state());

    // Checks and passes round-trip too.
    let mut g = game("rQd5");
    play(&mut g, "r: Qd5-f7+");
    let text = g.text();
    assert!(text.contains("checks:b=r"), "{text}");
    assert_eq!(write_position(&parse_position(&text).unwrap()), text);
    let text = "rKh1 rQc5 bKa4 yKg14 gKn8 turn:y seats:PPPP castle:- ep:- checks:- quiet:0 round:1 passes:1";
    assert_eq!(write_position(&parse_position(text).unwrap()), text);
}

#[test]
fn family_start_position_text() {
    let text = FamilyGame::new(FamilyRules::default()).text();
    assert!(
        text.starts_with("rKh1 rQg1 rRd1 rRk1 rBf1 rBi1 rNe1 rNj1 rPd2"),
        "{text}"
    );
    assert!(text.ends_with(
        "turn:r seats:PPPP castle:rk,rq,bk,bq,yk,yq,gk,gq ep:- checks:- quiet:0 round:1"
    ));
    assert_eq!(FamilyGame::from_text(&text).unwrap().text(), text);
}

#[test]
fn family_position_text_errors_say_what_is_wrong() {
    let cases = [
        ("", "empty"),
        ("rKa1 bKa7", "'a1' is not a square"),
        ("rKh1 bKa7 rQh1", "already occupied"),
        ("rKh1 bKa7 xQd5", "not a seat letter"),
        ("rKh1 bKa7 rXd5", "not a piece letter"),
        ("rKh1 bKa7 rPh11", "promotion line"),
        ("rKh1 bKa7 yQd5", "exactly one king"),
        ("rKh1 bKa7 turn:y", "nobody sits there"),
        ("rKh1 bKa7 checks:b=r", "does not attack"),
        ("rKh1 bKa7 ep:r=e3", "not an e.p. square"),
        ("rKh1 bKa7 colour:red", "unknown field"),
        ("rKh1 bKa7 seats:PP", "four status letters"),
        ("rKh1 bKa7 castle:rk", "home squares"),
        ("rKh1 bKa7 quiet:x", "not a number"),
        ("rKh1 bKa7 options:teams=maybe", "teams"),
        ("rKh1", "at least two seats"),
        ("rKh1 bKa7 turn:r turn:b", "twice"),
    ];
    for (text, expected) in cases {
        let err = parse_position(text).expect_err(text);
        assert!(err.contains(expected), "{text}: {err}");
    }
}

#[test]
fn family_move_input_errors_say_what_is_wrong() {
    let mut g = game("rPh10 rRd4");
    for (text, expected) in [
        ("b: Ka7-a6", "Red's turn"),
        ("h10h11", "say which piece"),
        ("Qd4-d5", "no queen"),
        ("d4-a1", "target square"),
        ("z9-d5", "no square"),
        ("d4-e5", "not a legal move"),
        ("+", "no move"),
        ("O-O", "not legal"),
    ] {
        let err = g.play_text(text).expect_err(text);
        assert!(err.contains(expected), "{text}: {err}");
    }
    assert!(g.records().is_empty(), "refusals change nothing");
}

#[test]
fn family_8_mid_game_change_is_a_line_of_the_move_record_and_survives_the_saved_form() {
    let mut g = FamilyGame::new(FamilyRules::default());
    play(&mut g, "r: e2-e4");
    g.set_option("checks", "auto").unwrap();
    play(&mut g, "b: b5-d5");
    let lines = g.record_lines();
    assert_eq!(
        lines,
        [
            "r: e2-e4",
            "— Supervisor: checks manual -> auto",
            "b: b5-d5"
        ]
    );
    let again = FamilyGame::from_record(&g.to_record()).unwrap();
    assert_eq!(again.record_lines(), lines);
    assert!(again.rules().auto_check);
}

#[test]
fn family_2_1_first_mover_and_chosen_seats_for_three_players() {
    let mut rules = FamilyRules::default();
    rules.apply("seats=rbg first=g").unwrap();
    let mut g = FamilyGame::new(rules);
    assert_eq!(g.turn(), GREEN);
    assert_eq!(g.state().seat(YELLOW), Seat::Empty);
    play(&mut g, "g: m4-k4");
    assert_eq!(g.turn(), RED, "clockwise from Green: Red next");
    play(&mut g, "r: e2-e4");
    assert_eq!(g.turn(), BLUE);
    play(&mut g, "b: b5-d5");
    assert_eq!(g.turn(), GREEN, "Yellow's empty seat is skipped");
}

/// FAMILY.md §1 position text: an army never has more than 16 pieces, so a text with 21
/// queens is refused with the reason (and so is a saved game starting there), while the
/// largest real army — fifteen queens and a king — lists and plays every one of its moves.
#[test]
fn family_position_text_refuses_armies_no_game_has_and_lists_every_move_of_the_largest() {
    let queens21 = "rKm9 bKa11 rQn4 rQc6 rQn7 rQk14 rQa7 rQk8 rQg6 rQj9 rQe5 rQf1 rQf14 rQk6 \
                    rQd5 rQh2 rQk1 rQn6 rQi12 rQe10 rQi2 rQn5 rQj3";
    let e = FamilyGame::from_text(queens21).unwrap_err();
    assert!(
        e.contains("Red has 22 pieces") && e.contains("at most 16"),
        "{e}"
    );
    let mut record = FamilyGame::from_text("rKh1 bKa7").unwrap().to_record();
    record.start = queens21.to_string();
    assert!(FamilyGame::from_record(&record).is_err());
    let queens15 = "rKm9 bKa11 rQn4 rQc6 rQn7 rQk14 rQa7 rQk8 rQg6 rQj9 rQe5 rQf1 rQf14 rQk6 \
                    rQd5 rQh2 rQk1";
    let g = FamilyGame::from_text(queens15).unwrap();
    let moves = g.legal_moves();
    assert!(moves.len() > 400, "{} moves", moves.len());
    for &m in moves.iter() {
        let mut next = g.clone();
        next.play(m, false).unwrap();
    }
}

/// FAMILY.md §5.2 (dead pieces removed) and the position text: a seat that is out and whose
/// pieces were taken off keeps no castling rights, so the text written reads back.
#[test]
fn family_5_2_removed_pieces_take_their_castling_rights_with_them() {
    let mut g = FamilyGame::setup(None, "dead-pieces=removed").unwrap();
    g.resign(BLUE).unwrap();
    let text = g.text();
    assert!(!text.contains("bk") && !text.contains("bq"), "{text}");
    let back = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(write_position(&back), text);
}

/// FAMILY.md §3.4: an e.p. square closes when its pawn is captured (by any means) or the
/// square is taken, so the text written reads back.
#[test]
fn family_3_4_ep_square_closes_when_its_pawn_is_captured_normally() {
    let mut g = game("rPe2 bNd6");
    play(&mut g, "r: e2-e4");
    assert!(g.text().contains("ep:r=e3"), "{}", g.text());
    play(&mut g, "b: Nd6xe4");
    let text = g.text();
    assert!(text.contains("ep:-"), "{text}");
    let back = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(write_position(&back), text);
    // The square taken by a piece closes it too.
    let mut g = game("rPe2 bNd5");
    play(&mut g, "r: e2-e4");
    play(&mut g, "b: Nd5-e3");
    assert!(g.text().contains("ep:-"), "{}", g.text());
}

/// FAMILY.md §5.3: passes in a row are fewer than the Playing players (all of them passing
/// draws the game), so a text with more is refused instead of overflowing the count.
#[test]
fn family_5_3_passes_in_the_text_are_fewer_than_the_players() {
    let base = "rKh1 bKa7 yKg14 gKn8";
    assert!(parse_position(&format!("{base} passes:3")).is_ok());
    for n in ["4", "256", "65535"] {
        let e = parse_position(&format!("{base} passes:{n}")).unwrap_err();
        assert!(e.contains("passes"), "{e}");
    }
}

/// FAMILY.md §1.4 records: each line knows after how many actions its position stands, so
/// the move list can show the game as it was; supervisor changes are lines of their own.
#[test]
fn family_1_4_record_entries_point_at_the_position_after_them() {
    let mut g = game("rRd4 rRb11 turn:r");
    play(&mut g, "r: Rd4-a4+");
    g.set_option("checks", "auto").unwrap();
    play(&mut g, "y: Kg14-f14");
    let entries = g.record_entries();
    let lines: Vec<&str> = entries.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        lines,
        [
            "r: Rd4-a4+",
            "b: #",
            "— Supervisor: checks manual -> auto",
            "y: Kg14-f14"
        ]
    );
    let plies: Vec<Option<usize>> = entries.iter().map(|(_, p)| *p).collect();
    assert_eq!(plies, [Some(1), Some(1), None, Some(2)]);
    assert_eq!(g.undo_depth(), 2);
    let back = g.truncated(1);
    assert_eq!(back.undo_depth(), 1);
    assert_eq!(back.records(), ["r: Rd4-a4+", "b: #"]);
}
