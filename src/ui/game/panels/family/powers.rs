//! The supervisor's powers over a Fun Family Chess game (FAMILY.md §8.12) beside taking
//! back: sending a player Away (whatever their age: §6.2 "the supervisor may send anyone")
//! and declaring the result — some players win, or a draw. Both are teacher actions (PIN);
//! both go through the rules core, which writes them in the game's record.

use crate::rules::family::{seat_letter, Seat, SEATS};
use crate::rules::types::Side;
use crate::text::msg;
use crate::ui::board::Tracked;
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::state::GameState;
use leptos::prelude::*;

/// Seats still in the game (playing or away), in turn order.
fn seats_in(state: GameState) -> Vec<Side> {
    state
        .session
        .with(|s| SEATS.into_iter().filter(|&seat| s.in_game(seat)).collect())
}

#[component]
pub fn Powers(state: GameState) -> impl IntoView {
    // The players ticked as winners of a declared result; none ticked declares a draw.
    let winners = Tracked::new(0u8);
    let over = move || state.session.with(|s| s.is_over());

    let send_away = move |seat: Side| {
        as_teacher(Guarded::RulesMidGame, move || {
            state.touched();
            state.family_edit(move |g| g.away(seat, true).map(|_| ()));
        });
    };
    let declare = move |_| {
        let mask = winners.get_untracked();
        as_teacher(Guarded::RulesMidGame, move || {
            state.touched();
            if state.family_edit(move |g| g.declare(mask).map(|_| ())) {
                winners.set(0);
            }
        });
    };

    let rows = move || {
        seats_in(state)
            .into_iter()
            .map(|seat| {
                let letter = seat_letter(seat);
                let playing = move || {
                    state
                        .with_family_game(|g| g.state().seat(seat) == Seat::Playing)
                        .unwrap_or(false)
                };
                let bit = 1u8 << seat.0;
                view! {
                    <div class="power-row">
                        <label class="check">
                            <input
                                type="checkbox"
                                data-testid=format!("declare-winner-{letter}")
                                prop:checked=move || winners.get() & bit != 0
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    winners.update(|w| if on { *w |= bit } else { *w &= !bit });
                                }
                            />
                            <span>{state.label(seat)}</span>
                        </label>
                        <button
                            class="small"
                            data-testid=format!("send-away-{letter}")
                            disabled=move || !playing()
                            on:click=move |_| send_away(seat)
                        >
                            {msg::family_send_away()}
                        </button>
                    </div>
                }
            })
            .collect_view()
    };

    move || {
        (!over()).then(|| {
            view! {
                <div class="family-powers" data-testid="family-powers">
                    <p class="field-help">
                        {msg::family_powers_help()}
                    </p>
                    {rows}
                    <button class="small" data-testid="declare-result" on:click=declare>
                        {move || {
                            if winners.get() == 0 {
                                msg::family_declare_draw()
                            } else {
                                msg::family_declare_winners()
                            }
                        }}
                    </button>
                </div>
            }
        })
    }
}
