//! The status lines of the side panel: the Primary check counter and checkmate hint, the
//! Chess# king hint and impasse counter, the material balance (two-player games), and for
//! both kinds of game the short messages and the one-line result after "Look at the board".

use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::ui::game::session::Session;
use crate::ui::game::state::{capitalise, GameState};
use leptos::prelude::*;

/// Primary: consecutive checks per side against the repeated-check limit (five).
#[component]
pub fn CheckCounter(state: GameState) -> impl IntoView {
    move || {
        let (limit, streaks) = state.with_two(|g| {
            let limit = g.rules().draws.repeated_check;
            let s = [Side::WHITE, Side::BLACK].map(|side| (side, g.check_streak(side)));
            (limit, s)
        })?;
        let limit = limit?;
        let running: Vec<String> = streaks
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(side, n)| format!("{} {n} / {limit}", side.name()))
            .collect();
        let text = if running.is_empty() {
            format!("Checks in a row: 0 / {limit}")
        } else {
            format!("Checks in a row: {}", running.join(", "))
        };
        let warn = streaks.iter().any(|(_, n)| *n + 1 >= limit);
        Some(view! {
            <div class="check-counter" class:warn=warn data-testid="check-counter" title="Five checks in a row by one player and the game is a draw">
                {text}
            </div>
        })
    }
}

/// Primary with hints on: tells when the player to move is checkmated (the game goes on).
#[component]
pub fn MateHint(state: GameState) -> impl IntoView {
    move || {
        let show = state.settings.with(|s| s.hints)
            && state
                .with_two(|g| g.rules().mode == Mode::Primary && !g.is_over() && g.is_checkmate())
                .unwrap_or(false);
        show.then(|| {
            view! {
                <div class="hint" data-testid="hint">
                    "Checkmate — the king cannot escape"
                </div>
            }
        })
    }
}

/// The material balance: "Material: White +3" or "Material: even".
#[component]
pub fn Material(state: GameState) -> impl IntoView {
    move || {
        let (w, b, drops) = state.with_two(|g| {
            let p = g.position();
            (
                p.material(Side::WHITE) as i64,
                p.material(Side::BLACK) as i64,
                g.rules().drops,
            )
        })?;
        // Chess#: the reserve does not count (an impasse is scored by the board).
        let what = if drops {
            "Material on the board"
        } else {
            "Material"
        };
        let text = match w - b {
            0 => format!("{what}: even"),
            d if d > 0 => format!("{what}: White +{d}"),
            d => format!("{what}: Black +{}", -d),
        };
        Some(view! { <div class="material" data-testid="material">{text}</div> })
    }
}

/// A refused action or other short message; disappears by itself.
#[component]
pub fn Message(state: GameState) -> impl IntoView {
    move || {
        state.message.get().map(|m| {
            view! {
                <div class="message" data-testid="message" role="alert">
                    <span>{m}</span>
                    <button class="small" aria-label="Dismiss" on:click=move |_| state.message.set(None)>
                        "OK"
                    </button>
                </div>
            }
        })
    }
}

/// After "Look at the board": the result in one line and a way back to the result screen.
#[component]
pub fn GameSummary(state: GameState) -> impl IntoView {
    move || {
        let text = state.session.with(|s| match s {
            Session::Two(g) => g.outcome().map(|o| capitalise(&state.reason_text(&o))),
            Session::Family(g) => g.outcome().map(|o| state.family_outcome_title(&o)),
        })?;
        state.result_closed.get().then(|| {
            view! {
                <div class="summary">
                    <span>{text}</span>
                    <button data-testid="show-result" on:click=move |_| state.set_result_closed(false)>
                        "Show result"
                    </button>
                </div>
            }
        })
    }
}

/// Chess#: while the player to move still has the king in the reserve, nothing of theirs on
/// the board may move; say so (their pawns are drawn faded).
#[component]
pub fn KingHint(state: GameState) -> impl IntoView {
    move || {
        let side = state
            .with_two(|g| {
                let p = g.position();
                (g.rules().drops && !g.is_over() && p.king(p.turn()).is_none()).then(|| p.turn())
            })
            .flatten()?;
        Some(view! {
            <div class="hint king-hint" data-testid="sharp-hint">
                {format!(
                    "{}: your king is still in the reserve. Your pieces on the board can move once the king is placed.",
                    side.name()
                )}
            </div>
        })
    }
}

/// Chess#: how long until the automatic impasse (50 moves each without a capture or pawn
/// move), shown once fewer than 40 turns remain.
#[component]
pub fn ImpasseCounter(state: GameState) -> impl IntoView {
    move || {
        let (plies, turn) = state.with_two(|g| {
            let p = if g.is_over() { None } else { g.impasse_in() };
            (p, g.turn())
        })?;
        let plies = plies.filter(|&p| p < 40)?;
        let other = Side(1 - turn.0);
        let (mine, theirs) = (plies.div_ceil(2), plies / 2);
        let each = |n: u16| if n == 1 { "move" } else { "moves" };
        let text = if mine == theirs {
            format!("Impasse in {mine} more {} each", each(mine))
        } else {
            format!(
                "Impasse in {mine} more {} by {}, {theirs} by {}",
                each(mine),
                turn.name(),
                other.name()
            )
        };
        Some(view! {
            <div
                class="check-counter impasse"
                class:warn=plies <= 10
                data-testid="impasse-counter"
                data-plies=plies.to_string()
                title="The game ends as an impasse, scored by material, after 50 moves by each side without a capture or a pawn move"
            >
                <span>{text}</span>
                <span class="impasse-detail">"unless a piece is captured or a pawn moves"</span>
            </div>
        })
    }
}
