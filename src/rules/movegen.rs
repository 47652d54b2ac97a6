//! Move generation driven by [`MoveRules`]: pseudo-legal moves for king-capture games, fully
//! legal moves (pins, checks, evasions) where check restricts, placements from the reserve,
//! castling (standard or Rule Zero) and per-side en passant.

use crate::rules::bitboard::Bits;
use crate::rules::position::Position;
use crate::rules::ruleset::{Castling, DoubleStep, Knight};
use crate::rules::types::{Move, MoveKind, Role, Side, Square};
use arrayvec::ArrayVec;

/// The most moves a list holds. Every position the core accepts has armies of at most
/// [`crate::rules::types::MAX_ARMY`] pieces (checked by every parser, see [`Position::check_army_sizes`]), and
/// fifteen queens, a king and castling on the cross board stay below this: the test
/// `move_list_holds_the_most_moves_any_accepted_position_has` works the bound out from the
/// geometries. A fixed list (no heap) keeps move generation fast.
pub const MOVE_LIST_CAPACITY: usize = 768;

/// The moves of a position.
pub type MoveList = ArrayVec<Move, MOVE_LIST_CAPACITY>;

/// What the non-king pieces may do: destinations allowed by a check, and pinned pieces.
struct Constraints<B> {
    target: B,
    pinned: B,
    king: Option<Square>,
}

impl<B: Bits> Position<B> {
    /// All moves the side to move may make.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Whether the side to move's king is gone for good (captured, not waiting in a reserve).
    pub fn king_captured(&self, side: Side) -> bool {
        self.pieces(side, Role::King).is_empty() && self.reserve(side)[Role::King.index()] == 0
    }

    /// Appends the legal moves to `list`.
    pub fn generate(&self, list: &mut MoveList) {
        let us = self.turn();
        let ours = self.side_pieces(us);
        let king = self.king(us);
        if king.is_none() && self.king_captured(us) && !self.rules.check_restricts {
            return; // the game is over: the king was taken
        }
        if !self.rules.check_restricts || king.is_none() {
            if self.rules.drops {
                self.gen_drops(!B::EMPTY, list);
                if king.is_none() {
                    return; // board moves only once the king is on the board
                }
            }
            let barred = self.shielded_kings();
            let free = Constraints {
                target: !(ours | barred),
                pinned: B::EMPTY,
                king: None,
            };
            self.gen_pieces(&free, list);
            if let Some(k) = king {
                self.gen_king_steps(k, false, list);
                self.gen_castling(k, self.others(us), list);
            }
            return;
        }
        let k = king.unwrap_or(Square(0));
        if !self.pins_model_every_attack() {
            self.gen_by_playing(k, list);
            return;
        }
        let checkers = self.checkers(us);
        // Where check restricts, a legal position never lets a king be taken: no shield.
        self.gen_king_steps(k, true, list);
        if checkers.more_than_one() {
            return;
        }
        let target = if checkers.any() {
            let c = checkers.lsb();
            self.geo.between(k, c) | checkers
        } else {
            !ours
        };
        let rules = Constraints {
            target,
            pinned: self.pinned(us, k),
            king: Some(k),
        };
        if self.rules.drops {
            self.gen_drops(target, list);
        }
        self.gen_pieces(&rules, list);
        if checkers.is_empty() {
            self.gen_castling(k, self.others(us), list);
        }
    }

    /// Whether the pin and check-evasion shortcuts below see every attack the rules define.
    /// They know sliders, leaping knights, pawns and kings; a non-leaping knight's attack is
    /// opened and closed by whatever stands on its first step, which no pin line describes.
    #[inline]
    fn pins_model_every_attack(&self) -> bool {
        self.rules.knight == Knight::Leaping
    }

    /// Legal moves where check restricts, judged by the position each move leaves: every
    /// candidate is played and kept only if no enemy piece then attacks the king. Slower than
    /// the pin logic, and right for any attack [`Position::attackers_to`] knows.
    #[cold]
    #[inline(never)]
    fn gen_by_playing(&self, k: Square, list: &mut MoveList) {
        let us = self.turn();
        let start = list.len();
        if self.rules.drops {
            self.gen_drops(!B::EMPTY, list);
        }
        let free = Constraints {
            target: !self.side_pieces(us),
            pinned: B::EMPTY,
            king: None,
        };
        self.gen_pieces(&free, list);
        self.gen_king_steps(k, false, list);
        // Castling tests its own squares (never out of, through or into check).
        self.gen_castling(k, self.others(us), list);
        let mut kept = start;
        for i in start..list.len() {
            let m = list[i];
            if !self.after(m).in_check(us) {
                list[kept] = m;
                kept += 1;
            }
        }
        list.truncate(kept);
    }

    /// Pseudo-legal moves for a game layer with its own king-safety rules (FAMILY.md §4.5):
    /// no check test, except that castling is judged against `attackers` (the pieces that
    /// count as attacking, e.g. only live enemy pieces). Shielded kings are never targets.
    pub fn generate_pseudo(&self, attackers: B, list: &mut MoveList) {
        let us = self.turn();
        let barred = self.shielded_kings();
        let free = Constraints {
            target: !(self.side_pieces(us) | barred),
            pinned: B::EMPTY,
            king: None,
        };
        self.gen_pieces(&free, list);
        if let Some(k) = self.king(us) {
            self.gen_king_steps(k, false, list);
            self.gen_castling(k, attackers, list);
        }
    }

    /// Kings no move may end on (`MoveRules::king_shield`).
    #[inline]
    fn shielded_kings(&self) -> B {
        let shield = self.rules.king_shield;
        if shield == 0 {
            return B::EMPTY;
        }
        (0..self.side_count())
            .filter(|s| shield & (1 << s) != 0)
            .fold(B::EMPTY, |set, s| set | self.pieces(Side(s), Role::King))
    }

    /// Our pieces that alone shield our king from an enemy slider.
    fn pinned(&self, us: Side, k: Square) -> B {
        let g = self.geo;
        let theirs = self.others(us);
        let queens = self.role_pieces(Role::Queen);
        let snipers = ((g.rook_attacks(k, B::EMPTY) & (self.role_pieces(Role::Rook) | queens))
            | (g.bishop_attacks(k, B::EMPTY) & (self.role_pieces(Role::Bishop) | queens)))
            & theirs;
        let mut pinned = B::EMPTY;
        for s in snipers.squares() {
            let blockers = g.between(k, s) & self.occupied();
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.side_pieces(us);
            }
        }
        pinned
    }

    fn gen_drops(&self, target: B, list: &mut MoveList) {
        let us = self.turn();
        let reserve = self.reserve(us);
        let total: u32 = reserve.iter().map(|&c| c as u32).sum();
        let squares = self.geo.back_row[us.index()] & !self.occupied() & target;
        if total == 0 || squares.is_empty() {
            return;
        }
        for role in Role::ALL {
            let count = reserve[role.index()] as u32;
            // The queen only comes when she is the last piece in the reserve.
            if count == 0 || (role == Role::Queen && count != total) || role == Role::Pawn {
                continue;
            }
            for s in squares.squares() {
                list.push(Move {
                    from: s,
                    to: s,
                    kind: MoveKind::Drop(role),
                });
            }
        }
    }

    fn gen_pieces(&self, c: &Constraints<B>, list: &mut MoveList) {
        let g = self.geo;
        let us = self.turn();
        let occ = self.occupied();
        let pin_line = |from: Square| match c.king {
            Some(k) if c.pinned.contains(from) => g.line(k, from),
            _ => !B::EMPTY,
        };
        let push_all = |from: Square, dests: B, list: &mut MoveList| {
            for to in dests.squares() {
                list.push(Move::new(from, to));
            }
        };
        for from in self.pieces(us, Role::Knight).squares() {
            if c.pinned.contains(from) {
                continue; // a pinned knight can never stay on its line
            }
            let attacks = match self.rules.knight {
                Knight::Leaping => g.knight[from.index()],
                Knight::NonLeaping => g.lame_knight_attacks(from, occ),
            };
            push_all(from, attacks & c.target, list);
        }
        let queens = self.pieces(us, Role::Queen);
        for from in (self.pieces(us, Role::Bishop) | queens).squares() {
            let dests = g.bishop_attacks(from, occ) & c.target & pin_line(from);
            push_all(from, dests, list);
        }
        for from in (self.pieces(us, Role::Rook) | queens).squares() {
            let dests = g.rook_attacks(from, occ) & c.target & pin_line(from);
            push_all(from, dests, list);
        }
        self.gen_pawns(c, list);
    }

    fn gen_pawns(&self, c: &Constraints<B>, list: &mut MoveList) {
        let g = self.geo;
        let us = self.turn();
        let occ = self.occupied();
        let theirs = self.others(us);
        let promo_zone = g.promotion_zone[us.index()];
        let double_from = match self.rules.double_step {
            DoubleStep::Never => B::EMPTY,
            DoubleStep::FirstMove | DoubleStep::SecondRankAnyTime => g.second_row[us.index()],
            // Double steps onto the promotion line are promotions, made below.
            DoubleStep::AnyTime => g.valid & !g.double_step_promotes[us.index()],
        };
        for from in self.pieces(us, Role::Pawn).squares() {
            let allowed = match c.king {
                Some(k) if c.pinned.contains(from) => c.target & g.line(k, from),
                _ => c.target,
            };
            if let Some(one) = g.push(us, from) {
                if !occ.contains(one) {
                    if allowed.contains(one) {
                        self.push_pawn_move(from, one, promo_zone, list);
                    }
                    if double_from.contains(from) && !promo_zone.contains(one) {
                        if let Some(two) = g.push(us, one) {
                            if !occ.contains(two) && allowed.contains(two) {
                                list.push(Move {
                                    from,
                                    to: two,
                                    kind: MoveKind::DoubleStep,
                                });
                            }
                        }
                    }
                }
            }
            let attacks = g.pawn_attacks[us.index()][from.index()];
            for to in (attacks & theirs & allowed).squares() {
                self.push_pawn_move(from, to, promo_zone, list);
            }
            if self.rules.en_passant {
                self.gen_en_passant(from, attacks, c, list);
            }
        }
        if self.rules.double_step == DoubleStep::AnyTime {
            self.gen_promoting_double_steps(c, list);
        }
    }

    /// Two-square steps that land on the promotion line promote at once and leave no e.p.
    /// square (FAMILY.md §3.3–3.4). Kept out of the main pawn loop, which 8x8 play runs.
    #[cold]
    #[inline(never)]
    fn gen_promoting_double_steps(&self, c: &Constraints<B>, list: &mut MoveList) {
        let g = self.geo;
        let us = self.turn();
        let occ = self.occupied();
        let promo_zone = g.promotion_zone[us.index()];
        let candidates = self.pieces(us, Role::Pawn) & g.double_step_promotes[us.index()];
        for from in candidates.squares() {
            let allowed = match c.king {
                Some(k) if c.pinned.contains(from) => c.target & g.line(k, from),
                _ => c.target,
            };
            let Some(one) = g.push(us, from) else {
                continue;
            };
            let Some(two) = g.push(us, one) else { continue };
            if !occ.contains(one) && !occ.contains(two) && allowed.contains(two) {
                self.push_pawn_move(from, two, promo_zone, list);
            }
        }
    }

    fn push_pawn_move(&self, from: Square, to: Square, promo_zone: B, list: &mut MoveList) {
        if promo_zone.contains(to) {
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                if self.rules.promotion[self.turn().index()] & (1 << role.index()) != 0 {
                    list.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(role),
                    });
                }
            }
        } else {
            list.push(Move::new(from, to));
        }
    }

    fn gen_en_passant(&self, from: Square, attacks: B, c: &Constraints<B>, list: &mut MoveList) {
        for side in (0..self.side_count()).map(Side) {
            let Some(ep) = self.ep_square(side) else {
                continue;
            };
            if side == self.turn() || !attacks.contains(ep) || self.occupied().contains(ep) {
                continue;
            }
            // Two seats may leave the same e.p. square: one capture, of the victim found.
            if self.ep_victim(ep).is_none() {
                continue;
            }
            let m = Move {
                from,
                to: ep,
                kind: MoveKind::EnPassant,
            };
            // Rare and subtle (the captured pawn can uncover a check): test by playing it.
            if c.king.is_some() {
                let mut after = *self;
                after.play(m);
                if after.in_check(self.turn()) {
                    continue;
                }
            }
            list.push(m);
        }
    }

    fn gen_king_steps(&self, k: Square, safe_only: bool, list: &mut MoveList) {
        let us = self.turn();
        let g = self.geo;
        let mut dests = g.king[k.index()] & !self.side_pieces(us);
        if !safe_only {
            dests &= !self.shielded_kings();
        }
        let theirs = self.others(us);
        // The king does not shield the squares behind it from a slider.
        let occ_without_king = self.occupied() & !B::from_square(k);
        for to in dests.squares() {
            if safe_only && self.attackers_to(to, occ_without_king, theirs).any() {
                continue;
            }
            list.push(Move::new(k, to));
        }
    }

    /// Castling moves; a square counts as attacked when one of `theirs` attacks it.
    fn gen_castling(&self, k: Square, theirs: B, list: &mut MoveList) {
        if self.rules.castling == Castling::None {
            return;
        }
        let us = self.turn();
        let g = self.geo;
        let rights = self.castling_rights() & self.side_pieces(us);
        if rights.is_empty() || g.king_home[us.index()] != k {
            return;
        }
        let occ = self.occupied();
        let attacked = |s: Square| self.attackers_to(s, occ, theirs).any();
        // Whether the king stands in check, worked out only once a castling path is free.
        let mut king_attacked: Option<bool> = None;
        for (wing_index, wing) in g.castle_wings[us.index()].into_iter().enumerate() {
            let partner_sq = wing.partner_home;
            if !rights.contains(partner_sq) {
                continue;
            }
            let (mut king_to, mut partner_to) = (wing.king_to, wing.partner_to);
            // Cheap test first: the squares between king and partner must be empty.
            if (g.between(k, partner_sq) & occ).any() {
                continue;
            }
            let Some(partner) = self.role_at(partner_sq) else {
                continue;
            };
            match self.rules.castling {
                Castling::Standard if partner != Role::Rook => continue,
                Castling::RuleZero if partner == Role::King || partner == Role::Pawn => continue,
                // A colour-bound corner piece castling long: king to the b-file, piece to c.
                Castling::RuleZero if partner == Role::Bishop && wing_index == 0 => {
                    let toward_corner = |s: Square| {
                        let d = g.direction(s, partner_sq).unwrap_or(5);
                        (g.rays[s.index()][d] & g.king[s.index()]).lsb()
                    };
                    king_to = toward_corner(king_to);
                    partner_to = toward_corner(partner_to);
                }
                _ => {}
            }
            let movers = B::from_square(k) | B::from_square(partner_sq);
            let path = g.between(k, king_to)
                | B::from_square(king_to)
                | g.between(partner_sq, partner_to)
                | B::from_square(partner_to)
                | g.between(k, partner_sq);
            if (path & occ & !movers).any() {
                continue;
            }
            // Never out of, through or into check, in any mode (Rule Zero keeps the check rules).
            if *king_attacked.get_or_insert_with(|| attacked(k)) {
                return;
            }
            let king_path = g.between(k, king_to) | B::from_square(king_to);
            if king_path.squares().any(attacked) {
                continue;
            }
            list.push(Move {
                from: k,
                to: king_to,
                kind: MoveKind::Castle {
                    rook_from: partner_sq,
                    rook_to: partner_to,
                },
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Geometry;
    use crate::rules::types::MAX_ARMY;

    /// The most moves any position with armies of [`MAX_ARMY`] pieces can have on `geo`: the
    /// king's steps and two castlings, every other piece as the most mobile piece there can be
    /// (a queen on an empty board, or a pawn with its steps, captures, e.p. captures and four
    /// promotions each), and a placement of each of five roles on every back-row square.
    fn most_moves<B: Bits>(geo: &Geometry<B>) -> usize {
        let squares = || {
            (0..geo.square_count())
                .map(|i| Square(i as u8))
                .filter(|&s| geo.valid.contains(s))
        };
        let queen = squares()
            .map(|s| (geo.rook_attacks(s, B::EMPTY) | geo.bishop_attacks(s, B::EMPTY)).count())
            .max()
            .unwrap_or(0) as usize;
        let king = squares()
            .map(|s| geo.king[s.index()].count())
            .max()
            .unwrap_or(0) as usize;
        let pawn = (2 + 2) * 4 + 3;
        let drops = (0..geo.sides as usize)
            .map(|side| geo.back_row[side].count() as usize)
            .max()
            .unwrap_or(0)
            * 5;
        (MAX_ARMY as usize - 1) * queen.max(pawn) + king + 2 + drops
    }

    #[test]
    fn move_list_holds_the_most_moves_any_accepted_position_has() {
        let eight = most_moves(Geometry::standard());
        let cross = most_moves(Geometry::cross());
        assert!(eight <= MOVE_LIST_CAPACITY, "8x8: {eight}");
        assert!(cross <= MOVE_LIST_CAPACITY, "cross: {cross}");
    }
}
