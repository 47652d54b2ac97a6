//! Fun Family Chess (`family`, FAMILY.md): four seats on the 160-square cross board.
//!
//! - [`options`] the supervisor's toggles ([`FamilyRules`], §8);
//! - [`state`] one position with player statuses and standing checks, and how turns flow
//!   (moves, calls, passes, mates, Away/back, resignation);
//! - [`legal`] which moves are legal (§4.5) and which pieces attack (§4.1);
//! - [`setup`] the start position (§2);
//! - [`text`] the position text (parse and write), [`notation`] move records (§1.4);
//! - [`game`] a whole game: history, records, undo, draws, alliances, the change log;
//! - [`perft`] move-tree counting over [`FamilyState`].
//!
//! Seats are [`Side`] 0..4 = red, blue, yellow, green (clockwise turn order).

pub mod game;
#[cfg(test)]
mod language_tests;
pub mod legal;
pub mod notation;
pub mod options;
pub mod perft;
pub mod setup;
pub mod state;
pub mod text;

pub use game::{FamilyGame, PlayerInfo};
pub use options::FamilyRules;
pub use state::{EndReason, Event, FamilyOutcome, FamilyState, PieceState, Seat};

use crate::rules::types::Side;

pub const RED: Side = Side(0);
pub const BLUE: Side = Side(1);
pub const YELLOW: Side = Side(2);
pub const GREEN: Side = Side(3);
pub const SEATS: [Side; 4] = [RED, BLUE, YELLOW, GREEN];

/// `r`, `b`, `y`, `g`.
pub fn seat_letter(seat: Side) -> char {
    ['r', 'b', 'y', 'g'][seat.index() & 3]
}

/// `Red`, `Blue`, `Yellow`, `Green`: English, for input and the command line; what a person
/// reads says `text::words::seat`.
pub fn seat_name(seat: Side) -> &'static str {
    ["Red", "Blue", "Yellow", "Green"][seat.index() & 3]
}

/// A seat from its letter or name, any case (`r`, `Red`).
pub fn parse_seat(text: &str) -> Option<Side> {
    let t = text.trim().to_ascii_lowercase();
    SEATS
        .into_iter()
        .find(|&s| t == seat_letter(s).to_string() || t == seat_name(s).to_ascii_lowercase())
}

/// The partner opposite in fixed teams (Red+Yellow, Blue+Green).
pub fn partner(seat: Side) -> Side {
    Side((seat.0 + 2) & 3)
}
