//! The chess clock on screen (RULES.md §6): each side's time in its player strip (big
//! tabular digits, the running one marked, red when low), the pause button with a line
//! about the clock, and the "Paused" cover over the board. The logic is the core's
//! [`Clock`]; [`GameState::tick`] drives it. The views are a part (`clock`), fetched with
//! the first game that has a clock: [`timed`] shows them there.

use crate::rules::clock::{Clock, TimeControl};
use crate::rules::types::Side;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::part::{panel_part, quiet_part, Part};
use crate::ui::game::state::GameState;
use crate::ui::game::two_player::low_time_ms;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

/// Which of the clock's views.
#[derive(Clone, Copy)]
pub enum ClockView {
    /// One side's clock face.
    Face(Signal<Side>),
    /// The line about the clock and the pause button.
    Bar,
    /// The cover over the board while the clock is paused.
    Paused,
}

/// A clock view, drawn while the game on screen has a clock. A memo, so the part is asked
/// for once per game, not at every tick.
pub fn timed(state: GameState, which: ClockView) -> impl IntoView {
    let has_clock = memo(move || state.clock.with(Option::is_some));
    move || {
        has_clock.get().then(|| match which {
            // Without the part the bar says so; the faces and the cover stay away.
            ClockView::Bar => panel_part(clock_part(state, which)).into_any(),
            _ => quiet_part(clock_part(state, which)).into_any(),
        })
    }
}

#[wasm_split(clock, wasm_split_path = leptos::wasm_split, fallible)]
fn clock_part(state: GameState, which: ClockView) -> Part {
    Ok(match which {
        ClockView::Face(side) => view! { <ClockFace state side /> }.into_any(),
        ClockView::Bar => view! { <ClockBar state /> }.into_any(),
        ClockView::Paused => view! { <PausedLayer state /> }.into_any(),
    })
}

/// "10 minutes each", "3 minutes + 2 seconds a move", "No clock".
pub fn control_text(tc: Option<TimeControl>) -> String {
    let Some(tc) = tc else {
        return msg::game_no_clock().into();
    };
    let m = tc.base_ms / 60_000;
    match tc.increment_ms / 1000 {
        0 => msg::game_clock_each(m),
        s => msg::game_clock_increment(m, &s),
    }
}

/// What a clock face shows.
#[derive(Clone, PartialEq)]
struct Face {
    text: String,
    running: bool,
    low: bool,
    paused: bool,
    out: bool,
}

/// One side's clock, for its player strip. Absent in untimed games.
#[component]
pub fn ClockFace(state: GameState, #[prop(into)] side: Signal<Side>) -> impl IntoView {
    let face = memo(move || {
        let s = side.get();
        let over = state.session.with(|g| g.is_over());
        let now = state.now.get();
        state.clock.with(|c| {
            c.as_ref().map(|c| {
                let left = c.remaining(s, now);
                Face {
                    text: Clock::format(left),
                    running: !over && !c.is_paused() && c.running() == Some(s),
                    low: left < low_time_ms(&c.control),
                    paused: !over && c.is_paused(),
                    out: left == 0,
                }
            })
        })
    });
    move || {
        face.get().map(|f| {
            let name = side.get().name();
            let mut class = String::from("clock");
            for (on, c) in [
                (f.running, " running"),
                (f.low, " low"),
                (f.paused, " paused"),
                (f.out, " out"),
            ] {
                if on {
                    class.push_str(c);
                }
            }
            view! {
                <div
                    class=class
                    data-testid=format!("clock-{}", name.to_ascii_lowercase())
                    role="timer"
                    aria-label=msg::game_clock_label(&name)
                >
                    {f.text}
                </div>
            }
        })
    }
}

/// In the side panel: what the clock is doing and the Pause / Resume button.
#[component]
pub fn ClockBar(state: GameState) -> impl IntoView {
    let info = memo(move || {
        if state.session.with(|g| g.is_over()) {
            return None;
        }
        let turn = state.session.with(|g| g.turn());
        state.clock.with(|c| {
            c.as_ref()
                .map(|c| (c.control, c.running().is_some(), c.is_paused(), turn))
        })
    });
    move || {
        info.get().map(|(control, started, paused, turn)| {
            let note = if paused {
                msg::game_clock_paused_note().to_string()
            } else if !started {
                msg::game_clock_starts(&words::side(turn))
            } else {
                msg::game_clock_note(&control_text(Some(control)))
            };
            view! {
                <div class="clock-bar" class:paused=paused>
                    <span class="clock-note" data-testid="clock-note">{note}</span>
                    <button
                        class="clock-pause"
                        class:primary=paused
                        data-testid="clock-pause"
                        aria-pressed=paused.to_string()
                        on:click=move |_| state.toggle_pause()
                    >
                        {if paused { msg::game_clock_resume() } else { msg::game_clock_pause() }}
                    </button>
                </div>
            }
        })
    }
}

/// Covers the board while the clock is paused, so no one moves (or thinks on the clock).
#[component]
pub fn PausedLayer(state: GameState) -> impl IntoView {
    move || {
        let show = state.clock_paused() && state.session.with(|g| !g.is_over());
        show.then(|| {
            view! {
                <div class="paused-layer" data-testid="paused-overlay">
                    <div class="paused-card">
                        <p class="paused-title">{msg::game_clock_paused()}</p>
                        <button class="primary" on:click=move |_| state.toggle_pause()>
                            {msg::game_clock_resume()}
                        </button>
                    </div>
                </div>
            }
        })
    }
}
