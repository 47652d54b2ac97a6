//! `make engine-puzzles`: how often the top level solves forced wins in 2 and 3 moves in a
//! fixed time per puzzle, mode by mode (tests/puzzles/*.txt), and the search's nodes per
//! second on a few positions per mode. A benchmark: it prints figures and asserts nothing.
//!
//! cargo bench --bench puzzles [-- --movetime MS] [-- --generate]
//!
//! `--generate` writes the puzzle files anew: positions reached by seeded games between low
//! levels, kept when the player to move forces a full win in 1, 2 or 3 moves, with every
//! first move that does — both by a full-width search over our own rules core
//! (tests/support/puzzles.rs), independent of the engine being measured.

#[path = "../tests/support/puzzles.rs"]
mod puzzles;

use classroom_chess::engine::{choose, search, Choice, Limits};
use classroom_chess::rules::game::{Action, Game};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::{Position8, Side};
use puzzles::{load, rule_set, shortest_win, winning_moves, Puzzle};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The puzzle files: name and the rules of its positions.
const SETS: [(&str, &str); 4] = [
    ("orthodox", "orthodox"),
    ("primary", "primary"),
    ("sharp", "sharp"),
    ("custom", "custom object=stalemate-wins"),
];

/// Puzzles per file for each length (win in 1, 2, 3 moves).
const PER_LENGTH: usize = 12;

/// A game from `fen` under `rules_text` (a custom game's start position is the FEN itself).
fn from_fen(rules_text: &str, fen: &str) -> Game {
    Puzzle {
        rules_text: rules_text.into(),
        moves: 0,
        fen: fen.into(),
        solutions: Vec::new(),
    }
    .game()
}

/// The move of a low level in a seeded game (depth-bound, so the same on every machine).
fn low_level_move(game: &mut Game, level: u8, seed: u64) -> bool {
    let limits = Limits {
        depth: 3,
        table_megabytes: 1,
        ..Limits::default()
    };
    match choose(game, level, seed, &limits).choice {
        Some(Choice::Move(m)) => game.play(m).is_ok(),
        Some(Choice::ClaimStalemate) => game.act(Action::ClaimStalemate).is_ok(),
        None => false,
    }
}

/// A cheap over-estimate of the full-width check, on positions alone (no history, no draw
/// rules, no claims, the position's own moves): whatever it rejects cannot be a forced win,
/// so only the few positions it lets through need the rules core's slower check.
fn may_force_win(pos: &Position8, plies: u32, midline: bool) -> bool {
    let us = pos.turn();
    let them = Side(1 - us.0);
    pos.legal_moves().into_iter().any(|m| {
        let after = pos.after(m);
        let replies = after.legal_moves();
        // A captured king, a mate, a stalemate, a player with no move, an invading king:
        // every full win the rules have ends with one of these.
        after.king(them).is_none()
            || replies.is_empty()
            || midline && after.king_invaded(us)
            || plies >= 3
                && replies
                    .iter()
                    .all(|&r| may_force_win(&after.after(r), plies - 2, midline))
    })
}

fn generate(name: &str, rules_text: &str) -> Vec<Puzzle> {
    let rules = rule_set(rules_text).expect("rules");
    let mut found: [Vec<Puzzle>; 3] = Default::default();
    let mut seen = HashSet::new();
    let started = Instant::now();
    let mut positions = 0u64;
    for n in 0..400u64 {
        if found.iter().all(|f| f.len() >= PER_LENGTH) {
            break;
        }
        let mut game = Game::new(rules.clone()).expect("start");
        // Levels 2 and 3 make the mistakes that leave forced wins on the board.
        let levels = if n % 2 == 0 { (2, 3) } else { (3, 2) };
        // One puzzle of each length per game, for variety.
        let mut taken = [false; 3];
        for ply in 0..160u64 {
            if game.is_over() {
                break;
            }
            let fen = game.fen();
            if ply >= 6 && seen.insert(fen.clone()) {
                positions += 1;
                let fresh = from_fen(rules_text, &fen);
                let maybe = may_force_win(fresh.position(), 5, rules.midline_invasion);
                if let Some(k) = maybe.then(|| shortest_win(&fresh, 3)).flatten() {
                    let i = k as usize - 1;
                    if !taken[i] && found[i].len() < PER_LENGTH {
                        taken[i] = true;
                        found[i].push(Puzzle {
                            rules_text: rules_text.into(),
                            moves: k,
                            fen: fen.clone(),
                            solutions: winning_moves(&fresh, k),
                        });
                    }
                }
            }
            let level = if ply % 2 == 0 { levels.0 } else { levels.1 };
            if !low_level_move(&mut game, level, n * 1000 + ply) {
                break;
            }
        }
        if n % 20 == 19 {
            eprintln!(
                "{name}: {} games, {:?} found",
                n + 1,
                found.iter().map(Vec::len).collect::<Vec<_>>()
            );
        }
    }
    eprintln!(
        "{name}: {} + {} + {} puzzles from {positions} positions in {:.0} s",
        found[0].len(),
        found[1].len(),
        found[2].len(),
        started.elapsed().as_secs_f64()
    );
    found.into_iter().flatten().collect()
}

fn write_files() {
    for (name, rules_text) in SETS {
        let puzzles = generate(name, rules_text);
        let mut text = format!(
            "# {rules_text}: the player to move forces a full win in N moves; every first move\n\
             # that does. Generated by `cargo bench --bench puzzles -- --generate` (seeded games\n\
             # between levels 2 and 3, checked by a full-width search, tests/support/puzzles.rs).\n\
             # rules | N | FEN | first moves\n"
        );
        for p in &puzzles {
            text.push_str(&p.line());
            text.push('\n');
        }
        let path = format!("{}/tests/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
        println!("wrote {path}");
    }
}

/// The top level's choice in `game` within `movetime` ms, and the time it took.
fn top_level(game: &Game, movetime: u64) -> (Option<String>, Duration) {
    let started = Instant::now();
    let deadline = started + Duration::from_millis(movetime);
    let past = || Instant::now() >= deadline;
    let limits = Limits {
        stop: Some(&past),
        ..Limits::default()
    };
    let choice = match search(game, &limits).choice {
        Some(Choice::Move(m)) => Some(to_uci(game.position(), m)),
        Some(Choice::ClaimStalemate) => Some("claim-stalemate".into()),
        None => None,
    };
    (choice, started.elapsed())
}

fn solve_rates(movetime: u64) {
    println!("top level, {movetime} ms a puzzle: solved / puzzles (mean time to answer)");
    println!(
        "{:<30} {:>16} {:>16} {:>16}",
        "rules", "win in 1", "win in 2", "win in 3"
    );
    for (name, rules_text) in SETS {
        let puzzles = load(name);
        let mut row = format!("{rules_text:<30}");
        for n in 1..=3 {
            let set: Vec<&Puzzle> = puzzles.iter().filter(|p| p.moves == n).collect();
            let mut solved = 0;
            let mut time = Duration::ZERO;
            for p in &set {
                let (choice, took) = top_level(&p.game(), movetime);
                time += took;
                if choice.is_some_and(|c| p.solutions.contains(&c)) {
                    solved += 1;
                }
            }
            let mean = time.as_secs_f64() * 1000.0 / set.len().max(1) as f64;
            row.push_str(&format!(
                " {:>16}",
                format!("{solved}/{} ({mean:.0} ms)", set.len())
            ));
        }
        println!("{row}");
    }
}

/// Nodes per second of the top level's search: the start position and two positions from
/// a seeded low-level game (plies 10 and 30), each searched for `movetime` ms, best of 3.
fn nodes_per_second(movetime: u64) {
    println!("top-level search, {movetime} ms a position, best of 3");
    println!(
        "{:<30} {:<8} {:>6} {:>10} {:>10}",
        "rules", "position", "depth", "nodes", "nodes/s"
    );
    for (_, rules_text) in SETS {
        let rules = rule_set(rules_text).expect("rules");
        let mut game = Game::new(rules).expect("start");
        let mut positions = vec![("start", game.clone())];
        for ply in 0..30u64 {
            if game.is_over() || !low_level_move(&mut game, 3, 7 + ply) {
                break;
            }
            if ply == 9 {
                positions.push(("ply 10", game.clone()));
            }
        }
        if !game.is_over() && game.moves().len() == 30 {
            positions.push(("ply 30", game.clone()));
        }
        for (label, g) in positions {
            // Best of three: the run least disturbed by other work on a shared machine.
            let (depth, nodes, rate) = (0..3)
                .map(|_| {
                    let started = Instant::now();
                    let deadline = started + Duration::from_millis(movetime);
                    let past = || Instant::now() >= deadline;
                    let limits = Limits {
                        stop: Some(&past),
                        ..Limits::default()
                    };
                    let result = search(&g, &limits);
                    let seconds = started.elapsed().as_secs_f64();
                    (result.depth, result.nodes, result.nodes as f64 / seconds)
                })
                .max_by(|a, b| a.2.total_cmp(&b.2))
                .unwrap_or_default();
            println!("{rules_text:<30} {label:<8} {depth:>6} {nodes:>10} {rate:>10.0}");
        }
    }
}

fn main() {
    let mut movetime = 1000;
    let mut generate = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--generate" => generate = true,
            "--movetime" => {
                movetime = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--movetime needs milliseconds")
            }
            // cargo bench passes --bench to every bench binary.
            _ => {}
        }
    }
    if generate {
        write_files();
        return;
    }
    solve_rates(movetime);
    println!();
    nodes_per_second(movetime);
}
