//! Demo mode's own state: whether it is on, the pen and the drawings of each position, the
//! drawing under way, "Show moves" and the rules panel. The game state holds one [`Demo`];
//! what demo mode does is [`super`]'s.

use crate::rules::types::Square;
use crate::ui::board::marks::{Drawing, Drawings, Pen};
use crate::ui::board::{Kept, Tracked};

#[derive(Clone, Copy)]
pub struct Demo {
    pub on: Tracked<bool>,
    /// Touch: fingers draw instead of moving pieces.
    pub draw_tool: Tracked<bool>,
    pub pen: Tracked<Pen>,
    /// Drawings per position on screen (its key, see `Session::position_key`), so stepping
    /// back and forth shows each position's own drawings and a new move starts clean.
    pub marks: Tracked<Drawings>,
    pub drawing: Tracked<Option<Drawing>>,
    /// Taps show a piece's moves instead of moving it.
    pub show_moves: Tracked<bool>,
    /// The piece whose moves are shown.
    pub shown: Tracked<Option<Square>>,
    pub rules_open: Tracked<bool>,
    /// We asked the browser for fullscreen (and so leave it on exit).
    pub fullscreen: Kept<bool>,
}

impl Demo {
    pub fn new() -> Demo {
        Demo {
            on: Tracked::new(false),
            draw_tool: Tracked::new(false),
            pen: Tracked::new(Pen::Green),
            marks: Tracked::new(Drawings::default()),
            drawing: Tracked::new(None),
            show_moves: Tracked::new(false),
            shown: Tracked::new(None),
            rules_open: Tracked::new(false),
            fullscreen: Kept::new(false),
        }
    }
}

impl Default for Demo {
    fn default() -> Self {
        Demo::new()
    }
}
