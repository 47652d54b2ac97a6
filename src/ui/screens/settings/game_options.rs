//! "This game" in the Settings dialog: options of the two-player game in progress a teacher
//! may change mid-game, behind the PIN once one is set.

use crate::rules::ruleset::{Castling, Mode, RuleSet};
use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::lock::{as_teacher, locked, Guarded};
use crate::ui::game::state::GameState;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// The lead that wins a stopped Primary game, as the select shows it.
fn margin(rules: Memo<Option<RuleSet>>) -> String {
    rules.with(|r| {
        r.as_ref()
            .and_then(|r| r.adjudication_margin)
            .unwrap_or(3)
            .to_string()
    })
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

pub fn restore_select(ev: &leptos::ev::Event, was: &str) {
    if let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
    {
        el.set_value(was);
    }
}

/// Options of the game in progress a teacher may change mid-game (locked behind the PIN).
#[component]
pub fn GameOptionsSection(state: GameState) -> impl IntoView {
    // Not for Fun Family Chess (its own rules) nor a finished game.
    let rules = memo(move || {
        state
            .with_two(|g| (!g.is_over()).then(|| g.rules().clone()))
            .flatten()
    });
    let over = memo(move || rules.with(|r| r.is_none()));
    let rule = move |get: fn(&RuleSet) -> bool| move || rules.with(|r| r.as_ref().is_some_and(get));
    // `changed` says what a change did, completing "Rules of this game changed: ...".
    let check = move |key: &'static str,
                      text: &'static str,
                      changed: fn(bool) -> &'static str,
                      guard: Guarded,
                      get: fn(&RuleSet) -> bool,
                      set: fn(&mut RuleSet, bool)| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-game-option=key
                    prop:checked=rule(get)
                    on:change=move |ev| {
                        let on = leptos::prelude::event_target_checked(&ev);
                        restore_checkbox(&ev, !on);
                        as_teacher(guard, move || {
                            state.change_rules(changed(on), |r| set(r, on));
                        });
                    }
                />
                <span>{text}</span>
            </label>
        }
    };
    let primary_rows = move || {
        rule(|r| r.mode == Mode::Primary)().then(|| {
            view! {
                {check("castling", msg::dialog_castling_allowed(),
                    |on| if on { msg::dialog_castling_on() } else { msg::dialog_castling_off() },
                    Guarded::RulesMidGame,
                    |r| r.castling != Castling::None,
                    |r, on| r.castling = if on { Castling::Standard } else { Castling::None })}
                {check("midline", msg::dialog_midline(),
                    |on| if on { msg::dialog_midline_on() } else { msg::dialog_midline_off() },
                    Guarded::RulesMidGame,
                    |r| r.midline_invasion, |r, on| r.midline_invasion = on)}
                <label class="field">
                    <span>{msg::dialog_margin()}</span>
                    <select
                        data-game-option="margin"
                        prop:value=move || margin(rules)
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            let was = untrack(|| margin(rules));
                            restore_select(&ev, &was);
                            as_teacher(Guarded::RulesMidGame, move || {
                                state.change_rules(&msg::dialog_margin_changed(&v), |r| {
                                    let _ = r.set_option("margin", &v);
                                });
                            });
                        }
                    >
                        <option value="3">{msg::dialog_margin_points(3)}</option>
                        <option value="5">{msg::dialog_margin_points(5)}</option>
                    </select>
                </label>
            }
        })
    };
    view! {
        {move || (!over.get()).then(|| view! {
            <fieldset class="options" data-testid="game-options">
                <legend>{move || msg::dialog_this_game(&rules.with(|r| r.as_ref().map_or("", |r| words::mode(r.mode))))}</legend>
                {move || locked().then(|| view! {
                    <p class="explain">{msg::dialog_game_options_locked()}</p>
                })}
                {primary_rows}
                {check("resign", msg::dialog_resign_draw_allowed(),
                    |on| if on { msg::dialog_resign_draw_on() } else { msg::dialog_resign_draw_off() },
                    Guarded::Permissions,
                    |r| r.resign_allowed || r.draw_offers_allowed,
                    |r, on| { r.resign_allowed = on; r.draw_offers_allowed = on; })}
            </fieldset>
        })}
    }
}
