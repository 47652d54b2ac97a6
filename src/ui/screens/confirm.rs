//! "Are you sure?" before the two actions that end a two-player game at a tap: stopping it at
//! the end of the lesson (it is decided by material, and the dialog says how) and resigning.

use crate::rules::game::Action;
use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::ui::game::modal::ConfirmDialog;
use crate::ui::game::panels::actions::half_text;
use crate::ui::game::state::{Confirm, GameState};
use leptos::prelude::*;

fn stop_message(state: GameState) -> String {
    state
        .with_two_untracked(|g| {
            let p = g.position();
            let (w, b) = (p.material(Side::WHITE), p.material(Side::BLACK));
            let margin = g.rules().adjudication_margin.unwrap_or(3);
            let verdict = match g.adjudicate().and_then(|o| o.winner) {
                Some(side) => format!("{} wins", state.label_untracked(side)),
                None => format!("it is a draw (a lead of {margin} points is needed to win)"),
            };
            format!(
                "End of the lesson? The game is decided by the pieces on the board: White has {w} points, Black {b}, so {verdict}."
            )
        })
        .unwrap_or_default()
}

fn resign_message(state: GameState, side: Side) -> String {
    let points = state
        .with_two_untracked(|g| {
            (g.rules().mode == Mode::Sharp).then(|| {
                let s = g.rules().scoring;
                format!(
                    " ({} points to {}, out of {})",
                    half_text(s.win),
                    half_text(s.loss),
                    s.total_text()
                )
            })
        })
        .flatten();
    format!(
        "{} gives up and {} wins{}. Are you sure?",
        state.label_untracked(side),
        state.label_untracked(Side(1 - side.0)),
        points.unwrap_or_default()
    )
}

#[component]
pub fn ConfirmScreen(state: GameState, confirm: Confirm) -> impl IntoView {
    match confirm {
        Confirm::Stop => view! {
            <ConfirmDialog
                state
                title="Stop the game?"
                message=stop_message(state)
                yes="Yes, stop the game"
                on_yes=Callback::new(move |_| state.act(Action::Stop))
            />
        }
        .into_any(),
        Confirm::Resign(side) => view! {
            <ConfirmDialog
                state
                title="Resign?"
                message=resign_message(state, side)
                yes="Yes, resign"
                on_yes=Callback::new(move |_| state.act(Action::Resign(side)))
            />
        }
        .into_any(),
    }
}
