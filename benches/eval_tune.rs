//! `make eval-tune`: tunes the evaluation's weights (`src/engine/weights.rs`) by measurement.
//! A benchmark-style tool, not a test: it prints the new weights as Rust source to paste.
//!
//! 1. `positions`: our engine plays itself (a few thousand nodes a move, after seeded random
//!    opening moves) and every position it meets is written down as FEN.
//! 2. `label`: Stockfish searches each position to a fixed depth; a position is kept when
//!    the side to move is not in check and Stockfish's best move is quiet (the static
//!    evaluation can then be compared with the search's score), with that score.
//! 3. `tune`: the weights that bring our static evaluation closest to Stockfish's scores, as
//!    expected points (a logistic curve of the score), found by trying each weight one step
//!    up and down while that lowers the mean squared error (Texel's method).
//!
//! cargo bench --bench eval_tune -- positions --games 3000 --seed 1 > positions.fen
//! cargo bench --bench eval_tune -- label --depth 9 < positions.fen > labelled.txt
//! cargo bench --bench eval_tune -- tune --passes 6 < labelled.txt > tuned.rs

use classroom_chess::engine::eval::{evaluate_weighted, PawnCache};
use classroom_chess::engine::weights::{Weights, TUNED};
use classroom_chess::engine::{search, Choice, Limits};
use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::{Bits, MoveKind};
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

/// Stockfish's score of this many centipawns is worth about three quarters of the points
/// (its scores are scaled so that a pawn up is about a 50 % chance of winning).
const STOCKFISH_SCALE: f64 = 91.0;
/// Mates and huge scores are all a sure win.
const SCORE_CAP: i32 = 2_000;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let number = |flag: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect("a number"))
    };
    match args.first().map(String::as_str) {
        Some("positions") => positions(number("--games", 1000), number("--seed", 1)),
        Some("label") => label(number("--depth", 9) as u32, number("--threads", 2) as usize),
        Some("tune") => tune(
            number("--passes", 4) as usize,
            number("--threads", 2) as usize,
        ),
        _ => eprintln!("usage: eval_tune positions|label|tune [options] (see the source)"),
    }
}

fn orthodox() -> RuleSet {
    RuleSet::for_mode(Mode::Orthodox)
}

/// Self-play from seeded random openings; every position from the tenth ply on, once.
fn positions(games: u64, seed: u64) {
    let mut seen = HashSet::new();
    let mut out = std::io::stdout().lock();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for n in 0..games {
        let mut game = Game::new(orthodox()).expect("the start");
        let opening = 4 + random() % 7;
        let nodes = 1_000 + random() % 4_000;
        for ply in 0..300 {
            if game.is_over() {
                break;
            }
            let m = if ply < opening {
                let legal = game.legal_moves();
                legal[(random() % legal.len() as u64) as usize]
            } else {
                match search(&game, &Limits::nodes(nodes)).choice {
                    Some(Choice::Move(m)) => m,
                    _ => break,
                }
            };
            if game.play(m).is_err() {
                break;
            }
            let pos = game.position();
            if ply >= 9 && !game.is_over() && !pos.in_check(pos.turn()) {
                let fen = game.fen();
                if seen.insert(fen.clone()) {
                    writeln!(out, "{fen}").expect("stdout");
                }
            }
        }
        if n % 100 == 99 {
            eprintln!("{} games, {} positions", n + 1, seen.len());
        }
    }
}

/// Stockfish's score (for the side to move) and best move for each FEN on stdin, keeping
/// quiet positions: `FEN;score` lines, the score for the side to move.
fn label(depth: u32, threads: usize) {
    let mut fens = String::new();
    std::io::stdin().read_to_string(&mut fens).expect("stdin");
    let fens: Vec<&str> = fens.lines().filter(|l| !l.trim().is_empty()).collect();
    let chunk = fens.len().div_ceil(threads.max(1)).max(1);
    let labelled: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = fens
            .chunks(chunk)
            .map(|part| scope.spawn(move || label_part(part, depth)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a labelling thread"))
            .collect()
    });
    let mut out = std::io::stdout().lock();
    for line in labelled {
        writeln!(out, "{line}").expect("stdout");
    }
}

fn label_part(fens: &[&str], depth: u32) -> Vec<String> {
    let program = ["/usr/games/stockfish", "stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .unwrap_or("stockfish");
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stockfish runs");
    let mut to = child.stdin.take().expect("stdin");
    let mut from = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(
        to,
        "uci\nsetoption name Threads value 1\nsetoption name Hash value 16"
    )
    .unwrap();
    let mut kept = Vec::new();
    for (i, fen) in fens.iter().enumerate() {
        writeln!(to, "position fen {fen}\ngo depth {depth}").expect("stockfish stdin");
        let mut score = None;
        let mut line = String::new();
        let best = loop {
            line.clear();
            if from.read_line(&mut line).expect("stockfish stdout") == 0 {
                panic!("stockfish ended");
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "score") {
                score = match (words.get(at + 1), words.get(at + 2)) {
                    (Some(&"cp"), Some(v)) => v.parse::<i32>().ok(),
                    (Some(&"mate"), Some(v)) => {
                        v.parse::<i32>()
                            .ok()
                            .map(|m| if m > 0 { SCORE_CAP } else { -SCORE_CAP })
                    }
                    _ => score,
                };
            }
            if words.first() == Some(&"bestmove") {
                break words.get(1).unwrap_or(&"").to_string();
            }
        };
        let Ok(game) = Game::from_fen(orthodox(), fen) else {
            continue;
        };
        let pos = game.position();
        let quiet = game.legal_moves().into_iter().any(|m| {
            to_uci(pos, m) == best
                && match m.kind {
                    MoveKind::Normal | MoveKind::DoubleStep => !pos.occupied().contains(m.to),
                    MoveKind::Castle { .. } => true,
                    _ => false,
                }
        });
        if let (true, Some(score)) = (quiet, score) {
            kept.push(format!("{fen};{}", score.clamp(-SCORE_CAP, SCORE_CAP)));
        }
        if i % 2000 == 1999 {
            eprintln!("{} of {} labelled", i + 1, fens.len());
        }
    }
    let _ = writeln!(to, "quit");
    let _ = child.wait();
    kept
}

fn sigmoid(score: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-score / scale).exp())
}

/// The positions and Stockfish's expected points for the side to move.
struct Sample {
    game: Game,
    target: f64,
}

/// The mean squared error of our evaluation's expected points against the targets.
fn error(samples: &[Sample], w: &Weights, scale: f64, threads: usize) -> f64 {
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut none = PawnCache::new(0);
                    part.iter()
                        .map(|s| {
                            let ours = evaluate_weighted(&s.game, &mut none, w) as f64;
                            (sigmoid(ours, scale) - s.target).powi(2)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        parts.into_iter().map(|p| p.join().expect("a thread")).sum()
    });
    total / samples.len().max(1) as f64
}

fn tune(passes: usize, threads: usize) {
    let mut samples = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let Some((fen, score)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(game), Ok(score)) = (Game::from_fen(orthodox(), fen), score.parse::<f64>()) else {
            continue;
        };
        let target = sigmoid(score, STOCKFISH_SCALE);
        samples.push(Sample { game, target });
    }
    eprintln!("{} positions", samples.len());
    let mut weights = TUNED.clone();
    // Our scale: the curve that fits the starting weights best, then held, so the tuned
    // weights keep the centipawn scale the search's margins are set in.
    let mut scale = 100.0;
    let mut best = error(&samples, &weights, scale, threads);
    for step in [40.0, 10.0, 2.0] {
        loop {
            let trial = [scale - step, scale + step]
                .map(|s| (s, error(&samples, &weights, s, threads)))
                .into_iter()
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .expect("two");
            if trial.1 >= best {
                break;
            }
            (scale, best) = trial;
        }
    }
    eprintln!("scale {scale}, error {best:.6}");
    let count = weights.tunable().len();
    for pass in 0..passes {
        let mut changed = 0;
        for i in 0..count {
            for delta in [1, -1] {
                let mut improved = false;
                loop {
                    let mut trial = weights.clone();
                    *trial.tunable()[i] += delta * step_size(pass);
                    let e = error(&samples, &trial, scale, threads);
                    if e >= best {
                        break;
                    }
                    (weights, best, improved) = (trial, e, true);
                    changed += 1;
                }
                if improved {
                    break;
                }
            }
        }
        eprintln!("pass {}: {changed} changes, error {best:.6}", pass + 1);
        if changed == 0 {
            break;
        }
    }
    print!("{}", rust_source(&weights));
}

/// The weights as the `TUNED` constant of `src/engine/weights.rs`.
fn rust_source(w: &Weights) -> String {
    let table = |tables: &[[i32; 64]; 6]| {
        let mut text = String::from("[\n");
        for table in tables {
            text.push_str("        [\n");
            for row in table.chunks(8) {
                let cells: Vec<String> = row.iter().map(|v| format!("{v:4}")).collect();
                text.push_str(&format!("            {},\n", cells.join(",")));
            }
            text.push_str("        ],\n");
        }
        text + "    ]"
    };
    format!(
        "pub const TUNED: Weights = Weights {{\n    material: {:?},\n    pst_mg: {},\n    \
         pst_eg: {},\n    bishop_pair: {:?},\n    mobility: {:?},\n    king_attack: {:?},\n    \
         king_shelter: {:?},\n    passed: {:?},\n    connected: {:?},\n    \
         connected_support: {:?},\n    backward: {:?},\n    backward_open: {:?},\n    \
         doubled: {:?},\n    isolated: {:?},\n    rook_open: {:?},\n    \
         rook_half_open: {:?},\n    threat_by_pawn: {:?},\n    hanging: {:?},\n    \
         rook_by_minor: {:?},\n    queen_by_minor: {:?},\n    queen_by_rook: {:?},\n    \
         tempo: {:?},\n}};\n",
        w.material,
        table(&w.pst_mg),
        table(&w.pst_eg),
        w.bishop_pair,
        w.mobility,
        w.king_attack,
        w.king_shelter,
        w.passed,
        w.connected,
        w.connected_support,
        w.backward,
        w.backward_open,
        w.doubled,
        w.isolated,
        w.rook_open,
        w.rook_half_open,
        w.threat_by_pawn,
        w.hanging,
        w.rook_by_minor,
        w.queen_by_minor,
        w.queen_by_rook,
        w.tempo,
    )
}

/// Coarse steps first, then single centipawns.
fn step_size(pass: usize) -> i32 {
    if pass == 0 {
        4
    } else {
        1
    }
}
