//! Helpers for the family (four-player) tests.

use classroom_chess::rules::family::notation::machine;
use classroom_chess::rules::family::FamilyGame;

/// The four kings of every FAMILY.md §9 position.
pub const KINGS: &str = "rKh1 bKa7 yKg14 gKn8";

/// A game from a §9 position: the four kings plus `rest` (pieces and fields).
pub fn game(rest: &str) -> FamilyGame {
    let text = format!("{KINGS} {rest}");
    FamilyGame::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// As [`game`], with supervisor toggles (`key=value` words).
pub fn with_options(rest: &str, options: &str) -> FamilyGame {
    let text = format!("{KINGS} {rest}");
    FamilyGame::setup(Some(&text), options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in machine form, sorted.
pub fn legal(g: &FamilyGame) -> Vec<String> {
    let pos = g.state().position();
    let mut v: Vec<String> = g.legal_moves().iter().map(|&m| machine(pos, m)).collect();
    v.sort();
    v
}

pub fn has(g: &FamilyGame, mv: &str) -> bool {
    legal(g).iter().any(|m| m == mv)
}

/// Plays one move (record or machine form); returns the record lines it produced.
pub fn play(g: &mut FamilyGame, text: &str) -> Vec<String> {
    let before = g.text();
    match g.play_text(text) {
        Ok(events) => events.iter().filter_map(|e| e.text()).collect(),
        Err(e) => panic!("{text} refused in {before}: {e}\nlegal: {:?}", legal(g)),
    }
}
