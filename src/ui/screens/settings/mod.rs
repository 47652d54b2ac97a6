//! The Settings dialog: board orientation, sound, speech, hints (Fun Family Chess: its own
//! board turning and hints), then [`game_options`] and the [`teacher`]'s section.

pub mod game_options;
pub mod language;
pub mod teacher;

use crate::saves::settings::{Orientation, Settings};
use crate::text::msg;
use crate::ui::game::modal::Modal;
use crate::ui::game::panels::family::controls::FamilySettings;
use crate::ui::game::state::GameState;
use crate::ui::platform::sound;
use game_options::GameOptionsSection;
use language::LanguageChoice;
use leptos::prelude::*;
use teacher::TeacherSection;

#[component]
pub fn SettingsDialog(state: GameState) -> impl IntoView {
    let s = state.settings;
    let change = move |f: &dyn Fn(&mut Settings)| state.update_settings(|s| f(s));
    let orientations = [
        (Orientation::Fixed, msg::dialog_orientation_fixed()),
        (Orientation::Flip, msg::dialog_orientation_flip()),
        (
            Orientation::FaceToFace,
            msg::dialog_orientation_face_to_face(),
        ),
    ];
    // Fun Family Chess has its own board turning and hints.
    let two_player = !state.is_family_untracked();
    view! {
        <Modal state title=msg::settings() testid="settings-dialog">
            <LanguageChoice state />
            {(!two_player).then(|| view! { <FamilySettings state /> })}
            <Show when=move || two_player>
            <label class="field">
                <span>{msg::dialog_board()}</span>
                <select
                    data-testid="orientation"
                    on:change=move |ev| {
                        let o = Orientation::parse(&event_target_value(&ev)).unwrap_or_default();
                        change(&|s| s.orientation = o);
                    }
                >
                    {orientations
                        .into_iter()
                        .map(|(o, text)| {
                            view! {
                                <option value=o.key() selected=move || s.with(|s| s.orientation == o)>
                                    {text}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            </Show>
            <SettingCheck state testid="sound" text=msg::dialog_sound()
                get=|s| s.sound
                set=|s, on| {
                    // Audio may start only in a gesture: this one.
                    if on {
                        sound::unlock();
                    }
                    s.sound = on;
                } />
            <SettingCheck state testid="speech" text=msg::dialog_speech()
                get=|s| s.speech set=|s, on| s.speech = on />
            <Show when=move || two_player>
                <SettingCheck state testid="hints" text=msg::dialog_hints()
                    get=|s| s.hints set=|s, on| s.hints = on />
            </Show>
            <SettingCheck state testid="figurines" text=msg::dialog_figurines()
                get=|s| s.figurines set=|s, on| s.figurines = on />
            <GameOptionsSection state />
            <TeacherSection />
            <div class="dialog-buttons">
                <button class="primary" on:click=move |_| state.dialog.set(None)>
                    {msg::done()}
                </button>
            </div>
        </Modal>
    }
}

/// One on/off setting: a check box with its words, saved as soon as it changes.
#[component]
fn SettingCheck(
    state: GameState,
    testid: &'static str,
    text: &'static str,
    get: fn(&Settings) -> bool,
    set: fn(&mut Settings, bool),
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || state.settings.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.update_settings(|s| set(s, on));
                }
            />
            <span>{text}</span>
        </label>
    }
}
