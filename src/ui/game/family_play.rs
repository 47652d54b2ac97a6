//! What only Fun Family Chess does (FAMILY.md): every change of the game goes through
//! [`GameState::family_change`], which saves it and announces what happened (new checks big
//! on the board and in words, passes, mates, players leaving and coming back); moves carry
//! the mover's "Check!" call; the player who just moved may still call the check their move
//! gave until the next player touches anything.

use super::family_seam::{FamilyBox, FamilyPlay};
use super::move_words::said_move;
use super::session::Session;
use super::state::GameState;
use crate::rules::family::{Event, FamilyGame, FamilyOutcome, SEATS};
use crate::rules::types::{Move, Role, Side};
use crate::saves::game::Computer;
use crate::text::msg;
use crate::text::words::{self, Army};
use std::fmt::Display;

/// "Blue's king is in check (called by Red)".
pub fn check_text(victim: Side, by: Side) -> String {
    msg::family_check_called(&words::seat(victim), &words::seat(by))
}

/// Joins parts left to right with a message of two (`msg::family_and`: "Red and Blue and
/// Green"), so each language says its own "and" and punctuation; no parts make "".
pub fn join<S: Display>(
    parts: impl IntoIterator<Item = S>,
    pair: fn(&dyn Display, &dyn Display) -> String,
) -> String {
    parts
        .into_iter()
        .map(|p| p.to_string())
        .reduce(|first, next| pair(&first, &next))
        .unwrap_or_default()
}

/// The seats of a mask, "Red and Blue".
pub fn seats_and(mask: u8) -> String {
    join(
        SEATS
            .into_iter()
            .filter(|s| mask & (1 << s.0) != 0)
            .map(words::seat),
        msg::family_and,
    )
}

impl GameState {
    /// "Red wins", "Red and Yellow win", "It is a draw".
    pub fn family_outcome_title(self, o: &FamilyOutcome) -> String {
        if o.is_draw() {
            return msg::family_draw().into();
        }
        let winners: Vec<String> = SEATS
            .into_iter()
            .filter(|s| o.winners & (1 << s.0) != 0)
            .map(|s| self.label(s))
            .collect();
        match winners.len() {
            1 => msg::family_wins(&winners[0]),
            _ => msg::family_win_together(&join(winners, msg::family_and)),
        }
    }

    /// What the live region says about an event (moves themselves are not spoken).
    fn event_text(self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::Moved { .. } => return None,
            Event::Passed(s) => msg::family_passed(&words::seat(s)),
            Event::Mated { seat, by } => msg::family_mated(&words::seat(seat), &seats_and(by)),
            Event::StalemateOut(s) => msg::family_stalemated(&words::seat(s)),
            Event::Resigned(s) => msg::family_resigned(&words::seat(s)),
            Event::Away(s) => msg::family_away(&words::seat(s)),
            Event::Back(s) => msg::family_back_again(&words::seat(s)),
            Event::Ended(o) => msg::family_game_over(&self.family_outcome_title(&o)),
        })
    }

    /// Runs a change of the Fun Family game; on success saves it and announces new checks
    /// and events. A refusal is shown in plain words and changes nothing.
    pub fn family_change(self, f: impl FnOnce(&mut dyn FamilyPlay) -> Result<(), String>) -> bool {
        self.family_change_after(None, f)
    }

    /// [`Self::family_change`] on the core's game itself: for the family part only.
    pub fn family_edit(self, f: impl FnOnce(&mut FamilyGame) -> Result<(), String>) -> bool {
        self.family_change_after(None, |g| f(g.game_mut()))
    }

    /// [`Self::family_change`], saying `said` (the move in words) before what it brought.
    fn family_change_after(
        self,
        said: Option<String>,
        f: impl FnOnce(&mut dyn FamilyPlay) -> Result<(), String>,
    ) -> bool {
        let Some(before) = self
            .session
            .with_untracked(|s| s.family().map(|g| g.clone_box()))
        else {
            return false;
        };
        let mut next = before.clone();
        if let Err(e) = f(next.as_mut()) {
            self.message.set(Some(e));
            return false;
        }
        let old_checks = before.standing();
        let fresh: Vec<(Side, Side)> = next
            .standing()
            .into_iter()
            .filter(|c| !old_checks.contains(c))
            .collect();
        let same = before
            .events()
            .iter()
            .zip(next.events())
            .take_while(|(a, b)| **a == **b)
            .count();
        let new_events: Vec<Event> = next.events()[same.min(next.events().len())..].to_vec();
        let over = next.is_over();
        self.session.set(Session::Family(next));
        self.selected.set(None);
        self.drag.set(None);
        self.message.set(None);
        self.epoch.update(|e| *e = e.wrapping_add(1));
        let mut words: Vec<String> = fresh.iter().map(|&(v, by)| check_text(v, by)).collect();
        let mated = new_events.iter().find_map(|e| match *e {
            Event::Mated { seat, .. } => Some(seat),
            _ => None,
        });
        // Only something new is shown big (a take-back brings back old checks quietly).
        let grew = !new_events.is_empty();
        if let Some(seat) = mated {
            self.show_banner(
                msg::family_checkmate(),
                msg::family_is_out(&self.label_untracked(seat)),
                false,
                true,
            );
        } else if grew && !fresh.is_empty() {
            let detail = join(
                fresh
                    .iter()
                    .map(|&(v, by)| msg::family_checks(&words::seat(by), &words::seat(v))),
                msg::family_comma,
            );
            self.show_banner(msg::family_check(), detail, false, false);
        }
        if grew && !fresh.is_empty() {
            self.alert(msg::family_check());
        }
        words.extend(new_events.iter().filter_map(|e| self.event_text(e)));
        let news = (!words.is_empty()).then(|| {
            let words = join(words, msg::family_sentences);
            if fresh.is_empty() {
                msg::family_spoken(&words)
            } else {
                msg::family_spoken_check(&words)
            }
        });
        match (said, news) {
            (Some(said), Some(news)) => self.say(format!("{said} {news}")),
            (Some(said), None) => self.say(said),
            (None, Some(news)) => self.spoken.set(news),
            (None, None) => {}
        }
        // A game taken back from its end shows its result again when it ends again.
        if !over {
            self.result_closed.set(false);
        }
        self.save();
        true
    }

    /// A move of the live Fun Family game, with the mover's call if armed.
    pub(super) fn family_move(self, m: Move) {
        let call = self.armed.get_untracked();
        let Some(before) = self
            .session
            .with_untracked(|s| s.family().map(|g| g.clone_box()))
        else {
            return;
        };
        let mover = before.turn();
        let said = self.session.with_untracked(|s| {
            let role = s.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
            said_move(s, Army::of_seat(mover), m, role, s.piece_at(m.to))
        });
        if !self.family_change_after(Some(said), |g| g.play(m, call)) {
            self.clear_selection();
            return;
        }
        self.armed.set(false);
        // Offered afterwards only when the call would make a check stand (§4.3).
        let would_bind = !call && {
            let mut called = before;
            called.play(m, true).is_ok()
                && !called.is_over()
                && called.standing().iter().any(|&(_, by)| by == mover)
        };
        self.callable.set(would_bind.then_some((mover, m)));
    }

    /// The "Check!" button: the player to move calls check with their coming move (a second
    /// press takes the call back). It never touches a move already played.
    pub fn press_check(self) {
        self.touched();
        self.armed.update(|a| *a = !*a);
    }

    /// "Red: call check on your last move": the player who just moved calls the check their
    /// move gave; the move is played again with the call.
    pub fn call_last_move(self) {
        let Some((_, m)) = self.callable.get_untracked() else {
            return;
        };
        self.callable.set(None);
        self.family_change(|g| {
            if !g.undo() {
                return Err(msg::family_nothing_to_call().into());
            }
            g.play(m, true)
        });
    }

    /// The next player touched something: the last move can no longer be called.
    pub fn touched(self) {
        self.callable.set(None);
    }

    /// Takes back the last action of a Fun Family game (the supervisor).
    pub(super) fn family_take_back(self) -> bool {
        self.touched();
        self.armed.set(false);
        self.family_change(|g| {
            g.undo()
                .then_some(())
                .ok_or_else(|| msg::family_nothing_to_take_back().to_string())
        })
    }

    /// Starts a Fun Family game. The two-player game stays saved underneath as it stands,
    /// its clock where it was.
    pub fn start_family(self, game: FamilyBox, names: [String; 4], computer: Computer) {
        if !self.is_family_untracked() {
            self.save();
        }
        self.replace(Session::Family(game), names.to_vec(), None, computer);
    }
}
