//! The one game-session interface the game screen is written against: a two-player game of
//! any mode (the core's [`Game`]) or a Fun Family Chess game ([`FamilyGame`]). Seats, whose
//! turn, what may be lifted and where it may go, the picture on the board, the record, taking
//! back and looking back are asked here, whichever the kind; the few things only one kind
//! has (a clock, a reserve tray, calls of check, away players) live in panels of their own.

use super::family_seam::{FamilyBox, FamilyPlay};
use crate::rules::bitboard::Bits;
use crate::rules::family::{PieceState, Seat, SEATS};
use crate::rules::fen::write_fen;
use crate::rules::game::Game;
use crate::rules::movegen::MoveList;
use crate::rules::position::Position;
use crate::rules::ruleset::Mode;
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::text::words::{self, Army};
use crate::ui::board::{marks::Shown, Armies, BoardPiece, Grab, Shape};

/// A game in progress, whichever kind.
#[derive(Clone, Debug)]
// One session lives in the app's state: its size is no cost worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Session {
    Two(Game),
    Family(FamilyBox),
}

/// A line of the move list: an optional number, the moves in it (text and the number of
/// moves or actions after which the board shows it), and whether it is the supervisor's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordRow {
    pub number: Option<u32>,
    pub cells: Vec<(String, Option<usize>)>,
    pub supervisor: bool,
}

/// Where a piece may go, for "Show moves" in demo mode.
#[derive(Clone, PartialEq, Debug)]
pub struct PieceMoves {
    pub piece: Piece,
    pub shown: Shown,
    /// The game is won by capturing the king (Primary, Chess#): some moves are dangerous.
    pub king_capture: bool,
    pub mode: Option<Mode>,
}

/// Destinations of the piece on `from` among `moves`, each with whether it captures.
pub(super) fn targets<B: Bits>(
    pos: &Position<B>,
    moves: &[Move],
    from: Square,
) -> Vec<(Square, bool)> {
    let mut v: Vec<(Square, bool)> = moves
        .iter()
        .filter(|m| m.from == from && !m.is_drop())
        .map(|m| {
            let capture = m.kind == MoveKind::EnPassant
                || (!matches!(m.kind, MoveKind::Castle { .. }) && pos.piece_at(m.to).is_some());
            (m.to, capture)
        })
        .collect();
    crate::small_sort::sort_by_key(&mut v, |t| *t);
    v.dedup();
    v
}

impl Session {
    pub fn is_family(&self) -> bool {
        matches!(self, Session::Family(_))
    }

    pub fn two(&self) -> Option<&Game> {
        match self {
            Session::Two(g) => Some(g),
            Session::Family(_) => None,
        }
    }

    pub fn family(&self) -> Option<&dyn FamilyPlay> {
        match self {
            Session::Family(g) => Some(g.as_ref()),
            Session::Two(_) => None,
        }
    }

    pub fn shape(&self) -> &'static Shape {
        match self {
            Session::Two(_) => Shape::standard(),
            Session::Family(g) => g.shape(),
        }
    }

    pub fn armies(&self) -> Armies {
        match self {
            Session::Two(_) => Armies::Two,
            Session::Family(_) => Armies::Four,
        }
    }

    pub fn turn(&self) -> Side {
        match self {
            Session::Two(g) => g.turn(),
            Session::Family(g) => g.turn(),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            Session::Two(g) => g.is_over(),
            Session::Family(g) => g.is_over(),
        }
    }

    /// Nobody can move until an away player returns (Fun Family Chess).
    pub fn is_paused(&self) -> bool {
        self.family().is_some_and(|g| g.is_paused())
    }

    /// The seats that have a player, in turn order.
    pub fn seats(&self) -> Vec<Side> {
        match self {
            Session::Two(_) => vec![Side::WHITE, Side::BLACK],
            Session::Family(g) => SEATS.into_iter().filter(|&s| g.seat_used(s)).collect(),
        }
    }

    /// The colour of a seat: `White`, `Black`, or `Red`, `Blue`, `Yellow`, `Green`.
    pub fn seat_name(&self, side: Side) -> &'static str {
        match self {
            Session::Two(_) => words::side(side),
            Session::Family(_) => words::seat(side),
        }
    }

    /// A piece by its army: "white knight", "red queen".
    pub fn piece_name(&self, piece: Piece) -> &'static str {
        let army = match self {
            Session::Two(_) => Army::of_side(piece.side),
            Session::Family(_) => Army::of_seat(piece.side),
        };
        words::piece(army, piece.role)
    }

    pub fn legal_moves(&self) -> MoveList {
        match self {
            Session::Two(g) => g.legal_moves(),
            Session::Family(g) => g.legal_moves(),
        }
    }

    /// The legal moves `from` → `to` (several only for a promotion).
    pub fn moves_between(&self, from: Square, to: Square) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to && !m.is_drop())
            .collect()
    }

    /// Where the piece on `from` may go now, each with whether it captures.
    pub fn targets(&self, from: Square) -> Vec<(Square, bool)> {
        match self {
            Session::Two(g) => targets(g.position(), &g.legal_moves(), from),
            Session::Family(g) => g.targets(from),
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self {
            Session::Two(g) => g.position().piece_at(sq),
            Session::Family(g) => g.piece_state(sq).map(|(p, _)| p),
        }
    }

    /// What a press on `sq` may take hold of: a piece of the player to move (a live one, in
    /// Fun Family Chess). In Chess# nothing on the board moves before its king is placed:
    /// `Refused` (the caller says why).
    pub fn grab(&self, sq: Square) -> Grab {
        match self {
            Session::Two(g) => {
                let pos = g.position();
                if pos.side_at(sq) != Some(pos.turn()) {
                    Grab::Nothing
                } else if g.rules().drops && pos.king(pos.turn()).is_none() {
                    Grab::Refused
                } else {
                    Grab::Lift
                }
            }
            Session::Family(g) => match g.piece_state(sq) {
                Some((p, PieceState::Live)) if p.side == g.turn() => Grab::Lift,
                _ => Grab::Nothing,
            },
        }
    }

    /// How many moves (two-player) or actions (Fun Family Chess) there are to look back on.
    pub fn history_len(&self) -> usize {
        match self {
            Session::Two(g) => g.moves().len(),
            Session::Family(g) => g.undo_depth(),
        }
    }

    /// The game as it stood after `n` moves or actions.
    pub fn truncated(&self, n: usize) -> Session {
        match self {
            Session::Two(g) => {
                let mut c = g.clone();
                while c.moves().len() > n && c.undo().is_some() {}
                Session::Two(c)
            }
            Session::Family(g) => Session::Family(g.truncated(n)),
        }
    }

    /// The position as a key for the drawings made on it (side to move and rights included,
    /// move counters not).
    pub fn position_key(&self) -> String {
        match self {
            Session::Two(g) => write_fen(g.position())
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" "),
            Session::Family(g) => g.text(),
        }
    }

    pub fn last_move(&self) -> Option<(Square, Square)> {
        match self {
            Session::Two(g) => g.moves().last().map(|m| (m.mv.from, m.mv.to)),
            Session::Family(g) => g.events().iter().rev().find_map(|e| match e {
                crate::rules::family::Event::Moved { mv, .. } => Some((mv.from, mv.to)),
                _ => None,
            }),
        }
    }

    /// The pieces as the board draws them. `turned(side)` is how far a side's pieces are
    /// turned to face their player.
    pub fn board_pieces(&self, turned: impl Fn(Side) -> u16) -> Vec<BoardPiece> {
        let armies = self.armies();
        let shape = self.shape();
        let mut out = Vec::new();
        for c in &shape.cells {
            let sq = c.square;
            let (piece, state) = match self {
                Session::Two(g) => match g.position().piece_at(sq) {
                    Some(p) => (p, None),
                    None => continue,
                },
                Session::Family(g) => match g.piece_state(sq) {
                    Some((p, s)) => (p, Some(s)),
                    None => continue,
                },
            };
            let ringed = piece.role == Role::King
                && self
                    .family()
                    .is_some_and(|g| g.standing_check(piece.side).is_some());
            let inactive = self
                .two()
                .is_some_and(|g| g.rules().drops && g.position().king(piece.side).is_none());
            out.push(BoardPiece {
                square: sq,
                code: armies.code(piece),
                symbol: armies.symbol(piece),
                state: state.map(|s| match s {
                    PieceState::Live => "live",
                    PieceState::Asleep => "asleep",
                    PieceState::Dead => "dead",
                }),
                inactive,
                turned: turned(piece.side),
                ringed,
                slides_from: None,
                asleep: state == Some(PieceState::Asleep),
            });
        }
        out
    }

    /// Squares of kings in check, for the red glow (two-player games: the check each move
    /// announces; Fun Family Chess rings its announced checks on the pieces instead).
    pub fn kings_in_check(&self) -> Vec<Square> {
        let Session::Two(g) = self else {
            return Vec::new();
        };
        let pos = g.position();
        [Side::WHITE, Side::BLACK]
            .into_iter()
            .filter(|&side| pos.in_check(side))
            .filter_map(|side| pos.king(side))
            .collect()
    }

    /// Kings attacked without an announced check, with the victim's seat letter and the
    /// attackers (seat mask): what the hints show in Fun Family Chess (§4.8).
    pub fn unannounced_attacks(&self) -> Vec<(Side, Square, u8)> {
        let Session::Family(g) = self else {
            return Vec::new();
        };
        g.unannounced_attacks()
    }

    /// The move list: numbered pairs in a two-player game, one record line per event in Fun
    /// Family Chess (with the supervisor's rule changes between them).
    pub fn record(&self) -> Vec<RecordRow> {
        match self {
            Session::Two(g) => {
                let mut number = g.position_at(0).map_or(1, |p| p.fullmove_number() as u32);
                let mut rows: Vec<RecordRow> = Vec::new();
                for (i, m) in g.moves().iter().enumerate() {
                    if m.side == Side::WHITE || rows.is_empty() {
                        rows.push(RecordRow {
                            number: Some(number),
                            cells: Vec::new(),
                            supervisor: false,
                        });
                        if m.side != Side::WHITE {
                            // Black moved first (a set-up position): White's cell is empty.
                            if let Some(row) = rows.last_mut() {
                                row.cells.push((String::new(), None));
                            }
                        }
                    }
                    if let Some(row) = rows.last_mut() {
                        row.cells.push((m.san.clone(), Some(i + 1)));
                    }
                    if m.side != Side::WHITE {
                        number += 1;
                    }
                }
                rows
            }
            Session::Family(g) => g
                .record_entries()
                .into_iter()
                .map(|(line, at)| RecordRow {
                    number: None,
                    supervisor: at.is_none(),
                    cells: vec![(line, at)],
                })
                .collect(),
        }
    }

    /// Every destination of the piece on `from`, even when it is not its player's turn: the
    /// moves of its side in this position. In king-capture games a move after which its own
    /// king could be taken is marked dangerous (elsewhere such moves are not legal at all).
    pub fn piece_moves(&self, from: Square) -> Option<PieceMoves> {
        match self {
            Session::Two(g) => {
                let mut pos = *g.position();
                let piece = pos.piece_at(from)?;
                let king_capture = !g.rules().check_restricts();
                if pos.turn() != piece.side {
                    pos.set_turn(piece.side);
                    // An en passant right belongs to the real side to move only.
                    for s in [Side::WHITE, Side::BLACK] {
                        pos.set_ep_square(s, None);
                    }
                }
                let mut dests: Vec<(Square, bool, bool)> = targets(&pos, &pos.legal_moves(), from)
                    .into_iter()
                    .map(|(to, capture)| {
                        let m = pos
                            .legal_moves()
                            .into_iter()
                            .find(|m| m.from == from && m.to == to);
                        let danger = king_capture
                            && m.is_some_and(|m| {
                                let after = pos.after(m);
                                after.king(piece.side).is_some() && after.in_check(piece.side)
                            });
                        (to, capture, danger)
                    })
                    .collect();
                dests.dedup_by_key(|d| d.0);
                Some(PieceMoves {
                    piece,
                    shown: Shown { from, dests },
                    king_capture,
                    mode: Some(g.rules().mode),
                })
            }
            Session::Family(g) => {
                let (piece, dests) = g.reach(from)?;
                Some(PieceMoves {
                    piece,
                    shown: Shown {
                        from,
                        dests: dests.into_iter().map(|(s, c)| (s, c, false)).collect(),
                    },
                    king_capture: false,
                    mode: None,
                })
            }
        }
    }

    /// Whether the seat still plays (not out, not an empty seat).
    pub fn in_game(&self, side: Side) -> bool {
        match self {
            Session::Two(_) => true,
            Session::Family(g) => matches!(g.seat(side), Seat::Playing | Seat::Away),
        }
    }
}
