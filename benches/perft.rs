//! `make bench`, native half: perft speed of the rules core against shakmaty, same machine,
//! same run. Reports nodes/s and the ratio; asserts nothing about time.

use classroom_chess::rules::game::Game;
use classroom_chess::rules::perft::perft;
use classroom_chess::rules::ruleset::RuleSet;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::time::{Duration, Instant};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

/// Best time of `runs` runs (the least disturbed by other work on a shared machine).
fn best_of(runs: usize, mut f: impl FnMut() -> u64, expected: u64) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            let n = f();
            let elapsed = t.elapsed();
            assert_eq!(n, expected, "wrong node count");
            elapsed
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let runs = 7;
    println!("native perft, best of {runs} runs");
    println!(
        "{:<10} {:>5} {:>10} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "ours n/s", "shakmaty n/s", "ratio"
    );
    for (name, fen, depth, nodes) in CASES {
        let game = Game::from_fen(RuleSet::orthodox(), fen).expect("valid FEN");
        let ours = *game.position();
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("position");
        let t_ours = best_of(runs, || perft(&ours, depth), nodes);
        let t_theirs = best_of(runs, || shakmaty::perft(&theirs, depth), nodes);
        let rate = |t: Duration| nodes as f64 / t.as_secs_f64();
        println!(
            "{:<10} {:>5} {:>10} {:>14.0} {:>14.0} {:>7.2}",
            name,
            depth,
            nodes,
            rate(t_ours),
            rate(t_theirs),
            rate(t_ours) / rate(t_theirs)
        );
    }
    println!("ratio = ours / shakmaty (target: at least 0.5)");
}
