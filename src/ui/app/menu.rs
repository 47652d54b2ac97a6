//! The menu at the top of the side panel (New game, Settings, Export, Import, Tournament, the
//! teacher's "Lock now") and the notice about the saved data under it, until dismissed.

use crate::text::msg;
use crate::ui::game::lock::{as_teacher, Guarded, LockNow};
use crate::ui::game::state::{Dialog, GameState};
use leptos::prelude::*;

#[component]
pub fn Menu(state: GameState) -> impl IntoView {
    let open = move |d: Dialog| move |_| state.dialog.set(Some(d));
    let notice = move || {
        state.notice.get().map(|text| {
            view! {
                <div class="notice" data-testid="storage-notice" role="alert">
                    <span>{text}</span>
                    <button class="small" data-testid="dismiss-notice" on:click=move |_| state.notice.set(None)>
                        {msg::ok()}
                    </button>
                </div>
            }
        })
    };
    view! {
        <nav class="toolbar" aria-label=msg::app_game_menu()>
            <button class="primary" data-testid="new-game" on:click=open(Dialog::NewGame)>
                {msg::new_game()}
            </button>
            <button data-testid="settings" on:click=open(Dialog::Settings)>
                {msg::settings()}
            </button>
            <button data-testid="export" on:click=open(Dialog::Export)>
                {msg::export()}
            </button>
            <button data-testid="import" on:click=open(Dialog::Import)>
                {msg::import()}
            </button>
            <button data-testid="tournament" on:click=move |_| {
                as_teacher(Guarded::Tournament, move || state.dialog.set(Some(Dialog::Tournament)))
            }>
                {msg::tournament()}
            </button>
        </nav>
        <LockNow />
        {notice}
    }
}
