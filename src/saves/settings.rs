//! The player settings: how the boards turn, sound, speech and hints.

use super::head::Head;
use super::APP;
use crate::rules::saved_name::saved_by_name;
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// The format version of this save. Saves from before it (version 0) are the bare settings
/// object and still read.
pub const VERSION: u32 = 1;

saved_by_name! {
    /// How the 8x8 board is drawn.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Orientation {
        /// White at the bottom.
        #[default]
        Fixed = "fixed",
        /// The side to move at the bottom (hot-seat).
        Flip = "flip",
        /// White at the bottom, Black's pieces upside down for the player opposite.
        FaceToFace = "face-to-face",
    }
}

impl Orientation {
    pub fn key(self) -> &'static str {
        self.saved_name()
    }

    pub fn parse(key: &str) -> Option<Orientation> {
        Orientation::from_saved_name(key)
    }
}

saved_by_name! {
    /// How the four-player cross board turns.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Rotation {
        /// The player to move sits at the bottom.
        #[default]
        Mover = "mover",
        /// The tablet lies flat in the middle: the board never turns, each army faces its seat.
        Fixed = "fixed",
    }
}

impl Rotation {
    pub fn key(self) -> &'static str {
        self.saved_name()
    }

    pub fn parse(key: &str) -> Option<Rotation> {
        Rotation::from_saved_name(key)
    }
}

/// The settings; a field missing from a save takes its default (settings added later).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub orientation: Orientation,
    pub sound: bool,
    pub speech: bool,
    /// Primary: reveal "checkmate — the king cannot escape".
    pub hints: bool,
    /// How the Fun Family Chess board turns.
    pub family_rotation: Rotation,
    /// The move list writes pieces as pictures (♘f3), the same in every language.
    pub figurines: bool,
}

/// Sound is on from the start: a check or the end of a game is heard in a busy classroom
/// (the audio starts with the first piece picked up, as browsers allow).
impl Default for Settings {
    fn default() -> Self {
        Settings {
            orientation: Orientation::default(),
            sound: true,
            speech: false,
            hints: false,
            family_rotation: Rotation::default(),
            figurines: false,
        }
    }
}

impl Settings {
    pub fn face_to_face(&self) -> bool {
        self.orientation == Orientation::FaceToFace
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    settings: Settings,
}

pub fn encode(settings: &Settings) -> String {
    serde_json::to_string(&Saved {
        app: APP.into(),
        version: VERSION,
        settings: *settings,
    })
    .unwrap_or_default()
}

/// Reads saved settings; a value the app does not know is an error with the reason.
pub fn decode(text: &str) -> Result<Settings, String> {
    let damaged = |e: serde_json::Error| msg::problem_settings_damaged(&e);
    let head = Head::read(text).map_err(damaged)?;
    if head.app.is_none() && head.object {
        // Version 0: the bare settings object.
        return serde_json::from_str(text).map_err(damaged);
    }
    head.check(APP, VERSION)?;
    let saved: Saved = serde_json::from_str(text).map_err(damaged)?;
    Ok(saved.settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_and_old_ones_still_read() {
        let s = Settings {
            orientation: Orientation::FaceToFace,
            sound: true,
            speech: false,
            hints: true,
            family_rotation: Rotation::Fixed,
            figurines: true,
        };
        assert_eq!(decode(&encode(&s)).unwrap(), s);
        let old =
            decode(r#"{"orientation":"flip","sound":true,"speech":false,"hints":false}"#).unwrap();
        assert_eq!(old.orientation, Orientation::Flip);
        assert_eq!(old.family_rotation, Rotation::Mover);
        assert!(!old.figurines);
        assert!(Settings::default().sound, "sound starts on");
        let before_sound = decode(r#"{"orientation":"fixed"}"#).unwrap();
        assert!(
            before_sound.sound,
            "a save from before the sound setting gets it on"
        );
        for bad in [
            "",
            "7",
            r#"{"orientation":"sideways"}"#,
            r#"{"app":"classroom-chess","version":5,"settings":{}}"#,
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }
}
