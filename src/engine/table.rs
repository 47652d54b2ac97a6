//! The transposition table: what an earlier search learned of a position (its score, how
//! deep, whether exact or a bound, and the best move), found by the position's key.

use crate::rules::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (the search failed high).
    Lower,
    /// The score is at most this (no move reached alpha).
    Upper,
}

impl Bound {
    /// What a search's `best` score says, given the window it searched (`alpha`, `beta`).
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub depth: u8,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<Move>,
}

impl Entry {
    /// The score, when this entry alone decides a search of the window `alpha`..`beta`.
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => Some(self.score),
            Bound::Lower if self.score >= beta => Some(self.score),
            Bound::Upper if self.score <= alpha => Some(self.score),
            _ => None,
        }
    }
}

/// A fixed number of slots, one entry each; a deeper or newer result replaces an older one.
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1);
        Table {
            slots: vec![None; count],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    /// As [`Table::put`], but only into a free slot or over another depth-0 entry, so the
    /// many quiescence results do not push out what the main search learned.
    pub fn put_shallow(&mut self, entry: Entry) {
        let i = self.slot(entry.key);
        if self.slots[i].is_none_or(|old| old.depth == 0) {
            self.slots[i] = Some(entry);
        }
    }

    pub fn put(&mut self, entry: Entry) {
        let i = self.slot(entry.key);
        let keep = self.slots[i].is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep {
            self.slots[i] = Some(entry);
        }
    }
}
