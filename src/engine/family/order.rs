//! What counts as a capture for the four-player search's move ordering (the ordering itself
//! is [`crate::engine::order`], shared with the two-player search).

use super::eval::Sides;
use crate::engine::order::MoveOrder;
use crate::rules::family::{FamilyState, Seat};
use crate::rules::movegen::MoveList;
use crate::rules::types::{Move, MoveKind, Role, Side};

/// What a capture takes, when it is worth anything: a live or asleep piece of a seat that is
/// not the mover's partner (dead pieces are worth nothing, FAMILY.md §5.2).
pub fn victim(state: &FamilyState, sides: &Sides, m: Move) -> Option<(Side, Role)> {
    let pos = state.position();
    let (side, role) = match m.kind {
        MoveKind::EnPassant => (pos.ep_victim(m.to)?.0, Role::Pawn),
        MoveKind::Castle { .. } | MoveKind::Drop(_) => return None,
        _ => {
            let piece = pos.piece_at(m.to)?;
            (piece.side, piece.role)
        }
    };
    let partner = sides.allies[state.turn().index()] & (1 << side.0) != 0;
    let alive = matches!(state.seat(side), Seat::Playing | Seat::Away);
    (alive && !partner).then_some((side, role))
}

/// A capture worth something or a promotion.
pub fn is_tactical(state: &FamilyState, sides: &Sides, m: Move) -> bool {
    matches!(m.kind, MoveKind::Promotion(_)) || victim(state, sides, m).is_some()
}

/// Sorts `moves` best first (see [`crate::engine::order`]); captures count when they take a
/// piece worth something from a seat that is not the mover's partner.
pub fn order(
    order: &MoveOrder,
    state: &FamilyState,
    sides: &Sides,
    moves: &mut MoveList,
    remembered: Option<Move>,
    ply: usize,
) {
    let pos = state.position();
    order.order(moves, remembered, ply, |m| {
        let (_, victim) = victim(state, sides, m)?;
        Some((victim, pos.role_at(m.from).unwrap_or(Role::Pawn)))
    });
}

/// Squares of the cross board's 14x14 storage.
pub const SQUARES: usize = 196;
