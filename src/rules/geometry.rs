//! Board shapes as data: which squares exist, how each side's pawns face, where each side
//! castles, promotes and places reserve pieces, and the move tables derived from that.
//! Every table is computed once per shape, so the move generator never hard-codes 8x8.

use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::types::{Side, Square, MAX_SIDES};
use std::sync::OnceLock;

/// Direction steps as (file, rank) deltas. 0..4 increase the square index, 4..8 decrease it;
/// direction `d` and `d ^ 4` are opposite.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
pub const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
pub const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

/// A side's view of the board: `(x, y)` from its own seat (x left to right, y = 0 on its back
/// row) to absolute `(file, rank)`.
#[derive(Clone, Copy, Debug)]
pub enum Frame {
    /// White on 8x8 and Red on the cross board.
    Identity,
    /// Black on 8x8: files kept, ranks mirrored, so the king starts at the same x as White's.
    MirrorRanks,
    /// The seat on the left (Blue), opposite (Yellow) or right (Green) of the board.
    RotateLeft,
    RotateHalf,
    RotateRight,
}

impl Frame {
    fn to_abs(self, x: i16, y: i16, width: i16, height: i16) -> (i16, i16) {
        match self {
            Frame::Identity => (x, y),
            Frame::MirrorRanks => (x, height - 1 - y),
            Frame::RotateLeft => (y, width - 1 - x),
            Frame::RotateHalf => (width - 1 - x, height - 1 - y),
            Frame::RotateRight => (height - 1 - y, x),
        }
    }
}

/// Where a side's special rows lie, in its own frame.
#[derive(Clone, Copy, Debug)]
pub struct SideLayout {
    pub frame: Frame,
    /// The row (own frame) on which pawns promote.
    pub promotion_row: i16,
    /// The king's home column (own frame) and the two castling partners' columns.
    pub king_x: i16,
    pub partner_x: [i16; 2],
}

/// One castling direction of a side: 0 = queen side (towards x = 0), 1 = king side.
#[derive(Clone, Copy, Debug)]
pub struct CastleWing {
    pub partner_home: Square,
    pub king_to: Square,
    pub partner_to: Square,
}

/// Most squares a board may have: square indices are `u8`, so indexing a 256-entry table
/// by one can never go out of bounds (no bounds checks in the move generator's hot loops).
pub const MAX_SQUARES: usize = 256;

/// A per-square table.
pub type SquareTable<T> = Box<[T; MAX_SQUARES]>;

fn table<T: Copy>(fill: T) -> SquareTable<T> {
    Box::new([fill; MAX_SQUARES])
}

/// A board shape and its move tables.
#[derive(Debug)]
pub struct Geometry<B: Bits> {
    pub width: u8,
    pub height: u8,
    pub sides: u8,
    pub valid: B,
    pub rays: SquareTable<[B; 8]>,
    pub knight: SquareTable<B>,
    pub king: SquareTable<B>,
    /// For the non-leaping knight: per orthogonal first step, the step square and the two
    /// destinations behind it.
    pub knight_legs: SquareTable<[(B, B); 4]>,
    /// Direction index from one square to another along a line, or `NO_LINE`; indexed
    /// `from * 256 + to`.
    line_dir: Box<[u8; MAX_SQUARES * MAX_SQUARES]>,
    pub pawn_push: [SquareTable<Option<Square>>; MAX_SIDES],
    pub pawn_attacks: [SquareTable<B>; MAX_SIDES],
    /// Squares from which a pawn of the side attacks the given square.
    pub pawn_attackers: [SquareTable<B>; MAX_SIDES],
    pub promotion_zone: [B; MAX_SIDES],
    /// The row behind the pawns (own frame y = 1): where double steps start by default.
    pub second_row: [B; MAX_SIDES],
    /// Squares from which a pawn's two-square step would land on its promotion line.
    pub double_step_promotes: [B; MAX_SIDES],
    /// The back row (own frame y = 0): where reserve pieces are placed.
    pub back_row: [B; MAX_SIDES],
    /// The side's own half of the board (for midline invasion).
    pub own_half: [B; MAX_SIDES],
    pub king_home: [Square; MAX_SIDES],
    pub castle_wings: [[CastleWing; 2]; MAX_SIDES],
    pub file_names: Vec<char>,
}

const NO_LINE: u8 = 255;

impl<B: Bits> Geometry<B> {
    /// Builds the tables for a `width` x `height` board on which `exists(file, rank)` says
    /// which squares are real, with one layout per side.
    pub fn build(
        width: u8,
        height: u8,
        exists: impl Fn(i16, i16) -> bool,
        layouts: &[SideLayout],
    ) -> Self {
        let (w, h) = (width as i16, height as i16);
        assert!((w * h) as usize <= B::CAPACITY.min(MAX_SQUARES) && layouts.len() <= MAX_SIDES);
        let n = (w * h) as usize;
        let on_board = |f: i16, r: i16| f >= 0 && r >= 0 && f < w && r < h && exists(f, r);
        let sq = |f: i16, r: i16| Square((r * w + f) as u8);
        let coords = |s: usize| ((s as i16) % w, (s as i16) / w);
        let set_of = |steps: &[(i16, i16)], s: usize| {
            let (f, r) = coords(s);
            let mut set = B::EMPTY;
            for &(df, dr) in steps {
                if on_board(f + df, r + dr) {
                    set |= B::from_square(sq(f + df, r + dr));
                }
            }
            set
        };
        let mut valid = B::EMPTY;
        for s in 0..n {
            let (f, r) = coords(s);
            if on_board(f, r) {
                valid |= B::from_square(Square(s as u8));
            }
        }
        let knight_steps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let king_steps: Vec<(i16, i16)> = DIRECTIONS
            .iter()
            .map(|&(df, dr)| (df as i16, dr as i16))
            .collect();
        let mut rays = table([B::EMPTY; 8]);
        let mut knight = table(B::EMPTY);
        let mut king = table(B::EMPTY);
        let mut knight_legs = table([(B::EMPTY, B::EMPTY); 4]);
        let mut line_dir: Box<[u8; MAX_SQUARES * MAX_SQUARES]> =
            vec![NO_LINE; MAX_SQUARES * MAX_SQUARES]
                .into_boxed_slice()
                .try_into()
                .expect("table size");
        for s in 0..n {
            let (f, r) = coords(s);
            if !on_board(f, r) {
                continue;
            }
            knight[s] = set_of(&knight_steps, s);
            king[s] = set_of(&king_steps, s);
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let (df, dr) = (df as i16, dr as i16);
                let (mut cf, mut cr) = (f + df, r + dr);
                while on_board(cf, cr) {
                    rays[s][d] |= B::from_square(sq(cf, cr));
                    line_dir[s * MAX_SQUARES + sq(cf, cr).index()] = d as u8;
                    cf += df;
                    cr += dr;
                }
            }
            for (i, &d) in ORTHOGONAL.iter().enumerate() {
                let (df, dr) = (DIRECTIONS[d].0 as i16, DIRECTIONS[d].1 as i16);
                if !on_board(f + df, r + dr) {
                    continue;
                }
                let leg = B::from_square(sq(f + df, r + dr));
                // Diagonally outward from the leg: forward again plus one step sideways.
                let dests = set_of(&[(2 * df + dr, 2 * dr + df), (2 * df - dr, 2 * dr - df)], s);
                knight_legs[s][i] = (leg, dests);
            }
        }

        let mut pawn_push: [SquareTable<Option<Square>>; MAX_SIDES] =
            std::array::from_fn(|_| table(None));
        let mut pawn_attacks: [SquareTable<B>; MAX_SIDES] =
            std::array::from_fn(|_| table(B::EMPTY));
        let mut pawn_attackers: [SquareTable<B>; MAX_SIDES] =
            std::array::from_fn(|_| table(B::EMPTY));
        let mut promotion_zone = [B::EMPTY; MAX_SIDES];
        let mut second_row = [B::EMPTY; MAX_SIDES];
        let mut double_step_promotes = [B::EMPTY; MAX_SIDES];
        let mut back_row = [B::EMPTY; MAX_SIDES];
        let mut own_half = [B::EMPTY; MAX_SIDES];
        let mut king_home = [Square(0); MAX_SIDES];
        let blank_wing = CastleWing {
            partner_home: Square(0),
            king_to: Square(0),
            partner_to: Square(0),
        };
        let mut castle_wings = [[blank_wing; 2]; MAX_SIDES];
        // The frame's own (x, y) extent: rotated frames swap width and height.
        for (i, layout) in layouts.iter().enumerate() {
            let abs = |x: i16, y: i16| layout.frame.to_abs(x, y, w, h);
            let (ox, oy) = abs(0, 0);
            let (fx, fy) = abs(0, 1);
            let forward = (fx - ox, fy - oy);
            let (sx, sy) = abs(1, 0);
            let sideways = (sx - ox, sy - oy);
            for s in 0..n {
                let (f, r) = coords(s);
                if !on_board(f, r) {
                    continue;
                }
                let (pf, pr) = (f + forward.0, r + forward.1);
                if on_board(pf, pr) {
                    pawn_push[i][s] = Some(sq(pf, pr));
                }
                for k in [-1, 1] {
                    let (af, ar) = (pf + k * sideways.0, pr + k * sideways.1);
                    if on_board(af, ar) {
                        let target = sq(af, ar);
                        pawn_attacks[i][s] |= B::from_square(target);
                        pawn_attackers[i][target.index()] |= B::from_square(Square(s as u8));
                    }
                }
            }
            let extent = if matches!(layout.frame, Frame::RotateLeft | Frame::RotateRight) {
                (h, w)
            } else {
                (w, h)
            };
            let row = |y: i16| {
                let mut set = B::EMPTY;
                for x in 0..extent.0 {
                    let (f, r) = abs(x, y);
                    if on_board(f, r) {
                        set |= B::from_square(sq(f, r));
                    }
                }
                set
            };
            promotion_zone[i] = row(layout.promotion_row);
            double_step_promotes[i] = row(layout.promotion_row - 2);
            back_row[i] = row(0);
            second_row[i] = row(1);
            for y in 0..extent.1 / 2 {
                own_half[i] |= row(y);
            }
            let at = |x: i16| {
                let (f, r) = abs(x, 0);
                sq(f, r)
            };
            king_home[i] = at(layout.king_x);
            castle_wings[i] = [
                CastleWing {
                    partner_home: at(layout.partner_x[0]),
                    king_to: at(layout.king_x - 2),
                    partner_to: at(layout.king_x - 1),
                },
                CastleWing {
                    partner_home: at(layout.partner_x[1]),
                    king_to: at(layout.king_x + 2),
                    partner_to: at(layout.king_x + 1),
                },
            ];
        }
        Geometry {
            width,
            height,
            sides: layouts.len() as u8,
            valid,
            rays,
            knight,
            king,
            knight_legs,
            line_dir,
            pawn_push,
            pawn_attacks,
            pawn_attackers,
            promotion_zone,
            second_row,
            double_step_promotes,
            back_row,
            own_half,
            king_home,
            castle_wings,
            file_names: (0..width).map(|f| (b'a' + f) as char).collect(),
        }
    }

    pub fn square_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.width || rank >= self.height {
            return None;
        }
        let s = Square(rank * self.width + file);
        self.valid.contains(s).then_some(s)
    }

    pub fn file_of(&self, s: Square) -> u8 {
        s.0 % self.width
    }

    pub fn rank_of(&self, s: Square) -> u8 {
        s.0 / self.width
    }

    /// `e4`, `k14`.
    pub fn name(&self, s: Square) -> String {
        format!(
            "{}{}",
            self.file_names[self.file_of(s) as usize],
            self.rank_of(s) + 1
        )
    }

    /// Parses a square name such as `e4`; `None` when it is not a square of this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let file = self.file_names.iter().position(|&c| c == file)? as u8;
        let rank: u8 = chars.as_str().parse().ok()?;
        if rank == 0 || chars.as_str().starts_with('0') {
            return None;
        }
        self.square(file, rank - 1)
    }

    /// Squares a slider sees in direction `d` from `s`, up to and including the first piece.
    #[inline]
    pub fn ray_attacks(&self, s: Square, d: usize, occupied: B) -> B {
        let ray = self.rays[s.index()][d];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            ray
        } else {
            let first = if d < 4 {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            ray ^ self.rays[first.index()][d]
        }
    }

    #[inline]
    pub fn rook_attacks(&self, s: Square, occupied: B) -> B {
        self.ray_attacks(s, 0, occupied)
            | self.ray_attacks(s, 1, occupied)
            | self.ray_attacks(s, 4, occupied)
            | self.ray_attacks(s, 5, occupied)
    }

    #[inline]
    pub fn bishop_attacks(&self, s: Square, occupied: B) -> B {
        self.ray_attacks(s, 2, occupied)
            | self.ray_attacks(s, 3, occupied)
            | self.ray_attacks(s, 6, occupied)
            | self.ray_attacks(s, 7, occupied)
    }

    /// Squares a non-leaping knight on `s` reaches: each orthogonal first step must be empty.
    pub fn lame_knight_attacks(&self, s: Square, occupied: B) -> B {
        let mut set = B::EMPTY;
        for &(leg, dests) in &self.knight_legs[s.index()] {
            if leg.any() && (leg & occupied).is_empty() {
                set |= dests;
            }
        }
        set
    }

    /// The direction from `a` to `b` if they share a rank, file or diagonal.
    #[inline]
    pub fn direction(&self, a: Square, b: Square) -> Option<usize> {
        let d = self.line_dir[a.index() * MAX_SQUARES + b.index()];
        (d != NO_LINE).then_some(d as usize)
    }

    /// Squares strictly between `a` and `b` on a line (empty when not on a line).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> B {
        match self.direction(a, b) {
            Some(d) => self.rays[a.index()][d] & self.rays[b.index()][d ^ 4],
            None => B::EMPTY,
        }
    }

    /// The whole line through `a` and `b` (empty when not on a line).
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> B {
        match self.direction(a, b) {
            Some(d) => self.rays[a.index()][d] | self.rays[a.index()][d ^ 4] | B::from_square(a),
            None => B::EMPTY,
        }
    }

    /// Whether a square is light (a1 is dark on 8x8).
    pub fn is_light(&self, s: Square) -> bool {
        (self.file_of(s) + self.rank_of(s)) % 2 == 1
    }

    pub fn side_count(&self) -> u8 {
        self.sides
    }

    /// Pawn step of `side` from `s`, if that square exists.
    #[inline]
    pub fn push(&self, side: Side, s: Square) -> Option<Square> {
        self.pawn_push[side.index()][s.index()]
    }
}

impl Geometry<u64> {
    /// The 8x8 board: White at the bottom, Black mirrored at the top.
    pub fn standard() -> &'static Geometry<u64> {
        static STANDARD: OnceLock<Geometry<u64>> = OnceLock::new();
        STANDARD.get_or_init(|| {
            let layout = |frame| SideLayout {
                frame,
                promotion_row: 7,
                king_x: 4,
                partner_x: [0, 7],
            };
            Geometry::build(
                8,
                8,
                |_, _| true,
                &[layout(Frame::Identity), layout(Frame::MirrorRanks)],
            )
        })
    }
}

/// Where pawns promote on the cross board, in each seat's own frame (FAMILY.md §3.5, §8.6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum CrossPromotion {
    /// Far edge of the central 8x8 (own row 10: Red rank 11). The default.
    CentreEdge,
    /// The seat's own eighth row (Red rank 8), as chess.com Free-for-all.
    OwnEighth,
    /// The far edge of the whole board (Red rank 14).
    BoardEdge,
}

impl Geometry<Bb256> {
    /// The four-player cross board (FAMILY.md §1–2): 14x14 less the 3x3 corners, seats
    /// red (south), blue (west), yellow (north), green (east), each promoting on the far edge
    /// of the central 8x8.
    pub fn cross() -> &'static Geometry<Bb256> {
        Geometry::cross_promoting_on(CrossPromotion::CentreEdge)
    }

    /// The cross board with another promotion line (FAMILY.md §8.6); each is built once.
    pub fn cross_promoting_on(line: CrossPromotion) -> &'static Geometry<Bb256> {
        static CROSS: [OnceLock<Geometry<Bb256>>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let (slot, row) = match line {
            CrossPromotion::CentreEdge => (0, 10),
            CrossPromotion::OwnEighth => (1, 7),
            CrossPromotion::BoardEdge => (2, 13),
        };
        CROSS[slot].get_or_init(|| {
            let layout = |frame| SideLayout {
                frame,
                promotion_row: row,
                king_x: 7,
                partner_x: [3, 10],
            };
            let corner = |v: i16| !(3..=10).contains(&v);
            Geometry::build(
                14,
                14,
                |f, r| !(corner(f) && corner(r)),
                &[
                    layout(Frame::Identity),
                    layout(Frame::RotateLeft),
                    layout(Frame::RotateHalf),
                    layout(Frame::RotateRight),
                ],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board_tables() {
        let g = Geometry::standard();
        let e4 = g.parse_square("e4").unwrap();
        assert_eq!(g.name(e4), "e4");
        assert_eq!(g.knight[e4.index()].count(), 8);
        assert_eq!(g.king[0].count(), 3);
        assert_eq!(g.rook_attacks(e4, 0).count(), 14);
        assert_eq!(g.bishop_attacks(e4, 0).count(), 13);
        assert_eq!(g.push(Side::WHITE, e4), g.parse_square("e5"));
        assert_eq!(g.push(Side::BLACK, e4), g.parse_square("e3"));
        assert_eq!(g.back_row[1], 0xff00_0000_0000_0000);
        assert_eq!(g.promotion_zone[0], 0xff00_0000_0000_0000);
        assert_eq!(g.second_row[1], 0x00ff_0000_0000_0000);
        assert_eq!(g.name(g.king_home[1]), "e8");
        assert_eq!(g.name(g.castle_wings[0][0].king_to), "c1");
        assert_eq!(g.name(g.castle_wings[1][1].partner_to), "f8");
        assert_eq!(g.own_half[0], 0x0000_0000_ffff_ffff);
        let a1 = g.parse_square("a1").unwrap();
        let h8 = g.parse_square("h8").unwrap();
        assert_eq!(g.between(a1, h8).count(), 6);
        assert!(g.parse_square("i1").is_none() && g.parse_square("a9").is_none());
        assert!(g.parse_square("a0").is_none() && g.parse_square("a01").is_none());
        // White pawn on e4 attacks d5 and f5.
        assert_eq!(g.pawn_attacks[0][e4.index()].count(), 2);
        assert!(!g.is_light(a1));
    }

    #[test]
    fn lame_knight_is_blocked_by_its_first_step() {
        let g = Geometry::standard();
        let b1 = g.parse_square("b1").unwrap();
        let b2 = g.parse_square("b2").unwrap();
        assert_eq!(g.lame_knight_attacks(b1, 0), g.knight[b1.index()]);
        // With b2 occupied the north leg is closed: a3 and c3 are lost, d2 stays.
        let blocked = g.lame_knight_attacks(b1, u64::from_square(b2));
        assert_eq!(blocked, u64::from_square(g.parse_square("d2").unwrap()));
    }

    /// FAMILY.md §9 scenario 1 and §2.3–2.4: the board and each seat's frame.
    #[test]
    fn family_1_cross_board_has_160_squares_and_four_seats() {
        let g = Geometry::cross();
        assert_eq!(g.valid.count(), 160);
        for missing in ["a1", "c3", "l12", "n14"] {
            assert!(g.parse_square(missing).is_none(), "{missing}");
        }
        let names: Vec<String> = (0..4).map(|s| g.name(g.king_home[s])).collect();
        assert_eq!(names, ["h1", "a7", "g14", "n8"]);
        let sq = |n: &str| g.parse_square(n).unwrap();
        // Pawns move +rank (red), +file (blue), -rank (yellow), -file (green).
        assert_eq!(g.push(Side(0), sq("e2")), Some(sq("e3")));
        assert_eq!(g.push(Side(1), sq("b5")), Some(sq("c5")));
        assert_eq!(g.push(Side(2), sq("e13")), Some(sq("e12")));
        assert_eq!(g.push(Side(3), sq("m4")), Some(sq("l4")));
        // Blue pawn on d5 captures on e6 or e4 (FAMILY.md §3.2).
        let blue_attacks = g.pawn_attacks[1][sq("d5").index()];
        assert_eq!(
            blue_attacks,
            Bb256::from_square(sq("e6")) | Bb256::from_square(sq("e4"))
        );
        // Promotion on the far edge of the centre: rank 11, file k, rank 4, file d.
        assert!(g.promotion_zone[0].contains(sq("h11")) && g.promotion_zone[0].count() == 14);
        assert!(g.promotion_zone[1].contains(sq("k5")));
        assert!(g.promotion_zone[2].contains(sq("e4")));
        assert!(g.promotion_zone[3].contains(sq("d7")));
        // Castling squares (FAMILY.md §3.6): red O-O is Kh1-j1 with Rk1-i1.
        let oo = g.castle_wings[0][1];
        assert_eq!(
            (
                g.name(oo.partner_home),
                g.name(oo.king_to),
                g.name(oo.partner_to)
            ),
            ("k1".into(), "j1".into(), "i1".into())
        );
        // Lines stop at the missing corners.
        // d1: e1..k1 along the rank (c1 does not exist) and d2..d14 up the file.
        assert_eq!(g.rook_attacks(sq("d1"), Bb256::EMPTY).count(), 7 + 13);
    }
}
