//! The changes of the game on screen that both kinds of game share: a move from the board
//! (played in the game, or beside it when an earlier position is shown), a promotion piece,
//! a new game, a take-back, and another tab's save taken over. What only one kind does is in
//! [`super::two_player`] and [`super::family_play`].

use super::family_part;
use super::review;
use super::saves_part;
use super::session::Session;
use super::state::{loaded_family, loaded_two, GameState};
use crate::rules::clock::{Clock, TimeControl};
use crate::rules::types::{Move, MoveKind, Role, Square};
use crate::saves::game::Computer;
use crate::text::msg;
use crate::ui::platform::storage;
use crate::ui::platform::time::now_ms;

impl GameState {
    /// A piece released on `to`: plays the move, or opens the promotion picker. Returns
    /// false (and changes nothing) when `from -> to` is not a legal move.
    pub fn try_move(self, from: Square, to: Square) -> bool {
        let candidates = self.with_board_untracked(|b| b.moves_between(from, to));
        match candidates.as_slice() {
            [] => false,
            // Exactly one: a normal move, or the only promotion (Primary: queen).
            [only] => {
                self.play(*only);
                true
            }
            several if several.iter().all(|m| m.promotion().is_some()) => {
                self.promotion.set(Some((from, to)));
                true
            }
            [first, ..] => {
                self.play(*first);
                true
            }
        }
    }

    /// Finishes a pending promotion with the chosen role.
    pub fn promote(self, role: Role) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        self.promotion.set(None);
        let mv = self
            .with_board_untracked(|b| b.moves_between(from, to))
            .into_iter()
            .find(|m| m.kind == MoveKind::Promotion(role));
        match mv {
            Some(mv) => self.play(mv),
            None => self.clear_selection(),
        }
    }

    /// Plays a legal move of the board on screen.
    pub fn play(self, mv: Move) {
        // An earlier position or a demonstration is on the board: not the game's move.
        if review::play(self, mv) {
            return;
        }
        if self.is_family_untracked() {
            self.family_move(mv);
        } else {
            self.two_move(mv);
        }
    }

    /// Replaces the game (new game, import) and starts its clock (`None`: untimed), with the
    /// seats the computer plays; the game it replaces is kept under "previous".
    pub fn replace(
        self,
        session: Session,
        names: Vec<String>,
        control: Option<TimeControl>,
        computer: Computer,
    ) {
        self.stop_thinking();
        // A Fun Family game starts over the two-player game, which stays saved underneath.
        if !session.is_family() {
            self.keep_previous();
        }
        let was_family = self.is_family_untracked();
        self.names.set(names);
        let family = session.is_family();
        self.computer.set(computer);
        // A game started here is no tournament's; "Play this game" names its board after.
        self.tournament.set(None);
        self.computer_failed.set_value(None);
        self.session.set(session);
        self.clock.set(control.filter(|_| !family).map(Clock::new));
        self.now.set(now_ms());
        self.low_tick.set_value(None);
        self.result_closed.set(false);
        self.banner.set(None);
        self.message.set(None);
        self.armed.set(false);
        self.callable.set(None);
        self.confirm.set(None);
        // A two-player game after a Fun Family game: that game is over and put away.
        if was_family && !family {
            storage::remove(storage::FAMILY_KEY);
            storage::remember(storage::FAMILY_KEY, 0);
        }
        self.changed();
        review::reset(self);
    }

    /// Takes back the last move or action (the teacher, demo mode): a finished game reopens,
    /// and the clock runs for the side to move again; against the computer, its reply goes
    /// too. False when there is nothing to take back.
    pub fn take_back(self) -> bool {
        self.take_back_pair()
    }

    /// Another tab changed something this tab shows: take it over. A game is taken over only
    /// when it reads whole (a damaged one is that tab's business), and the players are told
    /// when the game itself changed (not for a clock tick).
    pub fn follow_other_tab(self, key: &str, text: Option<String>) {
        let read_here = [
            storage::CURRENT_KEY,
            storage::SETTINGS_KEY,
            storage::RULE_SETS_KEY,
        ];
        if text.is_some() && read_here.contains(&key) && saves_part::forms().is_none() {
            // The saved forms first; then this change again.
            let key = key.to_string();
            leptos::task::spawn_local(async move {
                if saves_part::load().await.is_some() {
                    self.follow_other_tab(&key, text);
                }
            });
            return;
        }
        match key {
            storage::CURRENT_KEY | storage::FAMILY_KEY => {
                let Some(text) = text else { return };
                let rev = crate::saves::revision_of(&text);
                if rev == storage::known(key) {
                    return;
                }
                let loaded = if key == storage::FAMILY_KEY {
                    let Some(kit) = family_part::kit() else {
                        // The family part first; then this change again.
                        leptos::task::spawn_local(async move {
                            if family_part::load_kit().await.is_some() {
                                self.follow_other_tab(storage::FAMILY_KEY, Some(text));
                            }
                        });
                        return;
                    };
                    kit.decode_save(&text).map(loaded_family)
                } else {
                    saves_part::read(|r, t| r.game(t))(&text).map(loaded_two)
                };
                let Ok((session, names, closed, clock, computer, tournament)) = loaded else {
                    return;
                };
                storage::remember(key, rev);
                // A two-player save while a Fun Family game is on screen is the game waiting
                // underneath, unless the other tab has left Fun Family Chess (its save gone).
                let family_kept = storage::read(storage::FAMILY_KEY).is_some();
                if !session.is_family() && self.is_family_untracked() && family_kept {
                    return;
                }
                let moved = self
                    .session
                    .with_untracked(|s| s.record() != session.record());
                let now = now_ms();
                // The other tab plays on; this one stops thinking about the old position.
                self.stop_thinking();
                self.names.set(names);
                self.computer.set(computer);
                self.tournament.set(tournament);
                self.session.set(session);
                self.clock.set(clock.map(|mut c| {
                    c.restore(now);
                    c
                }));
                self.now.set(now);
                self.result_closed.set(closed);
                self.drop_hands();
                review::reset(self);
                if moved {
                    self.show_message(msg::game_continued_in_other_tab().into());
                }
            }
            storage::SETTINGS_KEY => {
                if let Some(s) = text.and_then(|t| saves_part::read(|r, t| r.settings(t))(&t).ok())
                {
                    self.settings.set(s);
                }
            }
            storage::RULE_SETS_KEY => match text {
                None => self.rule_sets.set(Vec::new()),
                Some(t) => {
                    if let Ok(sets) = saves_part::read(|r, t| r.rule_sets(t))(&t) {
                        self.rule_sets.set(sets);
                    }
                }
            },
            _ => {}
        }
    }
}
