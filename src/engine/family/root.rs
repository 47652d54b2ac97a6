//! The root of the four-player search: iterative deepening for the best move
//! ([`family_search`]) and every move scored on its own for the levels ([`family_rank`]).

use super::eval::Sides;
use super::history::positions_seen;
use super::play::should_call;
use super::search::{Searcher, MAX_PLY};
use crate::engine::eval::{DECIDED, WIN};
use crate::engine::level::THROWN_AWAY;
use crate::engine::search::Limits;
use crate::rules::family::{FamilyGame, FamilyState};
use crate::rules::types::Move;

const INFINITY: i32 = WIN + 1;

/// What the search found for the seat to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FamilySearchResult {
    /// `None` when the game is over or paused (no seat may move).
    pub mv: Option<Move>,
    /// Call "Check!" with the move (FAMILY.md §4.3): exactly when the call is accepted
    /// against a king that is not a partner's.
    pub call: bool,
    /// For the seat to move and its partners, in centipawns; beyond [`DECIDED`] a finished
    /// game (or, negative, the seat itself mated).
    pub score: i32,
    /// The last depth searched to the end, in plies (one ply is one seat's move).
    pub depth: u8,
    pub nodes: u64,
    /// The expected line of play from here, every seat's moves in turn.
    pub pv: Vec<Move>,
}

/// Searches `game` (left as it was) within `limits` for the seat to move. The depth limit
/// counts plies of every seat; at least depth 1 is searched, so there is a move to give.
pub fn family_search(game: &FamilyGame, limits: &Limits) -> FamilySearchResult {
    let state = *game.state();
    let sides = Sides::of_game(game);
    let mut searcher = Searcher::new(sides, positions_seen(game), limits);
    let mut result = FamilySearchResult {
        mv: None,
        call: false,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    let Some(&first) = state.legal_moves().first() else {
        return result;
    };
    let max_depth = limits.depth.clamp(1, (MAX_PLY / 2) as u8);
    for depth in 1..=max_depth {
        searcher.root_depth = depth;
        let (score, best) = root(&mut searcher, &state, depth);
        // An iteration cut short is not trusted, except the first (something to play).
        if searcher.stopped && result.mv.is_some() {
            break;
        }
        result.mv = Some(best.unwrap_or(first));
        result.score = score;
        result.depth = depth;
        result.pv = searcher.principal_variation(&state, depth as usize);
        if searcher.stopped || (score.abs() > DECIDED && depth > 1) {
            break;
        }
    }
    result.call = result.mv.is_some_and(|m| should_call(&state, m, &sides));
    result.nodes = searcher.nodes;
    result
}

/// One iteration at the root: the best move and its score (the root seat is ours, so it
/// maximises); a move whose search was cut short by the limits does not count.
fn root(searcher: &mut Searcher, state: &FamilyState, depth: u8) -> (i32, Option<Move>) {
    let moves = searcher.root_moves(state);
    let mut best_score = -INFINITY;
    let mut best = None;
    let mut alpha = -INFINITY;
    for (i, &m) in moves.iter().enumerate() {
        let (next, _) = searcher.child(state, m);
        let score = if i == 0 {
            searcher.alpha_beta(&next, depth - 1, 1, alpha, INFINITY)
        } else {
            let s = searcher.alpha_beta(&next, depth - 1, 1, alpha, alpha + 1);
            if s > alpha && !searcher.stopped {
                searcher.alpha_beta(&next, depth - 1, 1, alpha, INFINITY)
            } else {
                s
            }
        };
        if searcher.stopped {
            break;
        }
        if score > best_score {
            best_score = score;
            best = Some(m);
        }
        alpha = alpha.max(score);
    }
    if let Some(m) = best {
        searcher.remember_root(state, depth, best_score, m);
    }
    (best_score, best)
}

/// Every legal move of the seat to move with its own score (for that seat's side), searched
/// `depth` plies deep, best first; ties keep the order of the previous depth. Scores are exact
/// within [`THROWN_AWAY`] of the best; a move worse than that may carry only a bound below
/// it (the levels never pick such a move). Depth 1 always completes; should `limits` stop a
/// deeper iteration, the ranking of the last depth completed is given.
pub fn family_rank(game: &FamilyGame, depth: u8, limits: &Limits) -> Vec<(Move, i32)> {
    let state = *game.state();
    let mut searcher = Searcher::new(Sides::of_game(game), positions_seen(game), limits);
    let (stop, node_limit) = (searcher.stop.take(), searcher.node_limit);
    searcher.node_limit = u64::MAX;
    let mut ranked: Vec<(Move, i32)> = searcher
        .root_moves(&state)
        .iter()
        .map(|&m| (m, 0))
        .collect();
    for d in 1..=depth.clamp(1, (MAX_PLY / 2) as u8) {
        searcher.root_depth = d;
        let mut this_depth = Vec::with_capacity(ranked.len());
        let mut best = -INFINITY;
        for &(m, _) in &ranked {
            let (next, _) = searcher.child(&state, m);
            // Only scores near the best need to be exact.
            let floor = best.saturating_sub(THROWN_AWAY + 1).max(-INFINITY);
            let score = searcher.alpha_beta(&next, d - 1, 1, floor, INFINITY);
            if searcher.stopped {
                break;
            }
            best = best.max(score);
            this_depth.push((m, score));
        }
        if searcher.stopped {
            break;
        }
        this_depth.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        ranked = this_depth;
        // Deeper iterations may be cut short by the caller's limits.
        searcher.stop = stop;
        searcher.node_limit = node_limit;
    }
    ranked
}
