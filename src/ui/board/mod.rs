//! The board layer: one board for every geometry (the 8x8 board and the 160-square cross),
//! drawn in SVG by us — squares, coordinates, pieces, last move, check glow and rings,
//! move hints, attack hints, arrows and circles — turned to any side, with the one
//! release-move drag / tap state machine. It knows nothing of game modes: the game screen
//! gives it a [`Picture`] (shape, pieces, marks) and [`BoardHooks`] (what a press may lift,
//! what a release plays). Imported by the game screen and the screens above it; it imports
//! only the platform layer below.
//!
//! - [`shape`] squares on screen and coordinates for any turn, pure;
//! - [`layers`] the squares and the coordinates as markup, with the squares' marks, pure;
//! - [`gesture`] the release-move state machine, pure;
//! - [`focus`] the keyboard's focus moving over the board as drawn, pure;
//! - [`marks`] drawings and "Show moves", pure;
//! - [`overlays`] the glows, hints, focus ring and drawings as markup, pure;
//! - [`piece_layer`] the pieces standing on the board as markup, pure;
//! - [`number`] numbers for SVG and CSS without the float formatter, pure;
//! - [`armies`] the armies and their piece symbols as markup, from [`piece_art`], pure;
//! - [`pieces`] the piece symbols and pictures in the page;
//! - [`kept`] values kept for the life of a view, of every type behind one;
//! - [`tracked`] the values the screen follows, the board's and the game's;
//! - [`reactive`] effects and memos, with less code than Leptos makes for each;
//! - [`keyboard`] the board's keys: the focus ring, and Enter or Space as a tap;
//! - [`view`] the board component.
//!
//! The pure parts (shape, layers, overlays, piece layer, gesture, focus, marks, number,
//! armies, piece art) build natively too and are tested there.

pub mod armies;
pub mod focus;
pub mod gesture;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod kept;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod keyboard;
pub mod layers;
pub mod marks;
pub mod number;
pub mod overlays;
pub mod piece_art;
pub mod piece_layer;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod pieces;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod reactive;
pub mod shape;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod tracked;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub mod view;

pub use armies::Armies;
pub use gesture::{Drag, Grab, DRAG_SLOP};
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub use kept::Kept;
pub use marks::{Overlay, Pen};
pub use piece_layer::BoardPiece;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub use pieces::PieceDefs;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub use reactive::{memo, watch};
pub use shape::Shape;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub use tracked::Tracked;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub use view::{Board, BoardHooks, Picture};
