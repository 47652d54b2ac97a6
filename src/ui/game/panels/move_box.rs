//! The move box: a move typed and sent with Enter, for players who use a keyboard or a screen
//! reader rather than a finger. "Type a move" opens it (its code is a part fetched then: most
//! players drag); a refusal is said and shown under it, and what was typed stays to be
//! corrected.

use crate::text::msg;
use crate::ui::board::watch;
use crate::ui::board::Tracked;
use crate::ui::game::part::{panel_part, Part};
use crate::ui::game::state::GameState;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

#[component]
pub fn MoveBox(state: GameState) -> impl IntoView {
    let open = Tracked::new(false);
    move || {
        if open.get() {
            panel_part(move_box(state)).into_any()
        } else {
            view! {
                <button class="small type-move" data-testid="type-move" on:click=move |_| open.set(true)>
                    {msg::game_move_box()}
                </button>
            }
            .into_any()
        }
    }
}

#[wasm_split(typed, wasm_split_path = leptos::wasm_split, fallible)]
fn move_box(state: GameState) -> Part {
    Ok(move_form(state).into_any())
}

fn move_form(state: GameState) -> impl IntoView {
    let text = Tracked::new(String::new());
    let error = Tracked::new(None::<String>);
    let input = NodeRef::<leptos::html::Input>::new();
    // Opened by a key or a tap: the typing starts at once.
    watch(move || {
        if let Some(el) = input.get() {
            let _ = el.focus();
        }
    });
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
                    node_ref=input
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
