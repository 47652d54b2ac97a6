//! Move ordering shared by the two-player and the four-player searches: the remembered move
//! first, then captures by most valuable victim / least valuable attacker and promotions, then
//! killer moves and the reply that last refuted the opponent's move, then quiet moves by their
//! history of cut-offs. Each search says what a move captures (its own rules decide what
//! counts); the rest is here.

use crate::rules::movegen::{MoveList, MOVE_LIST_CAPACITY};
use crate::rules::types::{Move, MoveKind, Role};
use arrayvec::ArrayVec;

/// What the search learned about quiet moves: killers per ply and a history of cut-offs.
pub struct MoveOrder {
    /// Two per ply.
    killers: Vec<[Option<Move>; 2]>,
    /// By side to move, from and to square.
    history: Vec<i32>,
    squares: usize,
}

impl MoveOrder {
    /// For a search at most `plies` deep on a board of `squares` squares (as indexed), with
    /// `sides` players keeping histories of their own.
    pub fn new(plies: usize, squares: usize, sides: usize) -> MoveOrder {
        MoveOrder {
            killers: vec![[None; 2]; plies],
            history: vec![0; sides.max(1) * squares * squares],
            squares,
        }
    }

    fn history_index(&self, m: Move, side: usize) -> usize {
        (side * self.squares + m.from.index()) * self.squares + m.to.index()
    }

    /// Moves `side`'s history of `m` by `bonus`, less the nearer it is to the limit, so
    /// recent results weigh more than old ones and no score runs away.
    fn update_history(&mut self, m: Move, side: usize, bonus: i32) {
        let i = self.history_index(m, side);
        if let Some(h) = self.history.get_mut(i) {
            *h += bonus - *h * bonus.abs() / HISTORY_LIMIT;
        }
    }

    /// A quiet move of `side` cut the search off at `ply`.
    pub fn remember_cutoff(&mut self, m: Move, side: usize, depth: u8, ply: usize) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(m) {
                killers[1] = killers[0];
                killers[0] = Some(m);
            }
        }
        self.update_history(m, side, history_bonus(depth));
    }

    /// A quiet move was tried before the one that cut off, and did not: it is tried later
    /// next time.
    pub fn remember_failure(&mut self, m: Move, side: usize, depth: u8) {
        self.update_history(m, side, -history_bonus(depth));
    }

    /// The history score of `side`'s quiet move: above 0 when it has cut off more than
    /// failed.
    pub fn history(&self, m: Move, side: usize) -> i32 {
        self.history
            .get(self.history_index(m, side))
            .copied()
            .unwrap_or(0)
    }

    /// Whether `m` is one of the killer moves remembered at `ply`.
    pub fn is_killer(&self, m: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(m)))
    }

    /// Sorts `moves` best first; `captures(m)` is the (victim, attacker) of a capture that
    /// counts, by the search's own rules.
    pub fn order(
        &self,
        moves: &mut MoveList,
        remembered: Option<Move>,
        ply: usize,
        captures: impl Fn(Move) -> Option<(Role, Role)>,
    ) {
        let mut ranks = Ranks::new();
        self.rank(moves, &mut ranks, remembered, None, 0, ply, captures);
        sort_by_ranks(moves, &mut ranks);
    }

    /// Fills `ranks` with a key per move of `moves`, best first: [`pick`] hands them out one
    /// at a time (after an early cut-off the rest are never sorted), [`sort_by_ranks`] all at
    /// once. `side` is the side to move and `reply` the move that last refuted the opponent's
    /// move, tried right after the killers.
    #[allow(clippy::too_many_arguments)]
    pub fn rank(
        &self,
        moves: &MoveList,
        ranks: &mut Ranks,
        remembered: Option<Move>,
        reply: Option<Move>,
        side: usize,
        ply: usize,
        captures: impl Fn(Move) -> Option<(Role, Role)>,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let rank = |m: &Move| -> i32 {
            if Some(*m) == remembered {
                return i32::MAX;
            }
            let promotion = match m.kind {
                MoveKind::Promotion(role) => weight(role) * 10,
                _ => 0,
            };
            if let Some((victim, attacker)) = captures(*m) {
                return 1_000_000 + weight(victim) * 100 - weight(attacker) + promotion;
            }
            if promotion > 0 {
                return 900_000 + promotion;
            }
            if killers[0] == Some(*m) {
                return 800_000;
            }
            if killers[1] == Some(*m) {
                return 799_999;
            }
            if reply == Some(*m) {
                return 799_998;
            }
            self.history(*m, side)
        };
        // Higher ranks first, equal ranks in the generator's order: the smallest key first,
        // with the rank flipped into the high half and the index in the low. All keys differ.
        ranks.clear();
        ranks.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, m)| (!(rank(m) as u32 ^ 0x8000_0000) as u64) << 32 | i as u64),
        );
    }
}

/// Keys of moves to be tried, filled by [`MoveOrder::rank`].
pub type Ranks = ArrayVec<u64, MOVE_LIST_CAPACITY>;

/// Puts `moves` in the order of their `ranks` (filled by [`MoveOrder::rank`] for them).
pub fn sort_by_ranks(moves: &mut MoveList, ranks: &mut Ranks) {
    ranks.sort_unstable();
    let unsorted = moves.clone();
    for (slot, &key) in moves.iter_mut().zip(ranks.iter()) {
        *slot = unsorted[key as u32 as usize];
    }
}

/// The index (into the ranked moves) of the best move not yet handed out, `taken` having been
/// handed out already; `None` when none are left.
pub fn pick(ranks: &mut Ranks, taken: usize) -> Option<usize> {
    let rest = ranks.get(taken..)?;
    let mut at = 0;
    for (i, &key) in rest.iter().enumerate().skip(1) {
        if key < rest[at] {
            at = i;
        }
    }
    let best = *rest.get(at)?;
    ranks.swap(taken, taken + at);
    Some(best as u32 as usize)
}

/// History scores stay within this, below the killers' and captures' ranks.
const HISTORY_LIMIT: i32 = 16_384;

/// How much a cut-off (or a failure) at `depth` moves a history score.
fn history_bonus(depth: u8) -> i32 {
    (depth as i32 * depth as i32 * 4).min(1_600)
}

/// A piece's weight for ordering: its value, a king above everything (it can be captured in
/// the king-capture modes).
fn weight(role: Role) -> i32 {
    match role {
        Role::King => 100,
        other => other.value() as i32,
    }
}
