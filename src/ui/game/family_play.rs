//! What only Fun Family Chess does (FAMILY.md): every change of the game goes through
//! [`GameState::family_change`], which saves it and announces what happened (new checks big
//! on the board and in words, passes, mates, players leaving and coming back); moves carry
//! the mover's "Check!" call; the player who just moved may still call the check their move
//! gave until the next player touches anything. What a change brought is put in words by the
//! family part ([`super::family_news`]).

use super::family_news;
use super::family_seam::{FamilyBox, FamilyPlay};
use super::move_words::said_move;
use super::session::Session;
use super::state::GameState;
use crate::rules::family::{FamilyGame, FamilyOutcome};
use crate::rules::types::{Move, Role};
use crate::saves::game::Computer;
use crate::text::msg;
use crate::text::words::Army;

impl GameState {
    /// "Red wins", "Red and Yellow win", "It is a draw".
    pub fn family_outcome_title(self, o: &FamilyOutcome) -> String {
        family_news::outcome_title(o, &|s| self.label(s))
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
        let news = next.news_since(before.as_ref(), &|s| self.label_untracked(s));
        let over = next.is_over();
        self.session.set(Session::Family(next));
        self.selected.set(None);
        self.drag.set(None);
        self.message.set(None);
        self.epoch.update(|e| *e = e.wrapping_add(1));
        if let Some(seat) = news.mated {
            self.show_banner(
                msg::family_checkmate(),
                msg::family_is_out(&self.label_untracked(seat)),
                false,
                true,
            );
        } else if let Some(detail) = &news.new_checks {
            self.show_banner(msg::family_check(), detail.clone(), false, false);
        }
        if news.new_checks.is_some() {
            self.alert(msg::family_check());
        }
        match (said, news.spoken) {
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
        let would_bind = !call && before.call_would_bind(m);
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
