//! Demo mode's own state: whether it is on, the pen and the drawings of each position, the
//! drawing under way, "Show moves" and the rules panel. The game state holds one [`Demo`];
//! what demo mode does is [`super`]'s.

use crate::rules::types::Square;
use crate::ui::board::marks::{Drawing, Mark, Pen};
use leptos::prelude::*;
use std::collections::HashMap;

#[derive(Clone, Copy)]
pub struct Demo {
    pub on: RwSignal<bool>,
    /// Touch: fingers draw instead of moving pieces.
    pub draw_tool: RwSignal<bool>,
    pub pen: RwSignal<Pen>,
    /// Drawings per position on screen (its key, see `Session::position_key`), so stepping
    /// back and forth shows each position's own drawings and a new move starts clean.
    pub marks: RwSignal<HashMap<String, Vec<Mark>>>,
    pub drawing: RwSignal<Option<Drawing>>,
    /// Taps show a piece's moves instead of moving it.
    pub show_moves: RwSignal<bool>,
    /// The piece whose moves are shown.
    pub shown: RwSignal<Option<Square>>,
    pub rules_open: RwSignal<bool>,
    /// We asked the browser for fullscreen (and so leave it on exit).
    pub fullscreen: StoredValue<bool>,
}

impl Demo {
    pub fn new() -> Demo {
        Demo {
            on: RwSignal::new(false),
            draw_tool: RwSignal::new(false),
            pen: RwSignal::new(Pen::Green),
            marks: RwSignal::new(HashMap::new()),
            drawing: RwSignal::new(None),
            show_moves: RwSignal::new(false),
            shown: RwSignal::new(None),
            rules_open: RwSignal::new(false),
            fullscreen: StoredValue::new(false),
        }
    }
}

impl Default for Demo {
    fn default() -> Self {
        Demo::new()
    }
}
