//! The line under the menu that says which game this is and how it is won: the mode's
//! title, or a saved custom rule set's name, with what differs from the usual rules.

pub mod option_words;

use crate::rules::ruleset::{Castling, Mode, Object, RuleSet};
use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::session::Session;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

/// The name of the saved rule set with exactly these rules, if any.
pub fn saved_name(state: GameState, rules: &RuleSet) -> Option<String> {
    state.rule_sets.with_untracked(|sets| {
        sets.iter()
            .find(|s| s.rules().ok().as_ref() == Some(rules))
            .map(|s| s.name.clone())
    })
}

/// A custom game's line: its saved name (or "Custom game") and what wins, with the options.
fn custom_line(state: GameState, r: &RuleSet) -> (String, String) {
    let goal = match r.object {
        Object::Checkmate => msg::game_goal_checkmate(),
        Object::KingCapture => msg::game_goal_king_capture(),
        Object::StalemateWins => msg::game_goal_stalemate_wins(),
    };
    let changed = r.changed_options();
    let extras = if changed.is_empty() {
        String::new()
    } else {
        format!(
            " · {}",
            option_words::in_words(changed.iter().map(String::as_str))
        )
    };
    let name = saved_name(state, r).unwrap_or_else(|| msg::game_custom_game().into());
    (name, format!("{goal}{extras}"))
}

fn two_player_line(state: GameState, r: &RuleSet) -> (String, String) {
    if r.mode == Mode::Custom {
        return custom_line(state, r);
    }
    let goal = match r.mode {
        Mode::Primary => msg::game_goal_king_capture(),
        Mode::Sharp => msg::game_goal_sharp(),
        _ => msg::game_goal_checkmate(),
    };
    let mut extras: Vec<String> = Vec::new();
    if r.mode == Mode::Sharp {
        extras.push(msg::game_mode_no_draws(&r.scoring.total_text()));
    }
    if r.mode == Mode::Primary {
        if r.castling != Castling::None {
            extras.push(msg::game_mode_castling().into());
        }
        if r.midline_invasion {
            extras.push(msg::game_mode_midline().into());
        }
        if let Some(m) = r.adjudication_margin {
            if m != 3 {
                extras.push(msg::game_mode_stop_lead(&m));
            }
        }
    }
    let extras = if extras.is_empty() {
        String::new()
    } else {
        format!(" · {}", extras.join(" · "))
    };
    (words::mode(r.mode).to_string(), format!("{goal}{extras}"))
}

#[component]
pub fn ModeLine(state: GameState) -> impl IntoView {
    let line = memo(move || {
        state.session.with(|s| match s {
            Session::Two(g) => two_player_line(state, g.rules()),
            Session::Family(_) => (
                msg::game_family_title().to_string(),
                msg::game_family_goal().to_string(),
            ),
        })
    });
    view! {
        <div class="mode-line">
            <strong>{move || line.with(|l| l.0.clone())}</strong>
            <span>{move || line.with(|l| l.1.clone())}</span>
        </div>
    }
}
