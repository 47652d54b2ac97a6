//! Move-tree counting (RULES.md §0): leaf nodes to a depth, ignoring draw rules and claims.

use crate::rules::bitboard::Bits;
use crate::rules::movegen::MoveList;
use crate::rules::position::Position;
use crate::rules::types::Move;

/// The deepest count the command line accepts: far beyond what finishes (depth 8 of the start
/// position is 85 billion nodes), and shallow enough that the recursion never exhausts the
/// stack, whatever the position.
pub const MAX_DEPTH: u32 = 30;

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft<B: Bits>(pos: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut next = *pos;
        next.play(m);
        nodes += perft(&next, depth - 1);
    }
    nodes
}

/// Leaf counts below each root move.
pub fn divide<B: Bits>(pos: &Position<B>, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth.saturating_sub(1))))
        .collect()
}
