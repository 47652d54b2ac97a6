//! The status lines of the side panel: the Primary check counter and checkmate hint, the
//! Chess# king hint and impasse counter, the material balance (two-player games), and for
//! both kinds of game the short messages and the one-line result after "Look at the board".

use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words;
use crate::ui::game::session::Session;
use crate::ui::game::state::GameState;
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
            .map(|(side, n)| msg::game_check_streak(&words::side(*side), n, &limit))
            .collect();
        let text = if running.is_empty() {
            msg::game_checks_none(&limit)
        } else {
            msg::game_checks(&running.join(", "))
        };
        let warn = streaks.iter().any(|(_, n)| *n + 1 >= limit);
        Some(view! {
            <div class="check-counter" class:warn=warn data-testid="check-counter" title=msg::game_checks_title()>
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
                    {msg::game_mate_hint()}
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
        let text = match (w - b, drops) {
            (0, true) => msg::game_material_board_even().to_string(),
            (0, false) => msg::game_material_even().to_string(),
            (d, true) if d > 0 => msg::game_material_board_white(&d),
            (d, false) if d > 0 => msg::game_material_white(&d),
            (d, true) => msg::game_material_board_black(&-d),
            (d, false) => msg::game_material_black(&-d),
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
                    <button class="small" aria-label=msg::game_dismiss() on:click=move |_| state.message.set(None)>
                        {msg::ok()}
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
                        {msg::game_show_result()}
                    </button>
                </div>
            }
        })
    }
}

/// Chess# (any game with placements): the side to move while its king is still in the
/// reserve — nothing of theirs on the board may move until it is placed.
pub fn king_to_place(state: GameState) -> Option<Side> {
    state
        .with_two(|g| {
            let p = g.position();
            (g.rules().drops && !g.is_over() && p.king(p.turn()).is_none()).then(|| p.turn())
        })
        .flatten()
}

/// Chess#: while the player to move still has the king in the reserve, nothing of theirs on
/// the board may move; say so.
#[component]
pub fn KingHint(state: GameState) -> impl IntoView {
    move || {
        let side = king_to_place(state)?;
        Some(view! {
            <div class="hint king-hint" data-testid="sharp-hint">
                {msg::game_king_hint(&words::side(side))}
            </div>
        })
    }
}

/// Turns before the automatic impasse from which it is in sight: the counter shows, and a
/// fast-fifty may be proposed even with pieces still in a reserve.
pub const IMPASSE_NEAR: u16 = 40;

/// Chess#: how long until the automatic impasse (50 moves each without a capture or pawn
/// move), shown once fewer than [`IMPASSE_NEAR`] turns remain.
#[component]
pub fn ImpasseCounter(state: GameState) -> impl IntoView {
    move || {
        let (plies, turn) = state.with_two(|g| {
            let p = if g.is_over() { None } else { g.impasse_in() };
            (p, g.turn())
        })?;
        let plies = plies.filter(|&p| p < IMPASSE_NEAR)?;
        let other = Side(1 - turn.0);
        let (mine, theirs) = (plies.div_ceil(2), plies / 2);
        let text = if mine == theirs {
            msg::impasse_moves_each(mine.into())
        } else {
            msg::game_impasse_moves_by(
                mine.into(),
                &words::side(turn),
                &theirs,
                &words::side(other),
            )
        };
        Some(view! {
            <div
                class="check-counter impasse"
                class:warn=plies <= 10
                data-testid="impasse-counter"
                data-plies=plies.to_string()
                title=msg::game_impasse_title()
            >
                <span>{text}</span>
                <span class="impasse-detail">{msg::game_impasse_detail()}</span>
            </div>
        })
    }
}
