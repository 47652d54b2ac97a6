//! The rules core: pure Rust, no web imports, so it builds, tests and benchmarks natively.
//!
//! Layers, bottom up:
//! - [`bitboard`] a square set over any board size ([`Bits`]), [`geometry`] the board shape
//!   and its precomputed move tables, [`types`] sides, pieces, squares and moves;
//! - [`ruleset`] the typed description of a variant (the modes are values of it), [`options`]
//!   the catalog of custom-game options and their `key=value` words;
//! - [`zobrist`] the keys that make repetitions cheap to find;
//! - [`position`] one position and how a move changes it, [`movegen`] the moves allowed in it,
//!   [`perft`] move-tree counting;
//! - [`fen`], [`san`], [`pgn`] the text forms;
//! - [`game`] a whole game: history, every way it can end, claims, adjudication and scoring.
//! - [`explain`] which rules a game has, with their values and demonstration positions (the UI says them in words).
//! - [`family`] the four-player game (FAMILY.md) on the cross board: its own turn flow,
//!   legality, position text and records, over the same position and move generator.

pub mod bitboard;
pub mod clock;
pub mod custom;
pub mod explain;
pub mod family;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod options;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod ruleset;
pub mod san;
pub mod saved_name;
pub mod setup;
pub mod types;
pub mod zobrist;

pub use bitboard::Bits;
pub use game::{Action, EndReason, Game, GameError, Outcome, Status};
pub use geometry::Geometry;
pub use movegen::MoveList;
pub use options::{option_catalog, option_spec, OptionChoice, OptionSpec};
pub use position::Position;
pub use ruleset::{Mode, RuleSet};
pub use setup::validate_setup;
pub use types::{Move, MoveKind, Piece, Role, Side, Square};

/// The 8x8 position type every two-player mode uses.
pub type Position8 = Position<u64>;
