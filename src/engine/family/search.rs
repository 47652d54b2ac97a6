//! The four-player search: paranoid alpha-beta. Scores are always our side's (the root seat
//! and its partners); a seat of ours to move maximises, every other seat minimises, so the
//! opponents are assumed to play together against us — the cautious assumption, and sound
//! with 2, 3 or 4 seats (with two it is plain minimax). Iterative deepening, a principal
//! variation search, a transposition table keyed by the core's own repetition key, a small
//! quiescence over captures, and moves tried best-first ([`super::order`]).
//!
//! It walks copies of the core's [`FamilyState`], so passes, skipped Away seats, mates,
//! eliminations and endings happen exactly as in the game.

use super::eval::{evaluate, outcome_score, Sides};
use super::order::{is_tactical, order, victim, SQUARES};
use super::play::play;
use crate::engine::eval::{DECIDED, WIN};
use crate::engine::order::MoveOrder;
use crate::engine::search::Limits;
use crate::engine::table::{Bound, Entry, Table};
use crate::rules::family::{Event, FamilyState};
use crate::rules::movegen::MoveList;
use crate::rules::types::{Move, MoveKind};
use std::collections::HashMap;

/// The deepest the search goes, main line and quiescence together.
pub(super) const MAX_PLY: usize = 64;
/// Quiescence stops this many plies (passes included) past the horizon: with four seats
/// trading captures and passes, longer raids cost far more than they tell.
const QUIESCENCE_PLIES: usize = 8;
/// The stop callback is asked every this many nodes.
const POLL_EVERY: u64 = 1024;
const INFINITY: i32 = WIN + 1;

pub(super) struct Searcher<'a> {
    sides: Sides,
    table: Table,
    order: MoveOrder,
    pub nodes: u64,
    pub node_limit: u64,
    pub stop: Option<&'a dyn Fn() -> bool>,
    pub stopped: bool,
    /// The depth of the current iteration (check extensions stop at twice this many plies).
    pub root_depth: u8,
    events: Vec<Event>,
    /// How often each position stood in the game before the search (repetition keys).
    seen: HashMap<u64, u8>,
    /// The repetition keys of the positions on the way from the root to this node.
    path: Vec<u64>,
}

impl<'a> Searcher<'a> {
    pub fn new(sides: Sides, seen: HashMap<u64, u8>, limits: &Limits<'a>) -> Searcher<'a> {
        Searcher {
            sides,
            table: Table::new(limits.table_megabytes),
            order: MoveOrder::new(MAX_PLY, SQUARES, 1),
            nodes: 0,
            node_limit: limits.nodes,
            stop: limits.stop,
            stopped: false,
            root_depth: 1,
            events: Vec::new(),
            seen,
            path: Vec::with_capacity(MAX_PLY),
        }
    }

    /// The core's repetition key (placement, mover, castling, e.p., statuses, standing
    /// checks) with the passes in a row, which decide the all-passed draw.
    fn key(state: &FamilyState) -> u64 {
        state.repetition_hash() ^ (state.passes() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit
                || self.nodes.is_multiple_of(POLL_EVERY) && self.stop.is_some_and(|stop| stop()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The child position after a legal move, with the call the mover makes.
    pub fn child(&mut self, state: &FamilyState, m: Move) -> (FamilyState, bool) {
        let sides = self.sides;
        play(state, m, &sides, &mut self.events)
    }

    /// The score of a position where our side's game is decided: the game is over, or the
    /// root player is out while it goes on.
    fn decided(&self, state: &FamilyState, ply: usize) -> Option<i32> {
        if let Some(outcome) = state.outcome() {
            return Some(outcome_score(&outcome, &self.sides, ply));
        }
        self.sides.root_lost(state).then_some(-WIN + ply as i32)
    }

    fn maximising(&self, state: &FamilyState) -> bool {
        self.sides.is_ours(state.turn())
    }

    /// Whether the position stood twice already, in the game or on the way here.
    fn stood_twice(&self, key: u64) -> bool {
        let before = self.seen.get(&key).copied().unwrap_or(0) as usize;
        before + self.path.iter().filter(|&&k| k == key).count() >= 2
    }

    /// Root moves in search order: the remembered best first, then by [`order`].
    pub fn root_moves(&self, state: &FamilyState) -> MoveList {
        let mut moves = state.legal_moves();
        let remembered = self.table.get(Self::key(state)).and_then(|e| e.best);
        order(&self.order, state, &self.sides, &mut moves, remembered, 0);
        moves
    }

    /// Remembers the root's best move, so the next iteration tries it first.
    pub fn remember_root(&mut self, state: &FamilyState, depth: u8, score: i32, best: Move) {
        self.table.put(Entry {
            key: Self::key(state),
            depth,
            score,
            bound: Bound::Exact,
            best: Some(best),
        });
    }

    /// Alpha-beta over `state`, `depth` plies deep, `ply` plies from the root; fail-soft,
    /// our side's score.
    pub fn alpha_beta(
        &mut self,
        state: &FamilyState,
        depth: u8,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.decided(state, ply) {
            return score;
        }
        if self.out_of_time() {
            return 0;
        }
        let repetition = state.repetition_hash();
        if self.stood_twice(repetition) {
            // The third time: anyone may claim a draw (§5.6), which scores as a draw does.
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(state, &self.sides);
        }
        // A seat bound by an announced check is looked at one ply further, so mates are not
        // pushed past the horizon; not beyond twice the iteration's depth.
        let in_check = state.standing_check(state.turn()).is_some();
        let depth = if in_check && ply < 2 * self.root_depth as usize {
            depth + 1
        } else {
            depth
        };
        if depth == 0 {
            return self.quiescence(state, ply, 0, 0, alpha, beta);
        }
        let key = Self::key(state);
        let remembered = self.table.get(key);
        if let Some(e) = remembered {
            if e.depth >= depth && e.score.abs() < DECIDED {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let mut moves = state.legal_moves();
        if moves.is_empty() {
            // Paused: the only Playing player waits for an Away player (§5.4).
            return evaluate(state, &self.sides);
        }
        order(
            &self.order,
            state,
            &self.sides,
            &mut moves,
            remembered.and_then(|e| e.best),
            ply,
        );
        let max = self.maximising(state);
        let (original_alpha, original_beta) = (alpha, beta);
        let mut best_score = if max { -INFINITY } else { INFINITY };
        let mut best_move = None;
        self.path.push(repetition);
        for (i, &m) in moves.iter().enumerate() {
            let quiet = !is_tactical(state, &self.sides, m);
            let (next, _) = self.child(state, m);
            let score = if i == 0 {
                self.alpha_beta(&next, depth - 1, ply + 1, alpha, beta)
            } else {
                // Late quiet moves: a shallower look first; a surprise earns the full depth.
                let reduce = u8::from(quiet && !in_check && depth >= 3 && i >= 4);
                let (lo, hi) = if max {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let mut s = self.alpha_beta(&next, depth - 1 - reduce, ply + 1, lo, hi);
                let surprise = |s: i32| if max { s > alpha } else { s < beta };
                if reduce > 0 && surprise(s) && !self.stopped {
                    s = self.alpha_beta(&next, depth - 1, ply + 1, lo, hi);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.alpha_beta(&next, depth - 1, ply + 1, alpha, beta);
                }
                s
            };
            if self.stopped {
                break;
            }
            if (max && score > best_score) || (!max && score < best_score) {
                best_score = score;
                best_move = Some(m);
            }
            if max {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                if quiet {
                    self.order.remember_cutoff(m, 0, depth, ply);
                }
                break;
            }
        }
        self.path.pop();
        if self.stopped {
            return 0;
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= original_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            depth,
            score: best_score,
            bound,
            best: best_move,
        });
        best_score
    }

    /// Captures and promotions only, until the position is quiet. A seat of ours may "stand
    /// pat" on the evaluation: it has the move to meet any threat, as in two-player chess. An
    /// opponent's quiet move guards only its own pieces, not a partner's, so instead of
    /// standing pat an opponent lets the next seat act (a null move) and its own pieces count
    /// as guarded (`safe`, a seat mask) until it moves again. Only captures that change the
    /// balance are tried: ours take opponents' unguarded pieces, the opponents take ours.
    fn quiescence(
        &mut self,
        state: &FamilyState,
        ply: usize,
        qply: usize,
        safe: u8,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.decided(state, ply) {
            return score;
        }
        if self.out_of_time() {
            return 0;
        }
        if ply >= MAX_PLY - 1 || qply >= QUIESCENCE_PLIES || state.is_paused() {
            return evaluate(state, &self.sides);
        }
        let max = self.maximising(state);
        let mut best = if max {
            let stand = evaluate(state, &self.sides);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            stand
        } else {
            let mut next = *state;
            self.events.clear();
            next.null_move(&mut self.events);
            let guarded = safe | 1 << state.turn().0;
            let pass = self.quiescence(&next, ply + 1, qply + 1, guarded, alpha, beta);
            if self.stopped {
                return 0;
            }
            if pass <= alpha {
                return pass;
            }
            beta = beta.min(pass);
            pass
        };
        let targets = if max {
            self.sides.them & !safe
        } else {
            self.sides.us
        };
        let safe = safe & !(1 << state.turn().0);
        let mut moves = state.legal_moves();
        moves.retain(|m| {
            matches!(m.kind, MoveKind::Promotion(_))
                || victim(state, &self.sides, *m)
                    .is_some_and(|(side, _)| targets & (1 << side.0) != 0)
        });
        order(&self.order, state, &self.sides, &mut moves, None, ply);
        for &m in moves.iter() {
            let (next, _) = self.child(state, m);
            let score = self.quiescence(&next, ply + 1, qply + 1, safe, alpha, beta);
            if self.stopped {
                return 0;
            }
            if max {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The expected line, from the table's best moves (stops at a missing entry or a move
    /// the position does not allow).
    pub fn principal_variation(&mut self, state: &FamilyState, longest: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut at = *state;
        while line.len() < longest {
            let Some(m) = self.table.get(Self::key(&at)).and_then(|e| e.best) else {
                break;
            };
            if !at.legal_moves().contains(&m) {
                break;
            }
            at = self.child(&at, m).0;
            line.push(m);
        }
        line
    }
}
