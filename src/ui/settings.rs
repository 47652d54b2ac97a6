//! The settings (board orientation, sound, speech, hints) and their dialog.

use crate::ui::dialog::Modal;
use crate::ui::state::AppState;
use crate::ui::teacher_settings::{GameOptionsSection, TeacherSection};
use leptos::prelude::*;

pub use crate::saves::settings::{Orientation, Settings};

#[component]
pub fn SettingsDialog(state: AppState) -> impl IntoView {
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
    // Fun Family Chess has its own board turning and hints (see family_supervisor.rs).
    let family = use_context::<crate::ui::family::FamilyUi>().filter(|f| f.active());
    let two_player = family.is_none();
    view! {
        <Modal state title="Settings" testid="settings-dialog">
            {family.map(|fam| view! { <crate::ui::family_supervisor::FamilySettings fam /> })}
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
                            crate::ui::sound::unlock();
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
            <TeacherSection state />
            <div class="dialog-buttons">
                <button class="primary" on:click=move |_| state.dialog.set(None)>
                    "Done"
                </button>
            </div>
        </Modal>
    }
}
