//! The "Teacher" section of the Settings dialog: the PIN, which games children may start,
//! the Primary resign/draw permission, hints. Once a PIN is set, opening it asks for the PIN.

use crate::rules::ruleset::Mode;
use crate::teacher::{TeacherConfig, MODE_KEYS};
use crate::text::{msg, words};
use crate::ui::game::lock::{self, as_teacher, locked, Guarded, TeacherLock};
use leptos::prelude::*;

/// One of the teacher's yes/no permissions, a checkbox over the field `field` picks.
fn permission(
    lock: TeacherLock,
    testid: &'static str,
    words: &'static str,
    field: fn(&mut TeacherConfig) -> &mut bool,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || lock.config.with(|c| *field(&mut c.clone()))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    lock.update(|c| *field(c) = on);
                }
            />
            <span>{words}</span>
        </label>
    }
}

/// The teacher's own settings: the PIN, the games children may start, the Primary
/// permission. Once a PIN is set, opening it asks for the PIN.
#[component]
pub fn TeacherSection() -> impl IntoView {
    let Some(lock) = lock::lock() else {
        return ().into_any();
    };
    let editing = RwSignal::new(false);
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let has_pin = move || lock.config.with(|c| c.has_pin());
    let save_pin = move |_| {
        let (a, b) = (first.get_untracked(), second.get_untracked());
        if a != b {
            error.set(Some(msg::dialog_pins_differ().into()));
            return;
        }
        match lock.set_pin(a.trim()) {
            Ok(()) => {
                editing.set(false);
                first.set(String::new());
                second.set(String::new());
                error.set(None);
            }
            Err(e) => error.set(Some(msg::dialog_pin_not_set(&e))),
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
                    {pin_field("new-pin", msg::dialog_new_pin(), first)}
                    {pin_field("new-pin-repeat", msg::dialog_new_pin_again(), second)}
                    {move || error.get().map(|e| view! { <p class="error" data-testid="set-pin-error">{e}</p> })}
                    <div class="row">
                        <button on:click=move |_| { editing.set(false); error.set(None); }>{msg::cancel()}</button>
                        <button class="primary" data-testid="save-pin" on:click=save_pin>{msg::dialog_save_pin()}</button>
                    </div>
                </div>
            }
        })
    };
    let modes = move || {
        MODE_KEYS
            .iter()
            .map(|&(key, _)| {
                // Custom rule sets are many games: the list names them so.
                let title = match Mode::parse(key) {
                    Some(Mode::Custom) | None => msg::mode_custom_sets(),
                    Some(mode) => words::mode(mode),
                };
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
                    msg::dialog_pin_is_set()
                } else {
                    msg::dialog_no_pin_yet()
                }}
            </p>
            <div class="row">
                <button data-testid="set-pin" on:click=move |_| { editing.set(true); error.set(None); }>
                    {move || if has_pin() { msg::dialog_change_pin() } else { msg::dialog_set_pin() }}
                </button>
                {move || has_pin().then(|| view! {
                    <button data-testid="remove-pin" on:click=move |_| lock.remove_pin()>{msg::dialog_remove_pin()}</button>
                    <button data-testid="teacher-lock-now" on:click=move |_| lock.lock_now()>{msg::lock_now()}</button>
                })}
            </div>
            {pin_form}
            <div class="allowed-modes" role="group" aria-label=msg::dialog_allowed_modes()>
                <span class="field-title">{msg::dialog_children_may_start()}</span>
                {modes}
            </div>
            {permission(lock, "primary-resign-draw", msg::dialog_primary_resign_draw(), |c| &mut c.primary_resign_draw)}
            {permission(lock, "hints-allowed", msg::dialog_hints_allowed(), |c| &mut c.hints)}
        }
    };
    view! {
        <fieldset class="options teacher-section" data-testid="teacher-section">
            <legend>{msg::dialog_teacher()}</legend>
            {move || if locked() {
                view! {
                    <p class="explain">{msg::dialog_teacher_locked()}</p>
                    <div class="row">
                        <button data-testid="teacher-unlock" on:click=move |_| as_teacher(Guarded::TeacherSettings, || {})>
                            {lock::padlock()} " " {msg::dialog_open_teacher_settings()}
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
