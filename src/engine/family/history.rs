//! The positions the game has already stood in, so the search sees a repetition the way the
//! rules do (FAMILY.md §5.6): the third time a position stands, anyone may claim a draw.
//! The game keeps its earlier states to itself, so they are found by replaying its saved
//! record with the core's own replay.

use crate::rules::family::{FamilyGame, SEATS};
use std::collections::HashMap;

/// How often each position (by the core's repetition key) has stood in `game`, the current
/// one included.
pub fn positions_seen(game: &FamilyGame) -> HashMap<u64, u8> {
    let mut seen = HashMap::new();
    let mut count = |key: u64| {
        let n: &mut u8 = seen.entry(key).or_default();
        *n = n.saturating_add(1);
    };
    let record = game.to_record();
    let replayed = FamilyGame::from_text(&record.start).is_ok_and(|mut replay| {
        for (seat, info) in SEATS.into_iter().zip(record.players) {
            replay.set_player(seat, info);
        }
        count(replay.state().repetition_hash());
        record.actions.iter().all(|action| {
            let before = replay.undo_depth();
            let ok = replay.apply_action(action).is_ok();
            // Alliances and toggle changes leave the position where it stood.
            if ok && replay.undo_depth() > before {
                count(replay.state().repetition_hash());
            }
            ok
        })
    });
    if !replayed {
        seen.clear();
        seen.insert(game.state().repetition_hash(), 1);
    }
    seen
}
