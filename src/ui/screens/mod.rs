//! The screens layer, under the app shell: one folder or file per screen or dialog — new
//! game (with the Fun Family setup inside it), settings (and the teacher's), the custom rules
//! screen, the position editor, export and import, the result screen, "are you sure?", and
//! demo mode's tool column. [`Dialogs`] shows the one open. Imported by the app shell only;
//! it imports the game screen, the board and the platform below. A screen may use another
//! screen's parts (the new-game dialog offers the saved rule sets), never in a circle.

pub mod confirm;
pub mod demo;
pub mod editor;
pub mod game_over;
pub mod new_game;
pub mod rules;
pub mod settings;
pub mod transfer;

use crate::ui::game::state::{Dialog, GameState};
use leptos::prelude::*;

/// The dialog open, if any.
#[component]
pub fn Dialogs(state: GameState) -> impl IntoView {
    move || {
        state.dialog.get().map(|d| match d {
            Dialog::NewGame => view! { <new_game::NewGameDialog state /> }.into_any(),
            Dialog::Settings => view! { <settings::SettingsDialog state /> }.into_any(),
            Dialog::Export => view! { <transfer::ExportDialog state /> }.into_any(),
            Dialog::Import => view! { <transfer::ImportDialog state /> }.into_any(),
            Dialog::Editor => view! { <editor::PositionEditor state /> }.into_any(),
            Dialog::Confirm(confirm) => {
                view! { <confirm::ConfirmScreen state confirm /> }.into_any()
            }
            Dialog::Rules => view! { <rules::RulesDialog state /> }.into_any(),
        })
    }
}
