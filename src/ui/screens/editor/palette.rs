//! The palette: every piece of both armies and the eraser. Drag one onto the board to put it
//! there (let go off the board and nothing happened), or tap it to hold it as a brush and then
//! tap squares. The piece being carried is drawn under the finger by [`PaletteGhost`].

use super::work::{Brush, Editing, Press, EDITOR_BOARD};
use crate::rules::types::{Piece, Role, Side};
use crate::text::msg;
use crate::text::words::{self, Army};
use crate::ui::board::number::tenths;
use crate::ui::board::pieces::piece_icon;
use crate::ui::board::view::{square_px, square_under};
use crate::ui::board::{Armies, Shape, DRAG_SLOP};
use crate::ui::platform::pointer::{capture, client, release};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

/// A piece's name as a label: "White knight".
fn piece_name(p: Piece) -> String {
    msg::editor_piece(&words::side(p.side), &words::role(p.role))
}

/// The palette item that heard the event.
fn item_of(ev: &PointerEvent) -> Option<Element> {
    ev.current_target()?.dyn_into::<Element>().ok()
}

/// A press on a palette item: it takes the pointer, so the item hears the rest of it.
fn begin(ed: Editing, brush: Brush, ev: &PointerEvent) {
    if ev.pointer_type() == "mouse" && ev.button() != 0 {
        return;
    }
    let id = ev.pointer_id();
    let Some(item) = item_of(ev) else {
        return;
    };
    // One pointer at a time: a second finger or a resting palm is ignored.
    if ed.press.get_untracked().is_some_and(|p| p.pointer != id)
        || ed.drag.get_untracked().is_some()
    {
        return;
    }
    ev.prevent_default();
    capture(&item, id);
    let at = client(ev);
    ed.press.set(Some(Press {
        brush,
        pointer: id,
        touch: ev.pointer_type() == "touch",
        start: at,
        at,
        moved: false,
        square_px: square_px(EDITOR_BOARD, Shape::standard()),
    }));
}

fn moved(ed: Editing, ev: &PointerEvent) {
    let Some(mut p) = ed
        .press
        .get_untracked()
        .filter(|p| p.pointer == ev.pointer_id())
    else {
        return;
    };
    ev.prevent_default();
    p.at = client(ev);
    p.moved |= (p.at.0 - p.start.0).hypot(p.at.1 - p.start.1) >= DRAG_SLOP;
    ed.press.set(Some(p));
}

/// The release: a carried piece lands on the square under the finger (off the board,
/// nothing happened); a tap picks the brush up or puts it down.
fn up(ed: Editing, ev: &PointerEvent) {
    let Some(p) = ed
        .press
        .get_untracked()
        .filter(|p| p.pointer == ev.pointer_id())
    else {
        return;
    };
    ed.press.set(None);
    if let Some(item) = item_of(ev) {
        release(&item, p.pointer);
    }
    if !p.moved {
        ed.toggle_brush(p.brush);
        return;
    }
    let (cx, cy) = client(ev);
    if let Some(sq) = square_under(EDITOR_BOARD, Shape::standard(), 0, cx, cy) {
        ed.selected.set(None);
        match p.brush {
            Brush::Piece(piece) => ed.edit(|s| s.set(sq, Some(piece))),
            Brush::Eraser => ed.edit(|s| s.set(sq, None)),
        }
    }
}

fn cancel(ed: Editing, ev: &PointerEvent) {
    if ed
        .press
        .with_untracked(|p| p.is_some_and(|p| p.pointer == ev.pointer_id()))
    {
        ed.press.set(None);
    }
}

/// One palette button (a piece or the eraser).
fn item(ed: Editing, brush: Brush, testid: String, label: String, body: AnyView) -> impl IntoView {
    let chosen = move || ed.brush.get() == Some(brush);
    view! {
        <button
            class=match brush { Brush::Piece(_) => "palette-item", Brush::Eraser => "small" }
            class:chosen=chosen
            data-testid=testid
            aria-label=label.clone()
            title=label
            aria-pressed=move || chosen().to_string()
            on:pointerdown=move |ev| begin(ed, brush, &ev)
            on:pointermove=move |ev| moved(ed, &ev)
            on:pointerup=move |ev| up(ed, &ev)
            on:pointercancel=move |ev| cancel(ed, &ev)
            on:lostpointercapture=move |ev| cancel(ed, &ev)
            // Keyboard (Enter/Space): pointer presses are handled above.
            on:click=move |ev| {
                if ev.detail() == 0 {
                    ed.toggle_brush(brush);
                }
            }
        >
            {body}
        </button>
    }
}

/// The pieces of both armies, king first.
#[component]
pub fn Palette(ed: Editing) -> impl IntoView {
    let row = move |side: Side| {
        Role::KING_FIRST
            .into_iter()
            .map(|role| {
                let p = Piece { side, role };
                let testid = format!("palette-{}", Armies::Two.code(p));
                item(
                    ed,
                    Brush::Piece(p),
                    testid,
                    piece_name(p),
                    piece_icon(Armies::Two, p, "").into_any(),
                )
            })
            .collect_view()
    };
    view! {
        <div class="palette" role="group" aria-label=msg::editor_pieces()>
            {row(Side::WHITE)}
            {row(Side::BLACK)}
        </div>
    }
}

/// The eraser: a brush that empties squares.
#[component]
pub fn Eraser(ed: Editing) -> impl IntoView {
    item(
        ed,
        Brush::Eraser,
        "palette-eraser".into(),
        msg::editor_eraser_name().into(),
        view! { {msg::editor_eraser()} }.into_any(),
    )
}

/// What the palette brush does now, in one sentence.
pub fn brush_hint(ed: Editing) -> String {
    match ed.brush.get() {
        Some(Brush::Piece(p)) => {
            msg::editor_hint_piece(&words::piece(Army::of_side(p.side), p.role))
        }
        Some(Brush::Eraser) => msg::editor_hint_eraser().into(),
        None if ed.selected.get().is_some() => msg::editor_hint_selected().into(),
        None => msg::editor_hint().into(),
    }
}

/// The palette piece (or the eraser) under the finger while it is carried, above everything.
#[component]
pub fn PaletteGhost(ed: Editing) -> impl IntoView {
    move || {
        let p = ed.press.get().filter(|p| p.moved)?;
        let (scale, lift) = if p.touch { (1.5, 0.6) } else { (1.1, 0.0) };
        let size = p.square_px * scale;
        let w = tenths(size);
        let style = format!(
            "left:{}px;top:{}px;width:{w}px;height:{w}px",
            tenths(p.at.0 - size / 2.0),
            tenths(p.at.1 - size / 2.0 - lift * p.square_px)
        );
        Some(match p.brush {
            Brush::Piece(piece) => view! {
                <div class="tray-ghost editor-ghost" style=style>
                    {piece_icon(Armies::Two, piece, "")}
                </div>
            }
            .into_any(),
            Brush::Eraser => {
                view! { <div class="tray-ghost editor-ghost eraser-ghost" style=style>"✕"</div> }
                    .into_any()
            }
        })
    }
}
