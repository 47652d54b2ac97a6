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

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub depth: u8,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<Move>,
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
