//! A whole family game: the states after each action (undo, repetition), the move records,
//! the players' ages and eligibility (§6.1), alliances (§7.1), draws and claims (§5.5–5.6),
//! the supervisor's powers (§8.12), the log of toggle changes (§8) and the saved form.

use super::notation::{machine, parse_move};
use super::options::{Eligibility, FamilyRules};
use super::state::{EndReason, Event, FamilyOutcome, FamilyState};
use super::text::{parse_position, write_position};
use super::{parse_seat, seat_letter, seat_name, SEATS};
use crate::rules::bitboard::Bits;
use crate::rules::movegen::MoveList;
use crate::rules::types::{Move, Role, Side};
use crate::text::{msg, words};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the supervisor knows about a player (§6.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub age: Option<u8>,
    /// Ticked as eligible to go Away by hand.
    pub ticked: bool,
}

/// The saved form of a family game: the start, then every action in order, replayed on
/// loading (`version` guards the format).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FamilyRecord {
    pub version: u32,
    /// Position text of the start, before its first turn was judged.
    pub start: String,
    /// Actions as [`FamilyGame::apply_action`] reads them.
    pub actions: Vec<String>,
    pub players: [PlayerInfo; 4],
}

pub const FAMILY_RECORD_VERSION: u32 = 1;

/// A family game.
#[derive(Clone, Debug)]
pub struct FamilyGame {
    state: FamilyState,
    start: String,
    /// Before each undoable action: the state and how many events and actions there were.
    history: Vec<(FamilyState, usize, usize)>,
    /// Indices into `history` by [`FamilyState::repetition_hash`], so a repetition is found
    /// by key instead of by comparing with every earlier state.
    by_key: BTreeMap<u64, Vec<u32>>,
    events: Vec<Event>,
    actions: Vec<String>,
    log: Vec<String>,
    /// Each toggle change as (events before it, key, old value, new value), so the move
    /// list can show it between the moves where it happened.
    changes: Vec<(usize, &'static str, String, String)>,
    players: [PlayerInfo; 4],
    /// Declared alliances, one bit per pair of seats (§7.1).
    alliances: u16,
}

/// Options that only shape the start position (§2.3, §2.5, §8.11).
const SETUP_KEYS: [&str; 3] = ["seats", "first", "far-right-pawn"];

/// One bit per unordered pair of seats.
fn pair_bit(a: Side, b: Side) -> u16 {
    let (lo, hi) = (a.0.min(b.0) & 3, a.0.max(b.0) & 3);
    1 << (lo * 4 + hi)
}

impl FamilyGame {
    /// A new game from the start position of these rules.
    pub fn new(rules: FamilyRules) -> FamilyGame {
        FamilyGame::from_state(FamilyState::start(rules))
    }

    /// A game from a state, judging the start of the first turn (a stalemated or mated
    /// seat to move passes or is out at once).
    pub fn from_state(mut state: FamilyState) -> FamilyGame {
        let start = write_position(&state);
        let mut events = Vec::new();
        state.settle(&mut events);
        let mut game = FamilyGame {
            state,
            start,
            history: Vec::new(),
            by_key: BTreeMap::new(),
            events,
            actions: Vec::new(),
            log: Vec::new(),
            changes: Vec::new(),
            players: [PlayerInfo::default(); 4],
            alliances: 0,
        };
        game.automatic_draws();
        game
    }

    /// A game from a position text (see [`super::text`]).
    pub fn from_text(text: &str) -> Result<FamilyGame, String> {
        Ok(FamilyGame::from_state(parse_position(text)?))
    }

    /// The command line's way in: an optional position text, then `key=value` options on top.
    pub fn setup(text: Option<&str>, options: &str) -> Result<FamilyGame, String> {
        match text {
            None => {
                let mut rules = FamilyRules::default();
                rules.apply(options)?;
                Ok(FamilyGame::new(rules))
            }
            Some(t) => {
                let mut state = parse_position(t)?;
                let mut rules = *state.rules();
                rules.apply(options)?;
                if rules.seats != state.rules().seats {
                    return Err(msg::family_problem_seats_from_position().into());
                }
                state.rules = rules;
                state.sync();
                Ok(FamilyGame::from_state(state))
            }
        }
    }

    // ---- reading ----

    pub fn state(&self) -> &FamilyState {
        &self.state
    }
    pub fn rules(&self) -> &FamilyRules {
        self.state.rules()
    }
    pub fn turn(&self) -> Side {
        self.state.turn()
    }
    pub fn outcome(&self) -> Option<FamilyOutcome> {
        self.state.outcome()
    }
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    pub fn is_paused(&self) -> bool {
        self.state.is_paused()
    }
    pub fn legal_moves(&self) -> MoveList {
        self.state.legal_moves()
    }
    /// Everything that happened, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The move record lines (§1.4): `r: e2-e4`, `b: --`, ...
    pub fn records(&self) -> Vec<String> {
        self.events.iter().filter_map(Event::text).collect()
    }
    /// The move record lines with each toggle change (§8) as its own line where it happened:
    /// `r: e2-e4`, `— Supervisor: checks manual -> auto`, `b: a7-a6`.
    pub fn record_lines(&self) -> Vec<String> {
        self.record_entries()
            .into_iter()
            .map(|(line, _)| line)
            .collect()
    }

    /// [`FamilyGame::record_lines`], each with the number of actions (see
    /// [`FamilyGame::undo_depth`]) after which the position shows that line's event; a
    /// supervisor's change has none (it changes rules, not the position).
    pub fn record_entries(&self) -> Vec<(String, Option<usize>)> {
        // The action an event belongs to: the last history entry begun at or before it.
        let action_of = |event: usize| self.history.iter().rposition(|h| h.1 <= event);
        let mut out = Vec::new();
        let mut changes = self.changes.iter().peekable();
        let supervisor = |(_, key, old, new): &(usize, &str, String, String)| {
            (msg::family_problem_supervisor_line(key, old, new), None)
        };
        for (i, e) in self.events.iter().enumerate() {
            while let Some(c) = changes.next_if(|c| c.0 <= i) {
                out.push(supervisor(c));
            }
            if let Some(line) = e.text() {
                out.push((line, Some(action_of(i).map_or(0, |a| a + 1))));
            }
        }
        out.extend(changes.map(supervisor));
        out
    }

    /// How many actions (moves, away, back, resignations, agreements) can be taken back.
    pub fn undo_depth(&self) -> usize {
        self.history.len()
    }

    /// The game as it stood after `depth` actions (for looking back); the toggles stay.
    pub fn truncated(&self, depth: usize) -> FamilyGame {
        let mut g = self.clone();
        while g.undo_depth() > depth && g.undo().is_some() {}
        g
    }

    /// Toggle changes, each with when it happened (§8).
    pub fn log(&self) -> &[String] {
        &self.log
    }
    pub fn text(&self) -> String {
        write_position(&self.state)
    }
    pub fn player(&self, seat: Side) -> PlayerInfo {
        self.players[seat.index() & 3]
    }
    pub fn allied(&self, a: Side, b: Side) -> bool {
        a != b && self.alliances & pair_bit(a, b) != 0
    }

    // ---- playing ----

    /// Runs one undoable action on a copy of the state; on success keeps it, its events and
    /// its saved text.
    fn act(
        &mut self,
        action: String,
        f: impl FnOnce(&mut FamilyState, &mut Vec<Event>) -> Result<(), String>,
    ) -> Result<&[Event], String> {
        let before = (self.state, self.events.len(), self.actions.len());
        let mut next = self.state;
        let mut new_events = Vec::new();
        f(&mut next, &mut new_events)?;
        self.push_history(before);
        self.state = next;
        self.events.extend(new_events);
        self.actions.push(action);
        self.automatic_draws();
        Ok(&self.events[before.1..])
    }

    /// Plays a legal move; `call` is the mover's "Check!" (§4.3). Returns what happened,
    /// including passes, mates and the end that followed.
    pub fn play(&mut self, m: Move, call: bool) -> Result<&[Event], String> {
        let text = machine(self.state.position(), m) + if call { "+" } else { "" };
        self.act(text, |s, ev| s.play(m, call, ev))
    }

    /// Plays a move written as a record (`r: e2-e4+`) or in machine form (`e2e4+`).
    pub fn play_text(&mut self, text: &str) -> Result<&[Event], String> {
        if self.is_over() {
            return Err(msg::family_problem_game_over().into());
        }
        let (m, call) = parse_move(&self.state, text)?;
        self.play(m, call)
    }

    /// Whether a player may go Away (§6.1): rule 4 on, and old enough a gap or ticked.
    pub fn is_eligible(&self, seat: Side) -> bool {
        let info = self.player(seat);
        if !self.rules().absence {
            return false;
        }
        match self.rules().eligibility {
            Eligibility::Anyone => true,
            Eligibility::ByHand => info.ticked,
            Eligibility::AgeGap(gap) => {
                let oldest = self.players.iter().filter_map(|p| p.age).max();
                info.ticked
                    || matches!((oldest, info.age), (Some(o), Some(a)) if o >= a.saturating_add(gap))
            }
        }
    }

    /// A player goes Away (§6.2). The supervisor (`by_supervisor`) may send anyone.
    pub fn away(&mut self, seat: Side, by_supervisor: bool) -> Result<&[Event], String> {
        if !by_supervisor {
            if !self.rules().absence {
                return Err(msg::family_problem_absence_off().into());
            }
            let name = words::seat(seat);
            if !self.is_eligible(seat) {
                return Err(match self.rules().eligibility {
                    Eligibility::AgeGap(gap) => {
                        msg::family_problem_may_not_leave(&name, gap.into())
                    }
                    _ => msg::family_problem_may_not_leave_unticked(&name),
                });
            }
            if !self.rules().leave_in_check && self.state.standing_check(seat).is_some() {
                return Err(msg::family_problem_leave_in_check(&name));
            }
        }
        let word = if by_supervisor { "send-away" } else { "away" };
        let text = format!("{word} {}", seat_letter(seat));
        self.act(text, |s, ev| s.set_away(seat, ev))
    }

    /// An Away player comes back (§6.4).
    pub fn back(&mut self, seat: Side) -> Result<&[Event], String> {
        self.act(format!("back {}", seat_letter(seat)), |s, ev| {
            s.set_back(seat, ev)
        })
    }

    pub fn resign(&mut self, seat: Side) -> Result<&[Event], String> {
        self.act(format!("resign {}", seat_letter(seat)), |s, ev| {
            s.resign(seat, ev)
        })
    }

    pub fn set_player(&mut self, seat: Side, info: PlayerInfo) {
        self.players[seat.index() & 3] = info;
    }

    /// Declares or breaks an alliance; it changes no rule (§7.1).
    pub fn set_alliance(&mut self, a: Side, b: Side, allied: bool) -> Result<(), String> {
        if a == b {
            return Err(msg::family_problem_ally_self().into());
        }
        if allied {
            self.alliances |= pair_bit(a, b);
        } else {
            self.alliances &= !pair_bit(a, b);
        }
        let word = if allied { "ally" } else { "unally" };
        self.actions
            .push(format!("{word} {} {}", seat_letter(a), seat_letter(b)));
        Ok(())
    }

    /// All players still in, allied with each other, agree to stop and share the win (§5.5).
    pub fn share_win(&mut self) -> Result<&[Event], String> {
        let in_game = self.state.in_game();
        let seats: Vec<Side> = SEATS
            .into_iter()
            .filter(|s| in_game & (1 << s.0) != 0)
            .collect();
        let all_allied = seats
            .iter()
            .all(|&a| seats.iter().all(|&b| a == b || self.allied(a, b)));
        if !all_allied {
            return Err(msg::family_problem_share_win_allies().into());
        }
        self.act("share-win".into(), |s, ev| {
            let outcome = FamilyOutcome {
                reason: EndReason::SharedWin,
                winners: in_game,
                drawn: 0,
                players: s.rules.seats,
            };
            s.finish(outcome, ev);
            Ok(())
        })
    }

    /// Everyone still in agreed to a draw (§5.6).
    pub fn agree_draw(&mut self) -> Result<&[Event], String> {
        self.ended(EndReason::Agreement)
    }

    /// The supervisor declares the result: `winners` as a seat mask, 0 for a draw (§8.12).
    pub fn declare(&mut self, winners: u8) -> Result<&[Event], String> {
        let letters: String = SEATS
            .iter()
            .filter(|s| winners & (1 << s.0) != 0)
            .map(|&s| seat_letter(s))
            .collect();
        let text = format!(
            "declare {}",
            if letters.is_empty() { "-" } else { &letters }
        );
        self.act(text, |s, ev| {
            let outcome = FamilyOutcome {
                reason: EndReason::Declared,
                winners: winners & s.rules.seats,
                drawn: if winners == 0 { s.in_game() } else { 0 },
                players: s.rules.seats,
            };
            s.finish(outcome, ev);
            Ok(())
        })
    }

    fn ended(&mut self, reason: EndReason) -> Result<&[Event], String> {
        if self.is_over() {
            return Err(msg::family_problem_game_over().into());
        }
        let text = match reason {
            EndReason::Agreement => "agree-draw",
            _ => "claim-draw",
        };
        self.act(text.into(), |s, ev| {
            s.finish_draw(reason, ev);
            Ok(())
        })
    }

    // ---- draws (§5.6) ----

    /// How many times the current position has stood: same pieces, mover, castling, e.p.,
    /// statuses and standing checks.
    pub fn repetitions(&self) -> usize {
        let now = &self.state;
        let earlier = self
            .by_key
            .get(&now.repetition_hash())
            .into_iter()
            .flatten()
            .filter_map(|&i| self.history.get(i as usize))
            .filter(|(s, _, _)| same_position(s, now))
            .count();
        earlier + 1
    }

    fn push_history(&mut self, entry: (FamilyState, usize, usize)) {
        let index = self.history.len() as u32;
        self.by_key
            .entry(entry.0.repetition_hash())
            .or_default()
            .push(index);
        self.history.push(entry);
    }

    fn pop_history(&mut self) -> Option<(FamilyState, usize, usize)> {
        let entry = self.history.pop()?;
        let key = entry.0.repetition_hash();
        if let Some(list) = self.by_key.get_mut(&key) {
            list.pop();
            if list.is_empty() {
                self.by_key.remove(&key);
            }
        }
        Some(entry)
    }

    /// 50 (75) rounds: as many moves without a capture or pawn move per Playing player.
    fn quiet_rounds(&self) -> u32 {
        let players = self.state.live_seats().count_ones().max(1);
        self.state.position().halfmove_clock() as u32 / players
    }

    /// The draw that may be claimed now, if any.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.is_over() {
            None
        } else if self.repetitions() >= 3 {
            Some(EndReason::ThreefoldRepetition)
        } else if self.quiet_rounds() >= 50 {
            Some(EndReason::FiftyRounds)
        } else {
            None
        }
    }

    pub fn claim_draw(&mut self) -> Result<&[Event], String> {
        match self.claimable_draw() {
            Some(reason) => self.ended(reason),
            None => Err(msg::family_problem_no_draw_to_claim().into()),
        }
    }

    fn automatic_draws(&mut self) {
        if self.is_over() {
            return;
        }
        let reason = if self.repetitions() >= 5 {
            Some(EndReason::FivefoldRepetition)
        } else if self.quiet_rounds() >= 75 {
            Some(EndReason::SeventyFiveRounds)
        } else if self.insufficient_material() {
            Some(EndReason::InsufficientMaterial)
        } else {
            None
        };
        if let Some(r) = reason {
            let mut ev = Vec::new();
            self.state.finish_draw(r, &mut ev);
            self.events.extend(ev);
        }
    }

    /// Two left and neither can mate: K v K, K+minor v K, K+B v K+B on one colour.
    fn insufficient_material(&self) -> bool {
        let in_game = self.state.in_game();
        if in_game.count_ones() != 2 {
            return false;
        }
        let pos = self.state.position();
        let mut minors = Vec::new();
        for seat in SEATS.into_iter().filter(|s| in_game & (1 << s.0) != 0) {
            let own = pos.side_pieces(seat);
            let kings_minors = pos.pieces(seat, Role::King)
                | pos.pieces(seat, Role::Knight)
                | pos.pieces(seat, Role::Bishop);
            if own != kings_minors {
                return false;
            }
            minors.extend(
                (own & !pos.pieces(seat, Role::King))
                    .squares()
                    .map(|s| (pos.role_at(s), pos.geo.is_light(s))),
            );
        }
        match minors.as_slice() {
            [] | [_] => true,
            [(Some(Role::Bishop), a), (Some(Role::Bishop), b)] => a == b,
            _ => false,
        }
    }

    // ---- supervisor ----

    /// Changes one toggle (§8), mid-game too; the change is logged and the current turn is
    /// judged again under the new rules.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        if SETUP_KEYS.contains(&key) {
            return Err(msg::family_problem_option_before_start(&key));
        }
        let mut rules = *self.rules();
        rules.set(key, value)?;
        self.set_rules(rules);
        Ok(())
    }

    /// Replaces the toggles, logging each change. The setup-only ones (seats, first seat,
    /// far-right pawn) keep their values.
    pub fn set_rules(&mut self, rules: FamilyRules) {
        let current = *self.rules();
        let rules = FamilyRules {
            seats: current.seats,
            first: current.first,
            far_right_pawn_removed: current.far_right_pawn_removed,
            ..rules
        };
        let changes = self.rules().differences(&rules);
        if changes.is_empty() {
            return;
        }
        // The change log is for tests and tools, in English; the app shows the record lines.
        let when = format!(
            "round {}, {} to move",
            self.state.round(),
            seat_name(self.turn())
        );
        for (key, old, new) in changes {
            self.log.push(format!("{when}: {key} {old} -> {new}"));
            self.changes
                .push((self.events.len(), key, old.clone(), new.clone()));
            self.actions.push(format!("option {key}={new}"));
        }
        let mut ev = Vec::new();
        self.state.set_rules(rules, &mut ev);
        self.events.extend(ev);
    }

    /// Takes back the last action (move, away, back, resignation, agreement); the current
    /// toggles stay.
    pub fn undo(&mut self) -> Option<()> {
        let (state, events, actions) = self.pop_history()?;
        let rules = *self.rules();
        self.state = state;
        self.events.truncate(events);
        // Only the undone action goes; alliances and option changes made since stay.
        if actions < self.actions.len() {
            self.actions.remove(actions);
        }
        let mut ev = Vec::new();
        self.state.set_rules(rules, &mut ev);
        self.events.extend(ev);
        Some(())
    }

    // ---- saving ----

    /// Carries out one saved action: a move in machine form (`e2e4`, `e2e4+`), `away b`,
    /// `send-away b` (by the supervisor), `back b`, `resign b`, `ally r y`, `unally r y`,
    /// `share-win`, `agree-draw`, `claim-draw`, `declare ry` (`declare -` for a draw) or
    /// `option key=value`.
    pub fn apply_action(&mut self, action: &str) -> Result<(), String> {
        let words: Vec<&str> = action.split_whitespace().collect();
        let seat = |i: usize| -> Result<Side, String> {
            let w = words
                .get(i)
                .ok_or_else(|| msg::family_problem_action_needs_seat(&action))?;
            parse_seat(w).ok_or_else(|| msg::family_problem_not_seat(w))
        };
        match words.first().copied().unwrap_or("") {
            "away" => self.away(seat(1)?, false).map(|_| ()),
            "send-away" => self.away(seat(1)?, true).map(|_| ()),
            "back" => self.back(seat(1)?).map(|_| ()),
            "resign" => self.resign(seat(1)?).map(|_| ()),
            "ally" => self.set_alliance(seat(1)?, seat(2)?, true),
            "unally" => self.set_alliance(seat(1)?, seat(2)?, false),
            "share-win" => self.share_win().map(|_| ()),
            "agree-draw" => self.agree_draw().map(|_| ()),
            "claim-draw" => self.claim_draw().map(|_| ()),
            "declare" => {
                let mut winners = 0u8;
                for c in words
                    .get(1)
                    .copied()
                    .unwrap_or("-")
                    .chars()
                    .filter(|&c| c != '-')
                {
                    winners |= 1
                        << parse_seat(&c.to_string())
                            .ok_or_else(|| msg::family_problem_not_seat(&c))?
                            .0;
                }
                self.declare(winners).map(|_| ())
            }
            "option" => {
                let word = words.get(1).copied().unwrap_or("");
                let (k, v) = word
                    .split_once('=')
                    .ok_or_else(|| msg::family_problem_action_option_form(&action))?;
                self.set_option(k, v)
            }
            _ => self.play_text(action).map(|_| ()),
        }
    }

    pub fn to_record(&self) -> FamilyRecord {
        FamilyRecord {
            version: FAMILY_RECORD_VERSION,
            start: self.start.clone(),
            actions: self.actions.clone(),
            players: self.players,
        }
    }

    /// Rebuilds a game by replaying its record; any inconsistency is an error, never a panic.
    pub fn from_record(record: &FamilyRecord) -> Result<FamilyGame, String> {
        if record.version != FAMILY_RECORD_VERSION {
            return Err(msg::family_problem_saved_version(
                &record.version,
                &FAMILY_RECORD_VERSION,
            ));
        }
        let mut game = FamilyGame::from_text(&record.start)
            .map_err(|e| msg::family_problem_saved_start(&e))?;
        game.players = record.players;
        for (i, action) in record.actions.iter().enumerate() {
            game.apply_action(action)
                .map_err(|e| msg::family_problem_saved_action(&(i + 1), action, &e))?;
        }
        Ok(game)
    }
}

fn same_position(a: &FamilyState, b: &FamilyState) -> bool {
    let (p, q) = (a.position(), b.position());
    p.turn() == q.turn()
        && Role::ALL
            .iter()
            .all(|&r| p.role_pieces(r) == q.role_pieces(r))
        && SEATS.iter().all(|&s| {
            p.side_pieces(s) == q.side_pieces(s)
                && p.ep_square(s) == q.ep_square(s)
                && a.seat(s) == b.seat(s)
                && a.standing_checkers(s) == b.standing_checkers(s)
        })
        && p.castling_rights() == q.castling_rights()
}
