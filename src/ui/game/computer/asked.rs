//! What the game state keeps of the engine's work: the question under way and the good move
//! shown on the board.

use crate::engine::request::Purpose;
use crate::rules::types::Square;

/// A question to the engine under way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Asked {
    pub id: u32,
    pub purpose: Purpose,
    /// The live game's length when asked: an answer for another position is dropped.
    pub plies: usize,
}

/// A good move shown on the board (a hint, the best move), for one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Shown {
    pub key: String,
    pub from: Square,
    pub to: Square,
    /// A placement from the reserve: a circle on its square, not an arrow.
    pub drop: bool,
    pub words: String,
}
