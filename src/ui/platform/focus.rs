//! The keyboard's focus around dialogs: where it was before a dialog opened (to give it back
//! when the dialog closes), and Tab kept inside an open dialog, going round from its last
//! control to its first and back.

use leptos::wasm_bindgen::JsCast;
use std::cell::{Cell, RefCell};
use web_sys::{Element, HtmlElement, KeyboardEvent};

thread_local! {
    /// Elements that had the focus when a dialog opened, by the dialog's ticket.
    static KEPT: RefCell<Vec<(u32, HtmlElement)>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u32> = const { Cell::new(0) };
}

/// What a Tab may land on.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])"; // text-ok: a CSS selector

/// The element that has the keyboard's focus now.
pub fn active() -> Option<HtmlElement> {
    web_sys::window()?
        .document()?
        .active_element()?
        .dyn_into::<HtmlElement>()
        .ok()
}

/// Keeps the element that has the focus now; the ticket gives it back ([`give_back`]).
pub fn remember() -> u32 {
    let ticket = NEXT.with(|n| {
        let t = n.get();
        n.set(t.wrapping_add(1));
        t
    });
    if let Some(el) = active() {
        KEPT.with(|k| k.borrow_mut().push((ticket, el)));
    }
    ticket
}

/// Gives the focus back to the element kept under `ticket`, if it is still on the page. Nothing
/// scrolls for it: on a phone the panel stays where the player left it.
pub fn give_back(ticket: u32) {
    let kept = KEPT.with(|k| {
        let mut k = k.borrow_mut();
        let i = k.iter().position(|(t, _)| *t == ticket)?;
        Some(k.remove(i).1)
    });
    if let Some(el) = kept.filter(|el| el.is_connected()) {
        focus_in_place(&el);
    }
}

/// Moves the focus to the element whose `data-testid` is `testid` once the page has been
/// redrawn (after a closing dialog gave the focus back): a game just started is played on its
/// board.
pub fn move_to_soon(testid: &'static str) {
    after_redraw(format!("[data-testid={testid}]"), |el| {
        // The boards are SVG, which is not an HTML element.
        match el.dyn_into::<web_sys::SvgElement>() {
            Ok(svg) => {
                let _ = svg.focus_with_options(&in_place());
            }
            Err(el) => {
                if let Ok(el) = el.dyn_into::<HtmlElement>() {
                    focus_in_place(&el);
                }
            }
        }
    });
}

/// Scrolls the element matching `selector` back to its top once the page has been redrawn:
/// a new game's panel shows its turn box and the player's buttons first, wherever the player
/// had scrolled to reach the menu.
pub fn scroll_to_top_soon(selector: &'static str) {
    after_redraw(selector.to_string(), |el| el.set_scroll_top(0));
}

/// Runs `then` on the element matching `selector` once the current updates have reached the
/// page (a timer after them), if there is one then.
fn after_redraw(selector: String, then: impl FnOnce(Element) + 'static) {
    leptos::prelude::set_timeout(
        move || {
            let el = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(&selector).ok().flatten());
            if let Some(el) = el {
                then(el);
            }
        },
        std::time::Duration::ZERO,
    );
}

fn focus_in_place(el: &HtmlElement) {
    let _ = el.focus_with_options(&in_place());
}

/// Focus that scrolls nothing.
fn in_place() -> web_sys::FocusOptions {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    options
}

/// A Tab or Shift+Tab inside `dialog`: from its last control to its first (or back), so the
/// focus never leaves the dialog for the page underneath.
pub fn keep_tab_inside(dialog: &Element, ev: &KeyboardEvent) {
    if ev.key() != "Tab" {
        return;
    }
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
        return;
    };
    let controls: Vec<HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        .filter(|el| el.offset_parent().is_some())
        .collect();
    let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
        return;
    };
    let now = active();
    let at = |el: &HtmlElement| now.as_ref().is_some_and(|a| a == el);
    let outside = now
        .as_ref()
        .is_none_or(|a| !dialog.contains(Some(a.as_ref())));
    if ev.shift_key() && (at(first) || outside) {
        ev.prevent_default();
        let _ = last.focus();
    } else if !ev.shift_key() && (at(last) || outside) {
        ev.prevent_default();
        let _ = first.focus();
    }
}
