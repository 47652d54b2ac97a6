//! The editor's board: the one shared board component, told that here any piece may be
//! lifted and put on any square, a piece dragged off the board is taken off, and a tap with a
//! palette brush paints the square.

use super::work::{Editing, EDITOR_BOARD};
use crate::rules::types::Square;
use crate::text::msg;
use crate::ui::board::keyboard::KeyHooks;
use crate::ui::board::memo;
use crate::ui::board::view::square_under;
use crate::ui::board::{
    Armies, Board, BoardHooks, BoardPiece, Drag, Grab, Overlay, Picture, Shape, Tracked,
};
use leptos::prelude::*;

#[derive(Clone, Copy)]
struct Hooks {
    ed: Editing,
}

/// The keyboard as on any board: squares named by their coordinates.
impl KeyHooks for Hooks {}

impl BoardHooks for Hooks {
    fn drag(self) -> Tracked<Option<Drag>> {
        self.ed.drag
    }
    /// Nothing changes the position underneath a press but the press itself.
    fn epoch(self) -> u32 {
        0
    }
    fn locked(self) -> bool {
        false
    }
    /// A finger carrying a palette piece owns the board.
    fn busy_elsewhere(self, id: i32) -> bool {
        self.ed
            .press
            .get_untracked()
            .is_some_and(|p| p.pointer != id)
    }
    /// With a brush every tap paints; without, any piece may be lifted.
    fn grab(self, sq: Square) -> Grab {
        let brush = self.ed.brush.get_untracked().is_some();
        if !brush && self.ed.setup.with_untracked(|s| s.piece_at(sq).is_some()) {
            Grab::Lift
        } else {
            Grab::Nothing
        }
    }
    fn selected(self) -> Option<Square> {
        self.ed.selected.get_untracked()
    }
    fn select(self, sq: Square) {
        self.ed.selected.set(Some(sq));
    }
    fn clear(self) {
        self.ed.selected.set(None);
    }
    fn sound_on(self) -> bool {
        false
    }
    /// Any square: a piece put on another takes its place.
    fn try_move(self, from: Square, to: Square) -> bool {
        self.ed.selected.set(None);
        self.ed.edit(|s| s.move_piece(from, to));
        true
    }
    fn try_place(self, to: Square) -> Option<bool> {
        let brush = self.ed.brush.get_untracked()?;
        self.ed.paint(brush, to);
        Some(true)
    }
    fn takes_tap(self, _sq: Square) -> bool {
        self.ed.brush.get_untracked().is_some() || self.ed.selected.get_untracked().is_some()
    }
    fn dropped_off(self, from: Square) -> bool {
        self.ed.edit(|s| s.set(from, None));
        true
    }
}

fn picture(ed: Editing) -> Picture {
    let armies = Armies::Two;
    let pieces = ed.setup.with(|s| {
        Shape::standard()
            .cells
            .iter()
            .filter_map(|c| {
                let p = s.piece_at(c.square)?;
                Some(BoardPiece::plain(
                    c.square,
                    armies.code(p),
                    armies.symbol(p),
                ))
            })
            .collect()
    });
    // A piece carried from the palette: the square it would land on.
    let target = ed
        .press
        .get()
        .filter(|p| p.moved)
        .and_then(|p| square_under(EDITOR_BOARD, Shape::standard(), 0, p.at.0, p.at.1));
    Picture {
        rotation: 0,
        pieces,
        last: None,
        in_check: Vec::new(),
        attack_hints: Vec::new(),
        far_labels: false,
        orientation: Some("white"),
        target,
    }
}

#[component]
pub fn EditorBoard(ed: Editing) -> impl IntoView {
    view! {
        <Board
            shape=Shape::standard()
            picture=memo(move || picture(ed))
            selected=Signal::derive(move || ed.selected.get())
            hints=memo(Vec::new)
            overlay=memo(Overlay::default)
            label=msg::editor_board()
            variant="editor"
            testid=EDITOR_BOARD
            hooks=Hooks { ed }
        />
    }
}
