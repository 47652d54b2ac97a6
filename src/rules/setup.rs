//! The position editor's model (issue 5): an 8x8 board anyone may fill, the side to move,
//! castling rights and Chess# reserves; its FEN both ways; and [`Setup::game`], which says
//! in plain words why a position cannot be played in a mode, or starts the game.
//!
//! Reading FEN here is lenient about the position (two white kings load fine, so the teacher
//! can fix them on the board) and strict about the text: a malformed FEN is refused with
//! what is wrong and where. Playing is strict: every impossible position is refused.
//!
//! This is the one place that decides whether a position can start a game: the editor asks
//! [`Setup::game`], the custom rules screen and saved rule sets ask [`validate_setup`].

use crate::rules::fen::{piece_of_char, read_board, write_board, write_holdings};
use crate::rules::game::{EndReason, Game};
use crate::rules::geometry::Geometry;
use crate::rules::position::{MoveRules, Position};
use crate::rules::ruleset::{Castling, RuleSet};
use crate::rules::types::{Piece, Role, Side, Square};
use crate::rules::Position8;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words::{self, Army};

/// The castling flags in FEN order: White king side, White queen side, Black king side,
/// Black queen side.
pub const CASTLE_FLAGS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// The reserve pieces of Chess#, in the order the editor shows them.
pub const RESERVE_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// Most of one piece kind a reserve counter goes up to.
pub const RESERVE_MAX: u8 = 8;

fn geo() -> &'static Geometry<u64> {
    Geometry::standard()
}

/// A position being edited.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Indexed by square (a1 = 0, b1 = 1, ..., h8 = 63).
    board: [Option<Piece>; 64],
    pub turn: Side,
    /// Indexed like [`CASTLE_FLAGS`].
    castling: [bool; 4],
    /// Chess# reserves per side, indexed by [`Role::index`].
    reserves: [[u8; 6]; 2],
    /// The en passant square of a loaded FEN; any edit of the board drops it.
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

fn side_of(flag: usize) -> Side {
    if flag < 2 {
        Side::WHITE
    } else {
        Side::BLACK
    }
}

impl Setup {
    /// An empty board, White to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Side::WHITE,
            castling: [false; 4],
            reserves: [[0; 6]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Every piece on the board with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square(i as u8), p)))
    }

    /// Puts `piece` on `sq` (replacing what stood there) or empties it (`None`).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.board.get_mut(sq.index()) {
            *slot = piece;
            self.edited();
        }
    }

    /// Moves the piece on `from` to `to` (whatever stood on `to` is gone).
    pub fn move_piece(&mut self, from: Square, to: Square) {
        if from == to {
            return;
        }
        if let Some(p) = self.piece_at(from) {
            self.board[from.index()] = None;
            self.set(to, Some(p));
        }
    }

    /// After a change of the board: castling rights whose king or rook left go, and so does
    /// an en passant square (it belonged to the loaded position only).
    fn edited(&mut self) {
        self.ep = None;
        for flag in 0..4 {
            if !self.castle_possible(flag) {
                self.castling[flag] = false;
            }
        }
    }

    /// The corner square of the castling right `flag` (h1, a1, h8, a8).
    fn corner(flag: usize) -> Square {
        let wing = if flag.is_multiple_of(2) { 1 } else { 0 };
        geo().castle_wings[side_of(flag).index()][wing].partner_home
    }

    /// Whether the castling right `flag` (index into [`CASTLE_FLAGS`]) may be kept under some
    /// rule set: the king stands on its starting square and one of its own pieces (not a king
    /// or pawn) in that corner — a rook, or any piece for Rule Zero castling (RULES.md §5).
    pub fn castle_possible(&self, flag: usize) -> bool {
        let side = side_of(flag);
        let king = Piece {
            side,
            role: Role::King,
        };
        self.piece_at(geo().king_home[side.index()]) == Some(king)
            && self
                .piece_at(Self::corner(flag))
                .is_some_and(|p| p.side == side && p.role != Role::King && p.role != Role::Pawn)
    }

    /// Whether the castling right `flag` can be given in a game of `rules`: the mode castles,
    /// and the corner piece is a rook (any piece under Rule Zero).
    pub fn castle_possible_in(&self, flag: usize, rules: &RuleSet) -> bool {
        match rules.castling {
            Castling::None => false,
            Castling::RuleZero => self.castle_possible(flag),
            _ => {
                self.castle_possible(flag)
                    && self.piece_at(Self::corner(flag)).map(|p| p.role) == Some(Role::Rook)
            }
        }
    }

    pub fn castling(&self, flag: usize) -> bool {
        self.castling.get(flag).copied().unwrap_or(false)
    }

    /// Gives or takes a castling right; a right that cannot be given stays off.
    pub fn set_castling(&mut self, flag: usize, on: bool) {
        if flag < 4 {
            self.castling[flag] = on && self.castle_possible(flag);
        }
    }

    pub fn reserve(&self, side: Side, role: Role) -> u8 {
        self.reserves[side.index().min(1)][role.index()]
    }

    /// Changes a reserve count by `delta`, kept within 0..=[`RESERVE_MAX`] (a king: 0..=1).
    pub fn add_reserve(&mut self, side: Side, role: Role, delta: i8) {
        let max = if role == Role::King { 1 } else { RESERVE_MAX };
        let slot = &mut self.reserves[side.index().min(1)][role.index()];
        *slot = (*slot as i16 + delta as i16).clamp(0, max as i16) as u8;
    }

    /// Empties the board and the reserves; White to move.
    pub fn clear(&mut self) {
        *self = Setup::empty();
    }

    /// The FEN of the position; with the Chess# holdings `[...]` when `drops`.
    pub fn fen(&self, drops: bool) -> String {
        let mut out = write_board(8, 8, |file, rank| self.board[(rank * 8 + file) as usize]);
        if drops {
            out.push_str(&write_holdings(|side| self.reserves[side.index().min(1)]));
        }
        out.push_str(if self.turn == Side::WHITE {
            " w "
        } else {
            " b "
        });
        let rights: String = (0..4)
            .filter(|&f| self.castling[f])
            .map(|f| CASTLE_FLAGS[f])
            .collect();
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        out.push_str(&self.ep.map_or_else(|| "-".to_string(), |s| geo().name(s)));
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// The FEN a game of `rules` starts from: holdings only where pieces are placed from a
    /// reserve, castling rights only where the mode allows them (the editor keeps them
    /// meanwhile, so switching modes back and forth loses nothing).
    pub fn fen_for(&self, rules: &RuleSet) -> String {
        self.for_rules(rules).fen(rules.drops)
    }

    /// This position with only the castling rights `rules` allows (see [`Self::fen_for`]).
    pub fn for_rules(&self, rules: &RuleSet) -> Setup {
        let mut s = self.clone();
        for flag in 0..4 {
            s.castling[flag] = self.castling[flag] && self.castle_possible_in(flag, rules);
        }
        s
    }

    /// Reads a FEN (holdings optional). The text must be well formed; the position in it may
    /// still be unplayable (that is for [`Setup::game`] to say).
    pub fn from_fen(text: &str) -> Result<Setup, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(msg::problem_fen_empty().into());
        }
        let mut s = Setup::empty();
        let mut fields = text.split_whitespace();
        let board_field = fields.next().unwrap_or("");
        let (board_text, holdings) = match board_field.find('[') {
            Some(i) => match board_field[i + 1..].strip_suffix(']') {
                Some(h) => (&board_field[..i], Some(h)),
                None => return Err(msg::problem_holdings_unclosed().into()),
            },
            None => (board_field, None),
        };
        read_board(8, 8, board_text, |file, rank, p| {
            s.board[(rank * 8 + file) as usize] = Some(p)
        })?;
        if let Some(h) = holdings {
            for c in h.chars() {
                let p = piece_of_char(c).ok_or_else(|| msg::problem_holdings_letter(&c))?;
                s.add_reserve(p.side, p.role, 1);
            }
        }
        s.turn = match fields.next() {
            None | Some("w") => Side::WHITE,
            Some("b") => Side::BLACK,
            Some(other) => return Err(msg::problem_turn(&other)),
        };
        match fields.next() {
            None | Some("-") => {}
            Some(rights) => {
                for c in rights.chars() {
                    let flag = CASTLE_FLAGS
                        .iter()
                        .position(|&f| f == c)
                        .ok_or_else(|| msg::problem_castling_letter(&c))?;
                    let army = Army::of_side(side_of(flag));
                    let home = geo().king_home[side_of(flag).index()];
                    if s.piece_at(home)
                        != Some(Piece {
                            side: side_of(flag),
                            role: Role::King,
                        })
                    {
                        return Err(msg::problem_castling_king(
                            &c,
                            &words::piece(army, Role::King),
                            &geo().name(home),
                        ));
                    }
                    if !s.castle_possible(flag) {
                        return Err(msg::problem_castling_rook(
                            &c,
                            &words::piece(army, Role::Rook),
                            &geo().name(Self::corner(flag)),
                        ));
                    }
                    s.castling[flag] = true;
                }
            }
        }
        match fields.next() {
            None | Some("-") => {}
            Some(name) => {
                let sq = geo()
                    .parse_square(name)
                    .ok_or_else(|| msg::problem_ep_square(&name))?;
                let rank = geo().rank_of(sq);
                if rank != 2 && rank != 5 {
                    return Err(msg::problem_ep_rank(&name));
                }
                s.ep = Some(sq);
            }
        }
        let mut number = |not_a_number: fn(&dyn std::fmt::Display) -> String, default: u16| {
            match fields.next() {
                None => Ok(default),
                Some(t) => t.parse::<u16>().map_err(|_| not_a_number(&t)),
            }
        };
        s.halfmove = number(msg::problem_halfmove, 0)?;
        s.fullmove = number(msg::problem_move_number, 1)?.max(1);
        if let Some(extra) = fields.next() {
            return Err(msg::problem_extra(&extra));
        }
        Ok(s)
    }

    /// A bare position of the board and turn, for attack tests.
    fn position(&self, rules: &RuleSet) -> Position8 {
        let mut pos = Position::empty(geo(), MoveRules::from(rules), 2);
        for (sq, p) in self.pieces() {
            pos.put(p, sq);
        }
        pos.set_turn(self.turn);
        pos
    }

    /// Why this position cannot be played under `rules`, in words for the player; `None`
    /// when it can. Cheap enough to run after every edit.
    pub fn problem(&self, rules: &RuleSet) -> Option<String> {
        self.game(rules).err()
    }

    /// Starts a game of `rules` from this position, or says why it cannot be played.
    pub fn game(&self, rules: &RuleSet) -> Result<Game, String> {
        let title = words::mode(rules.mode);
        let drops = rules.drops;
        for side in [Side::WHITE, Side::BLACK] {
            let name = words::side(side);
            let on_board = self
                .pieces()
                .filter(|(_, p)| {
                    *p == Piece {
                        side,
                        role: Role::King,
                    }
                })
                .count() as u32;
            let kings = on_board
                + if drops {
                    self.reserve(side, Role::King) as u32
                } else {
                    0
                };
            let why = match kings {
                1 => continue,
                0 => msg::problem_no_king(&name, &title),
                2 => msg::problem_two_kings(&name, &title),
                n => msg::problem_kings(&name, n as u64, &title),
            };
            return Err(if drops {
                msg::problem_kings_or_reserve(&why)
            } else {
                why
            });
        }
        for (sq, p) in self.pieces() {
            let rank = geo().rank_of(sq);
            if p.role == Role::Pawn && (rank == 0 || rank == 7) {
                return Err(msg::problem_pawn_back_rank(
                    &words::piece(Army::of_side(p.side), Role::Pawn),
                    &geo().name(sq),
                    &(rank + 1),
                ));
            }
        }
        let pos = self.position(rules);
        pos.check_army_sizes(|side| words::side(side).to_string())?;
        // A right the rules do not allow (a bishop in the corner without Rule Zero) is
        // refused rather than dropped: the teacher asked for it.
        if rules.castling != Castling::None {
            if let Some(flag) =
                (0..4).find(|&f| self.castling[f] && !self.castle_possible_in(f, rules))
            {
                let corner = Self::corner(flag);
                let (side, flag_letter) = (words::side(side_of(flag)), CASTLE_FLAGS[flag]);
                let square = geo().name(corner);
                return Err(match self.piece_at(corner) {
                    Some(p) => msg::problem_castling_right(
                        &side,
                        &flag_letter,
                        &square,
                        &words::role(p.role),
                    ),
                    None => msg::problem_castling_right_empty(&side, &flag_letter, &square),
                });
            }
        }
        let waiting = Side(1 - self.turn.0);
        if pos.in_check(waiting) {
            return Err(msg::problem_check_not_turn(
                &words::side(waiting),
                &words::side(self.turn),
            ));
        }
        let fen = self.fen_for(rules);
        // The rules core's own checks (en passant, holdings, ...), in its words.
        let game = Game::from_fen(rules.clone(), &fen).map_err(|e| capitalise(&e))?;
        if let Some(o) = game.outcome() {
            let mover = words::side(self.turn);
            return Err(match o.reason {
                EndReason::Checkmate => msg::problem_checkmated_already(&mover),
                EndReason::Stalemate | EndReason::NoMoves => msg::problem_no_move_at_start(&mover),
                other => msg::problem_over_before_start(&other.words()),
            });
        }
        Ok(game)
    }
}

/// Whether a game of `rules` can start from the FEN `fen`; the error says why not in plain
/// words (the same words as the position editor). Used by the custom rules screen and by
/// saved rule sets, so a start position is judged in one place.
pub fn validate_setup(rules: &RuleSet, fen: &str) -> Result<(), String> {
    let setup = Setup::from_fen(fen)?;
    if !rules.drops && setup.reserves != [[0; 6]; 2] {
        return Err(msg::problem_setup_no_reserve().into());
    }
    setup.game(rules).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{Mode, STANDARD_START};

    fn sq(name: &str) -> Square {
        geo().parse_square(name).unwrap()
    }

    fn wk() -> Piece {
        Piece {
            side: Side::WHITE,
            role: Role::King,
        }
    }

    /// RULES.md §0 (FEN): the standard start reads and writes back unchanged, and plays.
    #[test]
    fn standard_start_round_trips_and_plays() {
        let s = Setup::from_fen(STANDARD_START).unwrap();
        assert_eq!(s.fen(false), STANDARD_START);
        let g = s.game(&RuleSet::orthodox()).unwrap();
        assert_eq!(g.fen(), STANDARD_START);
    }

    /// RULES.md §3 (Chess#): the reserves are part of the FEN and the game starts with them.
    #[test]
    fn sharp_start_keeps_reserves() {
        let start = crate::rules::ruleset::SHARP_START;
        let s = Setup::from_fen(start).unwrap();
        assert_eq!(s.reserve(Side::BLACK, Role::Rook), 2);
        assert_eq!(s.fen(true), start);
        let g = s.game(&RuleSet::sharp()).unwrap();
        assert_eq!(g.position().reserve(Side::WHITE)[Role::Queen.index()], 1);
    }

    /// Issue 5: two white kings are refused in a checkmate mode, with the reason.
    #[test]
    fn two_kings_refused() {
        let s = Setup::from_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap();
        let e = s.game(&RuleSet::orthodox()).unwrap_err();
        assert_eq!(
            e,
            "White has two kings — a game of Orthodox Chess needs exactly one king each"
        );
    }

    /// Issue 5: a missing king is refused in every two-player mode (in Chess# a king in the
    /// reserve counts).
    #[test]
    fn missing_king_refused_unless_in_reserve() {
        let s = Setup::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let e = s.game(&RuleSet::primary()).unwrap_err();
        assert!(e.starts_with("Black has no king"), "{e}");
        let mut s = Setup::from_fen("8/p7/8/8/8/8/P7/4K3[k] w - - 0 1").unwrap();
        assert!(s.game(&RuleSet::sharp()).is_ok());
        s.add_reserve(Side::BLACK, Role::King, -1);
        let e = s.game(&RuleSet::sharp()).unwrap_err();
        assert!(e.contains("on the board or in the reserve"), "{e}");
    }

    /// RULES.md §0: pawns never stand on the first or last rank.
    #[test]
    fn pawn_on_first_rank_refused() {
        let s = Setup::from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").unwrap();
        let e = s.game(&RuleSet::orthodox()).unwrap_err();
        assert_eq!(
            e,
            "A white pawn stands on a1 (rank 1) — pawns can never be on the first or last rank"
        );
    }

    /// RULES.md §1 (check): the side not to move may not be in check — in every mode.
    #[test]
    fn waiting_side_in_check_refused() {
        let s = Setup::from_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").unwrap();
        assert!(s.game(&RuleSet::orthodox()).is_ok());
        let s = Setup::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
        for rules in [RuleSet::orthodox(), RuleSet::primary()] {
            let e = s.game(&rules).unwrap_err();
            assert!(
                e.starts_with("Black is in check but it is White's turn"),
                "{e}"
            );
        }
    }

    /// RULES.md §1: a position that is already checkmate or stalemate has nothing to play.
    #[test]
    fn finished_positions_refused() {
        let mate = Setup::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let e = mate.game(&RuleSet::orthodox()).unwrap_err();
        assert!(e.contains("checkmated already"), "{e}");
        let stale = Setup::from_fen("7k/8/6QK/8/8/8/8/8 b - - 0 1").unwrap();
        let e = stale.game(&RuleSet::orthodox()).unwrap_err();
        assert!(e.contains("no move at all"), "{e}");
    }

    /// Too many pawns or pieces for one army.
    #[test]
    fn too_many_pawns_refused() {
        let s = Setup::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1").unwrap();
        let e = s.game(&RuleSet::orthodox()).unwrap_err();
        assert_eq!(e, "White has 9 pawns — an army has at most 8");
    }

    /// Malformed FEN text is refused with what is wrong; lenient about the position itself.
    #[test]
    fn malformed_fen_refused() {
        for (fen, part) in [
            ("", "empty"),
            ("8/8/8/8 w - - 0 1", "8 ranks"),
            ("8/8/8/8/8/8/8/4X3 w - - 0 1", "'X' is not a piece letter"),
            ("8/8/8/8/8/8/8/8p w", "more than 8 squares"),
            ("8/8/8/8/8/8/8/9 w", "9 squares"),
            ("8/8/8/8/8/8/8/7 w", "7 squares"),
            ("4k3/8/8/8/8/8/8/4K3 x", "'w' or 'b'"),
            ("4k3/8/8/8/8/8/8/4K3 w K", "castling 'K'"),
            ("4k3/8/8/8/8/8/8/4K3 w - e5", "3rd or 6th"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x", "not a number"),
            ("4k3/8/8/8/8/8/8/4K3[Kx w", "closing"),
        ] {
            let e = Setup::from_fen(fen).unwrap_err();
            assert!(e.contains(part), "{fen}: {e}");
        }
        assert!(Setup::from_fen("K3K3/8/8/8/8/8/8/8 w - - 0 1").is_ok());
    }

    /// Castling rights follow the pieces: a right goes when its king or rook leaves.
    #[test]
    fn castling_rights_follow_the_pieces() {
        let mut s = Setup::from_fen(STANDARD_START).unwrap();
        assert!((0..4).all(|f| s.castling(f)));
        s.move_piece(sq("h1"), sq("h4"));
        assert!(!s.castling(0) && s.castling(1));
        s.set_castling(0, true);
        assert!(!s.castling(0), "no rook on h1: the right cannot be given");
        s.set(sq("e8"), None);
        assert!(!s.castling(2) && !s.castling(3));
        s.set(
            sq("e8"),
            Some(Piece {
                side: Side::BLACK,
                role: Role::King,
            }),
        );
        s.set_castling(2, true);
        assert!(s.castling(2));
        assert_eq!(
            s.fen(false),
            "rnbqkbnr/pppppppp/8/8/7R/8/PPPPPPPP/RNBQKBN1 w Qk - 0 1"
        );
    }

    /// Primary Chess has no castling: rights are dropped when the game starts.
    #[test]
    fn primary_drops_castling_rights() {
        let s = Setup::from_fen(STANDARD_START).unwrap();
        let g = s.game(&RuleSet::for_mode(Mode::Primary)).unwrap();
        assert!(g.fen().contains(" w - "), "{}", g.fen());
    }

    /// Reserve counters stay within their bounds; a king at most one.
    #[test]
    fn reserve_counts_are_bounded() {
        let mut s = Setup::empty();
        s.add_reserve(Side::WHITE, Role::King, 1);
        s.add_reserve(Side::WHITE, Role::King, 1);
        assert_eq!(s.reserve(Side::WHITE, Role::King), 1);
        s.add_reserve(Side::WHITE, Role::Queen, -1);
        assert_eq!(s.reserve(Side::WHITE, Role::Queen), 0);
        for _ in 0..20 {
            s.add_reserve(Side::BLACK, Role::Knight, 1);
        }
        assert_eq!(s.reserve(Side::BLACK, Role::Knight), RESERVE_MAX);
        s.set(sq("e1"), Some(wk()));
        assert_eq!(s.fen(true), "8/8/8/8/8/8/8/4K3[Knnnnnnnn] w - - 0 1");
    }

    /// RULES.md §5 (Rule Zero castling): a right with a bishop in the corner loads in the
    /// editor, is refused with the reason in a mode that castles with rooks only, and plays
    /// under Rule Zero; the editor's FEN for the rook-only mode leaves it out.
    #[test]
    fn rules_5_rule_zero_corner_piece_castling() {
        // Pawns too: a bishop alone could not mate, the game would be drawn before it starts.
        let fen = "4k3/p7/8/8/8/8/7P/B3K3 w Q - 0 1";
        let s = Setup::from_fen(fen).unwrap();
        assert!(s.castling(1) && s.castle_possible(1));
        let orthodox = RuleSet::custom_from(Mode::Orthodox);
        assert!(!s.castle_possible_in(1, &orthodox));
        let e = s.game(&orthodox).unwrap_err();
        assert!(e.contains("castling") && e.contains("rook on a1"), "{e}");
        assert!(s.fen_for(&orthodox).contains(" w - "));
        let mut zero = orthodox.clone();
        zero.set_option("castling", "rule-zero").unwrap();
        assert!(s.castle_possible_in(1, &zero));
        assert!(validate_setup(&zero, fen).is_ok());
        assert_eq!(s.game(&zero).unwrap().fen(), fen);
        // A knight or bishop can be given the right too, a pawn never.
        let e = Setup::from_fen("4k3/8/8/8/8/8/8/P3K3 w Q - 0 1").unwrap_err();
        assert!(e.contains("no white rook on a1"), "{e}");
    }

    /// RULES.md §5 (start position): the rules screen's check of a typed FEN gives the
    /// editor's words, and refuses what the text or the rule set cannot have.
    #[test]
    fn rules_5_validate_setup_uses_the_editor_checks() {
        let orthodox = RuleSet::orthodox();
        assert!(validate_setup(&orthodox, STANDARD_START).is_ok());
        let e = validate_setup(&orthodox, "4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap_err();
        assert_eq!(
            e,
            "White has two kings — a game of Orthodox Chess needs exactly one king each"
        );
        let e = validate_setup(&orthodox, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap_err();
        assert!(e.contains("no reserve"), "{e}");
        let e = validate_setup(&orthodox, "4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap_err();
        assert!(e.contains("en passant") && e.contains("e3"), "{e}");
        let e = validate_setup(&orthodox, "4k3/8/8/8/8/8/8/R4K2 w Q - 0 1").unwrap_err();
        assert_eq!(e, "castling 'Q': the white king is not on e1");
    }

    /// The reasons come in the current language: a French class reads them in French, with
    /// the square names, FEN letters and moves as they are.
    #[test]
    fn reasons_come_in_the_current_language() {
        crate::text::languages::use_language_for_test("fr");
        let english = |e: &str| {
            ["the ", "king", "move", "board", "rank", " is "]
                .iter()
                .any(|w| e.contains(w))
        };
        let reasons = [
            Setup::from_fen("8/8/8 w - - 0 1").unwrap_err(),
            Setup::from_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1")
                .unwrap()
                .game(&RuleSet::orthodox())
                .unwrap_err(),
            validate_setup(&RuleSet::orthodox(), "4k3/8/8/8/8/8/8/R4K2 w Q - 0 1").unwrap_err(),
            Game::of_mode(Mode::Orthodox)
                .play_text("Ke3")
                .unwrap_err()
                .to_string(),
        ];
        assert_eq!(
            reasons,
            [
                "l'échiquier a besoin de 8 rangées séparées par '/', trouvé : 3",
                "Blanc a deux rois — Échecs classiques : il faut exactement un roi de chaque camp",
                "roque 'Q' : cette pièce n'est pas sur e1 : roi blanc",
                "le coup 'Ke3' est impossible dans cette position (au tour de Blanc)",
            ]
        );
        assert!(!reasons.iter().any(|e| english(e)), "{reasons:?}");
        let over = Game::from_fen(RuleSet::orthodox(), "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let e = over.clone().play_text("Kh7").unwrap_err();
        assert_eq!(e.to_string(), "la partie est finie");
        assert_eq!(over.outcome().unwrap().reason.words(), "échec et mat");
    }
}
