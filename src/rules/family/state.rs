//! One family position with everything the rules need besides the board: player statuses
//! (§4.1), standing checks (§4.3–4.4), passes (§5.3) and the result; and how turns flow.
//! `Copy`, so perft and look-ahead work on copies.

use super::options::{EpWindow, FamilyRules, StalemateRule};
use super::{partner, SEATS};
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::geometry::Geometry;
use crate::rules::position::{MoveRules, Position};
use crate::rules::ruleset::{role_mask, Castling, DoubleStep, Knight};
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::text::{msg, words};
use serde::{Deserialize, Serialize};

/// A player's status (§4.1). `Empty` is a seat nobody sits at (§2.5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Seat {
    Playing,
    Away,
    Out,
    Empty,
}

/// A piece's state follows its owner's status (§4.1): live, asleep (Away) or dead (Out).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PieceState {
    Live,
    Asleep,
    Dead,
}

/// Why a family game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EndReason {
    /// The last opponent was mated (§4.6, §5.4).
    Checkmate,
    /// The last opponent resigned (§5.1).
    Resignation,
    /// The last opponent was stalemated under the "eliminate" toggle.
    StalemateElimination,
    /// Stalemate with two left, or under the "draw" toggle (§5.3).
    Stalemate,
    /// Every Playing player passed in one round (§5.3).
    AllPassed,
    Agreement,
    /// All players still in were allied and agreed to share the win (§5.5).
    SharedWin,
    ThreefoldRepetition,
    FivefoldRepetition,
    FiftyRounds,
    SeventyFiveRounds,
    /// Two left and neither can mate (§5.6).
    InsufficientMaterial,
    /// The supervisor declared the result (§8.12).
    Declared,
}

impl EndReason {
    /// The machine word of `rules play` (`status: ...`).
    pub fn key(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Resignation => "resignation",
            EndReason::StalemateElimination => "stalemate-elimination",
            EndReason::Stalemate => "draw-stalemate",
            EndReason::AllPassed => "draw-all-passed",
            EndReason::Agreement => "draw-agreement",
            EndReason::SharedWin => "shared-win",
            EndReason::ThreefoldRepetition => "draw-threefold-repetition",
            EndReason::FivefoldRepetition => "draw-fivefold-repetition",
            EndReason::FiftyRounds => "draw-fifty-rounds",
            EndReason::SeventyFiveRounds => "draw-seventy-five-rounds",
            EndReason::InsufficientMaterial => "draw-insufficient-material",
            EndReason::Declared => "declared",
        }
    }

    /// Plain words for the result screen, in the current language.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => msg::family_problem_end_checkmate(),
            EndReason::Resignation => msg::family_problem_end_resignation(),
            EndReason::StalemateElimination => msg::family_problem_end_stalemate_out(),
            EndReason::Stalemate => msg::family_problem_end_stalemate(),
            EndReason::AllPassed => msg::family_problem_end_all_passed(),
            EndReason::Agreement => msg::family_problem_end_agreement(),
            EndReason::SharedWin => msg::family_problem_end_shared_win(),
            EndReason::ThreefoldRepetition => msg::family_problem_end_threefold(),
            EndReason::FivefoldRepetition => msg::family_problem_end_fivefold(),
            EndReason::FiftyRounds => msg::family_problem_end_fifty(),
            EndReason::SeventyFiveRounds => msg::family_problem_end_seventy_five(),
            EndReason::InsufficientMaterial => msg::family_problem_end_material(),
            EndReason::Declared => msg::family_problem_end_declared(),
        }
    }
}

/// The end of a family game: who won (seat mask; 0 for a draw) and who shares a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FamilyOutcome {
    pub reason: EndReason,
    pub winners: u8,
    pub drawn: u8,
    /// The seats that had players (for the result line).
    pub players: u8,
}

impl FamilyOutcome {
    pub fn is_draw(&self) -> bool {
        self.winners == 0
    }

    /// Points in half points: a win 2, a share of a draw 1, otherwise 0.
    pub fn half_points(&self, seat: Side) -> u8 {
        let bit = 1 << seat.0;
        if self.winners & bit != 0 {
            2
        } else if self.drawn & bit != 0 {
            1
        } else {
            0
        }
    }

    /// `r=1 b=0 y=1/2 g=1/2`: each seat that had a player and its points.
    pub fn result(&self) -> String {
        SEATS
            .into_iter()
            .filter(|s| self.players & (1 << s.0) != 0)
            .map(|s| {
                let p = ["0", "1/2", "1"][self.half_points(s) as usize];
                format!("{}={p}", super::seat_letter(s))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What happened, for the move record (§1.4). A move's `check` is an accepted call.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    Moved {
        seat: Side,
        mv: Move,
        role: Role,
        captured: Option<Piece>,
        check: bool,
    },
    Passed(Side),
    /// Mated at the start of its turn; `by` (a seat mask) is the checker, who gets the
    /// credit; with joint mates there may be several.
    Mated {
        seat: Side,
        by: u8,
    },
    /// Stalemated and out (the "eliminate" toggle).
    StalemateOut(Side),
    Resigned(Side),
    Away(Side),
    Back(Side),
    Ended(FamilyOutcome),
}

/// A family position and its players.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct FamilyState {
    pub(super) pos: Position<Bb256>,
    pub(super) rules: FamilyRules,
    pub(super) seats: [Seat; 4],
    /// Standing checks: per victim, a mask of checkers (§4.3). One at most, except with
    /// joint mates, which drop §4.3(a).
    pub(super) checks: [u8; 4],
    /// Passes in a row since the last move (§5.3).
    pub(super) passes: u8,
    pub(super) end: Option<FamilyOutcome>,
}

/// The core's move rules for these toggles; `out` seats' kings may be captured (§5.2).
pub fn move_rules(rules: &FamilyRules, seats: &[Seat; 4]) -> MoveRules {
    let promotion = if rules.auto_queen {
        role_mask(&[Role::Queen])
    } else {
        role_mask(&[Role::Queen, Role::Rook, Role::Bishop, Role::Knight])
    };
    MoveRules {
        check_restricts: false,
        castling: Castling::Standard,
        en_passant: rules.en_passant != EpWindow::Off,
        double_step: if rules.double_step_any_time {
            DoubleStep::AnyTime
        } else {
            DoubleStep::FirstMove
        },
        promotion: [promotion; 4],
        knight: Knight::Leaping,
        drops: false,
        king_shield: (0..4u8)
            .filter(|&s| seats[s as usize] != Seat::Out)
            .fold(0, |m, s| m | 1 << s),
    }
}

impl FamilyState {
    /// An empty cross board with the seats of `rules` Playing, `rules.first` to move.
    pub fn empty(rules: FamilyRules) -> FamilyState {
        let seats = std::array::from_fn(|i| {
            if rules.seat_used(Side(i as u8)) {
                Seat::Playing
            } else {
                Seat::Empty
            }
        });
        let geo = Geometry::cross_promoting_on(rules.promotion);
        let mut pos = Position::empty(geo, move_rules(&rules, &seats), 4);
        pos.set_turn(rules.first);
        FamilyState {
            pos,
            rules,
            seats,
            checks: [0; 4],
            passes: 0,
            end: None,
        }
    }

    // ---- reading ----

    pub fn position(&self) -> &Position<Bb256> {
        &self.pos
    }
    pub fn rules(&self) -> &FamilyRules {
        &self.rules
    }
    pub fn turn(&self) -> Side {
        self.pos.turn()
    }
    pub fn seat(&self, seat: Side) -> Seat {
        self.seats[seat.index() & 3]
    }
    /// The checker of a standing (announced) check on `victim`'s king (the first in seat
    /// order when joint mates allow several).
    pub fn standing_check(&self, victim: Side) -> Option<Side> {
        let mask = self.standing_checkers(victim);
        (mask != 0).then(|| Side(mask.trailing_zeros() as u8))
    }

    /// Every checker of a standing check on `victim`'s king, as a seat mask.
    pub fn standing_checkers(&self, victim: Side) -> u8 {
        self.checks[victim.index() & 3]
    }
    pub fn passes(&self) -> u8 {
        self.passes
    }
    pub fn outcome(&self) -> Option<FamilyOutcome> {
        self.end
    }
    /// Rounds so far, counted from the first seat (starts at 1).
    pub fn round(&self) -> u16 {
        self.pos.fullmove_number()
    }

    fn mask_of(&self, wanted: &[Seat]) -> u8 {
        (0..4u8)
            .filter(|&s| wanted.contains(&self.seats[s as usize]))
            .fold(0, |m, s| m | 1 << s)
    }

    /// Seats still in the game: Playing or Away.
    pub fn in_game(&self) -> u8 {
        self.mask_of(&[Seat::Playing, Seat::Away])
    }

    /// The only Playing player is left with Away players (or nobody plays): play waits until
    /// someone returns or the supervisor ends the game (§5.4). The turn stays where it was, so
    /// when someone returns, the seat whose turn it is moves first.
    pub fn is_paused(&self) -> bool {
        let playing = self.live_seats().count_ones();
        self.end.is_none() && (playing == 0 || (playing == 1 && self.in_game().count_ones() > 1))
    }

    /// The piece on `s` and its state.
    pub fn piece_state(&self, s: Square) -> Option<(Piece, PieceState)> {
        let piece = self.pos.piece_at(s)?;
        let state = match self.seat(piece.side) {
            Seat::Playing => PieceState::Live,
            Seat::Away => PieceState::Asleep,
            Seat::Out | Seat::Empty => PieceState::Dead,
        };
        Some((piece, state))
    }

    /// `(victim, attacker)` for every live attack on a Playing king that is not a standing
    /// check: what hints show (§4.8) and what a call could still turn into a check.
    pub fn unannounced_attacks(&self) -> Vec<(Side, Side)> {
        let mut out = Vec::new();
        for v in SEATS {
            if self.seat(v) != Seat::Playing {
                continue;
            }
            for x in SEATS {
                if self.enemy_seats(v) & (1 << x.0) != 0
                    && self.standing_checkers(v) & (1 << x.0) == 0
                    && self.attacks_king(x, v)
                {
                    out.push((v, x));
                }
            }
        }
        out
    }

    /// Zobrist key of what makes two family positions the same for repetition (§5.6): the
    /// placement, the seat to move, castling rights, e.p. squares, statuses and standing
    /// checks. Equal positions have equal keys; compare the positions to be sure.
    pub fn repetition_hash(&self) -> u64 {
        use crate::rules::zobrist;
        let pos = &self.pos;
        let mut key = pos.placement_key() ^ zobrist::turn(pos.turn().0);
        for s in pos.castling_rights().squares() {
            key ^= zobrist::castling(s.0);
        }
        for seat in SEATS {
            if let Some(ep) = pos.ep_square(seat) {
                key ^= zobrist::seat_fact(seat.0, 0, ep.0);
            }
            key ^= zobrist::seat_fact(seat.0, 1, self.seats[seat.index()] as u8);
            key ^= zobrist::seat_fact(seat.0, 2, self.checks[seat.index()]);
        }
        key
    }

    // ---- changing ----

    /// Brings the core's move rules and board shape in line with the toggles and statuses.
    pub(super) fn sync(&mut self) {
        self.pos.geo = Geometry::cross_promoting_on(self.rules.promotion);
        self.pos.rules = move_rules(&self.rules, &self.seats);
        if self.rules.en_passant == EpWindow::Off {
            for s in SEATS {
                self.pos.set_ep_square(s, None);
            }
        }
        if self.rules.remove_dead {
            for s in SEATS {
                if self.seat(s) == Seat::Out {
                    self.remove_pieces(s);
                }
            }
        }
    }

    fn remove_pieces(&mut self, seat: Side) {
        for sq in self.pos.side_pieces(seat).squares() {
            self.pos.remove(sq);
        }
        self.pos.set_ep_square(seat, None);
    }

    /// New toggles (mid-game changes included); the current turn is judged again.
    pub fn set_rules(&mut self, rules: FamilyRules, events: &mut Vec<Event>) {
        self.rules = rules;
        self.sync();
        self.lapse_checks();
        self.settle(events);
    }

    /// Plays a legal move, with or without a "Check!" call, then runs the turn flow up to the
    /// next seat that has to decide something.
    pub fn play(&mut self, m: Move, call: bool, events: &mut Vec<Event>) -> Result<(), String> {
        if self.end.is_some() {
            return Err(msg::family_problem_game_over().into());
        }
        if self.is_paused() {
            return Err(msg::family_problem_paused().into());
        }
        if !self.is_legal(m) {
            let uci = crate::rules::san::to_uci(&self.pos, m);
            return Err(msg::family_problem_move_not_legal(&uci));
        }
        self.apply(m, call, events);
        Ok(())
    }

    /// Plays a move known to be legal (one of [`FamilyState::legal_moves`]) without checking
    /// it again: the engine's look-ahead and perft make millions of these.
    pub fn apply(&mut self, m: Move, call: bool, events: &mut Vec<Event>) {
        let us = self.pos.turn();
        let role = self.pos.role_at(m.from).unwrap_or(Role::Pawn);
        let captured = match m.kind {
            MoveKind::EnPassant => self.pos.ep_victim(m.to).map(|(side, _)| Piece {
                side,
                role: Role::Pawn,
            }),
            MoveKind::Castle { .. } => None,
            _ => self.pos.piece_at(m.to),
        };
        let round = self.pos.fullmove_number();
        self.pos.play(m);
        // The core counts rounds from side 0 and moves to side + 1; the turn flow here
        // decides both.
        self.pos.set_clocks(self.pos.halfmove_clock(), round);
        self.passes = 0;
        self.checks[us.index()] = 0; // the mover's turn has ended (§4.4)
        self.lapse_checks();
        let mut check = false;
        if call || self.rules.auto_check {
            for v in SEATS {
                let callable = v != us
                    && self.seat(v) == Playing
                    && !(self.rules.fixed_teams && v == partner(us))
                    && (self.rules.joint_mates || self.standing_checkers(v) & !(1 << us.0) == 0);
                if callable && self.attacks_king(us, v) {
                    self.checks[v.index()] |= 1 << us.0;
                    check = true;
                }
            }
        }
        events.push(Event::Moved {
            seat: us,
            mv: m,
            role,
            captured,
            check,
        });
        self.advance(us);
        self.settle(events);
    }

    /// Look-ahead only, never an action of the game: the seat to move lets the others act
    /// as if it had made a move that changes nothing (a "null move"). Its turn ends as after
    /// a move (its standing check lapses, e.p. squares expire) and the next seat's turn is
    /// judged; passes (§5.3) are not counted.
    pub fn null_move(&mut self, events: &mut Vec<Event>) {
        if self.end.is_some() || self.is_paused() {
            return;
        }
        let us = self.pos.turn();
        self.checks[us.index()] = 0;
        self.lapse_checks();
        self.advance(us);
        self.settle(events);
    }

    /// Drops standing checks that lapsed (§4.4): the checker no longer attacks the king, or
    /// either player stopped Playing.
    pub(super) fn lapse_checks(&mut self) {
        for v in SEATS {
            for x in SEATS {
                let bit = 1 << x.0;
                if self.checks[v.index()] & bit != 0
                    && (self.seat(v) != Playing || !self.attacks_king(x, v))
                {
                    self.checks[v.index()] &= !bit;
                }
            }
        }
    }

    /// Hands the turn to the next Playing seat clockwise after `from` (§2.1). Every seat play
    /// reaches, skipped or not, loses its e.p. square (§3.4).
    fn advance(&mut self, from: Side) {
        let mut round = self.pos.fullmove_number();
        let mut s = from;
        for _ in 0..4 {
            s = s.next(4);
            if s == self.rules.first {
                round = round.saturating_add(1);
            }
            if self.rules.en_passant == EpWindow::UntilReturn {
                self.pos.set_ep_square(s, None);
            }
            if self.seat(s) == Playing {
                break;
            }
        }
        if self.rules.en_passant == EpWindow::NextPlayer {
            for other in SEATS.into_iter().filter(|&o| o != from) {
                self.pos.set_ep_square(other, None);
            }
        }
        self.pos.set_turn(s);
        self.pos.set_clocks(self.pos.halfmove_clock(), round);
    }

    /// Judges the start of the turn (§4.6, §5.3): mates, passes and eliminations happen here,
    /// repeatedly, until a seat has a move, the game ends or play pauses.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>) {
        // Each round of the loop ends a turn or the game, so 8 rounds always suffice.
        for _ in 0..8 {
            if self.end.is_some() || self.is_paused() {
                return;
            }
            let c = self.pos.turn();
            if self.seat(c) != Playing {
                self.advance(c);
                continue;
            }
            if !self.legal_moves().is_empty() {
                return;
            }
            match self.standing_checkers(c) {
                0 => {
                    let two_left = self.in_game().count_ones() <= 2;
                    match self.rules.stalemate {
                        StalemateRule::Pass if !two_left => {
                            events.push(Event::Passed(c));
                            self.passes = self.passes.saturating_add(1);
                            if self.passes as u32 >= self.live_seats().count_ones() {
                                self.finish_draw(EndReason::AllPassed, events);
                            }
                        }
                        StalemateRule::Eliminate => {
                            events.push(Event::StalemateOut(c));
                            self.eliminate(c, EndReason::StalemateElimination, events);
                        }
                        _ => self.finish_draw(EndReason::Stalemate, events),
                    }
                }
                by => {
                    events.push(Event::Mated { seat: c, by });
                    self.eliminate(c, EndReason::Checkmate, events);
                }
            }
            if self.end.is_none() {
                self.advance(c);
            }
        }
    }

    /// A player is Out (§5.1): pieces dead (or removed), standing checks by or on it lapse,
    /// and the game may be won.
    fn eliminate(&mut self, seat: Side, reason: EndReason, events: &mut Vec<Event>) {
        self.seats[seat.index()] = Seat::Out;
        self.checks[seat.index()] = 0;
        self.sync();
        self.lapse_checks();
        let in_game = self.in_game();
        let team = [0b0101u8, 0b1010]
            .into_iter()
            .find(|t| self.rules.fixed_teams && in_game & !t == 0);
        // A team wins as a team, even when one partner is Out (§7.2).
        let winners = match team {
            Some(t) => Some(t & self.rules.seats),
            None => (in_game.count_ones() <= 1).then_some(in_game),
        };
        if let Some(winners) = winners {
            self.finish(
                FamilyOutcome {
                    reason,
                    winners,
                    drawn: 0,
                    players: self.rules.seats,
                },
                events,
            );
        }
    }

    /// Ends the game with this outcome (claims, agreements and declarations come here too).
    pub fn finish(&mut self, outcome: FamilyOutcome, events: &mut Vec<Event>) {
        if self.end.is_none() {
            self.end = Some(outcome);
            events.push(Event::Ended(outcome));
        }
    }

    /// A draw shared by everyone still in.
    pub fn finish_draw(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        let outcome = FamilyOutcome {
            reason,
            winners: 0,
            drawn: self.in_game(),
            players: self.rules.seats,
        };
        self.finish(outcome, events);
    }

    /// The player goes Away (§6.2): its standing checks lapse; on its own turn it passes the
    /// turn. Eligibility is the game's business.
    pub fn set_away(&mut self, seat: Side, events: &mut Vec<Event>) -> Result<(), String> {
        self.still_on()?;
        if self.seat(seat) != Playing {
            return Err(msg::family_problem_not_playing(&words::seat(seat)));
        }
        self.seats[seat.index()] = Seat::Away;
        self.checks[seat.index()] = 0;
        self.lapse_checks();
        events.push(Event::Away(seat));
        if self.turn() == seat {
            self.advance(seat);
        }
        self.settle(events);
        Ok(())
    }

    /// The player is back (§6.4) and moves at its next turn.
    pub fn set_back(&mut self, seat: Side, events: &mut Vec<Event>) -> Result<(), String> {
        self.still_on()?;
        if self.seat(seat) != Seat::Away {
            return Err(msg::family_problem_not_away(&words::seat(seat)));
        }
        self.seats[seat.index()] = Playing;
        events.push(Event::Back(seat));
        self.settle(events);
        Ok(())
    }

    /// The player resigns and is Out (§5.1); possible at any time, for a Playing or Away
    /// player.
    pub fn resign(&mut self, seat: Side, events: &mut Vec<Event>) -> Result<(), String> {
        self.still_on()?;
        if !matches!(self.seat(seat), Playing | Seat::Away) {
            return Err(msg::family_problem_not_in_game(&words::seat(seat)));
        }
        events.push(Event::Resigned(seat));
        self.eliminate(seat, EndReason::Resignation, events);
        if self.end.is_none() && self.turn() == seat {
            self.advance(seat);
        }
        self.settle(events);
        Ok(())
    }

    fn still_on(&self) -> Result<(), String> {
        match self.end {
            Some(_) => Err(msg::family_problem_game_over().into()),
            None => Ok(()),
        }
    }
}

use Seat::Playing;
