//! The release-move rule (RULES.md §2.10) as a pure state machine, the same for every board:
//!
//! * a press on a piece that may move lifts it (selects it and takes the pointer);
//! * moving beyond [`DRAG_SLOP`] turns the press into a drag;
//! * release on a legal square plays the move; on its own square it stays selected (so a
//!   second tap can finish the move); off the board or on an illegal square nothing happens;
//! * a press on a hint square of the selected piece moves there when released on it;
//! * one pointer at a time: a second finger or a resting palm is ignored while the first
//!   still holds the board; pointercancel or a lost capture ends the press with no move;
//! * a press begun before the game changed (new game, take back, a dialog...) is void.
//!
//! No browser and no signals here: the board view feeds it plain events and carries out what
//! it decides through [`Hooks`], so it is tested natively.

use crate::rules::types::Square;

/// CSS pixels a press must travel before it counts as a drag (a shaky tap stays a tap).
pub const DRAG_SLOP: f64 = 6.0;

/// A piece being dragged.
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
    /// The game's epoch at the start: a drag over a game that changed meanwhile is void.
    pub epoch: u32,
}

/// A press held on a hint square of the selected piece: it moves there on release there.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Tap {
    pub pointer: i32,
    pub square: Square,
    pub epoch: u32,
}

/// What a press on a square may take hold of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grab {
    /// A piece of the player to move that may move: lift it.
    Lift,
    /// Not a piece that can be lifted (an empty square, someone else's piece).
    Nothing,
    /// Refused, and the game has already said why (Chess#: the king still in the reserve).
    Refused,
}

/// One pointer event as the machine sees it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Pointer {
    pub id: i32,
    pub touch: bool,
    /// Client pixels.
    pub at: (f64, f64),
    /// The square under it, `None` off the board.
    pub square: Option<Square>,
}

/// What the board's game does for the machine.
pub trait Hooks {
    /// The game's epoch now (bumped by every change that voids a press).
    fn epoch(&self) -> u32;
    /// No moves now (a dialog, promotion choice, game over, paused, looking back...).
    fn locked(&self) -> bool;
    /// Whether pointer `id` is still held by the board (its capture was not lost).
    fn holds(&self, id: i32) -> bool;
    /// Another pointer owns the board in a way this machine does not know of (a reserve
    /// piece carried from a tray).
    fn busy_elsewhere(&self, _id: i32) -> bool {
        false
    }
    /// A press that counts has reached the board (before its square is looked at).
    fn pressed(&mut self) {}
    /// What a press on `sq` takes hold of.
    fn grab(&mut self, sq: Square) -> Grab;
    /// Whether `sq` is a hint square of the selection (a legal destination).
    fn is_hint(&self, sq: Square) -> bool;
    fn selected(&self) -> Option<Square>;
    /// Select the piece on `sq` (it has just been lifted).
    fn select(&mut self, sq: Square);
    fn clear(&mut self);
    /// Take pointer `id` for the board (pointer capture), and give it back.
    fn capture(&mut self, id: i32);
    fn release(&mut self, id: i32);
    /// Play `from` → `to` if legal (it may ask for a promotion piece); false if not legal.
    fn try_move(&mut self, from: Square, to: Square) -> bool;
    /// A tap on a hint square with no piece selected: something else chose the squares
    /// (Chess#: a reserve piece). `None` when the game has no such thing.
    fn try_place(&mut self, _to: Square) -> Option<bool> {
        None
    }
    /// A dragged piece let go off the board. In a game nothing happened; the position editor
    /// takes the piece off. True when something was done.
    fn dropped_off(&mut self, _from: Square) -> bool {
        false
    }
}

/// The machine's state: the drag (the game draws the lifted piece from it) and a held tap.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Hands {
    pub drag: Option<Drag>,
    pub tap: Option<Tap>,
}

impl Hands {
    /// A press. False when it was ignored (another finger holds the board, or a busy tray).
    pub fn down(&mut self, p: Pointer, h: &mut impl Hooks) -> bool {
        // One pointer at a time: while a finger drags or holds a tap, other fingers (a second
        // finger, a resting palm, a mouse) are ignored. Not `isPrimary`: a palm resting first
        // would make the real finger non-primary.
        if let Some(d) = self.drag {
            if d.pointer != p.id && h.holds(d.pointer) {
                return false;
            }
            // Its pointer is gone (the "up" was lost): drop that drag.
            self.drag = None;
        }
        if self
            .tap
            .is_some_and(|t| t.pointer != p.id && h.holds(t.pointer))
        {
            return false;
        }
        if h.busy_elsewhere(p.id) {
            return false;
        }
        self.tap = None;
        if h.locked() {
            return true;
        }
        h.pressed();
        let Some(sq) = p.square else {
            h.clear();
            return true;
        };
        match h.grab(sq) {
            Grab::Refused => {}
            Grab::Lift => {
                h.capture(p.id);
                h.select(sq);
                self.drag = Some(Drag {
                    from: sq,
                    pointer: p.id,
                    touch: p.touch,
                    start: p.at,
                    moved: false,
                    epoch: h.epoch(),
                });
            }
            Grab::Nothing if h.is_hint(sq) => {
                h.capture(p.id);
                self.tap = Some(Tap {
                    pointer: p.id,
                    square: sq,
                    epoch: h.epoch(),
                });
            }
            Grab::Nothing => h.clear(),
        }
        true
    }

    /// The pointer moved; true when it is this machine's drag (the view then follows it).
    pub fn moved(&mut self, p: Pointer) -> bool {
        let Some(d) = self.drag.filter(|d| d.pointer == p.id) else {
            return false;
        };
        if !d.moved {
            let (dx, dy) = (p.at.0 - d.start.0, p.at.1 - d.start.1);
            if dx.hypot(dy) < DRAG_SLOP {
                return true;
            }
            self.drag = Some(Drag { moved: true, ..d });
        }
        true
    }

    /// The release: a move, a tap finished, or nothing.
    pub fn up(&mut self, p: Pointer, h: &mut impl Hooks) {
        if let Some(t) = self.tap.filter(|t| t.pointer == p.id) {
            self.tap = None;
            h.release(p.id);
            if p.square == Some(t.square) && t.epoch == h.epoch() && !h.locked() {
                match h.selected() {
                    Some(from) => {
                        if !h.try_move(from, t.square) {
                            h.clear();
                        }
                    }
                    None => {
                        if h.try_place(t.square) == Some(false) {
                            h.clear();
                        }
                    }
                }
            }
            return;
        }
        let Some(d) = self.drag.filter(|d| d.pointer == p.id) else {
            return;
        };
        self.drag = None;
        h.release(p.id);
        if d.epoch != h.epoch() || h.locked() {
            return;
        }
        match p.square {
            // Back on its own square: nothing happened; it stays selected (tap-tap).
            Some(sq) if sq == d.from => {}
            Some(sq) if h.try_move(d.from, sq) => {}
            None if d.moved && h.dropped_off(d.from) => h.clear(),
            // Off the board or not a legal square: the piece goes back, no move.
            _ => h.clear(),
        }
    }

    /// pointercancel, or the board lost the pointer: the press ends with no move.
    pub fn cancel(&mut self, id: i32) {
        if self.drag.is_some_and(|d| d.pointer == id) {
            self.drag = None;
        }
        if self.tap.is_some_and(|t| t.pointer == id) {
            self.tap = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with a piece on square 12 that may go to 28 (e2 → e4), and a log.
    #[derive(Default)]
    struct Game {
        epoch: u32,
        locked: bool,
        held: Vec<i32>,
        selected: Option<Square>,
        played: Vec<(Square, Square)>,
        cleared: usize,
        /// Takes pieces dragged off the board (the position editor does).
        takes_off: bool,
        taken_off: Vec<Square>,
    }

    const FROM: Square = Square(12);
    const TO: Square = Square(28);

    impl Hooks for Game {
        fn epoch(&self) -> u32 {
            self.epoch
        }
        fn locked(&self) -> bool {
            self.locked
        }
        fn holds(&self, id: i32) -> bool {
            self.held.contains(&id)
        }
        fn grab(&mut self, sq: Square) -> Grab {
            if sq == FROM {
                Grab::Lift
            } else {
                Grab::Nothing
            }
        }
        fn is_hint(&self, sq: Square) -> bool {
            self.selected == Some(FROM) && sq == TO
        }
        fn selected(&self) -> Option<Square> {
            self.selected
        }
        fn select(&mut self, sq: Square) {
            self.selected = Some(sq);
        }
        fn clear(&mut self) {
            self.selected = None;
            self.cleared += 1;
        }
        fn capture(&mut self, id: i32) {
            self.held.push(id);
        }
        fn release(&mut self, id: i32) {
            self.held.retain(|&h| h != id);
        }
        fn try_move(&mut self, from: Square, to: Square) -> bool {
            let legal = from == FROM && to == TO;
            if legal {
                self.played.push((from, to));
                self.selected = None;
                self.epoch += 1;
            }
            legal
        }
        fn dropped_off(&mut self, from: Square) -> bool {
            if self.takes_off {
                self.taken_off.push(from);
            }
            self.takes_off
        }
    }

    fn at(id: i32, square: Option<Square>, x: f64) -> Pointer {
        Pointer {
            id,
            touch: true,
            at: (x, 0.0),
            square,
        }
    }

    #[test]
    fn rules_2_10_a_drag_released_on_a_legal_square_moves() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        assert!(hands.down(at(1, Some(FROM), 0.0), &mut g));
        assert!(hands.moved(at(1, Some(TO), 50.0)));
        assert!(hands.drag.is_some_and(|d| d.moved));
        hands.up(at(1, Some(TO), 50.0), &mut g);
        assert_eq!(g.played, [(FROM, TO)]);
        assert_eq!(hands, Hands::default());
    }

    #[test]
    fn rules_2_10_released_on_its_own_square_off_the_board_or_illegally_nothing_happens() {
        for (target, stays_selected) in
            [(Some(FROM), true), (None, false), (Some(Square(40)), false)]
        {
            let (mut hands, mut g) = (Hands::default(), Game::default());
            hands.down(at(1, Some(FROM), 0.0), &mut g);
            hands.moved(at(1, target, 50.0));
            hands.up(at(1, target, 50.0), &mut g);
            assert!(g.played.is_empty(), "{target:?}");
            assert_eq!(g.selected.is_some(), stays_selected, "{target:?}");
        }
    }

    #[test]
    fn rules_2_10_tap_then_tap_moves() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        hands.up(at(1, Some(FROM), 0.0), &mut g);
        assert_eq!(g.selected, Some(FROM));
        hands.down(at(2, Some(TO), 0.0), &mut g);
        assert!(hands.tap.is_some());
        hands.up(at(2, Some(TO), 0.0), &mut g);
        assert_eq!(g.played, [(FROM, TO)]);
    }

    #[test]
    fn a_shaky_tap_is_no_drag() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        hands.moved(at(1, Some(FROM), DRAG_SLOP - 1.0));
        assert!(hands.drag.is_some_and(|d| !d.moved));
    }

    #[test]
    fn a_second_finger_is_ignored_while_the_first_holds_the_board() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        assert!(!hands.down(at(2, Some(Square(40)), 0.0), &mut g));
        hands.moved(at(1, Some(TO), 50.0));
        hands.up(at(2, Some(Square(40)), 0.0), &mut g);
        hands.up(at(1, Some(TO), 50.0), &mut g);
        assert_eq!(g.played, [(FROM, TO)]);
        // A drag whose finger the board lost no longer blocks another.
        hands.down(at(3, Some(FROM), 0.0), &mut g);
        g.held.clear();
        assert!(hands.down(at(4, Some(FROM), 0.0), &mut g));
    }

    #[test]
    fn a_press_begun_before_the_game_changed_is_void() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        hands.up(at(1, Some(FROM), 0.0), &mut g);
        hands.down(at(2, Some(TO), 0.0), &mut g);
        g.epoch += 1; // a dialog opened, a new game, a take-back...
        hands.up(at(2, Some(TO), 0.0), &mut g);
        assert!(g.played.is_empty());
        hands.down(at(3, Some(FROM), 0.0), &mut g);
        hands.moved(at(3, Some(TO), 50.0));
        g.epoch += 1;
        hands.up(at(3, Some(TO), 50.0), &mut g);
        assert!(g.played.is_empty());
    }

    #[test]
    fn a_cancelled_pointer_or_a_locked_board_moves_nothing() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        hands.cancel(1);
        hands.up(at(1, Some(TO), 50.0), &mut g);
        assert!(g.played.is_empty());
        g.locked = true;
        hands.down(at(2, Some(FROM), 0.0), &mut g);
        assert_eq!(hands.drag, None);
    }

    #[test]
    fn a_piece_dragged_off_the_board_is_offered_to_the_board_only_after_a_real_drag() {
        let (mut hands, mut g) = (Hands::default(), Game::default());
        hands.down(at(1, Some(FROM), 0.0), &mut g);
        hands.moved(at(1, None, 50.0));
        hands.up(at(1, None, 50.0), &mut g);
        assert!(
            g.taken_off.is_empty() && g.played.is_empty(),
            "a game keeps the piece"
        );
        g.takes_off = true;
        // A press that never left its square, released outside after the board lost track
        // of it, is no drag.
        hands.down(at(2, Some(FROM), 0.0), &mut g);
        hands.up(at(2, None, 1.0), &mut g);
        assert!(g.taken_off.is_empty());
        hands.down(at(3, Some(FROM), 0.0), &mut g);
        hands.moved(at(3, None, 50.0));
        hands.up(at(3, None, 50.0), &mut g);
        assert_eq!(g.taken_off, [FROM]);
        assert_eq!(g.selected, None);
    }
}
