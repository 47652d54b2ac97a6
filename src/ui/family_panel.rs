//! The side panel of a Fun Family Chess game (turn, "Check!" call, standing checks, seats
//! with away/back, board turning, move list), its result screen and promotion picker.

use crate::rules::family::{seat_letter, seat_name, FamilyGame, FamilyOutcome, Seat, SEATS};
use crate::rules::types::{Piece, Side};
use crate::ui::dialog::Modal;
use crate::ui::family::{check_text, outcome_title, FamilyUi, Rotation};
use crate::ui::family_board::{badge, family_code, unannounced};
use crate::ui::family_supervisor::{Confirm, FamilyGameControls};
use crate::ui::game_over::result_buttons;
use crate::ui::promotion::{picker, promotion_roles};
use leptos::prelude::*;

fn status_key(s: Seat) -> &'static str {
    match s {
        Seat::Playing => "playing",
        Seat::Away => "away",
        Seat::Out => "out",
        Seat::Empty => "empty",
    }
}

/// "Points: Red 1, Blue 0, Yellow ½, Green ½" for the seats that had players.
fn points_text(fam: FamilyUi, o: &FamilyOutcome) -> String {
    let seats: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.players & (1 << s.0) != 0)
        .map(|s| {
            let p = ["0", "½", "1"][o.half_points(s).min(2) as usize];
            format!("{} {p}", fam.label(s))
        })
        .collect();
    format!("Points: {}", seats.join(", "))
}

/// The game-over screen of a family game.
#[component]
pub fn FamilyResult(fam: FamilyUi) -> impl IntoView {
    let state = fam.app;
    move || {
        let o = fam.game.with(|g| g.as_ref().and_then(|g| g.outcome()))?;
        if fam.result_closed.get() || state.dialog.with(|d| d.is_some()) {
            return None;
        }
        let look = Callback::new(move |_| {
            fam.result_closed.set(true);
            fam.save();
        });
        let reason = o.reason.describe();
        let reason = format!("{}{}.", reason[..1].to_uppercase(), &reason[1..]);
        Some(view! {
            <Modal state title="Game over" testid="result" on_close=look>
                <p class="result-title">{outcome_title(fam, &o)}</p>
                <p class="result-reason">{reason}</p>
                <p class="points" data-testid="points">{points_text(fam, &o)}</p>
                {result_buttons(state, look)}
            </Modal>
        })
    }
}

/// The "Board" choice: turning to the player to move, or fixed (in the panel and in the
/// game's settings).
pub(crate) fn rotation_field(fam: FamilyUi, class: &'static str) -> impl IntoView {
    view! {
        <label class=class>
            <span>"Board"</span>
            <select
                data-testid="family-rotation"
                prop:value=move || fam.rotation().key()
                on:change=move |ev| {
                    fam.set_rotation(Rotation::parse(&event_target_value(&ev)).unwrap_or_default())
                }
            >
                <option value="mover" selected=move || fam.rotation() == Rotation::Mover>"Turns to the player to move"</option>
                <option value="fixed" selected=move || fam.rotation() == Rotation::Fixed>"Fixed (tablet flat in the middle)"</option>
            </select>
        </label>
    }
}

/// The side panel of a family game: turn, "Check!", standing checks, players, rotation,
/// move list.
#[component]
pub fn FamilyPanel(fam: FamilyUi) -> impl IntoView {
    let read = move |f: &dyn Fn(&FamilyGame) -> String| {
        fam.game.with(|g| g.as_ref().map(f).unwrap_or_default())
    };
    let turn_text = move || {
        fam.game.with(|g| {
            let Some(g) = g else { return String::new() };
            if let Some(o) = g.outcome() {
                return format!("Game over: {}", outcome_title(fam, &o));
            }
            if g.is_paused() {
                return "Paused: nobody can move until a player comes back".into();
            }
            let t = g.turn();
            let name = fam.names.with(|n| n[t.index() & 3].trim().to_string());
            if name.is_empty() {
                format!("{} to move", seat_name(t))
            } else {
                format!("{} to move ({name})", seat_name(t))
            }
        })
    };
    let turn_seat = move || {
        read(&|g| {
            if g.is_over() {
                String::new()
            } else {
                seat_letter(g.turn()).to_string()
            }
        })
    };
    let auto = move || {
        fam.game
            .with(|g| g.as_ref().is_some_and(|g| g.rules().auto_check))
    };
    let over = move || fam.game.with(|g| g.as_ref().is_none_or(|g| g.is_over()));
    // The player a press of "Check!" is for: the one to move.
    let mover_name = move || {
        fam.game
            .with(|g| g.as_ref().map(|g| fam.label(g.turn())))
            .unwrap_or_default()
    };

    let standing = move || {
        fam.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    FamilyUi::standing(g)
                        .into_iter()
                        .map(|(v, by)| check_text(v, by))
                        .collect::<Vec<_>>()
                        .join(". ")
                })
                .unwrap_or_default()
        })
    };

    let seat_row = move |seat: Side| {
        let l = seat_letter(seat);
        let status = move || {
            fam.game
                .with(|g| g.as_ref().map_or(Seat::Empty, |g| g.state().seat(seat)))
        };
        let eligible = move || {
            fam.game
                .with(|g| g.as_ref().is_some_and(|g| g.is_eligible(seat)))
        };
        let to_move = move || {
            fam.game
                .with(|g| g.as_ref().is_some_and(|g| g.turn() == seat && !g.is_over()))
        };
        let leave = move |_| {
            fam.touched();
            fam.change(|g| g.away(seat, false).map(|_| ()));
        };
        let back = move |_| {
            fam.touched();
            fam.change(|g| g.back(seat).map(|_| ()));
        };
        let status_text = move || match status() {
            Seat::Playing => "playing",
            Seat::Away => "away (pieces asleep)",
            Seat::Out => "out",
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
                        <svg class="seat-badge" viewBox="0 0 40 40" aria-hidden="true">
                            {badge(seat, 20.0, 20.0, 13.0, "seat-shape")}
                        </svg>
                        <span class="seat-name">{move || fam.label(seat)}</span>
                        <span class="seat-status">{status_text}</span>
                        {move || {
                            (eligible() && status() == Seat::Playing && !over())
                                .then(|| {
                                    view! {
                                        <button class="small" data-testid=format!("leave-{l}") on:click=leave>
                                            "I'm leaving"
                                        </button>
                                    }
                                })
                        }}
                        {move || {
                            (matches!(status(), Seat::Playing | Seat::Away) && !over())
                                .then(|| {
                                    view! {
                                        <button
                                            class="small resign"
                                            data-testid=format!("resign-{l}")
                                            on:click=move |_| fam.confirm.set(Some(Confirm::Resign(seat)))
                                        >
                                            "Resign"
                                        </button>
                                    }
                                })
                        }}
                        {move || {
                            (status() == Seat::Away && !over())
                                .then(|| {
                                    view! {
                                        <button class="small" data-testid=format!("back-{l}") on:click=back>
                                            "I'm back"
                                        </button>
                                    }
                                })
                        }}
                    </li>
                }
            })
        }
    };
    let seats = SEATS.into_iter().map(seat_row).collect_view();

    let moves = move || {
        fam.game
            .with(|g| g.as_ref().map(|g| g.record_lines()).unwrap_or_default())
            .into_iter()
            .map(|line| {
                // A supervisor's toggle change is its own line between the moves.
                let kind = if line.starts_with('—') {
                    "supervisor"
                } else {
                    "move"
                };
                view! { <li data-testid="move" data-kind=kind class=kind>{line}</li> }
            })
            .collect_view()
    };

    view! {
        <div class="mode-line">
            <strong>"Fun Family Chess"</strong>
            <span>"Checkmate the others; say \"Check!\" when you give check"</span>
        </div>
        <div
            class="turn family-turn"
            class:over=over
            data-testid="turn"
            data-seat=turn_seat
            aria-live="polite"
        >
            {turn_text}
        </div>
        <div class="call-row">
            <button
                class="call-check"
                class:armed=move || fam.armed.get()
                data-testid="call-check"
                aria-pressed=move || fam.armed.get().to_string()
                aria-label=move || format!("Check! {} calls check with the next move", mover_name())
                disabled=move || auto() || over()
                on:click=move |_| fam.press_check()
            >
                "Check!"
            </button>
            <span class="call-help" data-testid="call-help">
                {move || {
                    if auto() {
                        "Checks are called automatically.".to_string()
                    } else if fam.armed.get() {
                        format!("{}: your next move says \"Check!\".", mover_name())
                    } else {
                        format!("{}: press before you let go of your piece to call check.", mover_name())
                    }
                }}
            </span>
        </div>
        {move || {
            fam.callable.get().filter(|_| !auto() && !over()).map(|(seat, _)| {
                let who = fam.label(seat);
                view! {
                    <button
                        class="call-last-check"
                        data-testid="call-last-check"
                        data-seat=seat_letter(seat).to_string()
                        on:click=move |_| fam.call_last_move()
                    >
                        {format!("{who}: call check on your last move")}
                    </button>
                }
            })
        }}
        <p class="standing-checks" data-testid="standing-checks" class:empty=move || standing().is_empty()>
            {standing}
        </p>
        {move || {
            let text = fam.game.with(|g| {
                let g = g.as_ref().filter(|g| g.rules().hints && !g.is_over())?;
                let lines: Vec<String> = unannounced(g)
                    .into_iter()
                    .map(|(v, _, by)| {
                        let who: Vec<&str> = SEATS
                            .into_iter()
                            .filter(|s| by & (1 << s.0) != 0)
                            .map(seat_name)
                            .collect();
                        format!("{}'s king is attacked by {}", seat_name(v), who.join(" and "))
                    })
                    .collect();
                (!lines.is_empty()).then(|| {
                    format!("Hint: {} (not called, so it does not bind).", lines.join("; "))
                })
            });
            text.map(|t| view! { <p class="attack-hints-text" data-testid="attack-hints">{t}</p> })
        }}
        {move || fam.message.get().map(|m| view! { <p class="message" role="alert" data-testid="message">{m}</p> })}
        <ul class="family-seats" data-testid="players">{seats}</ul>
        <FamilyGameControls fam />
        {rotation_field(fam, "field family-rotation")}
        <section class="moves">
            <h2>"Moves"</h2>
            <ol class="move-list family-moves" data-testid="move-list">{moves}</ol>
        </section>
    }
}

/// The promotion picker of a family game: big buttons in the mover's army colour.
#[component]
pub fn FamilyPromotion(fam: FamilyUi) -> impl IntoView {
    move || {
        let (from, to) = fam.promotion.get()?;
        let side = fam.game.with_untracked(|g| g.as_ref().map(|g| g.turn()))?;
        Some(picker(
            promotion_roles(&fam.moves(from, to)),
            false,
            move |role| {
                let code = family_code(Piece { side, role });
                view! {
                    <svg class="piece-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                        <use href=format!("#fp-{code}") width="100" height="100"></use>
                    </svg>
                }
            },
            move |role| fam.promote(role),
            move || {
                fam.promotion.set(None);
                fam.selected.set(None);
            },
        ))
    }
}
