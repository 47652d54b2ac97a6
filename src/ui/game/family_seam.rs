//! What the first load knows of Fun Family Chess: an interface. The four-player rules (the
//! core's [`FamilyGame`], its save and its notation) are code a two-player class never needs,
//! so they come in the `family` part (split out by tools/app-build.mjs) together with the
//! family panel. Every Fun Family game on screen is a [`FamilyBox`] made there by the
//! [`FamilyKit`] ([`super::family_part`] fetches it); the rest of the app asks the game what it
//! needs through [`FamilyPlay`]. Only code inside a part may reach the
//! concrete game ([`FamilyPlay::game`]): a call on it from the first load would pull the rules
//! back in.

use crate::rules::family::game::FamilyRecord;
use crate::rules::family::{Event, FamilyGame, FamilyOutcome, PieceState, Seat};
use crate::rules::movegen::MoveList;
use crate::rules::types::{Move, Piece, Side, Square};
use crate::saves::game::Computer;
use crate::ui::board::Shape;

/// A Fun Family game on screen.
pub type FamilyBox = Box<dyn FamilyPlay>;

/// The questions and changes the first load puts to a Fun Family game.
pub trait FamilyPlay: Send + Sync {
    /// The game itself, for the family part's own panels and dialogs only.
    fn game(&self) -> &FamilyGame;
    /// The game itself, to change (family part only).
    fn game_mut(&mut self) -> &mut FamilyGame;
    fn clone_box(&self) -> FamilyBox;
    /// The cross board (its geometry is the family rules' too).
    fn shape(&self) -> &'static Shape;
    fn turn(&self) -> Side;
    fn is_over(&self) -> bool;
    /// Nobody can move until an away player returns.
    fn is_paused(&self) -> bool;
    fn outcome(&self) -> Option<FamilyOutcome>;
    fn seat_used(&self, seat: Side) -> bool;
    fn seat(&self, seat: Side) -> Seat;
    /// Whether the teacher's rules show unannounced attacks on kings.
    fn hints(&self) -> bool;
    fn legal_moves(&self) -> MoveList;
    /// Where the piece on `from` may go now, each with whether it captures.
    fn targets(&self, from: Square) -> Vec<(Square, bool)>;
    /// The piece on `from` and where it could go, even when it is not its seat's turn.
    fn reach(&self, from: Square) -> Option<(Piece, Vec<(Square, bool)>)>;
    fn piece_state(&self, sq: Square) -> Option<(Piece, PieceState)>;
    /// Who called the check standing against `seat`'s king.
    fn standing_check(&self, seat: Side) -> Option<Side>;
    /// The standing checks as (victim, caller).
    fn standing(&self) -> Vec<(Side, Side)>;
    /// Kings attacked without an announced check: victim, king's square, attackers (mask).
    fn unannounced_attacks(&self) -> Vec<(Side, Square, u8)>;
    fn events(&self) -> &[Event];
    /// The record, one line per action, with the number of actions after which it stands.
    fn record_entries(&self) -> Vec<(String, Option<usize>)>;
    /// The record line of the last action.
    fn last_record(&self) -> Option<String>;
    fn undo_depth(&self) -> usize;
    /// The game as it stood after `depth` actions.
    fn truncated(&self, depth: usize) -> FamilyBox;
    /// The position as text (FAMILY.md's form).
    fn text(&self) -> String;
    /// Plays a move, with a "Check!" call or without.
    fn play(&mut self, mv: Move, call: bool) -> Result<(), String>;
    /// Takes back the last action; false when there is none.
    fn undo(&mut self) -> bool;
    /// A move in record form (`r: e2-e4`, `+` calling check) or the engine's form.
    fn parse_move(&self, text: &str) -> Result<(Move, bool), String>;
    fn to_record(&self) -> FamilyRecord;
    /// What the change from `before` to this game brought (`label` names a seat's player).
    fn news_since(&self, before: &dyn FamilyPlay, label: &dyn Fn(Side) -> String) -> FamilyNews;
    /// Whether `m`, played from here without a call, would make a check stand if called.
    fn call_would_bind(&self, m: Move) -> bool;
    /// The save of this game with its players.
    fn encode_save(
        &self,
        names: &[String; 4],
        closed: bool,
        computer: &Computer,
        rev: u64,
    ) -> String;
}

impl Clone for FamilyBox {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl std::fmt::Debug for dyn FamilyPlay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FamilyGame") // text-ok: debug output, never shown
    }
}

/// What a change of the game brought, for the screen to show and say.
pub struct FamilyNews {
    /// A seat mated by the change: shown big.
    pub mated: Option<Side>,
    /// The checks the change's new actions gave ("Red checks Blue"), for the banner and the
    /// alert; `None` when there is none (a take-back brings back old checks quietly).
    pub new_checks: Option<String>,
    /// What the live region says of the change (moves themselves are said by the caller).
    pub spoken: Option<String>,
}

/// A family save as read: the game, the names, whether the result was closed, the computer.
pub struct FamilySaved {
    pub game: FamilyBox,
    pub names: [String; 4],
    pub result_closed: bool,
    pub computer: Computer,
}

/// What the family part makes: games from a save or from the core's game, and the pictures
/// of their pieces.
pub trait FamilyKit: Sync {
    /// Reads a family save; the error says why it cannot be opened.
    fn decode_save(&self, text: &str) -> Result<FamilySaved, String>;
    fn boxed(&self, game: FamilyGame) -> FamilyBox;
    /// The four armies' pieces as SVG symbols (`board::armies::four_armies_markup`).
    fn four_armies_markup(&self) -> String;
}
