//! The rules core as a bare WebAssembly module for `make bench` (benches/wasm_perft.mjs).

use classroom_chess::rules::game::Game;
use classroom_chess::rules::perft::perft;
use classroom_chess::rules::ruleset::RuleSet;

const POSITIONS: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

/// Perft of orthodox position `position` (0 start, 1 Kiwipete) to `depth`; 0 if unknown.
#[no_mangle]
pub extern "C" fn bench_perft(position: u32, depth: u32) -> u64 {
    let Some(fen) = POSITIONS.get(position as usize) else {
        return 0;
    };
    match Game::from_fen(RuleSet::orthodox(), fen) {
        Ok(game) => perft(game.position(), depth),
        Err(_) => 0,
    }
}
