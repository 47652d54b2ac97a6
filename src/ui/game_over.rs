//! The result screen: who won and why in plain words, and the points under the mode's
//! scoring. "Look at the board" closes it and leaves the finished board visible.

use crate::rules::types::Side;
use crate::ui::dialog::Modal;
use crate::ui::state::{capitalise, AppState, Dialog};
use leptos::prelude::*;

#[component]
pub fn ResultModal(state: AppState) -> impl IntoView {
    move || {
        let o = state.game.with(|g| g.outcome())?;
        if state.result_closed.get() || state.dialog.with(|d| d.is_some()) {
            return None;
        }
        let look = Callback::new(move |_| state.set_result_closed(true));
        let points = format!(
            "Points: {} {}, {} {}",
            state.label(Side::WHITE),
            o.points_text(Side::WHITE),
            state.label(Side::BLACK),
            o.points_text(Side::BLACK)
        );
        let winner_class = match o.winner {
            Some(Side::WHITE) => "result-title white",
            Some(_) => "result-title black",
            None => "result-title draw",
        };
        Some(view! {
            <Modal state title="Game over" testid="result" on_close=look>
                <p class=winner_class>{state.winner_text(&o)}</p>
                <p class="result-reason">{format!("{}.", capitalise(o.reason.describe()))}</p>
                <p class="points" data-testid="points">{points}</p>
                <div class="dialog-buttons">
                    <button data-testid="look-at-board" on:click=move |_| look.run(())>
                        "Look at the board"
                    </button>
                    <button
                        class="primary"
                        data-testid="result-new-game"
                        on:click=move |_| state.dialog.set(Some(Dialog::NewGame))
                    >
                        "New game"
                    </button>
                </div>
            </Modal>
        })
    }
}
