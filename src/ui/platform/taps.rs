//! Fast taps on buttons: buttons act on the finger's release. Chromium sends no click for a
//! tap that comes within its double-tap time of an earlier touch (e.g. just after dragging a
//! piece), so a quick tap on a button would do nothing: on a touch `pointerup` over the
//! button where that pointer went down, the button is clicked at once, and the browser's
//! own click of that tap (if it comes) is swallowed, whatever is under the finger by then.
//! "Over the button" is where the finger is, not the event's target: a button that holds the
//! pointer (a palette piece being dragged) gets the `pointerup` wherever the finger lifts.

/// The browser's own click of a tap comes within this time (ms) of the finger's release, if
/// at all.
const LATE_CLICK_MS: f64 = 800.0;

/// Installs the listeners, once for the page's life (again does nothing).
pub fn install() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::Relaxed) {
        return;
    }
    use super::pointer::button_of;
    use leptos::wasm_bindgen::{closure::Closure, JsCast};
    use std::cell::RefCell;
    use std::rc::Rc;
    use web_sys::{Element, Event, HtmlElement, PointerEvent};

    #[derive(Default)]
    struct Taps {
        down: Option<(i32, Element)>,
        /// Event time of the last tap we clicked for: the browser's own click of that tap
        /// (if it sends one) comes before the next press.
        clicked_at: Option<f64>,
    }
    let taps = Rc::new(RefCell::new(Taps::default()));
    let button_under = |pe: &PointerEvent| -> Option<Element> {
        web_sys::window()?
            .document()?
            .element_from_point(pe.client_x() as f32, pe.client_y() as f32)?
            .closest("button")
            .ok()?
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let listen = |name: &str, f: Box<dyn FnMut(Event)>| {
        let cb = Closure::wrap(f);
        // Capture phase, so the swallowed click never reaches the app's handlers.
        let _ = window.add_event_listener_with_callback_and_bool(
            name,
            cb.as_ref().unchecked_ref(),
            true,
        );
        // The app lives as long as the page.
        cb.forget();
    };
    let t = taps.clone();
    listen(
        "pointerdown",
        Box::new(move |ev: Event| {
            let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
                return;
            };
            let mut t = t.borrow_mut();
            // A new press: the click of the last tap, if any, has come and gone.
            t.clicked_at = None;
            t.down = (pe.pointer_type() == "touch")
                .then(|| button_of(&ev).map(|b| (pe.pointer_id(), b)))
                .flatten();
        }),
    );
    let t = taps.clone();
    listen(
        "pointercancel",
        Box::new(move |_| t.borrow_mut().down = None),
    );
    let t = taps.clone();
    listen(
        "pointerup",
        Box::new(move |ev: Event| {
            let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
                return;
            };
            // Another finger lifting (one that held the board) leaves this tap alone.
            let Some((_, button)) = t
                .borrow()
                .down
                .clone()
                .filter(|(id, _)| *id == pe.pointer_id())
            else {
                return;
            };
            t.borrow_mut().down = None;
            if button_under(pe).as_ref() != Some(&button) || button.has_attribute("disabled") {
                return;
            }
            if let Ok(b) = button.dyn_into::<HtmlElement>() {
                t.borrow_mut().clicked_at = Some(ev.time_stamp());
                b.click();
            }
        }),
    );
    let t = taps;
    listen(
        "click",
        Box::new(move |ev: Event| {
            if !ev.is_trusted() {
                return;
            }
            let mut t = t.borrow_mut();
            if t.clicked_at
                .is_some_and(|at| (ev.time_stamp() - at).abs() < LATE_CLICK_MS)
            {
                t.clicked_at = None;
                ev.prevent_default();
                ev.stop_immediate_propagation();
            }
        }),
    );
}

/// A button's action, for the few buttons that may show before fast taps are in place (those
/// that say a part could not be fetched): called with both its `pointerup` and its `click`,
/// it acts on a touch's release or a click, once per tap.
pub fn once_per_tap(ev: &web_sys::Event, act: impl FnOnce()) {
    use leptos::wasm_bindgen::JsCast;
    use std::cell::Cell;
    thread_local! {
        static LAST: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
    }
    let touch_release = ev
        .dyn_ref::<web_sys::PointerEvent>()
        .is_some_and(|p| p.pointer_type() == "touch");
    if !touch_release && ev.type_() != "click" {
        return;
    }
    let at = ev.time_stamp();
    if at - LAST.get() < LATE_CLICK_MS {
        return;
    }
    LAST.set(at);
    act();
}
