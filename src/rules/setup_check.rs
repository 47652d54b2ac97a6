//! Checks a start position made in the setup editor (RULES.md §5 "start position") before a
//! game begins from it: a position no game could start from is refused with one plain reason.
//! The FEN parser already refuses what no rule set could play (two kings of a side, pawns on
//! the first or last row, the side not to move in check where check matters, castling
//! rights without king and corner piece, a bad en passant square); this adds what a *start*
//! needs on top.

use crate::rules::bitboard::Bits;
use crate::rules::fen::parse_fen;
use crate::rules::geometry::Geometry;
use crate::rules::position::MoveRules;
use crate::rules::ruleset::RuleSet;
use crate::rules::types::{Role, Side};

/// Most pieces a side can have: the sixteen of a chess army.
const MOST_PIECES: u32 = 16;
/// Most pawns a side can have.
const MOST_PAWNS: u32 = 8;

/// Whether a game under `rules` can start from `fen`; the error says why not, in words a
/// teacher understands.
pub fn validate_setup(rules: &RuleSet, fen: &str) -> Result<(), String> {
    let pos = parse_fen(Geometry::standard(), MoveRules::from(rules), fen)?;
    for side in [Side::WHITE, Side::BLACK] {
        let name = side.name();
        let reserve = pos.reserve(side);
        let count = |r: Role| pos.pieces(side, r).count() + reserve[r.index()] as u32;
        // A game must start with both kings; a reserve may hold one (placed later).
        if count(Role::King) == 0 {
            return Err(format!(
                "{name} has no king: put a {} king on the board{}",
                name.to_lowercase(),
                if rules.drops {
                    " or in the reserve"
                } else {
                    ""
                }
            ));
        }
        let pawns = count(Role::Pawn);
        if pawns > MOST_PAWNS {
            return Err(format!(
                "{name} has {pawns} pawns: a side has at most {MOST_PAWNS}"
            ));
        }
        let total: u32 = Role::ALL.into_iter().map(count).sum();
        if total > MOST_PIECES {
            return Err(format!(
                "{name} has {total} pieces: a side has at most {MOST_PIECES}, pawns and king included"
            ));
        }
    }
    Ok(())
}
