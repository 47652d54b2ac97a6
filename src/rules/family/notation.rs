//! Move records (FAMILY.md §1.4) and move input.
//!
//! Records: seat letter, colon, long algebraic: `r: e2-e4`, `r: Rk1xk13`, `y: f6xe5 ep`,
//! `r: h10-h11=Q`, `r: O-O`, with `+` only for an accepted call. Events: `b: --` (pass),
//! `b: #` (mated at the start of its turn), `b: out` (stalemated, "eliminate" toggle),
//! `g: away`, `g: back`, `y: resigns`.
//!
//! Input accepts that record form (the seat prefix optional, `r:e2-e4` or `e2-e4`) and the
//! machine form (`e2e4`, `h10h11q`, castling as the king's step `h1j1`), each with an
//! optional trailing `+` meaning "announce check".

use super::state::{Event, FamilyState};
use super::{parse_seat, seat_letter};
use crate::rules::bitboard::Bb256;
use crate::rules::geometry::Geometry;
use crate::rules::position::Position;
use crate::rules::san::to_uci;
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::text::{msg, words};

/// Machine form: `e2e4`, `h10h11q`, castling `h1j1`.
pub fn machine(pos: &Position<Bb256>, m: Move) -> String {
    to_uci(pos, m)
}

/// The long algebraic part of a record, without seat or check mark.
pub fn long_algebraic(
    geo: &Geometry<Bb256>,
    seat: Side,
    m: Move,
    role: Role,
    captured: Option<Piece>,
) -> String {
    if let MoveKind::Castle { rook_from, .. } = m.kind {
        let king_side = geo.castle_wings[seat.index()][1].partner_home == rook_from;
        return if king_side { "O-O" } else { "O-O-O" }.into();
    }
    let mut s = String::new();
    if role != Role::Pawn {
        s.push(role.letter());
    }
    s.push_str(&geo.name(m.from));
    s.push(if captured.is_some() { 'x' } else { '-' });
    s.push_str(&geo.name(m.to));
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.letter());
    }
    if m.kind == MoveKind::EnPassant {
        s.push_str(" ep");
    }
    s
}

impl Event {
    /// The record line of this event (§1.4); `None` for the end of the game.
    pub fn text(&self) -> Option<String> {
        let geo = Geometry::cross();
        let line = |seat: Side, what: &str| format!("{}: {what}", seat_letter(seat));
        Some(match *self {
            Event::Moved {
                seat,
                mv,
                role,
                captured,
                check,
            } => {
                let mut text = long_algebraic(geo, seat, mv, role, captured);
                if check {
                    text.push('+');
                }
                line(seat, &text)
            }
            Event::Passed(seat) => line(seat, "--"),
            Event::Mated { seat, .. } => line(seat, "#"),
            Event::StalemateOut(seat) => line(seat, "out"),
            Event::Resigned(seat) => line(seat, "resigns"),
            Event::Away(seat) => line(seat, "away"),
            Event::Back(seat) => line(seat, "back"),
            Event::Ended(_) => return None,
        })
    }
}

/// One parsed square name and what follows it.
fn take_square<'a>(geo: &Geometry<Bb256>, text: &'a str) -> Option<(Square, &'a str)> {
    let mut chars = text.char_indices();
    let (_, file) = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits_end = text[1..]
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i + 1);
    let sq = geo.parse_square(&text[..digits_end])?;
    Some((sq, &text[digits_end..]))
}

/// Parses a move for the seat to move; returns it with whether check is announced.
pub fn parse_move(state: &FamilyState, text: &str) -> Result<(Move, bool), String> {
    let pos = state.position();
    let geo = pos.geo;
    let us = pos.turn();
    let mut t = text.trim();
    if let Some((prefix, rest)) = t.split_once(':') {
        let seat =
            parse_seat(prefix).ok_or_else(|| msg::family_problem_move_not_seat(&prefix, &text))?;
        if seat != us {
            return Err(msg::family_problem_not_your_turn(
                &words::seat(us),
                &words::seat(seat),
            ));
        }
        t = rest.trim();
    }
    let mut call = false;
    while let Some(rest) = t.strip_suffix(['+', '#', '!', '?']) {
        call |= t.ends_with(['+', '#']);
        t = rest.trim_end();
    }
    let t = t.strip_suffix("ep").map_or(t, str::trim_end);
    if t.is_empty() {
        return Err(msg::family_problem_no_move(&text));
    }
    let legal = state.legal_moves();
    let castle = match t {
        "O-O" | "0-0" => Some(1),
        "O-O-O" | "0-0-0" => Some(0),
        _ => None,
    };
    if let Some(wing) = castle {
        let partner = geo.castle_wings[us.index()][wing].partner_home;
        return legal
            .iter()
            .find(|m| matches!(m.kind, MoveKind::Castle { rook_from, .. } if rook_from == partner))
            .map(|&m| (m, call))
            .ok_or_else(|| msg::family_problem_castling_not_legal(&t));
    }
    let mut rest = t;
    let mut role = None;
    if let Some(c) = rest.chars().next().filter(|c| c.is_ascii_uppercase()) {
        role = Some(
            Role::from_letter(c).ok_or_else(|| msg::family_problem_move_piece_letter(&c, &text))?,
        );
        rest = &rest[1..];
    }
    let (from, after_from) =
        take_square(geo, rest).ok_or_else(|| msg::family_problem_move_no_square(&rest, &text))?;
    let after_from = after_from.strip_prefix(['-', 'x']).unwrap_or(after_from);
    let (to, tail) =
        take_square(geo, after_from).ok_or_else(|| msg::family_problem_move_no_target(&text))?;
    let tail = tail.strip_prefix('=').unwrap_or(tail);
    let promotion = match tail {
        "" => None,
        p if p.chars().count() == 1 => Some(
            Role::from_letter(p.chars().next().unwrap_or(' '))
                .filter(|r| !matches!(r, Role::King | Role::Pawn))
                .ok_or_else(|| msg::family_problem_move_promotion_letter(&p, &text))?,
        ),
        other => return Err(msg::family_problem_move_trailing(&other, &text)),
    };
    if let Some(r) = role {
        if pos.role_at(from) != Some(r) {
            return Err(no_own_piece(r, &geo.name(from)));
        }
    }
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .filter(|m| promotion.is_none() || m.promotion() == promotion)
        .collect();
    match candidates.as_slice() {
        [m] => Ok((*m, call)),
        [] => Err(msg::family_problem_move_not_legal_for(
            &format_args!("{}-{}", geo.name(from), geo.name(to)),
            &words::seat(us),
        )),
        _ => Err(msg::family_problem_say_promotion(&format_args!(
            "{}-{}",
            geo.name(from),
            geo.name(to)
        ))),
    }
}

/// "there is no queen of yours on d4": a message per piece, so each language can make its
/// words agree with the piece.
fn no_own_piece(role: Role, square: &str) -> String {
    let reason = match role {
        Role::Pawn => msg::family_problem_no_own_pawn,
        Role::Knight => msg::family_problem_no_own_knight,
        Role::Bishop => msg::family_problem_no_own_bishop,
        Role::Rook => msg::family_problem_no_own_rook,
        Role::Queen => msg::family_problem_no_own_queen,
        Role::King => msg::family_problem_no_own_king,
    };
    reason(&square)
}
