//! Classroom Chess: the rules core (pure Rust, no web imports), the computer opponent's
//! search over it, the tournament core, the saved forms, the message catalogue and, on wasm32,
//! the web app.

pub mod engine;
pub mod rules;
pub mod saved_rules;
pub mod saves;
pub mod small_sort;
pub mod teacher;
pub mod text;
pub mod tournament;

/// The web app; its pure parts (the board's geometry on screen, the release-move machine,
/// the drawings) also build natively, for their tests.
pub mod ui;
