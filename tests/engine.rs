//! The computer opponent's search (src/engine): it plays by each mode's own rules and
//! endings. Tests are named after the RULES.md rule they rely on.

use classroom_chess::engine::eval::{outcome_score, DECIDED, WIN};
use classroom_chess::engine::see::static_exchange;
use classroom_chess::engine::{rank_choices, search, Choice, Limits};
use classroom_chess::rules::game::{EndReason, Game, Outcome};
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::{Action, Move, Side};

fn game(rules: RuleSet, fen: &str) -> Game {
    Game::from_fen(rules, fen).expect("valid FEN")
}

fn best(g: &Game, depth: u8) -> (Option<Choice>, i32) {
    let r = search(g, &Limits::depth(depth));
    (r.choice, r.score)
}

fn best_uci(g: &Game, depth: u8) -> String {
    match best(g, depth).0 {
        Some(Choice::Move(m)) => to_uci(g.position(), m),
        other => panic!("expected a move in {}, got {other:?}", g.fen()),
    }
}

fn the_move(choice: Option<Choice>) -> Move {
    match choice {
        Some(Choice::Move(m)) => m,
        other => panic!("expected a move, got {other:?}"),
    }
}

#[test]
fn rules_1_checkmate_in_one_is_found_and_scored_as_a_win() {
    let g = game(RuleSet::orthodox(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(best_uci(&g, 2), "a1a8");
    assert_eq!(best(&g, 2).1, WIN - 1, "mate one ply away");
}

#[test]
fn rules_1_checkmate_in_two_every_defence_loses() {
    // 1.Nf6+ gxf6 2.Bxf7#, and every other defence is mated too.
    let g = game(
        RuleSet::orthodox(),
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    );
    let (choice, score) = best(&g, 4);
    assert_eq!(score, WIN - 3, "mate in two moves (three plies)");
    let mut after = g.clone();
    after.play(the_move(choice)).unwrap();
    for reply in after.legal_moves() {
        let mut g2 = after.clone();
        g2.play(reply).unwrap();
        let mate = g2.legal_moves().into_iter().any(|m| {
            let mut g3 = g2.clone();
            g3.play(m).unwrap();
            g3.outcome()
                .is_some_and(|o| o.reason == EndReason::Checkmate)
        });
        assert!(mate, "no mate after {}", to_uci(after.position(), reply));
    }
}

#[test]
fn rules_1_a_free_queen_is_taken() {
    let g = game(RuleSet::orthodox(), "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    assert_eq!(best_uci(&g, 3), "d1d5");
}

#[test]
fn rules_1_stalemate_is_a_draw_so_the_search_mates_instead() {
    // Qc7 stalemates (a draw), Qc8 mates: only the mate scores a win.
    let g = game(RuleSet::orthodox(), "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    let (choice, score) = best(&g, 2);
    let mut after = g.clone();
    after.play(the_move(choice)).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    assert_eq!(score, WIN - 1);
}

#[test]
fn rules_2_1_the_king_is_captured_when_it_can_be() {
    let g = game(RuleSet::primary(), "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1");
    assert_eq!(best_uci(&g, 2), "d2e1");
    assert!(best(&g, 2).1 > DECIDED);
}

#[test]
fn rules_2_2_check_restricts_nothing_yet_the_search_saves_its_king() {
    // White's king on e1 is attacked by the rook on e8; a2-a3 is legal in Primary Chess but
    // loses the king. The search moves the king off the file.
    let g = game(RuleSet::primary(), "4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1");
    let m = the_move(best(&g, 3).0);
    let mut after = g.clone();
    after.play(m).unwrap();
    assert!(
        !after.position().in_check(Side::WHITE),
        "{} leaves the king attacked",
        to_uci(g.position(), m)
    );
}

#[test]
fn rules_3_5_a_player_whose_every_move_loses_the_king_claims_stalemate() {
    // Kb1 and Kb2 walk into the rook and the pawn: the claim (2–8) beats losing the king (0–10).
    let g = game(RuleSet::sharp(), "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1");
    let (choice, score) = best(&g, 3);
    assert_eq!(choice, Some(Choice::ClaimStalemate));
    let mut claimed = g.clone();
    claimed.act(Action::ClaimStalemate).unwrap();
    let outcome = claimed.outcome().unwrap();
    assert_eq!(score, outcome_score(g.rules(), &outcome, Side::WHITE, 0));
}

#[test]
fn rules_3_6_partial_victories_rank_between_a_full_win_and_material() {
    let rules = RuleSet::sharp();
    let scored = |winner, reason, half_points| {
        outcome_score(
            &rules,
            &Outcome {
                winner,
                reason,
                half_points,
            },
            Side::WHITE,
            0,
        )
    };
    let win = scored(Some(Side::WHITE), EndReason::KingCaptured, [20, 0]);
    let stalemate = scored(Some(Side::WHITE), EndReason::StalemateClaim, [16, 4]);
    let impasse = scored(Some(Side::WHITE), EndReason::Impasse, [14, 6]);
    let equal = scored(None, EndReason::Impasse, [8, 12]);
    assert_eq!(win, WIN);
    assert!(win > stalemate && stalemate > impasse && impasse > 9 * 100 * 2);
    assert!(
        equal < 0,
        "an equal impasse is a small loss for White (4–6)"
    );
}

#[test]
fn rules_2_score_a_draw_in_primary_as_even() {
    let rules = RuleSet::primary();
    let draw = Outcome {
        winner: None,
        reason: EndReason::RepeatedCheck,
        half_points: [4, 4],
    };
    assert_eq!(outcome_score(&rules, &draw, Side::BLACK, 7), 0);
}

#[test]
fn a_node_limit_is_kept_and_the_same_search_gives_the_same_move() {
    let g = Game::new(RuleSet::orthodox()).unwrap();
    let a = search(&g, &Limits::nodes(20_000));
    let b = search(&g, &Limits::nodes(20_000));
    assert!(a.nodes <= 20_000 + 1, "{} nodes", a.nodes);
    assert_eq!(a.choice, b.choice);
    assert_eq!(a.pv, b.pv);
    assert!(a.choice.is_some() && a.depth >= 3);
}

#[test]
fn a_stop_request_ends_the_search_with_a_move_to_play() {
    let g = Game::new(RuleSet::primary()).unwrap();
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 3
    };
    let r = search(
        &g,
        &Limits {
            stop: Some(&stop),
            ..Limits::default()
        },
    );
    assert!(r.choice.is_some());
    assert!(asked.get() > 3);
}

/// Plays pseudo-random games in each mode and checks that every choice of the search is
/// legal there (a move from the list, or a claim the game accepts).
#[test]
fn rules_0_every_choice_is_legal_in_every_two_player_mode() {
    let mut custom = RuleSet::orthodox();
    custom
        .apply_options("knight=non-leaping castling=rule-zero object=stalemate-wins")
        .unwrap();
    let modes = [
        RuleSet::orthodox(),
        RuleSet::primary(),
        RuleSet::sharp(),
        custom,
    ];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for rules in modes {
        for _ in 0..3 {
            let mut g = Game::new(rules.clone()).unwrap();
            for _ in 0..40 {
                if g.is_over() {
                    break;
                }
                let r = search(&g, &Limits::depth(2));
                match r.choice {
                    Some(Choice::Move(m)) => assert!(g.legal_moves().contains(&m)),
                    Some(Choice::ClaimStalemate) => {
                        assert_eq!(g.stalemate_claim_refusal(), None);
                        break;
                    }
                    None => assert!(g.legal_moves().is_empty(), "no choice in {}", g.fen()),
                }
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                g.play(m).unwrap();
            }
        }
    }
}

/// The outcome the search's fast path finds after `m`: the game's own, or the one an absence
/// of moves gives (the question the fast path leaves to the search).
fn searched_outcome(g: &mut Game, m: Move) -> Option<Outcome> {
    g.play_searched(m);
    let outcome = g.outcome().or_else(|| g.end_without_moves());
    g.undo();
    outcome
}

#[test]
fn rules_0_the_search_fast_path_finds_every_ending_play_finds() {
    let custom = |words: &str| {
        let mut r = RuleSet::orthodox();
        r.apply_options(words).unwrap();
        r
    };
    let games = [
        (RuleSet::orthodox(), None),
        (RuleSet::primary(), None),
        (RuleSet::sharp(), None),
        (custom("object=stalemate-wins knight=non-leaping"), None),
        (custom("no-moves=loses"), None),
        // Mates and stalemates one move away.
        (RuleSet::orthodox(), Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")),
        (
            custom("no-moves=loses"),
            Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"),
        ),
        // A mate on the move that also reaches the 75-move limit: the mate counts.
        (
            RuleSet::orthodox(),
            Some("7k/5Q2/6K1/8/8/8/8/8 w - - 149 120"),
        ),
        (RuleSet::orthodox(), Some("k7/8/1K6/8/8/8/8/1R6 w - - 0 1")),
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut endings = 0;
    for (rules, fen) in games {
        for _ in 0..4 {
            let mut g = match fen {
                Some(fen) => game(rules.clone(), fen),
                None => Game::new(rules.clone()).unwrap(),
            };
            for _ in 0..60 {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let mut played = g.clone();
                    played.play_unwritten(m).unwrap();
                    let expected = played.outcome();
                    endings += expected.is_some() as u32;
                    assert_eq!(
                        searched_outcome(&mut g, m),
                        expected,
                        "{} after {}",
                        g.fen(),
                        to_uci(g.position(), m)
                    );
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                g.play(m).unwrap();
            }
        }
    }
    assert!(endings > 20, "only {endings} endings were compared");
}

#[test]
fn rules_1_a_position_that_stood_before_scores_as_the_draw_it_can_be_repeated_into() {
    // 1.e4 Nf6 2.Nc3 Ng8 3.Nb1: Black's Nf6 brings back the position after 1...Nf6.
    let score_of_nf6 = |rules: RuleSet| {
        let mut g = Game::new(rules).unwrap();
        for m in ["e2e4", "g8f6", "b1c3", "f6g8", "c3b1"] {
            g.play_text(m).unwrap();
        }
        let ranked = rank_choices(&g, 1, &Limits::default());
        ranked
            .iter()
            .find(|(c, _)| matches!(c, Choice::Move(m) if to_uci(g.position(), *m) == "g8f6"))
            .map(|&(_, score)| score)
            .expect("Nf6 is ranked")
    };
    assert_eq!(score_of_nf6(RuleSet::orthodox()), 0);
    let mut no_repetition = RuleSet::orthodox();
    no_repetition.apply_options("repetition=off").unwrap();
    assert_ne!(score_of_nf6(no_repetition), 0);
}

#[test]
fn a_capture_is_judged_by_the_whole_exchange_on_its_square() {
    let exchange = |fen: &str, uci: &str| {
        let g = game(RuleSet::orthodox(), fen);
        let m = *g
            .legal_moves()
            .iter()
            .find(|m| to_uci(g.position(), **m) == uci)
            .expect("the move is legal");
        static_exchange(g.position(), m)
    };
    // A pawn defended by a pawn: the knight that takes it is lost for it.
    assert_eq!(
        exchange("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"),
        100 - 300
    );
    // An undefended knight is won outright.
    assert_eq!(exchange("4k3/8/8/4n3/8/8/8/4KR2 w - - 0 1", "f1f5"), 0);
    assert_eq!(exchange("4k3/8/8/5n2/8/8/8/4KR2 w - - 0 1", "f1f5"), 300);
    // Rook behind rook: the second one recaptures through the first (an x-ray), so the
    // defended rook is won after all.
    assert_eq!(exchange("3r3k/3r4/8/8/8/8/3R4/3R3K w - - 0 1", "d2d7"), 500);
}

/// The same position with the colours exchanged: the board upside down, the other side to
/// move, castling rights and the en passant square mirrored.
fn colours_exchanged(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<&str> = fields[0].split('/').rev().collect();
    let turn = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap(fields[2]).chars().collect();
    castling.sort_by_key(|c| (c.is_ascii_lowercase(), *c != 'K' && *c != 'k'));
    let en_passant = match fields[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".to_string(),
    };
    let castling: String = castling.into_iter().collect();
    format!(
        "{} {turn} {castling} {en_passant} {} {}",
        swap(&board.join("/")),
        fields[4],
        fields[5]
    )
}

#[test]
fn the_evaluation_is_the_same_for_either_colour_in_every_mode() {
    use classroom_chess::engine::eval::evaluate;
    let positions = [
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 9",
        "8/5pk1/6p1/3P4/1p3P2/6P1/5K2/8 w - - 0 40",
        "4r1k1/1q3pp1/p6p/1p1Q4/3n4/P5P1/1P3PBP/3R2K1 b - - 3 28",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for mode in [Mode::Orthodox, Mode::Primary] {
        for fen in positions {
            let mirrored = colours_exchanged(fen);
            let a = evaluate(&game(RuleSet::for_mode(mode), fen));
            let b = evaluate(&game(RuleSet::for_mode(mode), &mirrored));
            assert_eq!(a, b, "{mode:?}: {fen} scores {a}, {mirrored} scores {b}");
        }
    }
}
