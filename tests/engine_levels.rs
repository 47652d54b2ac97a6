//! The computer's levels for children (src/engine/level.rs): a beginner's mistakes, never a
//! thrown-away piece, recaptures, repeatable by seed, and each level stronger than the last.

use classroom_chess::engine::{choose, search, Choice, Limits, LEVELS};
use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::RuleSet;
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::Side;

fn limits() -> Limits<'static> {
    Limits {
        depth: 4,
        table_megabytes: 2,
        ..Limits::default()
    }
}

fn level_move(g: &Game, level: u8, seed: u64) -> String {
    match choose(g, level, seed, &limits()).choice {
        Some(Choice::Move(m)) => to_uci(g.position(), m),
        other => panic!("expected a move, got {other:?}"),
    }
}

fn after(rules: RuleSet, moves: &str) -> Game {
    let mut g = Game::new(rules).unwrap();
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn the_same_seed_gives_the_same_game_at_every_level() {
    for level in 1..=LEVELS {
        let g = after(RuleSet::primary(), "e4 e5");
        let a = choose(&g, level, 7, &limits());
        let b = choose(&g, level, 7, &limits());
        assert_eq!(a, b, "level {level}");
    }
}

#[test]
fn the_top_level_plays_the_searchs_best_move() {
    let g = after(RuleSet::orthodox(), "e4 e5 Nf3");
    assert_eq!(
        choose(&g, LEVELS, 1, &limits()).choice,
        search(&g, &limits()).choice
    );
}

#[test]
fn rules_1_level_1_takes_back_a_piece_that_was_just_taken() {
    // 1.e4 d5 2.exd5: Qxd5 wins the pawn back at once.
    let g = after(RuleSet::orthodox(), "e4 d5 exd5");
    for seed in 0..12 {
        assert_eq!(level_move(&g, 1, seed), "d8d5", "seed {seed}");
    }
}

#[test]
fn rules_2_level_1_never_leaves_its_queen_to_a_pawn() {
    // Primary Chess: the black queen on d4 is attacked by the pawn on c3.
    let g = Game::from_fen(
        RuleSet::primary(),
        "rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR b - - 0 3",
    )
    .unwrap();
    for seed in 0..12 {
        let m = level_move(&g, 1, seed);
        assert!(m.starts_with("d4"), "seed {seed}: {m} leaves the queen");
    }
}

#[test]
fn level_1_varies_its_play() {
    let g = Game::new(RuleSet::primary()).unwrap();
    let firsts: std::collections::BTreeSet<String> =
        (0..16).map(|seed| level_move(&g, 1, seed)).collect();
    assert!(firsts.len() >= 3, "{firsts:?}");
}

/// Plays a game between two levels; returns White's points minus Black's, in half points.
fn play_levels(rules: RuleSet, white: u8, black: u8, seed: u64) -> i32 {
    let mut g = Game::new(rules).unwrap();
    for ply in 0..160 {
        if g.is_over() {
            break;
        }
        let level = if g.turn() == Side::WHITE {
            white
        } else {
            black
        };
        match choose(&g, level, seed + ply, &limits()).choice {
            Some(Choice::Move(m)) => {
                g.play(m).unwrap();
            }
            Some(Choice::ClaimStalemate) => {
                g.act(classroom_chess::rules::Action::ClaimStalemate)
                    .unwrap();
            }
            None => break,
        }
    }
    match g.outcome() {
        Some(o) => o.half_points[0] as i32 - o.half_points[1] as i32,
        None => {
            let p = g.position();
            (p.material(Side::WHITE) as i32 - p.material(Side::BLACK) as i32).signum()
        }
    }
}

#[test]
fn rules_2_level_7_beats_level_1_in_primary_chess() {
    let mut strong = 0;
    for game in 0..4u64 {
        let diff = if game % 2 == 0 {
            play_levels(RuleSet::primary(), 7, 1, game * 1000)
        } else {
            -play_levels(RuleSet::primary(), 1, 7, game * 1000)
        };
        strong += diff;
    }
    assert!(
        strong > 0,
        "level 7 scored {strong} half points more than level 1"
    );
}
