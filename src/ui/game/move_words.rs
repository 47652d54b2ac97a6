//! A move in words, as the live region and speech say it after every move of every game:
//! "White knight from g1 to f3.", "Red queen from h7 takes the blue rook on h11.".

use super::session::Session;
use crate::rules::types::{Move, MoveKind, Piece, Role};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words::{self, Army};

/// `mv` by `army`'s `role` (the piece that stood on `from`; a promotion names its new piece
/// from the move), taking `captured` if anything.
pub fn said_move(s: &Session, army: Army, mv: Move, role: Role, captured: Option<Piece>) -> String {
    let square = |sq| s.shape().name(sq).to_string();
    let (from, to) = (square(mv.from), square(mv.to));
    let text = match (mv.kind, captured) {
        (MoveKind::Drop(role), _) => msg::game_said_placed(&words::piece(army, role), &to),
        (MoveKind::Castle { .. }, _) => msg::game_said_castled(&words::army(army)),
        (MoveKind::Promotion(new), taken) => {
            let pawn = words::piece(army, Role::Pawn);
            let becomes = words::role(new);
            match taken {
                Some(c) => {
                    msg::game_said_took_promoted(&pawn, &from, &s.piece_name(c), &to, &becomes)
                }
                None => msg::game_said_promoted(&pawn, &from, &to, &becomes),
            }
        }
        (_, Some(c)) => {
            msg::game_said_took(&words::piece(army, role), &from, &s.piece_name(c), &to)
        }
        (_, None) => msg::game_said_moved(&words::piece(army, role), &from, &to),
    };
    capitalise(&text)
}
