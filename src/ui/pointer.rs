//! Pointer plumbing shared by the 8x8 and the cross board: screen points to board units,
//! pointer capture, and the hint list (destination, capture?) of a selected piece.

use crate::rules::bitboard::Bits;
use crate::rules::position::Position;
use crate::rules::types::{Move, MoveKind, Square};
use web_sys::{Element, PointerEvent};

/// The pointer's position in client pixels.
pub fn client(ev: &PointerEvent) -> (f64, f64) {
    (ev.client_x() as f64, ev.client_y() as f64)
}

/// Client pixels to units of a square viewBox `size` wide, from the board's box right now.
pub fn to_units(svg: &Element, cx: f64, cy: f64, size: f64) -> Option<(f64, f64)> {
    let r = svg.get_bounding_client_rect();
    let side = r.width().min(r.height());
    if side <= 0.0 {
        return None;
    }
    // The viewBox is centred in the box (preserveAspectRatio "xMidYMid meet").
    let left = r.left() + (r.width() - side) / 2.0;
    let top = r.top() + (r.height() - side) / 2.0;
    Some(((cx - left) * size / side, (cy - top) * size / side))
}

pub fn capture(el: &Element, id: i32) {
    let _ = el.set_pointer_capture(id);
}

pub fn release(el: &Element, id: i32) {
    if el.has_pointer_capture(id) {
        let _ = el.release_pointer_capture(id);
    }
}

/// Whether the board still holds pointer `id` (captured at its pointerdown).
pub fn holds(el: &Element, id: i32) -> bool {
    el.has_pointer_capture(id)
}

/// Where the piece on `from` may go, each with whether it captures (a ring, not a dot).
pub fn move_hints<B: Bits>(pos: &Position<B>, moves: &[Move], from: Square) -> Vec<(Square, bool)> {
    let mut v: Vec<(Square, bool)> = moves
        .iter()
        .filter(|m| m.from == from && !m.is_drop())
        .map(|m| {
            let capture = m.kind == MoveKind::EnPassant
                || (!matches!(m.kind, MoveKind::Castle { .. }) && pos.piece_at(m.to).is_some());
            (m.to, capture)
        })
        .collect();
    v.sort();
    v.dedup();
    v
}
