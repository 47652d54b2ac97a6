//! What the position in the editor will be played as — a built-in mode, a saved custom rule
//! set, or the custom rules being made on the rules screen — and the editor's working copy in
//! storage, so a reload keeps the position and the choice.

use crate::rules::ruleset::{Mode, RuleSet};
use crate::rules::setup::Setup;
use crate::saved_rules::SavedRuleSet;
use crate::text::msg;
use crate::text::words;
use crate::ui::game::state::GameState;
use crate::ui::platform::storage;

/// The built-in modes a position can be played in (the saved custom rule sets come after).
pub const MODES: [Mode; 3] = [Mode::Primary, Mode::Orthodox, Mode::Sharp];

#[derive(Clone, PartialEq, Debug)]
pub enum PlayAs {
    Mode(Mode),
    /// A teacher's saved custom rule set.
    Saved(SavedRuleSet),
    /// The custom rules being built on the rules screen, which opened the editor.
    Draft(RuleSet),
}

impl PlayAs {
    /// The value in the mode list and in storage: `orthodox`, `custom-<slug>`.
    pub fn key(&self) -> String {
        match self {
            PlayAs::Mode(m) => m.key().to_string(),
            PlayAs::Saved(s) => format!("custom-{}", s.slug()),
            PlayAs::Draft(_) => "draft".into(),
        }
    }

    pub fn title(&self) -> String {
        match self {
            PlayAs::Mode(m) => words::mode(*m).to_string(),
            PlayAs::Saved(s) => s.name.clone(),
            PlayAs::Draft(_) => msg::editor_draft_rules().into(),
        }
    }

    /// The label in the "Play it as" list.
    pub fn choice_label(&self) -> String {
        match self {
            PlayAs::Saved(s) => msg::editor_saved_choice(&s.name),
            other => other.title(),
        }
    }

    pub fn rules(&self, state: GameState) -> RuleSet {
        match self {
            PlayAs::Mode(m) => rules_for(state, *m),
            // The list holds only sets that read (loading checks them all).
            PlayAs::Saved(s) => s
                .rules()
                .unwrap_or_else(|_| RuleSet::custom_from(s.base_mode())),
            PlayAs::Draft(r) => r.clone(),
        }
    }

    /// Whether a game with these rules is of this kind (the kind the editor opens with).
    pub fn is_kind_of(&self, rules: &RuleSet) -> bool {
        match self {
            PlayAs::Mode(m) => *m == rules.mode,
            PlayAs::Saved(s) => s.rules().ok().as_ref() == Some(rules),
            PlayAs::Draft(_) => false,
        }
    }
}

/// The choices of the mode list: the built-in modes, then the saved custom rule sets.
pub fn play_choices(state: GameState) -> Vec<PlayAs> {
    MODES
        .into_iter()
        .map(PlayAs::Mode)
        .chain(
            state
                .rule_sets
                .get_untracked()
                .into_iter()
                .map(PlayAs::Saved),
        )
        .collect()
}

/// The rules a game of `mode` gets: the two-player game's own (with its options) when it is
/// of that mode, else the mode's defaults.
fn rules_for(state: GameState, mode: Mode) -> RuleSet {
    state
        .with_two_untracked(|g| (g.rules().mode == mode).then(|| g.rules().clone()))
        .flatten()
        .unwrap_or_else(|| RuleSet::for_mode(mode))
}

/// What an earlier visit left in storage: the working position (if any) and the mode key.
pub fn load_saved() -> (Option<Setup>, Option<String>) {
    let v: Option<serde_json::Value> =
        storage::read(storage::EDITOR_KEY).and_then(|text| serde_json::from_str(&text).ok());
    let field = |k: &str| {
        v.as_ref()
            .and_then(|v| v.get(k))
            .and_then(|f| f.as_str())
            .map(str::to_string)
    };
    let setup = field("fen").and_then(|f| Setup::from_fen(&f).ok());
    (setup, field("mode"))
}

fn store(fen: Option<String>, mode: &str) {
    let value = serde_json::json!({ "fen": fen, "mode": mode }).to_string();
    // A full or disabled storage only costs the working position after a reload.
    storage::write(storage::EDITOR_KEY, &value);
}

/// Keeps the working position and the choice for next time.
pub fn save(setup: &Setup, mode: &str) {
    store(Some(setup.fen(true)), mode);
}

/// The mode the editor opens with next time (the one just picked in the New game dialog);
/// the working position stays.
pub fn prefer_mode(mode: Mode) {
    if MODES.contains(&mode) {
        store(load_saved().0.map(|s| s.fen(true)), mode.key());
    }
}
