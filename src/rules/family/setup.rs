//! The start position (FAMILY.md §2.2–2.5): each seat's army seen from its own seat, the
//! far-right pawn removed, empty seats without an army.

use super::options::FamilyRules;
use super::state::{Event, FamilyState};
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::types::{Piece, Role, Side, Square};

/// Absolute square of seat-frame `(x, y)` (§2.4): Red (x, y), Blue (y, 13−x),
/// Yellow (13−x, 13−y), Green (13−y, x).
pub fn frame_square(seat: Side, x: u8, y: u8) -> Square {
    let (f, r) = match seat.0 & 3 {
        0 => (x, y),
        1 => (y, 13 - x),
        2 => (13 - x, 13 - y),
        _ => (13 - y, x),
    };
    Square(r * 14 + f)
}

const BACK_ROW: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

impl FamilyState {
    /// The start position for these rules, the first seat to move.
    pub fn start(rules: FamilyRules) -> FamilyState {
        let mut state = FamilyState::empty(rules);
        let mut rights = Bb256::EMPTY;
        for seat in (0..4).map(Side).filter(|&s| rules.seat_used(s)) {
            for (i, &role) in BACK_ROW.iter().enumerate() {
                let x = 3 + i as u8;
                state
                    .pos
                    .put(Piece { side: seat, role }, frame_square(seat, x, 0));
                // The far-right pawn stands in front of the king-side rook (x = 10).
                if !(rules.far_right_pawn_removed && x == 10) {
                    let pawn = Piece {
                        side: seat,
                        role: Role::Pawn,
                    };
                    state.pos.put(pawn, frame_square(seat, x, 1));
                }
            }
            rights |= Bb256::from_square(frame_square(seat, 3, 0))
                | Bb256::from_square(frame_square(seat, 10, 0));
        }
        state.pos.set_castling(rights);
        // Nothing to judge at the start, but a custom seat list could be odd: settle anyway.
        let mut ignored: Vec<Event> = Vec::new();
        state.settle(&mut ignored);
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Geometry;

    #[test]
    fn family_2_4_seat_frames_match_the_table_of_2_3() {
        let g = Geometry::cross();
        let name = |seat, x, y| g.name(frame_square(Side(seat), x, y));
        // King at x = 7, queen at x = 6, removed pawn at (10, 1).
        let kings: Vec<String> = (0..4).map(|s| name(s, 7, 0)).collect();
        assert_eq!(kings, ["h1", "a7", "g14", "n8"]);
        let queens: Vec<String> = (0..4).map(|s| name(s, 6, 0)).collect();
        assert_eq!(queens, ["g1", "a8", "h14", "n7"]);
        let removed: Vec<String> = (0..4).map(|s| name(s, 10, 1)).collect();
        assert_eq!(removed, ["k2", "b4", "d13", "m11"]);
    }
}
