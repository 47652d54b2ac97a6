//! Demo (projector) mode, for both kinds of game: entering and leaving it (with fullscreen),
//! and the board's presses while it is on. The board passes it
//! presses first ([`offer_down`] & co.): a second button (mouse right button, pen barrel
//! button) or the Draw tool draws instead of moving pieces, and "Show moves" taps show a
//! piece's squares instead of moving it. Its tool column is a screen of its own, which puts
//! the handling of those presses in place ([`install_input`]) the first time it is shown, so
//! the first load holds only the question whether demo mode is on.

pub mod mode;

use super::review;
use super::state::GameState;
use crate::rules::types::Square;
use crate::text::msg;
use crate::ui::board::marks::{Drawing, Overlay};
use crate::ui::board::overlays;
use crate::ui::platform::fullscreen;
use mode::Demo;
use std::sync::OnceLock;
use web_sys::PointerEvent;

pub fn enter(state: GameState) {
    let d = state.demo;
    d.on.set(true);
    state.clear_hands();
    if fullscreen::enter() {
        d.fullscreen.set_value(true);
    }
    state.say(msg::game_demo_entered().into());
}

pub fn exit(state: GameState) {
    let d = state.demo;
    if !d.on.get_untracked() {
        return;
    }
    d.on.set(false);
    d.draw_tool.set(false);
    d.drawing.set(None);
    d.show_moves.set(false);
    d.shown.set(None);
    d.rules_open.set(false);
    // Variations and demonstrations belong to demo mode: back to the game.
    state.review.line.set(None);
    review::back_to_game(state);
    if d.fullscreen.get_value() {
        d.fullscreen.set_value(false);
        fullscreen::exit();
    }
}

/// Escape leaves demo mode (a drawing in progress is dropped first). In fullscreen the
/// browser's own Escape ends fullscreen, and [`watch_fullscreen`] leaves demo mode with it.
pub fn escape(state: GameState) {
    if state.demo.drawing.get_untracked().is_some() {
        state.demo.drawing.set(None);
    } else {
        exit(state);
    }
}

/// Leaving the browser's fullscreen (its own Escape, which pages do not see) leaves demo mode.
pub fn watch_fullscreen(state: GameState) {
    fullscreen::on_leave(move || {
        if state.demo.fullscreen.get_value() {
            state.demo.fullscreen.set_value(false);
            exit(state);
        }
    });
}

/// A handler of a press on the board (down, move, up): true when demo mode took it.
type Press = fn(GameState, &PointerEvent, Option<Square>) -> bool;

/// Demo mode's handling of the board's presses and what it draws over the board, once its
/// tool column has been shown.
struct Input {
    down: Press,
    moved: Press,
    up: Press,
    drawn: fn(GameState) -> Overlay,
}

static INPUT: OnceLock<Input> = OnceLock::new();

/// Puts demo mode's handling of the board's presses, and its drawing over the board, in
/// place (its tool column does, on show).
pub fn install_input() {
    overlays::install_drawings();
    INPUT.get_or_init(|| Input {
        down: pointer_down,
        moved: pointer_move,
        up: pointer_up,
        drawn,
    });
}

/// The board's presses, offered to demo mode first: true when it took them. Before demo
/// mode's tool column has come (it comes with demo mode), the board keeps them.
pub fn offer_down(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    INPUT.get().is_some_and(|input| (input.down)(state, ev, sq))
}

pub fn offer_move(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    INPUT
        .get()
        .is_some_and(|input| (input.moved)(state, ev, sq))
}

pub fn offer_up(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    INPUT.get().is_some_and(|input| (input.up)(state, ev, sq))
}

/// Whether this press draws: mouse right button, pen barrel button, or the Draw tool.
fn draws(d: Demo, ev: &PointerEvent) -> bool {
    let kind = ev.pointer_type();
    (kind == "mouse" && ev.button() == 2)
        || (kind == "pen" && (ev.button() == 2 || ev.buttons() & 2 != 0))
        || (d.draw_tool.get_untracked() && ev.button() == 0)
}

/// First look at a press on the board. True: demo mode took it (the board moves nothing).
fn pointer_down(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    if !d.on.get_untracked() {
        return false;
    }
    if draws(d, ev) {
        ev.prevent_default();
        d.drawing.set(sq.map(|from| Drawing {
            pointer: ev.pointer_id(),
            from,
            to: Some(from),
        }));
        return true;
    }
    if d.show_moves.get_untracked() && ev.button() == 0 {
        ev.prevent_default();
        let has_piece = sq.is_some_and(|s| state.with_board_untracked(|b| b.piece_at(s).is_some()));
        let again = d.shown.get_untracked() == sq;
        d.shown.set(if has_piece && !again { sq } else { None });
        return true;
    }
    false
}

fn pointer_move(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    let Some(dr) = d.drawing.get_untracked() else {
        return false;
    };
    if dr.pointer != ev.pointer_id() {
        return false;
    }
    ev.prevent_default();
    if dr.to != sq {
        d.drawing.set(Some(Drawing { to: sq, ..dr }));
    }
    true
}

/// The release: finishes a drawing (same square: a circle; another: an arrow; drawing the
/// same again removes it). True when demo mode took the pointer.
fn pointer_up(state: GameState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    if !d.on.get_untracked() {
        return false;
    }
    let Some(dr) = d
        .drawing
        .get_untracked()
        .filter(|dr| dr.pointer == ev.pointer_id())
    else {
        // A press that demo mode took (show moves, a draw press off the board) ends here too.
        return d.show_moves.get_untracked() || draws(d, ev);
    };
    d.drawing.set(None);
    let Some(mark) = Drawing { to: sq, ..dr }.finish(d.pen.get_untracked()) else {
        return true;
    };
    let key = state.with_board_untracked(|b| b.position_key());
    d.marks.update(|all| all.toggle(key, mark));
    true
}

pub fn cancel(state: GameState, id: i32) {
    if state
        .demo
        .drawing
        .get_untracked()
        .is_some_and(|d| d.pointer == id)
    {
        state.demo.drawing.set(None);
    }
}

/// What demo mode draws over the pieces now (nothing outside demo mode). What it has to
/// draw is only made by presses it took, so nothing is lost before its tool column has come.
pub fn overlay(state: GameState) -> Overlay {
    let d = state.demo;
    if !d.on.get() {
        return Overlay::default();
    }
    // Followed here, so that the first change after the tool column has come draws.
    d.marks.track();
    d.drawing.track();
    d.shown.track();
    d.pen.track();
    INPUT
        .get()
        .map_or_else(Overlay::default, |input| (input.drawn)(state))
}

/// The drawings of the position on the board, the one under way and the squares shown.
fn drawn(state: GameState) -> Overlay {
    let d = state.demo;
    let key = state.with_board(|b| b.position_key());
    let shown = d
        .shown
        .get()
        .and_then(|from| state.with_board(|b| b.piece_moves(from)))
        .map(|m| m.shown);
    Overlay {
        marks: d.marks.with(|m| m.on(&key).to_vec()),
        drawing: d.drawing.get().map(|dr| (dr, d.pen.get())),
        shown,
    }
}
