//! The tournament core (pure Rust, no web imports): a class tournament scored by each game's
//! own table. [`berger`] pairs a round robin by the FIDE Berger tables, [`free`] pairs a
//! lesson's free players as they finish, [`result`] turns a game's ending (or a forfeit) into
//! points on the mode's scale, and [`standings`] ranks the players with the tie-breaks
//! scholastic events use, computed on that same scale. [`swiss`] pairs a Swiss tournament's
//! next round by the FIDE Dutch system.
//!
//! Points are counted in half points throughout, as [`crate::rules::ruleset::Scoring`] does,
//! so a ½ is exact.

pub mod berger;
pub mod csv;
pub mod event;
pub mod free;
pub mod json;
pub mod outcomes;
pub mod result;
pub mod standings;
pub mod swiss;
pub mod trf;
