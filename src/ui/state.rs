//! The app's shared state (all signals, so it is `Copy`) and every change to the game. All
//! game changes go through here, so each is saved and announced in one place.

use crate::rules::clock::{Clock, TimeControl};
use crate::rules::game::{Action, EndReason, Game, GameError, Outcome, PlayedMove};
use crate::rules::ruleset::Mode;
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::saved_rules::SavedRuleSet;
use crate::saves::game::{self as game_save, Names};
use crate::saves::settings::{self as settings_save, Orientation, Rotation, Settings};
use crate::ui::announcer;
use crate::ui::demo::Demo;
use crate::ui::review::{self, Review};
use crate::ui::storage::{self, Written};
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
    /// The custom rules screen (src/ui/rules_screen.rs).
    Rules,
}

/// Actions that ask "are you sure?" first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confirm {
    Stop,
    Resign(Side),
}

/// A piece being dragged on the board.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Drag {
    pub from: Square,
    pub pointer: i32,
    /// Touch: draw the piece lifted and larger so the finger does not hide it.
    pub touch: bool,
    /// Where the pointer went down (client pixels), to tell a tap from a drag.
    pub start: (f64, f64),
    /// The pointer has moved far enough to count as a drag.
    pub moved: bool,
    /// [`AppState::epoch`] at the start: a drag over a game that changed meanwhile is void.
    pub epoch: u32,
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

/// The big "Check!" banner.
#[derive(Clone, PartialEq, Debug)]
pub struct Banner {
    pub title: &'static str,
    pub detail: String,
    /// Shown upside down (face-to-face, for the player sitting opposite).
    pub flipped: bool,
    id: u32,
}

#[derive(Clone, Copy)]
pub struct AppState {
    pub game: RwSignal<Game>,
    pub names: RwSignal<Names>,
    pub settings: RwSignal<Settings>,
    pub selected: RwSignal<Option<Square>>,
    pub drag: RwSignal<Option<Drag>>,
    /// A pawn released on the last rank, waiting for the player to pick a piece.
    pub promotion: RwSignal<Option<(Square, Square)>>,
    pub dialog: RwSignal<Option<Dialog>>,
    /// The result screen was closed with "Look at the board".
    pub result_closed: RwSignal<bool>,
    pub banner: RwSignal<Option<Banner>>,
    /// Text of the aria-live region.
    pub spoken: RwSignal<String>,
    /// Notices about the saved data (set aside, kept from another tab), until dismissed.
    pub notice: RwSignal<Option<String>>,
    /// The teacher's named custom rule sets, as stored (kept in step with other tabs).
    pub rule_sets: RwSignal<Vec<SavedRuleSet>>,
    /// A short message, e.g. why an action was refused.
    pub message: RwSignal<Option<String>>,
    /// Bumped on every change of the game, so stale drags and timers can tell.
    pub epoch: RwSignal<u32>,
    /// The chess clock; `None` when the game is untimed.
    pub clock: RwSignal<Option<Clock>>,
    /// `performance.now()` at the last clock tick: the clocks on screen read it.
    pub now: RwSignal<f64>,
    /// The reserve piece chosen in a tray (tap or held): the board shows where it may go.
    pub drop_role: RwSignal<Option<Role>>,
    pub tray_drag: RwSignal<Option<TrayDrag>>,
    /// Why a stalemate claim was refused (Chess#); cleared by the next move.
    pub claim_refused: RwSignal<Option<String>>,
    /// Looking back through the game, variations, demonstrations (src/ui/review.rs).
    pub review: Review,
    /// Demo (projector) mode (src/ui/demo.rs).
    pub demo: Demo,
    /// Storage failures already reported, by what failed ("game", "settings", ...): each is
    /// said once.
    save_warned: StoredValue<Vec<&'static str>>,
    /// When the clock was last saved while running (`now` units).
    clock_saved_at: StoredValue<f64>,
    /// The last whole second announced by the low-time tick sound.
    low_tick: StoredValue<Option<u64>>,
}

/// Milliseconds from the page's monotonic clock (`performance.now()`): the only time source
/// of the chess clock (tests fake it).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

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

impl AppState {
    pub fn load() -> AppState {
        let mut notices: Vec<String> = crate::ui::crash::recover().into_iter().collect();
        crate::ui::crash::set_active(storage::CURRENT_KEY);
        let settings = load_settings(&mut notices);
        let saved = storage::read_or_set_aside(
            storage::CURRENT_KEY,
            "Your saved game",
            "A new game has started.",
            game_save::decode,
        )
        .unwrap_or_else(|notice| {
            notices.push(notice);
            None
        });
        let (game, names, closed, clock) = match saved {
            Some(c) => (c.game, c.names, c.result_closed, c.clock),
            None => (Game::of_mode(Mode::Primary), Names::default(), false, None),
        };
        let rule_sets = load_rule_sets(&mut notices);
        let now = now_ms();
        // The time while the page was closed is not charged.
        let clock = clock.map(|mut c| {
            c.restore(now);
            c
        });
        AppState {
            game: RwSignal::new(game),
            names: RwSignal::new(names),
            settings: RwSignal::new(settings),
            selected: RwSignal::new(None),
            drag: RwSignal::new(None),
            promotion: RwSignal::new(None),
            dialog: RwSignal::new(None),
            result_closed: RwSignal::new(closed),
            banner: RwSignal::new(None),
            spoken: RwSignal::new(String::new()),
            notice: RwSignal::new((!notices.is_empty()).then(|| notices.join("\n"))),
            rule_sets: RwSignal::new(rule_sets),
            message: RwSignal::new(None),
            epoch: RwSignal::new(0),
            clock: RwSignal::new(clock),
            now: RwSignal::new(now),
            drop_role: RwSignal::new(None),
            tray_drag: RwSignal::new(None),
            claim_refused: RwSignal::new(None),
            review: Review::new(),
            demo: Demo::new(),
            save_warned: StoredValue::new(Vec::new()),
            clock_saved_at: StoredValue::new(now),
            low_tick: StoredValue::new(None),
        }
    }

    /// Adds a notice about the saved data (several stay on screen together).
    pub fn add_notice(self, text: String) {
        self.notice.update(|n| match n {
            Some(old) if !old.contains(&text) => *old = format!("{old}\n{text}"),
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
            self.storage_failed(
                "settings",
                "This browser did not let us save the settings (storage full or turned off); they last until the page is closed.",
            );
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
        let mut notices = Vec::new();
        let mut sets = load_rule_sets(&mut notices);
        for n in notices {
            self.add_notice(n);
        }
        let out = f(&mut sets);
        if !storage::write(storage::RULE_SETS_KEY, &crate::saved_rules::encode(&sets)) {
            return Err(
                "This browser did not let us save the rule sets (storage full or turned off)."
                    .into(),
            );
        }
        self.rule_sets.set(sets);
        Ok(out)
    }

    /// Another tab changed something this tab shows: take it over. A game is taken over
    /// only when it reads whole (a damaged one is that tab's business), and the players are
    /// told when the game itself changed (not for a clock tick).
    pub fn follow_other_tab(self, key: &str, text: Option<String>) {
        match key {
            storage::CURRENT_KEY => {
                let Some(text) = text else { return };
                let rev = crate::saves::revision_of(&text);
                if rev == storage::known(key) {
                    return;
                }
                let Ok(c) = game_save::decode(&text) else {
                    return;
                };
                storage::remember(key, rev);
                let moved = self.game.with_untracked(|g| {
                    g.to_record().moves != c.game.to_record().moves
                        || g.outcome() != c.game.outcome()
                });
                let now = now_ms();
                self.names.set(c.names);
                self.game.set(c.game);
                self.clock.set(c.clock.map(|mut clock| {
                    clock.restore(now);
                    clock
                }));
                self.now.set(now);
                self.result_closed.set(c.result_closed);
                self.clear_hands();
                self.epoch.update(|e| *e = e.wrapping_add(1));
                review::reset(self);
                if moved {
                    self.show_message(
                        "This game was continued in another tab; this is where it stands now."
                            .into(),
                    );
                }
            }
            storage::SETTINGS_KEY => {
                if let Some(s) = text.and_then(|t| settings_save::decode(&t).ok()) {
                    self.settings.set(s);
                }
            }
            storage::RULE_SETS_KEY => match text {
                None => self.rule_sets.set(Vec::new()),
                Some(t) => {
                    if let Ok(sets) = crate::saved_rules::decode(&t) {
                        self.rule_sets.set(sets);
                    }
                }
            },
            _ => {}
        }
    }
    /// "Anna (White)" when a name was given, else "White".
    pub fn label(self, side: Side) -> String {
        self.names.with(|n| {
            let name = if side == Side::WHITE {
                &n.white
            } else {
                &n.black
            };
            if name.trim().is_empty() {
                side.name().to_string()
            } else {
                format!("{} ({})", name.trim(), side.name())
            }
        })
    }

    /// The side drawn at the bottom of the board (reactive).
    pub fn bottom(self) -> Side {
        match self.settings.with(|s| s.orientation) {
            Orientation::Flip => review::with_board_game(self, |g| g.turn()),
            _ => Side::WHITE,
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

    /// [`AppState::bottom`] without tracking (event handlers).
    pub fn bottom_untracked(self) -> Side {
        match self.settings.with_untracked(|s| s.orientation) {
            Orientation::Flip => review::with_board_game_untracked(self, |g| g.turn()),
            _ => Side::WHITE,
        }
    }

    /// The board takes no input: game over, a dialog or the promotion picker is open, the
    /// clock is paused, or an earlier position is shown outside demo mode.
    pub fn board_locked(self) -> bool {
        self.dialog.get_untracked().is_some()
            || crate::ui::teacher_lock::pin_pad_open_untracked()
            || self.promotion.get_untracked().is_some()
            || review::with_board_game_untracked(self, |g| g.is_over())
            || self.clock_paused_untracked()
            || review::read_only(self)
    }

    /// The clock is paused (the board is locked and covered).
    pub fn clock_paused(self) -> bool {
        self.clock
            .with(|c| c.as_ref().is_some_and(|c| c.is_paused()))
    }

    fn clock_paused_untracked(self) -> bool {
        self.clock
            .with_untracked(|c| c.as_ref().is_some_and(|c| c.is_paused()))
    }

    /// Unselects the board piece and the tray piece.
    pub fn clear_selection(self) {
        self.selected.set(None);
        self.drop_role.set(None);
    }

    pub fn save(self) {
        let closed = self.result_closed.get_untracked();
        let now = now_ms();
        let clock = self.clock.with_untracked(|c| {
            c.clone().map(|mut c| {
                c.checkpoint(now);
                c
            })
        });
        self.clock_saved_at.set_value(now);
        let written = self.game.with_untracked(|g| {
            self.names.with_untracked(|n| {
                storage::write_revisioned(storage::CURRENT_KEY, "This game", |rev| {
                    game_save::encode(g, n, closed, clock.as_ref(), rev)
                })
            })
        });
        match written {
            Written::Saved => {}
            Written::SavedOverOther(notice) => self.add_notice(notice),
            // Say so once, so the teacher can export the game instead.
            Written::Failed => self.storage_failed(
                "game",
                "This browser did not let us save the game (storage full or turned off). Use Export to keep it.",
            ),
        }
    }

    /// Keeps the game being replaced (only if it had moves) under the "previous" key.
    fn keep_previous(self) {
        let text = self.game.with_untracked(|g| {
            (!g.moves().is_empty()).then(|| {
                self.names
                    .with_untracked(|n| game_save::encode(g, n, false, None, 0))
            })
        });
        if let Some(text) = text {
            if !storage::write(storage::PREVIOUS_KEY, &text) {
                self.storage_failed(
                    "previous",
                    "This browser's storage is full: the game before this one could not be kept. Use Export to keep games.",
                );
            }
        }
    }

    /// Nothing selected, held or waiting on the board (after a dialog, another tab's move).
    pub fn clear_hands(self) {
        self.clear_selection();
        self.drag.set(None);
        self.tray_drag.set(None);
        self.promotion.set(None);
    }

    /// Closes ("Look at the board") or reopens the result screen.
    pub fn set_result_closed(self, closed: bool) {
        self.result_closed.set(closed);
        self.save();
    }

    /// Saves, clears transient board state and marks the game as changed.
    fn changed(self) {
        if self.game.with_untracked(|g| g.is_over()) {
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
        self.epoch.update(|e| *e = e.wrapping_add(1));
    }

    /// A reserve piece released on (or tapped onto) `to`. Returns false (and changes
    /// nothing) when it may not be placed there.
    pub fn try_drop(self, role: Role, to: Square) -> bool {
        let mv = review::with_board_game_untracked(self, |g| {
            g.legal_moves()
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

    /// A piece released on `to`: plays the move, or opens the promotion picker. Returns
    /// false (and changes nothing) when `from -> to` is not a legal move.
    pub fn try_move(self, from: Square, to: Square) -> bool {
        let candidates: Vec<Move> = review::with_board_game_untracked(self, |g| {
            g.legal_moves()
                .into_iter()
                .filter(|m| m.from == from && m.to == to && !m.is_drop())
                .collect()
        });
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

    /// Finishes a pending promotion with the chosen role letter.
    pub fn promote(self, letter: char) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        let mv = review::with_board_game_untracked(self, |g| {
            g.legal_moves().into_iter().find(|m| {
                m.from == from
                    && m.to == to
                    && matches!(m.kind, MoveKind::Promotion(r) if r.letter().eq_ignore_ascii_case(&letter))
            })
        });
        self.promotion.set(None);
        if let Some(mv) = mv {
            self.play(mv);
        }
    }

    pub fn play(self, mv: Move) {
        // An earlier position or a demonstration is on the board: not the game's move.
        if review::play(self, mv) {
            return;
        }
        // A flag that fell since the last tick comes first: that move was too late.
        if self.check_flag() {
            return;
        }
        let mut played: Option<PlayedMove> = None;
        self.game.update(|g| played = g.play(mv).ok().cloned());
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

    /// Resign, draw offers, claims and "Stop game". Refusals are shown in plain words.
    pub fn act(self, action: Action) {
        let mut result = Ok(());
        self.game.update(|g| result = g.act(action));
        match result {
            Ok(()) => {
                self.changed();
                if let Some(o) = self.game.with_untracked(|g| g.outcome()) {
                    self.announce_end(o);
                } else if let Action::OfferDraw(side) = action {
                    self.say(format!("{} offers a draw.", self.label(side)));
                } else if let Action::ProposeFastFifty(side) = action {
                    self.say(format!(
                        "{} proposes a fast-fifty: that an impasse is inevitable.",
                        self.label(side)
                    ));
                } else if action == Action::RejectFastFifty {
                    self.say("Fast-fifty rejected: the game goes on.".into());
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

    /// Replaces the game (new game, import) and starts its clock (`None`: untimed); the old
    /// game is kept under "previous".
    pub fn replace_game(self, game: Game, names: Names, control: Option<TimeControl>) {
        self.keep_previous();
        self.names.set(names);
        self.game.set(game);
        self.clock.set(control.map(Clock::new));
        self.now.set(now_ms());
        self.low_tick.set_value(None);
        self.result_closed.set(false);
        self.banner.set(None);
        self.message.set(None);
        self.changed();
        review::reset(self);
    }

    /// Takes back the last move of the game (teacher, demo mode): the game reopens if it had
    /// ended, and the clock runs for the side to move again. False when there is no move.
    pub fn take_back(self) -> bool {
        let mut undone = None;
        self.game.update(|g| undone = g.undo());
        let Some(p) = undone else {
            return false;
        };
        let now = now_ms();
        // The clock starts with the first move: back at the start, it waits again.
        let started = self.game.with_untracked(|g| !g.moves().is_empty());
        self.clock.update(|c| match c {
            Some(c) if started => c.start(p.side, now),
            Some(c) => c.stop(now),
            None => {}
        });
        self.now.set(now);
        self.result_closed.set(false);
        self.changed();
        review::reset(self);
        self.say(format!(
            "Move taken back: {}. {} to move.",
            p.san,
            p.side.name()
        ));
        true
    }

    /// The time control of the current game (`None`: untimed).
    pub fn time_control(self) -> Option<TimeControl> {
        self.clock.with_untracked(|c| c.as_ref().map(|c| c.control))
    }

    /// Whether the clock should be ticking: a timed game that is not over.
    pub fn clock_live(self) -> bool {
        self.clock.with(|c| c.is_some()) && self.game.with(|g| !g.is_over())
    }

    /// If the running side's time is up, ends the game on time. True when it did.
    fn check_flag(self) -> bool {
        if self.game.with_untracked(|g| g.is_over()) {
            return false;
        }
        let now = now_ms();
        let flagged = self
            .clock
            .with_untracked(|c| c.as_ref().and_then(|c| c.flagged(now)));
        match flagged {
            Some(side) => {
                self.now.set(now);
                self.act(Action::Flag(side));
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
        if self.check_flag() {
            return;
        }
        if self.game.with_untracked(|g| g.is_over()) {
            return;
        }
        let (running, left, low) = self.clock.with_untracked(|c| {
            let c = c.as_ref().expect("checked above");
            let running = c.running().filter(|_| !c.is_paused());
            let left = running.map_or(0, |s| c.remaining(s, now));
            (running, left, low_time_ms(&c.control))
        });
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
                    crate::ui::sound::tick();
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
        if self.game.with_untracked(|g| g.is_over()) {
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
            self.drag.set(None);
            self.tray_drag.set(None);
            self.promotion.set(None);
            self.clear_selection();
        }
        self.say(
            if paused {
                "Clock paused."
            } else {
                "Clock running."
            }
            .into(),
        );
        self.save();
    }

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

    fn show_banner(self, title: &'static str, detail: String, defender: Side) {
        let face = self.settings.with_untracked(|s| s.face_to_face());
        let id = self
            .banner
            .with_untracked(|b| b.as_ref().map_or(0, |b| b.id))
            + 1;
        self.banner.set(Some(Banner {
            title,
            detail,
            flipped: face && defender == Side::BLACK,
            id,
        }));
        set_timeout(
            move || {
                if self.banner.with_untracked(|b| b.as_ref().map(|b| b.id)) == Some(id) {
                    self.banner.set(None);
                }
            },
            Duration::from_millis(1600),
        );
    }

    fn announce_move(self, p: &PlayedMove) {
        let (outcome, mate_hint) = self
            .game
            .with_untracked(|g| (g.outcome(), g.is_checkmate()));
        let defender = Side(1 - p.side.0);
        if let Some(o) = outcome {
            if o.reason == EndReason::Checkmate {
                self.show_banner(
                    "Checkmate!",
                    format!("{} wins", self.label(p.side)),
                    defender,
                );
            }
            self.announce_end(o);
            return;
        }
        if !p.gives_check {
            return;
        }
        let detail = format!("{}'s king is attacked", defender.name());
        let hints = self.settings.with_untracked(|s| s.hints);
        let mut text = format!("Check! {detail}.");
        if hints && mate_hint {
            text.push_str(" Checkmate — the king cannot escape.");
        }
        self.show_banner("Check!", detail, defender);
        self.say(text);
        announcer::alert_sound("Check!", self.settings.get_untracked());
    }

    fn announce_end(self, o: Outcome) {
        let text = if o.reason == EndReason::Checkmate {
            format!("Checkmate! {}", self.winner_text(&o))
        } else {
            format!(
                "Game over. {} {}.",
                self.winner_text(&o),
                capitalise(&self.reason_text(&o))
            )
        };
        self.say(text);
        let s = self.settings.get_untracked();
        if s.sound {
            crate::ui::sound::game_over();
        }
        if s.speech {
            announcer::speak(if o.reason == EndReason::Checkmate {
                "Checkmate!"
            } else {
                "Game over"
            });
        }
    }

    /// "White wins!" / "Anna (Black) wins!" / "It's a draw!"; Chess#'s partial results:
    /// "Black stalemated White", "Impasse — White has more material", "Impasse — equal
    /// material".
    pub fn winner_text(self, o: &Outcome) -> String {
        match (o.reason, o.winner) {
            (EndReason::StalemateClaim, Some(side)) => format!(
                "{} stalemated {}",
                self.label(side),
                self.label(Side(1 - side.0))
            ),
            (EndReason::Impasse | EndReason::FastFifty, Some(side)) => {
                format!("Impasse — {} has more material", self.label(side))
            }
            (EndReason::Impasse | EndReason::FastFifty, None) => "Impasse — equal material".into(),
            (_, Some(side)) => format!("{} wins!", self.label(side)),
            (_, None) => "It's a draw!".into(),
        }
    }

    /// Why the game ended, in plain words (lower case first letter, like the core's).
    pub fn reason_text(self, o: &Outcome) -> String {
        let loser = o.winner.map(|w| Side(1 - w.0));
        match (o.reason, loser) {
            (EndReason::Timeout, Some(l)) => format!("{}'s time ran out", self.label(l)),
            (EndReason::Resignation, Some(l)) => format!("{} resigned", self.label(l)),
            (EndReason::StalemateClaim, Some(l)) => format!(
                "{} claimed stalemate: every move would have left their king attacked",
                self.label(l)
            ),
            _ => o.reason.describe().to_string(),
        }
    }
}

/// First letter upper case, for the core's lower-case phrases.
pub fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "wP", "bK": the piece code used in the DOM contract and the art symbol ids.
pub fn piece_code(p: Piece) -> String {
    let side = if p.side == Side::WHITE { 'w' } else { 'b' };
    format!("{side}{}", p.role.letter())
}

/// The stored settings; unreadable ones are set aside with a notice and the usual settings
/// are used. The family board's turning, once stored on its own, joins them.
fn load_settings(notices: &mut Vec<String>) -> Settings {
    let mut settings = storage::read_or_set_aside(
        storage::SETTINGS_KEY,
        "The settings",
        "The usual settings are used.",
        settings_save::decode,
    )
    .unwrap_or_else(|notice| {
        notices.push(notice);
        None
    })
    .unwrap_or_default();
    if let Some(old) = storage::read(storage::OLD_ROTATION_KEY) {
        settings.family_rotation = Rotation::parse(&old).unwrap_or_default();
        if storage::write(storage::SETTINGS_KEY, &settings_save::encode(&settings)) {
            storage::remove(storage::OLD_ROTATION_KEY);
        }
    }
    settings
}

/// The stored rule sets; unreadable ones are set aside with a notice, never dropped.
fn load_rule_sets(notices: &mut Vec<String>) -> Vec<SavedRuleSet> {
    storage::read_or_set_aside(
        storage::RULE_SETS_KEY,
        "The saved custom rule sets",
        "",
        crate::saved_rules::decode,
    )
    .unwrap_or_else(|notice| {
        notices.push(notice);
        None
    })
    .unwrap_or_default()
}
