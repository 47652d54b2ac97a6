//! The modal frame every dialog shares: backdrop, title, a visible close button. Escape is
//! handled once, in the app shell. The backdrop does not close on tap, so a stray touch never
//! throws away what was typed.

use super::state::GameState;
use crate::text::msg;
use crate::ui::board::watch;
use crate::ui::platform::focus;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

#[component]
pub fn Modal(
    state: GameState,
    title: &'static str,
    testid: &'static str,
    /// What "close" means; by default it closes the open dialog.
    #[prop(optional)]
    on_close: Option<Callback<()>>,
    children: Children,
) -> impl IntoView {
    let close_now = move || close(state, on_close);
    let node = NodeRef::<leptos::html::Div>::new();
    hold_focus(node);
    view! {
        <div class="backdrop">
            <div
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-label=title
                data-testid=testid
                tabindex="-1"
                node_ref=node
                on:keydown=move |ev| keep_tab_inside(node, &ev)
            >
                <header class="dialog-head">
                    <h2>{title}</h2>
                    <button
                        class="close"
                        data-testid="close-dialog"
                        aria-label=msg::close()
                        title=msg::close()
                        on:click=move |_| close_now()
                    >
                        "✕"
                    </button>
                </header>
                <div class="dialog-body">{children()}</div>
            </div>
        </div>
    }
}

/// Closes a dialog as its `on_close` says; by default, closes the open dialog.
pub fn close(state: GameState, on_close: Option<Callback<()>>) {
    match on_close {
        Some(cb) => cb.run(()),
        None => state.dialog.set(None),
    }
}

/// Moves focus into the dialog `node` once it is drawn, so keyboard and screen-reader users
/// land in it, and gives it back to where it was when the dialog closes.
pub fn hold_focus(node: NodeRef<leptos::html::Div>) {
    let ticket = focus::remember();
    watch(move || {
        if let Some(el) = node.get() {
            let _ = el.focus();
        }
    });
    on_cleanup(move || focus::give_back(ticket));
}

/// Tab and Shift+Tab go round the controls of the dialog `node`, never to the page behind.
pub fn keep_tab_inside(node: NodeRef<leptos::html::Div>, ev: &KeyboardEvent) {
    if let Some(el) = node.get_untracked() {
        focus::keep_tab_inside(&el, ev);
    }
}

/// "Are you sure?" for stopping the game and resigning.
#[component]
pub fn ConfirmDialog(
    state: GameState,
    title: &'static str,
    message: String,
    yes: &'static str,
    on_yes: Callback<()>,
) -> impl IntoView {
    view! {
        <Modal state title testid="confirm-dialog">
            <p class="confirm-text">{message}</p>
            <div class="dialog-buttons">
                <button data-testid="confirm-no" on:click=move |_| state.dialog.set(None)>
                    {msg::game_confirm_no()}
                </button>
                <button
                    class="primary"
                    data-testid="confirm-yes"
                    on:click=move |_| {
                        state.dialog.set(None);
                        on_yes.run(());
                    }
                >
                    {yes}
                </button>
            </div>
        </Modal>
    }
}
