//! The result screen, for both kinds of game: who won and why in plain words, and the points
//! under the mode's scoring. In Chess# also the rule that gave the points ("8 to 2 for
//! Black") and, for an impasse, the material on the board; in Fun Family Chess every seat's
//! points. "Look at the board" closes it and leaves the finished board visible.

use crate::rules::family::{FamilyOutcome, SEATS};
use crate::rules::game::{EndReason, Outcome};
use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::ui::board::memo;
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::modal::Modal;
use crate::ui::game::part::{dialog_part, Part};
use crate::ui::game::session::Session;
use crate::ui::game::state::{Dialog, GameState};
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

/// The buttons under every result (2-player and Fun Family): "Look at the board" closes the
/// screen and leaves the finished board visible; "New game" opens the new-game dialog, or,
/// after a tournament game, "Back to the tournament" its table (where the result is entered).
fn result_buttons(state: GameState, look: Callback<()>) -> impl IntoView {
    // A tournament game's result is kept for the tournament: back to its table.
    let tournament = state.tournament.get_untracked().is_some();
    let (next_testid, next_text) = if tournament {
        ("result-tournament", msg::tournament_back())
    } else {
        ("result-new-game", msg::new_game())
    };
    let next = move || {
        if tournament {
            as_teacher(Guarded::Tournament, move || {
                state.dialog.set(Some(Dialog::Tournament))
            });
        } else {
            state.dialog.set(Some(Dialog::NewGame));
        }
    };
    view! {
        <div class="dialog-buttons">
            <button data-testid="look-at-board" on:click=move |_| look.run(())>
                {msg::dialog_look_at_board()}
            </button>
            <button class="primary" data-testid=next_testid on:click=move |_| next()>
                {next_text}
            </button>
        </div>
    }
}

/// Chess#: how the points follow from the result, e.g. "8 to 2 for Black (Chess# scoring)".
fn sharp_rule(o: &Outcome, state: GameState) -> String {
    let [w, b] = [Side::WHITE, Side::BLACK].map(|s| o.points_text(s));
    match o.winner {
        Some(side) => {
            let (mine, theirs) = if side == Side::WHITE { (w, b) } else { (b, w) };
            msg::dialog_sharp_rule(&mine, &theirs, &state.label(side))
        }
        None => msg::dialog_sharp_impasse(&w, &b),
    }
}

/// "Points: Red 1, Blue 0, Yellow ½, Green ½" for the seats that had players.
fn family_points(state: GameState, o: &FamilyOutcome) -> String {
    let seats: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.players & (1 << s.0) != 0)
        .map(|s| {
            let p = ["0", "½", "1"][o.half_points(s).min(2) as usize];
            msg::dialog_seat_points(&state.label(s), &p)
        })
        .collect();
    msg::dialog_family_points(&seats.join(", "))
}

fn two_player_result(state: GameState, o: Outcome, look: Callback<()>) -> AnyView {
    let Some((sharp, total, material)) = state.with_two_untracked(|g| {
        let p = g.position();
        (
            g.rules().mode == Mode::Sharp,
            g.rules().scoring.total_text(),
            (p.material(Side::WHITE), p.material(Side::BLACK)),
        )
    }) else {
        return ().into_any();
    };
    let (white, black) = (state.label(Side::WHITE), state.label(Side::BLACK));
    let (white_points, black_points) = (o.points_text(Side::WHITE), o.points_text(Side::BLACK));
    let points = if sharp {
        msg::dialog_points_out_of(&total, &white, &white_points, &black, &black_points)
    } else {
        msg::dialog_points(&white, &white_points, &black, &black_points)
    };
    let winner_class = match (o.winner, o.half_points) {
        (Some(Side::WHITE), _) => "result-title white",
        (Some(_), _) => "result-title black",
        (None, [w, b]) if w != b => "result-title impasse",
        (None, _) => "result-title draw",
    };
    let impasse = matches!(o.reason, EndReason::Impasse | EndReason::FastFifty);
    let rule = sharp.then(|| {
        view! { <p class="result-rule" data-testid="result-rule">{sharp_rule(&o, state)}</p> }
    });
    let material_line = (sharp && impasse).then(|| {
        view! {
            <p class="result-material" data-testid="result-material">
                {msg::dialog_material(&material.0, &material.1)}
            </p>
        }
    });
    view! {
        <Modal state title=msg::dialog_game_over() testid="result" on_close=look>
            <p class=winner_class>{state.winner_text(&o)}</p>
            <p class="result-reason">{msg::dialog_result_reason(&capitalise(&state.reason_text(&o)))}</p>
            {material_line}
            {rule}
            <p class="points" data-testid="points">{points}</p>
            {result_buttons(state, look)}
        </Modal>
    }
    .into_any()
}

fn family_result(state: GameState, o: FamilyOutcome, look: Callback<()>) -> AnyView {
    view! {
        <Modal state title=msg::dialog_game_over() testid="result" on_close=look>
            <p class="result-title">{state.family_outcome_title(&o)}</p>
            <p class="result-reason">{msg::dialog_result_reason(&capitalise(o.reason.describe()))}</p>
            <p class="points" data-testid="points">{family_points(state, &o)}</p>
            {result_buttons(state, look)}
        </Modal>
    }
    .into_any()
}

#[component]
pub fn ResultModal(state: GameState) -> impl IntoView {
    let shown = memo(move || {
        state.session.with(|s| s.is_over())
            && !state.result_closed.get()
            && state.dialog.with(|d| d.is_none())
    });
    let look = Callback::new(move |()| state.set_result_closed(true));
    move || {
        shown
            .get()
            .then(|| dialog_part(state, Some(look), result_screen(state)))
    }
}

/// The result screen's part fetched ahead, with nothing shown (see `screens::fetch_ahead`).
#[wasm_split(result, wasm_split_path = leptos::wasm_split, fallible)]
pub fn result_fetched() -> Part {
    Ok(().into_any())
}

/// The result screen's code is fetched when a game first ends (or ahead of it).
#[wasm_split(result, wasm_split_path = leptos::wasm_split, fallible)]
fn result_screen(state: GameState) -> Part {
    Ok(view! { <ResultScreen state /> }.into_any())
}

#[component]
fn ResultScreen(state: GameState) -> impl IntoView {
    move || {
        enum Ended {
            Two(Outcome),
            Family(FamilyOutcome),
        }
        let ended = state.session.with(|s| match s {
            Session::Two(g) => g.outcome().map(Ended::Two),
            Session::Family(g) => g.outcome().map(Ended::Family),
        })?;
        if state.result_closed.get() || state.dialog.with(|d| d.is_some()) {
            return None;
        }
        let look = Callback::new(move |_| state.set_result_closed(true));
        Some(match ended {
            Ended::Two(o) => two_player_result(state, o, look),
            Ended::Family(o) => family_result(state, o, look),
        })
    }
}
