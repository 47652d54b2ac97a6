//! Which pieces attack (§4.1: only live ones) and which moves are legal (§4.2, §4.5, §6.3,
//! §7.2). The core generates pseudo-legal moves; the rules of this game filter them.

use super::options::AsleepCapture;
use super::state::{FamilyState, Seat};
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::movegen::MoveList;
use crate::rules::position::Position;
use crate::rules::types::{Move, MoveKind, Role, Side};

/// The pieces of the seats in `mask` (bit `1 << seat`).
pub fn pieces_of(pos: &Position<Bb256>, mask: u8) -> Bb256 {
    (0..4u8)
        .filter(|s| mask & (1 << s) != 0)
        .fold(Bb256::EMPTY, |set, s| set | pos.side_pieces(Side(s)))
}

impl FamilyState {
    /// Seats whose pieces are live: the Playing ones.
    pub fn live_seats(&self) -> u8 {
        (0..4u8)
            .filter(|&s| self.seat(Side(s)) == Seat::Playing)
            .fold(0, |m, s| m | 1 << s)
    }

    /// Seats whose live pieces count as attacking `seat`'s king and squares: every other
    /// Playing seat, except a fixed-team partner (§7.2).
    pub fn enemy_seats(&self, seat: Side) -> u8 {
        let mut mask = self.live_seats() & !(1 << seat.0);
        if self.rules.fixed_teams {
            mask &= !(1 << super::partner(seat).0);
        }
        mask
    }

    /// Squares of live enemy pieces attacking `seat`'s king now (empty without a king).
    pub fn king_attackers(&self, seat: Side) -> Bb256 {
        let pos = &self.pos;
        match pos.king(seat) {
            Some(k) => pos.attackers_to(k, pos.occupied(), pieces_of(pos, self.enemy_seats(seat))),
            None => Bb256::EMPTY,
        }
    }

    /// Whether live pieces of `attacker` attack `victim`'s king (the test behind a call, §4.3,
    /// and behind a standing check staying backed, §4.4).
    pub fn attacks_king(&self, attacker: Side, victim: Side) -> bool {
        self.seat(attacker) == Seat::Playing
            && (self.king_attackers(victim) & self.pos.side_pieces(attacker)).any()
    }

    /// Whether the mover may take what stands on the target: never a partner's piece in
    /// fixed teams, asleep pieces only as §6.3 / the toggle allows, dead pieces always.
    fn capture_allowed(&self, m: Move) -> bool {
        let pos = &self.pos;
        let us = pos.turn();
        let victim = match m.kind {
            MoveKind::EnPassant => pos.ep_victim(m.to).map(|(side, _)| side),
            MoveKind::Castle { .. } | MoveKind::Drop(_) => None,
            _ => pos.side_at(m.to),
        };
        let Some(v) = victim else {
            return true;
        };
        if self.rules.fixed_teams && v == super::partner(us) {
            return false;
        }
        match self.seat(v) {
            Seat::Away => match self.rules.asleep_capture {
                AsleepCapture::PawnsOnly => pos.role_at(m.from) == Some(Role::Pawn),
                AsleepCapture::NoOne => false,
                AsleepCapture::Anyone => true,
            },
            _ => true,
        }
    }

    /// The legal moves of the seat to move (none when the game is over or paused).
    ///
    /// Let A₀/A₁ be the live enemy pieces attacking the king before/after a move (§4.5).
    /// Without an announced check: a king move (or castling) needs A₁ = ∅, any other move
    /// A₁ ⊆ A₀. Under a standing check by X: the moves with A₁ = ∅ if there are any, else
    /// (unless joint mates) the moves after which no piece of X attacks the king.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        let pos = &self.pos;
        let us = pos.turn();
        if self.outcome().is_some() || self.is_paused() || self.seat(us) != Seat::Playing {
            return out;
        }
        let enemy_mask = self.enemy_seats(us);
        let enemies = pieces_of(pos, enemy_mask);
        let mut pseudo = MoveList::new();
        pos.generate_pseudo(enemies, &mut pseudo);
        let Some(k) = pos.king(us) else {
            // A setup without this seat's king: nothing to keep safe.
            out.extend(pseudo.into_iter().filter(|&m| self.capture_allowed(m)));
            return out;
        };
        let a0 = pos.attackers_to(k, pos.occupied(), enemies);
        let checkers = self.standing_checkers(us);
        let mut fallback = MoveList::new();
        for (i, &m) in pseudo.iter().enumerate() {
            // Two seats may leave the same e.p. square: the core then lists the capture twice.
            let repeated = m.kind == MoveKind::EnPassant && pseudo[..i].contains(&m);
            if repeated || !self.capture_allowed(m) {
                continue;
            }
            let after = pos.after(m);
            let k1 = if m.from == k { m.to } else { k };
            let a1 = after.attackers_to(k1, after.occupied(), pieces_of(&after, enemy_mask));
            let ok = match checkers {
                0 if m.from == k => a1.is_empty(),
                0 => (a1 & !a0).is_empty(),
                _ if a1.is_empty() => true,
                x => {
                    if !self.rules.joint_mates && (a1 & pieces_of(&after, x)).is_empty() {
                        fallback.push(m);
                    }
                    false
                }
            };
            if ok {
                out.push(m);
            }
        }
        if checkers != 0 && out.is_empty() {
            return fallback;
        }
        out
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }
}
