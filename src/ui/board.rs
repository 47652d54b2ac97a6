//! The board: our own SVG (squares, coordinates, check glow, move hints, pieces) and the
//! pointer handling for release-move dragging and tap-then-tap moves (RULES.md §2.10). A
//! reserve piece chosen in a tray (Chess#) shows its squares here too; the tray's own drag
//! finds its square with [`square_under`].
//!
//! One set of pointer handlers on the `<svg>` serves mouse, touch and pen. The square under
//! the pointer is always computed from the board's box at that moment, never from the event
//! target, so it stays right after a resize, a rotation or an orientation flip.

use crate::rules::game::Game;
use crate::rules::geometry::Geometry;
use crate::rules::types::{MoveKind, Piece, Role, Side, Square};
use crate::ui::pieces::piece_use;
use crate::ui::pointer::{self, client, move_hints, to_units, BoardPointer};
use crate::ui::state::{piece_code, AppState, Drag};
use crate::ui::{demo, review};
use leptos::prelude::*;
use web_sys::PointerEvent;

const SQ: f64 = 100.0;
const SIZE: f64 = 800.0;
/// A dragged piece under a finger: this much larger, lifted this far (board units).
const TOUCH_SCALE: f64 = 1.6;
const TOUCH_LIFT: f64 = 55.0;
const MOUSE_SCALE: f64 = 1.15;

/// What the board shows of the game; a memo, so the board redraws only when this changes.
#[derive(Clone, PartialEq)]
struct BoardModel {
    pieces: Vec<(Square, Piece)>,
    turn: Side,
    last: Option<(Square, Square)>,
    /// Squares of kings under attack (in Primary both kings can be).
    checked: Vec<Square>,
    /// Per side: its king is still in the reserve, so its board pieces may not move (Chess#).
    inactive: [bool; 2],
}

impl BoardModel {
    fn of(g: &Game) -> BoardModel {
        let pos = g.position();
        let pieces = all_squares()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
            .collect();
        let checked = [Side::WHITE, Side::BLACK]
            .into_iter()
            .filter(|&side| pos.in_check(side))
            .filter_map(|side| pos.king(side))
            .collect();
        BoardModel {
            pieces,
            turn: pos.turn(),
            last: g.moves().last().map(|m| (m.mv.from, m.mv.to)),
            checked,
            inactive: [Side::WHITE, Side::BLACK]
                .map(|side| g.rules().drops && pos.king(side).is_none()),
        }
    }

    fn is_inactive(&self, side: Side) -> bool {
        self.inactive[side.index().min(1)]
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p)
    }
}

/// The squares where a reserve piece of `role` may be placed now.
pub fn drop_squares(g: &Game, role: Role) -> Vec<Square> {
    let mut v: Vec<Square> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Drop(role))
        .map(|m| m.to)
        .collect();
    v.sort();
    v.dedup();
    v
}

pub(crate) fn geo() -> &'static Geometry<u64> {
    Geometry::standard()
}

pub(crate) fn all_squares() -> impl Iterator<Item = Square> {
    (0..8u8).flat_map(|rank| (0..8u8).filter_map(move |file| geo().square(file, rank)))
}

/// Top-left corner of a square on screen (board units), `bottom` being the side at the bottom.
pub(crate) fn cell(sq: Square, bottom: Side) -> (f64, f64) {
    let (f, r) = (geo().file_of(sq) as f64, geo().rank_of(sq) as f64);
    if bottom == Side::WHITE {
        (f * SQ, (7.0 - r) * SQ)
    } else {
        ((7.0 - f) * SQ, r * SQ)
    }
}

/// The square shown at display column `col`, row `row` (0,0 = top left).
fn square_at_cell(col: u8, row: u8, bottom: Side) -> Option<Square> {
    if col > 7 || row > 7 {
        return None;
    }
    if bottom == Side::WHITE {
        geo().square(col, 7 - row)
    } else {
        geo().square(7 - col, row)
    }
}

pub(crate) fn square_at(x: f64, y: f64, bottom: Side) -> Option<Square> {
    if !(0.0..SIZE).contains(&x) || !(0.0..SIZE).contains(&y) {
        return None;
    }
    square_at_cell((x / SQ) as u8, (y / SQ) as u8, bottom)
}

/// The square under a point of the screen (client pixels), from the board's box right now;
/// `None` off the board.
pub fn square_under(cx: f64, cy: f64, bottom: Side) -> Option<Square> {
    let svg = web_sys::window()?
        .document()?
        .query_selector("[data-testid=board]")
        .ok()??;
    let (x, y) = to_units(&svg, cx, cy, SIZE)?;
    square_at(x, y, bottom)
}

/// The size of one square on screen (CSS pixels).
pub fn square_px() -> f64 {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-testid=board]").ok().flatten())
        .map_or(60.0, |svg| {
            let r = svg.get_bounding_client_rect();
            r.width().min(r.height()) / 8.0
        })
}

/// Everything a piece needs to place itself.
#[derive(Clone, Copy)]
struct Ctx {
    state: AppState,
    model: Memo<BoardModel>,
    bottom: Memo<Side>,
    face: Memo<bool>,
    /// The square whose piece is being dragged (once it has really moved).
    lifted: Memo<Option<Square>>,
    /// The pointer in board units while dragging.
    pointer: RwSignal<(f64, f64)>,
}

fn piece_view(ctx: Ctx, sq: Square, piece: Piece) -> impl IntoView {
    let is_lifted = move || ctx.lifted.get() == Some(sq);
    // Face to face: Black's pieces face the player sitting opposite.
    let upside_down = move || ctx.face.get() && piece.side == Side::BLACK;
    let transform = move || {
        if is_lifted() {
            let (x, y) = ctx.pointer.get();
            let touch = ctx.state.drag.with(|d| d.is_some_and(|d| d.touch));
            let (s, lift) = if touch {
                (TOUCH_SCALE, TOUCH_LIFT)
            } else {
                (MOUSE_SCALE, 0.0)
            };
            // "Up" is towards the player holding it.
            let lift = if upside_down() { -lift } else { lift };
            format!(
                "translate({:.1} {:.1}) scale({s})",
                x - 50.0 * s,
                y - 50.0 * s - lift
            )
        } else {
            let (x, y) = cell(sq, ctx.bottom.get());
            format!("translate({x} {y})")
        }
    };
    let inactive = move || ctx.model.with(|m| m.is_inactive(piece.side));
    view! {
        <g
            class=move || match (is_lifted(), inactive()) {
                (true, _) => "piece dragging",
                (false, true) => "piece inactive",
                (false, false) => "piece",
            }
            data-piece=piece_code(piece)
            data-square=geo().name(sq)
            transform=transform
        >
            <g transform=move || if upside_down() { "rotate(180 50 50)" } else { "" }>
                {piece_use(piece)}
            </g>
        </g>
    }
}

/// File letters along the bottom edge and rank numbers along the left edge, for the player
/// at the bottom; face to face, also for the player opposite (drawn upside down).
pub(crate) fn coordinates(bottom: Memo<Side>, face: Memo<bool>) -> impl IntoView {
    let file_char = move |sq: Option<Square>| {
        sq.map(|s| geo().file_names[geo().file_of(s) as usize].to_string())
            .unwrap_or_default()
    };
    let rank_text = move |sq: Option<Square>| {
        sq.map(|s| (geo().rank_of(s) + 1).to_string())
            .unwrap_or_default()
    };
    // a1 and h8 are dark in both orientations, so a label's colour depends only on where it is.
    let tone = |col: u8, row: u8| {
        if (col + row) % 2 == 1 {
            "coord on-dark"
        } else {
            "coord on-light"
        }
    };
    let near = (0..8u8)
        .map(|i| {
            view! {
                <text class=tone(i, 7) x=i as f64 * SQ + 93.0 y=SIZE - 8.0 text-anchor="end">
                    {move || file_char(square_at_cell(i, 7, bottom.get()))}
                </text>
                <text class=tone(0, i) x=7.0 y=i as f64 * SQ + 24.0>
                    {move || rank_text(square_at_cell(0, i, bottom.get()))}
                </text>
            }
        })
        .collect_view();
    // The player opposite reads these upside down: files at the top-right corner of the top
    // row, ranks at the bottom-left of the right column (the near labels use the other corners).
    let far = move || {
        face.get().then(|| {
            (0..8u8)
                .map(|i| {
                    let (fx, fy) = (i as f64 * SQ + 93.0, 8.0);
                    let (rx, ry) = (SIZE - SQ + 7.0, i as f64 * SQ + 76.0);
                    view! {
                        <text class=tone(i, 0) x=fx y=fy transform=format!("rotate(180 {fx} {fy})")>
                            {move || file_char(square_at_cell(i, 0, bottom.get()))}
                        </text>
                        <text
                            class=tone(7, i)
                            x=rx
                            y=ry
                            text-anchor="end"
                            transform=format!("rotate(180 {rx} {ry})")
                        >
                            {move || rank_text(square_at_cell(7, i, bottom.get()))}
                        </text>
                    }
                })
                .collect_view()
        })
    };
    view! { <g class="coords" aria-hidden="true">{near}{far}</g> }
}

#[component]
pub fn Board(state: AppState) -> impl IntoView {
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // The game on screen: the live one, or an earlier position / variation (review.rs).
    let model = Memo::new(move |_| review::with_board_game(state, BoardModel::of));
    let bottom = Memo::new(move |_| state.bottom());
    // On the projector (demo mode) every piece stands upright.
    let face =
        Memo::new(move |_| state.settings.with(|s| s.face_to_face()) && !state.demo.on.get());
    let lifted = Memo::new(move |_| state.drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));
    let pointer = RwSignal::new((0.0_f64, 0.0_f64));
    // A press on a move-hint square of the selected piece: moves on release there.
    let tap = StoredValue::new(None::<(i32, Square)>);
    let ctx = Ctx {
        state,
        model,
        bottom,
        face,
        lifted,
        pointer,
    };

    // Destinations of the selected piece, or squares for the chosen reserve piece:
    // (square, is a capture).
    let hints = Memo::new(move |_| {
        let Some(from) = state.selected.get() else {
            let Some(role) = state.drop_role.get() else {
                return Vec::new();
            };
            return review::with_board_game(state, |g| drop_squares(g, role))
                .into_iter()
                .map(|s| (s, false))
                .collect();
        };
        review::with_board_game(state, |g| {
            let pos = g.position();
            move_hints(pos, &g.legal_moves(), from)
        })
    });

    let bp = BoardPointer::new(svg_ref, SIZE);
    let units = move |ev: &PointerEvent| bp.units(ev);
    let release = move |id: i32| bp.release(id);
    let capture = move |id: i32| bp.capture(id);
    let held = move |id: i32| bp.holds(id);

    let on_down = move |ev: PointerEvent| {
        // Demo mode: drawing (second button, pen barrel, Draw tool) and "Show moves" taps.
        let sq = units(&ev).and_then(|(x, y)| square_at(x, y, bottom.get_untracked()));
        if state.drag.get_untracked().is_none() && demo::pointer_down(state, &ev, sq) {
            capture(ev.pointer_id());
            return;
        }
        if pointer::ignored_press(&ev) {
            return;
        }
        let id = ev.pointer_id();
        // One pointer at a time: while a finger drags or holds a tap, other fingers (a second
        // finger, a resting palm, a mouse) are ignored. Not `isPrimary`: a palm resting first
        // would make the real finger non-primary.
        if let Some(d) = state.drag.get_untracked() {
            if d.pointer != id && held(d.pointer) {
                return;
            }
            // Its pointer is gone (the "up" was lost): drop that drag.
            state.drag.set(None);
        }
        if tap.get_value().is_some_and(|(t, _)| t != id && held(t)) {
            return;
        }
        // A finger is carrying a reserve piece: the board ignores other fingers.
        if state
            .tray_drag
            .get_untracked()
            .is_some_and(|d| d.pointer != id)
        {
            return;
        }
        tap.set_value(None);
        ev.prevent_default();
        let Some((x, y)) = units(&ev) else { return };
        if state.board_locked() {
            return;
        }
        let Some(sq) = square_at(x, y, bottom.get_untracked()) else {
            state.clear_selection();
            return;
        };
        let own = model.with_untracked(|m| m.piece_at(sq).is_some_and(|p| p.side == m.turn));
        let inactive = model.with_untracked(|m| m.is_inactive(m.turn));
        if own && inactive {
            // Chess#: nothing on the board moves before the king is placed; say why.
            state.clear_selection();
            state.show_message(
                "Place your king first: pieces on the board can move only once your king is on the board.".into(),
            );
        } else if own {
            state.drop_role.set(None);
            capture(id);
            if state.settings.with_untracked(|s| s.sound) {
                crate::ui::sound::unlock();
            }
            state.selected.set(Some(sq));
            pointer.set((x, y));
            state.drag.set(Some(Drag {
                from: sq,
                pointer: id,
                touch: ev.pointer_type() == "touch",
                start: client(&ev),
                moved: false,
                epoch: state.epoch.get_untracked(),
            }));
        } else if hints.with_untracked(|h| h.iter().any(|(s, _)| *s == sq)) {
            capture(id);
            tap.set_value(Some((id, sq)));
        } else {
            state.clear_selection();
        }
    };

    let on_move = move |ev: PointerEvent| {
        let sq = || units(&ev).and_then(|(x, y)| square_at(x, y, bottom.get_untracked()));
        if state.demo.drawing.with_untracked(|d| d.is_some())
            && demo::pointer_move(state, &ev, sq())
        {
            return;
        }
        let Some(d) = state.drag.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer {
            return;
        }
        ev.prevent_default();
        if !d.moved && !pointer::past_slop(d.start, &ev) {
            return;
        }
        if let Some(p) = units(&ev) {
            pointer.set(p);
        }
        if !d.moved {
            state.drag.set(Some(Drag { moved: true, ..d }));
        }
    };

    let on_up = move |ev: PointerEvent| {
        let id = ev.pointer_id();
        let target = units(&ev).and_then(|(x, y)| square_at(x, y, bottom.get_untracked()));
        let ours = state.drag.get_untracked().is_some_and(|d| d.pointer == id)
            || tap.get_value().is_some_and(|(t, _)| t == id);
        if !ours && demo::pointer_up(state, &ev, target) {
            release(id);
            return;
        }
        if let Some((_, to)) = tap.get_value().filter(|(tid, _)| *tid == id) {
            tap.set_value(None);
            release(id);
            if target == Some(to) && !state.board_locked() {
                if let Some(from) = state.selected.get_untracked() {
                    if !state.try_move(from, to) {
                        state.clear_selection();
                    }
                } else if let Some(role) = state.drop_role.get_untracked() {
                    if !state.try_drop(role, to) {
                        state.clear_selection();
                    }
                }
            }
            return;
        }
        let Some(d) = state.drag.get_untracked().filter(|d| d.pointer == id) else {
            return;
        };
        state.drag.set(None);
        release(id);
        if d.epoch != state.epoch.get_untracked() || state.board_locked() {
            return;
        }
        match target {
            // Back on its own square: nothing happened; it stays selected (tap-tap).
            Some(sq) if sq == d.from => {}
            Some(sq) if state.try_move(d.from, sq) => {}
            // Off the board or not a legal square: the piece goes back, no move.
            _ => state.clear_selection(),
        }
    };

    let cancel = move |id: i32| {
        demo::cancel(state, id);
        if state.drag.get_untracked().is_some_and(|d| d.pointer == id) {
            state.drag.set(None);
        }
        if tap.get_value().is_some_and(|(t, _)| t == id) {
            tap.set_value(None);
        }
    };

    let on_lost_capture = move |ev: PointerEvent| {
        // Capture moving from a piece to the board also fires this (bubbling from the
        // piece); only the board itself losing it ends the drag.
        if pointer::board_lost_capture(&ev) {
            cancel(ev.pointer_id());
        }
    };

    let squares = all_squares()
        .map(|sq| {
            let light = geo().is_light(sq);
            let class = move || {
                let mut c = String::from(if light { "sq light" } else { "sq dark" });
                if state.selected.get() == Some(sq) {
                    c.push_str(" selected");
                }
                model.with(|m| {
                    if m.last.is_some_and(|(a, b)| a == sq || b == sq) {
                        c.push_str(" last-move");
                    }
                    if m.checked.contains(&sq) {
                        c.push_str(" in-check");
                    }
                });
                c
            };
            view! {
                <rect
                    data-square=geo().name(sq)
                    class=class
                    x=move || cell(sq, bottom.get()).0
                    y=move || cell(sq, bottom.get()).1
                    width="100"
                    height="100"
                />
            }
        })
        .collect_view();

    let glows = move || {
        let b = bottom.get();
        model.with(|m| {
            m.checked
                .iter()
                .map(|&sq| {
                    let (x, y) = cell(sq, b);
                    view! { <circle class="check-glow" cx=x + 50.0 cy=y + 50.0 r="50" fill="url(#check-glow)" /> }
                })
                .collect_view()
        })
    };

    let hint_marks = move || {
        let b = bottom.get();
        hints
            .get()
            .into_iter()
            .map(|(sq, capture)| {
                let (x, y) = cell(sq, b);
                view! {
                    <circle
                        class=if capture { "move-hint ring" } else { "move-hint dot" }
                        data-hint=geo().name(sq)
                        cx=x + 50.0
                        cy=y + 50.0
                        r=if capture { "44" } else { "15" }
                    />
                }
            })
            .collect_view()
    };

    // The dragged piece goes last so it is drawn above the others.
    let piece_list = move || {
        let mut v = model.with(|m| m.pieces.clone());
        if let Some(from) = lifted.get() {
            if let Some(i) = v.iter().position(|(s, _)| *s == from) {
                let p = v.remove(i);
                v.push(p);
            }
        }
        v
    };

    view! {
        <svg
            node_ref=svg_ref
            class="board"
            class:is-dragging=move || lifted.get().is_some()
            data-testid="board"
            data-orientation=move || if bottom.get() == Side::WHITE { "white" } else { "black" }
            data-face-to-face=move || face.get().to_string()
            viewBox="0 0 800 800"
            role="img"
            aria-label="Chess board"
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=move |ev: PointerEvent| cancel(ev.pointer_id())
            on:lostpointercapture=on_lost_capture
            on:contextmenu=|ev| ev.prevent_default()
        >
            <defs>
                <radialGradient id="check-glow">
                    <stop offset="0%" stop-color="#ff1a1a" stop-opacity="0.95"></stop>
                    <stop offset="55%" stop-color="#ff3b30" stop-opacity="0.6"></stop>
                    <stop offset="100%" stop-color="#ff3b30" stop-opacity="0"></stop>
                </radialGradient>
            </defs>
            <g class="squares">{squares}</g>
            {coordinates(bottom, face)}
            <g class="glows">{glows}</g>
            <g class="hints">{hint_marks}</g>
            <g class="pieces">
                <For each=piece_list key=|(s, p)| (*s, *p) children=move |(sq, p)| piece_view(ctx, sq, p) />
            </g>
            {demo::board_layer(state, move |sq| {
                let (x, y) = cell(sq, bottom.get());
                (x + 50.0, y + 50.0)
            })}
        </svg>
    }
}
