//! `make eval-tune`: tunes the evaluation's weights (`src/engine/weights.rs`) by measurement.
//! A benchmark-style tool, not a test: it prints the new weights as Rust source to paste.
//!
//! 1. `positions`: our engine plays itself (a few thousand nodes a move, after seeded random
//!    opening moves) and every position it meets is written down as FEN.
//! 2. `label`: Stockfish searches each position to a fixed depth; a position is kept when
//!    the side to move is not in check and Stockfish's best move is quiet (the static
//!    evaluation can then be compared with the search's score), with that score.
//! 3. `tune`: the weights that bring our static evaluation closest to Stockfish's scores, as
//!    expected points (a logistic curve of the score): the evaluation is nearly linear in
//!    its weights, so each weight's effect on each position is measured once a round and
//!    gradient descent runs on that table (Texel's method, fitted to a stronger engine's
//!    scores instead of game results). `--terms a,b` tunes only the named fields of
//!    `Weights`; `--ridge N` holds weights that few positions see near their start.
//!
//! cargo bench --bench eval_tune -- positions --games 3000 --seed 1 > positions.fen
//! cargo bench --bench eval_tune -- label --depth 9 < positions.fen > labelled.txt
//! cargo bench --bench eval_tune -- tune --terms mobility,passed < labelled.txt > tuned.rs

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
            number("--rounds", 3) as usize,
            number("--threads", 2) as usize,
            number("--ridge", 0) as f64 * 1e-10,
            args.iter()
                .position(|a| a == "--terms")
                .and_then(|i| args.get(i + 1))
                .map(|terms| terms.split(',').map(str::to_string).collect()),
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

/// Each position's evaluation by `w`, computed on `threads` threads.
fn evaluations(samples: &[Sample], w: &Weights, threads: usize) -> Vec<f64> {
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut none = PawnCache::new(0);
                    part.iter()
                        .map(|s| evaluate_weighted(&s.game, &mut none, w) as f64)
                        .collect::<Vec<f64>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("a thread"))
            .collect()
    })
}

/// The mean squared error of expected points from `scores` against the targets.
fn error(samples: &[Sample], scores: &[f64], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .zip(scores)
        .map(|(s, &score)| (sigmoid(score, scale) - s.target).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// How much each weight moves each position's evaluation, per centipawn of the weight
/// (measured by moving it `PROBE` centipawns, so the phase's share survives rounding): the
/// evaluation is nearly linear in its weights, so the tuning runs on this table and the
/// real evaluation checks the result.
const PROBE: i32 = 48;

fn slopes(
    samples: &[Sample],
    w: &Weights,
    base: &[f64],
    terms: Option<&[String]>,
    threads: usize,
) -> Vec<Vec<(u32, f32)>> {
    let mut rows = vec![Vec::new(); samples.len()];
    let names: Vec<&str> = w.clone().tunable().iter().map(|(name, _)| *name).collect();
    for (i, name) in names.into_iter().enumerate() {
        if terms.is_some_and(|terms| !terms.iter().any(|t| t == name)) {
            continue;
        }
        let mut probe = w.clone();
        *probe.tunable()[i].1 += PROBE;
        for (n, moved) in evaluations(samples, &probe, threads)
            .into_iter()
            .enumerate()
        {
            let slope = (moved - base[n]) / PROBE as f64;
            if slope != 0.0 {
                rows[n].push((i as u32, slope as f32));
            }
        }
    }
    rows
}

fn tune(rounds: usize, threads: usize, ridge: f64, terms: Option<Vec<String>>) {
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
    // Every tenth position is held out, to see that the weights fit positions they were not
    // tuned on.
    let (held, samples): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(n, _)| n % 10 == 0);
    let [held, samples]: [Vec<Sample>; 2] =
        [held, samples].map(|part| part.into_iter().map(|(_, s)| s).collect());
    eprintln!("{} positions, {} held out", samples.len(), held.len());
    let mut weights = TUNED.clone();
    let prior: Vec<f64> = weights.tunable().iter().map(|(_, v)| **v as f64).collect();
    // Our scale: the curve that fits the starting weights best, then held, so the tuned
    // weights keep the centipawn scale the search's margins are set in.
    let base = evaluations(&samples, &weights, threads);
    let mut scale = 100.0;
    for step in [40.0, 10.0, 2.0, 0.5] {
        loop {
            let here = error(&samples, &base, scale);
            let better = [scale - step, scale + step]
                .into_iter()
                .find(|&s| error(&samples, &base, s) < here);
            match better {
                Some(s) => scale = s,
                None => break,
            }
        }
    }
    let held_error = |w: &Weights| error(&held, &evaluations(&held, w, threads), scale);
    eprintln!(
        "scale {scale}: error {:.6}, held out {:.6}",
        error(&samples, &base, scale),
        held_error(&weights)
    );
    for round in 0..rounds {
        let base = evaluations(&samples, &weights, threads);
        let rows = slopes(&samples, &weights, &base, terms.as_deref(), threads);
        let start: Vec<f64> = weights.tunable().iter().map(|(_, v)| **v as f64).collect();
        let tuned = descend(&samples, &rows, &base, &start, &prior, scale, ridge);
        for ((_, value), new) in weights.tunable().into_iter().zip(tuned) {
            *value = new.round() as i32;
        }
        let real = evaluations(&samples, &weights, threads);
        eprintln!(
            "round {}: error {:.6}, held out {:.6}",
            round + 1,
            error(&samples, &real, scale),
            held_error(&weights)
        );
    }
    print!("{}", rust_source(&weights));
}

/// Gradient descent (Adam) on the linear model: each position's evaluation is its `base`
/// plus its slopes times how far each weight moved from `start`. A weight is held back
/// towards its `prior` value by `ridge` times the square of its move (in error per centipawn²), so
/// weights that few positions see (a knight in the corner) stay near PeSTO's.
fn descend(
    samples: &[Sample],
    rows: &[Vec<(u32, f32)>],
    base: &[f64],
    start: &[f64],
    prior: &[f64],
    scale: f64,
    ridge: f64,
) -> Vec<f64> {
    let count = start.len();
    let mut moved = vec![0.0f64; count];
    let (mut m, mut v) = (vec![0.0f64; count], vec![0.0f64; count]);
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    for epoch in 1..=EPOCHS {
        let mut gradient = vec![0.0f64; count];
        for ((sample, row), &b) in samples.iter().zip(rows).zip(base) {
            let score = b + row
                .iter()
                .map(|&(i, f)| f as f64 * moved[i as usize])
                .sum::<f64>();
            let p = sigmoid(score, scale);
            let d = 2.0 * (p - sample.target) * p * (1.0 - p) / scale;
            for &(i, f) in row {
                gradient[i as usize] += d * f as f64;
            }
        }
        let n = samples.len() as f64;
        for i in 0..count {
            let g = gradient[i] / n + 2.0 * ridge * (start[i] + moved[i] - prior[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch));
            moved[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    start.iter().zip(moved).map(|(s, d)| s + d).collect()
}

/// Full passes of gradient descent per round.
const EPOCHS: i32 = 400;

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
