//! A new version of the app waiting to take over. index.html's service-worker glue keeps
//! `window.classroomUpdate` (`ready`, `take()`, `started()`) and fires `classroom-update` when
//! a new build has been fetched in the background; the app offers it between games.

use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::js_sys::{Function, Reflect};

const GLUE: &str = "classroomUpdate";
const EVENT: &str = "classroom-update";

fn glue() -> Option<JsValue> {
    let window = web_sys::window()?;
    Reflect::get(&window, &JsValue::from_str(GLUE))
        .ok()
        .filter(|g| g.is_object())
}

/// Whether a new version is waiting now.
pub fn is_ready() -> bool {
    glue()
        .and_then(|g| Reflect::get(&g, &JsValue::from_str("ready")).ok())
        .is_some_and(|ready| ready.is_truthy())
}

/// Calls `ready` when a new version has arrived (at once if one is waiting already).
pub fn on_ready(ready: impl Fn() + 'static) {
    if is_ready() {
        ready();
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let cb = Closure::wrap(Box::new(move |_: web_sys::Event| ready()) as Box<dyn FnMut(_)>);
    let _ = window.add_event_listener_with_callback(EVENT, cb.as_ref().unchecked_ref());
    // The app lives as long as the page.
    cb.forget();
}

/// Lets the new version take over: the page reloads into it (saved games are kept, they live
/// in storage the update never touches).
pub fn take() {
    call("take");
}

/// Says the start is complete: the glue registers the service worker now, whose install
/// fetches the whole build, rather than while the start's own parts are still coming.
pub fn started() {
    call("started");
}

fn call(method: &str) {
    let Some(g) = glue() else { return };
    if let Ok(f) = Reflect::get(&g, &JsValue::from_str(method)) {
        if let Some(f) = f.dyn_ref::<Function>() {
            let _ = f.call0(&g);
        }
    }
}
