//! The round trip from the custom rules screen to the position editor and back (a custom
//! game's start position may be standard, the reserve start, or made in the editor).
//!
//! Each dialog is dropped when the other opens, so the rules screen's unsaved choices are kept
//! here, in a context the app provides, outliving both: "Use this position" puts the FEN into
//! them, Cancel leaves them as they were, and the rules screen picks them up when it opens.

use crate::rules::ruleset::{Mode, RuleSet, STANDARD_START};
use crate::ui::board::Kept;
use crate::ui::game::state::{Dialog, GameState};
use leptos::prelude::*;

/// What the rules screen holds before it is saved or played.
#[derive(Clone, PartialEq, Debug)]
pub struct RulesDraft {
    pub base: Mode,
    pub rules: RuleSet,
    /// The start is a position (a FEN) rather than a named start.
    pub from_position: bool,
    pub fen: String,
    pub name: String,
}

impl RulesDraft {
    /// The position the editor opens with: the typed one when there is one, else the start
    /// the options give (standard or reserve start).
    pub fn start_fen(&self) -> String {
        if self.from_position && !self.fen.trim().is_empty() {
            self.fen.clone()
        } else if self.rules.start_fen.trim().is_empty() {
            STANDARD_START.to_string()
        } else {
            self.rules.start_fen.clone()
        }
    }

    /// The rules the position is judged under: the custom rules being built. A position
    /// brings its reserve with it (as on the rules screen: holdings `[...]` mean drops).
    pub fn rules(&self) -> RuleSet {
        let mut r = self.rules.clone();
        r.mode = Mode::Custom;
        if self.from_position && !self.fen.trim().is_empty() {
            r.drops = self.fen.contains('[');
        }
        r
    }
}

#[derive(Clone, Copy)]
pub struct StartEditing {
    /// The rules screen's choices while the editor is open (and after an Escape, so they are
    /// there when the screen opens next).
    draft: Kept<Option<RulesDraft>>,
    /// The editor about to open was asked for by the rules screen.
    editing: Kept<bool>,
}

/// Called once by the app.
pub fn provide() {
    provide_context(StartEditing {
        draft: Kept::new(None),
        editing: Kept::new(false),
    });
}

/// The shared state, looked up while a dialog is drawn (event handlers run outside the
/// component tree, where contexts cannot be found).
pub fn context() -> Option<StartEditing> {
    use_context::<StartEditing>()
}

impl StartEditing {
    /// From the rules screen: keep its choices and open the editor on its start position.
    pub fn open_editor(self, state: GameState, draft: RulesDraft) {
        self.draft.set_value(Some(draft));
        self.editing.set_value(true);
        state.dialog.set(Some(Dialog::Editor));
    }

    /// For the rules screen as it opens: the choices it left for the editor, if any.
    pub fn take_draft(self) -> Option<RulesDraft> {
        self.editing.set_value(false);
        self.draft.try_update_value(Option::take).flatten()
    }

    /// For the editor as it opens: the rules screen's choices when it was opened from there.
    pub fn editing_for_rules(self) -> Option<RulesDraft> {
        let editing = self
            .editing
            .try_update_value(std::mem::take)
            .unwrap_or(false);
        if editing {
            self.draft.get_value()
        } else {
            None
        }
    }

    /// The editor's "Use this position": the FEN becomes the custom game's start; back to
    /// the rules screen.
    pub fn use_position(self, state: GameState, fen: String) {
        self.draft.update_value(|d| {
            if let Some(d) = d {
                d.from_position = true;
                d.fen = fen;
            }
        });
        state.dialog.set(Some(Dialog::Rules));
    }

    /// The editor's Cancel when it came from the rules screen: back, nothing changed.
    pub fn back_to_rules(self, state: GameState) {
        state.dialog.set(Some(Dialog::Rules));
    }
}
