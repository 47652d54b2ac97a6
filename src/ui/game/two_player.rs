//! What only the two-player games do (orthodox, Primary, Chess#, custom): moves with the
//! chess clock, placements from the reserve, the actions (resign, offers, claims, stop),
//! the clock's heartbeat, and how a move or the end of a game is announced.

use super::move_words::said_move;
use super::review;
use super::session::Session;
use super::state::GameState;
use crate::rules::clock::TimeControl;
use crate::rules::game::{Action, EndReason, Game, GameError, Outcome, PlayedMove};
use crate::rules::ruleset::{Mode, RuleSet};
use crate::rules::types::{Move, MoveKind, Role, Side, Square};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words::{self, Army};
use crate::ui::platform::{sound, speech, time::now_ms};

/// The clock a new game of `mode` gets unless the teacher chooses: Chess# is played with a
/// clock (10+0), the others without.
pub fn default_time_control(mode: Mode) -> Option<TimeControl> {
    if mode == Mode::Sharp {
        Some(TimeControl::minutes(10, 0))
    } else {
        None
    }
}

/// The time left under which a clock turns red: 10 seconds or a tenth of the time, whichever
/// is more.
pub fn low_time_ms(control: &TimeControl) -> u64 {
    (control.base_ms / 10).max(10_000)
}

impl GameState {
    /// A move of the live two-player game, with its clock and its announcement.
    pub(super) fn two_move(self, mv: Move) {
        // A flag that fell since the last tick comes first: that move was too late.
        if self.check_flag() {
            return;
        }
        let played = self.update_two(|g| g.play(mv).ok().cloned()).flatten();
        match played {
            Some(p) => {
                let now = now_ms();
                self.clock.update(|c| {
                    if let Some(c) = c {
                        c.press(p.side, now);
                    }
                });
                self.now.set(now);
                self.changed();
                self.announce_move(&p);
            }
            None => self.clear_selection(),
        }
    }

    /// A reserve piece released on (or tapped onto) `to`. Returns false (and changes
    /// nothing) when it may not be placed there.
    pub fn try_drop(self, role: Role, to: Square) -> bool {
        let mv = self.with_board_untracked(|b| {
            b.legal_moves()
                .into_iter()
                .find(|m| m.kind == MoveKind::Drop(role) && m.to == to)
        });
        match mv {
            Some(mv) => {
                self.play(mv);
                true
            }
            None => false,
        }
    }

    /// Resign, draw offers, claims and "Stop game". Refusals are shown in plain words.
    pub fn act(self, action: Action) {
        let result = self.update_two(|g| g.act(action)).unwrap_or(Ok(()));
        match result {
            Ok(()) => {
                // When the game ended, the result was said; otherwise an offer or an answer is.
                let ended = self.settle_action();
                let said = match action {
                    _ if ended => None,
                    Action::OfferDraw(side) => {
                        Some(msg::game_said_draw_offer(&self.label_untracked(side)))
                    }
                    Action::ProposeFastFifty(side) => {
                        Some(msg::game_said_fast_fifty(&self.label_untracked(side)))
                    }
                    Action::RejectFastFifty => Some(msg::game_said_fast_fifty_rejected().into()),
                    _ => None,
                };
                if let Some(text) = said {
                    self.say(text);
                }
            }
            // A refused stalemate claim is the player's judgement, not a mistake of the app:
            // it gets its own box, and the game goes on.
            Err(GameError::NotAllowed(why)) if action == Action::ClaimStalemate => {
                let text = capitalise(&why);
                self.say(text.clone());
                self.claim_refused.set(Some(text));
            }
            Err(e) => self.show_message(capitalise(&e.to_string())),
        }
    }

    /// After an action the game took: saved and redrawn, and the result said if it ended the
    /// game. True when it did.
    pub(super) fn settle_action(self) -> bool {
        self.changed();
        match self.with_two_untracked(|g| g.outcome()).flatten() {
            Some(o) => {
                self.announce_end(o, None);
                true
            }
            None => false,
        }
    }

    /// Changes the rules of the two-player game in progress. The moves played so far are
    /// replayed under the new rules; if one of them would not be legal any more (e.g.
    /// castling already happened), nothing changes and the reason is shown.
    pub fn change_rules(self, what: &str, f: impl FnOnce(&mut RuleSet)) {
        let Some(mut record) = self.with_two_untracked(|g| g.to_record()) else {
            return;
        };
        let before = record.rules.clone();
        f(&mut record.rules);
        if record.rules == before {
            return;
        }
        match Game::from_record(&record) {
            Ok(game) => {
                self.session.set(Session::Two(game));
                self.epoch.update(|e| *e = e.wrapping_add(1));
                self.save();
                self.show_message(msg::game_rules_changed(&what));
            }
            Err(e) => self.show_message(msg::game_rules_change_refused(&e)),
        }
    }

    /// Takes back the last move of a two-player game; the clock follows.
    pub(super) fn two_take_back(self) -> bool {
        let Some(p) = self.update_two(Game::undo).flatten() else {
            return false;
        };
        let now = now_ms();
        // The clock starts with the first move: back at the start, it waits again.
        let started = self
            .with_two_untracked(|g| !g.moves().is_empty())
            .unwrap_or(false);
        self.clock.update(|c| match c {
            Some(c) if started => c.start(p.side, now),
            Some(c) => c.stop(now),
            None => {}
        });
        self.now.set(now);
        self.result_closed.set(false);
        self.changed();
        review::reset(self);
        self.say(msg::game_said_taken_back(&p.san, &words::side(p.side)));
        true
    }

    /// The time control of the current game (`None`: untimed).
    pub fn time_control(self) -> Option<TimeControl> {
        self.clock.with_untracked(|c| c.as_ref().map(|c| c.control))
    }

    /// Whether the clock should be ticking: a timed game that is not over.
    pub fn clock_live(self) -> bool {
        self.clock.with(|c| c.is_some()) && self.session.with(|s| !s.is_over())
    }

    /// If the running side's time is up, ends the game on time. True when it did.
    fn check_flag(self) -> bool {
        if self.session.with_untracked(|s| s.is_over()) {
            return false;
        }
        let now = now_ms();
        let flagged = self
            .clock
            .with_untracked(|c| c.as_ref().and_then(|c| c.flagged(now)));
        match flagged {
            Some(side) => {
                self.now.set(now);
                self.update_two(|g| g.flag(side));
                self.settle_action();
                true
            }
            None => false,
        }
    }

    /// One clock tick (every 100 ms while a timed game is on): updates the time shown, ends
    /// the game when a flag falls, warns when time is short and saves now and then, so a
    /// reload does not give back much time.
    pub fn tick(self) {
        if !self.clock.with_untracked(|c| c.is_some()) {
            return;
        }
        let now = now_ms();
        self.now.set(now);
        if self.check_flag() || self.session.with_untracked(|s| s.is_over()) {
            return;
        }
        let Some((running, left, low)) = self.clock.with_untracked(|c| {
            let c = c.as_ref()?;
            let running = c.running().filter(|_| !c.is_paused());
            let left = running.map_or(0, |s| c.remaining(s, now));
            Some((running, left, low_time_ms(&c.control)))
        }) else {
            return;
        };
        if running.is_none() {
            return;
        }
        // Low time: one tick as the clock turns red, then one a second in the last ten.
        if left < low {
            let second = left / 1000;
            let mark = if left < 10_000 { second } else { u64::MAX };
            if self.low_tick.get_value() != Some(mark) {
                let first = self.low_tick.get_value().is_none();
                self.low_tick.set_value(Some(mark));
                if (first || left < 10_000) && self.settings.with_untracked(|s| s.sound) {
                    sound::tick();
                }
            }
        } else {
            self.low_tick.set_value(None);
        }
        if now - self.clock_saved_at.get_value() > 5_000.0 {
            self.save();
        }
    }

    /// Pauses or resumes the clock. While paused the board is locked and covered.
    pub fn toggle_pause(self) {
        if self.session.with_untracked(|s| s.is_over()) {
            return;
        }
        let now = now_ms();
        let mut paused = false;
        self.clock.update(|c| {
            if let Some(c) = c {
                if c.is_paused() {
                    c.resume(now);
                } else {
                    c.pause(now);
                    paused = true;
                }
            }
        });
        self.now.set(now);
        if paused {
            self.clear_hands();
        }
        self.say(
            if paused {
                msg::game_said_clock_paused()
            } else {
                msg::game_said_clock_running()
            }
            .into(),
        );
        self.save();
    }

    /// The move in words, as a screen reader says it: "White knight from g1 to f3."
    fn move_words(self, p: &PlayedMove) -> String {
        self.session.with_untracked(|s| {
            // After the move the piece stands on `to` (a promoted pawn as its new piece).
            let role = s.piece_at(p.mv.to).map_or(Role::Pawn, |q| q.role);
            said_move(s, Army::of_side(p.side), p.mv, role, p.captured)
        })
    }

    fn announce_move(self, p: &PlayedMove) {
        let Some((outcome, mate_hint)) =
            self.with_two_untracked(|g| (g.outcome(), g.is_checkmate()))
        else {
            return;
        };
        let moved = self.move_words(p);
        let defender = Side(1 - p.side.0);
        let flipped = self.settings.with_untracked(|s| s.face_to_face()) && defender == Side::BLACK;
        if let Some(o) = outcome {
            if o.reason == EndReason::Checkmate {
                self.show_banner(
                    msg::game_checkmate_exclaim(),
                    msg::game_banner_wins(&self.label_untracked(p.side)),
                    flipped,
                    true,
                );
            }
            self.announce_end(o, Some(moved));
            return;
        }
        if !p.gives_check {
            self.say(moved);
            return;
        }
        let detail = msg::game_king_attacked(&words::side(defender));
        let hints = self.settings.with_untracked(|s| s.hints);
        let text = if hints && mate_hint {
            msg::game_said_check_mate(&detail)
        } else {
            msg::game_said_check(&detail)
        };
        self.show_banner(msg::game_check_exclaim(), detail, flipped, false);
        self.say(format!("{moved} {text}"));
        self.alert(msg::game_check_exclaim());
    }

    /// Sound and/or speech for a check, as the settings allow.
    pub fn alert(self, words: &str) {
        let s = self.settings.get_untracked();
        if s.sound {
            sound::check();
        }
        if s.speech {
            speech::speak(words);
        }
    }

    /// The result said (after the move that ended the game, when one did).
    fn announce_end(self, o: Outcome, moved: Option<String>) {
        let text = if o.reason == EndReason::Checkmate {
            msg::game_said_checkmate(&self.winner_text(&o))
        } else {
            msg::game_said_game_over(&self.winner_text(&o), &capitalise(&self.reason_text(&o)))
        };
        self.say(match moved {
            Some(moved) => format!("{moved} {text}"),
            None => text,
        });
        let s = self.settings.get_untracked();
        if s.sound {
            sound::game_over();
        }
        if s.speech {
            speech::speak(if o.reason == EndReason::Checkmate {
                msg::game_checkmate_exclaim()
            } else {
                msg::game_game_over()
            });
        }
    }

    /// "White wins!" / "Anna (Black) wins!" / "It's a draw!"; Chess#'s partial results:
    /// "Black stalemated White", "Impasse — White has more material", "Impasse — equal
    /// material".
    pub fn winner_text(self, o: &Outcome) -> String {
        match (o.reason, o.winner) {
            (EndReason::StalemateClaim, Some(side)) => {
                msg::game_stalemated(&self.label(side), &self.label(Side(1 - side.0)))
            }
            (EndReason::Impasse | EndReason::FastFifty, Some(side)) => {
                msg::game_impasse_more_material(&self.label(side))
            }
            (EndReason::Impasse | EndReason::FastFifty, None) => msg::game_impasse_equal().into(),
            (_, Some(side)) => msg::game_wins(&self.label(side)),
            (_, None) => msg::game_draw().into(),
        }
    }

    /// Why the game ended, in plain words (lower case first letter, like the core's).
    pub fn reason_text(self, o: &Outcome) -> String {
        let loser = o.winner.map(|w| Side(1 - w.0));
        match (o.reason, loser) {
            (EndReason::Timeout, Some(l)) => msg::game_time_ran_out(&self.label(l)),
            (EndReason::Resignation, Some(l)) => msg::game_resigned(&self.label(l)),
            (EndReason::StalemateClaim, Some(l)) => msg::game_claimed_stalemate(&self.label(l)),
            _ => o.reason.words().to_string(),
        }
    }
}
