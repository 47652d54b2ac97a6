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
use crate::ui::pointer::{move_hints, to_units, BoardPointer};
use crate::ui::release_move::{hint_marks, lifted_last, BoardHooks, Grab, LiftLook, ReleaseMove};
use crate::ui::state::{piece_code, AppState, Drag};
use crate::ui::{demo, review};
use leptos::prelude::*;
use web_sys::PointerEvent;

const SQ: f64 = 100.0;
const SIZE: f64 = 800.0;
/// A dragged piece: this much larger, and under a finger lifted this far (board units).
const LIFT: LiftLook = LiftLook {
    touch_scale: 1.6,
    touch_lift: 55.0,
    mouse_scale: 1.15,
};

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
            let touch = ctx.state.drag.with(|d| d.is_some_and(|d| d.touch));
            LIFT.transform(ctx.pointer.get(), touch, upside_down())
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

/// The classes every board square has: its colour, and whether its piece is selected.
pub(crate) fn square_class(light: bool, selected: bool) -> String {
    let mut c = String::from(if light { "sq light" } else { "sq dark" });
    if selected {
        c.push_str(" selected");
    }
    c
}

/// One 100x100 square of a board (8x8 or cross) at `at()` (its top-left corner).
pub(crate) fn square_rect(
    name: String,
    class: impl Fn() -> String + Send + Sync + 'static,
    at: impl Fn() -> (f64, f64) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! { <rect data-square=name class=class x=move || at().0 y=move || at().1 width="100" height="100" /> }
}

/// What the 8x8 board tells the shared drag / tap state machine.
#[derive(Clone, Copy)]
struct Hooks {
    state: AppState,
    model: Memo<BoardModel>,
    bottom: Memo<Side>,
}

impl BoardHooks for Hooks {
    fn drag(self) -> RwSignal<Option<Drag>> {
        self.state.drag
    }
    fn epoch(self) -> u32 {
        self.state.epoch.get_untracked()
    }
    fn square_at(self, x: f64, y: f64) -> Option<Square> {
        square_at(x, y, self.bottom.get_untracked())
    }
    fn locked(self) -> bool {
        self.state.board_locked()
    }
    /// A finger is carrying a reserve piece (Chess#): the board ignores other fingers.
    fn busy_elsewhere(self, id: i32) -> bool {
        self.state
            .tray_drag
            .get_untracked()
            .is_some_and(|d| d.pointer != id)
    }
    fn grab(self, sq: Square) -> Grab {
        let (own, inactive) = self.model.with_untracked(|m| {
            let own = m.piece_at(sq).is_some_and(|p| p.side == m.turn);
            (own, m.is_inactive(m.turn))
        });
        if own && inactive {
            // Chess#: nothing on the board moves before the king is placed; say why.
            self.state.clear_selection();
            self.state.show_message(
                "Place your king first: pieces on the board can move only once your king is on the board.".into(),
            );
            Grab::Refused
        } else if own {
            Grab::Lift
        } else {
            Grab::Nothing
        }
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
    let rm = ReleaseMove::new(
        Hooks {
            state,
            model,
            bottom,
        },
        bp,
        hints,
    );

    // Demo mode comes first: drawing (second button, pen barrel, Draw tool) and "Show moves".
    let on_down = move |ev: PointerEvent| {
        if state.drag.get_untracked().is_none() && demo::pointer_down(state, &ev, rm.square(&ev)) {
            bp.capture(ev.pointer_id());
            return;
        }
        rm.down(ev);
    };
    let on_move = move |ev: PointerEvent| {
        if state.demo.drawing.with_untracked(|d| d.is_some())
            && demo::pointer_move(state, &ev, rm.square(&ev))
        {
            return;
        }
        rm.moved(ev);
    };
    let on_up = move |ev: PointerEvent| {
        let id = ev.pointer_id();
        if !rm.owns(id) && demo::pointer_up(state, &ev, rm.square(&ev)) {
            bp.release(id);
            return;
        }
        rm.up(ev);
    };
    let ctx = Ctx {
        state,
        model,
        bottom,
        face,
        lifted,
        pointer: rm.pointer,
    };

    let squares = all_squares()
        .map(|sq| {
            let light = geo().is_light(sq);
            let class = move || {
                let mut c = square_class(light, state.selected.get() == Some(sq));
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
            square_rect(geo().name(sq), class, move || cell(sq, bottom.get()))
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

    let hint_marks = hint_marks(
        hints,
        |sq| geo().name(sq),
        move |sq| {
            let (x, y) = cell(sq, bottom.get());
            (x + 50.0, y + 50.0)
        },
    );

    // The dragged piece goes last so it is drawn above the others.
    let piece_list = move || lifted_last(model.with(|m| m.pieces.clone()), lifted.get(), |p| p.0);

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
            on:pointercancel=move |ev: PointerEvent| rm.cancel(ev.pointer_id())
            on:lostpointercapture=move |ev| rm.lost_capture(ev)
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
