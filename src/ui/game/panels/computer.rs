//! The computer in the side panel: "Sam is thinking…" while it thinks, and the Hint button
//! (a good move as an arrow on the board, with its name in words) — off when the teacher's
//! lock says so. In demo mode the same search is "Show best move", with who stands better.

use crate::text::msg;
use crate::ui::board::memo;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::state::GameState;
use leptos::prelude::*;

/// "Sam is thinking…", with three dots that pulse (still under reduced motion).
#[component]
pub fn Thinking(state: GameState) -> impl IntoView {
    let thinking = memo(move || state.computer_thinking());
    move || {
        thinking.get().map(|name| {
            view! {
                <p class="thinking" data-testid="thinking">
                    <span class="thinking-dots" aria-hidden="true">
                        <i></i>
                        <i></i>
                        <i></i>
                    </span>
                    {msg::computer_thinking(&name)}
                </p>
            }
        })
    }
}

/// The words that go with the arrow on the board, while it is shown.
fn shown_words(state: GameState) -> impl IntoView {
    move || {
        state.hint_mark().map(|(_, words)| {
            view! { <p class="hint-words" data-testid="hint-words">{words}</p> }
        })
    }
}

/// Whether a good move may be asked for now: a game still going on the board, nothing
/// already being looked for, and (outside demo mode) a person's turn.
fn can_ask(state: GameState, demo: bool) -> bool {
    let open = state.with_board(|b| !b.is_over() && !b.is_paused());
    let persons_turn = || {
        state
            .computer
            .with(|c| c.level(state.session.with(|s| s.turn())).is_none())
    };
    open && state.asked.get().is_none() && (demo || persons_turn())
}

/// Against the computer: take back your move and its answer (the teacher's PIN when the
/// lock is on, as every take-back). Fun Family Chess has its own Take back.
fn take_back_button(state: GameState) -> impl IntoView {
    let against = move || state.computer.with(|c| c.plays()) && !state.is_family();
    let can = move || state.session.with(|s| s.history_len() > 0);
    move || {
        against().then(|| {
            view! {
                <button
                    data-testid="take-back"
                    title=msg::game_take_back_pair_title()
                    disabled=move || !can()
                    on:click=move |_| as_teacher(Guarded::TakeBack, move || {
                        state.take_back();
                    })
                >
                    {msg::game_take_back_pair()}
                </button>
            }
        })
    }
}

/// The Hint button (and, against the computer, Take back) and the hint in words.
#[component]
pub fn HintButton(state: GameState) -> impl IntoView {
    view! {
        <div class="hint-row">
            {take_back_button(state)}
            <button
                data-testid="hint"
                title=msg::game_hint_title()
                disabled=move || !can_ask(state, false) || !lock::hints_allowed()
                on:click=move |_| state.ask_best()
            >
                {msg::game_hint()}
            </button>
            {looking(state)}
        </div>
        {shown_words(state)}
    }
}

/// Demo mode: the best move here as an arrow, and who stands better.
#[component]
pub fn BestMoveButton(state: GameState) -> impl IntoView {
    view! {
        <div class="demo-row best-row">
            <button
                class="tool"
                data-testid="best-move"
                title=msg::game_best_move_title()
                disabled=move || !can_ask(state, true)
                on:click=move |_| state.ask_best()
            >
                {msg::game_best_move()}
            </button>
            {looking(state)}
        </div>
        {shown_words(state)}
    }
}

/// "Looking for a good move…" while the engine does.
fn looking(state: GameState) -> impl IntoView {
    move || {
        state
            .looking_for_best()
            .then(|| view! { <span class="hint-looking">{msg::game_hint_looking()}</span> })
    }
}
