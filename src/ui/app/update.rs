//! The offer of a new version of the app (fetched in the background by the service worker),
//! made between games only — the game is over, or no move has been played yet — so a lesson
//! is never interrupted mid-game. "Later" hides it until the app starts again; the new
//! version also takes over by itself at the next start. The offer's view is a part: most
//! starts never show it.

use crate::text::msg;
use crate::ui::board::Tracked;
use crate::ui::game::part::{quiet_part, Part};
use crate::ui::game::state::GameState;
use crate::ui::platform::update;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

#[component]
pub fn UpdateOffer(state: GameState) -> impl IntoView {
    let ready = Tracked::new(false);
    let later = Tracked::new(false);
    update::on_ready(move || ready.set(true));
    let between_games = move || state.session.with(|s| s.is_over() || s.history_len() == 0);
    move || (ready.get() && !later.get() && between_games()).then(|| quiet_part(offer(later)))
}

#[wasm_split(update_offer, wasm_split_path = leptos::wasm_split, fallible)]
fn offer(later: Tracked<bool>) -> Part {
    Ok(view! {
        <div class="notice update-offer" data-testid="update-ready" role="status">
            <span>{msg::app_update_ready()}</span>
            <button class="small primary" data-testid="update-reload" on:click=move |_| update::take()>
                {msg::app_update_reload()}
            </button>
            <button class="small" data-testid="update-later" on:click=move |_| later.set(true)>
                {msg::app_update_later()}
            </button>
        </div>
    }
    .into_any())
}
