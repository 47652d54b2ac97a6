//! Classroom Chess: the rules core (pure Rust, no web imports) and, on wasm32, the web app.

pub mod rules;

#[cfg(target_arch = "wasm32")]
pub mod ui;
