//! The saved forms, read and written, a part of their own: a first visit has nothing saved,
//! so its first load does without them (and without the JSON code under them). When something
//! is saved they are fetched before the app starts ([`crate::ui::start`]); otherwise right
//! after the first frame, so they are in before the first move is saved (a save made sooner
//! waits for them), and before the rules screen and another tab's save are read.

use crate::rules::clock::Clock;
use crate::rules::game::Game;
use crate::saved_rules::{self, SavedRuleSet};
use crate::saves::game::{self as game_save, Computer, Names};
use crate::saves::settings::{self as settings_save, Settings};
use crate::saves::tournament_games::TournamentBoard;
use crate::teacher::TeacherConfig;
use crate::text::msg;
use crate::ui::platform::storage;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::sync::OnceLock;

/// A two-player game's save: the game and what is kept with it.
pub struct GameSave<'a> {
    pub game: &'a Game,
    pub names: &'a Names,
    pub result_closed: bool,
    pub clock: Option<&'a Clock>,
    pub computer: &'a Computer,
    pub tournament: Option<TournamentBoard>,
}

/// Reads each saved form whole, or says why it cannot be opened; writes the forms the first
/// load saves.
pub trait SaveForms: Sync {
    fn game(&self, text: &str) -> Result<game_save::Current, String>;
    fn settings(&self, text: &str) -> Result<Settings, String>;
    fn teacher(&self, text: &str) -> Result<TeacherConfig, String>;
    fn rule_sets(&self, text: &str) -> Result<Vec<SavedRuleSet>, String>;
    /// The revision a save was written with (see [`crate::saves::revision_of`]).
    fn revision(&self, text: &str) -> u64;
    fn game_text(&self, save: &GameSave<'_>, rev: u64) -> String;
    fn settings_text(&self, settings: &Settings) -> String;
}

/// The keys whose saves are read (or rewritten) at start: when one holds something, the
/// forms come first.
const READ_AT_START: [&str; 5] = [
    storage::CURRENT_KEY,
    storage::SETTINGS_KEY,
    storage::TEACHER_KEY,
    storage::RULE_SETS_KEY,
    storage::OLD_ROTATION_KEY,
];

struct Forms;

static FORMS: OnceLock<&'static dyn SaveForms> = OnceLock::new();

/// The forms, once their part is in.
pub fn forms() -> Option<&'static dyn SaveForms> {
    FORMS.get().copied()
}

/// The revision of a save, read with the forms (0 without them: then nothing was read).
pub fn revision(text: &str) -> u64 {
    forms().map_or(0, |f| f.revision(text))
}

/// Reads `text` with `read` if the forms are in; without them nothing can be read, and
/// the error says so.
pub fn read<T>(
    read: impl FnOnce(&dyn SaveForms, &str) -> Result<T, String>,
) -> impl FnOnce(&str) -> Result<T, String> {
    move |text| match forms() {
        Some(r) => read(r, text),
        None => Err(msg::app_part_missing_reason().into()),
    }
}

/// Fetches the forms if they are not in yet; `None` when they could not be fetched.
pub async fn load() -> Option<&'static dyn SaveForms> {
    if let Some(f) = forms() {
        return Some(f);
    }
    install().await.ok()?;
    forms()
}

/// Whether this browser holds a save the app reads when it starts.
pub fn needed_at_start() -> bool {
    READ_AT_START.iter().any(|key| storage::read(key).is_some())
}

#[wasm_split(saves, wasm_split_path = leptos::wasm_split, fallible)]
fn install() -> Result<(), SplitLoaderError> {
    let _ = FORMS.set(&Forms);
    Ok(())
}

impl SaveForms for Forms {
    fn game(&self, text: &str) -> Result<game_save::Current, String> {
        game_save::decode(text)
    }

    fn settings(&self, text: &str) -> Result<Settings, String> {
        settings_save::decode(text)
    }

    fn teacher(&self, text: &str) -> Result<TeacherConfig, String> {
        TeacherConfig::decode(text)
    }

    fn rule_sets(&self, text: &str) -> Result<Vec<SavedRuleSet>, String> {
        saved_rules::decode(text)
    }

    fn revision(&self, text: &str) -> u64 {
        crate::saves::revision_of(text)
    }

    fn game_text(&self, save: &GameSave<'_>, rev: u64) -> String {
        game_save::encode(
            save.game,
            save.names,
            save.result_closed,
            save.clock,
            save.computer,
            save.tournament,
            rev,
        )
    }

    fn settings_text(&self, settings: &Settings) -> String {
        settings_save::encode(settings)
    }
}
