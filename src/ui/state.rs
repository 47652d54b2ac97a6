//! The app's shared state (all signals, so it is `Copy`) and every change to the game. All
//! game changes go through here, so each is saved and announced in one place.

use crate::rules::game::{Action, EndReason, Game, Outcome, PlayedMove};
use crate::rules::ruleset::RuleSet;
use crate::rules::types::{Move, MoveKind, Piece, Side, Square};
use crate::ui::announcer;
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
    Confirm(Confirm),
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
    save_warned: StoredValue<bool>,
}

impl AppState {
    pub fn load() -> AppState {
        let settings = storage::load_settings();
        let fresh = || Game::new(RuleSet::primary());
        let (game, names, closed, notice) = match storage::load_game() {
            Loaded::Nothing => (fresh(), Names::default(), false, None),
            Loaded::Game(c) => (c.game, c.names, c.result_closed, None),
            Loaded::SetAside(key) => (
                fresh(),
                Names::default(),
                false,
                Some(format!(
                    "Your saved game could not be opened; it was kept aside (as \"{key}\"). A new game has started."
                )),
            ),
        };
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
            save_warned: StoredValue::new(false),
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
            Orientation::Flip => self.game.with(|g| g.turn()),
            _ => Side::WHITE,
        }
    }

    /// The board takes no input: game over, a dialog or the promotion picker is open.
    pub fn board_locked(self) -> bool {
        self.dialog.get_untracked().is_some()
            || self.promotion.get_untracked().is_some()
            || self.game.with_untracked(|g| g.is_over())
    }

    pub fn save(self) {
        let closed = self.result_closed.get_untracked();
        let saved = self.game.with_untracked(|g| {
            self.names
                .with_untracked(|n| storage::save_game(g, n, closed))
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
        self.save();
        self.selected.set(None);
        self.drag.set(None);
        self.promotion.set(None);
        self.epoch.update(|e| *e = e.wrapping_add(1));
    }

    /// A piece released on `to`: plays the move, or opens the promotion picker. Returns
    /// false (and changes nothing) when `from -> to` is not a legal move.
    pub fn try_move(self, from: Square, to: Square) -> bool {
        let candidates: Vec<Move> = self.game.with_untracked(|g| {
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
        let mv = self.game.with_untracked(|g| {
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
        let mut played: Option<PlayedMove> = None;
        self.game.update(|g| played = g.play(mv).ok().cloned());
        match played {
            Some(p) => {
                self.changed();
                self.announce_move(&p);
            }
            None => self.selected.set(None),
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
                }
            }
            Err(e) => self.show_message(capitalise(&e.to_string())),
        }
    }

    /// Replaces the game (new game, import); the old one is kept under "previous".
    pub fn replace_game(self, game: Game, names: Names) {
        self.game
            .with_untracked(|g| self.names.with_untracked(|n| storage::keep_previous(g, n)));
        self.names.set(names);
        self.game.set(game);
        self.result_closed.set(false);
        self.banner.set(None);
        self.message.set(None);
        self.changed();
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
                capitalise(o.reason.describe())
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

    /// "White wins!" / "Anna (Black) wins!" / "It's a draw!"
    pub fn winner_text(self, o: &Outcome) -> String {
        match o.winner {
            Some(side) => format!("{} wins!", self.label(side)),
            None => "It's a draw!".into(),
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
