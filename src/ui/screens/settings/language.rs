//! The language chooser: every language in its own name. Choosing one fetches its messages
//! first; only when they are in hand is it kept and the app restarted in it (the game in
//! progress is saved, so it comes back as it was). Behind the teacher's PIN when it is set.

use super::game_options::restore_select;
use crate::text::languages::{self, LANGUAGES};
use crate::text::msg;
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::state::GameState;
use crate::ui::platform::language;
use leptos::prelude::*;

#[component]
pub fn LanguageChoice(state: GameState) -> impl IntoView {
    let current = crate::text::language().code();
    let choose = move |code: String| {
        let Some(info) = languages::find(&code) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match language::load(info).await {
                Ok(()) if language::keep(info.code) => language::restart(),
                Ok(()) => state.show_message(msg::app_notice_settings_not_saved().into()),
                Err(_) => state.show_message(msg::dialog_language_not_loaded().into()),
            }
        });
    };
    view! {
        <label class="field">
            <span>{msg::dialog_language()}</span>
            <select
                data-testid="language"
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    restore_select(&ev, current);
                    as_teacher(Guarded::Language, move || choose(code));
                }
            >
                {LANGUAGES
                    .iter()
                    .map(|l| {
                        view! {
                            <option value=l.code lang=l.code selected=l.code == current>
                                {l.native_name}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
