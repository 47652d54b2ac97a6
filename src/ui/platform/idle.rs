//! Work for a quiet moment: after the app's first frame, or after the first screen
//! when the page is served by the service worker (so nothing is fetched from the network) and
//! the browser has nothing else to do.

use leptos::prelude::{request_animation_frame, set_timeout};
use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use std::cell::Cell;
use std::time::Duration;
use web_sys::js_sys::{Function, Object, Reflect};

/// How long the browser's idle moment is awaited at most (it may be busy all along).
const AT_MOST_MS: i32 = 5_000;
/// How long to wait before looking again while `busy`.
const BUSY_WAIT: Duration = Duration::from_millis(300);

/// Whether the page's files come from the service worker's copy of this build: then fetching
/// a part costs no network. (On the first visit the page is not yet controlled.)
fn served_by_worker() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator: JsValue = window.navigator().into();
    Reflect::get(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()
        .filter(|c| c.is_object())
        .and_then(|c| Reflect::get(&c, &JsValue::from_str("controller")).ok())
        .is_some_and(|w| w.is_object())
}

/// Runs `work` once the browser is idle and `busy` says no (a finger holding a piece: the
/// work must not cost a frame of a drag), if the page is served by the service worker;
/// otherwise never.
pub fn when_idle_offline(busy: impl Fn() -> bool + 'static, work: impl FnOnce() + 'static) {
    if served_by_worker() {
        wait_idle(Box::new(busy), Box::new(work));
    }
}

thread_local! {
    /// Whether a frame of the app has been drawn (an [`after_first_frame`] wait has ended).
    static FIRST_FRAME_DRAWN: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` once the app's first frame has been drawn, in a task of its own: what is
/// mounted at the start is on screen (and can be dragged) before `work` costs anything.
/// Later, `work` runs at once.
pub fn after_first_frame(work: impl FnOnce() + 'static) {
    if FIRST_FRAME_DRAWN.with(Cell::get) {
        work();
        return;
    }
    // A frame callback runs just before the frame is drawn; a task it posts, just after.
    request_animation_frame(move || {
        set_timeout(
            move || {
                FIRST_FRAME_DRAWN.with(|drawn| drawn.set(true));
                work();
            },
            Duration::ZERO,
        )
    });
}

/// Runs `work` once the browser is idle and `busy` says no, however the page was served.
pub fn when_idle(busy: impl Fn() -> bool + 'static, work: impl FnOnce() + 'static) {
    wait_idle(Box::new(busy), Box::new(work));
}

fn wait_idle(busy: Box<dyn Fn() -> bool>, work: Box<dyn FnOnce()>) {
    request_idle(move || {
        if busy() {
            set_timeout(move || wait_idle(busy, work), BUSY_WAIT);
        } else {
            work();
        }
    });
}

/// The browser's idle callback (a plain wait where there is none).
fn request_idle(then: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let callback = Closure::once_into_js(then);
    match Reflect::get(&window, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .filter(JsValue::is_function)
    {
        Some(idle) => {
            let options = Object::new();
            let _ = Reflect::set(&options, &JsValue::from_str("timeout"), &AT_MOST_MS.into());
            let _ = idle
                .unchecked_into::<Function>()
                .call2(&window, &callback, &options);
        }
        None => {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                callback.unchecked_ref(),
                AT_MOST_MS,
            );
        }
    }
}
