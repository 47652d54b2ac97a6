//! Move text: SAN (`Nbd7`, `exd5`, `O-O`, `e8=Q+`, `B@a1`) and machine form (`e2e4`,
//! `e7e8q`, `B@a1`), both ways. Parsing is forgiving about decoration (`+`, `#`, `!?`, `x`)
//! and strict about meaning: a move must match exactly one legal move.

use crate::rules::bitboard::Bits;
use crate::rules::options::or_list;
use crate::rules::position::Position;
use crate::rules::types::{Move, MoveKind, Role};
use crate::text::{msg, words};

/// Machine form: `e2e4`, `e7e8q`, castling as the king's step `e1g1`, drops `B@a1`.
pub fn to_uci<B: Bits>(pos: &Position<B>, m: Move) -> String {
    let g = pos.geo;
    match m.kind {
        MoveKind::Drop(role) => format!("{}@{}", role.letter(), g.name(m.to)),
        MoveKind::Promotion(role) => format!(
            "{}{}{}",
            g.name(m.from),
            g.name(m.to),
            role.letter().to_ascii_lowercase()
        ),
        _ => format!("{}{}", g.name(m.from), g.name(m.to)),
    }
}

/// SAN with the check suffix: `+` when the move attacks the opponent's king, `#` when it
/// also leaves no legal reply in a game where check restricts moves.
pub fn to_san<B: Bits>(pos: &Position<B>, m: Move) -> String {
    let mut san = san_without_suffix(pos, m);
    let after = pos.after(m);
    let them = after.turn();
    if after.in_check(them) {
        if pos.rules.check_restricts && after.legal_moves().is_empty() {
            san.push('#');
        } else {
            san.push('+');
        }
    }
    san
}

fn san_without_suffix<B: Bits>(pos: &Position<B>, m: Move) -> String {
    let g = pos.geo;
    match m.kind {
        MoveKind::Drop(role) => return format!("{}@{}", role.letter(), g.name(m.to)),
        MoveKind::Castle { rook_from, .. } => {
            return if g.file_of(rook_from) < g.file_of(m.from) {
                "O-O-O".into()
            } else {
                "O-O".into()
            }
        }
        _ => {}
    }
    let role = pos.role_at(m.from).unwrap_or(Role::Pawn);
    let capture = pos.occupied().contains(m.to) || m.kind == MoveKind::EnPassant;
    let mut san = String::new();
    if role == Role::Pawn {
        if capture {
            san.push(g.file_names[g.file_of(m.from) as usize]);
        }
    } else {
        san.push(role.letter());
        // Disambiguate among other pieces of the same kind that can reach the square.
        let rivals: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && !o.is_drop()
                    && !matches!(o.kind, MoveKind::Castle { .. })
                    && pos.role_at(o.from) == Some(role)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals
                .iter()
                .any(|o| g.file_of(o.from) == g.file_of(m.from));
            let same_rank = rivals
                .iter()
                .any(|o| g.rank_of(o.from) == g.rank_of(m.from));
            if !same_file {
                san.push(g.file_names[g.file_of(m.from) as usize]);
            } else if !same_rank {
                san.push_str(&(g.rank_of(m.from) + 1).to_string());
            } else {
                san.push_str(&g.name(m.from));
            }
        }
    }
    if capture {
        san.push('x');
    }
    san.push_str(&g.name(m.to));
    if let MoveKind::Promotion(r) = m.kind {
        san.push('=');
        san.push(r.letter());
    }
    san
}

/// Reads a move in SAN or machine form and finds the legal move it names.
/// `san` with its piece letters as figurines (`Nf3` → `♘f3`, `e8=Q` → `e8=♕`, `N@c1` → `♘@c1`),
/// which read the same in every language. White's figures for both sides, as books print them.
pub fn figurines(san: &str) -> String {
    let mut out = String::with_capacity(san.len() + 4);
    let mut previous = None;
    for (i, c) in san.char_indices() {
        // A piece letter starts the move, follows `=` (promotion) or precedes `@` (placement).
        let piece_place =
            previous.is_none() || previous == Some('=') || san[i + c.len_utf8()..].starts_with('@');
        let figure = match c {
            'K' if piece_place => '♔',
            'Q' if piece_place => '♕',
            'R' if piece_place => '♖',
            'B' if piece_place => '♗',
            'N' if piece_place => '♘',
            'P' if piece_place => '♙',
            other => other,
        };
        out.push(figure);
        previous = Some(c);
    }
    out
}

pub fn parse_move<B: Bits>(pos: &Position<B>, text: &str) -> Result<Move, String> {
    let legal = pos.legal_moves();
    let cleaned: String = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .to_string();
    if cleaned.is_empty() {
        return Err(msg::problem_move_empty().into());
    }
    // Machine form first: it is unambiguous when it matches.
    if let Some(m) = legal.iter().find(|&&m| to_uci(pos, m) == cleaned) {
        return Ok(*m);
    }
    let canonical = |s: &str| s.replace('0', "O").replace(['x', ':', '-', '='], "");
    let mut want = canonical(&cleaned);
    if want == "OOO" || want == "OO" {
        // castling: keep as is
    } else if let Some(stripped) = want.strip_suffix("ep") {
        want = stripped.to_string();
    }
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            let san = san_without_suffix(pos, m);
            canonical(&san) == want || long_form_matches(pos, m, &want)
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(explain_illegal(pos, &cleaned)),
        _ => {
            let moves: Vec<String> = matches
                .iter()
                .map(|&m| san_without_suffix(pos, m))
                .collect();
            Err(msg::problem_move_ambiguous(&text, &or_list(&moves)))
        }
    }
}

/// Accepts over-specified SAN such as `Ng1f3` or a promotion without '=' (`e8Q`), and a piece
/// move with a file or rank it does not need (`Ngf3`, `N1f3`) or none where it needs one
/// (`Nd2` for two knights: it then matches both and is refused as ambiguous).
fn long_form_matches<B: Bits>(pos: &Position<B>, m: Move, want: &str) -> bool {
    if m.is_drop() || matches!(m.kind, MoveKind::Castle { .. }) {
        return false;
    }
    let g = pos.geo;
    let role = pos.role_at(m.from).unwrap_or(Role::Pawn);
    let prefix = if role == Role::Pawn {
        String::new()
    } else {
        role.letter().to_string()
    };
    let promo = m
        .promotion()
        .map(|r| r.letter().to_string())
        .unwrap_or_default();
    let from = g.name(m.from);
    let long = format!("{prefix}{from}{}{promo}", g.name(m.to));
    if long == want {
        return true;
    }
    if role == Role::Pawn {
        return false; // pawn captures always name their file; a bare "d5" is a push
    }
    let hint = want
        .strip_prefix(prefix.as_str())
        .and_then(|rest| rest.strip_suffix(g.name(m.to).as_str()));
    let (file, rank) = from.split_at(1);
    matches!(hint, Some(h) if h.is_empty() || h == file || h == rank)
}

fn explain_illegal<B: Bits>(pos: &Position<B>, text: &str) -> String {
    let looks_like_move =
        text.chars().any(|c| c.is_ascii_digit()) || text.starts_with('O') || text.starts_with('0');
    if !looks_like_move {
        return msg::problem_not_a_move(&text);
    }
    let side = words::side(pos.turn());
    if pos.legal_moves().is_empty() {
        return msg::problem_no_legal_move(&text, &side);
    }
    msg::problem_illegal(&text, &side)
}

#[cfg(test)]
mod tests {
    use super::figurines;

    #[test]
    fn figurines_replace_piece_letters_only() {
        assert_eq!(figurines("Nf3"), "♘f3");
        assert_eq!(figurines("Qxe7+"), "♕xe7+");
        assert_eq!(figurines("exd8=Q#"), "exd8=♕#");
        assert_eq!(figurines("N@c1"), "♘@c1");
        assert_eq!(figurines("K@e1"), "♔@e1");
        assert_eq!(figurines("Rae1"), "♖ae1");
        assert_eq!(figurines("Bxb5"), "♗xb5");
        assert_eq!(figurines("O-O-O"), "O-O-O");
        assert_eq!(figurines("e4"), "e4");
        assert_eq!(figurines("bxa8=N"), "bxa8=♘");
        assert_eq!(figurines(""), "");
    }
}
