//! The search: iterative deepening alpha-beta in negamax form with a principal variation
//! search, a transposition table, quiescence over captures, and moves tried best-first (the
//! table's move, captures by most valuable victim / least valuable attacker, killer moves,
//! the history of quiet moves that cut off). Late quiet moves are searched shallower first.
//!
//! It walks the real [`Game`] with `play` and `undo`, so every ending the rules define is
//! seen exactly as the game would see it. In Chess#, claiming stalemate is weighed beside the
//! moves wherever the claim would be accepted.

use super::eval::{evaluate, outcome_score, DECIDED, WIN};
use super::order::MoveOrder;
use super::table::{Bound, Entry, Table};
use crate::rules::ruleset::NoMoves;
use crate::rules::{Action, Bits, Game, Move, MoveKind, MoveList, Role, Side};

/// The deepest the search goes, main line and quiescence together.
const MAX_PLY: usize = 96;
/// How much shallower the look after a pass is (plus a ply for every six of depth).
const NULL_REDUCTION: u8 = 2;
/// The deadline is asked every this many nodes.
const POLL_EVERY: u64 = 1024;

/// When to stop. The search always completes depth 1, so it has a move to give.
pub struct Limits<'a> {
    /// Iterations of iterative deepening.
    pub depth: u8,
    /// Nodes (positions visited), checked as the search goes.
    pub nodes: u64,
    /// Asked now and then: `true` stops the search (a deadline, a cancel button). Native
    /// callers can use `std::time::Instant`; the browser's clock is `performance.now()`.
    pub stop: Option<&'a dyn Fn() -> bool>,
    /// Size of the transposition table.
    pub table_megabytes: usize,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            depth: 64,
            nodes: u64::MAX,
            stop: None,
            table_megabytes: 16,
        }
    }
}

impl<'a> Limits<'a> {
    pub fn depth(depth: u8) -> Limits<'a> {
        Limits {
            depth,
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits<'a> {
        Limits {
            nodes,
            ..Limits::default()
        }
    }
}

/// What the player to move should do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    Move(Move),
    /// Chess#: claim stalemate (RULES.md §3.5); the claim is valid here.
    ClaimStalemate,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` when the game is over or the player to move can do nothing.
    pub choice: Option<Choice>,
    /// For the player to move, in centipawns; beyond [`DECIDED`] a finished game.
    pub score: i32,
    /// The last depth searched to the end.
    pub depth: u8,
    pub nodes: u64,
    /// The expected line of play from here (moves only).
    pub pv: Vec<Move>,
}

/// Searches `game` (which is left as it was) within `limits`.
pub fn search(game: &Game, limits: &Limits) -> SearchResult {
    let mut searcher = Searcher::new(game, limits);
    let mut result = SearchResult {
        choice: None,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    if game.is_over() {
        return result;
    }
    for depth in 1..=limits.depth.max(1) {
        searcher.root_depth = depth;
        let (score, choice) = searcher.root(depth);
        // An iteration cut short is not trusted, except for the first (something to play).
        if searcher.stopped && result.choice.is_some() {
            break;
        }
        result.choice = choice;
        result.score = score;
        result.depth = depth;
        result.pv = searcher.principal_variation(depth as usize);
        if searcher.stopped || score.abs() > DECIDED && depth > 1 {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result
}

/// Every choice of the player to move with its own score (for the player to move), searched
/// up to `depth` plies deep, best first; ties keep the move generator's order. The levels for
/// children pick among these. Should `limits` stop the search early, the ranking of the
/// last depth completed is given (depth 1 always completes).
pub fn rank_choices(game: &Game, depth: u8, limits: &Limits) -> Vec<(Choice, i32)> {
    let mut searcher = Searcher::new(game, limits);
    if game.is_over() {
        return Vec::new();
    }
    let (stop, node_limit) = (searcher.stop.take(), searcher.node_limit);
    searcher.node_limit = u64::MAX;
    let mut ranked = Vec::new();
    for d in 1..=depth.max(1) {
        searcher.root_depth = d;
        let mut this_depth = Vec::new();
        if let Some(claim) = searcher.claim_score(0) {
            this_depth.push((Choice::ClaimStalemate, claim));
        }
        for m in searcher.game.legal_moves() {
            if searcher.game.play_unwritten(m).is_err() {
                continue;
            }
            let score = -searcher.negamax(d - 1, 1, -WIN - 1, WIN + 1);
            searcher.game.undo();
            this_depth.push((Choice::Move(m), score));
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

struct Searcher<'a> {
    game: Game,
    table: Table,
    /// Killer moves and the history of quiet moves' cut-offs.
    moves: MoveOrder,
    nodes: u64,
    node_limit: u64,
    stop: Option<&'a dyn Fn() -> bool>,
    stopped: bool,
    /// The depth of the current iteration (extensions stop at twice this many plies).
    root_depth: u8,
    /// The ply right after a pass, where another pass is not tried.
    null_child: Option<usize>,
}

impl<'a> Searcher<'a> {
    fn new(game: &Game, limits: &Limits<'a>) -> Searcher<'a> {
        Searcher {
            game: game.clone(),
            table: Table::new(limits.table_megabytes),
            moves: MoveOrder::new(MAX_PLY, 64),
            nodes: 0,
            node_limit: limits.nodes,
            stop: limits.stop,
            stopped: false,
            root_depth: 1,
            null_child: None,
        }
    }

    fn key(&self) -> u64 {
        let streaks = self.game.check_streak(Side::WHITE) as u64
            | (self.game.check_streak(Side::BLACK) as u64) << 8;
        self.game.position().repetition_hash() ^ streaks.wrapping_mul(0x9E37_79B9_7F4A_7C15)
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

    fn root(&mut self, depth: u8) -> (i32, Option<Choice>) {
        let mut moves = self.game.legal_moves();
        self.order(
            &mut moves,
            self.table.get(self.key()).and_then(|e| e.best),
            0,
        );
        let mut best_score = -WIN - 1;
        let mut best = None;
        if let Some(claim) = self.claim_score(0) {
            best_score = claim;
            best = Some(Choice::ClaimStalemate);
        }
        let (mut alpha, beta) = (best_score, WIN + 1);
        for (i, &m) in moves.iter().enumerate() {
            if self.game.play_unwritten(m).is_err() {
                continue;
            }
            let score = if i == 0 {
                -self.negamax(depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.stopped {
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.game.undo();
            if self.stopped && best.is_some() {
                break;
            }
            if score > best_score {
                best_score = score;
                best = Some(Choice::Move(m));
            }
            alpha = alpha.max(score);
        }
        if let Some(Choice::Move(m)) = best {
            self.table.put(Entry {
                key: self.key(),
                depth,
                score: best_score,
                bound: Bound::Exact,
                best: Some(m),
            });
        }
        (best_score, best)
    }

    /// Chess#: the score of claiming stalemate now, when the claim would be accepted.
    fn claim_score(&self, ply: u32) -> Option<i32> {
        if self.game.rules().no_moves != NoMoves::ClaimStalemate
            || self.game.stalemate_claim_refusal().is_some()
        {
            return None;
        }
        let mut claimed = self.game.clone();
        claimed.act(Action::ClaimStalemate).ok()?;
        let outcome = claimed.outcome()?;
        Some(outcome_score(
            self.game.rules(),
            &outcome,
            self.game.turn(),
            ply,
        ))
    }

    /// The score of a finished game at `ply`, if it is finished.
    fn finished(&self, ply: usize) -> Option<i32> {
        let outcome = self.game.outcome()?;
        Some(outcome_score(
            self.game.rules(),
            &outcome,
            self.game.turn(),
            ply as u32,
        ))
    }

    fn negamax(&mut self, depth: u8, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.finished(ply) {
            return score;
        }
        if self.out_of_time() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.game);
        }
        let in_check =
            self.game.rules().check_restricts() && self.game.position().in_check(self.game.turn());
        // A check is looked at one ply further, so mates are not pushed past the horizon; not
        // beyond twice the iteration's depth, or a run of checks would never end.
        let extend = in_check && ply < 2 * self.root_depth as usize;
        let depth = if extend { depth + 1 } else { depth };
        if depth == 0 {
            return self.quiescence(ply, alpha, beta);
        }
        let key = self.key();
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
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        if let Some(claim) = self.claim_score(ply as u32) {
            best_score = claim;
            alpha = alpha.max(claim);
            if alpha >= beta {
                return claim;
            }
        }
        // Null move: if passing still beats beta, a real move will too (the side to move
        // keeps pieces, so a zugzwang of king and pawns is not passed over).
        if self.null_allowed(depth, ply, beta) && self.game.pass_unwritten() {
            let outer = self.null_child.replace(ply + 1);
            let reduced = depth.saturating_sub(1 + NULL_REDUCTION + depth / 6);
            let score = -self.negamax(reduced, ply + 1, -beta, -beta + 1);
            self.null_child = outer;
            self.game.unpass();
            if self.stopped {
                return 0;
            }
            if score >= beta && score.abs() < DECIDED {
                return score;
            }
        }
        let mut moves = self.game.legal_moves();
        if moves.is_empty() && best_score == -WIN - 1 {
            // Nothing to do and no ending: a Chess# player whose claim would be refused.
            return evaluate(&self.game);
        }
        self.order(&mut moves, remembered.and_then(|e| e.best), ply);
        for (i, &m) in moves.iter().enumerate() {
            let quiet = self.is_quiet(m);
            if self.game.play_unwritten(m).is_err() {
                continue;
            }
            let score = if i == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves: a shallower look first; a surprise earns the full depth.
                let reduce = if quiet && !in_check && depth >= 3 && i >= 4 {
                    1
                } else {
                    0
                };
                let mut s = -self.negamax(depth - 1 - reduce, ply + 1, -alpha - 1, -alpha);
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            self.game.undo();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(m, depth, ply);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
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

    /// Captures (and promotions) only, until the position is quiet; the player to move may
    /// also "stand pat" on the evaluation.
    fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.finished(ply) {
            return score;
        }
        if self.out_of_time() {
            return 0;
        }
        let stand = evaluate(&self.game);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = self.game.legal_moves();
        moves.retain(|m| !self.is_quiet(*m));
        self.order(&mut moves, None, ply);
        for &m in moves.iter() {
            if self.game.play_unwritten(m).is_err() {
                continue;
            }
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Whether the player to move may try passing here: deep enough, not in check, not
    /// right after a pass, no decided score in sight, and a piece besides king and pawns.
    fn null_allowed(&self, depth: u8, ply: usize, beta: i32) -> bool {
        let pos = self.game.position();
        let us = pos.turn();
        depth >= 3
            && ply > 0
            && self.null_child != Some(ply)
            && beta.abs() < DECIDED
            && !pos.in_check(us)
            && [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .iter()
                .any(|&r| !pos.pieces(us, r).is_empty())
    }

    fn is_quiet(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::Promotion(_) => false,
            MoveKind::Castle { .. } | MoveKind::Drop(_) => true,
            MoveKind::Normal | MoveKind::DoubleStep => {
                self.game.position().piece_at(m.to).is_none()
            }
        }
    }

    fn remember_cutoff(&mut self, m: Move, depth: u8, ply: usize) {
        self.moves.remember_cutoff(m, depth, ply);
    }

    /// Best first (see [`MoveOrder`]): every capture counts, a king's too.
    fn order(&self, moves: &mut MoveList, remembered: Option<Move>, ply: usize) {
        let pos = self.game.position();
        self.moves.order(moves, remembered, ply, |m| {
            let victim = match m.kind {
                MoveKind::EnPassant => Some(Role::Pawn),
                MoveKind::Drop(_) | MoveKind::Castle { .. } => None,
                _ => pos.role_at(m.to),
            }?;
            Some((victim, pos.role_at(m.from).unwrap_or(Role::Pawn)))
        });
    }

    /// The expected line, from the table's best moves (stops at a repeat or a missing entry).
    fn principal_variation(&mut self, longest: usize) -> Vec<Move> {
        let mut line = Vec::new();
        while line.len() < longest {
            let Some(m) = self.table.get(self.key()).and_then(|e| e.best) else {
                break;
            };
            if !self.game.legal_moves().contains(&m) || self.game.play_unwritten(m).is_err() {
                break;
            }
            line.push(m);
        }
        for _ in &line {
            self.game.undo();
        }
        line
    }
}
