//! The Settings dialog: board orientation, sound, speech, hints (Fun Family Chess: its own
//! board turning and hints), then [`game_options`] and the [`teacher`]'s section.

pub mod game_options;
pub mod teacher;

use crate::saves::settings::{Orientation, Settings};
use crate::ui::game::modal::Modal;
use crate::ui::game::panels::family::controls::FamilySettings;
use crate::ui::game::state::GameState;
use crate::ui::platform::sound;
use game_options::GameOptionsSection;
use leptos::prelude::*;
use teacher::TeacherSection;

#[component]
pub fn SettingsDialog(state: GameState) -> impl IntoView {
    let s = state.settings;
    let change = move |f: &dyn Fn(&mut Settings)| state.update_settings(|s| f(s));
    let orientations = [
        (Orientation::Fixed, "White at the bottom"),
        (Orientation::Flip, "Turn the board after each move"),
        (
            Orientation::FaceToFace,
            "Face to face (Black's pieces upside down)",
        ),
    ];
    // Fun Family Chess has its own board turning and hints.
    let two_player = !state.is_family_untracked();
    view! {
        <Modal state title="Settings" testid="settings-dialog">
            {(!two_player).then(|| view! { <FamilySettings state /> })}
            <Show when=move || two_player>
            <label class="field">
                <span>"Board"</span>
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
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="sound"
                    prop:checked=move || s.with(|s| s.sound)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        if on {
                            sound::unlock();
                        }
                        change(&|s| s.sound = on);
                    }
                />
                <span>"Sounds: check, game over, low time on the clock"</span>
            </label>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="speech"
                    prop:checked=move || s.with(|s| s.speech)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        change(&|s| s.speech = on);
                    }
                />
                <span>"Say \"Check!\" out loud"</span>
            </label>
            <Show when=move || two_player>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="hints"
                    prop:checked=move || s.with(|s| s.hints)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        change(&|s| s.hints = on);
                    }
                />
                <span>"Hints: tell when a king cannot escape (Primary Chess)"</span>
            </label>
            </Show>
            <GameOptionsSection state />
            <TeacherSection />
            <div class="dialog-buttons">
                <button class="primary" on:click=move |_| state.dialog.set(None)>
                    "Done"
                </button>
            </div>
        </Modal>
    }
}
