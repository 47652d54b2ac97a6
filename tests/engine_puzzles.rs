//! The computer opponent on puzzles (tests/puzzles/*.txt, made by `cargo bench --bench
//! puzzles -- --generate`): every level from 3 up takes a win in one move whenever there is
//! one — a mate, a king capture, a winning stalemate — so a child never sees it pass up a
//! won game; only the two lowest levels may. Tests are named after the RULES.md rule that
//! makes the move a win. How often the top level solves longer puzzles is a benchmark
//! (`make engine-puzzles`), not a test.

#[path = "support/puzzles.rs"]
mod puzzles;

use classroom_chess::engine::{choose, Choice, Limits, LEVELS};
use classroom_chess::rules::game::Game;
use classroom_chess::rules::san::to_uci;
use puzzles::{load, shortest_win, winning_moves, Puzzle};

/// Levels that must never miss a win in one.
const FROM_LEVEL: u8 = 3;
/// Seeds per puzzle and level: the levels below the top draw their choice by seed.
const SEEDS: u64 = 4;

/// Bounded by nodes, as the app bounds it by time: a deeper look cut short falls back on the
/// last one completed (depth 1 always completes, and it already sees every win in one).
fn limits() -> Limits<'static> {
    Limits {
        depth: 4,
        nodes: 100_000,
        table_megabytes: 2,
        ..Limits::default()
    }
}

fn choice_text(game: &Game, choice: Option<Choice>) -> String {
    match choice {
        Some(Choice::Move(m)) => to_uci(game.position(), m),
        Some(Choice::ClaimStalemate) => "claim-stalemate".into(),
        None => "nothing".into(),
    }
}

/// Every level from 3 up, with several seeds, plays one of the winning moves of every
/// win-in-one puzzle of the file.
fn every_level_wins_in_one(file: &str) {
    let puzzles: Vec<Puzzle> = load(file).into_iter().filter(|p| p.moves == 1).collect();
    assert!(puzzles.len() >= 5, "{file}: too few wins in one");
    let mut misses = Vec::new();
    for p in &puzzles {
        let game = p.game();
        for level in FROM_LEVEL..=LEVELS {
            for seed in 0..SEEDS {
                let chosen = choice_text(&game, choose(&game, level, seed, &limits()).choice);
                if !p.solutions.contains(&chosen) {
                    misses.push(format!(
                        "level {level} seed {seed}: {chosen} in {} (wins: {})",
                        p.fen,
                        p.solutions.join(" ")
                    ));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

#[test]
fn rules_1_orthodox_every_level_from_3_mates_in_one() {
    every_level_wins_in_one("orthodox");
}

#[test]
fn rules_2_1_primary_every_level_from_3_captures_the_king_in_one() {
    every_level_wins_in_one("primary");
}

#[test]
fn rules_3_3_sharp_every_level_from_3_captures_the_king_in_one() {
    every_level_wins_in_one("sharp");
}

#[test]
fn rules_5_object_stalemate_wins_every_level_from_3_wins_in_one() {
    every_level_wins_in_one("custom");
}

/// The files say what the rules say: for the wins in one and two, the listed moves are
/// exactly the winning ones and there is no shorter win (the wins in three are checked by
/// the generator; re-checking them here would take long).
#[test]
fn rules_puzzle_files_match_the_rules_core() {
    for file in ["orthodox", "primary", "sharp", "custom"] {
        for p in load(file).iter().filter(|p| p.moves <= 2) {
            let game = p.game();
            assert_eq!(
                shortest_win(&game, p.moves),
                Some(p.moves),
                "{file}: {}",
                p.fen
            );
            assert_eq!(
                winning_moves(&game, p.moves),
                p.solutions,
                "{file}: {}",
                p.fen
            );
        }
    }
}
