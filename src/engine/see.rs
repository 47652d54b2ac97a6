//! Static exchange evaluation: what a capture wins or loses in material once every piece
//! that attacks its square has recaptured, least valuable first, each side free to stop.
//! The search orders captures by it and skips, in quiescence, those that lose material.

use crate::rules::{Bits, Move, MoveKind, Position8, Role, Side, Square};

/// A king's worth in an exchange: above everything, so a king recaptures last and a capture
/// of a king (the king-capture modes) is never thought to lose.
const KING_VALUE: i32 = 10_000;

/// A piece's worth in centipawns for exchanges, by the rules' values.
pub fn exchange_value(role: Role) -> i32 {
    match role {
        Role::King => KING_VALUE,
        other => other.value() as i32 * 100,
    }
}

/// What `m` captures, if anything (castling and placements capture nothing).
pub fn victim(pos: &Position8, m: Move) -> Option<Role> {
    match m.kind {
        MoveKind::Castle { .. } | MoveKind::Drop(_) => None,
        MoveKind::EnPassant => Some(Role::Pawn),
        _ => pos.role_at(m.to),
    }
}

/// The material the player to move gains by `m` and the exchange on its square (negative:
/// it loses). Quiet moves, castling and placements count as 0; a promotion adds the new
/// piece's worth over the pawn's.
pub fn static_exchange(pos: &Position8, m: Move) -> i32 {
    if matches!(m.kind, MoveKind::Castle { .. } | MoveKind::Drop(_)) {
        return 0;
    }
    let target = m.to;
    let victim = victim(pos, m);
    let Some(mover) = pos.role_at(m.from) else {
        return 0;
    };
    let promotion_gain = m
        .promotion()
        .map_or(0, |r| exchange_value(r) - exchange_value(Role::Pawn));
    let mut occupied = pos.occupied() & !u64::from_square(m.from);
    if m.kind == MoveKind::EnPassant {
        if let Some((_, pawn)) = pos.ep_victim(target) {
            occupied &= !u64::from_square(pawn);
        }
    }
    // gains[d]: what the side making the d-th capture wins if the exchange stops after it.
    let mut gains = [0i32; 40];
    gains[0] = victim.map_or(0, exchange_value) + promotion_gain;
    let mut on_target = exchange_value(m.promotion().unwrap_or(mover));
    let mut side = Side(1 - pos.turn().0);
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let candidates = occupied & pos.side_pieces(side);
        let attackers = pos.attackers_to(target, occupied, candidates);
        let Some((role, from)) = least_valuable(pos, attackers) else {
            break;
        };
        depth += 1;
        gains[depth] = on_target - gains[depth - 1];
        // Neither side can do better by going on: the result is settled.
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occupied &= !u64::from_square(from);
        on_target = exchange_value(role);
        side = Side(1 - side.0);
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The cheapest piece among `attackers`, with its square.
fn least_valuable(pos: &Position8, attackers: u64) -> Option<(Role, Square)> {
    if attackers.is_empty() {
        return None;
    }
    // Role::ALL runs from the cheapest piece to the king.
    Role::ALL.into_iter().find_map(|role| {
        let these = attackers & pos.role_pieces(role);
        these.any().then(|| (role, these.lsb()))
    })
}
