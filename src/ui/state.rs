//! The app's shared state (all signals, so it is `Copy`) and every change to the game. All
//! game changes go through here, so each is saved and announced in one place.

use crate::rules::clock::{Clock, TimeControl};
use crate::rules::game::{Action, EndReason, Game, GameError, Outcome, PlayedMove};
use crate::rules::ruleset::{Mode, RuleSet};
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::ui::announcer;
use crate::ui::demo::Demo;
use crate::ui::review::{self, Review};
use crate::ui::settings::{Orientation, Settings};
use crate::ui::storage::{self, Loaded, Names};
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
    /// The corrupted-save notice.
    pub notice: RwSignal<Option<String>>,
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
    save_warned: StoredValue<bool>,
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
        let settings = storage::load_settings();
        let fresh = || Game::new(RuleSet::primary());
        let (game, names, closed, clock, notice) = match storage::load_game() {
            Loaded::Nothing => (fresh(), Names::default(), false, None, None),
            Loaded::Game(c) => (c.game, c.names, c.result_closed, c.clock, None),
            Loaded::SetAside(key) => (
                fresh(),
                Names::default(),
                false,
                None,
                Some(format!(
                    "Your saved game could not be opened; it was kept aside (as \"{key}\"). A new game has started."
                )),
            ),
        };
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
            notice: RwSignal::new(notice),
            message: RwSignal::new(None),
            epoch: RwSignal::new(0),
            clock: RwSignal::new(clock),
            now: RwSignal::new(now),
            drop_role: RwSignal::new(None),
            tray_drag: RwSignal::new(None),
            claim_refused: RwSignal::new(None),
            review: Review::new(),
            demo: Demo::new(),
            save_warned: StoredValue::new(false),
            clock_saved_at: StoredValue::new(now),
            low_tick: StoredValue::new(None),
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
        let saved = self.game.with_untracked(|g| {
            self.names
                .with_untracked(|n| storage::save_game(g, n, closed, clock.as_ref()))
        });
        // Say so once, so the teacher can export the game instead.
        if !saved && !self.save_warned.get_value() {
            self.save_warned.set_value(true);
            self.show_message(
                "This browser did not let us save the game (storage full or turned off). Use Export to keep it.".into(),
            );
        }
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
        self.clear_selection();
        self.drag.set(None);
        self.tray_drag.set(None);
        self.promotion.set(None);
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
        self.game
            .with_untracked(|g| self.names.with_untracked(|n| storage::keep_previous(g, n)));
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
