//! The readers of the saved forms, a part of their own: a first visit has nothing saved, so
//! its first load does without them. When something is saved they are fetched before the app
//! starts ([`crate::ui::start`]); otherwise with the parts fetched ahead, before the rules
//! screen (which rewrites the stored rule sets), and before another tab's save is read.

use crate::saved_rules::{self, SavedRuleSet};
use crate::saves::game as game_save;
use crate::saves::settings::{self as settings_save, Settings};
use crate::teacher::TeacherConfig;
use crate::text::msg;
use crate::ui::platform::storage;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::sync::OnceLock;

/// Reads each saved form whole, or says why it cannot be opened.
pub trait SaveReaders: Sync {
    fn game(&self, text: &str) -> Result<game_save::Current, String>;
    fn settings(&self, text: &str) -> Result<Settings, String>;
    fn teacher(&self, text: &str) -> Result<TeacherConfig, String>;
    fn rule_sets(&self, text: &str) -> Result<Vec<SavedRuleSet>, String>;
}

/// The keys whose saves are read at start: when one holds something, the readers come first.
const READ_AT_START: [&str; 4] = [
    storage::CURRENT_KEY,
    storage::SETTINGS_KEY,
    storage::TEACHER_KEY,
    storage::RULE_SETS_KEY,
];

struct Readers;

static READERS: OnceLock<&'static dyn SaveReaders> = OnceLock::new();

/// The readers, once their part is in.
pub fn readers() -> Option<&'static dyn SaveReaders> {
    READERS.get().copied()
}

/// Reads `text` with `read` if the readers are in; without them nothing can be read, and
/// the error says so.
pub fn read<T>(
    read: impl FnOnce(&dyn SaveReaders, &str) -> Result<T, String>,
) -> impl FnOnce(&str) -> Result<T, String> {
    move |text| match readers() {
        Some(r) => read(r, text),
        None => Err(msg::app_part_missing_reason().into()),
    }
}

/// Fetches the readers if they are not in yet; `None` when they could not be fetched.
pub async fn load() -> Option<&'static dyn SaveReaders> {
    if let Some(r) = readers() {
        return Some(r);
    }
    install().await.ok()?;
    readers()
}

/// Whether this browser holds a save the app reads when it starts.
pub fn needed_at_start() -> bool {
    READ_AT_START.iter().any(|key| storage::read(key).is_some())
}

#[wasm_split(saves, wasm_split_path = leptos::wasm_split, fallible)]
fn install() -> Result<(), SplitLoaderError> {
    let _ = READERS.set(&Readers);
    Ok(())
}

impl SaveReaders for Readers {
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
}
