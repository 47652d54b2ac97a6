//! The computer opponent for Fun Family Chess (FAMILY.md): two to four seats on the cross
//! board, searched over the family rules core's own moves and turn flow — no second set of
//! rules. Passes, skipped Away seats, mates, eliminations and endings come from the core's
//! [`FamilyState`](crate::rules::family::FamilyState), scores from its outcomes.
//!
//! - [`eval`] our side (the seat to move and its partners) against the opponents still
//!   playing: material, placement on the cross board, a little king safety; a finished game
//!   by its points.
//! - [`history`] the positions the game has stood in, for repetitions (§5.6).
//! - [`play`] one move with the "Check!" call the rules want (§4.3).
//! - [`order`] which moves to try first.
//! - [`search`] paranoid alpha-beta: our seats maximise, every other seat minimises.
//! - [`root`] iterative deepening for the best move, and every move scored for the levels.
//! - [`level`] levels 1–8 by the two-player levels' idea, seeded.

pub mod eval;
pub mod history;
pub mod level;
pub mod order;
pub mod play;
pub mod root;
pub mod search;

pub use level::{family_choose, FamilyChoice, FAMILY_LEVELS};
pub use root::{family_rank, family_search, FamilySearchResult};
