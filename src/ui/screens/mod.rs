//! The screens layer, under the app shell: one folder or file per screen or dialog — new
//! game (with the Fun Family setup inside it), settings (and the teacher's), the custom rules
//! screen, the position editor, export and import, the class tournament, the result screen,
//! "are you sure?", and demo mode's tool column. [`Dialogs`] shows the one open. Imported by the app shell only;
//! it imports the game screen, the board and the platform below. A screen may use another
//! screen's parts (the new-game dialog offers the saved rule sets), never in a circle.

pub mod confirm;
pub mod demo;
pub mod editor;
pub mod game_over;
pub mod new_game;
pub mod rules;
pub mod settings;
pub mod tournament;
pub mod transfer;

use crate::ui::game::part::{dialog_part, Part};
use crate::ui::game::saves_part;
use crate::ui::game::state::{Dialog, GameState};
use crate::ui::platform::styles;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use std::future::Future;
use std::pin::Pin;

/// Fetches the parts a child meets in every game (the dialogs and their styles, the result,
/// the promotion picker) before they are first needed, so the first "New game" opens at once.
/// Nothing is shown; a part that cannot be fetched now is fetched when it is shown, as without
/// this.
pub async fn fetch_ahead() {
    styles::screen_styles().await;
    let _ = dialogs_fetched().await;
    let _ = game_over::result_fetched().await;
    let _ = crate::ui::game::screen::promotion_fetched().await;
    let _ = saves_part::load().await;
}

#[wasm_split(dialogs, wasm_split_path = leptos::wasm_split, fallible)]
fn dialogs_fetched() -> Part {
    Ok(().into_any())
}

/// The dialog open, if any. The dialogs are not part of the first load: their code is fetched
/// the first time one opens (one part for all of them, split out by tools/app-build.mjs), and
/// a dialog waits for the screens' stylesheet too, which holds the dialogs' styles.
#[component]
pub fn Dialogs(state: GameState) -> impl IntoView {
    move || {
        state.dialog.get().map(|d| {
            let part: Pin<Box<dyn Future<Output = Part> + Send>> = match d {
                Dialog::Tournament => Box::pin(tournament_screen(state)),
                // The rules screen keeps rule sets: it needs to read the stored ones first.
                Dialog::Rules => Box::pin(async move {
                    saves_part::load().await;
                    dialog(state, d).await
                }),
                _ => Box::pin(dialog(state, d)),
            };
            dialog_part(state, None, part)
        })
    }
}

/// The dialog `which` (the Tournament screen comes in its own part).
#[wasm_split(dialogs, wasm_split_path = leptos::wasm_split, fallible)]
fn dialog(state: GameState, which: Dialog) -> Part {
    Ok(match which {
        Dialog::NewGame => view! { <new_game::NewGameDialog state /> }.into_any(),
        Dialog::Settings => view! { <settings::SettingsDialog state /> }.into_any(),
        Dialog::Export => view! { <transfer::ExportDialog state /> }.into_any(),
        Dialog::Import => view! { <transfer::ImportDialog state /> }.into_any(),
        Dialog::Editor => view! { <editor::PositionEditor state /> }.into_any(),
        Dialog::Rules => view! { <rules::RulesDialog state /> }.into_any(),
        Dialog::Confirm(confirm) => view! { <confirm::ConfirmScreen state confirm /> }.into_any(),
        // Never asked of this part: the Tournament screen is its own.
        Dialog::Tournament => ().into_any(),
    })
}

/// The Tournament screen has its own part: a class that never runs a tournament never loads it.
#[wasm_split(tournament, wasm_split_path = leptos::wasm_split, fallible)]
fn tournament_screen(state: GameState) -> Part {
    Ok(view! { <tournament::TournamentScreen state /> }.into_any())
}
