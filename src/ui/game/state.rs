//! The game screen's state: the session on the board (a two-player game or a Fun Family
//! game, [`Session`]), the players' names, the settings, what the hands are doing on the
//! board, the dialog open, what is said and shown — values the screen follows
//! ([`Tracked`]), so it is `Copy` — and every change common to both kinds of game:
//! moves from the board, take-backs, a new game, saving and loading, and keeping in step
//! with another tab. What only one kind of game does lives beside it: [`super::two_player`]
//! (clock, reserve, claims) and [`super::family_play`] (calls of check, away and back, the
//! supervisor).

use super::computer::asked::{Asked, Shown};
use super::demo::mode::Demo;
use super::family_part;
use super::family_seam::{FamilyPlay, FamilySaved};
use super::review::shown::{Review, View};
use super::saves_part::{self, GameSave, SaveForms};
use super::session::Session;
use crate::rules::clock::Clock;
use crate::rules::family::FamilyGame;
use crate::rules::game::Game;
use crate::rules::ruleset::Mode;
use crate::rules::types::{Move, Piece, Role, Side, Square};
use crate::saved_rules::SavedRuleSet;
use crate::saves::game::{self as game_save, Computer, Names};
use crate::saves::settings::{self as settings_save, Orientation, Rotation, Settings};
use crate::saves::tournament_games::TournamentBoard;
use crate::text::msg;
use crate::ui::board::Drag;
use crate::ui::board::{Kept, Tracked};
use crate::ui::platform::storage::{self, Written};
use crate::ui::platform::time::now_ms;
use leptos::prelude::*;
use std::time::Duration;

/// The dialogs; at most one is open.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialog {
    NewGame,
    Settings,
    Export,
    Import,
    /// The position editor (a full-screen view, not a small dialog).
    Editor,
    Confirm(Confirm),
    /// The custom rules screen.
    Rules,
    /// The class tournament (a full-screen view).
    Tournament,
}

/// Actions that ask "are you sure?" first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confirm {
    Stop,
    Resign(Side),
}

/// A Fun Family question waiting for a second press in the panel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FamilyConfirm {
    Resign(Side),
    Draw,
    ShareWin,
}

/// A reserve piece being dragged from a tray (Chess#), drawn under the pointer by the ghost.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TrayDrag {
    pub piece: Piece,
    pub pointer: i32,
    pub touch: bool,
    /// Where the pointer went down and where it is now (client pixels).
    pub start: (f64, f64),
    pub at: (f64, f64),
    /// Side of a board square on screen when the drag started (CSS pixels).
    pub square_px: f64,
    pub moved: bool,
    pub epoch: u32,
}

/// The big "Check!" banner over the board, for a moment.
#[derive(Clone, PartialEq, Debug)]
pub struct Banner {
    pub title: &'static str,
    pub detail: String,
    /// Shown upside down (face to face, for the player sitting opposite).
    pub flipped: bool,
    pub mate: bool,
    id: u32,
}

#[derive(Clone, Copy)]
pub struct GameState {
    pub session: Tracked<Session>,
    /// The players' names by seat (two or four); empty means "just the colour".
    pub names: Tracked<Vec<String>>,
    pub settings: Tracked<Settings>,
    pub selected: Tracked<Option<Square>>,
    pub drag: Tracked<Option<Drag>>,
    /// A pawn released on its last row, waiting for the player to pick a piece.
    pub promotion: Tracked<Option<(Square, Square)>>,
    pub dialog: Tracked<Option<Dialog>>,
    /// The result screen was closed with "Look at the board".
    pub result_closed: Tracked<bool>,
    pub banner: Tracked<Option<Banner>>,
    /// Text of the aria-live region.
    pub spoken: Tracked<String>,
    /// Notices about the saved data (set aside, kept from another tab), until dismissed.
    pub notice: Tracked<Option<String>>,
    /// The teacher's named custom rule sets, as stored (kept in step with other tabs).
    pub rule_sets: Tracked<Vec<SavedRuleSet>>,
    /// A short message, e.g. why an action was refused.
    pub message: Tracked<Option<String>>,
    /// Bumped on every change that voids what the hands were doing (a move, a new game, a
    /// dialog), so stale drags and timers can tell.
    pub epoch: Tracked<u32>,
    /// The chess clock; `None` when the game is untimed.
    pub clock: Tracked<Option<Clock>>,
    /// `performance.now()` at the last clock tick: the clocks on screen read it.
    pub now: Tracked<f64>,
    /// The reserve piece chosen in a tray (tap or held): the board shows where it may go.
    pub drop_role: Tracked<Option<Role>>,
    pub tray_drag: Tracked<Option<TrayDrag>>,
    /// Why a stalemate claim was refused (Chess#); cleared by the next move.
    pub claim_refused: Tracked<Option<String>>,
    /// Fun Family: "Check!" pressed before the move — the next move is played with the call.
    pub armed: Tracked<bool>,
    /// Fun Family: the move just played without a call, by whom, when a call would bind;
    /// its player may still call it until the next player touches anything.
    pub callable: Tracked<Option<(Side, Move)>>,
    /// Fun Family: a resignation, draw or shared win waiting for "Yes".
    pub confirm: Tracked<Option<FamilyConfirm>>,
    /// Looking back through the game, variations, demonstrations.
    pub review: Review,
    /// Demo (projector) mode.
    pub demo: Demo,
    /// Storage failures already reported, by what failed: each is said once.
    save_warned: Kept<Vec<&'static str>>,
    /// When the clock was last saved while running (`now` units).
    pub(super) clock_saved_at: Kept<f64>,
    /// The last whole second announced by the low-time tick sound.
    pub(super) low_tick: Kept<Option<u64>>,
    /// Which seats the computer plays, at which level (saved with the game).
    pub computer: Tracked<Computer>,
    /// The tournament board the two-player game on screen is (saved with the game).
    pub tournament: Tracked<Option<TournamentBoard>>,
    /// The question the engine is thinking about (the computer's move, a hint).
    pub asked: Tracked<Option<Asked>>,
    /// The last question's number: an answer to an older one is dropped.
    pub(super) asked_id: Kept<u32>,
    /// The game's length when the computer could not move: it does not try again there.
    pub(super) computer_failed: Kept<Option<usize>>,
    /// A good move shown on the board: a hint, or the best move in demo mode.
    pub hint: Tracked<Option<Shown>>,
    /// The computer's last move, slid across the board rather than appearing.
    pub arriving: Tracked<Option<(Square, Square)>>,
}

/// Reads a save through storage, setting aside what does not read (the notice is kept).
fn read_save<T>(
    key: &str,
    what: &str,
    then: &str,
    decode: impl FnOnce(&str) -> Result<T, String>,
    notices: &mut Vec<String>,
) -> Option<T> {
    storage::read_or_set_aside(key, what, then, decode, saves_part::revision).unwrap_or_else(
        |notice| {
            notices.push(notice);
            None
        },
    )
}

/// "Anna" for seat 0 of `names`, or nothing.
fn name_of(names: &[String], side: Side) -> &str {
    names.get(side.index()).map_or("", |n| n.trim())
}

/// A saved game as the state takes it: the session, the names, whether the result screen
/// was closed, the clock, who the computer plays and the tournament board.
pub(super) type Loaded = (
    Session,
    Vec<String>,
    bool,
    Option<Clock>,
    Computer,
    Option<TournamentBoard>,
);

pub(super) fn loaded_family(f: FamilySaved) -> Loaded {
    (
        Session::Family(f.game),
        f.names.to_vec(),
        f.result_closed,
        None,
        f.computer,
        None,
    )
}

pub(super) fn loaded_two(c: game_save::Current) -> Loaded {
    (
        Session::Two(c.game),
        vec![c.names.white, c.names.black],
        c.result_closed,
        c.clock,
        c.computer,
        c.tournament,
    )
}

impl GameState {
    /// Everything saved: the settings, the rule sets, and the game on screen (the Fun Family
    /// game when one was being played, else the two-player game). What does not read is set
    /// aside with a notice; after a crash the game that was open is set aside first.
    pub fn load() -> GameState {
        use crate::ui::platform::crash;
        let mut notices: Vec<String> = crash::recover().into_iter().collect();
        let settings = load_settings(&mut notices);
        crash::set_active(storage::FAMILY_KEY);
        // The family part is fetched before the app starts when a family game is saved
        // (see `load_kit`); without it the game stays saved, untouched, for the next start.
        let family = match family_part::kit() {
            Some(kit) => read_save(
                storage::FAMILY_KEY,
                msg::app_notice_saved_family_game(),
                "",
                |text| kit.decode_save(text),
                &mut notices,
            ),
            None => {
                if storage::read(storage::FAMILY_KEY).is_some() {
                    notices.push(msg::app_part_missing().into());
                }
                None
            }
        };
        crash::set_active(storage::CURRENT_KEY);
        let two = read_save(
            storage::CURRENT_KEY,
            msg::app_notice_saved_game(),
            msg::app_notice_new_game_started(),
            saves_part::read(|r, t| r.game(t)),
            &mut notices,
        );
        let rule_sets = read_save(
            storage::RULE_SETS_KEY,
            msg::app_notice_saved_rule_sets(),
            "",
            saves_part::read(|r, t| r.rule_sets(t)),
            &mut notices,
        )
        .unwrap_or_default();
        let (session, names, closed, clock, computer, tournament) = match (family, two) {
            (Some(f), _) => loaded_family(f),
            (None, Some(c)) => loaded_two(c),
            (None, None) => (
                Session::Two(Game::of_mode(Mode::Primary)),
                vec![String::new(); 2],
                false,
                None,
                Computer::default(),
                None,
            ),
        };
        let now = now_ms();
        // The time while the page was closed is not charged.
        let clock = clock.map(|mut c| {
            c.restore(now);
            c
        });
        GameState {
            session: Tracked::new(session),
            names: Tracked::new(names),
            settings: Tracked::new(settings),
            selected: Tracked::new(None),
            drag: Tracked::new(None),
            promotion: Tracked::new(None),
            dialog: Tracked::new(None),
            result_closed: Tracked::new(closed),
            banner: Tracked::new(None),
            spoken: Tracked::new(String::new()),
            notice: Tracked::new((!notices.is_empty()).then(|| notices.join("\n"))),
            rule_sets: Tracked::new(rule_sets),
            message: Tracked::new(None),
            epoch: Tracked::new(0),
            clock: Tracked::new(clock),
            now: Tracked::new(now),
            drop_role: Tracked::new(None),
            tray_drag: Tracked::new(None),
            claim_refused: Tracked::new(None),
            armed: Tracked::new(false),
            callable: Tracked::new(None),
            confirm: Tracked::new(None),
            review: Review::new(),
            demo: Demo::new(),
            save_warned: Kept::new(Vec::new()),
            clock_saved_at: Kept::new(now),
            low_tick: Kept::new(None),
            computer: Tracked::new(computer),
            tournament: Tracked::new(tournament),
            asked: Tracked::new(None),
            asked_id: Kept::new(0),
            computer_failed: Kept::new(None),
            hint: Tracked::new(None),
            arriving: Tracked::new(None),
        }
    }

    // ---- reading ----

    /// Whether a Fun Family game is on screen (reactive).
    pub fn is_family(self) -> bool {
        self.session.with(|s| s.is_family())
    }

    /// Runs `f` on the two-player game on screen, if that is what is played (reactive).
    pub fn with_two<R>(self, f: impl FnOnce(&Game) -> R) -> Option<R> {
        self.session.with(|s| s.two().map(f))
    }

    /// [`GameState::with_two`] without tracking.
    pub fn with_two_untracked<R>(self, f: impl FnOnce(&Game) -> R) -> Option<R> {
        self.session.with_untracked(|s| s.two().map(f))
    }

    /// Changes the two-player game on screen with `f`, if that is what is played; whoever
    /// follows the session hears of it either way.
    pub fn update_two<R>(self, f: impl FnOnce(&mut Game) -> R) -> Option<R> {
        let mut out = None;
        self.session.update(|s| {
            if let Session::Two(g) = s {
                out = Some(f(g));
            }
        });
        out
    }

    /// Runs `f` on the Fun Family game, if that is what is played (reactive).
    pub fn with_family<R>(self, f: impl FnOnce(&dyn FamilyPlay) -> R) -> Option<R> {
        self.session.with(|s| s.family().map(f))
    }

    /// [`GameState::with_family`] on the core's game itself: for the family part's panels and
    /// dialogs only (see [`super::family_seam`]).
    pub fn with_family_game<R>(self, f: impl FnOnce(&FamilyGame) -> R) -> Option<R> {
        self.session.with(|s| s.family().map(|g| f(g.game())))
    }

    /// "Anna (White)" when a name was given, else "White" (or "Red"...).
    pub fn label(self, side: Side) -> String {
        let colour = self.session.with(|s| s.seat_name(side));
        self.names.with(|n| match name_of(n, side) {
            "" => colour.to_string(),
            name => msg::game_player_label(&name, &colour),
        })
    }

    /// [`GameState::label`] without tracking.
    pub fn label_untracked(self, side: Side) -> String {
        let colour = self.session.with_untracked(|s| s.seat_name(side));
        self.names.with_untracked(|n| match name_of(n, side) {
            "" => colour.to_string(),
            name => msg::game_player_label(&name, &colour),
        })
    }

    /// Runs `f` on the session the board shows (tracked): the live game, or an earlier
    /// position or a line beside it (see [`super::review`]).
    pub fn with_board<R>(self, f: impl FnOnce(&Session) -> R) -> R {
        self.review.with_shown(self.session, f)
    }

    /// [`GameState::with_board`] without tracking (event handlers).
    pub fn with_board_untracked<R>(self, f: impl FnOnce(&Session) -> R) -> R {
        untrack(|| self.with_board(f))
    }

    /// Runs `f` on the two-player game the board shows, if that is the kind (tracked).
    pub fn with_board_two<R>(self, f: impl FnOnce(&Game) -> R) -> Option<R> {
        self.with_board(|s| s.two().map(f))
    }

    /// The board shows something other than the live game (tracked).
    pub fn is_reviewing(self) -> bool {
        self.review.view.get() != View::Live
    }

    /// [`GameState::is_reviewing`] without tracking.
    pub fn is_reviewing_untracked(self) -> bool {
        self.review.view.get_untracked() != View::Live
    }

    /// Outside demo mode an earlier position is for looking only: the board takes no moves.
    pub fn read_only(self) -> bool {
        self.review.view.get_untracked() != View::Live && !self.demo.on.get_untracked()
    }

    /// Degrees the board is turned clockwise (reactive): the side at the bottom.
    pub fn rotation(self) -> u16 {
        let s = self.settings.get();
        // A class watches the projector from one side: there the four-player board stays
        // still, Red at the bottom, whatever the seats at a table would want.
        let projector = self.demo.on.get();
        self.with_board(|b| match b {
            Session::Two(g) => match s.orientation {
                Orientation::Flip if g.turn() == Side::BLACK => 180,
                _ => 0,
            },
            Session::Family(_) if projector => 0,
            Session::Family(g) => match s.family_rotation {
                Rotation::Fixed => 0,
                Rotation::Mover => seat_angle(g.turn()),
            },
        })
    }

    /// The two-player side drawn at the bottom (reactive).
    pub fn bottom(self) -> Side {
        if self.rotation() == 180 {
            Side::BLACK
        } else {
            Side::WHITE
        }
    }

    /// The side whose strip or tray sits at the far edge (`top`) or the near edge.
    pub fn side_at(self, top: bool) -> Side {
        let bottom = self.bottom();
        if top {
            Side(1 - bottom.0)
        } else {
            bottom
        }
    }

    /// The game takes no moves now: game over, paused, a dialog, the promotion picker or a
    /// question is open, or an earlier position is shown outside demo mode. (The teacher's
    /// PIN pad is the lock's: see [`super::hands_locked`].)
    pub fn board_locked(self) -> bool {
        self.dialog.get_untracked().is_some()
            || self.promotion.get_untracked().is_some()
            || self.confirm.get_untracked().is_some()
            || self.with_board_untracked(|b| b.is_over() || b.is_paused())
            || self.clock_paused_untracked()
            || self.read_only()
    }

    /// The clock is paused (the board is locked and covered).
    pub fn clock_paused(self) -> bool {
        self.clock
            .with(|c| c.as_ref().is_some_and(|c| c.is_paused()))
    }

    pub(super) fn clock_paused_untracked(self) -> bool {
        self.clock
            .with_untracked(|c| c.as_ref().is_some_and(|c| c.is_paused()))
    }

    // ---- the hands on the board ----

    /// Unselects the board piece and the tray piece.
    pub fn clear_selection(self) {
        self.selected.set(None);
        self.drop_role.set(None);
    }

    /// The pawn waiting for its new piece goes back: the promotion is not played.
    pub fn cancel_promotion(self) {
        self.promotion.set(None);
        self.clear_selection();
    }

    /// Nothing selected, held or waiting on the board (after a dialog, another tab's move).
    pub fn clear_hands(self) {
        self.clear_selection();
        self.drag.set(None);
        self.tray_drag.set(None);
        self.promotion.set(None);
    }

    /// A piece is held by a finger or the mouse, on the board or from a tray (untracked).
    pub fn hands_busy(self) -> bool {
        self.drag.with_untracked(Option::is_some) || self.tray_drag.with_untracked(Option::is_some)
    }

    /// Nothing selected or held, and every press under way void (a dialog opened).
    pub fn drop_hands(self) {
        self.clear_hands();
        self.epoch.update(|e| *e = e.wrapping_add(1));
    }

    pub fn is_family_untracked(self) -> bool {
        self.session.with_untracked(|s| s.is_family())
    }

    // ---- whole games ----

    /// Saves, clears what the hands held and marks the game as changed.
    pub(super) fn changed(self) {
        if self.session.with_untracked(|s| s.is_over()) {
            let now = now_ms();
            self.clock.update(|c| {
                if let Some(c) = c {
                    c.stop(now);
                }
            });
        }
        self.save();
        self.clear_hands();
        self.claim_refused.set(None);
        self.hint.set(None);
        self.epoch.update(|e| *e = e.wrapping_add(1));
    }

    /// Closes ("Look at the board") or reopens the result screen.
    pub fn set_result_closed(self, closed: bool) {
        self.result_closed.set(closed);
        self.save();
    }

    // ---- saving ----

    /// Saves the game on screen under its own key, said once if the browser refuses. Before
    /// the saved forms are in (a first visit fetches them right after its first frame), the
    /// save waits for them; when they cannot be fetched that is said once, and the next save
    /// asks for them again.
    pub fn save(self) {
        match saves_part::forms() {
            Some(forms) => self.save_with(forms),
            None => leptos::task::spawn_local(async move {
                match saves_part::load().await {
                    Some(forms) => self.save_with(forms),
                    None => self.storage_failed("forms", msg::app_part_missing()),
                }
            }),
        }
    }

    fn save_with(self, forms: &dyn SaveForms) {
        let closed = self.result_closed.get_untracked();
        let names = self.names.get_untracked();
        let computer = self.computer.get_untracked();
        let tournament = self.tournament.get_untracked();
        let revision = |text: &str| forms.revision(text);
        let written = if self.is_family_untracked() {
            let names: [String; 4] =
                std::array::from_fn(|i| names.get(i).cloned().unwrap_or_default());
            self.session.with_untracked(|s| {
                let g = s.family()?;
                Some(storage::write_revisioned(
                    storage::FAMILY_KEY,
                    msg::app_notice_this_family_game(),
                    revision,
                    |rev| g.encode_save(&names, closed, &computer, rev),
                ))
            })
        } else {
            let now = now_ms();
            let clock = self.clock.with_untracked(|c| {
                c.clone().map(|mut c| {
                    c.checkpoint(now);
                    c
                })
            });
            self.clock_saved_at.set_value(now);
            let names = Names {
                white: names.first().cloned().unwrap_or_default(),
                black: names.get(1).cloned().unwrap_or_default(),
            };
            self.session.with_untracked(|s| {
                let game = s.two()?;
                let save = GameSave {
                    game,
                    names: &names,
                    result_closed: closed,
                    clock: clock.as_ref(),
                    computer: &computer,
                    tournament,
                };
                Some(storage::write_revisioned(
                    storage::CURRENT_KEY,
                    msg::app_notice_this_game(),
                    revision,
                    |rev| forms.game_text(&save, rev),
                ))
            })
        };
        match written {
            Some(Written::Saved) | None => {}
            Some(Written::SavedOverOther(notice)) => self.add_notice(notice),
            // Said once, so the teacher can export the game instead.
            Some(Written::Failed) => self.storage_failed("game", msg::app_notice_game_not_saved()),
        }
    }

    /// Keeps the two-player game being replaced (only if it had moves) under "previous".
    pub(super) fn keep_previous(self) {
        let text = self.session.with_untracked(|s| {
            let game = s.two().filter(|g| !g.moves().is_empty())?;
            let names = self.names.with_untracked(|n| Names {
                white: n.first().cloned().unwrap_or_default(),
                black: n.get(1).cloned().unwrap_or_default(),
            });
            let save = GameSave {
                game,
                names: &names,
                result_closed: false,
                clock: None,
                computer: &self.computer.get_untracked(),
                tournament: self.tournament.get_untracked(),
            };
            Some(saves_part::forms()?.game_text(&save, 0))
        });
        // Under a Fun Family game the two-player game waits in storage, as does a game whose
        // saved forms could not be fetched: keep that one.
        let text = text.or_else(|| {
            (self.is_family_untracked() || saves_part::forms().is_none())
                .then(|| storage::read(storage::CURRENT_KEY))
                .flatten()
        });
        if let Some(text) = text {
            if !storage::write(storage::PREVIOUS_KEY, &text) {
                self.storage_failed("previous", msg::app_notice_previous_not_kept());
            }
        }
    }

    /// Adds a notice about the saved data (several stay on screen together, a line each).
    pub fn add_notice(self, text: String) {
        self.notice.update(|n| match n {
            Some(old) if !old.lines().any(|line| line == text) => *old = format!("{old}\n{text}"),
            Some(_) => {}
            None => *n = Some(text),
        });
    }

    /// Says once (per kind of data) that the browser refused to store something.
    pub fn storage_failed(self, what: &'static str, text: &str) {
        let new = self.save_warned.try_update_value(|w| {
            let new = !w.contains(&what);
            if new {
                w.push(what);
            }
            new
        });
        if new == Some(true) {
            self.add_notice(text.to_string());
        }
    }

    /// Stores the settings (said once if the browser refuses).
    pub fn save_settings(self) {
        let text = settings_save::encode(&self.settings.get_untracked());
        if !storage::write(storage::SETTINGS_KEY, &text) {
            self.storage_failed("settings", msg::app_notice_settings_not_saved());
        }
    }

    /// Changes the settings and stores them.
    pub fn update_settings(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.save_settings();
    }

    /// Changes the stored rule sets: reads what is stored now (another tab may have added
    /// one), applies `f`, writes. On success the list on screen follows.
    pub fn update_rule_sets<T>(
        self,
        f: impl FnOnce(&mut Vec<SavedRuleSet>) -> T,
    ) -> Result<T, String> {
        // Without the saved forms the stored sets cannot be read, and must not be written over.
        if saves_part::forms().is_none() && storage::read(storage::RULE_SETS_KEY).is_some() {
            return Err(msg::app_part_missing().into());
        }
        let mut notices = Vec::new();
        let mut sets = read_save(
            storage::RULE_SETS_KEY,
            msg::app_notice_saved_rule_sets(),
            "",
            saves_part::read(|r, t| r.rule_sets(t)),
            &mut notices,
        )
        .unwrap_or_default();
        for n in notices {
            self.add_notice(n);
        }
        let out = f(&mut sets);
        if !storage::write(storage::RULE_SETS_KEY, &crate::saved_rules::encode(&sets)) {
            return Err(msg::app_notice_rule_sets_not_saved().into());
        }
        self.rule_sets.set(sets);
        Ok(out)
    }

    // ---- what is said and shown ----

    pub fn show_message(self, text: String) {
        self.message.set(Some(text.clone()));
        self.say(text.clone());
        set_timeout(
            move || {
                if self.message.get_untracked().as_deref() == Some(text.as_str()) {
                    self.message.set(None);
                }
            },
            Duration::from_secs(5),
        );
    }

    /// Puts text into the aria-live region (re-announcing identical text too).
    pub fn say(self, text: String) {
        self.spoken.update(|s| {
            // Screen readers skip an unchanged region: vary it invisibly.
            *s = if s.as_str() == text {
                format!("{text}\u{a0}")
            } else {
                text
            };
        });
    }

    /// Shows the big banner for a moment (a newer banner replaces it).
    pub fn show_banner(self, title: &'static str, detail: String, flipped: bool, mate: bool) {
        let id = self
            .banner
            .with_untracked(|b| b.as_ref().map_or(0, |b| b.id))
            + 1;
        self.banner.set(Some(Banner {
            title,
            detail,
            flipped,
            mate,
            id,
        }));
        let ms = if self.is_family_untracked() {
            2000
        } else {
            1600
        };
        set_timeout(
            move || {
                if self.banner.with_untracked(|b| b.as_ref().map(|b| b.id)) == Some(id) {
                    self.banner.set(None);
                }
            },
            Duration::from_millis(ms),
        );
    }
}

/// Degrees (clockwise) that bring a Fun Family seat to the bottom: Red sits at the bottom,
/// Blue on the left, Yellow at the top, Green on the right.
pub fn seat_angle(seat: Side) -> u16 {
    [0, 270, 180, 90][seat.index() & 3]
}

/// The stored settings; unreadable ones are set aside with a notice and the usual settings
/// are used. The family board's turning, once stored on its own, joins them.
fn load_settings(notices: &mut Vec<String>) -> Settings {
    let mut settings = read_save(
        storage::SETTINGS_KEY,
        msg::app_notice_the_settings(),
        msg::app_notice_usual_settings(),
        saves_part::read(|r, t| r.settings(t)),
        notices,
    )
    .unwrap_or_default();
    if let Some(old) = storage::read(storage::OLD_ROTATION_KEY) {
        settings.family_rotation = Rotation::parse(&old).unwrap_or_default();
        // The forms come before the start when this key is stored; without them the old key
        // stays, to join the settings at a later start.
        let text = saves_part::forms().map(|f| f.settings_text(&settings));
        if text.is_some_and(|text| storage::write(storage::SETTINGS_KEY, &text)) {
            storage::remove(storage::OLD_ROTATION_KEY);
        }
    }
    settings
}
