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
use super::{parse_seat, partner, seat_letter, seat_name, SEATS};
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::types::{Piece, Role, Side};

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

fn seat_of(c: char, token: &str) -> Result<Side, String> {
    parse_seat(&c.to_string())
        .ok_or_else(|| format!("'{token}': '{c}' is not a seat letter (r, b, y or g)"))
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
                .ok_or_else(|| format!("'{token}': '{item}' is not of the form seat=value"))?;
            let seat = parse_seat(s)
                .ok_or_else(|| format!("'{token}': '{s}' is not a seat (r, b, y or g)"))?;
            Ok((seat, v.to_string()))
        })
        .collect()
}

/// Parses a position text. The result is not yet judged (a mate or stalemate of the seat to
/// move is found by the game's start-of-turn judgement, see `FamilyGame::from_text`).
pub fn parse_position(text: &str) -> Result<FamilyState, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the position text is empty".into());
    }
    let mut rules = FamilyRules::default();
    let mut fields: Vec<(&str, &str, &str)> = Vec::new();
    let mut pieces: Vec<(Piece, &str)> = Vec::new();
    for token in text.split_whitespace() {
        if let Some((key, value)) = token.split_once(':') {
            match key {
                "options" => rules.apply(value).map_err(|e| format!("'{token}': {e}"))?,
                "turn" | "seats" | "castle" | "ep" | "checks" | "quiet" | "round" | "passes" => {
                    if fields.iter().any(|(k, _, _)| *k == key) {
                        return Err(format!("'{token}': the field {key}: is given twice"));
                    }
                    fields.push((key, value, token));
                }
                _ => return Err(format!("'{token}': unknown field '{key}:' (known: turn, seats, castle, ep, checks, quiet, round, passes, options)")),
            }
            continue;
        }
        let mut chars = token.chars();
        let (Some(s), Some(r)) = (chars.next(), chars.next()) else {
            return Err(format!(
                "'{token}' is neither a piece such as rKh1 nor a field such as turn:r"
            ));
        };
        let side = seat_of(s, token)?;
        let role = Role::from_letter(r)
            .filter(|_| r.is_ascii_uppercase())
            .ok_or_else(|| {
                format!("'{token}': '{r}' is not a piece letter (K, Q, R, B, N or P)")
            })?;
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
                return Err(format!(
                    "'{token}': expected four status letters (P, A, O or -) for r, b, y, g"
                ));
            }
            for (i, c) in letters.into_iter().enumerate() {
                seats[i] = match c {
                    'P' => Seat::Playing,
                    'A' => Seat::Away,
                    'O' => Seat::Out,
                    '-' => Seat::Empty,
                    _ => {
                        return Err(format!(
                            "'{token}': '{c}' is not a status (P Playing, A Away, O Out, - empty)"
                        ))
                    }
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
        return Err("a family position needs at least two seats with players".into());
    }
    let mut state = FamilyState::empty(rules);
    state.seats = seats;
    state.sync();
    let g = state.pos.geo;

    for &(piece, square) in &pieces {
        let token = format!("{}{}{square}", seat_letter(piece.side), piece.role.letter());
        let sq = g
            .parse_square(square)
            .ok_or_else(|| format!("'{token}': '{square}' is not a square of the board (a4..n11; the 3x3 corners do not exist)"))?;
        if state.pos.piece_at(sq).is_some() {
            return Err(format!("'{token}': {square} is already occupied"));
        }
        if state.seat(piece.side) == Seat::Empty {
            return Err(format!(
                "'{token}': {}'s seat is empty, so it has no pieces",
                seat_name(piece.side)
            ));
        }
        if piece.role == Role::Pawn && g.promotion_zone[piece.side.index()].contains(sq) {
            return Err(format!(
                "'{token}': a pawn on its promotion line would have promoted"
            ));
        }
        state.pos.put(piece, sq);
    }
    state
        .pos
        .check_army_sizes(|seat| seat_name(seat).to_string())?;
    for seat in SEATS {
        let kings = state.pos.pieces(seat, Role::King).count();
        let needs_king = matches!(state.seat(seat), Seat::Playing | Seat::Away);
        if (needs_king && kings != 1) || kings > 1 {
            return Err(format!(
                "{} must have exactly one king (found {kings})",
                seat_name(seat)
            ));
        }
    }

    let turn = match field("turn") {
        Some((v, token)) => {
            parse_seat(v).ok_or_else(|| format!("'{token}': '{v}' is not a seat (r, b, y or g)"))?
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
        return Err(format!(
            "{} is to move but nobody sits there",
            seat_name(turn)
        ));
    }
    state.pos.set_turn(turn);

    let mut rights = Bb256::EMPTY;
    match field("castle") {
        Some((v, token)) if v != "-" => {
            for item in v.split(',') {
                let mut cs = item.chars();
                let (Some(s), Some(w), None) = (cs.next(), cs.next(), cs.next()) else {
                    return Err(format!(
                        "'{token}': '{item}' is not seat + k or q, such as rk"
                    ));
                };
                let seat = seat_of(s, token)?;
                let (wing, x) = match w {
                    'k' => (1, 10),
                    'q' => (0, 3),
                    _ => return Err(format!("'{token}': '{w}' is not k (O-O) or q (O-O-O)")),
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
                    return Err(format!(
                        "'{token}': {item} needs {}'s king and rook on their home squares",
                        seat_name(seat)
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
                .ok_or_else(|| format!("'{token}': '{name}' is not a square of the board"))?;
            let pawn = g.push(seat, sq).filter(|&p| {
                state.pos.piece_at(p)
                    == Some(Piece {
                        side: seat,
                        role: Role::Pawn,
                    })
            });
            if pawn.is_none() || state.pos.occupied().contains(sq) {
                return Err(format!("'{token}': {name} is not an e.p. square of {}: it must be empty with {}'s pawn just beyond it", seat_name(seat), seat_name(seat)));
            }
            if !state.pos.rules.en_passant {
                return Err(format!("'{token}': en passant is off"));
            }
            state.pos.set_ep_square(seat, Some(sq));
        }
    }

    let number = |key: &str, default: u16| -> Result<u16, String> {
        match field(key) {
            Some((v, token)) => v
                .parse()
                .map_err(|_| format!("'{token}': '{v}' is not a number")),
            None => Ok(default),
        }
    };
    let quiet = number("quiet", 0)?;
    let round = number("round", 1)?;
    if round == 0 {
        return Err("'round:0': rounds count from 1".into());
    }
    state.pos.set_clocks(quiet, round);
    let passes = number("passes", 0)?;
    // The game is drawn once every Playing player has passed in a row (§5.3).
    let playing = state.live_seats().count_ones() as u16;
    if passes > 0 && passes >= playing {
        return Err(format!(
            "'passes:{passes}': with {playing} Playing players the game would already be drawn after {playing} passes in a row"
        ));
    }
    state.passes = passes as u8;

    if let Some((v, token)) = field("checks") {
        for (victim, letters) in pairs(v, token)? {
            if state.checks[victim.index()] != 0 {
                return Err(format!("'{token}': {} is listed twice", seat_name(victim)));
            }
            if letters.is_empty() {
                return Err(format!(
                    "'{token}': no checker given for {}",
                    seat_name(victim)
                ));
            }
            for c in letters.chars() {
                let checker = seat_of(c, token)?;
                let playing = |s: Side| state.seat(s) == Seat::Playing;
                if victim == checker || !playing(victim) || !playing(checker) {
                    return Err(format!(
                        "'{token}': a standing check needs two different Playing seats"
                    ));
                }
                if state.rules.fixed_teams && checker == partner(victim) {
                    return Err(format!("'{token}': partners cannot check each other"));
                }
                if !state.attacks_king(checker, victim) {
                    return Err(format!(
                        "'{token}': {} does not attack {}'s king, so no check can stand",
                        seat_name(checker),
                        seat_name(victim)
                    ));
                }
                if state.checks[victim.index()] != 0 && !state.rules.joint_mates {
                    return Err(format!(
                        "'{token}': {} has two standing checks, which needs joint mates",
                        seat_name(victim)
                    ));
                }
                state.checks[victim.index()] |= 1 << checker.0;
            }
        }
    }
    Ok(state)
}
