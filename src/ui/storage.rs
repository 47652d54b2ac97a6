//! Persistence in localStorage: the current game (after every move or action, with its
//! chess clock) and the settings. Anything unreadable is set aside under its own key and
//! reported, never a crash.

use crate::rules::clock::Clock;
use crate::rules::game::{Game, GameRecord};
use crate::ui::settings::Settings;
use serde::{Deserialize, Serialize};

pub const CURRENT_KEY: &str = "classroom-chess.current";
pub const SETTINGS_KEY: &str = "classroom-chess.settings";
/// The game that was replaced by "New game" or an import, in case it was needed after all.
pub const PREVIOUS_KEY: &str = "classroom-chess.previous";
const SET_ASIDE_PREFIX: &str = "classroom-chess.set-aside.";
const APP: &str = "classroom-chess";
const VERSION: u32 = 1;

/// Optional player names; empty means "just the colour".
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Names {
    #[serde(default)]
    pub white: String,
    #[serde(default)]
    pub black: String,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    game: GameRecord,
    #[serde(default)]
    names: Names,
    /// The result screen was closed ("Look at the board"); it stays closed after a reload.
    #[serde(default)]
    result_closed: bool,
    /// The chess clock (remaining times, whose clock runs, paused), absent when untimed.
    /// Saves from before the clock existed have no such field: untimed.
    #[serde(default)]
    clock: Option<Clock>,
}

/// Everything saved about the current game besides the settings.
pub struct Current {
    pub game: Game,
    pub names: Names,
    pub result_closed: bool,
    pub clock: Option<Clock>,
}

/// What was found in storage at start-up.
pub enum Loaded {
    Nothing,
    Game(Box<Current>),
    /// Something was there but could not be opened; it was moved to the named key.
    SetAside(String),
}

/// localStorage, if the browser lets us use it (it may be disabled or full).
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

fn encode(
    game: &Game,
    names: &Names,
    result_closed: bool,
    clock: Option<&Clock>,
) -> Option<String> {
    serde_json::to_string(&Saved {
        app: APP.into(),
        version: VERSION,
        game: game.to_record(),
        names: names.clone(),
        result_closed,
        clock: clock.cloned(),
    })
    .ok()
}

/// Saves the current game; false when the browser refused (storage full or disabled).
/// `clock` must have been checkpointed just before, so it holds the time used so far.
pub fn save_game(game: &Game, names: &Names, result_closed: bool, clock: Option<&Clock>) -> bool {
    encode(game, names, result_closed, clock).is_some_and(|text| set(CURRENT_KEY, &text))
}

/// Keeps the game being replaced (only if it had moves) under [`PREVIOUS_KEY`].
pub fn keep_previous(game: &Game, names: &Names) {
    if !game.moves().is_empty() {
        if let Some(text) = encode(game, names, false, None) {
            set(PREVIOUS_KEY, &text);
        }
    }
}

fn decode(text: &str) -> Result<Current, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if value.get("app").and_then(|a| a.as_str()) != Some(APP) {
        return Err("not a Classroom Chess save".into());
    }
    if value.get("version").and_then(|v| v.as_u64()) != Some(VERSION as u64) {
        return Err("unknown save format version".into());
    }
    let saved: Saved = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let game = Game::from_record(&saved.game)?;
    Ok(Current {
        game,
        names: saved.names,
        result_closed: saved.result_closed,
        clock: saved.clock,
    })
}

pub fn load_game() -> Loaded {
    let Some(text) = get(CURRENT_KEY) else {
        return Loaded::Nothing;
    };
    match decode(&text) {
        Ok(current) => Loaded::Game(Box::new(current)),
        Err(why) => {
            leptos::logging::warn!("classroom-chess: saved game set aside: {why}");
            let key = format!("{SET_ASIDE_PREFIX}{}", web_sys::js_sys::Date::now() as u64);
            // Only remove the original once its copy is safely stored.
            if set(&key, &text) {
                if let Some(s) = storage() {
                    let _ = s.remove_item(CURRENT_KEY);
                }
            }
            Loaded::SetAside(key)
        }
    }
}

pub fn load_settings() -> Settings {
    get(SETTINGS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn save_settings(settings: &Settings) {
    if let Ok(text) = serde_json::to_string(settings) {
        set(SETTINGS_KEY, &text);
    }
}
