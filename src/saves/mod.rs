//! The saved forms: what the app keeps in the browser's storage, as text. Pure Rust with no
//! web imports, so every form is tested and fuzzed natively; the web side only moves the
//! text in and out of storage.
//!
//! Every form is JSON with the app's name and a version, read strictly: anything that does
//! not read whole (damaged text, an unknown version, a game that does not replay, values no
//! game can have) is an error with a reason, never a panic, and the caller sets the text
//! aside instead of losing it.
//!
//! The game saves also carry a **revision**: a number the writing tab takes from its own
//! counter, so a tab can tell whether the save still holds what it last read or wrote, or
//! whether another tab wrote in between (see [`revision_of`]).
//!
//! - [`game`] the two-player game in progress (with names, the result screen, the clock);
//! - [`family`] the Fun Family Chess game in progress;
//! - [`settings`] the player settings (board orientation, sound, speech, hints);
//! - [`tournament_games`] tournament games finished on this tablet, waiting to be entered.
//!
//! The teacher's settings ([`crate::teacher`]) and the named rule sets
//! ([`crate::saved_rules`]) keep their own forms beside the things they describe.

pub mod family;
pub mod game;
pub mod head;
pub mod settings;
pub mod tournament_games;

use serde::Deserialize;

use crate::text::msg;
use head::Head;

/// The `app` field of every save.
pub const APP: &str = "classroom-chess";

/// The revision a save was written with (0 for saves from before revisions, or text that
/// does not read). Reads only that field; the rest of the text is skipped, not decoded.
pub fn revision_of(text: &str) -> u64 {
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        rev: u64,
    }
    serde_json::from_str::<Head>(text).map_or(0, |h| h.rev)
}

/// Reads a save of this `app` and `version` whole, or says why not.
fn read_whole<T: serde::de::DeserializeOwned>(
    text: &str,
    app: &str,
    version: u32,
) -> Result<T, String> {
    let damaged = |e: serde_json::Error| msg::problem_save_damaged(&e);
    Head::read(text).map_err(damaged)?.check(app, version)?;
    serde_json::from_str(text).map_err(damaged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revision_reads_only_the_revision() {
        assert_eq!(
            revision_of(r#"{"app":"x","rev":42,"game":{"deep":[1,2]}}"#),
            42
        );
        assert_eq!(revision_of(r#"{"app":"x"}"#), 0);
        assert_eq!(revision_of("not json"), 0);
    }
}
