//! The board component: our own SVG for any [`Shape`] and turn, and the pointer handling of
//! the release-move rule ([`super::gesture`]) for mouse, touch and pen alike. The square under
//! the pointer is always worked out from the board's box at that moment, never from the
//! event's target, so it stays right after a resize, a rotation or a turn of the board.

use super::focus::{self, Step};
use super::gesture::{self, Drag, Grab, Hands, Pointer};
use super::layers;
use super::marks::{Mark, Overlay, Pen};
use super::number::{hundredths, tenths};
use super::shape::{Shape, CELL};
use crate::rules::types::Square;
use crate::text::msg;
use crate::ui::platform::pointer::{
    board_lost_capture, client, element_box, ignored_press, units_in, BoardPointer,
};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent, PointerEvent};

/// One piece as the board draws it.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardPiece {
    pub square: Square,
    /// The piece in the DOM contract (`data-piece`): `wK`, `rQ`.
    pub code: String,
    /// The id of its symbol (`p-wK`, `fp-rQ`).
    pub symbol: String,
    /// The owner's state where the game has one (`data-state`: live, asleep, dead).
    pub state: Option<&'static str>,
    /// Drawn faded: it may not move yet (Chess#: its king is still in the reserve).
    pub inactive: bool,
    /// Degrees the piece itself is turned, to face its player (face to face, a fixed
    /// four-player board).
    pub turned: u16,
    /// A ring round a king under an announced check.
    pub ringed: bool,
    /// It has just come from this square (the computer's move): it slides from there.
    pub slides_from: Option<Square>,
    /// A "z" on a sleeping piece (its player is away).
    pub asleep: bool,
}

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
pub trait BoardHooks: Copy + Send + Sync + 'static {
    /// The board's drag (kept in the game's state so a new game can void it).
    fn drag(self) -> RwSignal<Option<Drag>>;
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
    /// What the keyboard's focus on `sq` (named `name`) is called for a screen reader:
    /// "e4, white knight".
    fn describe(self, _sq: Square, name: &str) -> String {
        name.to_string()
    }
    /// The keyboard's focus moved to a square described as `text`: say it.
    fn focus_said(self, _text: String) {}
    /// A key pressed on the board that is none of the board's own (a reading key: the
    /// position, a rank...): true when the game took it.
    fn other_key(self, _key: &str, _focus: Option<Square>) -> bool {
        false
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

const HEAD: f64 = 34.0;

/// A coordinate as an attribute's text (an `f64` attribute would bring the float formatter).
fn num(value: f64) -> String {
    tenths(value).to_string()
}

fn arrow_view(
    shape: &'static Shape,
    from: (f64, f64),
    to: (f64, f64),
    pen: Pen,
    ends: Option<(Square, Square)>,
) -> AnyView {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // Start a little off the centre, end where the head begins.
    let (sx, sy) = (from.0 + ux * 18.0, from.1 + uy * 18.0);
    let (ex, ey) = (to.0 - ux * HEAD, to.1 - uy * HEAD);
    let (px, py) = (-uy, ux);
    let head = format!(
        "{},{} {},{} {},{}",
        tenths(to.0 - ux * 4.0),
        tenths(to.1 - uy * 4.0),
        tenths(ex + px * 26.0),
        tenths(ey + py * 26.0),
        tenths(ex - px * 26.0),
        tenths(ey - py * 26.0)
    );
    let colour = pen.colour();
    let (testid, f, t) = match ends {
        Some((a, b)) => (
            "arrow",
            shape.name(a).to_string(),
            shape.name(b).to_string(),
        ),
        None => ("arrow-preview", String::new(), String::new()),
    };
    view! {
        <g class="mark arrow" data-testid=testid data-from=f data-to=t data-colour=pen.key()>
            <line x1=num(sx) y1=num(sy) x2=num(ex) y2=num(ey) stroke=colour stroke-width="17" stroke-linecap="round"></line>
            <polygon points=head fill=colour></polygon>
        </g>
    }
    .into_any()
}

fn circle_view(
    shape: &'static Shape,
    (x, y): (f64, f64),
    sq: Square,
    pen: Pen,
    preview: bool,
) -> AnyView {
    view! {
        <circle
            class=if preview { "mark circle preview" } else { "mark circle" }
            data-testid=(!preview).then_some("circle")
            data-square=(!preview).then(|| shape.name(sq).to_string())
            data-colour=(!preview).then_some(pen.key())
            cx=num(x)
            cy=num(y)
            r="44"
            fill="none"
            stroke=pen.colour()
            stroke-width="8"
        ></circle>
    }
    .into_any()
}

/// Drawings, the one being drawn and the shown moves, over the pieces.
fn overlay_view(shape: &'static Shape, overlay: Overlay, rot: u16) -> impl IntoView {
    let centre = move |sq: Square| shape.centre(sq, rot);
    let shown = overlay.shown.map(|s| {
        let (fx, fy) = centre(s.from);
        let dests = s
            .dests
            .into_iter()
            .map(|(sq, capture, danger)| {
                let (x, y) = centre(sq);
                if danger {
                    let k = 30.0;
                    view! {
                        <g class="show-danger" data-testid="hint-danger" data-square=shape.name(sq).to_string()>
                            <line x1=num(x - k) y1=num(y - k) x2=num(x + k) y2=num(y + k)></line>
                            <line x1=num(x - k) y1=num(y + k) x2=num(x + k) y2=num(y - k)></line>
                        </g>
                    }
                    .into_any()
                } else {
                    view! {
                        <circle
                            class=if capture { "show-move ring" } else { "show-move dot" }
                            data-testid="hint-show"
                            data-square=shape.name(sq).to_string()
                            cx=num(x)
                            cy=num(y)
                            r=if capture { "42" } else { "17" }
                        ></circle>
                    }
                    .into_any()
                }
            })
            .collect_view();
        view! {
            <rect class="show-from" x=num(fx - 46.0) y=num(fy - 46.0) width="92" height="92"></rect>
            {dests}
        }
    });
    let marks = overlay
        .marks
        .into_iter()
        .map(|m| match m {
            Mark::Arrow(a, b, pen) => arrow_view(shape, centre(a), centre(b), pen, Some((a, b))),
            Mark::Circle(s, pen) => circle_view(shape, centre(s), s, pen, false),
        })
        .collect_view();
    let preview = overlay.drawing.and_then(|(d, pen)| {
        let to = d.to?;
        Some(if to == d.from {
            circle_view(shape, centre(to), to, pen, true)
        } else {
            arrow_view(shape, centre(d.from), centre(to), pen, None)
        })
    });
    view! { {shown}{marks}{preview} }
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
    let tap = StoredValue::new(None::<gesture::Tap>);
    // The pointer in board units while dragging, for drawing the lifted piece.
    let pointer = RwSignal::new((0.0, 0.0));
    let rotation = Memo::new(move |_| picture.with(|p| p.rotation));
    let lifted = Memo::new(move |_| drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));
    // The square a carried piece would land on: under a dragged piece, or from the picture.
    let target = Memo::new(move |_| {
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
    // The keyboard: arrows move a focus ring over the squares as drawn; Enter or Space
    // presses and releases on the focused square, as a tap does (lift, put down on a legal
    // square; on any other square nothing is played); Escape is the app's (it drops the piece).
    let focus = RwSignal::new(None::<Square>);
    let focus_text = RwSignal::new(None::<String>);
    let focus_on = move |sq: Square| {
        focus.set(Some(sq));
        let text = hooks.describe(sq, shape.name(sq));
        focus_text.set(Some(text.clone()));
        hooks.focus_said(text);
    };
    let on_key = move |ev: KeyboardEvent| {
        let key = ev.key();
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        let rot = rotation.get_untracked();
        if let Some(direction) = Step::of_key(&key) {
            let next = match focus.get_untracked() {
                Some(from) => Some(focus::step(shape, rot, from, direction)),
                None => focus::start(shape, rot),
            };
            if let Some(sq) = next {
                focus_on(sq);
            }
        } else if key == "Enter" || key == " " {
            let Some(sq) = focus.get_untracked() else {
                return;
            };
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
            // Say the square again: what it holds or offers has changed.
            focus_on(sq);
        } else if !hooks.other_key(&key, focus.get_untracked()) {
            return;
        }
        ev.prevent_default();
        ev.stop_propagation();
    };
    // The ring comes with the keyboard (or a game started from it), not with a finger that
    // started a game: the browser's focus-visible says which.
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        let by_keyboard = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|el| el.matches(":focus-visible").unwrap_or(true)); // text-ok: a CSS selector
        if by_keyboard && focus.get_untracked().is_none() {
            if let Some(sq) = focus::start(shape, rotation.get_untracked()) {
                focus_on(sq);
            }
        }
    };
    let focus_ring = move || {
        let sq = focus.get()?;
        let (x, y) = shape.cell(sq, rotation.get());
        Some(
            view! { <rect class="focus-ring" data-testid="focus-ring" data-square=shape.name(sq).to_string() x=num(x + 4.0) y=num(y + 4.0) width="92" height="92" rx="6" /> },
        )
    };

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
    let marks = Memo::new(move |_| {
        let (held, over) = (selected.get(), target.get());
        picture.with(|p| layers::square_marks(shape, held, over, p.last, &p.in_check))
    });
    let squares_layer = NodeRef::<leptos::svg::G>::new();
    let drawn_marks = StoredValue::new(layers::SquareMarks::new());
    let squares = move || {
        let now = marks.get_untracked();
        let markup = layers::squares(shape, rotation.get(), &now);
        drawn_marks.set_value(now);
        markup
    };
    Effect::new(move |_| {
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
    let far_labels = Memo::new(move |_| picture.with(|p| p.far_labels));
    let labels =
        Memo::new(move |_| layers::labels(&shape.labels(rotation.get(), far_labels.get())));

    let glows = move || {
        let rot = rotation.get();
        picture.with(|p| {
            p.in_check
                .iter()
                .map(|&sq| {
                    let (x, y) = shape.centre(sq, rot);
                    view! { <circle class="check-glow" cx=num(x) cy=num(y) r="50" fill="url(#check-glow)" /> }
                })
                .collect_view()
        })
    };

    let hint_marks = move || {
        let rot = rotation.get();
        hints
            .get()
            .into_iter()
            .map(|(sq, capture)| {
                let (cx, cy) = shape.centre(sq, rot);
                view! {
                    <circle
                        class=if capture { "move-hint ring" } else { "move-hint dot" }
                        data-hint=shape.name(sq).to_string()
                        cx=num(cx)
                        cy=num(cy)
                        r=if capture { "44" } else { "15" }
                    />
                }
            })
            .collect_view()
    };

    let attack_hints = move || {
        let rot = rotation.get();
        picture.with(|p| {
            p.attack_hints
                .iter()
                .map(|&(king, seat)| {
                    let (cx, cy) = shape.centre(king, rot);
                    view! { <circle class="attack-hint" data-attacked=seat.to_string() cx=num(cx) cy=num(cy) r="46" /> }
                })
                .collect_view()
        })
    };

    // A lifted piece stays in its place in the list, marked (so picking one up changes one
    // piece, not the whole list and every piece's drawing: a long task on a slow tablet), and
    // a copy of it follows the pointer above every other piece.
    let piece_view = move |bp_: BoardPiece| {
        let sq = bp_.square;
        let turned = bp_.turned;
        let transform = move || {
            let (x, y) = shape.cell(sq, rotation.get());
            format!("translate({} {})", tenths(x), tenths(y))
        };
        let (inactive, ringed) = (bp_.inactive, bp_.ringed);
        let slides = bp_.slides_from.is_some();
        let class = move || {
            let mut c = String::from("piece");
            if lifted.get() == Some(sq) {
                c.push_str(" dragging");
            } else if inactive {
                c.push_str(" inactive");
            }
            if ringed {
                c.push_str(" announced-check");
            }
            if slides {
                c.push_str(" slide-in");
            }
            c
        };
        let turn = (turned != 0).then(|| format!("rotate({turned} 50 50)"));
        // A piece that has just come (the computer's move) slides in from where it was: the
        // CSS animation of its `translate` runs once, when the piece is drawn on its new
        // square, on top of the `transform` that places it.
        let slide = bp_.slides_from.map(|from| {
            let rot = rotation.get_untracked();
            let ((fx, fy), (tx, ty)) = (shape.cell(from, rot), shape.cell(sq, rot));
            format!(
                "--slide-x:{}px;--slide-y:{}px",
                tenths(fx - tx),
                tenths(fy - ty)
            )
        });
        // As few elements as a piece needs (a start draws every piece at once): the piece,
        // and the ring and the sleep sign only on the pieces that have them.
        view! {
            <g class=class data-piece=bp_.code data-square=shape.name(sq).to_string() data-state=bp_.state transform=transform style=slide>
                {ringed.then(|| view! { <circle class="check-ring" cx="50" cy="50" r="47" /> })}
                <use href=format!("#{}", bp_.symbol) width="100" height="100" transform=turn.clone()></use>
                // text-ok: "z", the sleep sign drawn on a piece (the board is one image to screen readers)
                {bp_.asleep.then(|| view! { <text class="asleep-mark" x="22" y="30" transform=turn>"z"</text> })}
            </g>
        }
    };
    // The mouse's "grabbing" hand while it carries a piece. Any change of the board's cursor
    // restyles every square and piece under it (a long task at the start of a drag on a slow
    // tablet), so a finger, which shows no cursor, leaves it alone.
    Effect::new(move |grabbing: Option<bool>| {
        let mouse = drag.with_untracked(|d| d.is_some_and(|d| !d.touch));
        let now = lifted.get().is_some() && mouse;
        if now != grabbing.unwrap_or(false) {
            if let Some(svg) = svg_ref.get_untracked() {
                let _ = svg
                    .style()
                    .set_property("cursor", if now { "grabbing" } else { "" });
            }
        }
        now
    });
    let piece_list = move || picture.with(|p| p.pieces.clone());
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
            on:keydown=on_key
            on:focus=on_focus
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
            <g class="glows">{glows}</g>
            <g class="hints">{hint_marks}</g>
            <g class="attack-hints" aria-hidden="true">{attack_hints}</g>
            <g class="pieces">
                <For
                    each=piece_list
                    key=|p| (p.square, p.code.clone(), p.state, p.inactive, p.ringed, p.turned)
                    children=piece_view
                />
                {lifted_copy}
            </g>
            <g class="focus-layer" aria-hidden="true">{focus_ring}</g>
            <g class="demo-layer" aria-hidden="true">
                {move || overlay_view(shape, overlay.get(), rotation.get())}
            </g>
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
