//! Square sets of any board size. `u64` serves every 8x8 mode; larger boards (the 160-square
//! family board) use a wider implementation of the same trait, so the move generator is written
//! once over [`Bits`].

use crate::rules::types::Square;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square index.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Send
    + Sync
    + 'static
{
    /// How many squares fit.
    const CAPACITY: usize;
    const EMPTY: Self;

    fn from_square(sq: Square) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Lowest square; the set must not be empty.
    fn lsb(self) -> Square;
    /// Highest square; the set must not be empty.
    fn msb(self) -> Square;
    /// Removes and returns the lowest square; the set must not be empty.
    fn pop_lsb(&mut self) -> Square;

    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }
    #[inline]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }
    #[inline]
    fn with(self, sq: Square) -> Self {
        self | Self::from_square(sq)
    }
    #[inline]
    fn without(self, sq: Square) -> Self {
        self & !Self::from_square(sq)
    }
    /// The squares, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

/// Iterator over the squares of a set.
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    const EMPTY: Self = 0;

    #[inline]
    fn from_square(sq: Square) -> Self {
        1u64 << sq.0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lsb(self) -> Square {
        Square(self.trailing_zeros() as u8)
    }
    #[inline]
    fn msb(self) -> Square {
        Square(63 - self.leading_zeros() as u8)
    }
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self &= *self - 1;
        sq
    }
    #[inline]
    fn more_than_one(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }
}

/// A 256-square set for boards larger than 8x8 (the 14x14 family cross board).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Bb256(pub [u64; 4]);

macro_rules! lanewise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bb256 {
            type Output = Bb256;
            #[inline]
            fn $method(self, o: Bb256) -> Bb256 {
                Bb256(std::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
        impl $assign_trait for Bb256 {
            #[inline]
            fn $assign_method(&mut self, o: Bb256) {
                for i in 0..4 {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    };
}
lanewise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
lanewise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
lanewise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb256 {
    type Output = Bb256;
    #[inline]
    fn not(self) -> Bb256 {
        Bb256(self.0.map(|l| !l))
    }
}

impl Bits for Bb256 {
    const CAPACITY: usize = 256;
    const EMPTY: Self = Bb256([0; 4]);

    #[inline]
    fn from_square(sq: Square) -> Self {
        let mut b = [0; 4];
        b[sq.index() / 64] = 1 << (sq.index() % 64);
        Bb256(b)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|l| l.count_ones()).sum()
    }
    #[inline]
    fn lsb(self) -> Square {
        let i = self.0.iter().position(|&l| l != 0).unwrap_or(0);
        Square((i * 64) as u8 + self.0[i].trailing_zeros().min(63) as u8)
    }
    #[inline]
    fn msb(self) -> Square {
        let i = self.0.iter().rposition(|&l| l != 0).unwrap_or(0);
        Square((i * 64) as u8 + 63u8.saturating_sub(self.0[i].leading_zeros() as u8))
    }
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        let lane = &mut self.0[sq.index() / 64];
        *lane &= lane.wrapping_sub(1);
        sq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u64_set_operations() {
        let set = u64::from_square(Square(3)) | u64::from_square(Square(40));
        assert_eq!(set.count(), 2);
        assert_eq!(set.lsb(), Square(3));
        assert_eq!(set.msb(), Square(40));
        assert!(set.more_than_one());
        assert_eq!(
            set.squares().collect::<Vec<_>>(),
            vec![Square(3), Square(40)]
        );
        assert!(set.contains(Square(40)) && !set.contains(Square(41)));
        assert!(!u64::from_square(Square(63)).more_than_one());
    }

    #[test]
    fn wide_set_operations_cross_lanes() {
        let set = Bb256::from_square(Square(3)) | Bb256::from_square(Square(195));
        assert_eq!(set.count(), 2);
        assert_eq!(set.lsb(), Square(3));
        assert_eq!(set.msb(), Square(195));
        assert_eq!(
            set.squares().collect::<Vec<_>>(),
            vec![Square(3), Square(195)]
        );
        assert!((!Bb256::EMPTY).contains(Square(255)));
        assert_eq!((set ^ Bb256::from_square(Square(3))).lsb(), Square(195));
    }
}
