//! The keyboard: Escape closes whatever is on top, one thing per press; the arrow keys,
//! Home and End step through the game.

use crate::ui::game::state::GameState;
use crate::ui::game::{demo, lock, review};
use leptos::ev;
use leptos::prelude::*;

/// Closes the top-most thing: the PIN pad, a dialog, the promotion picker, a question waiting
/// for "Yes", the result screen, a drawing or demo mode, a selection.
fn escape(state: GameState) {
    if lock::escape() {
        return;
    }
    if state.dialog.get_untracked().is_some() {
        state.dialog.set(None);
    } else if state.promotion.get_untracked().is_some() {
        state.cancel_promotion();
    } else if state.confirm.get_untracked().is_some() {
        state.confirm.set(None);
    } else if state.session.with_untracked(|s| s.is_over()) && !state.result_closed.get_untracked()
    {
        state.set_result_closed(true);
    } else if state.demo.on.get_untracked() {
        demo::escape(state);
    } else {
        state.clear_hands();
    }
}

/// Listens to the keys for the app's life.
pub fn install(state: GameState) {
    let keys = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" {
            escape(state);
        } else {
            review::on_key(state, &e);
        }
    });
    on_cleanup(move || keys.remove());
}
