//! The four-player position text, FEN4-like but readable: one line of space-separated tokens.
//!
//! ```text
//! rKh1 rRd1 bKa7 bPb10 yKg14 gKn8 turn:r seats:PPPP castle:rq ep:- checks:- quiet:0 round:1
//! ```
//!
//! - **pieces**: seat letter (`r b y g`) + piece letter (`K Q R B N P`) + square (`a4`..`n11`,
//!   FAMILY.md §1.2), e.g. `rKh1 bPb10`, in any order;
//! - `turn:` the seat to move;
//! - `seats:` four status letters in seat order r, b, y, g: `P` Playing, `A` Away,
//!   `O` Out (its pieces are dead), `-` empty seat (no player, no pieces);
//! - `castle:` rights as seat letter + `k` (O-O, king side) or `q` (O-O-O), comma separated,
//!   e.g. `rk,rq,bk`, or `-`;
//! - `ep:` open e.p. squares per seat that double-stepped, e.g. `r=e5,b=c4`, or `-`;
//! - `checks:` standing (announced) checks as victim=checker, e.g. `b=r`, or `-` (several
//!   checkers, e.g. `b=ry`, only with joint mates);
//! - `quiet:` plies since the last capture or pawn move; `round:` the round number;
//! - `passes:` passes in a row (written only when not 0);
//! - `options:` supervisor toggles that differ from the defaults, `key=value` comma
//!   separated, e.g. `options:teams=fixed,joint-mates=on` (written only when any differ;
//!   the seats in play come from `seats:`).
//!
//! Every field is optional when parsing, so a §9 position such as
//! `rKh1 bKa7 yKg14 gKn8 rQd5 bPb10` is a whole position text. Defaults: seats with pieces
//! are Playing and the others empty; the first seat (`options:first=`, Red) moves, or the
//! next Playing seat; castling rights for every king and rook still on their home squares;
//! no e.p. squares, standing checks or passes; `quiet:0 round:1`.
//! [`write_position`] writes every field except those left out above, so writing then
//! parsing gives the same state.

use super::options::FamilyRules;
use super::setup::frame_square;
use super::state::{FamilyState, Seat};
use super::{parse_seat, partner, seat_letter, SEATS};
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::types::{Piece, Role, Side};
use crate::text::{msg, words};
use std::fmt::Display;

fn status_letter(s: Seat) -> char {
    match s {
        Seat::Playing => 'P',
        Seat::Away => 'A',
        Seat::Out => 'O',
        Seat::Empty => '-',
    }
}

/// Writes the position text of a state.
pub fn write_position(state: &FamilyState) -> String {
    let pos = state.position();
    let g = pos.geo;
    let mut tokens: Vec<String> = Vec::new();
    for seat in SEATS {
        for role in Role::KING_FIRST {
            for sq in pos.pieces(seat, role).squares() {
                tokens.push(format!(
                    "{}{}{}",
                    seat_letter(seat),
                    role.letter(),
                    g.name(sq)
                ));
            }
        }
    }
    tokens.push(format!("turn:{}", seat_letter(pos.turn())));
    let seats: String = SEATS
        .iter()
        .map(|&s| status_letter(state.seat(s)))
        .collect();
    tokens.push(format!("seats:{seats}"));
    let mut castle = Vec::new();
    for seat in SEATS {
        for (wing, letter) in [(1, 'k'), (0, 'q')] {
            if pos
                .castling_rights()
                .contains(g.castle_wings[seat.index()][wing].partner_home)
            {
                castle.push(format!("{}{letter}", seat_letter(seat)));
            }
        }
    }
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "-".into()
        } else {
            v.join(",")
        }
    };
    tokens.push(format!("castle:{}", list(castle)));
    let ep: Vec<String> = SEATS
        .iter()
        .filter_map(|&s| Some(format!("{}={}", seat_letter(s), g.name(pos.ep_square(s)?))))
        .collect();
    tokens.push(format!("ep:{}", list(ep)));
    let checks: Vec<String> = SEATS
        .iter()
        .filter(|&&v| state.standing_checkers(v) != 0)
        .map(|&v| {
            let checkers: String = SEATS
                .iter()
                .filter(|x| state.standing_checkers(v) & (1 << x.0) != 0)
                .map(|&x| seat_letter(x))
                .collect();
            format!("{}={checkers}", seat_letter(v))
        })
        .collect();
    tokens.push(format!("checks:{}", list(checks)));
    tokens.push(format!("quiet:{}", pos.halfmove_clock()));
    tokens.push(format!("round:{}", pos.fullmove_number()));
    if state.passes() > 0 {
        tokens.push(format!("passes:{}", state.passes()));
    }
    let options: Vec<String> = state
        .rules()
        .changed()
        .into_iter()
        .filter(|w| !w.starts_with("seats="))
        .collect();
    if !options.is_empty() {
        tokens.push(format!("options:{}", options.join(",")));
    }
    tokens.join(" ")
}

/// A reason about one token of the text: `'castle:rk': ...`.
fn in_token(token: &str, problem: impl Display) -> String {
    msg::family_problem_in_token(&token, &problem)
}

fn seat_of(c: char, token: &str) -> Result<Side, String> {
    parse_seat(&c.to_string())
        .ok_or_else(|| in_token(token, msg::family_problem_not_seat_letter(&c)))
}

/// A `seat=value` list such as `r=e5,b=c4`, or `-`.
fn pairs(value: &str, token: &str) -> Result<Vec<(Side, String)>, String> {
    if value == "-" {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|item| {
            let (s, v) = item
                .split_once('=')
                .ok_or_else(|| in_token(token, msg::family_problem_not_seat_pair(&item)))?;
            let seat =
                parse_seat(s).ok_or_else(|| in_token(token, msg::family_problem_not_seat(&s)))?;
            Ok((seat, v.to_string()))
        })
        .collect()
}

/// Parses a position text. The result is not yet judged (a mate or stalemate of the seat to
/// move is found by the game's start-of-turn judgement, see `FamilyGame::from_text`).
pub fn parse_position(text: &str) -> Result<FamilyState, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(msg::family_problem_text_empty().into());
    }
    let mut rules = FamilyRules::default();
    let mut fields: Vec<(&str, &str, &str)> = Vec::new();
    let mut pieces: Vec<(Piece, &str)> = Vec::new();
    for token in text.split_whitespace() {
        if let Some((key, value)) = token.split_once(':') {
            match key {
                "options" => rules.apply(value).map_err(|e| in_token(token, e))?,
                "turn" | "seats" | "castle" | "ep" | "checks" | "quiet" | "round" | "passes" => {
                    if fields.iter().any(|(k, _, _)| *k == key) {
                        return Err(in_token(token, msg::family_problem_field_twice(&key)));
                    }
                    fields.push((key, value, token));
                }
                _ => {
                    let known = "turn, seats, castle, ep, checks, quiet, round, passes, options";
                    return Err(in_token(
                        token,
                        msg::family_problem_unknown_field(&key, &known),
                    ));
                }
            }
            continue;
        }
        let mut chars = token.chars();
        let (Some(s), Some(r)) = (chars.next(), chars.next()) else {
            return Err(msg::family_problem_not_piece_or_field(&token));
        };
        let side = seat_of(s, token)?;
        let role = Role::from_letter(r)
            .filter(|_| r.is_ascii_uppercase())
            .ok_or_else(|| in_token(token, msg::family_problem_not_piece_letter(&r)))?;
        pieces.push((Piece { side, role }, chars.as_str()));
    }
    let field = |key: &str| {
        fields
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|&(_, v, t)| (v, t))
    };

    // Seats first: they decide which armies may be on the board.
    let mut seats = [Seat::Empty; 4];
    match field("seats") {
        Some((v, token)) => {
            let letters: Vec<char> = v.chars().collect();
            if letters.len() != 4 {
                return Err(in_token(token, msg::family_problem_four_statuses()));
            }
            for (i, c) in letters.into_iter().enumerate() {
                seats[i] = match c {
                    'P' => Seat::Playing,
                    'A' => Seat::Away,
                    'O' => Seat::Out,
                    '-' => Seat::Empty,
                    _ => return Err(in_token(token, msg::family_problem_not_status(&c))),
                };
            }
        }
        None => {
            for (p, _) in &pieces {
                seats[p.side.index()] = Seat::Playing;
            }
        }
    }
    rules.seats = (0..4u8)
        .filter(|&s| seats[s as usize] != Seat::Empty)
        .fold(0, |m, s| m | 1 << s);
    if rules.seats.count_ones() < 2 {
        return Err(msg::family_problem_two_seats().into());
    }
    let mut state = FamilyState::empty(rules);
    state.seats = seats;
    state.sync();
    let g = state.pos.geo;

    for &(piece, square) in &pieces {
        let token = format!("{}{}{square}", seat_letter(piece.side), piece.role.letter());
        let sq = g
            .parse_square(square)
            .ok_or_else(|| in_token(&token, msg::family_problem_not_square_of_cross(&square)))?;
        if state.pos.piece_at(sq).is_some() {
            return Err(in_token(&token, msg::family_problem_occupied(&square)));
        }
        if state.seat(piece.side) == Seat::Empty {
            let seat = words::seat(piece.side);
            return Err(in_token(&token, msg::family_problem_seat_empty(&seat)));
        }
        if piece.role == Role::Pawn && g.promotion_zone[piece.side.index()].contains(sq) {
            return Err(in_token(
                &token,
                msg::family_problem_pawn_on_promotion_line(),
            ));
        }
        state.pos.put(piece, sq);
    }
    state
        .pos
        .check_army_sizes(|seat| words::seat(seat).to_string())?;
    for seat in SEATS {
        let kings = state.pos.pieces(seat, Role::King).count();
        let needs_king = matches!(state.seat(seat), Seat::Playing | Seat::Away);
        if (needs_king && kings != 1) || kings > 1 {
            return Err(msg::family_problem_one_king(&words::seat(seat), &kings));
        }
    }

    let turn = match field("turn") {
        Some((v, token)) => {
            parse_seat(v).ok_or_else(|| in_token(token, msg::family_problem_not_seat(&v)))?
        }
        None => {
            let first = state.rules.first;
            (0..4)
                .map(|i| Side((first.0 + i) & 3))
                .find(|&s| state.seat(s) == Seat::Playing)
                .unwrap_or(first)
        }
    };
    // A finished or paused game may leave the turn with a player who is out or away; the
    // start-of-turn judgement moves it on when play goes on. Only an empty seat never moves.
    if state.seat(turn) == Seat::Empty {
        return Err(msg::family_problem_turn_empty_seat(&words::seat(turn)));
    }
    state.pos.set_turn(turn);

    let mut rights = Bb256::EMPTY;
    match field("castle") {
        Some((v, token)) if v != "-" => {
            for item in v.split(',') {
                let mut cs = item.chars();
                let (Some(s), Some(w), None) = (cs.next(), cs.next(), cs.next()) else {
                    return Err(in_token(token, msg::family_problem_castle_item(&item)));
                };
                let seat = seat_of(s, token)?;
                let (wing, x) = match w {
                    'k' => (1, 10),
                    'q' => (0, 3),
                    _ => return Err(in_token(token, msg::family_problem_castle_wing(&w))),
                };
                let home = g.castle_wings[seat.index()][wing].partner_home;
                let rook = Piece {
                    side: seat,
                    role: Role::Rook,
                };
                let king_home = state.pos.king(seat) == Some(g.king_home[seat.index()]);
                if !king_home
                    || state.pos.piece_at(home) != Some(rook)
                    || frame_square(seat, x, 0) != home
                {
                    let seat = words::seat(seat);
                    return Err(in_token(
                        token,
                        msg::family_problem_castle_home(&item, &seat),
                    ));
                }
                rights |= Bb256::from_square(home);
            }
        }
        Some(_) => {}
        None => {
            for seat in SEATS {
                if state.pos.king(seat) != Some(g.king_home[seat.index()]) {
                    continue;
                }
                for wing in g.castle_wings[seat.index()] {
                    let rook = Piece {
                        side: seat,
                        role: Role::Rook,
                    };
                    if state.pos.piece_at(wing.partner_home) == Some(rook) {
                        rights |= Bb256::from_square(wing.partner_home);
                    }
                }
            }
        }
    }
    state.pos.set_castling(rights);

    if let Some((v, token)) = field("ep") {
        for (seat, name) in pairs(v, token)? {
            let sq = g
                .parse_square(&name)
                .ok_or_else(|| in_token(token, msg::family_problem_not_square(&name)))?;
            let pawn = g.push(seat, sq).filter(|&p| {
                state.pos.piece_at(p)
                    == Some(Piece {
                        side: seat,
                        role: Role::Pawn,
                    })
            });
            if pawn.is_none() || state.pos.occupied().contains(sq) {
                let seat = words::seat(seat);
                return Err(in_token(
                    token,
                    msg::family_problem_not_ep_square(&name, &seat),
                ));
            }
            if !state.pos.rules.en_passant {
                return Err(in_token(token, msg::family_problem_ep_off()));
            }
            state.pos.set_ep_square(seat, Some(sq));
        }
    }

    let number = |key: &str, default: u16| -> Result<u16, String> {
        match field(key) {
            Some((v, token)) => v
                .parse()
                .map_err(|_| in_token(token, msg::family_problem_not_number(&v))),
            None => Ok(default),
        }
    };
    let quiet = number("quiet", 0)?;
    let round = number("round", 1)?;
    if round == 0 {
        return Err(in_token("round:0", msg::family_problem_round_zero()));
    }
    state.pos.set_clocks(quiet, round);
    let passes = number("passes", 0)?;
    // The game is drawn once every Playing player has passed in a row (§5.3).
    let playing = state.live_seats().count_ones() as u16;
    if passes > 0 && passes >= playing {
        return Err(in_token(
            &format!("passes:{passes}"),
            msg::family_problem_too_many_passes(playing.into()),
        ));
    }
    state.passes = passes as u8;

    if let Some((v, token)) = field("checks") {
        for (victim, letters) in pairs(v, token)? {
            if state.checks[victim.index()] != 0 {
                let seat = words::seat(victim);
                return Err(in_token(
                    token,
                    msg::family_problem_check_listed_twice(&seat),
                ));
            }
            if letters.is_empty() {
                let seat = words::seat(victim);
                return Err(in_token(token, msg::family_problem_no_checker(&seat)));
            }
            for c in letters.chars() {
                let checker = seat_of(c, token)?;
                let playing = |s: Side| state.seat(s) == Seat::Playing;
                if victim == checker || !playing(victim) || !playing(checker) {
                    return Err(in_token(token, msg::family_problem_check_needs_two()));
                }
                if state.rules.fixed_teams && checker == partner(victim) {
                    return Err(in_token(token, msg::family_problem_partners_check()));
                }
                if !state.attacks_king(checker, victim) {
                    let (checker, victim) = (words::seat(checker), words::seat(victim));
                    return Err(in_token(
                        token,
                        msg::family_problem_no_attack(&checker, &victim),
                    ));
                }
                if state.checks[victim.index()] != 0 && !state.rules.joint_mates {
                    let seat = words::seat(victim);
                    return Err(in_token(token, msg::family_problem_two_checks(&seat)));
                }
                state.checks[victim.index()] |= 1 << checker.0;
            }
        }
    }
    Ok(state)
}
