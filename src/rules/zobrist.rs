//! Zobrist-style keys: one pseudo-random 64-bit number for each part of a position (a piece
//! on a square, a reserve count, the side to move, a castling right, an en passant capture).
//! A position's key is the XOR of its parts, so a move updates it with a few XORs and a
//! repetition is found by comparing two numbers. The numbers come from a mixing function, not
//! a table: every board size works and nothing weighs in the web bundle.

/// The SplitMix64 finaliser: a bijection that spreads every input bit over the output.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// Each kind of part has its own tag in the high bits, so no two parts share an input.
const PIECE: u64 = 1 << 40;
const RESERVE: u64 = 2 << 40;
const TURN: u64 = 3 << 40;
const CASTLING: u64 = 4 << 40;
const EN_PASSANT: u64 = 5 << 40;
const SEAT: u64 = 6 << 40;

/// A piece of `side` (0..4) and `role` (0..6) on square `square`.
#[inline]
pub fn piece(side: u8, role: u8, square: u8) -> u64 {
    mix(PIECE | (square as u64) << 8 | (side as u64) << 4 | role as u64)
}

/// `count` pieces of `role` in `side`'s reserve (0 for none, so an empty reserve adds nothing).
#[inline]
pub fn reserve(side: u8, role: u8, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(RESERVE | (count as u64) << 8 | (side as u64) << 4 | role as u64)
    }
}

/// `side` to move.
#[inline]
pub fn turn(side: u8) -> u64 {
    mix(TURN | side as u64)
}

/// A castling right whose partner stands on `square`.
#[inline]
pub fn castling(square: u8) -> u64 {
    mix(CASTLING | square as u64)
}

/// An en passant capture `from` -> `to` that can really be played.
#[inline]
pub fn en_passant(from: u8, to: u8) -> u64 {
    mix(EN_PASSANT | (from as u64) << 8 | to as u64)
}

/// Anything else a game layer keeps per seat (a status, a standing check), as a small number.
#[inline]
pub fn seat_fact(seat: u8, kind: u8, value: u8) -> u64 {
    mix(SEAT | (kind as u64) << 16 | (seat as u64) << 8 | value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_do_not_collide() {
        let mut all = std::collections::BTreeSet::new();
        for sq in 0..=255u8 {
            for side in 0..4 {
                for role in 0..6 {
                    assert!(all.insert(piece(side, role, sq)));
                }
            }
            assert!(all.insert(castling(sq)));
        }
        for side in 0..4 {
            assert!(all.insert(turn(side)));
            for role in 0..6 {
                assert_eq!(reserve(side, role, 0), 0);
                for count in 1..=16 {
                    assert!(all.insert(reserve(side, role, count)));
                }
            }
        }
    }
}
