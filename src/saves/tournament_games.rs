//! Tournament games played on this tablet: the game on screen knows which tournament board it
//! is ([`TournamentBoard`], kept in the game's save), and when it ends its result waits here
//! ([`Finished`]) until the tournament screen enters it. The game screen never needs the
//! tournament's own code for that, so it stays out of the first load.

use super::{read_whole, APP};
use crate::rules::game::{EndReason, Outcome};
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// The format version of the list of finished games.
pub const VERSION: u32 = 1;

/// At most this many results wait; the oldest go first (a class plays far fewer games on one
/// tablet between two visits to the tournament screen).
const MAX_WAITING: usize = 64;

/// Which tournament board a game is: the tournament (its id), the round and the board,
/// counted from 1 as the pairing table shows them, and the two players (indexes), so a result
/// is never entered for a board paired again with other players since.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct TournamentBoard {
    pub tournament: u64,
    pub round: u16,
    pub board: u16,
    pub white: u16,
    pub black: u16,
}

/// A tournament game that ended on this tablet, as the rules scored it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Finished {
    pub board: TournamentBoard,
    /// Points per side in half points, index by `Side::index()`.
    pub half_points: [u16; 2],
    pub reason: EndReason,
}

impl Finished {
    pub fn new(board: TournamentBoard, outcome: &Outcome) -> Finished {
        Finished {
            board,
            half_points: outcome.half_points,
            reason: outcome.reason,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    kind: String,
    finished: Vec<Finished>,
}

const KIND: &str = "tournament-games";

/// The list as saved.
pub fn encode(finished: &[Finished]) -> String {
    serde_json::to_string(&Saved {
        app: APP.into(),
        version: VERSION,
        kind: KIND.into(),
        finished: finished.to_vec(),
    })
    .unwrap_or_default()
}

/// Reads the list, or says why it cannot be read.
pub fn decode(text: &str) -> Result<Vec<Finished>, String> {
    let saved: Saved = read_whole(text, APP, VERSION)?;
    if saved.kind != KIND {
        return Err(msg::problem_save_not_tournament().into());
    }
    Ok(saved.finished)
}

/// `list` with `done` in it: a board's later result replaces its earlier one (a game taken
/// back and finished again), and the oldest go when the list is full.
pub fn with_finished(mut list: Vec<Finished>, done: Finished) -> Vec<Finished> {
    list.retain(|f| f.board != done.board);
    list.push(done);
    let extra = list.len().saturating_sub(MAX_WAITING);
    list.drain(..extra);
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(round: u16, board: u16) -> TournamentBoard {
        TournamentBoard {
            tournament: 7,
            round,
            board,
            white: 0,
            black: 1,
        }
    }

    fn finished(round: u16, b: u16, half_points: [u16; 2]) -> Finished {
        Finished {
            board: board(round, b),
            half_points,
            reason: EndReason::KingCaptured,
        }
    }

    #[test]
    fn the_list_reads_back_whole() {
        let list = vec![finished(1, 1, [6, 2]), finished(1, 2, [4, 4])];
        assert_eq!(decode(&encode(&list)).unwrap(), list);
    }

    #[test]
    fn a_board_finished_again_replaces_its_first_result() {
        let list = with_finished(vec![finished(1, 1, [6, 2])], finished(1, 2, [2, 6]));
        let list = with_finished(list, finished(1, 1, [4, 4]));
        assert_eq!(list, vec![finished(1, 2, [2, 6]), finished(1, 1, [4, 4])]);
    }

    #[test]
    fn a_full_list_drops_the_oldest() {
        let mut list = Vec::new();
        for b in 0..=MAX_WAITING as u16 {
            list = with_finished(list, finished(1, b, [2, 0]));
        }
        assert_eq!(list.len(), MAX_WAITING);
        assert_eq!(list[0].board, board(1, 1));
    }

    #[test]
    fn damaged_lists_are_refused_with_a_reason() {
        let good = encode(&[finished(2, 3, [20, 0])]);
        for (text, why) in [
            ("{", "damaged"),
            (
                &good.replace("tournament-games", "game") as &str,
                "not a list",
            ),
            (&good.replace("\"version\":1", "\"version\":5"), "format 5"),
            (&good.replace("KingCaptured", "Nonsense"), "damaged"),
        ] {
            let e = decode(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
