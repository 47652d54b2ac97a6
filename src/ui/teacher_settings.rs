//! The teacher's parts of the Settings dialog: the "Teacher" section (PIN, which games
//! children may start, the Primary resign/draw permission) and "This game" (options of the
//! game in progress). Both are behind the PIN once one is set.

use crate::rules::game::Game;
use crate::rules::ruleset::{Castling, Mode, RuleSet};
use crate::teacher::MODE_KEYS;
use crate::ui::state::AppState;
use crate::ui::teacher_lock::{self, as_teacher, locked, Guarded};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// Changes the rules of the game in progress. The moves played so far are replayed under the
/// new rules; if one of them would not be legal any more (e.g. castling already happened),
/// nothing changes and the reason is shown.
pub fn change_rules(state: AppState, what: &str, f: impl FnOnce(&mut RuleSet)) {
    let mut record = state.game.with_untracked(|g| g.to_record());
    let before = record.rules.clone();
    f(&mut record.rules);
    if record.rules == before {
        return;
    }
    match Game::from_record(&record) {
        Ok(game) => {
            state.game.set(game);
            state.epoch.update(|e| *e = e.wrapping_add(1));
            state.save();
            state.show_message(format!("Rules of this game changed: {what}."));
        }
        Err(e) => state.show_message(format!(
            "This change does not fit the moves already played, so nothing was changed ({e})."
        )),
    }
}

/// Puts a checkbox back as it was: the change happens (or not) through the lock.
fn restore_checkbox(ev: &leptos::ev::Event, was: bool) {
    if let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        el.set_checked(was);
    }
}

fn restore_select(ev: &leptos::ev::Event, was: &str) {
    if let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
    {
        el.set_value(was);
    }
}

/// Options of the game in progress a teacher may change mid-game (locked behind the PIN).
#[component]
pub fn GameOptionsSection(state: AppState) -> impl IntoView {
    let rules = Memo::new(move |_| state.game.with(|g| g.rules().clone()));
    // Not for Fun Family Chess (its own rules) nor a finished game.
    let fam = use_context::<crate::ui::family::FamilyUi>();
    let over =
        Memo::new(move |_| state.game.with(|g| g.is_over()) || fam.is_some_and(|f| f.active()));
    let check = move |key: &'static str,
                      text: &'static str,
                      guard: Guarded,
                      get: fn(&RuleSet) -> bool,
                      set: fn(&mut RuleSet, bool)| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-game-option=key
                    prop:checked=move || rules.with(get)
                    on:change=move |ev| {
                        let on = leptos::prelude::event_target_checked(&ev);
                        restore_checkbox(&ev, !on);
                        as_teacher(guard, move || {
                            let what = format!("{} {}", text.to_lowercase(), if on { "on" } else { "off" });
                            change_rules(state, &what, |r| set(r, on));
                        });
                    }
                />
                <span>{text}</span>
            </label>
        }
    };
    let primary_rows = move || {
        (rules.with(|r| r.mode == Mode::Primary)).then(|| {
            view! {
                {check("castling", "Castling allowed", Guarded::RulesMidGame,
                    |r| r.castling != Castling::None,
                    |r, on| r.castling = if on { Castling::Standard } else { Castling::None })}
                {check("midline", "Midline invasion", Guarded::RulesMidGame,
                    |r| r.midline_invasion, |r, on| r.midline_invasion = on)}
                <label class="field">
                    <span>"Stop game: lead needed to win"</span>
                    <select
                        data-game-option="margin"
                        prop:value=move || rules.with(|r| r.adjudication_margin.unwrap_or(3).to_string())
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            let was = rules.with_untracked(|r| r.adjudication_margin.unwrap_or(3).to_string());
                            restore_select(&ev, &was);
                            as_teacher(Guarded::RulesMidGame, move || {
                                change_rules(state, &format!("a lead of {v} points wins when the game is stopped"), |r| {
                                    let _ = r.set_option("margin", &v);
                                });
                            });
                        }
                    >
                        <option value="3">"3 points"</option>
                        <option value="5">"5 points"</option>
                    </select>
                </label>
            }
        })
    };
    view! {
        {move || (!over.get()).then(|| view! {
            <fieldset class="options" data-testid="game-options">
                <legend>{move || format!("This game ({})", rules.with(|r| r.mode.title()))}</legend>
                {move || locked().then(|| view! {
                    <p class="explain">"Locked: changing the rules of a game in progress asks for the teacher's PIN."</p>
                })}
                {primary_rows}
                {check("resign", "Resigning and draw offers allowed", Guarded::Permissions,
                    |r| r.resign_allowed || r.draw_offers_allowed,
                    |r, on| { r.resign_allowed = on; r.draw_offers_allowed = on; })}
            </fieldset>
        })}
    }
}

/// The teacher's own settings: the PIN, the games children may start, the Primary
/// permission. Once a PIN is set, opening it asks for the PIN.
#[component]
pub fn TeacherSection(state: AppState) -> impl IntoView {
    let Some(lock) = teacher_lock::lock() else {
        return ().into_any();
    };
    let _ = state;
    let editing = RwSignal::new(false);
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let has_pin = move || lock.config.with(|c| c.has_pin());
    let save_pin = move |_| {
        let (a, b) = (first.get_untracked(), second.get_untracked());
        if a != b {
            error.set(Some(
                "The two PINs are not the same. Nothing was changed.".into(),
            ));
            return;
        }
        match lock.set_pin(a.trim()) {
            Ok(()) => {
                editing.set(false);
                first.set(String::new());
                second.set(String::new());
                error.set(None);
            }
            Err(e) => error.set(Some(format!("{e} Nothing was changed."))),
        }
    };
    let pin_field = move |testid: &'static str, label: &'static str, sig: RwSignal<String>| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    type="password"
                    inputmode="numeric"
                    autocomplete="off"
                    maxlength="8"
                    data-testid=testid
                    prop:value=move || sig.get()
                    on:input=move |ev| sig.set(event_target_value(&ev))
                />
            </label>
        }
    };
    let pin_form = move || {
        editing.get().then(|| {
            view! {
                <div class="pin-form">
                    {pin_field("new-pin", "New PIN (4 to 8 digits)", first)}
                    {pin_field("new-pin-repeat", "The same PIN again", second)}
                    {move || error.get().map(|e| view! { <p class="error" data-testid="set-pin-error">{e}</p> })}
                    <div class="row">
                        <button on:click=move |_| { editing.set(false); error.set(None); }>"Cancel"</button>
                        <button class="primary" data-testid="save-pin" on:click=save_pin>"Save the PIN"</button>
                    </div>
                </div>
            }
        })
    };
    let modes = move || {
        MODE_KEYS
            .iter()
            .map(|&(key, title)| {
                view! {
                    <label class="check">
                        <input
                            type="checkbox"
                            data-testid=format!("allow-{key}")
                            prop:checked=move || lock.config.with(|c| c.mode_allowed(key))
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                lock.update(|c| c.set_mode_allowed(key, on));
                            }
                        />
                        <span>{title}</span>
                    </label>
                }
            })
            .collect_view()
    };
    let open = move || {
        view! {
            <p class="explain">
                {move || if has_pin() {
                    "A teacher PIN is set: changing rules, permissions, take-backs, deleting and the games below ask for it."
                } else {
                    "No PIN yet: anyone can change everything. Set a PIN to lock the teacher's choices."
                }}
            </p>
            <div class="row">
                <button data-testid="set-pin" on:click=move |_| { editing.set(true); error.set(None); }>
                    {move || if has_pin() { "Change the PIN" } else { "Set a PIN" }}
                </button>
                {move || has_pin().then(|| view! {
                    <button data-testid="remove-pin" on:click=move |_| lock.remove_pin()>"Remove the PIN"</button>
                    <button data-testid="teacher-lock-now" on:click=move |_| lock.lock_now()>"Lock now"</button>
                })}
            </div>
            {pin_form}
            <div class="allowed-modes" role="group" aria-label="Games children may start">
                <span class="field-title">"Children may start:"</span>
                {modes}
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="primary-resign-draw"
                    prop:checked=move || lock.config.with(|c| c.primary_resign_draw)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        lock.update(|c| c.primary_resign_draw = on);
                    }
                />
                <span>"Primary Chess: players may resign and offer draws (new games)"</span>
            </label>
        }
    };
    view! {
        <fieldset class="options teacher-section" data-testid="teacher-section">
            <legend>"Teacher"</legend>
            {move || if locked() {
                view! {
                    <p class="explain">"Locked with the teacher's PIN."</p>
                    <div class="row">
                        <button data-testid="teacher-unlock" on:click=move |_| as_teacher(Guarded::TeacherSettings, || {})>
                            {teacher_lock::padlock()} " Open the teacher's settings"
                        </button>
                    </div>
                }.into_any()
            } else {
                open().into_any()
            }}
        </fieldset>
    }
    .into_any()
}
