//! Calling check in Fun Family Chess (FAMILY.md §4.3): the big "Check!" — always the call of
//! the player to move, for their coming move — and, after a move made without a call that
//! would have bound, the button named for that player ("Red: call check on your last move")
//! until the next player touches anything. Below them the checks that stand, and with hints
//! on the kings attacked without a call (a hint, not a check).

use crate::rules::family::seat_letter;
use crate::text::msg;
use crate::text::words;
use crate::ui::game::family_news::{check_text, join, seats_and};
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn CallPanel(state: GameState) -> impl IntoView {
    let auto = move || {
        state
            .with_family_game(|g| g.rules().auto_check)
            .unwrap_or(false)
    };
    let over = move || state.session.with(|s| s.is_over());
    // The player a press of "Check!" is for: the one to move.
    let mover_name = move || state.label(state.session.with(|s| s.turn()));
    let standing_text = move || {
        state
            .with_family(|g| {
                join(
                    g.standing().into_iter().map(|(v, by)| check_text(v, by)),
                    msg::family_sentences,
                )
            })
            .unwrap_or_default()
    };
    let hints_text = move || {
        state.session.with(|s| {
            s.family().filter(|g| g.hints() && !g.is_over())?;
            let lines: Vec<String> = s
                .unannounced_attacks()
                .into_iter()
                .map(|(v, _, by)| msg::family_hint_attacked(&words::seat(v), &seats_and(by)))
                .collect();
            (!lines.is_empty()).then(|| msg::family_hint(&join(lines, msg::family_semicolon)))
        })
    };
    view! {
        <div class="call-row">
            <button
                class="call-check"
                class:armed=move || state.armed.get()
                data-testid="call-check"
                aria-pressed=move || state.armed.get().to_string()
                aria-label=move || msg::family_call_check_label(&mover_name())
                disabled=move || auto() || over()
                on:click=move |_| state.press_check()
            >
                {msg::family_check()}
            </button>
            <span class="call-help" data-testid="call-help">
                {move || {
                    if auto() {
                        msg::family_checks_automatic().to_string()
                    } else if state.armed.get() {
                        msg::family_call_armed(&mover_name())
                    } else {
                        msg::family_call_help(&mover_name())
                    }
                }}
            </span>
        </div>
        {move || {
            state.callable.get().filter(|_| !auto() && !over()).map(|(seat, _)| {
                let who = state.label(seat);
                view! {
                    <button
                        class="call-last-check"
                        data-testid="call-last-check"
                        data-seat=seat_letter(seat).to_string()
                        on:click=move |_| state.call_last_move()
                    >
                        {msg::family_call_last(&who)}
                    </button>
                }
            })
        }}
        <p class="standing-checks" data-testid="standing-checks" class:empty=move || standing_text().is_empty()>
            {standing_text}
        </p>
        {move || hints_text().map(|t| view! { <p class="attack-hints-text" data-testid="attack-hints">{t}</p> })}
    }
}
