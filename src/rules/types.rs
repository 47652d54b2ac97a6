//! Sides, roles, pieces, squares and moves. Nothing here assumes 8x8 or two sides.

use serde::{Deserialize, Serialize};

/// The most sides (armies) a position can hold: four, for Fun Family Chess.
pub const MAX_SIDES: usize = 4;

/// The most pieces an army has, board and reserve together: every start has at most 16 and
/// nothing adds a piece (a promotion replaces its pawn). A position with more is refused.
pub const MAX_ARMY: u32 = 16;
/// The most pawns an army has.
pub const MAX_PAWNS: u32 = 8;

/// A side (army, seat). Two-player modes use `WHITE` and `BLACK`; the four-player board
/// uses 0..4 in turn order (red, blue, yellow, green).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Side(pub u8);

impl Side {
    pub const WHITE: Side = Side(0);
    pub const BLACK: Side = Side(1);

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The next side in turn order among `count` sides.
    pub fn next(self, count: u8) -> Side {
        Side((self.0 + 1) % count)
    }

    /// Name in a two-player game.
    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "White",
            1 => "Black",
            2 => "Yellow",
            _ => "Green",
        }
    }
}

/// What a piece is. The discriminants index per-role tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The order the text forms (FEN holdings, position lists) and the editor's palette use:
    /// king first, pawn last.
    pub const KING_FIRST: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter as in FEN and SAN (`P` for pawns).
    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Material value (RULES.md §0): pawn 1, knight 3, bishop 3, rook 5, queen 9, king none.
    pub fn value(self) -> u32 {
        [1, 3, 3, 5, 9, 0][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self as usize]
    }
}

/// A piece of a side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

/// A square: an index `rank * width + file` into the board's geometry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How a move changes the board beyond "piece goes from `from` to `to`".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square step; it leaves an en passant square behind.
    DoubleStep,
    /// A pawn capture onto the en passant square; the captured pawn stands elsewhere.
    EnPassant,
    /// The king goes `from` -> `to` and its castling partner `rook_from` -> `rook_to`.
    Castle {
        rook_from: Square,
        rook_to: Square,
    },
    /// A pawn move (capture or not) that promotes.
    Promotion(Role),
    /// A reserve piece put on `to` (`from == to`).
    Drop(Role),
}

/// One move. Castling is stored as the king's own step, e.g. `e1g1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    pub fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop(_))
    }

    pub fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
}
