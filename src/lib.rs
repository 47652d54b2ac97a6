//! Classroom Chess: the rules core (pure Rust, no web imports) and, on wasm32, the web app.

pub mod rules;
pub mod saved_rules;
pub mod saves;
pub mod teacher;
pub mod text;

#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod ui;
