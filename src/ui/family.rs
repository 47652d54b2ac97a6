//! Fun Family Chess (FAMILY.md) in the app: its shared state ([`FamilyUi`], in the Leptos
//! context while the app runs), every change of the game (saved, announced) and saving in
//! localStorage. The parts on screen live in their own files: [`crate::ui::family_board`]
//! (the cross board), [`crate::ui::family_panel`] (panel, result, promotion),
//! [`crate::ui::family_setup`] (the new-game fields) and [`crate::ui::family_supervisor`]
//! (mid-game toggles, resign, undo, draws, alliances).

use crate::rules::family::{seat_name, FamilyGame, FamilyOutcome, SEATS};
use crate::rules::types::{Move, MoveKind, Role, Side, Square};
use crate::saves::family as family_save;
use crate::ui::state::AppState;
use crate::ui::storage::{self, Written};
use leptos::prelude::*;

pub use crate::ui::family_board::{CrossBoard, FamilyPieceDefs};
pub use crate::ui::family_panel::{FamilyPanel, FamilyPromotion, FamilyResult};

pub use crate::saves::settings::Rotation;

/// The family game's shared state (all signals, so it is `Copy`).
#[derive(Clone, Copy)]
pub struct FamilyUi {
    pub app: AppState,
    /// `Some` while the app plays Fun Family Chess.
    pub game: RwSignal<Option<FamilyGame>>,
    pub names: RwSignal<[String; 4]>,
    pub selected: RwSignal<Option<Square>>,
    /// The same drag as the 8x8 board's (one state machine: release_move.rs).
    pub drag: RwSignal<Option<crate::ui::state::Drag>>,
    /// "Check!" pressed before the move: the next move is played with the call.
    pub armed: RwSignal<bool>,
    /// The move just played without a call, by whom, when a call would bind: its player may
    /// still call it ("Red: call check on your last move") until the next player touches
    /// anything.
    pub callable: RwSignal<Option<(Side, Move)>>,
    pub result_closed: RwSignal<bool>,
    pub message: RwSignal<Option<String>>,
    pub epoch: RwSignal<u32>,
    /// A pawn released on a promotion square, waiting for the player to pick a piece.
    pub promotion: RwSignal<Option<(Square, Square)>>,
    /// The big "Check!" / "Checkmate!" banner over the board (for a moment).
    pub banner: RwSignal<Option<FamilyBanner>>,
    /// A resignation, draw or shared win waiting for "Yes".
    pub confirm: RwSignal<Option<crate::ui::family_supervisor::Confirm>>,
}

/// What the banner over the cross board says.
#[derive(Clone, PartialEq, Debug)]
pub struct FamilyBanner {
    pub title: &'static str,
    pub detail: String,
    pub mate: bool,
    id: u32,
}

impl FamilyUi {
    /// The saved family game, if there is one (a bad save is set aside with a notice).
    pub fn load(app: AppState) -> FamilyUi {
        crate::ui::crash::set_active(storage::FAMILY_KEY);
        let saved = storage::read_or_set_aside(
            storage::FAMILY_KEY,
            "Your saved Fun Family Chess game",
            "",
            family_save::decode,
        )
        .unwrap_or_else(|notice| {
            app.add_notice(notice);
            None
        });
        let (game, names, closed) = match saved {
            Some(c) => (Some(c.game), c.names, c.result_closed),
            None => (None, Default::default(), false),
        };
        FamilyUi {
            app,
            game: RwSignal::new(game),
            names: RwSignal::new(names),
            selected: RwSignal::new(None),
            drag: RwSignal::new(None),
            armed: RwSignal::new(false),
            callable: RwSignal::new(None),
            result_closed: RwSignal::new(closed),
            message: RwSignal::new(None),
            epoch: RwSignal::new(0),
            promotion: RwSignal::new(None),
            banner: RwSignal::new(None),
            confirm: RwSignal::new(None),
        }
    }

    pub fn active(self) -> bool {
        self.game.with(|g| g.is_some())
    }

    /// How the cross board turns (a setting, kept with the others).
    pub fn rotation(self) -> Rotation {
        self.app.settings.with(|s| s.family_rotation)
    }

    pub fn save(self) {
        let names = self.names.get_untracked();
        let closed = self.result_closed.get_untracked();
        let written = self.game.with_untracked(|g| match g {
            Some(g) => storage::write_revisioned(
                storage::FAMILY_KEY,
                "This Fun Family Chess game",
                |rev| family_save::encode(g, &names, closed, rev),
            ),
            None => {
                storage::remove(storage::FAMILY_KEY);
                storage::remember(storage::FAMILY_KEY, 0);
                Written::Saved
            }
        });
        match written {
            Written::Saved => {}
            Written::SavedOverOther(notice) => self.app.add_notice(notice),
            Written::Failed => self.app.storage_failed(
                "family",
                "This browser did not let us save the Fun Family Chess game (storage full or turned off). Copy its position from Export to keep it.",
            ),
        }
    }

    pub fn set_rotation(self, r: Rotation) {
        self.app.update_settings(|s| s.family_rotation = r);
    }

    /// Another tab changed the family game: take it over when it reads whole (a removed
    /// save means that tab left Fun Family Chess; this tab keeps its own game on screen).
    pub fn follow_other_tab(self, text: Option<String>) {
        let Some(text) = text else { return };
        let rev = crate::saves::revision_of(&text);
        if rev == storage::known(storage::FAMILY_KEY) {
            return;
        }
        let Ok(c) = family_save::decode(&text) else {
            return;
        };
        storage::remember(storage::FAMILY_KEY, rev);
        let moved = self.game.with_untracked(|g| {
            g.as_ref()
                .is_none_or(|g| g.to_record() != c.game.to_record())
        });
        self.names.set(c.names);
        self.game.set(Some(c.game));
        self.result_closed.set(c.result_closed);
        self.reset_hands();
        if moved {
            self.message.set(Some(
                "This game was continued in another tab; this is where it stands now.".into(),
            ));
        }
    }

    /// Starts a family game (the 2-player game stays saved underneath).
    pub fn start(self, game: FamilyGame, names: [String; 4]) {
        self.names.set(names);
        self.game.set(Some(game));
        self.result_closed.set(false);
        self.reset_hands();
        self.save();
    }

    /// Leaves Fun Family Chess (a 2-player game was started).
    pub fn end(self) {
        self.game.set(None);
        self.reset_hands();
        self.save();
    }

    /// Nothing selected, held or waiting on the board; presses under way are void.
    pub fn drop_hands(self) {
        self.selected.set(None);
        self.drag.set(None);
        self.promotion.set(None);
        self.epoch.update(|e| *e += 1);
    }

    fn reset_hands(self) {
        self.selected.set(None);
        self.drag.set(None);
        self.armed.set(false);
        self.callable.set(None);
        self.message.set(None);
        self.promotion.set(None);
        self.banner.set(None);
        self.confirm.set(None);
        self.epoch.update(|e| *e += 1);
    }

    /// "Red" or "Anna (Red)".
    pub fn label(self, seat: Side) -> String {
        let name = self.names.with(|n| n[seat.index() & 3].trim().to_string());
        if name.is_empty() {
            seat_name(seat).to_string()
        } else {
            format!("{name} ({})", seat_name(seat))
        }
    }

    pub(crate) fn locked(self) -> bool {
        self.app.dialog.with_untracked(|d| d.is_some())
            || crate::ui::teacher_lock::pin_pad_open_untracked()
            || self.confirm.with_untracked(|c| c.is_some())
            || self.promotion.with_untracked(|p| p.is_some())
            || self
                .game
                .with_untracked(|g| g.as_ref().is_none_or(|g| g.is_over() || g.is_paused()))
    }

    /// The standing checks as (victim, caller).
    pub(crate) fn standing(g: &FamilyGame) -> Vec<(Side, Side)> {
        SEATS
            .into_iter()
            .filter_map(|s| g.state().standing_check(s).map(|by| (s, by)))
            .collect()
    }

    /// Runs a change of the game; on success saves it and announces new checks.
    pub(crate) fn change(self, f: impl FnOnce(&mut FamilyGame) -> Result<(), String>) -> bool {
        let Some(before) = self.game.get_untracked() else {
            return false;
        };
        let old_checks = FamilyUi::standing(&before);
        let mut next = before.clone();
        match f(&mut next) {
            Ok(()) => {
                let new_checks = FamilyUi::standing(&next);
                let fresh: Vec<(Side, Side)> = new_checks
                    .iter()
                    .copied()
                    .filter(|c| !old_checks.contains(c))
                    .collect();
                self.game.set(Some(next));
                self.selected.set(None);
                self.drag.set(None);
                self.message.set(None);
                self.epoch.update(|e| *e += 1);
                let same = before
                    .events()
                    .iter()
                    .zip(next_events(self))
                    .take_while(|(a, b)| **a == *b)
                    .count();
                let mut words: Vec<String> =
                    fresh.iter().map(|&(v, by)| check_text(v, by)).collect();
                let happened: Vec<String> = self.game.with_untracked(|g| {
                    g.as_ref()
                        .map(|g| {
                            g.events()[same.min(g.events().len())..]
                                .iter()
                                .filter_map(|e| event_text(self, e))
                                .collect()
                        })
                        .unwrap_or_default()
                });
                // Only something new is shown big (a take-back brings back old checks quietly).
                let (grew, mated) = self.game.with_untracked(|g| {
                    g.as_ref().map_or((false, None), |g| {
                        let new = &g.events()[same.min(g.events().len())..];
                        let mated = new.iter().find_map(|e| match *e {
                            crate::rules::family::Event::Mated { seat, .. } => Some(seat),
                            _ => None,
                        });
                        (!new.is_empty(), mated)
                    })
                });
                if let Some(seat) = mated {
                    self.show_banner("Checkmate!", format!("{} is out", self.label(seat)), true);
                } else if grew && !fresh.is_empty() {
                    let detail = fresh
                        .iter()
                        .map(|&(v, by)| format!("{} checks {}", seat_name(by), seat_name(v)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.show_banner("Check!", detail, false);
                }
                if grew && !fresh.is_empty() {
                    crate::ui::announcer::alert_sound("Check!", self.app.settings.get_untracked());
                }
                words.extend(happened);
                if !words.is_empty() {
                    let lead = if fresh.is_empty() { "" } else { "Check! " };
                    self.app.spoken.set(format!("{lead}{}.", words.join(". ")));
                }
                // A game taken back from its end shows its result again when it ends again.
                if !self
                    .game
                    .with_untracked(|g| g.as_ref().is_some_and(|g| g.is_over()))
                {
                    self.result_closed.set(false);
                }
                self.save();
                true
            }
            Err(e) => {
                self.message.set(Some(e));
                false
            }
        }
    }

    /// Shows the banner for two seconds (a newer banner replaces it).
    fn show_banner(self, title: &'static str, detail: String, mate: bool) {
        let id = self
            .banner
            .with_untracked(|b| b.as_ref().map_or(0, |b| b.id))
            + 1;
        self.banner.set(Some(FamilyBanner {
            title,
            detail,
            mate,
            id,
        }));
        set_timeout(
            move || {
                if self.banner.with_untracked(|b| b.as_ref().map(|b| b.id)) == Some(id) {
                    self.banner.set(None);
                }
            },
            std::time::Duration::from_millis(2000),
        );
    }

    /// The legal moves `from`-`to` (several only for a promotion).
    pub(crate) fn moves(self, from: Square, to: Square) -> Vec<Move> {
        self.game.with_untracked(|g| {
            g.as_ref().map_or_else(Vec::new, |g| {
                g.legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| m.from == from && m.to == to && !m.is_drop())
                    .collect()
            })
        })
    }

    /// Plays `from`-`to` if legal; a promotion with a choice opens the picker (true).
    pub(crate) fn try_move(self, from: Square, to: Square) -> bool {
        let moves = self.moves(from, to);
        match moves.as_slice() {
            [] => false,
            [m] => self.play(*m),
            _ => {
                self.promotion.set(Some((from, to)));
                true
            }
        }
    }

    /// The picker's choice.
    pub fn promote(self, role: Role) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        self.promotion.set(None);
        if let Some(m) = self
            .moves(from, to)
            .into_iter()
            .find(|m| m.kind == MoveKind::Promotion(role))
        {
            self.play(m);
        }
    }

    pub(crate) fn play(self, m: Move) -> bool {
        let call = self.armed.get_untracked();
        let Some(before) = self.game.get_untracked() else {
            return false;
        };
        let mover = before.turn();
        let ok = self.change(|g| g.play(m, call).map(|_| ()));
        if ok {
            self.armed.set(false);
            // Offered afterwards only when the call would make a check stand (§4.3).
            let would_bind = !call && {
                let mut called = before;
                called.play(m, true).is_ok()
                    && !called.is_over()
                    && FamilyUi::standing(&called)
                        .iter()
                        .any(|&(_, by)| by == mover)
            };
            self.callable.set(would_bind.then_some((mover, m)));
        }
        ok
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
        self.change(|g| {
            g.undo().ok_or("nothing to call")?;
            g.play(m, true).map(|_| ())
        });
    }

    /// The next player touched something: the last move can no longer be called.
    pub(crate) fn touched(self) {
        self.callable.set(None);
    }
}

/// The events of the game now (cloned, for comparing with the events before a change).
fn next_events(fam: FamilyUi) -> Vec<crate::rules::family::Event> {
    fam.game
        .with_untracked(|g| g.as_ref().map(|g| g.events().to_vec()).unwrap_or_default())
}

/// What the live region says about an event (moves themselves are not spoken).
fn event_text(fam: FamilyUi, e: &crate::rules::family::Event) -> Option<String> {
    use crate::rules::family::Event;
    let by_mask = |mask: u8| {
        SEATS
            .into_iter()
            .filter(|s| mask & (1 << s.0) != 0)
            .map(seat_name)
            .collect::<Vec<_>>()
            .join(" and ")
    };
    Some(match *e {
        Event::Moved { .. } => return None,
        Event::Passed(s) => format!("{} cannot move and passes", seat_name(s)),
        Event::Mated { seat, by } => format!(
            "Checkmate! {} is out (mated by {})",
            seat_name(seat),
            by_mask(by)
        ),
        Event::StalemateOut(s) => format!("{} is stalemated and out", seat_name(s)),
        Event::Resigned(s) => format!("{} resigned", seat_name(s)),
        Event::Away(s) => format!("{} is away: their pieces are asleep", seat_name(s)),
        Event::Back(s) => format!("{} is back", seat_name(s)),
        Event::Ended(o) => format!("Game over: {}", outcome_title(fam, &o)),
    })
}

/// "Blue's king is in check (called by Red)".
pub fn check_text(victim: Side, by: Side) -> String {
    format!(
        "{}'s king is in check (called by {})",
        seat_name(victim),
        seat_name(by)
    )
}

pub(crate) fn outcome_title(fam: FamilyUi, o: &FamilyOutcome) -> String {
    if o.is_draw() {
        return "It is a draw".into();
    }
    let winners: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.winners & (1 << s.0) != 0)
        .map(|s| fam.label(s))
        .collect();
    match winners.len() {
        1 => format!("{} wins", winners[0]),
        _ => format!("{} win", winners.join(" and ")),
    }
}
