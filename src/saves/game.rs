//! The saved two-player game: the game record, the players' names, whether the result screen
//! was closed, the chess clock, and which side the computer plays.

use super::tournament_games::TournamentBoard;
use super::{read_whole, APP};
use crate::engine::LEVELS;
use crate::rules::clock::Clock;
use crate::rules::game::{Game, GameRecord};
use crate::rules::types::Side;
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// The format version of this save.
pub const VERSION: u32 = 1;

/// Optional player names; empty means "just the colour".
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Names {
    #[serde(default)]
    pub white: String,
    #[serde(default)]
    pub black: String,
}

/// Who the computer plays: a level (1 to [`LEVELS`]) for each seat it plays, 0 for a person,
/// and the seed its choices are drawn from (so a game against it can be replayed).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Computer {
    pub levels: [u8; 4],
    pub seed: u64,
}

impl Computer {
    /// The computer plays `side` at `level`.
    pub fn playing(side: Side, level: u8, seed: u64) -> Computer {
        let mut levels = [0; 4];
        levels[side.index() & 3] = level.clamp(1, LEVELS);
        Computer { levels, seed }
    }

    /// The computer's level for `side`, if it plays that seat.
    pub fn level(&self, side: Side) -> Option<u8> {
        Some(self.levels[side.index() & 3]).filter(|&l| l > 0)
    }

    /// The computer plays some seat.
    pub fn plays(&self) -> bool {
        self.levels.iter().any(|&l| l > 0)
    }

    pub(super) fn check(&self) -> Result<(), String> {
        match self.levels.iter().find(|&&l| l > LEVELS) {
            Some(l) => Err(msg::problem_record_level(&l, &LEVELS)),
            None => Ok(()),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    /// See [`super::revision_of`]; saves from before revisions have none.
    #[serde(default)]
    rev: u64,
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
    /// Saves from before the computer opponent have none: two people.
    #[serde(default)]
    computer: Computer,
    /// The tournament board this game is; absent for a game outside a tournament.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tournament: Option<TournamentBoard>,
}

/// Everything saved about the current game.
#[derive(Clone, Debug)]
pub struct Current {
    pub game: Game,
    pub names: Names,
    pub result_closed: bool,
    pub clock: Option<Clock>,
    pub computer: Computer,
    pub tournament: Option<TournamentBoard>,
}

/// The save of a game, written as revision `rev`.
pub fn encode(
    game: &Game,
    names: &Names,
    result_closed: bool,
    clock: Option<&Clock>,
    computer: &Computer,
    tournament: Option<TournamentBoard>,
    rev: u64,
) -> String {
    serde_json::to_string(&Saved {
        app: APP.into(),
        version: VERSION,
        rev,
        game: game.to_record(),
        names: names.clone(),
        result_closed,
        clock: clock.cloned(),
        computer: *computer,
        tournament,
    })
    .unwrap_or_default()
}

/// Reads a save; the error says why it cannot be opened.
pub fn decode(text: &str) -> Result<Current, String> {
    let saved: Saved = read_whole(text, APP, VERSION)?;
    let game = Game::from_record(&saved.game)?;
    if let Some(clock) = &saved.clock {
        clock.check()?;
    }
    saved.computer.check()?;
    Ok(Current {
        game,
        names: saved.names,
        result_closed: saved.result_closed,
        clock: saved.clock,
        computer: saved.computer,
        tournament: saved.tournament,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::TimeControl;
    use crate::rules::ruleset::Mode;

    fn sample() -> Game {
        let mut g = Game::of_mode(Mode::Primary);
        for m in ["e4", "e5", "Nf3"] {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn a_save_reads_back_whole() {
        let names = Names {
            white: "Anna".into(),
            black: "Ben".into(),
        };
        let clock = Clock::new(TimeControl::minutes(5, 0));
        let computer = Computer::playing(Side::BLACK, 3, 99);
        let board = TournamentBoard {
            tournament: 12,
            round: 3,
            board: 2,
            white: 4,
            black: 1,
        };
        let text = encode(
            &sample(),
            &names,
            true,
            Some(&clock),
            &computer,
            Some(board),
            7,
        );
        assert_eq!(super::super::revision_of(&text), 7);
        let back = decode(&text).unwrap();
        assert_eq!(back.game.fen(), sample().fen());
        assert_eq!(back.names, names);
        assert!(back.result_closed);
        assert_eq!(back.clock, Some(clock));
        assert_eq!(back.computer, computer);
        assert_eq!(back.computer.level(Side::BLACK), Some(3));
        assert_eq!(back.computer.level(Side::WHITE), None);
        assert_eq!(back.tournament, Some(board));
    }

    #[test]
    fn a_save_from_before_the_computer_is_two_people() {
        let text = encode(
            &sample(),
            &Names::default(),
            false,
            None,
            &Computer::default(),
            None,
            1,
        )
        .replace(",\"computer\":{\"levels\":[0,0,0,0],\"seed\":0}", "");
        assert!(!text.contains("computer"), "{text}");
        assert!(!decode(&text).unwrap().computer.plays());
    }

    #[test]
    fn damaged_saves_are_refused_with_a_reason() {
        let good = encode(
            &sample(),
            &Names::default(),
            false,
            None,
            &Computer::default(),
            None,
            1,
        );
        let cases = [
            ("", "damaged"),
            ("[]", "not a Classroom Chess save"),
            (&good.replace("\"version\":1", "\"version\":9"), "format 9"),
            (&good.replace("\"e2e4\"", "\"e2e5\""), "move 1"),
            (&good.replace("\"levels\":[0,0,0,0]", "\"levels\":[0,9,0,0]"), "level 9"),
            (&good.replace("\"clock\":null", "\"clock\":{\"control\":{\"base_ms\":1,\"increment_ms\":0},\"remaining_ms\":[1,1],\"running\":7,\"paused\":false}"), "neither White nor Black"),
        ];
        for (text, why) in cases {
            let e = decode(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
