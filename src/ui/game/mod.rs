//! The game layer: the game screen — the board area and the side panel — written once
//! against the [`session::Session`] of either kind of game, with the panels that only one kind
//! has shown when the session has them. Its state ([`state::GameState`]) holds every change
//! of the game; [`review`] and [`demo`] are looking back and the projector's drawings; [`lock`]
//! is the teacher's PIN; [`modal`] the frame of every dialog; [`part`] the parts fetched on
//! first use; [`computer`] the computer opponent,
//! hints and the best move; [`tournament_link`] a tournament game's result; [`typed`] moves
//! typed in the move box; [`position_words`] the position read out by keys. Imported by the
//! screens and the app shell above; it imports the board and platform layers below.

pub mod changes;
pub mod computer;
pub mod demo;
pub mod family_news;
pub mod family_part;
pub mod family_play;
pub mod family_seam;
pub mod lock;
pub mod modal;
pub mod move_words;
pub mod panels;
pub mod part;
pub mod position_words;
pub mod review;
pub mod saves_part;
pub mod screen;
pub mod session;
pub mod state;
pub mod tournament_link;
pub mod two_player;
pub mod typed;

use crate::rules::family::seat_letter;
use crate::rules::types::{MoveKind, Piece, Side, Square};
use crate::saves::settings::Rotation;
use crate::text::msg;
use crate::ui::board::keyboard::{self, KeyHandling, KeyHooks, Keys};
use crate::ui::board::memo;
use crate::ui::board::view::square_under;
use crate::ui::board::{Board, BoardHooks, Drag, Grab, Overlay, Picture, Shape, Tracked};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use lock::pin_pad_open_untracked as pin_pad_open;
use session::Session;
use state::{seat_angle, GameState};
use std::sync::OnceLock;
use web_sys::{Event, PointerEvent};

/// The board and the trays take no presses: the game takes no moves now, or the teacher's
/// PIN pad is open.
pub fn hands_locked(state: GameState) -> bool {
    state.board_locked() || pin_pad_open()
}

/// The game board's `data-testid`: how the trays find it under a finger.
pub const BOARD_ID: &str = "board";

/// What the board asks of the game on screen.
#[derive(Clone, Copy)]
struct Hooks {
    state: GameState,
}

impl BoardHooks for Hooks {
    fn drag(self) -> Tracked<Option<Drag>> {
        self.state.drag
    }
    fn epoch(self) -> u32 {
        self.state.epoch.get_untracked()
    }
    fn locked(self) -> bool {
        hands_locked(self.state)
    }
    /// A finger is carrying a reserve piece (Chess#): the board ignores other fingers.
    fn busy_elsewhere(self, id: i32) -> bool {
        self.state
            .tray_drag
            .get_untracked()
            .is_some_and(|d| d.pointer != id)
    }
    /// Fun Family: the next player has touched the board, the last move can no longer be
    /// called.
    fn pressed(self) {
        self.state.touched();
    }
    fn grab(self, sq: Square) -> Grab {
        let grab = self.state.with_board_untracked(|b| b.grab(sq));
        if grab == Grab::Refused {
            // Chess#: nothing on the board moves before the king is placed; say why.
            self.state.clear_selection();
            self.state.show_message(msg::game_place_king_first().into());
        }
        grab
    }
    fn selected(self) -> Option<Square> {
        self.state.selected.get_untracked()
    }
    fn select(self, sq: Square) {
        self.state.drop_role.set(None);
        self.state.selected.set(Some(sq));
    }
    fn clear(self) {
        self.state.clear_selection();
    }
    fn sound_on(self) -> bool {
        self.state.settings.with_untracked(|s| s.sound)
    }
    fn try_move(self, from: Square, to: Square) -> bool {
        self.state.try_move(from, to)
    }
    /// A reserve piece chosen in a tray (Chess#) goes to the tapped square.
    fn try_place(self, to: Square) -> Option<bool> {
        let role = self.state.drop_role.get_untracked()?;
        Some(self.state.try_drop(role, to))
    }
    fn cancelled(self, id: i32) {
        demo::cancel(self.state, id);
    }
    fn gesture_down(self, ev: &PointerEvent, sq: Option<Square>) -> bool {
        demo::offer_down(self.state, ev, sq)
    }
    fn gesture_move(self, ev: &PointerEvent, sq: Option<Square>) -> bool {
        self.state.demo.drawing.with_untracked(|d| d.is_some())
            && demo::offer_move(self.state, ev, sq)
    }
    fn gesture_up(self, ev: &PointerEvent, sq: Option<Square>) -> bool {
        demo::offer_up(self.state, ev, sq)
    }
    /// The keyboard's handling, fetched with the page's wiring.
    fn keyboard(self) -> KeyHandling<Self> {
        game_keys
    }
}

impl KeyHooks for Hooks {
    /// "e4, white knight"; with a piece picked up, whether it may go there.
    fn describe(self, sq: Square, name: &str) -> String {
        self.state.with_board_untracked(|b| {
            let piece_name = |p: Piece| b.piece_name(p);
            let here = b.piece_at(sq);
            let held = self.state.selected.get_untracked();
            let reaches =
                held.filter(|&from| from != sq && b.targets(from).iter().any(|(t, _)| *t == sq));
            match (here, held, reaches) {
                (Some(p), Some(from), _) if from == sq => {
                    msg::board_square_held(&name, &piece_name(p))
                }
                (Some(p), Some(from), Some(_)) => b.piece_at(from).map_or_else(
                    || msg::board_square_piece(&name, &piece_name(p)),
                    |mover| {
                        msg::board_square_take(
                            &name,
                            &piece_name(p),
                            &piece_name(mover),
                            &b.shape().name(from),
                        )
                    },
                ),
                (None, Some(from), Some(_)) => b.piece_at(from).map_or_else(
                    || msg::board_square_empty(&name),
                    |mover| {
                        msg::board_square_move(&name, &piece_name(mover), &b.shape().name(from))
                    },
                ),
                (Some(p), _, _) => msg::board_square_piece(&name, &piece_name(p)),
                (None, _, _) => msg::board_square_empty(&name),
            }
        })
    }
    fn focus_said(self, text: String) {
        self.state.say(text);
    }
    fn other_key(self, key: &str, focus: Option<Square>) -> bool {
        let reading = position_words::is_reading_key(key);
        if reading {
            position_words::read_out(self.state, key.to_string(), focus);
        }
        reading
    }
}

/// How the game's board answers the keyboard: put in place with the page's wiring (a part),
/// so the first load holds neither it nor the words that describe each square.
static KEYBOARD: OnceLock<KeyHandling<Hooks>> = OnceLock::new();

/// Puts the game board's keyboard handling in place.
pub fn install_keyboard() {
    KEYBOARD.get_or_init(|| keyboard::handle::<Hooks>);
}

/// The keyboard handling, fetched with the page's wiring (split out by tools/app-build.mjs).
#[wasm_split(wiring, wasm_split_path = leptos::wasm_split, fallible)]
fn keyboard_fetched() -> Result<(), SplitLoaderError> {
    install_keyboard();
    Ok(())
}

/// A key on the game's board, or the board focused: handled at once when the handling is in
/// place. Before (the page's wiring is on its way) each waits for it, in turn, unless the
/// board is gone meanwhile.
fn game_keys(keys: &Keys<Hooks>, ev: &Event) {
    if let Some(handle) = KEYBOARD.get() {
        handle(keys, ev);
        return;
    }
    let (keys, ev) = (keys.clone(), ev.clone());
    leptos::task::spawn_local(async move {
        if keyboard_fetched().await.is_ok() && keys.alive() {
            if let Some(handle) = KEYBOARD.get() {
                handle(&keys, &ev);
            }
        }
    });
}

/// What the board draws of the session on screen.
fn picture(state: GameState) -> Picture {
    let rotation = state.rotation();
    let settings = state.settings.get();
    let arriving = state.arriving.get();
    // On the projector (demo mode) every piece stands upright.
    let demo = state.demo.on.get();
    // A reserve piece carried from a tray (Chess#): where it would land.
    let target = state
        .tray_drag
        .get()
        .filter(|d| d.moved)
        .and_then(|d| square_under(BOARD_ID, Shape::standard(), rotation, d.at.0, d.at.1));
    state.with_board(|b| {
        let face = !demo && !b.is_family() && settings.face_to_face();
        let fixed = !demo && b.is_family() && settings.family_rotation == Rotation::Fixed;
        let turned = |side: Side| {
            if face && side == Side::BLACK {
                180
            } else if fixed {
                // A board lying flat: each army faces its own seat.
                (360 - seat_angle(side)) % 360
            } else {
                0
            }
        };
        let attack_hints = match b {
            Session::Family(g) if g.hints() && !g.is_over() => b
                .unannounced_attacks()
                .into_iter()
                .map(|(victim, king, _)| (king, seat_letter(victim)))
                .collect(),
            _ => Vec::new(),
        };
        let mut pieces = b.board_pieces(turned);
        // The computer's move slides across, while it is the last move on the board.
        if let Some((from, to)) = arriving.filter(|&m| b.last_move() == Some(m)) {
            if let Some(p) = pieces.iter_mut().find(|p| p.square == to) {
                p.slides_from = Some(from);
            }
        }
        Picture {
            rotation,
            pieces,
            last: b.last_move(),
            in_check: b.kings_in_check(),
            attack_hints,
            far_labels: face,
            orientation: (!b.is_family()).then_some(if rotation == 180 {
                "black"
            } else {
                "white"
            }),
            target,
        }
    })
}

/// Destinations of the selected piece, or squares for the chosen reserve piece:
/// (square, is a capture).
fn hints(state: GameState) -> Vec<(Square, bool)> {
    if let Some(from) = state.selected.get() {
        return state.with_board(|b| b.targets(from));
    }
    let Some(role) = state.drop_role.get() else {
        return Vec::new();
    };
    let mut squares: Vec<Square> = state.with_board(|b| {
        b.legal_moves()
            .iter()
            .filter(|m| m.kind == MoveKind::Drop(role))
            .map(|m| m.to)
            .collect()
    });
    crate::small_sort::sort_by_key(&mut squares, |s| *s);
    squares.dedup();
    squares.into_iter().map(|s| (s, false)).collect()
}

/// The board of the game on screen: a new board when the kind of game changes.
#[component]
pub fn GameBoard(state: GameState) -> impl IntoView {
    let family = memo(move || state.is_family());
    move || {
        let shape = state.session.with_untracked(|s| s.shape());
        let (label, variant) = if family.get() {
            (msg::board_label_family(), "family")
        } else {
            (msg::board_label_standard(), "standard")
        };
        let picture = memo(move || picture(state));
        let hints = memo(move || hints(state));
        let overlay = memo(move || -> Overlay {
            let mut overlay = demo::overlay(state);
            // A hint or the best move, as an arrow (a circle for a placement).
            overlay
                .marks
                .extend(state.hint_mark().map(|(mark, _)| mark));
            overlay
        });
        let selected = Signal::derive(move || state.selected.get());
        view! {
            <Board
                shape
                picture
                selected
                hints
                overlay
                label
                variant
                testid=BOARD_ID
                hooks=Hooks { state }
            />
        }
    }
}
