//! One position: pieces, reserves, side to move, castling and en passant rights, clocks; and
//! how a move changes it. Works on any [`Geometry`] and up to [`MAX_SIDES`] sides.

use crate::rules::bitboard::Bits;
use crate::rules::geometry::Geometry;
use crate::rules::ruleset::{Castling, DoubleStep, Knight, RuleSet};
use crate::rules::types::{
    Move, MoveKind, Piece, Role, Side, Square, MAX_ARMY, MAX_PAWNS, MAX_SIDES,
};
use crate::rules::zobrist;
use crate::text::msg;

/// The part of a rule set the move generator needs, small enough to copy with the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveRules {
    pub check_restricts: bool,
    pub castling: Castling,
    pub en_passant: bool,
    pub double_step: DoubleStep,
    /// Per side: roles a pawn may promote to, as a bit mask over `Role` indices (sides may
    /// differ: Rule Zero "own army" promotion, RULES.md §5).
    pub promotion: [u8; MAX_SIDES],
    pub knight: Knight,
    pub drops: bool,
    /// Sides (bit `1 << side`) whose king no move may end on: kings are never captured
    /// (FAMILY.md §4.2). 0 in the two-player modes.
    pub king_shield: u8,
}

impl From<&RuleSet> for MoveRules {
    fn from(r: &RuleSet) -> Self {
        MoveRules {
            check_restricts: r.check_restricts(),
            castling: r.castling,
            en_passant: r.en_passant,
            double_step: r.double_step,
            promotion: [r.promotion; MAX_SIDES],
            knight: r.knight,
            drops: r.drops,
            king_shield: 0,
        }
    }
}

/// A position. Copy-make: playing a move on a copy is how search and perft work.
#[derive(Clone, Copy)]
pub struct Position<B: Bits> {
    pub geo: &'static Geometry<B>,
    pub rules: MoveRules,
    by_role: [B; 6],
    by_side: [B; MAX_SIDES],
    occupied: B,
    turn: Side,
    sides: u8,
    /// Squares of unmoved castling partners (rooks, or any corner piece under Rule Zero).
    castling: B,
    /// Per side: the square its last pawn double step passed over, while capturable.
    ep: [Option<Square>; MAX_SIDES],
    halfmove: u16,
    fullmove: u16,
    reserves: [[u8; 6]; MAX_SIDES],
    /// Zobrist key of where the pieces stand and what the reserves hold, kept up to date by
    /// every change of the board (see [`Position::placement_key`]).
    placement: u64,
}

impl<B: Bits> PartialEq for Position<B> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.geo, other.geo)
            && self.rules == other.rules
            && self.by_role == other.by_role
            && self.by_side == other.by_side
            && self.turn == other.turn
            && self.sides == other.sides
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.reserves == other.reserves
    }
}

/// What decides whether two positions are "the same" for repetition: pieces, reserves, side
/// to move, castling rights and en passant rights that can really be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RepetitionKey<B: Bits> {
    by_role: [B; 6],
    by_side: [B; MAX_SIDES],
    turn: Side,
    castling: B,
    ep_moves: Vec<Move>,
    reserves: [[u8; 6]; MAX_SIDES],
}

impl<B: Bits> Position<B> {
    /// An empty board with `sides` sides, White (side 0) to move.
    pub fn empty(geo: &'static Geometry<B>, rules: MoveRules, sides: u8) -> Self {
        Position {
            geo,
            rules,
            by_role: [B::EMPTY; 6],
            by_side: [B::EMPTY; MAX_SIDES],
            occupied: B::EMPTY,
            turn: Side(0),
            sides,
            castling: B::EMPTY,
            ep: [None; MAX_SIDES],
            halfmove: 0,
            fullmove: 1,
            reserves: [[0; 6]; MAX_SIDES],
            placement: 0,
        }
    }

    // ---- reading ----

    pub fn turn(&self) -> Side {
        self.turn
    }
    pub fn side_count(&self) -> u8 {
        self.sides
    }
    pub fn occupied(&self) -> B {
        self.occupied
    }
    pub fn side_pieces(&self, side: Side) -> B {
        self.by_side[side.index()]
    }
    pub fn role_pieces(&self, role: Role) -> B {
        self.by_role[role.index()]
    }
    pub fn pieces(&self, side: Side, role: Role) -> B {
        self.by_side[side.index()] & self.by_role[role.index()]
    }
    pub fn castling_rights(&self) -> B {
        self.castling
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    pub fn reserve(&self, side: Side) -> [u8; 6] {
        self.reserves[side.index()]
    }
    /// The en passant square left by `side`'s last double step, if still open.
    pub fn ep_square(&self, side: Side) -> Option<Square> {
        self.ep[side.index()]
    }

    pub fn side_at(&self, s: Square) -> Option<Side> {
        if !self.occupied.contains(s) {
            return None;
        }
        (0..self.sides)
            .map(Side)
            .find(|side| self.by_side[side.index()].contains(s))
    }

    pub fn role_at(&self, s: Square) -> Option<Role> {
        if !self.occupied.contains(s) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(s))
    }

    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Some(Piece {
            side: self.side_at(s)?,
            role: self.role_at(s)?,
        })
    }

    /// The side's king on the board (the first one if a setup has several).
    pub fn king(&self, side: Side) -> Option<Square> {
        let kings = self.pieces(side, Role::King);
        kings.any().then(|| kings.lsb())
    }

    /// Material on the board (RULES.md §0); reserves do not count.
    pub fn material(&self, side: Side) -> u32 {
        Role::ALL
            .into_iter()
            .map(|r| self.pieces(side, r).count() * r.value())
            .sum()
    }

    /// Refuses armies larger than any game has: more than [`MAX_ARMY`] pieces or
    /// [`MAX_PAWNS`] pawns of one side, board and reserve together. Every parser calls this,
    /// which is also what keeps each position's moves within a move list.
    pub fn check_army_sizes(&self, name: impl Fn(Side) -> String) -> Result<(), String> {
        for side in (0..self.sides).map(Side) {
            let reserve = self.reserve(side);
            let count = |role: Role| self.pieces(side, role).count() + reserve[role.index()] as u32;
            let pawns = count(Role::Pawn);
            if pawns > MAX_PAWNS {
                return Err(msg::problem_too_many_pawns(
                    &name(side),
                    pawns as u64,
                    &MAX_PAWNS,
                ));
            }
            let all: u32 = Role::ALL.into_iter().map(count).sum();
            if all > MAX_ARMY {
                return Err(msg::problem_too_many_pieces(
                    &name(side),
                    all as u64,
                    &MAX_ARMY,
                ));
            }
        }
        Ok(())
    }

    /// Pieces that attack `s` given `occupied`, among `candidates`.
    #[inline]
    pub fn attackers_to(&self, s: Square, occupied: B, candidates: B) -> B {
        let g = self.geo;
        let r = &self.by_role;
        let queens = r[Role::Queen as usize];
        let mut found = (g.king[s.index()] & r[Role::King as usize])
            | (g.rook_attacks(s, occupied) & (r[Role::Rook as usize] | queens))
            | (g.bishop_attacks(s, occupied) & (r[Role::Bishop as usize] | queens));
        let knights = r[Role::Knight as usize] & candidates;
        match self.rules.knight {
            Knight::Leaping => found |= g.knight[s.index()] & knights,
            Knight::NonLeaping => {
                for n in knights.squares() {
                    if g.lame_knight_attacks(n, occupied).contains(s) {
                        found |= B::from_square(n);
                    }
                }
            }
        }
        let pawns = r[Role::Pawn as usize] & candidates;
        if pawns.any() {
            for side in 0..self.sides as usize {
                found |= g.pawn_attackers[side][s.index()] & pawns & self.by_side[side];
            }
        }
        found & candidates
    }

    /// Pieces of sides other than `side`.
    #[inline]
    pub fn others(&self, side: Side) -> B {
        self.occupied & !self.by_side[side.index()]
    }

    /// Whether `side`'s king is attacked by another side (false when it has no king).
    pub fn in_check(&self, side: Side) -> bool {
        self.checkers(side).any()
    }

    /// Enemy pieces attacking `side`'s king.
    pub fn checkers(&self, side: Side) -> B {
        match self.king(side) {
            Some(k) => self.attackers_to(k, self.occupied, self.others(side)),
            None => B::EMPTY,
        }
    }

    pub fn repetition_key(&self) -> RepetitionKey<B> {
        RepetitionKey {
            by_role: self.by_role,
            by_side: self.by_side,
            turn: self.turn,
            castling: self.castling,
            ep_moves: self.ep_captures(),
            reserves: self.reserves,
        }
    }

    /// The en passant captures the side to move can really play (none without an open e.p.
    /// square, which is the common case and costs no move generation).
    pub fn ep_captures(&self) -> Vec<Move> {
        if self.ep.iter().all(Option::is_none) {
            return Vec::new();
        }
        // Nor without a pawn of the side to move next to an open square.
        let us = self.turn.index();
        let pawns = self.pieces(self.turn, Role::Pawn);
        let reachable = self
            .ep
            .iter()
            .flatten()
            .any(|&s| (self.geo.pawn_attackers[us][s.index()] & pawns).any());
        if !reachable {
            return Vec::new();
        }
        let mut moves = self.legal_moves();
        moves.retain(|m| m.kind == MoveKind::EnPassant);
        moves.to_vec()
    }

    /// Zobrist key of the placement: pieces on their squares and the reserves. Equal
    /// placements have equal keys; different ones almost surely differ (compare
    /// [`Position::same_placement`] to be sure).
    pub fn placement_key(&self) -> u64 {
        self.placement
    }

    /// Zobrist key of everything [`RepetitionKey`] compares: the placement, the side to
    /// move, castling rights and the en passant captures that can be played.
    pub fn repetition_hash(&self) -> u64 {
        let mut key = self.placement ^ zobrist::turn(self.turn.0);
        for s in self.castling.squares() {
            key ^= zobrist::castling(s.0);
        }
        for m in self.ep_captures() {
            key ^= zobrist::en_passant(m.from.0, m.to.0);
        }
        key
    }

    /// Same pieces on the same squares and the same reserves, whoever is to move and
    /// whatever the castling and en passant rights ("the position on the board").
    pub fn same_placement(&self, other: &Self) -> bool {
        self.by_role == other.by_role
            && self.by_side == other.by_side
            && self.reserves == other.reserves
    }

    // ---- editing (setup, FEN) ----

    pub fn put(&mut self, piece: Piece, s: Square) {
        self.remove(s);
        self.toggle(piece.side, piece.role, s);
    }

    /// Takes the piece off `s`. Castling rights that needed it go with it: its own square's
    /// right, or every right of its side when it is the king.
    pub fn remove(&mut self, s: Square) -> Option<Piece> {
        let piece = self.piece_at(s)?;
        self.toggle(piece.side, piece.role, s);
        self.castling &= !B::from_square(s);
        if piece.role == Role::King {
            self.castling &= !self.geo.back_row[piece.side.index()];
        }
        Some(piece)
    }

    pub fn set_turn(&mut self, side: Side) {
        self.turn = side;
    }
    pub fn set_castling(&mut self, rights: B) {
        self.castling = rights;
    }
    pub fn set_ep_square(&mut self, side: Side, s: Option<Square>) {
        self.ep[side.index()] = s;
    }
    pub fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }
    pub fn set_reserve(&mut self, side: Side, counts: [u8; 6]) {
        for role in Role::ALL {
            self.set_reserve_count(side, role, counts[role.index()]);
        }
    }

    fn set_reserve_count(&mut self, side: Side, role: Role, count: u8) {
        let old = &mut self.reserves[side.index()][role.index()];
        let (s, r) = (side.0, role as u8);
        self.placement ^= zobrist::reserve(s, r, *old) ^ zobrist::reserve(s, r, count);
        *old = count;
    }

    // ---- playing ----

    #[inline]
    fn toggle(&mut self, side: Side, role: Role, s: Square) {
        let bit = B::from_square(s);
        self.by_role[role.index()] ^= bit;
        self.by_side[side.index()] ^= bit;
        self.occupied ^= bit;
        self.placement ^= zobrist::piece(side.0, role as u8, s.0);
    }

    /// Plays a move known to be legal here (from [`Position::legal_moves`]).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let g = self.geo;
        let mut irreversible = false;
        match m.kind {
            MoveKind::Drop(role) => {
                let count = self.reserves[us.index()][role.index()];
                self.set_reserve_count(us, role, count.saturating_sub(1));
                self.toggle(us, role, m.to);
            }
            MoveKind::Castle { rook_from, rook_to } => {
                let partner = self.role_at(rook_from).unwrap_or(Role::Rook);
                self.toggle(us, Role::King, m.from);
                self.toggle(us, partner, rook_from);
                self.toggle(us, Role::King, m.to);
                self.toggle(us, partner, rook_to);
                self.castling &= !g.back_row[us.index()];
            }
            _ => {
                let role = self.role_at(m.from).unwrap_or(Role::Pawn);
                if let Some(captured) = self.piece_at(m.to) {
                    self.toggle(captured.side, captured.role, m.to);
                    irreversible = true;
                    if captured.role == Role::King {
                        // A side without its king has no castling rights (and its FEN
                        // must read back: castling letters need the king at home).
                        self.castling &= !g.back_row[captured.side.index()];
                    }
                }
                if m.kind == MoveKind::EnPassant {
                    if let Some((side, victim)) = self.ep_victim(m.to) {
                        self.toggle(side, Role::Pawn, victim);
                    }
                }
                self.toggle(us, role, m.from);
                let placed = m.promotion().unwrap_or(role);
                self.toggle(us, placed, m.to);
                if role == Role::Pawn {
                    irreversible = true;
                }
                if m.kind == MoveKind::DoubleStep && self.rules.en_passant {
                    self.ep[us.index()] = g.push(us, m.from);
                }
                if role == Role::King {
                    self.castling &= !g.back_row[us.index()];
                }
            }
        }
        self.castling &= !(B::from_square(m.from) | B::from_square(m.to));
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.turn = us.next(self.sides);
        if self.turn == Side(0) {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        // Play has come back to this side: its own old double step can no longer be taken.
        self.ep[self.turn.index()] = None;
        if self.sides > 2 {
            self.drop_spent_ep_squares();
        }
    }

    /// With more than two sides an e.p. square stays open for several turns (FAMILY.md §3.4):
    /// it closes as soon as its pawn is gone (captured) or a piece stands on it.
    #[cold]
    fn drop_spent_ep_squares(&mut self) {
        for side in 0..self.sides as usize {
            let Some(ep) = self.ep[side] else { continue };
            let pawn = self.geo.push(Side(side as u8), ep);
            let pawn_there =
                pawn.is_some_and(|p| self.pieces(Side(side as u8), Role::Pawn).contains(p));
            if self.occupied.contains(ep) || !pawn_there {
                self.ep[side] = None;
            }
        }
    }

    /// The position after `m`.
    #[inline]
    pub fn after(&self, m: Move) -> Self {
        let mut next = *self;
        next.play(m);
        next
    }

    /// For an en passant square, the side whose pawn passed over it and that pawn's square.
    pub fn ep_victim(&self, ep_square: Square) -> Option<(Side, Square)> {
        (0..self.sides).map(Side).find_map(|side| {
            if self.ep[side.index()] != Some(ep_square) || side == self.turn {
                return None;
            }
            let victim = self.geo.push(side, ep_square)?;
            self.pieces(side, Role::Pawn)
                .contains(victim)
                .then_some((side, victim))
        })
    }

    /// Whether a king of `side` stands in the opponents' half (midline invasion).
    pub fn king_invaded(&self, side: Side) -> bool {
        (self.pieces(side, Role::King) & !self.geo.own_half[side.index()]).any()
    }
}
