//! Work for a quiet moment: after the first screen, when the page is served by the service
//! worker (so nothing is fetched from the network) and the browser has nothing else to do.

use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::js_sys::{Function, Object, Reflect};

/// How long after the start the quiet moment is awaited at most (the browser may be busy
/// all along, e.g. with a drag).
const AT_MOST_MS: i32 = 5_000;

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

/// Runs `work` once the browser is idle, if the page is served by the service worker;
/// otherwise never.
pub fn when_idle_offline(work: impl FnOnce() + 'static) {
    if !served_by_worker() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let callback = Closure::once_into_js(work);
    // Some tablets' browsers have no requestIdleCallback: there, a plain wait.
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
