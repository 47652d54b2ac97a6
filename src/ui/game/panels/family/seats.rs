//! The players of a Fun Family game, one row per seat: its army's shape and colour, the name,
//! whether it plays, is away or out, and its own buttons — "I'm leaving" and "I'm back" for a
//! player who may leave (§6), and Resign (§5.1).

use crate::rules::family::{seat_letter, Seat, SEATS};
use crate::rules::types::Side;
use crate::text::msg;
use crate::ui::board::armies::badge_markup;
use crate::ui::game::state::{FamilyConfirm, GameState};
use leptos::prelude::*;

fn status_key(s: Seat) -> &'static str {
    match s {
        Seat::Playing => "playing",
        Seat::Away => "away",
        Seat::Out => "out",
        Seat::Empty => "empty",
    }
}

fn seat_row(state: GameState, seat: Side) -> impl IntoView {
    let l = seat_letter(seat);
    let status = move || {
        state
            .with_family_game(|g| g.state().seat(seat))
            .unwrap_or(Seat::Empty)
    };
    let eligible = move || {
        state
            .with_family_game(|g| g.is_eligible(seat))
            .unwrap_or(false)
    };
    let over = move || state.session.with(|s| s.is_over());
    let to_move = move || state.session.with(|s| s.turn() == seat && !s.is_over());
    let leave = move |_| {
        state.touched();
        state.family_edit(|g| g.away(seat, false).map(|_| ()));
    };
    let back = move |_| {
        state.touched();
        state.family_edit(|g| g.back(seat).map(|_| ()));
    };
    let status_text = move || match status() {
        Seat::Playing => msg::family_status_playing(),
        Seat::Away => msg::family_status_away(),
        Seat::Out => msg::family_status_out(),
        Seat::Empty => "",
    };
    move || {
        (status() != Seat::Empty).then(|| {
            view! {
                <li
                    class="family-seat"
                    class:to-move=to_move
                    data-testid=format!("seat-{l}")
                    data-status=move || status_key(status())
                >
                    <svg
                        class="seat-badge"
                        viewBox="0 0 40 40"
                        aria-hidden="true"
                        inner_html=badge_markup(seat, 20.0, 20.0, 13.0, "seat-shape")
                    ></svg>
                    <span class="seat-name">{move || state.label(seat)}</span>
                    <span class="seat-status">{status_text}</span>
                    {move || {
                        (eligible() && status() == Seat::Playing && !over()).then(|| {
                            view! {
                                <button class="small" data-testid=format!("leave-{l}") on:click=leave>
                                    {msg::family_leave()}
                                </button>
                            }
                        })
                    }}
                    {move || {
                        (matches!(status(), Seat::Playing | Seat::Away) && !over()).then(|| {
                            view! {
                                <button
                                    class="small resign"
                                    data-testid=format!("resign-{l}")
                                    on:click=move |_| state.confirm.set(Some(FamilyConfirm::Resign(seat)))
                                >
                                    {msg::family_resign()}
                                </button>
                            }
                        })
                    }}
                    {move || {
                        (status() == Seat::Away && !over()).then(|| {
                            view! {
                                <button class="small" data-testid=format!("back-{l}") on:click=back>
                                    {msg::family_come_back()}
                                </button>
                            }
                        })
                    }}
                </li>
            }
        })
    }
}

#[component]
pub fn Seats(state: GameState) -> impl IntoView {
    let rows = SEATS.into_iter().map(|s| seat_row(state, s)).collect_view();
    view! { <ul class="family-seats" data-testid="players">{rows}</ul> }
}
