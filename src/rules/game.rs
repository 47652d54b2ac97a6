//! A whole two-player game: the moves played, every way a game ends (RULES.md §1, §2, §6),
//! claims, offers, adjudication, scoring, and the saved form of a game.

use crate::rules::bitboard::Bits;
use crate::rules::custom;
use crate::rules::fen::{parse_fen, read_builtin, write_fen};
use crate::rules::geometry::Geometry;
use crate::rules::movegen::MoveList;
use crate::rules::position::MoveRules;
use crate::rules::ruleset::{Insufficient, NoMoves, Object, RuleSet};
use crate::rules::san::{parse_move, to_san, to_uci};
use crate::rules::saved_name::saved_by_name;
use crate::rules::types::{Move, MoveKind, Piece, Role, Side};
use crate::rules::Position8;
use crate::text::msg;
use serde::{Deserialize, Serialize};

saved_by_name! {
    /// Why a game ended.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum EndReason {
        Checkmate,
        KingCaptured,
        /// No legal move and not in check: a draw (orthodox).
        Stalemate,
        /// Stalemating the opponent wins (custom "stalemate wins").
        StalemateWin,
        /// The player to move had no move at all and loses (Primary, RULES.md §2.5).
        NoMoves,
        MidlineInvasion,
        InsufficientMaterial,
        RepeatedCheck,
        FivefoldRepetition,
        SeventyFiveMoves,
        ThreefoldRepetition,
        FiftyMoves,
        Agreement,
        Resignation,
        Timeout,
        /// Flag fell, but the opponent could not possibly win: a draw (FIDE).
        TimeoutInsufficient,
        /// The game was stopped (end of lesson) and decided by material.
        Adjudication,
        /// A recorded result whose reason the record did not say (PGN import).
        Recorded,
        /// Chess#: the player to move was stalemated and claimed it; the opponent scores the
        /// partial victory.
        StalemateClaim,
        /// Chess#: 50 moves by each side without a pawn move or capture; scored by material.
        Impasse,
        /// Chess#: both players agreed that an impasse was inevitable; scored as an impasse.
        FastFifty,
    }
}

impl EndReason {
    /// The machine word used by `rules play` (`status: ...`).
    pub fn key(self, decisive: bool) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::KingCaptured => "king-captured",
            EndReason::Stalemate => "stalemate",
            EndReason::StalemateWin => "stalemate-win",
            EndReason::NoMoves => "no-moves",
            EndReason::MidlineInvasion => "midline-invasion",
            EndReason::InsufficientMaterial => "draw-insufficient-material",
            EndReason::RepeatedCheck => "draw-repeated-check",
            EndReason::FivefoldRepetition => "draw-fivefold-repetition",
            EndReason::SeventyFiveMoves => "draw-seventy-five-moves",
            EndReason::ThreefoldRepetition => "draw-threefold-repetition",
            EndReason::FiftyMoves => "draw-fifty-moves",
            EndReason::Agreement => "draw-agreement",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutInsufficient => "draw-timeout-insufficient-material",
            EndReason::Adjudication if decisive => "adjudication",
            EndReason::Adjudication => "draw-adjudication",
            EndReason::Recorded => "recorded-result",
            EndReason::StalemateClaim => "stalemate-claimed",
            EndReason::Impasse => "impasse",
            EndReason::FastFifty => "fast-fifty",
        }
    }

    /// Plain words for a person: the result screen, the status line (in the current language;
    /// [`EndReason::describe`] is the English of the PGN `Termination` tag).
    pub fn words(self) -> &'static str {
        match self {
            EndReason::Checkmate => msg::problem_end_checkmate(),
            EndReason::KingCaptured => msg::problem_end_king_captured(),
            EndReason::Stalemate => msg::problem_end_stalemate(),
            EndReason::StalemateWin => msg::problem_end_stalemate_win(),
            EndReason::NoMoves => msg::problem_end_no_moves(),
            EndReason::MidlineInvasion => msg::problem_end_midline(),
            EndReason::InsufficientMaterial => msg::problem_end_insufficient(),
            EndReason::RepeatedCheck => msg::problem_end_repeated_check(),
            EndReason::FivefoldRepetition => msg::problem_end_fivefold(),
            EndReason::SeventyFiveMoves => msg::problem_end_seventy_five(),
            EndReason::ThreefoldRepetition => msg::problem_end_threefold(),
            EndReason::FiftyMoves => msg::problem_end_fifty(),
            EndReason::Agreement => msg::problem_end_agreement(),
            EndReason::Resignation => msg::problem_end_resignation(),
            EndReason::Timeout => msg::problem_end_timeout(),
            EndReason::TimeoutInsufficient => msg::problem_end_timeout_insufficient(),
            EndReason::Adjudication => msg::problem_end_adjudication(),
            EndReason::Recorded => msg::problem_end_recorded(),
            EndReason::StalemateClaim => msg::problem_end_stalemate_claim(),
            EndReason::Impasse => msg::problem_end_impasse(),
            EndReason::FastFifty => msg::problem_end_fast_fifty(),
        }
    }

    /// The words of the PGN `Termination` tag (read back by [`crate::rules::pgn`]): English
    /// whatever the language, so a file reads the same everywhere.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::KingCaptured => "the king was captured",
            EndReason::Stalemate => "stalemate",
            EndReason::StalemateWin => "stalemate (stalemating wins)",
            EndReason::NoMoves => "no moves left",
            EndReason::MidlineInvasion => "the king crossed the midline",
            EndReason::InsufficientMaterial => "not enough pieces left to win",
            EndReason::RepeatedCheck => "repeated check",
            EndReason::FivefoldRepetition => "the same position five times",
            EndReason::SeventyFiveMoves => "75 moves without a capture or pawn move",
            EndReason::ThreefoldRepetition => "the same position three times (claimed)",
            EndReason::FiftyMoves => "50 moves without a capture or pawn move (claimed)",
            EndReason::Agreement => "agreed draw",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time ran out",
            EndReason::TimeoutInsufficient => "time ran out, but the opponent could not win",
            EndReason::Adjudication => "game stopped and decided by material",
            EndReason::Recorded => "recorded result",
            EndReason::StalemateClaim => "stalemate (claimed by the stalemated player)",
            EndReason::Impasse => "impasse: 50 moves each without a capture or pawn move",
            EndReason::FastFifty => "impasse agreed (fast-fifty)",
        }
    }
}

/// The end of a game: who won (None for a draw), why, and each side's points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
    /// Points per side in half points (so ½ is exact): index by `Side::index()`.
    pub half_points: [u16; 2],
}

impl Outcome {
    /// PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        let [w, b] = self.half_points;
        match self.winner {
            Some(Side::WHITE) => "1-0",
            Some(_) => "0-1",
            // An equal-material impasse (Chess#) is no draw: Black scores more.
            None if w > b => "1-0",
            None if w < b => "0-1",
            None => "1/2-1/2",
        }
    }

    pub fn status_key(&self) -> &'static str {
        self.reason.key(self.winner.is_some())
    }

    /// Points of a side as text: `3`, `½`, `1½`.
    pub fn points_text(&self, side: Side) -> String {
        let h = self.half_points[side.index().min(1)];
        match (h / 2, h % 2) {
            (0, 1) => "½".into(),
            (n, 1) => format!("{n}½"),
            (n, _) => n.to_string(),
        }
    }
}

/// Whether the game goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    Ongoing,
    Over(Outcome),
}

/// Anything a player (or the teacher) can do to a game besides moving.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Action {
    Resign(Side),
    OfferDraw(Side),
    AcceptDraw,
    DeclineDraw,
    /// The player to move claims a threefold repetition or the fifty-move rule.
    ClaimDraw,
    /// End of lesson: adjudicate by material.
    Stop,
    /// The side's clock ran out.
    Flag(Side),
    /// Chess#: the player to move claims to be stalemated (checked; refused with a reason).
    ClaimStalemate,
    /// Chess#: propose that an impasse is inevitable.
    ProposeFastFifty(Side),
    AcceptFastFifty,
    RejectFastFifty,
}

/// Why a move or action was refused, in the current language. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    GameOver,
    Illegal(String),
    NotAllowed(String),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::GameOver => f.write_str(msg::problem_game_over()),
            GameError::Illegal(why) | GameError::NotAllowed(why) => write!(f, "{why}"),
        }
    }
}

/// A move as played, with what the interface shows about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    pub side: Side,
    pub san: String,
    pub uci: String,
    pub captured: Option<Piece>,
    /// The mover attacks the opponent's king after this move.
    pub gives_check: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    start_fen: String,
    /// `positions[i]` is the position before move `i`; the last is the current one.
    positions: Vec<Position8>,
    moves: Vec<PlayedMove>,
    /// Consecutive checking moves per side (RULES.md §2.6).
    check_streak: Vec<[u8; 2]>,
    /// Each position's placement key, and the index of the one before it with the same key:
    /// repetitions and the stalemate-wins ban follow this chain instead of comparing whole
    /// positions. A key is found by scanning the keys back from the latest, a few thousand
    /// numbers in the longest game (a map would cost the first load more code than the scan
    /// costs time); playing and taking back a move allocates nothing once the lists have grown.
    placement_keys: Vec<u64>,
    same_before: Vec<u32>,
    draw_offer: Option<Side>,
    fast_fifty_offer: Option<Side>,
    outcome: Option<Outcome>,
}

/// No position index (the end of a chain in `Game::same_before`).
const NO_POSITION: u32 = u32::MAX;

/// The saved form of a game (localStorage, files). `version` guards the format.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub version: u32,
    pub rules: RuleSet,
    pub start_fen: String,
    /// Moves in machine form.
    pub moves: Vec<String>,
    pub draw_offer: Option<Side>,
    #[serde(default)]
    pub fast_fifty_offer: Option<Side>,
    /// How the game ended when that was not by a move (resignation, agreement, ...).
    pub ending: Option<Outcome>,
}

pub const RECORD_VERSION: u32 = 1;

impl Game {
    /// A new game from the rule set's start position; refused with the reason when the rules
    /// cannot play their own start (e.g. a reserve start without placements).
    pub fn new(rules: RuleSet) -> Result<Game, String> {
        let fen = rules.start_fen.clone();
        Game::from_fen(rules, &fen).map_err(|e| msg::problem_start_not_fit(&e))
    }

    /// A new game of a built-in mode (orthodox, Primary, Chess#): their starts are constants
    /// that always fit (tested), so this cannot fail, and they are read without the checks
    /// and reasons a FEN from outside needs (the app's first game needs neither).
    pub fn of_mode(mode: crate::rules::ruleset::Mode) -> Game {
        let rules = RuleSet::for_mode(mode);
        let start = read_builtin(
            Geometry::standard(),
            MoveRules::from(&rules),
            &rules.start_fen,
        );
        // No built-in mode promotes to the start's armies.
        Game::from_position(rules, start, None)
    }

    /// A game from any position.
    pub fn from_fen(rules: RuleSet, fen: &str) -> Result<Game, String> {
        rules.check()?;
        let move_rules = MoveRules::from(&rules);
        let pos = parse_fen(Geometry::standard(), move_rules, fen)?;
        // Army promotion (RULES.md §5) is fixed by the rule set's start position, wherever
        // this game begins (an exported FEN read back keeps the armies of the real start).
        let army_start = rules
            .promotion_army
            .and_then(|_| parse_fen(Geometry::standard(), move_rules, &rules.start_fen).ok());
        Ok(Game::from_position(rules, pos, army_start.as_ref()))
    }

    /// A game from a position that fits its rules; `army_start` is the rule set's start when
    /// pawns promote to its armies.
    fn from_position(rules: RuleSet, mut pos: Position8, army_start: Option<&Position8>) -> Game {
        pos.rules.promotion = custom::promotion_masks(&rules, army_start.unwrap_or(&pos));
        let mut game = Game {
            rules,
            start_fen: write_fen(&pos),
            positions: Vec::new(),
            moves: Vec::new(),
            check_streak: vec![[0, 0]],
            placement_keys: Vec::new(),
            same_before: Vec::new(),
            draw_offer: None,
            fast_fifty_offer: None,
            outcome: None,
        };
        game.push_position(pos);
        game.outcome = game.automatic_end(None);
        game
    }

    fn push_position(&mut self, pos: Position8) {
        let key = pos.placement_key();
        let before = self.latest_with_key(key);
        self.placement_keys.push(key);
        self.same_before.push(before);
        self.positions.push(pos);
    }

    fn pop_position(&mut self) {
        if self.positions.pop().is_some() {
            self.placement_keys.pop();
            self.same_before.pop();
        }
    }

    /// The index of the latest position with placement key `key`, or [`NO_POSITION`].
    fn latest_with_key(&self, key: u64) -> u32 {
        self.placement_keys
            .iter()
            .rposition(|&k| k == key)
            .map_or(NO_POSITION, |i| i as u32)
    }

    /// The positions of this game (the current one included) with the same placement as
    /// `pos`: pieces on the same squares and the same reserves, latest first.
    fn same_placements<'a>(&'a self, pos: &'a Position8) -> impl Iterator<Item = &'a Position8> {
        let mut next = self.latest_with_key(pos.placement_key());
        std::iter::from_fn(move || {
            let i = next as usize;
            let found = self.positions.get(i)?;
            next = self.same_before[i];
            Some(found)
        })
        .filter(move |p| p.same_placement(pos))
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }
    pub fn position(&self) -> &Position8 {
        self.positions.last().expect("a game always has a position")
    }
    /// Position before move `i` (`i == moves().len()` is the current one).
    pub fn position_at(&self, i: usize) -> Option<&Position8> {
        self.positions.get(i)
    }
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }
    pub fn fen(&self) -> String {
        write_fen(self.position())
    }
    pub fn turn(&self) -> Side {
        self.position().turn()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn status(&self) -> Status {
        match self.outcome {
            Some(o) => Status::Over(o),
            None => Status::Ongoing,
        }
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }
    /// Who proposed a fast-fifty that is waiting for an answer.
    pub fn fast_fifty_offer(&self) -> Option<Side> {
        self.fast_fifty_offer
    }
    /// Plies left before an automatic impasse, when that rule applies.
    pub fn impasse_in(&self) -> Option<u16> {
        let limit = self.rules.impasse_plies?;
        Some(limit.saturating_sub(self.position().halfmove_clock()))
    }
    /// Consecutive checking moves by `side` so far (RULES.md §2.6 running count).
    pub fn check_streak(&self, side: Side) -> u8 {
        self.check_streak
            .last()
            .map_or(0, |s| s[side.index().min(1)])
    }

    /// Legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.moves_now()
        }
    }

    /// The moves of the player to move, game over or not: the position's moves, less those
    /// that would repeat an earlier position when stalemate wins (RULES.md §5).
    fn moves_now(&self) -> MoveList {
        let pos = self.position();
        let mut moves = pos.legal_moves();
        if self.rules.object == Object::StalemateWins {
            moves.retain(|m| !self.repeats(pos.after(*m)));
        }
        moves
    }

    /// Whether a position would repeat one that already stood on the board, a move that is
    /// illegal when stalemate wins (RULES.md §5; "position" is the placement, see custom.rs).
    fn repeats(&self, after: Position8) -> bool {
        self.same_placements(&after).next().is_some()
    }

    /// Whether the side to move is checkmated in the chess sense. In king-capture games this
    /// does not end the game; the interface reveals it only when hints are on.
    pub fn is_checkmate(&self) -> bool {
        let mut strict = *self.position();
        strict.rules.check_restricts = true;
        strict.rules.drops = false;
        strict.in_check(strict.turn()) && strict.legal_moves().is_empty()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) -> Result<&PlayedMove, GameError> {
        self.play_move(m, true)
    }

    /// Plays a legal move exactly as [`Game::play`] does, every rule and ending included, but
    /// without writing its text (`san` and `uci` stay empty): the engine's look-ahead plays
    /// millions of moves nobody reads.
    pub fn play_unwritten(&mut self, m: Move) -> Result<&PlayedMove, GameError> {
        self.play_move(m, false)
    }

    fn play_move(&mut self, m: Move, written: bool) -> Result<&PlayedMove, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let pos = *self.position();
        if !pos.is_legal(m) {
            return Err(GameError::Illegal(msg::problem_not_legal(&to_uci(&pos, m))));
        }
        if self.rules.object == Object::StalemateWins && self.repeats(pos.after(m)) {
            return Err(GameError::Illegal(msg::problem_repeat_stalemate_wins(
                &to_san(&pos, m),
            )));
        }
        self.push_move(m, written);
        self.outcome = self.automatic_end(Some(pos.turn()));
        Ok(self.moves.last().expect("just pushed"))
    }

    /// The engine's look-ahead only: plays `m`, which must be one of [`Game::legal_moves`]
    /// here, unchecked and unwritten, and without asking whether the player to move now has
    /// any move at all — the costliest question, generating every reply. The search asks it
    /// itself ([`Game::end_without_moves`]) when its own move generation finds nothing. Every
    /// other ending is found as [`Game::play`] finds it, and one that an absence of moves would
    /// overrule (checkmate before the 75-move rule) is settled with that question.
    pub fn play_searched(&mut self, m: Move) {
        debug_assert!(!self.is_over() && self.legal_moves().contains(&m));
        let us = self.turn();
        self.push_move(m, false);
        self.outcome = self.end_before_moves(Some(us)).or_else(|| {
            let later = self.end_after_moves(Some(us))?;
            Some(self.end_without_moves().unwrap_or(later))
        });
    }

    /// Records `m` and the position after it (checks, streaks, offers); the ending is the
    /// caller's to find.
    fn push_move(&mut self, m: Move, written: bool) {
        let pos = *self.position();
        let us = pos.turn();
        let captured = match m.kind {
            MoveKind::EnPassant => Some(Piece {
                side: pos.ep_victim(m.to).map_or(Side(1 - us.0), |(s, _)| s),
                role: Role::Pawn,
            }),
            MoveKind::Castle { .. } | MoveKind::Drop(_) => None,
            _ => pos.piece_at(m.to),
        };
        let (san, uci) = if written {
            (to_san(&pos, m), to_uci(&pos, m))
        } else {
            (String::new(), String::new())
        };
        let after = pos.after(m);
        let them = after.turn();
        let gives_check = after.in_check(them);
        let mut streak = *self.check_streak.last().unwrap_or(&[0, 0]);
        let i = us.index().min(1);
        streak[i] = if gives_check {
            streak[i].saturating_add(1)
        } else {
            0
        };
        self.moves.push(PlayedMove {
            mv: m,
            side: us,
            san,
            uci,
            captured,
            gives_check,
        });
        self.push_position(after);
        self.check_streak.push(streak);
        // A move declines a pending offer by the opponent; one's own offer stands.
        if self.draw_offer.is_some_and(|s| s != us) {
            self.draw_offer = None;
        }
        if self.fast_fifty_offer.is_some_and(|s| s != us) {
            self.fast_fifty_offer = None;
        }
    }

    /// The engine's look-ahead only, never a move of the game: the player to move passes (a
    /// "null move": the other side moves twice), to see whether the position is so good that
    /// even passing would do. No en passant capture survives it and the fifty-move count goes
    /// on. [`Game::unpass`] takes it back; in between, moves are only played and undone.
    /// False (nothing done) when the game is over.
    pub fn pass_unwritten(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        let mut pos = *self.position();
        let us = pos.turn();
        pos.set_turn(Side(1 - us.0));
        for side in [Side::WHITE, Side::BLACK] {
            pos.set_ep_square(side, None);
        }
        pos.set_clocks(
            pos.halfmove_clock().saturating_add(1),
            pos.fullmove_number(),
        );
        let streak = *self.check_streak.last().unwrap_or(&[0, 0]);
        self.push_position(pos);
        self.check_streak.push(streak);
        true
    }

    /// Takes back [`Game::pass_unwritten`].
    pub fn unpass(&mut self) {
        self.pop_position();
        self.check_streak.pop();
    }

    /// Plays a move given as SAN or machine form.
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let m = parse_move(self.position(), text).map_err(GameError::Illegal)?;
        self.play(m)
    }

    /// Takes back the last move (teacher tool); a finished game is reopened.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let last = self.moves.pop()?;
        self.pop_position();
        self.check_streak.pop();
        self.draw_offer = None;
        self.fast_fifty_offer = None;
        self.outcome = None;
        Some(last)
    }

    fn outcome_for(&self, winner: Option<Side>, reason: EndReason) -> Outcome {
        let s = self.rules.scoring;
        // Points of (winner, loser), or of (White, Black) for a draw.
        let pair = |p: [u16; 2]| match winner {
            Some(w) if w.index() == 1 => [p[1], p[0]],
            _ => p,
        };
        let half_points = match (winner, reason) {
            (Some(_), EndReason::StalemateClaim) => pair(s.stalemate),
            (Some(_), EndReason::Impasse | EndReason::FastFifty) => pair(s.impasse_unequal),
            (None, EndReason::Impasse | EndReason::FastFifty) => s.impasse_equal,
            (None, _) => [s.draw, s.draw],
            (Some(_), _) => pair([s.win, s.loss]),
        };
        Outcome {
            winner,
            reason,
            half_points,
        }
    }

    /// An impasse is scored by material on the board (RULES.md §3.6).
    fn impasse(&self, reason: EndReason) -> Outcome {
        let pos = self.position();
        let (w, b) = (pos.material(Side::WHITE), pos.material(Side::BLACK));
        let winner = match w.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Side::WHITE),
            std::cmp::Ordering::Less => Some(Side::BLACK),
            std::cmp::Ordering::Equal => None,
        };
        self.outcome_for(winner, reason)
    }

    /// Why a stalemate claim by the player to move would be refused, or `None` if it is
    /// valid (RULES.md §3.5): no move at all, or a king on the board, not attacked, whose
    /// every move (placements included) leaves it attacked.
    pub fn stalemate_claim_refusal(&self) -> Option<String> {
        if self.rules.no_moves != NoMoves::ClaimStalemate {
            return Some(msg::problem_claim_not_here().into());
        }
        let pos = self.position();
        let us = pos.turn();
        let moves = self.moves_now();
        if moves.is_empty() {
            return None;
        }
        if pos.king(us).is_none() {
            return Some(msg::problem_claim_king_in_reserve().into());
        }
        if pos.in_check(us) {
            return Some(msg::problem_claim_in_check().into());
        }
        let safe = moves.iter().find(|&&m| !pos.after(m).in_check(us))?;
        Some(msg::problem_claim_safe_move(&to_san(pos, *safe)))
    }

    /// Game ends that happen by themselves, checked after each move (`mover`) or at setup.
    fn automatic_end(&self, mover: Option<Side>) -> Option<Outcome> {
        self.end_before_moves(mover)
            .or_else(|| self.end_without_moves())
            .or_else(|| self.end_after_moves(mover))
    }

    /// The endings that come before the question of moves: a captured king, an invasion.
    fn end_before_moves(&self, mover: Option<Side>) -> Option<Outcome> {
        let to_move = self.turn();
        if self.rules.object == Object::KingCapture && self.position().king_captured(to_move) {
            return Some(self.outcome_for(Some(Side(1 - to_move.0)), EndReason::KingCaptured));
        }
        if let Some(m) = mover {
            if self.rules.midline_invasion && self.position().king_invaded(m) {
                return Some(self.outcome_for(Some(m), EndReason::MidlineInvasion));
            }
        }
        None
    }

    /// The ending when the player to move has no move (by the rule set's `no_moves`), or
    /// `None` when there is a move or having none ends nothing (Chess#: a claim instead).
    /// When stalemate wins, moves that would repeat a position do not count (RULES.md §5).
    pub fn end_without_moves(&self) -> Option<Outcome> {
        let pos = self.position();
        let to_move = pos.turn();
        if !self.moves_now().is_empty() {
            return None;
        }
        let win = |reason| Some(self.outcome_for(Some(Side(1 - to_move.0)), reason));
        match self.rules.no_moves {
            NoMoves::MateOrStalemate if pos.in_check(to_move) => win(EndReason::Checkmate),
            NoMoves::MateOrStalemate if self.rules.object == Object::StalemateWins => {
                win(EndReason::StalemateWin)
            }
            NoMoves::MateOrStalemate => Some(self.outcome_for(None, EndReason::Stalemate)),
            NoMoves::Loses => win(EndReason::NoMoves),
            NoMoves::ClaimStalemate => None,
        }
    }

    /// The endings an absence of moves overrules: dead positions, repeated checks,
    /// repetitions, the 75-move rule and the impasse.
    fn end_after_moves(&self, mover: Option<Side>) -> Option<Outcome> {
        let pos = self.position();
        let draw = |reason| Some(self.outcome_for(None, reason));
        if self.insufficient_material() {
            return draw(EndReason::InsufficientMaterial);
        }
        if let (Some(limit), Some(m)) = (self.rules.draws.repeated_check, mover) {
            if self.check_streak(m) >= limit {
                return draw(EndReason::RepeatedCheck);
            }
        }
        if self.rules.draws.repetition && self.repetitions() >= 5 {
            return draw(EndReason::FivefoldRepetition);
        }
        if self.rules.draws.fifty_moves && pos.halfmove_clock() >= 150 {
            return draw(EndReason::SeventyFiveMoves);
        }
        if let Some(limit) = self.rules.impasse_plies {
            if pos.halfmove_clock() >= limit {
                return Some(self.impasse(EndReason::Impasse));
            }
        }
        None
    }

    /// How many times the current position has stood (counting now). Only positions with
    /// the same placement are compared, found by key, so this costs the same in a long game.
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let same_turn = || self.same_placements(pos).filter(|p| p.turn() == pos.turn());
        // Usually the current position is the only one: no key needs building.
        if same_turn().nth(1).is_none() {
            return 1;
        }
        let key = pos.repetition_key();
        same_turn().filter(|p| p.repetition_key() == key).count()
    }

    fn insufficient_material(&self) -> bool {
        let pos = self.position();
        let minors = |side: Side| {
            pos.pieces(side, Role::Knight).count() + pos.pieces(side, Role::Bishop).count()
        };
        let only_king_and_minors = |side: Side| {
            pos.side_pieces(side)
                == pos.pieces(side, Role::King)
                    | pos.pieces(side, Role::Knight)
                    | pos.pieces(side, Role::Bishop)
                && pos.reserve(side).iter().all(|&c| c == 0)
        };
        let (w, b) = (Side::WHITE, Side::BLACK);
        if !only_king_and_minors(w) || !only_king_and_minors(b) {
            return false;
        }
        let (mw, mb) = (minors(w), minors(b));
        match self.rules.draws.insufficient {
            Insufficient::Off => false,
            Insufficient::LoneKingOrMinor => (mw == 0 && mb <= 1) || (mb == 0 && mw <= 1),
            Insufficient::DeadPosition => {
                if (mw == 0 && mb <= 1) || (mb == 0 && mw <= 1) {
                    return true;
                }
                // K+B v K+B with both bishops on the same colour.
                let bishops = pos.role_pieces(Role::Bishop);
                mw == 1 && mb == 1 && pos.role_pieces(Role::Knight).is_empty() && {
                    let g = pos.geo;
                    let colours: Vec<bool> = bishops.squares().map(|s| g.is_light(s)).collect();
                    colours.len() == 2 && colours[0] == colours[1]
                }
            }
        }
    }

    /// Whether `side` could never checkmate, whatever the opponent does (for loss on time).
    fn cannot_win(&self, side: Side) -> bool {
        let pos = self.position();
        let them = Side(1 - side.0);
        let has = |s: Side, r: Role| pos.pieces(s, r).any();
        if has(side, Role::Pawn) || has(side, Role::Rook) || has(side, Role::Queen) {
            return false;
        }
        if pos.reserve(side).iter().any(|&c| c > 0) {
            return false;
        }
        let knights = pos.pieces(side, Role::Knight).count();
        let bishops = pos.pieces(side, Role::Bishop);
        if knights == 0 && bishops.is_empty() {
            return true;
        }
        let g = pos.geo;
        let their_blockers = has(them, Role::Pawn)
            || has(them, Role::Knight)
            || has(them, Role::Bishop)
            || has(them, Role::Rook);
        if bishops.is_empty() {
            return knights == 1 && !their_blockers;
        }
        let light = bishops.squares().filter(|&s| g.is_light(s)).count() as u32;
        let same_colour = light == 0 || light == bishops.count();
        knights == 0
            && same_colour
            && !has(them, Role::Pawn)
            && !has(them, Role::Knight)
            && pos
                .pieces(them, Role::Bishop)
                .squares()
                .all(|s| bishops.squares().all(|b| g.is_light(b) == g.is_light(s)))
    }

    /// The draw the player to move may claim now, if any.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.is_over() {
            return None;
        }
        if self.rules.draws.repetition && self.repetitions() >= 3 {
            return Some(EndReason::ThreefoldRepetition);
        }
        if self.rules.draws.fifty_moves && self.position().halfmove_clock() >= 100 {
            return Some(EndReason::FiftyMoves);
        }
        None
    }

    /// Whether stopping now is possible and what it would give.
    pub fn adjudicate(&self) -> Option<Outcome> {
        let margin = self.rules.adjudication_margin? as i64;
        let pos = self.position();
        let diff = pos.material(Side::WHITE) as i64 - pos.material(Side::BLACK) as i64;
        let winner = if diff >= margin {
            Some(Side::WHITE)
        } else if -diff >= margin {
            Some(Side::BLACK)
        } else {
            None
        };
        Some(self.outcome_for(winner, EndReason::Adjudication))
    }

    /// Resign, offer or accept a draw, claim, stop or flag.
    pub fn act(&mut self, action: Action) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let r = &self.rules;
        match action {
            Action::Resign(side) => {
                if !r.resign_allowed {
                    return Err(GameError::NotAllowed(
                        msg::problem_resign_not_allowed().into(),
                    ));
                }
                self.outcome =
                    Some(self.outcome_for(Some(Side(1 - side.0)), EndReason::Resignation));
            }
            Action::OfferDraw(side) => {
                if !r.draw_offers_allowed {
                    return Err(GameError::NotAllowed(
                        msg::problem_draw_offers_not_allowed().into(),
                    ));
                }
                self.draw_offer = Some(side);
            }
            Action::AcceptDraw => {
                if self.draw_offer.is_none() {
                    return Err(GameError::NotAllowed(
                        msg::problem_no_draw_offer_accept().into(),
                    ));
                }
                self.draw_offer = None;
                self.outcome = Some(self.outcome_for(None, EndReason::Agreement));
            }
            Action::DeclineDraw => {
                if !self.decline_draw() {
                    return Err(GameError::NotAllowed(
                        msg::problem_no_draw_offer_decline().into(),
                    ));
                }
            }
            Action::ClaimDraw => match self.claimable_draw() {
                Some(reason) => self.outcome = Some(self.outcome_for(None, reason)),
                None => return Err(GameError::NotAllowed(msg::problem_no_draw_claim().into())),
            },
            Action::Stop => match self.adjudicate() {
                Some(o) => self.outcome = Some(o),
                None => return Err(GameError::NotAllowed(msg::problem_cannot_stop().into())),
            },
            Action::ClaimStalemate => match self.stalemate_claim_refusal() {
                None => {
                    let stalemater = Side(1 - self.turn().0);
                    self.outcome =
                        Some(self.outcome_for(Some(stalemater), EndReason::StalemateClaim));
                }
                Some(why) => return Err(GameError::NotAllowed(msg::problem_claim_refused(&why))),
            },
            Action::ProposeFastFifty(side) => {
                if !r.fast_fifty {
                    return Err(GameError::NotAllowed(msg::problem_no_fast_fifty().into()));
                }
                if side != self.turn() {
                    return Err(GameError::NotAllowed(
                        msg::problem_fast_fifty_proposer().into(),
                    ));
                }
                self.fast_fifty_offer = Some(side);
            }
            Action::AcceptFastFifty => {
                if self.fast_fifty_offer == Some(self.turn()) {
                    return Err(GameError::NotAllowed(
                        msg::problem_fast_fifty_answer().into(),
                    ));
                }
                if self.fast_fifty_offer.take().is_none() {
                    return Err(GameError::NotAllowed(
                        msg::problem_no_fast_fifty_accept().into(),
                    ));
                }
                self.outcome = Some(self.impasse(EndReason::FastFifty));
            }
            Action::RejectFastFifty => {
                if !self.reject_fast_fifty() {
                    return Err(GameError::NotAllowed(
                        msg::problem_no_fast_fifty_reject().into(),
                    ));
                }
            }
            Action::Flag(side) => self.flag(side),
        }
        Ok(())
    }

    /// The draw on offer is declined. False (and nothing changes) when none is, or the game
    /// is over. The computer's answer calls this alone, as the clock calls [`Game::flag`].
    pub fn decline_draw(&mut self) -> bool {
        !self.is_over() && self.draw_offer.take().is_some()
    }

    /// The fast-fifty proposed is rejected (RULES.md §3.5): the game goes on. False (and
    /// nothing changes) when none is, or the game is over.
    pub fn reject_fast_fifty(&mut self) -> bool {
        !self.is_over() && self.fast_fifty_offer.take().is_some()
    }

    /// `side`'s time ran out (RULES.md §6): the opponent wins, or it is a draw when the
    /// opponent could not checkmate. Nothing changes in a game that is over. The clock's
    /// tick calls this alone, so the other actions' code need not be in the first load.
    pub fn flag(&mut self, side: Side) {
        if self.is_over() {
            return;
        }
        let winner = Side(1 - side.0);
        self.outcome = Some(
            if self.rules.object == Object::Checkmate && self.cannot_win(winner) {
                self.outcome_for(None, EndReason::TimeoutInsufficient)
            } else {
                self.outcome_for(Some(winner), EndReason::Timeout)
            },
        );
    }

    /// Sets a result that the record states without a reason the game can check (PGN import).
    pub fn set_recorded_result(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    /// The outcome a record states (PGN import, a saved game): its reason with the winner
    /// the record gives, except that an impasse is scored by the material on the board, as
    /// the rules score it (RULES.md §3.6), whoever the record names.
    pub(crate) fn recorded_outcome(&self, winner: Option<Side>, reason: EndReason) -> Outcome {
        match reason {
            EndReason::Impasse | EndReason::FastFifty => self.impasse(reason),
            _ => self.outcome_for(winner, reason),
        }
    }

    /// Material of each side on the board and the captured pieces of each side.
    pub fn captured_by(&self, side: Side) -> Vec<Piece> {
        self.moves
            .iter()
            .filter(|m| m.side == side)
            .filter_map(|m| m.captured)
            .collect()
    }

    // ---- saving ----

    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            rules: self.rules.clone(),
            start_fen: self.start_fen.clone(),
            moves: self.moves.iter().map(|m| m.uci.clone()).collect(),
            draw_offer: self.draw_offer,
            fast_fifty_offer: self.fast_fifty_offer,
            ending: self.outcome,
        }
    }

    /// Rebuilds a game by replaying its record; any inconsistency is an error, never a panic.
    pub fn from_record(record: &GameRecord) -> Result<Game, String> {
        if record.version != RECORD_VERSION {
            return Err(msg::problem_record_version(
                &record.version,
                &RECORD_VERSION,
            ));
        }
        // The rules travel whole in the record: their own start must fit them too.
        parse_fen(
            Geometry::standard(),
            MoveRules::from(&record.rules),
            &record.rules.start_fen,
        )
        .map_err(|e| msg::problem_record_rules(&e))?;
        let mut game = Game::from_fen(record.rules.clone(), &record.start_fen)
            .map_err(|e| msg::problem_record_start(&e))?;
        for (i, text) in record.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| msg::problem_record_move(&(i + 1), &text, &e))?;
        }
        let two_player = |side: Option<Side>| side.is_none_or(|s| s.0 <= 1);
        if !two_player(record.draw_offer) || !two_player(record.fast_fifty_offer) {
            return Err(msg::problem_record_offer().into());
        }
        game.draw_offer = record.draw_offer.filter(|_| game.rules.draw_offers_allowed);
        game.fast_fifty_offer = record.fast_fifty_offer.filter(|_| game.rules.fast_fifty);
        if let Some(ending) = record.ending {
            if !two_player(ending.winner) {
                return Err(msg::problem_record_winner().into());
            }
            // The points follow from the rules, never from the file.
            let expected = game
                .outcome
                .unwrap_or_else(|| game.recorded_outcome(ending.winner, ending.reason));
            if ending != expected {
                return Err(msg::problem_record_result(
                    &ending.result(),
                    &ending.reason.words(),
                ));
            }
            game.outcome = Some(ending);
        }
        Ok(game)
    }
}
