//! "Are you sure?" before the two actions that end a two-player game at a tap: stopping it at
//! the end of the lesson (it is decided by material, and the dialog says how) and resigning.

use crate::rules::game::Action;
use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::text::msg;
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
            match g.adjudicate().and_then(|o| o.winner) {
                Some(side) => msg::dialog_stop_sure_win(&w, &b, &state.label_untracked(side)),
                None => msg::dialog_stop_sure_draw(&w, &b, &margin),
            }
        })
        .unwrap_or_default()
}

fn resign_message(state: GameState, side: Side) -> String {
    let loser = state.label_untracked(side);
    let winner = state.label_untracked(Side(1 - side.0));
    // Chess# says what the resignation scores.
    let scoring = state
        .with_two_untracked(|g| (g.rules().mode == Mode::Sharp).then(|| g.rules().scoring))
        .flatten();
    match scoring {
        Some(s) => msg::dialog_resign_sure_points(
            &loser,
            &winner,
            &half_text(s.win),
            &half_text(s.loss),
            &s.total_text(),
        ),
        None => msg::dialog_resign_sure(&loser, &winner),
    }
}

#[component]
pub fn ConfirmScreen(state: GameState, confirm: Confirm) -> impl IntoView {
    match confirm {
        Confirm::Stop => view! {
            <ConfirmDialog
                state
                title=msg::dialog_stop_title()
                message=stop_message(state)
                yes=msg::dialog_stop_yes()
                on_yes=Callback::new(move |_| state.act(Action::Stop))
            />
        }
        .into_any(),
        Confirm::Resign(side) => view! {
            <ConfirmDialog
                state
                title=msg::dialog_resign_title()
                message=resign_message(state, side)
                yes=msg::dialog_resign_yes()
                on_yes=Callback::new(move |_| state.act(Action::Resign(side)))
            />
        }
        .into_any(),
    }
}
