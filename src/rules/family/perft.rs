//! Move-tree counting for family positions (RULES.md §0). A ply is one legal move of the
//! seat to move, made without a call (or with one when auto-check is on); passes, mates and
//! eliminations that follow are part of the ply, not plies of their own.

use super::state::FamilyState;

/// Leaf nodes `depth` plies below `state`.
pub fn perft(state: &FamilyState, depth: u32) -> u64 {
    let mut scratch = Vec::new();
    count(state, depth, &mut scratch)
}

fn count(state: &FamilyState, depth: u32, scratch: &mut Vec<super::Event>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = state.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut next = *state;
        scratch.clear();
        next.apply(m, false, scratch);
        nodes += count(&next, depth - 1, scratch);
    }
    nodes
}

/// Leaf counts below each root move.
pub fn divide(state: &FamilyState, depth: u32) -> Vec<(crate::rules::types::Move, u64)> {
    let mut scratch = Vec::new();
    state
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut next = *state;
            next.apply(m, false, &mut scratch);
            (m, count(&next, depth.saturating_sub(1), &mut scratch))
        })
        .collect()
}
