//! The four-player computer opponent (src/engine/family): it plays Fun Family Chess by the
//! family core's own rules. Each test names the FAMILY.md section it relies on.

mod support;
use support::family::{game, with_options, KINGS};

use classroom_chess::engine::eval::DECIDED;
use classroom_chess::engine::family::eval::Sides;
use classroom_chess::engine::family::play::should_call;
use classroom_chess::engine::family::{family_choose, family_search, FamilyChoice};
use classroom_chess::engine::Limits;
use classroom_chess::rules::family::notation::machine;
use classroom_chess::rules::family::{
    EndReason, Event, FamilyGame, FamilyRules, Seat, BLUE, GREEN, RED, YELLOW,
};
use classroom_chess::rules::types::Move;
use std::cell::Cell;

fn text(g: &FamilyGame, m: Move) -> String {
    machine(g.state().position(), m)
}

/// The full search to `depth` plies: its move in machine form, `+` for a call.
fn best(g: &FamilyGame, depth: u8) -> String {
    let r = family_search(g, &Limits::depth(depth));
    let m = r.mv.unwrap_or_else(|| panic!("no move in {}", g.text()));
    text(g, m) + if r.call { "+" } else { "" }
}

/// Whether a call with `m` would be accepted (the core's own answer, §4.3).
fn call_accepted(g: &FamilyGame, m: Move) -> bool {
    let mut after = g.clone();
    let events = after.play(m, true).expect("legal move");
    events
        .iter()
        .any(|e| matches!(e, Event::Moved { check: true, .. }))
}

/// Plays the computer's choice, checking it is a legal move of the seat to move, which is
/// Playing, and that its call is exactly an accepted one (no allies here).
fn play_choice(g: &mut FamilyGame, choice: FamilyChoice) {
    let m = choice.mv.expect("a move");
    let mover = g.turn();
    assert_eq!(g.state().seat(mover), Seat::Playing);
    assert!(
        g.legal_moves().contains(&m),
        "{} is not legal in {}",
        text(g, m),
        g.text()
    );
    assert_eq!(
        g.state().position().side_at(m.from),
        Some(mover),
        "moves the mover's own piece"
    );
    assert_eq!(choice.call, call_accepted(g, m), "call of {}", text(g, m));
    g.play(m, choice.call).expect("legal move");
}

#[test]
fn family_3_1_captures_a_hanging_queen() {
    // Blue's queen on e9 stands on the open e-file before Red's rook, guarded by nobody.
    let g = game("rRe4 bQe9 rPd2 yPe13 turn:r");
    assert_eq!(best(&g, 1), "e4e9");
    assert_eq!(best(&g, 4), "e4e9");
}

#[test]
fn family_3_1_does_not_take_a_guarded_pawn_with_its_queen() {
    // Yellow's pawn f12 guards e11: Qxe11 loses the queen (Yellow moves before Red again).
    let g = game("rQe4 yPe11 yPf12 turn:r");
    for depth in 1..=4 {
        assert_ne!(best(&g, depth), "e4e11", "depth {depth}");
    }
}

#[test]
fn family_4_2_and_4_6_mates_in_one_with_a_called_check() {
    // §9 scenario 7: Rd4-a4+ mates Blue at the start of its turn (kings are never captured,
    // so a mate is the only way to take a king out).
    let mut g = game("rRd4 rRb11 turn:r");
    assert_eq!(best(&g, 1), "d4a4+");
    assert_eq!(best(&g, 3), "d4a4+");
    let choice = family_choose(&g, 8, 1, &Limits::depth(3));
    play_choice(&mut g, choice);
    assert_eq!(g.state().seat(BLUE), Seat::Out);
    assert_eq!(g.turn(), YELLOW);
}

#[test]
fn family_4_6_and_5_4_mate_in_one_wins_a_two_player_game() {
    let g = FamilyGame::from_text("rKh1 bKa7 rRd4 rRb11 seats:PP-- turn:r").unwrap();
    let r = family_search(&g, &Limits::depth(3));
    assert_eq!(text(&g, r.mv.unwrap()), "d4a4");
    assert!(r.call);
    assert!(r.score > DECIDED, "a won game, not material: {}", r.score);
    let mut after = g.clone();
    after.play(r.mv.unwrap(), r.call).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
}

#[test]
fn family_4_3_calls_check_exactly_when_the_call_is_accepted() {
    // Red's queen can check Blue (a7), Yellow (g14) or Green (n8), or give no check.
    let g = game("rQd5 bPb10 turn:r");
    let sides = Sides::of_game(&g);
    let mut checks = 0;
    for m in g.legal_moves() {
        let accepted = call_accepted(&g, m);
        checks += usize::from(accepted);
        assert_eq!(
            should_call(g.state(), m, &sides),
            accepted,
            "{}",
            text(&g, m)
        );
    }
    assert!(checks > 3, "several checking moves: {checks}");
    // Unannounced, a check binds nobody (§4.5a): so a check the engine gives is called.
    let r = family_search(&g, &Limits::depth(2));
    assert_eq!(r.call, call_accepted(&g, r.mv.unwrap()));
}

#[test]
fn family_4_3_a_standing_attack_is_called_on_the_attackers_next_move() {
    // §9 scenario 5: Qd5-f7 without a call binds nobody; on Red's next move a call against
    // the attack still standing is accepted, so the engine makes it with any move.
    let mut g = game("rQd5 bPb10 turn:r");
    g.play_text("r: Qd5-f7").unwrap();
    g.play_text("b: b10-d10").unwrap();
    g.play_text("y: Kg14-g13").unwrap();
    g.play_text("g: Kn8-n9").unwrap();
    assert_eq!(g.turn(), RED);
    let sides = Sides::of_game(&g);
    let king_step = g
        .legal_moves()
        .into_iter()
        .find(|&m| text(&g, m) == "h1h2")
        .unwrap();
    assert!(should_call(g.state(), king_step, &sides));
    let mut after = g.clone();
    after.play(king_step, true).unwrap();
    assert_eq!(after.state().standing_check(BLUE), Some(RED));
}

#[test]
fn family_6_3_never_moves_for_an_away_seat() {
    // Green is Away: its turn is skipped and its pieces sleep (capturable by pawns only).
    let mut g = game("rRk1 rPk4 gNl5 gQn5 yRe12 bRb5 seats:PPPA turn:y");
    assert_eq!(g.state().seat(GREEN), Seat::Away);
    for n in 0..6 {
        let mover = g.turn();
        assert_ne!(mover, GREEN);
        let choice = family_choose(&g, 1 + n % 8, n as u64, &Limits::depth(2));
        play_choice(&mut g, choice);
        if mover == YELLOW {
            assert_eq!(g.turn(), RED, "Green's turn is skipped");
        }
        if g.is_over() {
            break;
        }
    }
}

#[test]
fn family_5_4_paused_game_has_no_move() {
    // Only Red plays, Blue is Away: play waits for Blue (§5.4), so there is nothing to move.
    let g = FamilyGame::from_text("rKh1 bKa7 rQd5 seats:PA-- turn:r").unwrap();
    assert!(g.is_paused());
    assert_eq!(family_search(&g, &Limits::depth(3)).mv, None);
    assert_eq!(family_choose(&g, 3, 1, &Limits::default()).mv, None);
}

#[test]
fn family_5_1_never_moves_for_an_eliminated_seat() {
    // Blue is Out: its pieces are dead, its turn skipped; dead pieces may be taken.
    let mut g = game("rRd4 bQd9 bRa4 yQh10 gRl4 seats:POPP turn:r");
    for n in 0..8 {
        assert_ne!(g.turn(), BLUE);
        let choice = family_choose(&g, 8 - n % 8, n as u64, &Limits::depth(2));
        play_choice(&mut g, choice);
        if g.is_over() {
            break;
        }
    }
}

#[test]
fn family_7_2_fixed_teams_partner_is_never_attacked() {
    // §9 scenario 13 with fixed teams: Rd4xd8 is illegal, and the engine plays for the team.
    let g = with_options("rRd4 yNd8 yQd9 turn:r", "teams=fixed");
    for depth in 1..=3 {
        let r = family_search(&g, &Limits::depth(depth));
        let m = r.mv.unwrap();
        assert!(g.legal_moves().contains(&m));
        assert_ne!(text(&g, m), "d4d8");
    }
}

#[test]
fn family_7_1_declared_ally_is_not_captured_nor_called_in_check() {
    // Free alliances change no rule: Rd4xd9 and a check on Yellow's king are legal. Allied,
    // the engine does neither; unallied, it takes the queen.
    let g = game("rRd4 yQd9 turn:r");
    assert_eq!(best(&g, 2), "d4d9");
    let mut allied = g.clone();
    allied.set_alliance(RED, YELLOW, true).unwrap();
    let sides = Sides::of_game(&allied);
    for depth in 1..=3 {
        let r = family_search(&allied, &Limits::depth(depth));
        assert_ne!(text(&allied, r.mv.unwrap()), "d4d9", "depth {depth}");
    }
    // Rd4-g4 attacks Yellow's king (g14) along the g-file: no call for an ally.
    let g4 = allied
        .legal_moves()
        .into_iter()
        .find(|&m| text(&allied, m) == "d4g4")
        .unwrap();
    assert!(call_accepted(&allied, g4));
    assert!(!should_call(allied.state(), g4, &sides));
    assert!(should_call(g.state(), g4, &Sides::of_game(&g)));
}

#[test]
fn family_2_levels_choose_the_same_move_for_the_same_seed() {
    let g = FamilyGame::new(FamilyRules::default());
    for level in 1..=8 {
        let limits = Limits::depth(2);
        let a = family_choose(&g, level, 42, &limits);
        let b = family_choose(&g, level, 42, &limits);
        assert_eq!(a, b, "level {level}");
        assert!(g.legal_moves().contains(&a.mv.unwrap()));
        if level < 8 {
            assert!((500..=1500).contains(&a.pause_ms), "{}", a.pause_ms);
        }
    }
    // Different seeds vary a beginner's moves.
    let moves: std::collections::BTreeSet<String> = (0..12)
        .map(|seed| {
            text(
                &g,
                family_choose(&g, 1, seed, &Limits::default()).mv.unwrap(),
            )
        })
        .collect();
    assert!(moves.len() > 1, "{moves:?}");
}

#[test]
fn family_2_search_stops_when_asked() {
    let g = FamilyGame::new(FamilyRules::default());
    let asked = Cell::new(0u32);
    let stop = || {
        asked.set(asked.get() + 1);
        true
    };
    let limits = Limits {
        stop: Some(&stop),
        ..Limits::default()
    };
    let r = family_search(&g, &limits);
    assert!(asked.get() >= 1);
    assert!(r.nodes <= 2 * 1024, "{} nodes", r.nodes);
    assert!(g
        .legal_moves()
        .contains(&r.mv.expect("still a move to play")));
    // A deadline a few polls away: the search ends there, not at its depth limit.
    let polls = Cell::new(0u32);
    let later = || {
        polls.set(polls.get() + 1);
        polls.get() > 20
    };
    let r = family_search(
        &g,
        &Limits {
            stop: Some(&later),
            ..Limits::default()
        },
    );
    assert!(r.nodes <= 22 * 1024, "{} nodes", r.nodes);
    assert!(r.mv.is_some());
    // The levels answer too.
    let c = family_choose(&g, 5, 3, &limits);
    assert!(g.legal_moves().contains(&c.mv.unwrap()));
}

#[test]
fn family_5_a_four_seat_self_play_game_runs_to_its_end() {
    let mut g = FamilyGame::new(FamilyRules::default());
    let mut plies = 0;
    while !g.is_over() && plies < 240 {
        let level = [8, 3, 6, 1][g.turn().index()];
        let limits = Limits {
            depth: 2,
            nodes: 20_000,
            table_megabytes: 1,
            ..Limits::default()
        };
        let choice = family_choose(&g, level, 9, &limits);
        if choice.mv.is_none() {
            assert!(g.is_paused(), "no move only when paused: {}", g.text());
            break;
        }
        play_choice(&mut g, choice);
        plies += 1;
    }
    assert!(plies > 40, "{plies} plies: {}", g.records().join(", "));
    // Every engine move replays from the saved record.
    FamilyGame::from_record(&g.to_record()).expect("the game replays");
    let _ = KINGS;
}

#[test]
fn family_2_rules_search_and_selfplay_on_the_command_line() {
    let rules = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rules"))
            .args(args)
            .output()
            .expect("run the rules binary");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let search = rules(&["search", "--mode", "family", "--depth", "2"]);
    assert!(search.starts_with("info depth 2 score cp "), "{search}");
    assert!(
        search.lines().any(|l| l.starts_with("bestmove ")),
        "{search}"
    );
    let mate = rules(&[
        "search",
        "--mode",
        "family",
        "--fen",
        "rKh1 bKa7 yKg14 gKn8 rRd4 rRb11 turn:r",
        "--depth",
        "2",
    ]);
    assert!(mate.contains("bestmove d4a4+"), "{mate}");
    let selfplay = rules(&[
        "selfplay", "--mode", "family", "--games", "2", "--level", "1,2,3,4", "--plies", "12",
    ]);
    assert!(selfplay.contains("unfinished after 12 moves"), "{selfplay}");
    assert!(
        selfplay.contains("points per game: Red 0.50, Blue 0.50, Yellow 0.50, Green 0.50"),
        "{selfplay}"
    );
}
