//! The computer opponent's search, pure Rust over the rules core: it plays every two-player
//! mode by the rule set it is given — no second set of rules. Moves come from the core's move
//! generator, and every ending (king capture, checkmate, stalemate by the rule set, five
//! checks, impasse, Chess#'s stalemate claim and partial scores) comes from [`Game`] itself,
//! so the search never aims for an outcome the mode does not have.
//!
//! - [`eval`] scores a position for the player to move: material by the rules' values
//!   (reserve pieces included) and where the pieces stand; finished games by their points.
//!   [`weights`] holds every number it adds up, tuned by measurement.
//! - [`table`] the transposition table, keyed by the core's Zobrist keys; [`order`] move
//!   ordering (killers, history, captures first) for both searches.
//! - [`search`] iterative deepening alpha-beta (principal variation search) with quiescence,
//!   move ordering and limits by depth, nodes or a deadline the caller polls.
//! - [`see`] static exchange evaluation: what a capture wins once the exchange is over.
//! - [`request`] what the app's Web Worker is asked and answers (JSON), and a score in words.
//! - [`level`] the levels for children: a shallow look at every move, then a pick by a
//!   target loss drawn for the level — a beginner's mistakes, never a thrown-away piece.
//!
//! [`Game`]: crate::rules::Game

pub mod eval;
pub mod family;
pub mod level;
pub mod order;
pub mod request;
pub mod search;
pub mod see;
pub mod table;
pub mod weights;

pub use level::{choose, LevelChoice, LEVELS};
pub use search::{rank_choices, search, search_keeping, Choice, KeptTable, Limits, SearchResult};
