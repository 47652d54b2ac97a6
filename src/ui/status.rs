//! The status lines of the side panel: whose turn it is, the Primary check counter and
//! hint, the material balance, messages and the game-over summary.

use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::ui::state::{capitalise, AppState};
use leptos::prelude::*;

/// "White to move" (large, in the side's colour), or the result once the game is over.
#[component]
pub fn Turn(state: AppState) -> impl IntoView {
    let turn = move || state.game.with(|g| g.turn());
    let over = move || state.game.with(|g| g.outcome());
    let text = move || match over() {
        Some(o) => format!("Game over: {}", state.winner_text(&o)),
        None => format!("{} to move", state.label(turn())),
    };
    view! {
        <div
            class=move || {
                if over().is_some() {
                    "turn over".to_string()
                } else {
                    format!("turn {}", turn().name().to_lowercase())
                }
            }
            data-testid="turn"
            aria-live="polite"
        >
            <span class="disc" aria-hidden="true"></span>
            <span class="turn-text">{text}</span>
        </div>
    }
}

/// Primary: consecutive checks per side against the repeated-check limit (five).
#[component]
pub fn CheckCounter(state: AppState) -> impl IntoView {
    move || {
        let (limit, streaks) = state.game.with(|g| {
            let limit = g.rules().draws.repeated_check;
            let s = [Side::WHITE, Side::BLACK].map(|side| (side, g.check_streak(side)));
            (limit, s)
        });
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
pub fn MateHint(state: AppState) -> impl IntoView {
    move || {
        let show = state.settings.with(|s| s.hints)
            && state
                .game
                .with(|g| g.rules().mode == Mode::Primary && !g.is_over() && g.is_checkmate());
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
pub fn Material(state: AppState) -> impl IntoView {
    let text = move || {
        let (w, b) = state.game.with(|g| {
            let p = g.position();
            (
                p.material(Side::WHITE) as i64,
                p.material(Side::BLACK) as i64,
            )
        });
        match w - b {
            0 => "Material: even".to_string(),
            d if d > 0 => format!("Material: White +{d}"),
            d => format!("Material: Black +{}", -d),
        }
    };
    view! { <div class="material" data-testid="material">{text}</div> }
}

/// A refused action or other short message; disappears by itself.
#[component]
pub fn Message(state: AppState) -> impl IntoView {
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
pub fn GameSummary(state: AppState) -> impl IntoView {
    move || {
        let o = state.game.with(|g| g.outcome())?;
        state.result_closed.get().then(|| {
            view! {
                <div class="summary">
                    <span>{capitalise(o.reason.describe())}</span>
                    <button data-testid="show-result" on:click=move |_| state.set_result_closed(false)>
                        "Show result"
                    </button>
                </div>
            }
        })
    }
}
