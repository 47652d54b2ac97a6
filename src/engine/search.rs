//! The search: iterative deepening alpha-beta in negamax form with a principal variation
//! search, a transposition table, quiescence over captures, and moves tried best-first (the
//! table's move, captures by most valuable victim / least valuable attacker, killer moves,
//! the history of quiet moves that cut off). Late quiet moves are searched shallower first
//! (less so in the principal variation, for a killer, or when the side is improving), a node
//! with no remembered move a ply shallower, and far from the window some moves are not
//! searched at all (reverse futility, razoring, futility, late-move pruning, moves losing the
//! exchange on their square); quiescence also uses the table. Each iteration starts in a
//! narrow window around the last score.
//!
//! It walks the real [`Game`] with `play_searched` and `undo`, so every ending the rules
//! define is seen exactly as the game would see it (the one question the fast path leaves
//! out — has the player to move any move at all — is answered by each node's own move
//! generation). A position repeated during the search counts as the draw it can be forced
//! into. In Chess#, claiming stalemate is weighed beside the moves wherever the claim would
//! be accepted.

use super::eval::{evaluate_with, outcome_score, PawnCache, DECIDED, WIN};
use super::order::{pick, sort_by_ranks, MoveOrder, Ranks};
use super::see::{exchange_value, static_exchange, victim};
use super::table::{Bound, Entry, Table};
use crate::rules::ruleset::{NoMoves, Object, RuleSet};
use crate::rules::{Action, Bits, Game, Move, MoveKind, MoveList, Role, Side};
use arrayvec::ArrayVec;

/// The deepest the search goes, main line and quiescence together.
const MAX_PLY: usize = 96;
/// How much shallower the look after a pass is (plus a ply for every six of depth).
const NULL_REDUCTION: u8 = 2;
/// Entries of the pawn-structure cache.
const PAWN_SLOTS: usize = 8192;
/// The deadline is asked every this many nodes.
const POLL_EVERY: u64 = 1024;
/// The first aspiration window around the last iteration's score, each side (centipawns).
const ASPIRATION: i32 = 25;
/// Reverse futility: a node this far above beta per ply of depth left is taken as a cut.
const REVERSE_FUTILITY_MARGIN: i32 = 80;
/// Futility: quiet moves are not tried when the evaluation plus this (plus a margin per ply)
/// cannot reach alpha.
const FUTILITY_BASE: i32 = 100;
const FUTILITY_PER_PLY: i32 = 120;
const FUTILITY_DEPTH: u8 = 5;
/// Razoring: a node this far below alpha per ply of depth left (at most this deep) is left
/// to the quiescence search.
const RAZOR_MARGIN: i32 = 300;
const RAZOR_DEPTH: u8 = 2;
/// Moves losing material in the exchange are not tried this near the horizon: a quiet move
/// losing more than this times the depth squared, a capture more than this times the depth.
const SEE_PRUNE_DEPTH: u8 = 5;
const SEE_QUIET: i32 = 30;
const SEE_CAPTURE: i32 = 100;
/// Quiescence: a capture that even winning its victim outright leaves this far below alpha
/// is not tried.
const DELTA_MARGIN: i32 = 200;

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

/// Searches `game` (which is left as it was) within `limits`, from nothing learned: the same
/// search gives the same answer.
pub fn search(game: &Game, limits: &Limits) -> SearchResult {
    search_keeping(game, limits, &mut KeptTable::default())
}

/// A transposition table kept from one search to the next, as for the computer's moves in a
/// game: what the last search learned gives the next a head start. It is used again only
/// under the same rules and at the same size, and starts afresh otherwise.
#[derive(Default)]
pub struct KeptTable {
    kept: Option<(RuleSet, usize, Table)>,
}

/// As [`search`], with the table `kept` from the last search (and kept for the next).
pub fn search_keeping(game: &Game, limits: &Limits, kept: &mut KeptTable) -> SearchResult {
    let table = match kept.kept.take() {
        Some((rules, megabytes, table))
            if rules == *game.rules() && megabytes == limits.table_megabytes =>
        {
            table
        }
        _ => Table::new(limits.table_megabytes),
    };
    let mut searcher = Searcher::new(game, limits, table);
    let result = search_with(&mut searcher, game, limits);
    kept.kept = Some((game.rules().clone(), limits.table_megabytes, searcher.table));
    result
}

fn search_with(searcher: &mut Searcher, game: &Game, limits: &Limits) -> SearchResult {
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
        searcher.root_best = None;
        let (score, choice) = searcher.aspiration(depth, result.score);
        // An iteration cut short is not trusted, except for the first (something to play),
        // and for a move it searched to the end that beat the last iteration's best (that
        // move, searched first, had its full look too).
        if searcher.stopped && result.choice.is_some() {
            if let Some(better) = searcher.root_best.filter(|&c| Some(c) != result.choice) {
                result.choice = Some(better);
                result.pv = searcher.principal_variation(depth as usize);
            }
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
    let mut searcher = Searcher::new(game, limits, Table::new(limits.table_megabytes));
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
            searcher.game.play_searched(m);
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
    pawns: PawnCache,
    /// Per ply, the keys of the moves being tried there (kept here, not in each frame, so the
    /// deepest lines fit the browser's stack).
    ranks: Vec<Ranks>,
    nodes: u64,
    node_limit: u64,
    stop: Option<&'a dyn Fn() -> bool>,
    stopped: bool,
    /// The depth of the current iteration (extensions stop at twice this many plies).
    root_depth: u8,
    /// The ply right after a pass, where another pass is not tried.
    null_child: Option<usize>,
    /// The static evaluation at each ply of the current line (`None` in check), to tell
    /// whether the side to move is doing better than two plies ago.
    evals: [Option<i32>; MAX_PLY],
    /// Late-move reductions by depth and move number.
    reductions: Box<[[u8; 64]; 64]>,
    /// By the opponent's last move (from and to square): the quiet reply that last cut off.
    replies: Vec<Option<Move>>,
    /// The root move of the current iteration that last raised alpha in a look that ran to
    /// the end (the last iteration's best is looked at first).
    root_best: Option<Choice>,
}

/// How many plies shallower the `index`-th move at `depth` is searched first: more for late
/// moves deep in the tree (grows with the logarithm of both).
fn reduction_table() -> Box<[[u8; 64]; 64]> {
    let mut table = Box::new([[0u8; 64]; 64]);
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, r) in row.iter_mut().enumerate().skip(1) {
            let value = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
            *r = value.max(0.0) as u8;
        }
    }
    table
}

impl<'a> Searcher<'a> {
    fn new(game: &Game, limits: &Limits<'a>, table: Table) -> Searcher<'a> {
        Searcher {
            game: game.clone(),
            table,
            moves: MoveOrder::new(MAX_PLY, 64, 2),
            pawns: PawnCache::new(PAWN_SLOTS),
            ranks: vec![Ranks::new(); MAX_PLY],
            nodes: 0,
            node_limit: limits.nodes,
            stop: limits.stop,
            stopped: false,
            root_depth: 1,
            null_child: None,
            evals: [None; MAX_PLY],
            reductions: reduction_table(),
            replies: vec![None; 64 * 64],
            root_best: None,
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

    /// One iteration, first in a narrow window around `previous` (the last iteration's
    /// score), widened on the side that failed until the score falls inside.
    fn aspiration(&mut self, depth: u8, previous: i32) -> (i32, Option<Choice>) {
        if depth < 5 || previous.abs() >= DECIDED {
            return self.root(depth, -WIN - 1, WIN + 1);
        }
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let (score, choice) = self.root(depth, alpha, beta);
            if self.stopped {
                return (score, choice);
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-WIN - 1);
            } else if score >= beta {
                beta = (beta + delta).min(WIN + 1);
            } else {
                return (score, choice);
            }
            delta *= 2;
            if delta > 400 {
                (alpha, beta) = (-WIN - 1, WIN + 1);
            }
        }
    }

    fn root(&mut self, depth: u8, window_alpha: i32, beta: i32) -> (i32, Option<Choice>) {
        let mut moves = self.game.legal_moves();
        self.order(
            &mut moves,
            self.table.get(self.key()).and_then(|e| e.best),
            None,
            0,
        );
        let mut best_score = -WIN - 1;
        let mut best = None;
        if let Some(claim) = self.claim_score(0) {
            best_score = claim;
            best = Some(Choice::ClaimStalemate);
        }
        let mut alpha = best_score.max(window_alpha);
        for (i, &m) in moves.iter().enumerate() {
            self.game.play_searched(m);
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
                if !self.stopped && score > alpha {
                    self.root_best = best;
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if let Some(Choice::Move(m)) = best {
            let bound = Bound::of(best_score, window_alpha, beta);
            self.table.put(Entry {
                key: self.key(),
                depth,
                score: best_score,
                bound,
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

    /// Whether the current position stood before, in the game or in the line searched, when
    /// the rules draw by repetition: either side can then repeat it again, so it scores as
    /// that draw.
    fn repeated(&self) -> bool {
        // A repeat needs four plies at least since the last capture or pawn move, which
        // change the placement for good.
        self.game.rules().draws.repetition
            && self.game.position().halfmove_clock() >= 4
            && self.game.repetitions() >= 2
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
            return evaluate_with(&self.game, &mut self.pawns);
        }
        if self.repeated() {
            return 0;
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
        let principal = beta - alpha > 1;
        let key = self.key();
        let remembered = self.table.get(key);
        if let Some(score) = remembered
            .filter(|e| e.depth >= depth && e.score.abs() < DECIDED)
            .and_then(|e| e.cutoff(alpha, beta))
        {
            return score;
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            if let Some(outcome) = self.game.end_without_moves() {
                return outcome_score(self.game.rules(), &outcome, self.game.turn(), ply as u32);
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
        if moves.is_empty() && best_score == -WIN - 1 {
            // Nothing to do and no ending: a Chess# player whose claim would be refused.
            return evaluate_with(&self.game, &mut self.pawns);
        }
        let static_eval = (!in_check).then(|| evaluate_with(&self.game, &mut self.pawns));
        self.evals[ply] = static_eval;
        let improving = ply >= 2
            && matches!((static_eval, self.evals[ply - 2]), (Some(now), Some(before)) if now > before);
        let calm = !principal && beta.abs() < DECIDED && alpha.abs() < DECIDED;
        // Reverse futility: so far above beta that a quiet move will not lose it all.
        if let Some(eval) = static_eval {
            let margin = REVERSE_FUTILITY_MARGIN * (depth as i32 - improving as i32);
            if calm && depth <= 7 && eval - margin >= beta {
                return eval;
            }
        }
        // Razoring: so far below alpha near the horizon that only a capture could help, so
        // the quiescence search decides. Only where checkmate is the object: elsewhere a
        // quiet move (a stalemate, a king at the midline) can win outright.
        let rules = self.game.rules();
        if calm
            && depth <= RAZOR_DEPTH
            && rules.object == Object::Checkmate
            && !rules.midline_invasion
            && static_eval.is_some_and(|eval| eval + RAZOR_MARGIN * depth as i32 <= alpha)
        {
            let score = self.quiescence(ply, alpha, alpha + 1);
            if self.stopped {
                return 0;
            }
            if score <= alpha {
                return score;
            }
        }
        // Null move: if passing still beats beta, a real move will too (the side to move
        // keeps pieces, so a zugzwang of king and pawns is not passed over).
        if !principal
            && static_eval.is_some_and(|eval| eval >= beta)
            && self.null_allowed(depth, ply, beta)
            && self.game.pass_unwritten()
        {
            let outer = self.null_child.replace(ply + 1);
            let reduced = depth.saturating_sub(1 + NULL_REDUCTION + depth / 4);
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
        // Futility: too far below alpha for a quiet move to help, unless it gives check.
        let futile = calm
            && depth <= FUTILITY_DEPTH
            && static_eval.is_some_and(|eval| {
                eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth as i32 <= alpha
            });
        // Late-move pruning: near the horizon, only the first few quiet moves are tried.
        let quiet_limit = if calm && !in_check && depth <= 4 {
            (3 + depth as usize * depth as usize) / if improving { 1 } else { 2 }
        } else {
            usize::MAX
        };
        // No move remembered from an earlier look: likely a node not worth much effort, and
        // the ordering is poor, so it is searched a ply shallower.
        let depth = if depth >= 4 && remembered.and_then(|e| e.best).is_none() {
            depth - 1
        } else {
            depth
        };
        let reply_to = self.reply_index();
        let reply = reply_to.and_then(|i| self.replies[i]);
        self.rank(&moves, remembered.and_then(|e| e.best), reply, ply);
        let mut quiets_tried = 0;
        let mut failed_quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let mut searched = 0;
        for taken in 0..moves.len() {
            let Some(i) = pick(&mut self.ranks[ply], taken) else {
                break;
            };
            let m = moves[i];
            let quiet = self.is_quiet(m);
            let killer = self.moves.is_killer(m, ply);
            let late = quiet && (futile || quiets_tried >= quiet_limit);
            // Near the horizon a move that loses material in the exchange on its square is
            // not tried (a quiet move by more the deeper, a capture by a pawn a ply).
            let exchange_loses = !late
                && calm
                && !in_check
                && depth <= SEE_PRUNE_DEPTH
                && searched > 0
                && m.promotion().is_none()
                && self.game.position().role_at(m.from) != Some(Role::King)
                && {
                    let limit = if quiet {
                        -SEE_QUIET * depth as i32 * depth as i32
                    } else {
                        -SEE_CAPTURE * depth as i32
                    };
                    static_exchange(self.game.position(), m) < limit
                };
            self.game.play_searched(m);
            let gives_check = self.game.moves().last().is_some_and(|p| p.gives_check);
            if searched > 0 && !gives_check && (late || exchange_loses) {
                self.game.undo();
                continue;
            }
            if quiet {
                quiets_tried += 1;
            }
            let score = if searched == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves: a shallower look first; a surprise earns the full depth.
                let reduce = if quiet && !in_check && !gives_check && depth >= 3 && searched >= 2 {
                    let r = self.reductions[depth.min(63) as usize][searched.min(63)] as i32
                        - principal as i32
                        - killer as i32
                        - improving as i32;
                    r.clamp(0, depth as i32 - 2) as u8
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
            searched += 1;
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
                    let side = self.game.turn().index();
                    self.moves.remember_cutoff(m, side, depth, ply);
                    for &failed in &failed_quiets {
                        self.moves.remember_failure(failed, side, depth);
                    }
                    if let Some(i) = reply_to {
                        self.replies[i] = Some(m);
                    }
                }
                break;
            }
            if quiet {
                let _ = failed_quiets.try_push(m);
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
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
    /// also "stand pat" on the evaluation. In check (where check restricts) every evasion is
    /// looked at instead, so a mate at the horizon is seen.
    fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.finished(ply) {
            return score;
        }
        if self.out_of_time() {
            return 0;
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            if let Some(outcome) = self.game.end_without_moves() {
                return outcome_score(self.game.rules(), &outcome, self.game.turn(), ply as u32);
            }
        }
        // What an earlier look found here, at any depth, decides as in the main search.
        let key = self.key();
        let remembered = self.table.get(key);
        if let Some(score) = remembered
            .filter(|e| e.score.abs() < DECIDED)
            .and_then(|e| e.cutoff(alpha, beta))
        {
            return score;
        }
        let in_check =
            self.game.rules().check_restricts() && self.game.position().in_check(self.game.turn());
        let evasions = in_check && !moves.is_empty() && ply < MAX_PLY - 1;
        let stand = if evasions {
            -WIN - 1
        } else {
            evaluate_with(&self.game, &mut self.pawns)
        };
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        let mut best = stand;
        let mut best_move = None;
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        if !evasions {
            moves.retain(|m| !self.is_quiet(*m));
        }
        self.rank(&moves, remembered.and_then(|e| e.best), None, ply);
        let pos = *self.game.position();
        for taken in 0..moves.len() {
            let Some(i) = pick(&mut self.ranks[ply], taken) else {
                break;
            };
            let m = moves[i];
            if !evasions && m.promotion().is_none() {
                // Even winning the victim outright cannot reach alpha.
                let gain = victim(&pos, m).map_or(0, exchange_value);
                if stand + gain + DELTA_MARGIN <= alpha && alpha.abs() < DECIDED {
                    continue;
                }
                if static_exchange(&pos, m) < 0 {
                    continue;
                }
            }
            self.game.play_searched(m);
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.table.put_shallow(Entry {
            key,
            depth: 0,
            score: best,
            bound,
            best: best_move,
        });
        best
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
                !self.game.position().occupied().contains(m.to)
            }
        }
    }

    /// The moves here, as [`Game::legal_moves`] gives them (the game is not over): straight
    /// from the position, unless the rules also bar moves that repeat a position.
    fn generate(&self, moves: &mut MoveList) {
        if self.game.rules().object == Object::StalemateWins {
            *moves = self.game.legal_moves();
        } else {
            self.game.position().generate(moves);
        }
    }

    /// Where the reply that refuted the opponent's last move is kept, if there was a move.
    fn reply_index(&self) -> Option<usize> {
        let last = self.game.moves().last()?.mv;
        Some(last.from.index() % 64 * 64 + last.to.index() % 64)
    }

    /// Best first (see [`MoveOrder`]): every capture counts, a king's too; a capture that
    /// loses material in the exchange waits behind the killers and with the quiet moves.
    fn order(
        &mut self,
        moves: &mut MoveList,
        remembered: Option<Move>,
        reply: Option<Move>,
        ply: usize,
    ) {
        self.rank(moves, remembered, reply, ply);
        sort_by_ranks(moves, &mut self.ranks[ply]);
    }

    /// Ranks `moves` into the ply's keys for [`pick`] to hand out in the order of
    /// [`Searcher::order`].
    fn rank(
        &mut self,
        moves: &MoveList,
        remembered: Option<Move>,
        reply: Option<Move>,
        ply: usize,
    ) {
        let pos = self.game.position();
        let side = pos.turn().index();
        let ranks = &mut self.ranks[ply];
        self.moves
            .rank(moves, ranks, remembered, reply, side, ply, |m| {
                let victim = victim(pos, m)?;
                let attacker = pos.role_at(m.from).unwrap_or(Role::Pawn);
                let losing = exchange_value(victim) < exchange_value(attacker)
                    && static_exchange(pos, m) < 0;
                (!losing).then_some((victim, attacker))
            });
    }

    /// The expected line, from the table's best moves (stops at a repeat or a missing entry).
    fn principal_variation(&mut self, longest: usize) -> Vec<Move> {
        let mut line = Vec::new();
        while line.len() < longest {
            let Some(m) = self.table.get(self.key()).and_then(|e| e.best) else {
                break;
            };
            if !self.game.legal_moves().contains(&m) {
                break;
            }
            self.game.play_searched(m);
            line.push(m);
        }
        for _ in &line {
            self.game.undo();
        }
        line
    }
}
