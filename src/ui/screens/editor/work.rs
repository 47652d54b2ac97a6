//! The editor's working state: the position being set up, what it will be played as, and
//! what the hands hold (a palette brush, a selected piece, a drag on the board, a press on
//! the palette). Signals only, so it is `Copy` and every part of the editor shares it.

use super::play_as::PlayAs;
use crate::rules::ruleset::RuleSet;
use crate::rules::setup::Setup;
use crate::rules::types::{Piece, Square};
use crate::text::msg;
use crate::ui::board::memo;
use crate::ui::board::{Drag, Tracked};
use crate::ui::game::state::GameState;
use crate::ui::platform::clipboard::Copied;
use leptos::prelude::*;

/// The board's `data-testid` in the editor: how palette drags find it under a finger.
pub const EDITOR_BOARD: &str = "editor-board";

/// What a tap on a square does: put this piece there, or empty it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Brush {
    Piece(Piece),
    Eraser,
}

/// A finger, mouse or pen pressed on the palette (a piece or the eraser).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Press {
    pub brush: Brush,
    pub pointer: i32,
    pub touch: bool,
    pub start: (f64, f64),
    pub at: (f64, f64),
    /// Far enough from the start to be a drag, not a tap.
    pub moved: bool,
    /// One board square on screen (CSS pixels) when the press began: the ghost's size.
    pub square_px: f64,
}

/// Why the position was refused, shown until the next change. Kept as what happened, not as
/// words, so it is put in the current language where it is shown.
#[derive(Clone, PartialEq, Debug)]
pub enum Refusal {
    /// A typed FEN that did not read, with the rules core's reason.
    Fen(String),
    /// A position that cannot be played (the rules core's reason).
    Unplayable(String),
}

impl Refusal {
    pub fn text(&self) -> String {
        match self {
            Refusal::Fen(e) => msg::editor_fen_unreadable(e),
            Refusal::Unplayable(e) => e.clone(),
        }
    }
}

#[derive(Clone, Copy)]
pub struct Editing {
    pub setup: RwSignal<Setup>,
    pub mode: RwSignal<PlayAs>,
    /// The rules the position is judged under (those of `mode`).
    pub rules: Memo<RuleSet>,
    pub brush: RwSignal<Option<Brush>>,
    pub selected: RwSignal<Option<Square>>,
    /// A piece dragged on the board.
    pub drag: Tracked<Option<Drag>>,
    /// A piece or the eraser carried from the palette.
    pub press: RwSignal<Option<Press>>,
    pub error: RwSignal<Option<Refusal>>,
    /// The FEN box while something is typed in it (else it shows the position).
    pub draft: RwSignal<Option<String>>,
    /// How the last copy of the FEN went, until the position changes.
    pub copied: RwSignal<Option<Copied>>,
}

impl Editing {
    pub fn new(state: GameState, setup: Setup, mode: PlayAs) -> Editing {
        let mode = RwSignal::new(mode);
        Editing {
            setup: RwSignal::new(setup),
            mode,
            rules: memo(move || mode.with(|m| m.rules(state))),
            brush: RwSignal::new(None),
            selected: RwSignal::new(None),
            drag: Tracked::new(None),
            press: RwSignal::new(None),
            error: RwSignal::new(None),
            draft: RwSignal::new(None),
            copied: RwSignal::new(None),
        }
    }

    /// Changes the position: a refusal shown, a FEN being typed and "Copied!" are void.
    pub fn edit(self, f: impl FnOnce(&mut Setup)) {
        self.setup.update(f);
        self.error.set(None);
        self.draft.set(None);
        self.copied.set(None);
    }

    /// Replaces the whole position (clear, start, game position, a loaded FEN).
    pub fn replace(self, setup: Setup) {
        self.selected.set(None);
        self.edit(|s| *s = setup);
    }

    /// Picks up a palette brush, or puts it down when it is the one held.
    pub fn toggle_brush(self, b: Brush) {
        self.selected.set(None);
        self.brush
            .update(|held| *held = if *held == Some(b) { None } else { Some(b) });
    }

    /// The brush on `sq`: the piece (the same piece again takes it away), or empty.
    pub fn paint(self, brush: Brush, sq: Square) {
        let put = match brush {
            Brush::Piece(p) if self.setup.with_untracked(|s| s.piece_at(sq)) == Some(p) => None,
            Brush::Piece(p) => Some(p),
            Brush::Eraser => None,
        };
        self.edit(|s| s.set(sq, put));
    }
}
