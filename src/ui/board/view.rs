//! The board component: our own SVG for any [`Shape`] and turn, and the pointer handling of
//! the release-move rule ([`super::gesture`]) for mouse, touch and pen alike. The square under
//! the pointer is always worked out from the board's box at that moment, never from the
//! event's target, so it stays right after a resize, a rotation or a turn of the board.

use super::gesture::{self, Drag, Grab, Hands, Pointer};
use super::kept::Kept;
use super::keyboard::{self, KeyHandling, KeyHooks, Keys};
use super::layers;
use super::marks::Overlay;
use super::number::{hundredths, tenths};
use super::overlays;
use super::piece_layer::{self, BoardPiece};
use super::reactive::{memo, watch};
use super::shape::{Shape, CELL};
use super::tracked::Tracked;
use crate::rules::types::Square;
use crate::text::msg;
use crate::ui::platform::pointer::{
    board_lost_capture, client, element_box, ignored_press, units_in, BoardPointer,
};
use leptos::prelude::*;
use std::rc::Rc;
use web_sys::{Element, Event, FocusEvent, KeyboardEvent, PointerEvent};

/// Everything the board shows of the game; the board redraws what changed.
#[derive(Clone, PartialEq, Debug)]
pub struct Picture {
    /// Degrees the board is turned clockwise (0: the first side at the bottom).
    pub rotation: u16,
    pub pieces: Vec<BoardPiece>,
    pub last: Option<(Square, Square)>,
    /// Squares of kings in check: a red glow.
    pub in_check: Vec<Square>,
    /// Kings attacked without a called check (a hint, not a check), with the seat letter.
    pub attack_hints: Vec<(Square, char)>,
    /// Coordinates for a player opposite too (face to face).
    pub far_labels: bool,
    /// `data-orientation` (`white`, `black`) where the game has one.
    pub orientation: Option<&'static str>,
    /// Where a piece carried from outside the board would land (a reserve piece, the
    /// editor's palette): marked like the target of a drag on the board.
    pub target: Option<Square>,
}

/// What the game tells the board; cheap `Copy` handles to signals.
pub trait BoardHooks: KeyHooks + Send + Sync {
    /// The board's drag (kept in the game's state so a new game can void it).
    fn drag(self) -> Tracked<Option<Drag>>;
    /// Bumped whenever the game changes underneath a press.
    fn epoch(self) -> u32;
    /// No moves now (a dialog, promotion choice, game over, paused, looking back...).
    fn locked(self) -> bool;
    /// Another pointer owns the board in a way the board does not know of.
    fn busy_elsewhere(self, _id: i32) -> bool {
        false
    }
    /// A press that counts has reached the board.
    fn pressed(self) {}
    /// What a press on `sq` takes hold of.
    fn grab(self, sq: Square) -> Grab;
    fn selected(self) -> Option<Square>;
    fn select(self, sq: Square);
    fn clear(self);
    /// Whether sounds are on (the first touch unlocks audio on tablets).
    fn sound_on(self) -> bool;
    /// Play `from` → `to` if legal; false if not legal.
    fn try_move(self, from: Square, to: Square) -> bool;
    /// A tap on a hint square with nothing selected (Chess#: a reserve piece was chosen).
    fn try_place(self, _to: Square) -> Option<bool> {
        None
    }
    /// A press on `sq` with nothing to lift is a tap the board hands on (to
    /// [`BoardHooks::try_place`] or [`BoardHooks::try_move`]) although `sq` is no hint: the
    /// editor's brush, or its selected piece going to any square.
    fn takes_tap(self, _sq: Square) -> bool {
        false
    }
    /// A dragged piece let go off the board; true when that did something (the editor takes
    /// it off). In a game nothing happens.
    fn dropped_off(self, _from: Square) -> bool {
        false
    }
    /// Pointer `id` was cancelled or lost.
    fn cancelled(self, _id: i32) {}
    /// Presses the game takes before the pieces (drawing in demo mode): true when taken.
    fn gesture_down(self, _ev: &PointerEvent, _sq: Option<Square>) -> bool {
        false
    }
    fn gesture_move(self, _ev: &PointerEvent, _sq: Option<Square>) -> bool {
        false
    }
    fn gesture_up(self, _ev: &PointerEvent, _sq: Option<Square>) -> bool {
        false
    }
    /// How the board answers the keyboard.
    fn keyboard(self) -> KeyHandling<Self> {
        keyboard::handle::<Self>
    }
}

/// The pointer id the keyboard's Enter and Space press with (no real pointer has it).
const KEYBOARD_POINTER: i32 = -7;
/// The keys the board answers, as `aria-keyshortcuts` names them.
const KEY_NAMES: &str =
    "ArrowUp ArrowDown ArrowLeft ArrowRight Home End Enter Space Escape P R F T"; // text-ok: key names, not words

/// The pure state machine's view of the board: the game's hooks, the pointer plumbing and
/// the hint squares of the selection.
struct Adapter<H> {
    hooks: H,
    bp: BoardPointer,
    hints: Memo<Vec<(Square, bool)>>,
}

impl<H: BoardHooks> gesture::Hooks for Adapter<H> {
    fn epoch(&self) -> u32 {
        self.hooks.epoch()
    }
    fn locked(&self) -> bool {
        self.hooks.locked()
    }
    fn holds(&self, id: i32) -> bool {
        self.bp.holds(id)
    }
    fn busy_elsewhere(&self, id: i32) -> bool {
        self.hooks.busy_elsewhere(id)
    }
    fn pressed(&mut self) {
        self.hooks.pressed();
    }
    fn grab(&mut self, sq: Square) -> Grab {
        self.hooks.grab(sq)
    }
    fn is_hint(&self, sq: Square) -> bool {
        self.hooks.takes_tap(sq)
            || self
                .hints
                .with_untracked(|h| h.iter().any(|(s, _)| *s == sq))
    }
    fn selected(&self) -> Option<Square> {
        self.hooks.selected()
    }
    fn select(&mut self, sq: Square) {
        self.hooks.select(sq);
    }
    fn clear(&mut self) {
        self.hooks.clear();
    }
    fn capture(&mut self, id: i32) {
        self.bp.capture(id);
    }
    fn release(&mut self, id: i32) {
        self.bp.release(id);
    }
    fn try_move(&mut self, from: Square, to: Square) -> bool {
        self.hooks.try_move(from, to)
    }
    fn try_place(&mut self, to: Square) -> Option<bool> {
        self.hooks.try_place(to)
    }
    fn dropped_off(&mut self, from: Square) -> bool {
        self.hooks.dropped_off(from)
    }
}

/// The SVG transform of a 100-unit piece lifted at `(x, y)`; `flip` for a piece drawn upside
/// down (its player sits opposite, so "up" is the other way).
fn lifted_transform(shape: &Shape, (x, y): (f64, f64), touch: bool, flip: bool) -> String {
    let l = shape.lift;
    let (s, lift) = if touch {
        (l.touch_scale, l.touch_lift)
    } else {
        (l.mouse_scale, 0.0)
    };
    let lift = if flip { -lift } else { lift };
    format!(
        "translate({} {}) scale({})",
        tenths(x - 50.0 * s),
        tenths(y - 50.0 * s - lift),
        hundredths(s)
    )
}

/// Where new pieces go in their layer: after the others, so a piece just moved is drawn above
/// its neighbours.
const AT_THE_END: &str = "beforeend"; // text-ok: a DOM position, not words

/// The pieces as the pieces layer shows them now.
struct DrawnPieces {
    rotation: u16,
    pieces: Vec<BoardPiece>,
    lifted: Option<Square>,
}

/// The element of the piece on `sq` in the pieces layer.
fn piece_element(layer: &Element, shape: &Shape, sq: Square) -> Option<Element> {
    layer
        .query_selector(&format!("[data-square=\"{}\"]", shape.name(sq))) // text-ok: a CSS selector
        .ok()
        .flatten()
}

/// The board. `shape` is fixed for its life (the game screen makes a new board when the
/// kind of game changes); `picture` is what stands on it; `selected` and `hints` the piece
/// held and where it may go; `overlay` the drawings; `label` the board's name for screen
/// readers, `variant` its `data-variant` and `testid` its `data-testid` (the board's address
/// for [`square_under`]).
#[component]
pub fn Board<H: BoardHooks>(
    shape: &'static Shape,
    picture: Memo<Picture>,
    selected: Signal<Option<Square>>,
    hints: Memo<Vec<(Square, bool)>>,
    overlay: Memo<Overlay>,
    label: &'static str,
    variant: &'static str,
    testid: &'static str,
    hooks: H,
) -> impl IntoView {
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let bp = BoardPointer::new(svg_ref, shape.size());
    let drag = hooks.drag();
    let tap = Kept::new(None::<gesture::Tap>);
    // The pointer in board units while dragging, for drawing the lifted piece.
    let pointer = Tracked::new((0.0, 0.0));
    let rotation = memo(move || picture.with(|p| p.rotation));
    let lifted = memo(move || drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));
    // The square a carried piece would land on: under a dragged piece, or from the picture.
    let target = memo(move || {
        if lifted.get().is_some() {
            let (x, y) = pointer.get();
            return shape.square_at(x, y, rotation.get());
        }
        picture.with(|p| p.target)
    });

    let square_of = move |ev: &PointerEvent| {
        let (x, y) = bp.units(ev)?;
        shape.square_at(x, y, rotation.get_untracked())
    };
    let plain = move |ev: &PointerEvent| Pointer {
        id: ev.pointer_id(),
        touch: ev.pointer_type() == "touch",
        at: client(ev),
        square: square_of(ev),
    };
    // Runs the state machine on the current hands and stores what changed.
    let run = move |f: &mut dyn FnMut(&mut Hands, &mut Adapter<H>) -> bool| {
        let before = Hands {
            drag: drag.get_untracked(),
            tap: tap.get_value(),
        };
        let mut hands = before;
        let mut adapter = Adapter { hooks, bp, hints };
        let out = f(&mut hands, &mut adapter);
        if hands.drag != before.drag {
            drag.set(hands.drag);
        }
        tap.set_value(hands.tap);
        out
    };

    let on_down = move |ev: PointerEvent| {
        // The game's gestures first: they may use the other buttons (drawing in demo mode).
        let sq = square_of(&ev);
        if drag.get_untracked().is_none() && hooks.gesture_down(&ev, sq) {
            bp.capture(ev.pointer_id());
            return;
        }
        if ignored_press(&ev) {
            return;
        }
        let Some(units) = bp.units(&ev) else {
            return;
        };
        let p = plain(&ev);
        let taken = run(&mut |hands, a| hands.down(p, a));
        if taken {
            ev.prevent_default();
        }
        if drag.get_untracked().is_some_and(|d| d.pointer == p.id) {
            pointer.set(units);
            if hooks.sound_on() {
                crate::ui::platform::sound::unlock();
            }
        }
    };
    let on_move = move |ev: PointerEvent| {
        if hooks.gesture_move(&ev, square_of(&ev)) {
            return;
        }
        let p = plain(&ev);
        if run(&mut |hands, _| hands.moved(p)) {
            ev.prevent_default();
            if drag.get_untracked().is_some_and(|d| d.moved) {
                if let Some(units) = bp.units(&ev) {
                    pointer.set(units);
                }
            }
        }
    };
    let on_up = move |ev: PointerEvent| {
        let id = ev.pointer_id();
        let owned = drag.get_untracked().is_some_and(|d| d.pointer == id)
            || tap.get_value().is_some_and(|t| t.pointer == id);
        if !owned && hooks.gesture_up(&ev, square_of(&ev)) {
            bp.release(id);
            return;
        }
        let p = plain(&ev);
        run(&mut |hands, a| {
            hands.up(p, a);
            true
        });
    };
    // The keyboard (see [`keyboard`]): the ring's square and its words are the board's; what
    // a key does is the hooks' handling.
    let focus = Tracked::new(None::<Square>);
    let focus_text = Tracked::new(None::<String>);
    let on_key = move |ev: &Event| {
        let press = move |sq: Square| {
            let p = Pointer {
                id: KEYBOARD_POINTER,
                touch: false,
                at: (0.0, 0.0),
                square: Some(sq),
            };
            run(&mut |hands, a| {
                if hands.down(p, a) {
                    hands.up(p, a);
                }
                true
            });
        };
        let keys = Keys {
            shape,
            rotation: rotation.get_untracked(),
            focus,
            focus_text,
            hooks,
            press: Rc::new(press),
        };
        hooks.keyboard()(&keys, ev);
    };
    let focus_ring = move || overlays::focus_ring(shape, rotation.get(), focus.get());

    let cancel = move |id: i32| {
        hooks.cancelled(id);
        run(&mut |hands, _| {
            hands.cancel(id);
            true
        });
    };

    // The squares and the coordinates are written as markup, again as a whole only when the
    // board turns (seldom); the few squares whose marks change (selected, last move, check)
    // then get their new class one by one.
    let marks = memo(move || {
        let (held, over) = (selected.get(), target.get());
        picture.with(|p| layers::square_marks(shape, held, over, p.last, &p.in_check))
    });
    let squares_layer = NodeRef::<leptos::svg::G>::new();
    let drawn_marks = Kept::new(layers::SquareMarks::new());
    let squares = move || {
        let now = marks.get_untracked();
        let markup = layers::squares(shape, rotation.get(), &now);
        drawn_marks.set_value(now);
        markup
    };
    watch(move || {
        let now = marks.get();
        let Some(layer) = squares_layer.get_untracked() else {
            return;
        };
        let rects = layer.children();
        drawn_marks.update_value(|drawn| {
            for (i, c) in shape.cells.iter().enumerate() {
                let mark = now.get(i).copied().unwrap_or(0);
                if drawn.get(i).copied().unwrap_or(0) == mark {
                    continue;
                }
                if let Some(rect) = rects.item(i as u32) {
                    let _ = rect.set_attribute("class", &layers::square_class(c.light, mark));
                }
            }
            drawn.clone_from(&now);
        });
    });
    // Written again only when the board turns or the far side's coordinates come or go.
    let far_labels = memo(move || picture.with(|p| p.far_labels));
    let labels = memo(move || layers::labels(&shape.labels(rotation.get(), far_labels.get())));

    let glows = move || picture.with(|p| overlays::glows(shape, rotation.get(), &p.in_check));
    let hint_marks = move || hints.with(|h| overlays::move_hints(shape, rotation.get(), h));
    let attack_hints =
        move || picture.with(|p| overlays::attack_hints(shape, rotation.get(), &p.attack_hints));
    let drawings = move || overlay.with(|o| overlays::drawings(shape, o, rotation.get()));

    // The pieces are written as markup when the board is drawn; after a move only the pieces
    // that changed are taken out and written in, and a turn of the board moves each piece. A
    // lifted piece stays in its place, marked by its class alone (so picking one up changes
    // one piece, not the layer: a long task on a slow tablet), and a copy of it follows the
    // pointer above every other piece.
    let standing = memo(move || picture.with(|p| p.pieces.clone()));
    let pieces_layer = NodeRef::<leptos::svg::G>::new();
    let drawn = Kept::new(DrawnPieces {
        rotation: rotation.get_untracked(),
        pieces: standing.get_untracked(),
        lifted: lifted.get_untracked(),
    });
    let first_pieces =
        drawn.with_value(|d| piece_layer::pieces(shape, d.rotation, &d.pieces, d.lifted));
    watch(move || {
        let rot = rotation.get();
        standing.with(|list| {
            let Some(layer) = pieces_layer.get_untracked() else {
                return;
            };
            drawn.update_value(|d| {
                if d.rotation != rot {
                    // The board turned: every piece moves to its new place.
                    let drawn_now = layer.children();
                    for i in 0..drawn_now.length() {
                        let Some(g) = drawn_now.item(i) else { continue };
                        let name = g.get_attribute("data-square").unwrap_or_default();
                        if let Some(sq) = shape.square_named(&name) {
                            let place = piece_layer::placement(shape, rot, sq);
                            let _ = g.set_attribute("transform", &place);
                        }
                    }
                }
                let (gone, new) = piece_layer::changes(&d.pieces, list);
                for sq in gone {
                    if let Some(g) = piece_element(&layer, shape, sq) {
                        g.remove();
                    }
                }
                let mut markup = String::new();
                for piece in new {
                    let one = std::slice::from_ref(piece);
                    markup.push_str(&piece_layer::pieces(shape, rot, one, d.lifted));
                }
                if !markup.is_empty() {
                    let _ = layer.insert_adjacent_html(AT_THE_END, &markup);
                }
                d.rotation = rot;
                d.pieces.clone_from(list);
            });
        });
    });
    watch(move || {
        let now = lifted.get();
        let Some(layer) = pieces_layer.get_untracked() else {
            return;
        };
        drawn.update_value(|d| {
            for piece in &d.pieces {
                let sq = Some(piece.square);
                if sq == d.lifted || sq == now {
                    if let Some(g) = piece_element(&layer, shape, piece.square) {
                        let _ =
                            g.set_attribute("class", &piece_layer::piece_class(piece, sq == now));
                    }
                }
            }
            d.lifted = now;
        });
    });
    // The mouse's "grabbing" hand while it carries a piece. Any change of the board's cursor
    // restyles every square and piece under it (a long task at the start of a drag on a slow
    // tablet), so a finger, which shows no cursor, leaves it alone.
    let mut grabbing = false;
    watch(move || {
        let mouse = drag.with_untracked(|d| d.is_some_and(|d| !d.touch));
        let now = lifted.get().is_some() && mouse;
        if now != grabbing {
            if let Some(svg) = svg_ref.get_untracked() {
                let _ = svg
                    .style()
                    .set_property("cursor", if now { "grabbing" } else { "" });
            }
        }
        grabbing = now;
    });
    let lifted_copy = move || {
        let from = lifted.get()?;
        let (symbol, turned) = picture.with(|p| {
            let piece = p.pieces.iter().find(|p| p.square == from)?;
            Some((format!("#{}", piece.symbol), piece.turned))
        })?;
        let transform = move || {
            let touch = drag.with(|d| d.is_some_and(|d| d.touch));
            lifted_transform(shape, pointer.get(), touch, turned == 180)
        };
        let turn = (turned != 0).then(|| format!("rotate({turned} 50 50)"));
        Some(view! {
            <g class="piece lifted" transform=transform>
                <g transform=turn>
                    <use href=symbol width="100" height="100"></use>
                </g>
            </g>
        })
    };

    view! {
        <svg
            node_ref=svg_ref
            class=shape.class
            data-testid=testid
            data-variant=variant
            data-rotation=move || rotation.get().to_string()
            data-orientation=move || picture.with(|p| p.orientation)
            data-face-to-face=move || picture.with(|p| p.far_labels).to_string()
            viewBox=format!("0 0 {0} {0}", tenths(shape.size()))
            tabindex="0"
            role="application"
            aria-roledescription=msg::board_role()
            aria-label=move || focus_text.get().map_or_else(|| label.to_string(), |t| format!("{label}: {t}"))
            aria-keyshortcuts=KEY_NAMES
            on:keydown=move |ev: KeyboardEvent| on_key(&ev)
            on:focus=move |ev: FocusEvent| on_key(&ev)
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=move |ev: PointerEvent| cancel(ev.pointer_id())
            on:lostpointercapture=move |ev: PointerEvent| {
                if board_lost_capture(&ev) {
                    cancel(ev.pointer_id());
                }
            }
            on:contextmenu=|ev| ev.prevent_default()
        >
            <defs>
                <radialGradient id="check-glow">
                    <stop offset="0%" stop-color="#ff1a1a" stop-opacity="0.95"></stop>
                    <stop offset="55%" stop-color="#ff3b30" stop-opacity="0.6"></stop>
                    <stop offset="100%" stop-color="#ff3b30" stop-opacity="0"></stop>
                </radialGradient>
            </defs>
            <g class="squares" node_ref=squares_layer inner_html=squares></g>
            <g class="coords" aria-hidden="true" inner_html=labels></g>
            <g class="glows" inner_html=glows></g>
            <g class="hints" inner_html=hint_marks></g>
            <g class="attack-hints" aria-hidden="true" inner_html=attack_hints></g>
            <g class="pieces" node_ref=pieces_layer inner_html=first_pieces></g>
            <g class="lifted-layer">{lifted_copy}</g>
            <g class="focus-layer" aria-hidden="true" inner_html=focus_ring></g>
            <g class="demo-layer" aria-hidden="true" inner_html=drawings></g>
        </svg>
    }
}

/// One board square's side on screen (CSS pixels), from the box of the board `testid` now.
pub fn square_px(testid: &str, shape: &Shape) -> f64 {
    element_box(&format!("[data-testid={testid}]"))
        .map_or(60.0, |r| r.width().min(r.height()) * CELL / shape.size())
}

/// The square of the board `testid` under a point of the screen (client pixels), from the
/// board's box now.
pub fn square_under(
    testid: &str,
    shape: &Shape,
    rotation: u16,
    cx: f64,
    cy: f64,
) -> Option<Square> {
    let (x, y) = units_in(&format!("[data-testid={testid}]"), cx, cy, shape.size())?;
    shape.square_at(x, y, rotation)
}
