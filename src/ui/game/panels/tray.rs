//! Chess# reserve trays (RULES.md §3): each side's pieces not yet on the board, beside the
//! board nearest its player, each kind once with its count. A piece is placed like a move on
//! the board: drag it to a marked square of the first rank and let go there (let go anywhere
//! else and it goes back to the tray), or tap it and then tap a marked square.
//!
//! The dragged piece is drawn by [`TrayGhost`] at the pointer, above everything; the square
//! under the pointer comes from the board's box at the moment of release.

use crate::rules::game::Game;
use crate::rules::types::{MoveKind, Piece, Role, Side};
use crate::text::msg;
use crate::text::words::{self, Army};
use crate::ui::board::memo;
use crate::ui::board::number::tenths;
use crate::ui::board::pieces::piece_use;
use crate::ui::board::view::{square_px, square_under};
use crate::ui::board::{Armies, Shape, DRAG_SLOP};
use crate::ui::game::state::{GameState, TrayDrag};
use crate::ui::game::{hands_locked, BOARD_ID};
use crate::ui::platform::pointer::{capture, client, release};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

fn code(p: Piece) -> String {
    Armies::Two.code(p)
}

/// Whether a reserve piece of `role` has a square to go to now.
fn placeable(g: &Game, role: Role) -> bool {
    g.legal_moves()
        .iter()
        .any(|m| m.kind == MoveKind::Drop(role))
}
/// The dragged piece, in squares: larger and lifted under a finger so it stays visible.
const TOUCH_SCALE: f64 = 1.6;
const TOUCH_LIFT: f64 = 0.55;
const MOUSE_SCALE: f64 = 1.15;

/// The order of a tray, as in the reserve's FEN: king, queen, rooks, bishops, knights.
const ORDER: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Item {
    role: Role,
    count: u8,
    /// The side to move may place it now (it has at least one legal square).
    placeable: bool,
    /// The queen waits until she is the last piece in the reserve.
    locked: bool,
    /// The king of the side to move, still in the reserve: nothing of theirs on the board
    /// moves until it is placed, so the tray points at it.
    wanted: bool,
}

fn items(g: &Game, side: Side, paused: bool) -> Vec<Item> {
    let reserve = g.position().reserve(side);
    let total: u32 = reserve.iter().map(|&c| c as u32).sum();
    let to_move = !g.is_over() && !paused && g.turn() == side;
    ORDER
        .into_iter()
        .filter(|r| reserve[r.index()] > 0)
        .map(|role| {
            let count = reserve[role.index()];
            Item {
                role,
                count,
                placeable: to_move && placeable(g, role),
                locked: role == Role::Queen && total > count as u32,
                wanted: to_move && role == Role::King,
            }
        })
        .collect()
}

/// A small padlock drawn over the locked queen.
fn padlock() -> impl IntoView {
    view! {
        <svg class="padlock" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="#3a2f1b" stroke-width="2.6" stroke-linecap="round"></path>
            <rect x="4" y="10" width="16" height="12" rx="2.5" fill="#f0b429" stroke="#3a2f1b" stroke-width="2"></rect>
            <circle cx="12" cy="15.5" r="1.8" fill="#3a2f1b"></circle>
        </svg>
    }
}

/// Why a tray piece cannot be placed now, for the message shown when it is pressed anyway.
fn refusal(state: GameState, side: Side, item: Item) -> Option<String> {
    let (turn, over) = state.with_board_untracked(|b| (b.turn(), b.is_over()));
    if over {
        return None;
    }
    if item.locked {
        return Some(msg::game_queen_placed_last().into());
    }
    if turn != side {
        return Some(msg::game_not_your_turn(&state.label(turn)));
    }
    Some(msg::game_no_free_square(&words::role(item.role)))
}

fn item_view(state: GameState, side: Side, role: Role, model: Memo<Vec<Item>>) -> impl IntoView {
    let item = move || {
        model
            .with(|v| v.iter().find(|i| i.role == role).copied())
            .unwrap_or(Item {
                role,
                count: 0,
                placeable: false,
                locked: false,
                wanted: false,
            })
    };
    let piece = Piece { side, role };
    let chosen =
        move || state.drop_role.get() == Some(role) && state.with_board(|b| b.turn() == side);
    let lifted = move || {
        state
            .tray_drag
            .with(|d| d.is_some_and(|d| d.moved && d.piece == piece))
    };
    let class = move || {
        let i = item();
        let mut c = String::from("reserve-item");
        for (on, name) in [
            (i.placeable, " placeable"),
            (i.locked, " locked"),
            (i.wanted, " wanted"),
            (chosen(), " selected"),
            (lifted(), " lifted"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        c
    };
    let label = move || {
        let i = item();
        if i.locked {
            msg::game_reserve_item_locked(&words::piece(Army::of_side(side), role), &i.count)
        } else {
            msg::game_reserve_item(&words::piece(Army::of_side(side), role), &i.count)
        }
    };

    let on_down = move |ev: PointerEvent| {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        let id = ev.pointer_id();
        // One pointer at a time (a resting palm, a second finger are ignored).
        if state
            .tray_drag
            .get_untracked()
            .is_some_and(|d| d.pointer != id)
            || state.drag.get_untracked().is_some_and(|d| d.pointer != id)
        {
            return;
        }
        ev.prevent_default();
        if hands_locked(state) {
            return;
        }
        let i = item();
        if !i.placeable {
            state.clear_selection();
            if let Some(text) = refusal(state, side, i) {
                state.show_message(text);
            }
            return;
        }
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<Element>().ok())
        {
            capture(&el, id);
        }
        if state.settings.with_untracked(|s| s.sound) {
            crate::ui::platform::sound::unlock();
        }
        state.selected.set(None);
        state.drop_role.set(Some(role));
        let at = client(&ev);
        state.tray_drag.set(Some(TrayDrag {
            piece,
            pointer: id,
            touch: ev.pointer_type() == "touch",
            start: at,
            at,
            square_px: square_px(BOARD_ID, Shape::standard()),
            moved: false,
            epoch: state.epoch.get_untracked(),
        }));
    };

    let on_move = move |ev: PointerEvent| {
        let Some(d) = state.tray_drag.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer || d.piece != piece {
            return;
        }
        ev.prevent_default();
        let at = client(&ev);
        let moved = d.moved || (at.0 - d.start.0).hypot(at.1 - d.start.1) >= DRAG_SLOP;
        if moved {
            state.tray_drag.set(Some(TrayDrag { at, moved, ..d }));
        }
    };

    let on_up = move |ev: PointerEvent| {
        let Some(d) = state
            .tray_drag
            .get_untracked()
            .filter(|d| d.pointer == ev.pointer_id() && d.piece == piece)
        else {
            return;
        };
        state.tray_drag.set(None);
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<Element>().ok())
        {
            release(&el, d.pointer);
        }
        if d.epoch != state.epoch.get_untracked() || hands_locked(state) {
            return;
        }
        // A tap: the piece stays chosen and the board shows its squares (tap-then-tap).
        if !d.moved {
            return;
        }
        let (cx, cy) = client(&ev);
        let rotation = untrack(|| state.rotation());
        let target = square_under(BOARD_ID, Shape::standard(), rotation, cx, cy);
        match target {
            Some(sq) if state.try_drop(role, sq) => {}
            // Off the board or not a legal square: back to the tray, nothing happened.
            _ => state.clear_selection(),
        }
    };

    let cancel = move |id: i32| {
        if state
            .tray_drag
            .get_untracked()
            .is_some_and(|d| d.pointer == id && d.piece == piece)
        {
            state.tray_drag.set(None);
            state.clear_selection();
        }
    };

    view! {
        <div
            class=class
            role="button"
            tabindex="0"
            aria-label=label
            data-reserve=code(piece)
            data-count=move || item().count.to_string()
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=move |ev: PointerEvent| cancel(ev.pointer_id())
            on:lostpointercapture=move |ev: PointerEvent| {
                // Only the item itself losing the capture ends the drag (not a child).
                let own = ev.target().is_some_and(|t| {
                    ev.current_target().is_some_and(|c| c == t)
                });
                if own {
                    cancel(ev.pointer_id());
                }
            }
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Enter" || ev.key() == " " {
                    ev.prevent_default();
                    let i = item();
                    if i.placeable {
                        state.selected.set(None);
                        state.drop_role.set(Some(role));
                    } else if let Some(text) = refusal(state, side, i) {
                        state.show_message(text);
                    }
                }
            }
            on:contextmenu=|ev| ev.prevent_default()
        >
            <svg class="reserve-piece" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                {piece_use(Armies::Two.symbol(piece))}
            </svg>
            {move || {
                let n = item().count;
                (n > 1).then(|| view! { <span class="reserve-count" aria-hidden="true">{format!("×{n}")}</span> })
            }}
            {move || item().locked.then(padlock)}
        </div>
    }
}

/// One side's reserve. `top`: the tray of the player at the far side of the board.
#[component]
pub fn Tray(state: GameState, top: bool) -> impl IntoView {
    let side = memo(move || state.side_at(top));
    let face = move || top && state.settings.with(|s| s.face_to_face());
    let model = memo(move || {
        let paused = state.clock_paused();
        let s = side.get();
        state
            .with_board_two(|g| items(g, s, paused))
            .unwrap_or_default()
    });
    let to_move = move || state.with_board(|b| !b.is_over() && b.turn() == side.get());
    let name = move || side.get().name().to_ascii_lowercase();
    view! {
        <div
            class=move || format!("tray {}", name())
            class:top=top
            class:flipped=face
            class:to-move=to_move
            class:empty=move || model.with(|v| v.is_empty())
            data-testid=move || format!("tray-{}", name())
            data-side=name
            role="group"
            aria-label=move || msg::game_reserve(&words::side(side.get()))
        >
            // Keyed by side and role: an item keeps its element (and its pointer capture)
            // while its count changes; the tray of the other side is a new set of items.
            <For
                each=move || {
                    let s = side.get();
                    model.with(|v| v.iter().map(|i| (s, i.role)).collect::<Vec<_>>())
                }
                key=|k| *k
                children=move |(s, role)| item_view(state, s, role, model)
            />
        </div>
    }
}

/// The reserve piece being dragged, drawn at the pointer above everything.
#[component]
pub fn TrayGhost(state: GameState) -> impl IntoView {
    move || {
        let d = state.tray_drag.get().filter(|d| d.moved)?;
        let upside_down = state.settings.with(|s| s.face_to_face()) && d.piece.side == Side::BLACK;
        let (scale, lift) = if d.touch {
            (TOUCH_SCALE, TOUCH_LIFT)
        } else {
            (MOUSE_SCALE, 0.0)
        };
        let size = d.square_px * scale;
        // "Up" is towards the player holding it.
        let lift = d.square_px * lift * if upside_down { -1.0 } else { 1.0 };
        let w = tenths(size);
        let style = format!(
            "left:{}px;top:{}px;width:{w}px;height:{w}px;{}",
            tenths(d.at.0 - size / 2.0),
            tenths(d.at.1 - size / 2.0 - lift),
            if upside_down {
                "transform:rotate(180deg);"
            } else {
                ""
            }
        );
        Some(view! {
            <svg
                class="tray-ghost"
                data-testid="tray-ghost"
                data-piece=code(d.piece)
                viewBox="0 0 100 100"
                style=style
                aria-hidden="true"
            >
                {piece_use(Armies::Two.symbol(d.piece))}
            </svg>
        })
    }
}
