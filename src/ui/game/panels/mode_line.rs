//! The line under the menu that says which game this is and how it is won: the mode's
//! title, or a saved custom rule set's name, with what differs from the usual rules.

use crate::rules::ruleset::{Castling, Mode, Object, RuleSet};
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
        Object::Checkmate => "Checkmate to win",
        Object::KingCapture => "Capture the king to win",
        Object::StalemateWins => "Checkmate or stalemate to win",
    };
    let changed = r.changed_options();
    let extras = if changed.is_empty() {
        String::new()
    } else {
        format!(" · {}", changed.join(" · ").replace('=', ": "))
    };
    let name = saved_name(state, r).unwrap_or_else(|| "Custom game".into());
    (name, format!("{goal}{extras}"))
}

fn two_player_line(state: GameState, r: &RuleSet) -> (String, String) {
    if r.mode == Mode::Custom {
        return custom_line(state, r);
    }
    let goal = match r.mode {
        Mode::Primary => "Capture the king to win",
        Mode::Sharp => "Place your pieces from the reserve, capture the king to win",
        _ => "Checkmate to win",
    };
    let mut extras: Vec<String> = Vec::new();
    if r.mode == Mode::Sharp {
        extras.push(format!(
            "no draws · scored out of {}",
            r.scoring.total_text()
        ));
    }
    if r.mode == Mode::Primary {
        if r.castling != Castling::None {
            extras.push("castling allowed".into());
        }
        if r.midline_invasion {
            extras.push("midline invasion".into());
        }
        if let Some(m) = r.adjudication_margin {
            if m != 3 {
                extras.push(format!("stop: {m}-point lead wins"));
            }
        }
    }
    let extras = if extras.is_empty() {
        String::new()
    } else {
        format!(" · {}", extras.join(" · "))
    };
    (r.mode.title().to_string(), format!("{goal}{extras}"))
}

#[component]
pub fn ModeLine(state: GameState) -> impl IntoView {
    let line = Memo::new(move |_| {
        state.session.with(|s| match s {
            Session::Two(g) => two_player_line(state, g.rules()),
            Session::Family(_) => (
                "Fun Family Chess".to_string(),
                "Checkmate the others; say \"Check!\" when you give check".to_string(),
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
