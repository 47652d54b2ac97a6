//! The game screen's panels. Written once for both kinds of game: whose turn ([`turn`]), the
//! record and looking back ([`moves`]), a move typed ([`move_box`]), promotion ([`promotion`]), the banner and the live
//! region ([`announcer`]), messages and the result line ([`status`]), the mode ([`mode_line`]),
//! the computer thinking and the Hint button ([`computer`]).
//! Only in two-player games: the clock ([`clock`]), the players' strips ([`players`]), the
//! Chess# reserve trays ([`tray`]), the actions ([`actions`]). Only in Fun Family Chess:
//! [`family`].

pub mod actions;
pub mod announcer;
pub mod clock;
pub mod computer;
pub mod family;
pub mod mode_line;
pub mod move_box;
pub mod moves;
pub mod players;
pub mod promotion;
pub mod status;
pub mod tray;
pub mod turn;
