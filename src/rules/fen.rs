//! FEN with crazyhouse-style holdings (RULES.md §0): `board[holdings] turn castling ep half full`.
//! Parsing checks what a position needs to be playable and says what is wrong and where.

use crate::rules::bitboard::Bits;
use crate::rules::geometry::Geometry;
use crate::rules::position::{MoveRules, Position};
use crate::rules::ruleset::Castling;
use crate::rules::types::{Piece, Role, Side, Square};
use crate::text::msg;
use crate::text::words::{self, Army};

/// A piece's FEN letter: upper case for White.
pub fn piece_char(p: Piece) -> char {
    let c = p.role.letter();
    if p.side == Side::WHITE {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// The piece a FEN letter stands for.
pub fn piece_of_char(c: char) -> Option<Piece> {
    let role = Role::from_letter(c)?;
    let side = if c.is_ascii_uppercase() {
        Side::WHITE
    } else {
        Side::BLACK
    };
    Some(Piece { side, role })
}

/// The board field of a FEN (top rank first), from what stands on (file, rank).
/// Shared by [`write_fen`] and the position editor's model.
pub fn write_board(width: u8, height: u8, piece_at: impl Fn(u8, u8) -> Option<Piece>) -> String {
    let mut out = String::new();
    for rank in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match piece_at(file, rank) {
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_char(p));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The holdings `[...]` of a FEN, White's then Black's, kings first and pawns last.
pub fn write_holdings(reserve: impl Fn(Side) -> [u8; 6]) -> String {
    let mut out = String::from("[");
    for side in [Side::WHITE, Side::BLACK] {
        let counts = reserve(side);
        for role in Role::KING_FIRST {
            for _ in 0..counts[role.index()] {
                out.push(piece_char(Piece { side, role }));
            }
        }
    }
    out.push(']');
    out
}

/// Reads the board field of a FEN (top rank first) of a `width` x `height` board, handing
/// each piece to `put(file, rank, piece)`; says what is wrong and where. Shared by
/// [`parse_fen`] and the position editor's model.
pub fn read_board(
    width: u8,
    height: u8,
    text: &str,
    mut put: impl FnMut(u8, u8, Piece),
) -> Result<(), String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != height as usize {
        return Err(msg::problem_fen_rank_count(height as u64, &ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - i as u8;
        let mut file: u32 = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(msg::problem_fen_zero(&(rank + 1)));
                }
                file += d;
                continue;
            }
            let piece =
                piece_of_char(c).ok_or_else(|| msg::problem_fen_not_piece(&(rank + 1), &c))?;
            if file >= width as u32 {
                return Err(msg::problem_fen_rank_too_long(&(rank + 1), width as u64));
            }
            put(file as u8, rank, piece);
            file += 1;
        }
        if file != width as u32 {
            return Err(msg::problem_fen_rank_squares(
                &(rank + 1),
                file as u64,
                &width,
            ));
        }
    }
    Ok(())
}

/// A position shows itself as its FEN (in test failures and debug output).
impl<B: Bits> std::fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", write_fen(self))
    }
}

/// Writes a two-sided position as FEN.
pub fn write_fen<B: Bits>(pos: &Position<B>) -> String {
    let g = pos.geo;
    let mut out = write_board(g.width, g.height, |file, rank| {
        g.square(file, rank).and_then(|s| pos.piece_at(s))
    });
    if pos.rules.drops {
        out.push_str(&write_holdings(|side| pos.reserve(side)));
    }
    out.push(' ');
    out.push(if pos.turn() == Side::WHITE { 'w' } else { 'b' });
    out.push(' ');
    let mut castling = String::new();
    for side in [Side::WHITE, Side::BLACK] {
        for wing in [1, 0] {
            let home = g.castle_wings[side.index()][wing].partner_home;
            if pos.castling_rights().contains(home) {
                let c = if wing == 1 { 'K' } else { 'Q' };
                castling.push(if side == Side::WHITE {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    let ep = pos.ep_square(Side(1 - pos.turn().0.min(1)));
    out.push_str(&ep.map(|s| g.name(s)).unwrap_or_else(|| "-".into()));
    out.push_str(&format!(
        " {} {}",
        pos.halfmove_clock(),
        pos.fullmove_number()
    ));
    out
}

/// Parses FEN for a two-sided board of `geo`, checked against `rules`.
pub fn parse_fen<B: Bits>(
    geo: &'static Geometry<B>,
    rules: MoveRules,
    text: &str,
) -> Result<Position<B>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(msg::problem_fen_empty().into());
    }
    let mut fields = text.split_whitespace();
    let board_field = fields.next().unwrap_or("");
    let (board_text, holdings) = match board_field.find('[') {
        Some(i) => {
            let rest = &board_field[i + 1..];
            let Some(rest) = rest.strip_suffix(']') else {
                return Err(msg::problem_fen_holdings_unclosed().into());
            };
            (&board_field[..i], Some(rest))
        }
        None => (board_field, None),
    };
    let mut pos = Position::empty(geo, rules, 2);
    let mut off_board = false;
    read_board(
        geo.width,
        geo.height,
        board_text,
        |file, rank, piece| match geo.square(file, rank) {
            Some(s) => pos.put(piece, s),
            None => off_board = true,
        },
    )
    .map_err(|e| msg::problem_fen_board(&e))?;
    if off_board {
        return Err(msg::problem_fen_off_board().into());
    }
    match (holdings, rules.drops) {
        (Some(h), true) => {
            let mut counts = [[0u8; 6]; 2];
            for c in h.chars() {
                let role =
                    Role::from_letter(c).ok_or_else(|| msg::problem_fen_holdings_letter(&c))?;
                let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                counts[side][role.index()] = counts[side][role.index()].saturating_add(1);
            }
            pos.set_reserve(Side::WHITE, counts[0]);
            pos.set_reserve(Side::BLACK, counts[1]);
        }
        (Some(_), false) => return Err(msg::problem_fen_no_reserve().into()),
        _ => {}
    }
    let turn = match fields.next() {
        Some("w") | None => Side::WHITE,
        Some("b") => Side::BLACK,
        Some(other) => return Err(msg::problem_fen_turn(&other)),
    };
    pos.set_turn(turn);
    let castling = fields.next().unwrap_or("-");
    let mut rights = B::EMPTY;
    if castling != "-" {
        for c in castling.chars() {
            let side = if c.is_ascii_uppercase() {
                Side::WHITE
            } else {
                Side::BLACK
            };
            let wing = match c.to_ascii_uppercase() {
                'K' => 1,
                'Q' => 0,
                _ => return Err(msg::problem_fen_castling_letter(&c)),
            };
            let home = geo.castle_wings[side.index()][wing].partner_home;
            let king_home = geo.king_home[side.index()];
            if !pos.pieces(side, Role::King).contains(king_home) {
                return Err(msg::problem_fen_castling_king(
                    &c,
                    &words::piece(Army::of_side(side), Role::King),
                    &geo.name(king_home),
                ));
            }
            // Only Rule Zero castles with a corner piece other than a rook.
            let rule_zero = rules.castling == Castling::RuleZero;
            match pos.piece_at(home) {
                Some(p) if p.side == side && p.role == Role::Rook => {}
                Some(p)
                    if rule_zero
                        && p.side == side
                        && p.role != Role::King
                        && p.role != Role::Pawn => {}
                _ => {
                    let square = geo.name(home);
                    return Err(match (rule_zero, side == Side::WHITE) {
                        (true, true) => msg::problem_fen_castling_white_piece(&c, &square),
                        (true, false) => msg::problem_fen_castling_black_piece(&c, &square),
                        (false, _) => msg::problem_fen_castling_rook(
                            &c,
                            &words::piece(Army::of_side(side), Role::Rook),
                            &square,
                        ),
                    });
                }
            }
            rights |= B::from_square(home);
        }
    }
    // Rights mean nothing where castling is off (Primary by default): keep the FEN honest.
    if rules.castling != Castling::None {
        pos.set_castling(rights);
    }
    match fields.next() {
        None | Some("-") => {}
        Some(name) => {
            let s = geo
                .parse_square(name)
                .ok_or_else(|| msg::problem_fen_ep_square(&name))?;
            let mover = Side(1 - turn.0);
            let victim = geo.push(mover, s);
            let ok = victim.is_some_and(|v| pos.pieces(mover, Role::Pawn).contains(v))
                && !pos.occupied().contains(s)
                && geo.second_row[mover.index()]
                    .squares()
                    .any(|start| geo.push(mover, start) == Some(s));
            if !ok {
                return Err(msg::problem_fen_ep_passed(
                    &name,
                    &words::piece(Army::of_side(mover), Role::Pawn),
                ));
            }
            if rules.en_passant {
                pos.set_ep_square(mover, Some(s));
            }
        }
    }
    let mut number =
        |not_a_number: fn(&dyn std::fmt::Display) -> String, default: u16| match fields.next() {
            None => Ok(default),
            Some(t) => t.parse::<u16>().map_err(|_| not_a_number(&t)),
        };
    let half = number(msg::problem_fen_halfmove, 0)?;
    let full = number(msg::problem_fen_move_number, 1)?;
    pos.set_clocks(half, full);
    if let Some(extra) = fields.next() {
        return Err(msg::problem_fen_extra(&extra));
    }
    validate(&pos)?;
    Ok(pos)
}

/// A built-in mode's start (its rule set's own FEN: board, holdings, turn, castling, en passant
/// `-` and the clocks), read without the checks and reasons [`parse_fen`] gives a FEN from
/// outside: those starts are constants, and a test holds each equal to what `parse_fen` reads.
pub fn read_builtin<B: Bits>(
    geo: &'static Geometry<B>,
    rules: MoveRules,
    text: &str,
) -> Position<B> {
    let mut fields = text.split_whitespace();
    let board = fields.next().unwrap_or("");
    let (board, holdings) = board.split_once('[').unwrap_or((board, ""));
    let mut pos = Position::empty(geo, rules, 2);
    let (mut file, mut rank) = (0u8, geo.height.saturating_sub(1));
    for c in board.chars() {
        match (c, c.to_digit(10)) {
            ('/', _) => (file, rank) = (0, rank.saturating_sub(1)),
            (_, Some(empty)) => file = file.saturating_add(empty as u8),
            _ => {
                if let (Some(piece), Some(s)) = (piece_of_char(c), geo.square(file, rank)) {
                    pos.put(piece, s);
                }
                file = file.saturating_add(1);
            }
        }
    }
    if rules.drops {
        let mut counts = [[0u8; 6]; 2];
        for piece in holdings.chars().filter_map(piece_of_char) {
            counts[piece.side.index()][piece.role.index()] += 1;
        }
        pos.set_reserve(Side::WHITE, counts[0]);
        pos.set_reserve(Side::BLACK, counts[1]);
    }
    if fields.next() == Some("b") {
        pos.set_turn(Side::BLACK);
    }
    let mut rights = B::EMPTY;
    for piece in fields
        .next()
        .unwrap_or("-")
        .chars()
        .filter_map(piece_of_char)
    {
        let wing = usize::from(piece.role == Role::King);
        rights |= B::from_square(geo.castle_wings[piece.side.index()][wing].partner_home);
    }
    if rules.castling != Castling::None {
        pos.set_castling(rights);
    }
    fields.next();
    let mut number = |default| {
        fields
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or(default)
    };
    let half = number(0);
    let full = number(1);
    pos.set_clocks(half, full);
    pos
}

/// Checks that a position can be played under its rules.
pub fn validate<B: Bits>(pos: &Position<B>) -> Result<(), String> {
    let g = pos.geo;
    let rules = pos.rules;
    pos.check_army_sizes(|side| words::side(side).to_string())?;
    for side in [Side::WHITE, Side::BLACK] {
        let king = words::piece(Army::of_side(side), Role::King);
        let kings = pos.pieces(side, Role::King).count();
        let in_reserve = pos.reserve(side)[Role::King.index()];
        if kings + in_reserve as u32 > 1 {
            return Err(msg::problem_more_than_one_king(&king));
        }
        if kings == 0 && in_reserve == 0 && rules.check_restricts {
            return Err(msg::problem_no_king_capture_only(&king));
        }
        let stuck = pos.pieces(side, Role::Pawn)
            & (g.back_row[side.index()] | g.promotion_zone[side.index()]);
        if stuck.any() {
            return Err(msg::problem_pawn_stuck(
                &words::piece(Army::of_side(side), Role::Pawn),
                &g.name(stuck.lsb()),
            ));
        }
    }
    if rules.check_restricts && pos.in_check(Side(1 - pos.turn().0)) {
        return Err(msg::problem_left_in_check(
            &words::side(pos.turn()),
            &words::piece(Army::of_side(Side(1 - pos.turn().0)), Role::King),
        ));
    }
    Ok(())
}

/// The square names of a set, for messages.
pub fn square_list<B: Bits>(geo: &Geometry<B>, set: B) -> String {
    set.squares()
        .map(|s: Square| geo.name(s))
        .collect::<Vec<_>>()
        .join(", ")
}
