//! The words other messages are built from, in the current language: the players' colours,
//! the pieces and the games' names. The rules core names these in English for files and the
//! command line (PGN, FEN, `rules`); everything a person reads takes them from here.

use super::msg;
use crate::rules::ruleset::Mode;
use crate::rules::types::{Role, Side};

/// A two-player side as a name: "White", "Black".
pub fn side(side: Side) -> &'static str {
    if side == Side::BLACK {
        msg::side_black()
    } else {
        msg::side_white()
    }
}

/// A Fun Family Chess seat as a name: "Red", "Blue", "Yellow", "Green".
pub fn seat(seat: Side) -> &'static str {
    match seat.index() & 3 {
        0 => msg::side_red(),
        1 => msg::side_blue(),
        2 => msg::side_yellow(),
        _ => msg::side_green(),
    }
}

/// A kind of piece: "knight".
pub fn role(role: Role) -> &'static str {
    match role {
        Role::Pawn => msg::role_pawn(),
        Role::Knight => msg::role_knight(),
        Role::Bishop => msg::role_bishop(),
        Role::Rook => msg::role_rook(),
        Role::Queen => msg::role_queen(),
        Role::King => msg::role_king(),
    }
}

/// The colours whose pieces have names: the two-player sides, then the four seats.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Army {
    White,
    Black,
    Red,
    Blue,
    Yellow,
    Green,
}

impl Army {
    /// A two-player side's army.
    pub fn of_side(side: Side) -> Army {
        if side == Side::BLACK {
            Army::Black
        } else {
            Army::White
        }
    }

    /// A Fun Family Chess seat's army.
    pub fn of_seat(seat: Side) -> Army {
        [Army::Red, Army::Blue, Army::Yellow, Army::Green][seat.index() & 3]
    }
}

/// An army as a name: "White", "Red".
pub fn army(army: Army) -> &'static str {
    match army {
        Army::White => msg::side_white(),
        Army::Black => msg::side_black(),
        Army::Red => msg::side_red(),
        Army::Blue => msg::side_blue(),
        Army::Yellow => msg::side_yellow(),
        Army::Green => msg::side_green(),
    }
}

/// A piece of an army: "white knight" (a message each, so the colour can agree with the piece).
pub fn piece(army: Army, role: Role) -> &'static str {
    let words: [fn() -> &'static str; 6] = match army {
        Army::White => [
            msg::piece_white_pawn,
            msg::piece_white_knight,
            msg::piece_white_bishop,
            msg::piece_white_rook,
            msg::piece_white_queen,
            msg::piece_white_king,
        ],
        Army::Black => [
            msg::piece_black_pawn,
            msg::piece_black_knight,
            msg::piece_black_bishop,
            msg::piece_black_rook,
            msg::piece_black_queen,
            msg::piece_black_king,
        ],
        Army::Red => [
            msg::piece_red_pawn,
            msg::piece_red_knight,
            msg::piece_red_bishop,
            msg::piece_red_rook,
            msg::piece_red_queen,
            msg::piece_red_king,
        ],
        Army::Blue => [
            msg::piece_blue_pawn,
            msg::piece_blue_knight,
            msg::piece_blue_bishop,
            msg::piece_blue_rook,
            msg::piece_blue_queen,
            msg::piece_blue_king,
        ],
        Army::Yellow => [
            msg::piece_yellow_pawn,
            msg::piece_yellow_knight,
            msg::piece_yellow_bishop,
            msg::piece_yellow_rook,
            msg::piece_yellow_queen,
            msg::piece_yellow_king,
        ],
        Army::Green => [
            msg::piece_green_pawn,
            msg::piece_green_knight,
            msg::piece_green_bishop,
            msg::piece_green_rook,
            msg::piece_green_queen,
            msg::piece_green_king,
        ],
    };
    words[role as usize]()
}

/// A game's name: "Primary Chess".
pub fn mode(mode: Mode) -> &'static str {
    match mode {
        Mode::Orthodox => msg::mode_orthodox(),
        Mode::Primary => msg::mode_primary(),
        Mode::Sharp => msg::mode_sharp(),
        Mode::Family => msg::mode_family(),
        Mode::Custom => msg::mode_custom(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_words_match_the_core_names() {
        for r in Role::ALL {
            assert_eq!(role(r), r.name());
            assert_eq!(piece(Army::White, r), format!("white {}", r.name()));
            assert_eq!(piece(Army::Green, r), format!("green {}", r.name()));
        }
        assert_eq!(side(Side::WHITE), Side::WHITE.name());
        assert_eq!(side(Side::BLACK), Side::BLACK.name());
        for seat_side in crate::rules::family::SEATS {
            assert_eq!(seat(seat_side), crate::rules::family::seat_name(seat_side));
        }
        assert_eq!(mode(Mode::Primary), Mode::Primary.title());
        assert_eq!(mode(Mode::Sharp), "Chess#");
    }
}
