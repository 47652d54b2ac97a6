//! The one release-move drag / tap-then-tap state machine (RULES.md §2.10) behind both the
//! 8x8 board and the Fun Family cross board. A board says what its squares hold and how a
//! move is played through [`BoardHooks`]; everything about pointers lives here:
//!
//! * a press on one's own piece lifts it (selects it, captures the pointer);
//! * moving beyond [`pointer::DRAG_SLOP`] turns the press into a drag;
//! * release on a legal square plays the move; on its own square it stays selected (so a
//!   second tap can finish the move); off the board or on an illegal square nothing happens;
//! * a press on a hint square of the selected piece moves there when released on it;
//! * one pointer at a time: a second finger or a resting palm is ignored while the first
//!   still holds the board; pointercancel or a lost capture ends the press with no move;
//! * a drag begun before the game changed (new game, take back, ...) is void.

use crate::rules::types::Square;
use crate::ui::pointer::{self, client, BoardPointer};
use crate::ui::state::Drag;
use leptos::prelude::*;
use web_sys::PointerEvent;

/// What a press on a square may take hold of.
pub enum Grab {
    /// A piece of the player to move that may move: lift it.
    Lift,
    /// Not a piece that can be lifted (an empty square, someone else's piece).
    Nothing,
    /// Refused, and the board has already said why (Chess#: king still in the reserve).
    Refused,
}

/// What one board tells the shared state machine; cheap `Copy` handles to signals.
pub trait BoardHooks: Copy + Send + Sync + 'static {
    /// The board's drag (kept in the game's state so starting a new game can void it).
    fn drag(self) -> RwSignal<Option<Drag>>;
    /// Bumped whenever the game changes underneath a drag.
    fn epoch(self) -> u32;
    /// The square at a point in board units, `None` off the board.
    fn square_at(self, x: f64, y: f64) -> Option<Square>;
    /// No moves now (a dialog, promotion choice, game over, paused, looking back...).
    fn locked(self) -> bool;
    /// Another pointer already owns the board in a way this machine does not know of.
    fn busy_elsewhere(self, _id: i32) -> bool {
        false
    }
    /// A press that counts has reached the board (before its square is looked at).
    fn pressed(self) {}
    /// What a press on `sq` takes hold of.
    fn grab(self, sq: Square) -> Grab;
    /// The selected piece, if any.
    fn selected(self) -> Option<Square>;
    /// Select the piece on `sq` (it has just been lifted).
    fn select(self, sq: Square);
    /// Clear the selection.
    fn clear(self);
    /// Whether sounds are on (the first touch unlocks audio on tablets).
    fn sound_on(self) -> bool;
    /// Play `from` → `to` if legal (it may ask for a promotion piece); false if not legal.
    fn try_move(self, from: Square, to: Square) -> bool;
    /// Pointer `id` was cancelled or lost: end whatever else the board does with it.
    fn cancelled(self, _id: i32) {}
    /// A tap on a hint square with no piece selected: something else chose the squares
    /// (Chess#: a reserve piece). `None` when the board has no such thing.
    fn try_place(self, _to: Square) -> Option<bool> {
        None
    }
}

/// The state machine for one board: its hooks, the board's pointer plumbing, the hint
/// squares of the selection, and the pointer position while dragging (board units).
#[derive(Clone, Copy)]
pub struct ReleaseMove<B: BoardHooks> {
    board: B,
    bp: BoardPointer,
    hints: Memo<Vec<(Square, bool)>>,
    /// The pointer in board units while dragging, for drawing the lifted piece.
    pub pointer: RwSignal<(f64, f64)>,
    /// A press on a hint square of the selected piece: moves on release there, unless the
    /// game (or anything that voids presses, such as a dialog) changed meanwhile (epoch).
    tap: StoredValue<Option<(i32, Square, u32)>>,
}

impl<B: BoardHooks> ReleaseMove<B> {
    pub fn new(board: B, bp: BoardPointer, hints: Memo<Vec<(Square, bool)>>) -> Self {
        ReleaseMove {
            board,
            bp,
            hints,
            pointer: RwSignal::new((0.0, 0.0)),
            tap: StoredValue::new(None),
        }
    }

    /// The square under the pointer right now.
    pub fn square(self, ev: &PointerEvent) -> Option<Square> {
        let (x, y) = self.bp.units(ev)?;
        self.board.square_at(x, y)
    }

    /// Whether pointer `id` is this machine's (dragging a piece or holding a tap).
    pub fn owns(self, id: i32) -> bool {
        self.board
            .drag()
            .get_untracked()
            .is_some_and(|d| d.pointer == id)
            || self.tap.get_value().is_some_and(|(t, _, _)| t == id)
    }

    pub fn down(self, ev: PointerEvent) {
        let b = self.board;
        if pointer::ignored_press(&ev) {
            return;
        }
        let id = ev.pointer_id();
        // One pointer at a time: while a finger drags or holds a tap, other fingers (a second
        // finger, a resting palm, a mouse) are ignored. Not `isPrimary`: a palm resting first
        // would make the real finger non-primary.
        if let Some(d) = b.drag().get_untracked() {
            if d.pointer != id && self.bp.holds(d.pointer) {
                return;
            }
            // Its pointer is gone (the "up" was lost): drop that drag.
            b.drag().set(None);
        }
        if self
            .tap
            .get_value()
            .is_some_and(|(t, _, _)| t != id && self.bp.holds(t))
        {
            return;
        }
        if b.busy_elsewhere(id) {
            return;
        }
        self.tap.set_value(None);
        ev.prevent_default();
        let Some((x, y)) = self.bp.units(&ev) else {
            return;
        };
        if b.locked() {
            return;
        }
        b.pressed();
        let Some(sq) = b.square_at(x, y) else {
            b.clear();
            return;
        };
        match b.grab(sq) {
            Grab::Refused => {}
            Grab::Lift => {
                self.bp.capture(id);
                if b.sound_on() {
                    crate::ui::sound::unlock();
                }
                b.select(sq);
                self.pointer.set((x, y));
                b.drag().set(Some(Drag {
                    from: sq,
                    pointer: id,
                    touch: ev.pointer_type() == "touch",
                    start: client(&ev),
                    moved: false,
                    epoch: b.epoch(),
                }));
            }
            Grab::Nothing
                if self
                    .hints
                    .with_untracked(|h| h.iter().any(|(s, _)| *s == sq)) =>
            {
                self.bp.capture(id);
                self.tap.set_value(Some((id, sq, b.epoch())));
            }
            Grab::Nothing => b.clear(),
        }
    }

    pub fn moved(self, ev: PointerEvent) {
        let drag = self.board.drag();
        let Some(d) = drag.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer {
            return;
        }
        ev.prevent_default();
        if !d.moved && !pointer::past_slop(d.start, &ev) {
            return;
        }
        if let Some(p) = self.bp.units(&ev) {
            self.pointer.set(p);
        }
        if !d.moved {
            drag.set(Some(Drag { moved: true, ..d }));
        }
    }

    pub fn up(self, ev: PointerEvent) {
        let b = self.board;
        let id = ev.pointer_id();
        let target = self.square(&ev);
        if let Some((_, to, epoch)) = self.tap.get_value().filter(|(tid, _, _)| *tid == id) {
            self.tap.set_value(None);
            self.bp.release(id);
            if target == Some(to) && epoch == b.epoch() && !b.locked() {
                if let Some(from) = b.selected() {
                    if !b.try_move(from, to) {
                        b.clear();
                    }
                } else if b.try_place(to) == Some(false) {
                    b.clear();
                }
            }
            return;
        }
        let Some(d) = b.drag().get_untracked().filter(|d| d.pointer == id) else {
            return;
        };
        b.drag().set(None);
        self.bp.release(id);
        if d.epoch != b.epoch() || b.locked() {
            return;
        }
        match target {
            // Back on its own square: nothing happened; it stays selected (tap-tap).
            Some(sq) if sq == d.from => {}
            Some(sq) if b.try_move(d.from, sq) => {}
            // Off the board or not a legal square: the piece goes back, no move.
            _ => b.clear(),
        }
    }

    /// pointercancel, or the board lost the pointer: the press ends with no move.
    pub fn cancel(self, id: i32) {
        self.board.cancelled(id);
        let drag = self.board.drag();
        if drag.get_untracked().is_some_and(|d| d.pointer == id) {
            drag.set(None);
        }
        if self.tap.get_value().is_some_and(|(t, _, _)| t == id) {
            self.tap.set_value(None);
        }
    }

    /// Capture moving from a piece to the board also fires `lostpointercapture` (bubbling
    /// from the piece); only the board itself losing it ends the press.
    pub fn lost_capture(self, ev: PointerEvent) {
        if pointer::board_lost_capture(&ev) {
            self.cancel(ev.pointer_id());
        }
    }
}

/// How a lifted piece is drawn under the pointer: larger, and under a finger lifted above it
/// so the finger does not hide it.
pub struct LiftLook {
    pub touch_scale: f64,
    pub touch_lift: f64,
    pub mouse_scale: f64,
}

impl LiftLook {
    /// The SVG transform of a 100-unit piece lifted at `(x, y)`; `flip` for a piece drawn
    /// upside down (its player sits opposite, so "up" is the other way).
    pub fn transform(&self, (x, y): (f64, f64), touch: bool, flip: bool) -> String {
        let (s, lift) = if touch {
            (self.touch_scale, self.touch_lift)
        } else {
            (self.mouse_scale, 0.0)
        };
        let lift = if flip { -lift } else { lift };
        format!(
            "translate({:.1} {:.1}) scale({s})",
            x - 50.0 * s,
            y - 50.0 * s - lift
        )
    }
}

/// The move-hint marks of the selection: a dot on a free square, a ring on a capture.
/// `centre` gives a square's centre on screen (board units).
pub fn hint_marks(
    hints: Memo<Vec<(Square, bool)>>,
    name: impl Fn(Square) -> String + Send + Sync + 'static,
    centre: impl Fn(Square) -> (f64, f64) + Send + Sync + 'static,
) -> impl IntoView {
    move || {
        hints
            .get()
            .into_iter()
            .map(|(sq, capture)| {
                let (cx, cy) = centre(sq);
                view! {
                    <circle
                        class=if capture { "move-hint ring" } else { "move-hint dot" }
                        data-hint=name(sq)
                        cx=cx
                        cy=cy
                        r=if capture { "44" } else { "15" }
                    />
                }
            })
            .collect_view()
    }
}

/// The pieces in drawing order: the lifted one last, so it is drawn above the others.
pub fn lifted_last<T>(
    mut pieces: Vec<T>,
    lifted: Option<Square>,
    at: impl Fn(&T) -> Square,
) -> Vec<T> {
    if let Some(from) = lifted {
        if let Some(i) = pieces.iter().position(|p| at(p) == from) {
            let p = pieces.remove(i);
            pieces.push(p);
        }
    }
    pieces
}
