//! Pointer plumbing for the board and the reserve trays: screen points to board units,
//! pointer capture ([`BoardPointer`]), which presses and lost captures
//! count, the button an event is on, and where an element is on screen.

use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use web_sys::{Element, Event, PointerEvent};

/// The button an event happened on (its target or an element inside it), if any: how one
/// listener serves a group of buttons written as markup.
pub fn button_of(ev: &Event) -> Option<Element> {
    ev.target()?
        .dyn_into::<Element>()
        .ok()?
        .closest("button")
        .ok()?
}

/// Presses the board ignores: mouse buttons other than the main one.
pub fn ignored_press(ev: &PointerEvent) -> bool {
    ev.pointer_type() == "mouse" && ev.button() != 0
}

/// A `lostpointercapture` that ends a drag: the board itself lost the pointer (capture moving
/// from a piece to the board also fires it, bubbling from the piece).
pub fn board_lost_capture(ev: &PointerEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|t| t.tag_name().eq_ignore_ascii_case("svg"))
}

/// A board's SVG element with its square viewBox `size`: where a pointer is in board units,
/// and pointer capture on the board.
#[derive(Clone, Copy)]
pub struct BoardPointer {
    svg: NodeRef<leptos::svg::Svg>,
    size: f64,
}

impl BoardPointer {
    pub fn new(svg: NodeRef<leptos::svg::Svg>, size: f64) -> BoardPointer {
        BoardPointer { svg, size }
    }

    /// The pointer's position in board units, if the board is on the page.
    pub fn units(self, ev: &PointerEvent) -> Option<(f64, f64)> {
        let svg = self.svg.get_untracked()?;
        let (cx, cy) = client(ev);
        to_units(svg.as_ref(), cx, cy, self.size)
    }

    pub fn capture(self, id: i32) {
        if let Some(svg) = self.svg.get_untracked() {
            capture(svg.as_ref(), id);
        }
    }

    pub fn release(self, id: i32) {
        if let Some(svg) = self.svg.get_untracked() {
            release(svg.as_ref(), id);
        }
    }

    /// Whether the board still holds pointer `id` (captured at its pointerdown).
    pub fn holds(self, id: i32) -> bool {
        self.svg
            .get_untracked()
            .is_some_and(|svg| holds(svg.as_ref(), id))
    }
}

/// The pointer's position in client pixels.
pub fn client(ev: &PointerEvent) -> (f64, f64) {
    (ev.client_x() as f64, ev.client_y() as f64)
}

/// Client pixels to units of a square viewBox `size` wide, from the board's box right now.
pub fn to_units(svg: &Element, cx: f64, cy: f64, size: f64) -> Option<(f64, f64)> {
    let r = svg.get_bounding_client_rect();
    let side = r.width().min(r.height());
    if side <= 0.0 {
        return None;
    }
    // The viewBox is centred in the box (preserveAspectRatio "xMidYMid meet").
    let left = r.left() + (r.width() - side) / 2.0;
    let top = r.top() + (r.height() - side) / 2.0;
    Some(((cx - left) * size / side, (cy - top) * size / side))
}

pub fn capture(el: &Element, id: i32) {
    let _ = el.set_pointer_capture(id);
}

pub fn release(el: &Element, id: i32) {
    if el.has_pointer_capture(id) {
        let _ = el.release_pointer_capture(id);
    }
}

/// Whether the board still holds pointer `id` (captured at its pointerdown).
pub fn holds(el: &Element, id: i32) -> bool {
    el.has_pointer_capture(id)
}

/// The box of the first element matching `selector` (client pixels), if it is on the page.
pub fn element_box(selector: &str) -> Option<web_sys::DomRect> {
    let el = web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()??;
    Some(el.get_bounding_client_rect())
}

/// A point of the screen (client pixels) in units of the first element matching `selector`,
/// a square viewBox `size` wide.
pub fn units_in(selector: &str, cx: f64, cy: f64, size: f64) -> Option<(f64, f64)> {
    let el = web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()??;
    to_units(&el, cx, cy, size)
}
