//! The browser's storage (localStorage): the only part of the app that reads or writes it.
//! The saved forms themselves are pure and tested natively ([`crate::saves`],
//! [`crate::saved_rules`], [`crate::teacher`]); this module moves their text in and out and
//! keeps three promises:
//!
//! - **nothing unreadable is lost**: text that does not read is copied under a set-aside key
//!   first and only then removed; when the copy fails (storage full) the original stays and
//!   that key is never written over;
//! - **every failure is said once**, in words a teacher understands;
//! - **two tabs never overwrite each other silently**: each game save carries a revision;
//!   a tab that finds a save it did not read (another tab wrote since) keeps that text
//!   aside before writing, and the `storage` event keeps open tabs in step
//!   ([`watch`]).

use crate::text::msg;
use std::cell::{Cell, RefCell};

pub const CURRENT_KEY: &str = "classroom-chess.current";
pub const SETTINGS_KEY: &str = "classroom-chess.settings";
/// The game that was replaced by "New game" or an import, in case it was needed after all.
pub const PREVIOUS_KEY: &str = "classroom-chess.previous";
pub const FAMILY_KEY: &str = "classroom-chess.family";
/// Where the family board's turning was kept before it joined the settings.
pub const OLD_ROTATION_KEY: &str = "classroom-chess.family-rotation";
pub const RULE_SETS_KEY: &str = crate::saved_rules::STORAGE_KEY;
pub const TEACHER_KEY: &str = crate::teacher::STORAGE_KEY;
/// The position editor's working position and mode.
pub const EDITOR_KEY: &str = "classroom-chess.editor";
/// The class tournament ([`crate::tournament::event`]).
pub const TOURNAMENT_KEY: &str = "classroom-chess.tournament";
/// Tournament games finished on this tablet, not yet entered ([`crate::saves::tournament_games`]).
pub const TOURNAMENT_GAMES_KEY: &str = "classroom-chess.tournament-games";
const SET_ASIDE_PREFIX: &str = "classroom-chess.set-aside.";

thread_local! {
    /// Per key, the revision this tab last read or wrote (see [`crate::saves::revision_of`]).
    /// A handful of keys: a list, which costs the first load less code than a map.
    static KNOWN: RefCell<Vec<(String, u64)>> = const { RefCell::new(Vec::new()) };
    /// Keys holding unreadable text that could not be copied aside: never written over.
    static GUARDED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// This tab's revision counter; the high half is random, so two tabs never share one.
    static REVISION: Cell<u64> = const { Cell::new(0) };
}

/// localStorage, if the browser lets us use it (it may be disabled).
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Writes `text` under `key`; false when the browser refused (storage full or turned off)
/// or the key holds text that must not be written over.
pub fn write(key: &str, text: &str) -> bool {
    if GUARDED.with(|g| g.borrow().iter().any(|k| k == key)) {
        return false;
    }
    storage().is_some_and(|s| s.set_item(key, text).is_ok())
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// What happened to text that could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetAside {
    /// Copied under this key, and the original removed.
    Kept(String),
    /// The copy failed (storage full): the original stays where it was, untouched.
    Left,
}

/// Moves unreadable text out of the way without losing it: the copy comes first, and the
/// original is removed only once the copy is stored.
pub fn set_aside(key: &str, text: &str) -> SetAside {
    let name = key.strip_prefix("classroom-chess.").unwrap_or(key);
    let aside = format!(
        "{SET_ASIDE_PREFIX}{name}-{}",
        web_sys::js_sys::Date::now() as u64
    );
    if storage().is_some_and(|s| s.set_item(&aside, text).is_ok()) {
        remove(key);
        SetAside::Kept(aside)
    } else {
        GUARDED.with(|g| {
            let mut guarded = g.borrow_mut();
            if !guarded.iter().any(|k| k == key) {
                guarded.push(key.to_string());
            }
        });
        SetAside::Left
    }
}

/// The notice for something (`what`: "Your saved game") that could not be opened.
pub fn set_aside_notice(what: &str, why: &str, result: &SetAside, then: &str) -> String {
    match result {
        SetAside::Kept(key) => msg::platform_set_aside_kept(&what, &why, key, &then),
        SetAside::Left => msg::platform_set_aside_left(&what, &why, &then),
    }
}

/// Reads `key` with `decode`. What reads is returned (and its revision, read by `revision`,
/// remembered); text that does not read is set aside and the notice for it (about `what`,
/// then `then`) is the error.
pub fn read_or_set_aside<T>(
    key: &str,
    what: &str,
    then: &str,
    decode: impl FnOnce(&str) -> Result<T, String>,
    revision: fn(&str) -> u64,
) -> Result<Option<T>, String> {
    let Some(text) = read(key) else {
        return Ok(None);
    };
    match decode(&text) {
        Ok(value) => {
            remember(key, revision(&text));
            Ok(Some(value))
        }
        Err(why) => Err(set_aside_notice(what, &why, &set_aside(key, &text), then)),
    }
}

/// A revision for the next write of this tab.
pub fn next_revision() -> u64 {
    REVISION.with(|r| {
        let mut v = r.get();
        if v == 0 {
            let random = (web_sys::js_sys::Math::random() * f64::from(u32::MAX)) as u64;
            v = (random.max(1)) << 32;
        }
        v += 1;
        r.set(v);
        v
    })
}

/// Remembers that this tab holds revision `rev` of `key` (read or written).
pub fn remember(key: &str, rev: u64) {
    KNOWN.with(|k| {
        let mut known = k.borrow_mut();
        match known.iter_mut().find(|(name, _)| name == key) {
            Some(entry) => entry.1 = rev,
            None => known.push((key.to_string(), rev)),
        }
    });
}

/// The revision of `key` this tab last read or wrote (0: none).
pub fn known(key: &str) -> u64 {
    KNOWN.with(|k| {
        let known = k.borrow();
        known
            .iter()
            .find(|(name, _)| name == key)
            .map_or(0, |e| e.1)
    })
}

/// How a revisioned write went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Written {
    Saved,
    /// Another tab had written since this tab last read the key: its text was kept aside
    /// (or, storage being full, nothing was written) — the notice says which.
    SavedOverOther(String),
    /// The browser refused to store it.
    Failed,
}

/// Writes a save made by `encode(revision)` under `key`. When the key holds a revision (read
/// by `revision`) this tab did not read or write (another tab wrote in between), that text
/// is kept aside first, so neither tab's game is lost.
pub fn write_revisioned(
    key: &str,
    what: &str,
    revision: impl FnOnce(&str) -> u64,
    encode: impl FnOnce(u64) -> String,
) -> Written {
    let mut outcome = Written::Saved;
    if let Some(stored) = read(key) {
        let theirs = revision(&stored);
        if theirs != known(key) {
            outcome = match set_aside(key, &stored) {
                SetAside::Kept(aside) => {
                    Written::SavedOverOther(msg::platform_changed_in_other_tab(&what, &aside))
                }
                SetAside::Left => return Written::Failed,
            };
        }
    }
    let rev = next_revision();
    if write(key, &encode(rev)) {
        remember(key, rev);
        outcome
    } else {
        Written::Failed
    }
}

/// Calls `changed(key, new text)` whenever another tab changes a key of this app (the
/// browser's `storage` event, which the writing tab itself never receives).
pub fn watch(changed: impl Fn(&str, Option<String>) + 'static) {
    let handle = leptos::prelude::window_event_listener(leptos::ev::storage, move |ev| {
        if let Some(key) = ev.key() {
            if key.starts_with("classroom-chess.") {
                changed(&key, ev.new_value());
            }
        }
    });
    // The app lives as long as the page.
    std::mem::forget(handle);
}
