//! The saved Fun Family Chess game: the game record (start and every action), the players'
//! names, whether the result screen was closed, and the seats the computer plays.

use super::game::Computer;
use super::read_whole;
use crate::rules::family::game::FamilyRecord;
use crate::rules::family::FamilyGame;
use serde::{Deserialize, Serialize};

/// The `app` of a family save (kept apart from the two-player save, which may lie beneath).
pub const APP: &str = "classroom-chess-family";
/// The format version of this save.
pub const VERSION: u32 = 1;
/// The longest name kept for a seat (a pasted essay is cut, not stored).
pub const MAX_NAME: usize = 40;

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    /// See [`super::revision_of`].
    #[serde(default)]
    rev: u64,
    record: FamilyRecord,
    names: [String; 4],
    result_closed: bool,
    /// Saves from before the computer opponent have none: every seat a person.
    #[serde(default)]
    computer: Computer,
}

/// Everything saved about the family game.
#[derive(Clone, Debug)]
pub struct Current {
    pub game: FamilyGame,
    pub names: [String; 4],
    pub result_closed: bool,
    pub computer: Computer,
}

pub fn encode(
    game: &FamilyGame,
    names: &[String; 4],
    result_closed: bool,
    computer: &Computer,
    rev: u64,
) -> String {
    serde_json::to_string(&Saved {
        app: APP.into(),
        version: VERSION,
        rev,
        record: game.to_record(),
        names: names.clone(),
        result_closed,
        computer: *computer,
    })
    .unwrap_or_default()
}

/// Reads a save; the error says why it cannot be opened.
pub fn decode(text: &str) -> Result<Current, String> {
    let saved: Saved = read_whole(text, APP, VERSION)?;
    let game = FamilyGame::from_record(&saved.record)?;
    saved.computer.check()?;
    let names = saved
        .names
        .map(|n| n.chars().take(MAX_NAME).collect::<String>());
    Ok(Current {
        game,
        names,
        result_closed: saved.result_closed,
        computer: saved.computer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::family::FamilyRules;

    #[test]
    fn family_save_reads_back_and_damage_is_refused() {
        let mut g = FamilyGame::new(FamilyRules::default());
        g.play_text("r: e2-e4").unwrap();
        let names = ["Ann".to_string(), String::new(), "Cy".into(), String::new()];
        let computer = Computer::playing(crate::rules::family::BLUE, 5, 1);
        let text = encode(&g, &names, false, &computer, 3);
        assert_eq!(super::super::revision_of(&text), 3);
        let back = decode(&text).unwrap();
        assert_eq!(back.game.text(), g.text());
        assert_eq!(back.names, names);
        assert_eq!(back.computer, computer);
        for (bad, why) in [
            (text.replace("\"version\":1", "\"version\":2"), "format 2"),
            (
                text.replace(APP, "something-else"),
                "not a Classroom Chess save",
            ),
            (text.replace("e2e4", "e2e9"), "action 1"),
            ("{".to_string(), "damaged"),
        ] {
            let e = decode(&bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
