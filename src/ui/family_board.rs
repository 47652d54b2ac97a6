//! The Fun Family Chess cross board (FAMILY.md §1): 160 squares drawn in SVG, turned to the
//! player to move or fixed, four armies marked by colour and shape, release-move dragging
//! and tap-tap like the 8x8 board, the announced-check rings, the "Check!" banner and the
//! hints overlay for unannounced attacks (§4.8).

use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::family::{seat_letter, FamilyGame, PieceState, SEATS};
use crate::rules::geometry::Geometry;
use crate::rules::types::{Piece, Role, Side, Square};
use crate::ui::board::{square_class, square_rect};
use crate::ui::family::{FamilyUi, Rotation};
use crate::ui::pieces::{piece_defs, piece_paths};
use crate::ui::pointer::{move_hints, BoardPointer};
use crate::ui::release_move::{hint_marks, lifted_last, BoardHooks, Grab, LiftLook, ReleaseMove};
use crate::ui::state::Drag;
use leptos::prelude::*;
use web_sys::PointerEvent;

const SQ: f64 = 100.0;
const SIZE: f64 = 1400.0;
const LIFT: LiftLook = LiftLook {
    touch_scale: 1.5,
    touch_lift: 70.0,
    mouse_scale: 1.15,
};

fn geo() -> &'static Geometry<Bb256> {
    Geometry::cross()
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..14u8).flat_map(|rank| (0..14u8).filter_map(move |file| geo().square(file, rank)))
}

/// `rK`: seat letter and role letter.
pub fn family_code(p: Piece) -> String {
    format!("{}{}", seat_letter(p.side), p.role.letter())
}

/// Army colours (fill, outline, detail).
fn colours(seat: Side) -> (&'static str, &'static str, &'static str) {
    match seat.0 & 3 {
        0 => ("#e0433a", "#4a0d0a", "#fff"),
        1 => ("#2f6fd6", "#0b1f45", "#fff"),
        2 => ("#f3c623", "#4a3a00", "#222"),
        _ => ("#2f9e4f", "#0b3318", "#fff"),
    }
}

/// The army's shape, so colour is never the only clue: red circle, blue square, yellow
/// triangle, green diamond (drawn centred at `(cx, cy)`, radius about `r`).
pub(crate) fn badge(seat: Side, cx: f64, cy: f64, r: f64, class: &'static str) -> impl IntoView {
    let (fill, _, _) = colours(seat);
    let (stroke, width) = ("#111", r / 4.0);
    match seat.0 & 3 {
        0 => view! { <circle class=class cx=cx cy=cy r=r fill=fill stroke=stroke stroke-width=width /> }
            .into_any(),
        1 => view! {
            <rect class=class x=cx - r * 0.9 y=cy - r * 0.9 width=r * 1.8 height=r * 1.8 fill=fill stroke=stroke stroke-width=width />
        }
        .into_any(),
        2 => view! {
            <polygon
                class=class
                points=format!("{},{} {},{} {},{}", cx, cy - r * 1.1, cx + r * 1.05, cy + r * 0.8, cx - r * 1.05, cy + r * 0.8)
                fill=fill
                stroke=stroke
                stroke-width=width
                stroke-linejoin="round"
            />
        }
        .into_any(),
        _ => view! {
            <polygon
                class=class
                points=format!("{},{} {},{} {},{} {},{}", cx, cy - r * 1.2, cx + r * 1.0, cy, cx, cy + r * 1.2, cx - r * 1.0, cy)
                fill=fill
                stroke=stroke
                stroke-width=width
                stroke-linejoin="round"
            />
        }
        .into_any(),
    }
}

fn symbol(p: Piece) -> impl IntoView {
    view! {
        <symbol id=format!("fp-{}", family_code(p)) viewBox="0 0 100 100">
            {piece_paths(p.role, colours(p.side))}
            {badge(p.side, 82.0, 82.0, 9.0, "army-badge")}
        </symbol>
    }
}

/// The four armies' piece symbols (a zero-size SVG).
#[component]
pub fn FamilyPieceDefs() -> impl IntoView {
    piece_defs(SEATS, symbol)
}

/// Degrees (clockwise) that bring `seat` to the bottom: Red sits at the bottom, Blue on the
/// left, Yellow at the top, Green on the right.
pub(crate) fn seat_angle(seat: Side) -> u16 {
    [0, 270, 180, 90][seat.index() & 3]
}

/// Top-left corner of a square on screen (board units) with the board turned `rot` degrees.
fn cell(sq: Square, rot: u16) -> (f64, f64) {
    let (mut x, mut y) = (geo().file_of(sq), 13 - geo().rank_of(sq));
    for _ in 0..(rot / 90) % 4 {
        (x, y) = (13 - y, x);
    }
    (x as f64 * SQ, y as f64 * SQ)
}

fn square_at(x: f64, y: f64, rot: u16) -> Option<Square> {
    if !(0.0..SIZE).contains(&x) || !(0.0..SIZE).contains(&y) {
        return None;
    }
    let (mut c, mut r) = ((x / SQ) as u8, (y / SQ) as u8);
    for _ in 0..(rot / 90) % 4 {
        (c, r) = (r, 13 - c);
    }
    geo().square(c, 13 - r)
}

/// The board model: what the view draws.
#[derive(Clone, PartialEq)]
struct Model {
    pieces: Vec<(Square, Piece, PieceState)>,
    turn: Side,
    last: Option<(Square, Square)>,
    checked: Vec<Side>,
}

impl Model {
    fn of(g: &FamilyGame) -> Model {
        let st = g.state();
        let pieces = all_squares()
            .filter_map(|sq| st.piece_state(sq).map(|(p, s)| (sq, p, s)))
            .collect();
        let last = g.events().iter().rev().find_map(|e| match e {
            crate::rules::family::Event::Moved { mv, .. } => Some((mv.from, mv.to)),
            _ => None,
        });
        Model {
            pieces,
            turn: g.turn(),
            last,
            checked: SEATS
                .into_iter()
                .filter(|&s| st.standing_check(s).is_some())
                .collect(),
        }
    }
}

/// What the cross board tells the shared drag / tap state machine.
#[derive(Clone, Copy)]
struct Hooks {
    fam: FamilyUi,
    model: Memo<Option<Model>>,
    rotation: Memo<u16>,
}

impl BoardHooks for Hooks {
    fn drag(self) -> RwSignal<Option<Drag>> {
        self.fam.drag
    }
    fn epoch(self) -> u32 {
        self.fam.epoch.get_untracked()
    }
    fn square_at(self, x: f64, y: f64) -> Option<Square> {
        square_at(x, y, self.rotation.get_untracked())
    }
    fn locked(self) -> bool {
        self.fam.locked()
    }
    /// The next player has touched the board: the last move can no longer be called.
    fn pressed(self) {
        self.fam.touched();
    }
    /// Only a live piece of the seat to move lifts (not an asleep or dead one).
    fn grab(self, sq: Square) -> Grab {
        let own = self.model.with_untracked(|m| {
            m.as_ref().is_some_and(|m| {
                m.pieces
                    .iter()
                    .any(|(s, p, st)| *s == sq && p.side == m.turn && *st == PieceState::Live)
            })
        });
        if own {
            Grab::Lift
        } else {
            Grab::Nothing
        }
    }
    fn selected(self) -> Option<Square> {
        self.fam.selected.get_untracked()
    }
    fn select(self, sq: Square) {
        self.fam.selected.set(Some(sq));
    }
    fn clear(self) {
        self.fam.selected.set(None);
    }
    fn sound_on(self) -> bool {
        self.fam.app.settings.with_untracked(|s| s.sound)
    }
    fn try_move(self, from: Square, to: Square) -> bool {
        self.fam.try_move(from, to)
    }
}

#[component]
pub fn CrossBoard(fam: FamilyUi) -> impl IntoView {
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let model = Memo::new(move |_| fam.game.with(|g| g.as_ref().map(Model::of)));
    let rotation = Memo::new(move |_| match fam.rotation() {
        Rotation::Fixed => 0,
        Rotation::Mover => model.with(|m| m.as_ref().map_or(0, |m| seat_angle(m.turn))),
    });
    let fixed = Memo::new(move |_| fam.rotation() == Rotation::Fixed);
    let lifted = Memo::new(move |_| fam.drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));

    let hints = Memo::new(move |_| {
        let Some(from) = fam.selected.get() else {
            return Vec::new();
        };
        fam.game.with(|g| {
            let Some(g) = g else { return Vec::new() };
            let pos = g.state().position();
            move_hints(pos, &g.legal_moves(), from)
        })
    });

    // Hints (§4.8, supervisor toggle): kings attacked without an announced check, with the
    // attackers; shown as a dashed ring, never as a binding check.
    let attack_hints = Memo::new(move |_| {
        fam.game.with(|g| {
            let Some(g) = g else { return Vec::new() };
            if !g.rules().hints {
                return Vec::new();
            }
            unannounced(g)
        })
    });

    let rm = ReleaseMove::new(
        Hooks {
            fam,
            model,
            rotation,
        },
        BoardPointer::new(svg_ref, SIZE),
        hints,
    );
    let pointer = rm.pointer;

    let squares = all_squares()
        .map(|sq| {
            let light = geo().is_light(sq);
            let class = move || {
                let mut c = square_class(light, fam.selected.get() == Some(sq));
                model.with(|m| {
                    if m.as_ref()
                        .and_then(|m| m.last)
                        .is_some_and(|(a, b)| a == sq || b == sq)
                    {
                        c.push_str(" last-move");
                    }
                });
                c
            };
            square_rect(geo().name(sq), class, move || cell(sq, rotation.get()))
        })
        .collect_view();

    // File letters and rank numbers just inside the board's edge squares.
    let coords = move || {
        let rot = rotation.get();
        all_squares()
            .filter_map(|sq| {
                let (x, y) = cell(sq, rot);
                let bottom_edge = y == 13.0 * SQ;
                let left_edge = x == 0.0;
                let mut out = Vec::new();
                if bottom_edge {
                    let f = geo().file_names[geo().file_of(sq) as usize].to_string();
                    let r = (geo().rank_of(sq) + 1).to_string();
                    // The bottom row shows files when the board is upright or upside down.
                    out.push(if rot % 180 == 0 { f } else { r });
                }
                if left_edge {
                    let f = geo().file_names[geo().file_of(sq) as usize].to_string();
                    let r = (geo().rank_of(sq) + 1).to_string();
                    out.push(if rot % 180 == 0 { r } else { f });
                }
                (!out.is_empty()).then(|| {
                    let mut v = Vec::new();
                    if bottom_edge {
                        v.push(view! {
                            <text class="coord" x=x + 93.0 y=y + 92.0 text-anchor="end">{out[0].clone()}</text>
                        });
                    }
                    if left_edge {
                        let t = out.last().cloned().unwrap_or_default();
                        v.push(view! { <text class="coord" x=x + 7.0 y=y + 24.0 text-anchor="start">{t}</text> });
                    }
                    v
                })
            })
            .flatten()
            .collect_view()
    };

    let hint_marks = hint_marks(
        hints,
        |sq| geo().name(sq),
        move |sq| {
            let (x, y) = cell(sq, rotation.get());
            (x + 50.0, y + 50.0)
        },
    );

    let piece_list = move || {
        let pieces = model.with(|m| m.as_ref().map(|m| m.pieces.clone()).unwrap_or_default());
        lifted_last(pieces, lifted.get(), |p| p.0)
    };

    let piece_view = move |sq: Square, p: Piece, st: PieceState| {
        let is_lifted = move || lifted.get() == Some(sq);
        let transform = move || {
            if is_lifted() {
                let touch = fam.drag.with(|d| d.is_some_and(|d| d.touch));
                LIFT.transform(pointer.get(), touch, false)
            } else {
                let (x, y) = cell(sq, rotation.get());
                format!("translate({x} {y})")
            }
        };
        // Fixed board: each army faces its own seat.
        let turn = move || {
            if fixed.get() {
                let a = (360 - seat_angle(p.side)) % 360;
                format!("rotate({a} 50 50)")
            } else {
                String::new()
            }
        };
        let checked = move || {
            p.role == Role::King
                && model.with(|m| m.as_ref().is_some_and(|m| m.checked.contains(&p.side)))
        };
        let state_key = match st {
            PieceState::Live => "live",
            PieceState::Asleep => "asleep",
            PieceState::Dead => "dead",
        };
        view! {
            <g
                class=move || {
                    let mut c = String::from("piece");
                    if is_lifted() {
                        c.push_str(" dragging");
                    }
                    if checked() {
                        c.push_str(" announced-check");
                    }
                    c
                }
                data-piece=family_code(p)
                data-square=geo().name(sq)
                data-state=state_key
                transform=transform
            >
                {checked_glow(checked)}
                <g transform=turn>
                    <use href=format!("#fp-{}", family_code(p)) width="100" height="100"></use>
                    {(st == PieceState::Asleep)
                        .then(|| view! { <text class="asleep-mark" x="22" y="30">"z"</text> })}
                </g>
            </g>
        }
    };

    view! {
        <svg
            node_ref=svg_ref
            class="board cross-board"
            class:is-dragging=move || lifted.get().is_some()
            data-testid="board"
            data-variant="family"
            data-rotation=move || rotation.get().to_string()
            viewBox="0 0 1400 1400"
            role="img"
            aria-label="Four-player chess board"
            on:pointerdown=move |ev| rm.down(ev)
            on:pointermove=move |ev| rm.moved(ev)
            on:pointerup=move |ev| rm.up(ev)
            on:pointercancel=move |ev: PointerEvent| rm.cancel(ev.pointer_id())
            on:lostpointercapture=move |ev| rm.lost_capture(ev)
            on:contextmenu=|ev| ev.prevent_default()
        >
            <g class="squares">{squares}</g>
            <g class="coords" aria-hidden="true">{coords}</g>
            <g class="hints">{hint_marks}</g>
            <g class="attack-hints" aria-hidden="true">
                {move || {
                    let rot = rotation.get();
                    attack_hints
                        .get()
                        .into_iter()
                        .map(|(victim, king, _)| {
                            let (x, y) = cell(king, rot);
                            view! {
                                <circle
                                    class="attack-hint"
                                    data-attacked=seat_letter(victim).to_string()
                                    cx=x + 50.0
                                    cy=y + 50.0
                                    r="46"
                                />
                            }
                        })
                        .collect_view()
                }}
            </g>
            <g class="pieces">
                <For
                    each=piece_list
                    key=|(s, p, st)| (*s, *p, *st as u8)
                    children=move |(sq, p, st)| piece_view(sq, p, st)
                />
            </g>
        </svg>
        <FamilyCheckBanner fam />
    }
}

/// (victim, its king's square, attacker mask) for every unannounced attack on a Playing king.
pub(crate) fn unannounced(g: &FamilyGame) -> Vec<(Side, Square, u8)> {
    let st = g.state();
    let mut out: Vec<(Side, Square, u8)> = Vec::new();
    for (victim, by) in st.unannounced_attacks() {
        if let Some(e) = out.iter_mut().find(|e| e.0 == victim) {
            e.2 |= 1 << by.0;
            continue;
        }
        if let Some(king) = st.position().pieces(victim, Role::King).squares().next() {
            out.push((victim, king, 1 << by.0));
        }
    }
    out
}

/// The big "Check!" (or "Checkmate!") over the board for a moment; it never takes a touch.
/// Screen readers hear the same words through the live region.
#[component]
fn FamilyCheckBanner(fam: FamilyUi) -> impl IntoView {
    move || {
        fam.banner.get().map(|b| {
            view! {
                <div class="check-banner family-banner" class:mate=b.mate data-testid="check-banner" aria-hidden="true">
                    <span class="banner-title">{b.title}</span>
                    " "
                    <span class="banner-detail">{b.detail}</span>
                </div>
            }
        })
    }
}

fn checked_glow(checked: impl Fn() -> bool + Send + Sync + 'static) -> impl IntoView {
    move || {
        checked().then(|| {
            view! { <circle class="check-ring" cx="50" cy="50" r="47" /> }
        })
    }
}
