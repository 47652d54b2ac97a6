//! The position in words, for a player who cannot see the board: on the focused board, `P`
//! says every piece of every army, `R` the focused square's rank, `F` its file, `T` whose turn
//! it is and the clocks. A part of its own, fetched with the first reading key.

use super::session::Session;
use super::state::GameState;
use crate::rules::clock::Clock;
use crate::rules::types::{Piece, Square};
use crate::small_sort::sort_by_key;
use crate::text::msg;
use crate::text::words;
use crate::ui::platform::time::now_ms;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// The reading keys.
pub fn is_reading_key(key: &str) -> bool {
    matches!(key, "p" | "P" | "r" | "R" | "f" | "F" | "t" | "T")
}

/// Says what a reading key asks for (nothing when the part cannot be fetched: the key is
/// tried again next time).
pub fn read_out(state: GameState, key: String, focus: Option<Square>) {
    leptos::task::spawn_local(async move {
        if let Ok(Some(words)) = position_words(state, key, focus).await {
            state.say(words);
        }
    });
}

#[wasm_split(reading, wasm_split_path = leptos::wasm_split, fallible)]
fn position_words(
    state: GameState,
    key: String,
    focus: Option<Square>,
) -> Result<Option<String>, SplitLoaderError> {
    Ok(state.position_words(&key, focus))
}

fn piece_words(s: &Session, p: Piece) -> String {
    s.piece_name(p).to_string()
}

/// "White: king e1, queen d1, …. Black: …" (each army strongest piece first).
fn all_pieces(s: &Session) -> String {
    let shape = s.shape();
    s.seats()
        .into_iter()
        .map(|side| {
            let mut mine: Vec<(Piece, Square)> = shape
                .cells
                .iter()
                .filter_map(|c| s.piece_at(c.square).map(|p| (p, c.square)))
                .filter(|(p, _)| p.side == side)
                .collect();
            sort_by_key(&mut mine, |(p, _)| std::cmp::Reverse(p.role));
            let list: Vec<String> = mine
                .iter()
                .map(|(p, sq)| msg::board_piece_on(&words::role(p.role), &shape.name(*sq)))
                .collect();
            msg::board_army(&s.seat_name(side), &list.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pieces on the squares of `sq`'s rank (`rank`) or file, in board order.
fn line(s: &Session, sq: Square, rank: bool) -> String {
    let shape = s.shape();
    let Some(at) = shape.cells.iter().find(|c| c.square == sq) else {
        return String::new();
    };
    let (file, rnk) = (at.file, at.rank);
    let on: Vec<String> = shape
        .cells
        .iter()
        .filter(|c| if rank { c.rank == rnk } else { c.file == file })
        .filter_map(|c| {
            s.piece_at(c.square)
                .map(|p| msg::board_square_piece(&c.name, &piece_words(s, p)))
        })
        .collect();
    let name = shape.name(sq);
    let label = if rank {
        msg::board_rank(&name[1..].to_string())
    } else {
        msg::board_file(&name[..1].to_string())
    };
    if on.is_empty() {
        msg::board_line_empty(&label)
    } else {
        msg::board_line(&label, &on.join("; "))
    }
}

impl GameState {
    /// The words for a reading key pressed on the focused board, if it is one.
    fn position_words(self, key: &str, focus: Option<Square>) -> Option<String> {
        match key {
            "p" | "P" => Some(self.with_board_untracked(all_pieces)),
            "r" | "R" => focus.map(|sq| self.with_board_untracked(|s| line(s, sq, true))),
            "f" | "F" => focus.map(|sq| self.with_board_untracked(|s| line(s, sq, false))),
            "t" | "T" => Some(self.turn_and_clocks()),
            _ => None,
        }
    }

    fn turn_and_clocks(self) -> String {
        let turn = self.with_board_untracked(|s| s.turn());
        let mut words = msg::game_to_move(&self.label_untracked(turn));
        let now = now_ms();
        self.clock.with_untracked(|c| {
            if let Some(c) = c {
                for side in self.with_board_untracked(|s| s.seats()) {
                    words.push_str(". ");
                    words.push_str(&msg::board_clock(
                        &self.label_untracked(side),
                        &Clock::format(c.remaining(side, now)),
                    ));
                }
            }
        });
        words
    }
}
