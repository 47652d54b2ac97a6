//! The move box: a move typed and sent with Enter, for players who use a keyboard or a screen
//! reader rather than a finger. A refusal is said and shown under it; what was typed stays to
//! be corrected.

use crate::text::msg;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn MoveBox(state: GameState) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let send = move || match state.play_typed(&text.get_untracked()) {
        Ok(()) => {
            text.set(String::new());
            error.set(None);
        }
        Err(why) => {
            state.say(why.clone());
            error.set(Some(why));
        }
    };
    view! {
        <form class="move-box" on:submit=move |ev| {
            ev.prevent_default();
            send();
        }>
            <label>
                <span class="visually-hidden">{msg::game_move_box()}</span>
                <input
                    type="text"
                    data-testid="move-box"
                    autocomplete="off"
                    autocapitalize="off"
                    spellcheck="false"
                    enterkeyhint="send"
                    placeholder=msg::game_move_box_hint()
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        error.set(None);
                    }
                    on:keydown=|ev| ev.stop_propagation()
                />
            </label>
            {move || error.get().map(|e| view! { <p class="error" data-testid="move-box-error">{e}</p> })}
        </form>
    }
}
