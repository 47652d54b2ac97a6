//! Shared helpers for the native integration tests.
#![allow(dead_code)]

pub mod family;
pub mod naive;
pub mod naive_cross;

use classroom_chess::rules::game::Game;
use classroom_chess::rules::san::to_uci;

/// Plays moves given as SAN or machine form, failing the test with the position on refusal.
pub fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = g.play_text(m) {
            panic!("move {m} refused in {}: {e}", g.fen());
        }
    }
}

/// The legal moves in machine form, sorted.
pub fn legal_uci(g: &Game) -> Vec<String> {
    let pos = *g.position();
    let mut v: Vec<String> = g.legal_moves().iter().map(|&m| to_uci(&pos, m)).collect();
    v.sort();
    v
}
