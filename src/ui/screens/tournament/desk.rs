//! The Tournament screen's state: the tournament (saved after every change, so a reload, a
//! second tab or an update keeps it as games are kept), the tab shown, the board whose result
//! is being chosen, and the last refusal in words. Every change goes through [`Desk::change`]:
//! it is tried on a copy, and only a change that worked is saved and shown.

use crate::saves::tournament_games::{self, Finished};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::tournament::event::{Tournament, TournamentError};
use crate::tournament::result::GameResult;
use crate::tournament::standings::Game;
use crate::ui::game::state::GameState;
use crate::ui::platform::storage::{self, TOURNAMENT_GAMES_KEY, TOURNAMENT_KEY};
use leptos::prelude::*;
use std::cell::Cell;

thread_local! {
    /// The Tournament screen open now (the last one opened), for changes from other tabs.
    static OPEN: Cell<Option<Desk>> = const { Cell::new(None) };
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

/// The game on `board` of `round` (both from 1), if the tournament has it.
pub fn paired(t: &Tournament, round: u16, board: u16) -> Option<Game> {
    let round = t.rounds().get(usize::from(round).checked_sub(1)?)?;
    round.games.get(usize::from(board).checked_sub(1)?).copied()
}

/// The screen's tabs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tab {
    Round,
    Standings,
    Players,
    Log,
    Files,
}

#[derive(Clone, Copy)]
pub struct Desk {
    pub state: GameState,
    pub tournament: RwSignal<Option<Tournament>>,
    pub tab: RwSignal<Tab>,
    /// The round shown on the Round tab (from 1); `None`: the latest.
    pub round: RwSignal<Option<u16>>,
    /// The board (round, board) whose result is being chosen.
    pub picking: RwSignal<Option<(u16, u16)>>,
    /// Why the last change was refused (nothing was changed).
    pub error: RwSignal<Option<String>>,
    /// What just happened, when it is not on screen by itself.
    pub note: RwSignal<Option<String>>,
    /// The form for a new tournament is open (over an existing one).
    pub creating: RwSignal<bool>,
}

impl Desk {
    /// The saved tournament, with the results of games finished on this tablet entered.
    pub fn open(state: GameState) -> Desk {
        let mut note = None;
        let tournament = match storage::read_or_set_aside(
            TOURNAMENT_KEY,
            msg::tournament_saved(),
            "",
            Tournament::from_json,
            crate::saves::revision_of,
        ) {
            Ok(t) => t,
            Err(notice) => {
                note = Some(notice);
                None
            }
        };
        let desk = Desk {
            state,
            tournament: RwSignal::new(tournament),
            tab: RwSignal::new(Tab::Round),
            round: RwSignal::new(None),
            picking: RwSignal::new(None),
            error: RwSignal::new(None),
            note: RwSignal::new(note),
            creating: RwSignal::new(false),
        };
        desk.enter_finished_games();
        OPEN.with(|o| o.set(Some(desk)));
        if !WATCHING.with(|w| w.replace(true)) {
            storage::watch(|key, text| {
                if key == TOURNAMENT_KEY {
                    if let Some(desk) = OPEN.with(Cell::get) {
                        desk.follow_other_tab(text);
                    }
                }
            });
        }
        desk
    }

    /// Another tab changed the tournament: show what it saved (a closed screen ignores it;
    /// it reads the save when it opens).
    fn follow_other_tab(self, text: Option<String>) {
        let Some(t) = text.and_then(|text| Tournament::from_json(&text).ok()) else {
            return;
        };
        if self.tournament.try_set(Some(t)).is_none() {
            self.picking.set(None);
            self.note
                .set(Some(msg::tournament_changed_in_other_tab().to_string()));
        }
    }

    /// Tries `f` on a copy of the tournament; saves and shows it if it worked, else says why.
    pub fn change(self, f: impl FnOnce(&mut Tournament) -> Result<(), TournamentError>) -> bool {
        let Some(mut t) = self.tournament.get_untracked() else {
            return false;
        };
        match f(&mut t) {
            Ok(()) => {
                self.put(t);
                true
            }
            Err(e) => {
                self.error.set(Some(capitalise(&e.to_string())));
                false
            }
        }
    }

    /// Saves `t` as the tournament and shows it.
    pub fn put(self, t: Tournament) {
        if !storage::write(TOURNAMENT_KEY, &t.to_json()) {
            self.error
                .set(Some(msg::tournament_not_saved().to_string()));
        } else {
            self.error.set(None);
        }
        self.tournament.set(Some(t));
    }

    /// Enters the results of this tournament's games played on this tablet: a board still
    /// without a result and still paired as it was when the game started. Other tournaments'
    /// games wait for theirs; this one's are taken off the list.
    fn enter_finished_games(self) {
        let Some(t) = self.tournament.get_untracked() else {
            return;
        };
        let Some(text) = storage::read(TOURNAMENT_GAMES_KEY) else {
            return;
        };
        let Ok(waiting) = tournament_games::decode(&text) else {
            storage::remove(TOURNAMENT_GAMES_KEY);
            return;
        };
        let (mine, others): (Vec<Finished>, Vec<Finished>) = waiting
            .into_iter()
            .partition(|f| f.board.tournament == t.id());
        // Nothing of this tournament's: neither it nor the list needs writing again.
        if mine.is_empty() {
            return;
        }
        let mut entered = 0;
        self.change(|t| {
            for f in &mine {
                let b = f.board;
                let same_pairing = paired(t, b.round, b.board).is_some_and(|g| {
                    g.result.is_none()
                        && g.white == usize::from(b.white)
                        && g.black == usize::from(b.black)
                });
                let result = GameResult {
                    half_points: f.half_points,
                    played: true,
                };
                if same_pairing && t.set_result(b.round, b.board, result).is_ok() {
                    entered += 1;
                }
            }
            Ok(())
        });
        let rest = if others.is_empty() {
            storage::remove(TOURNAMENT_GAMES_KEY);
            true
        } else {
            storage::write(TOURNAMENT_GAMES_KEY, &tournament_games::encode(&others))
        };
        if entered > 0 && rest {
            self.note
                .set(Some(msg::tournament_entered_from_tablet(entered as u64)));
        }
    }
}
