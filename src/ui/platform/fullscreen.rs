//! Fullscreen for the projector (demo mode): asked for quietly — a refusal by the browser
//! or the user is no error — and left again; a callback hears when the page leaves
//! fullscreen by itself (the browser's own Escape, which pages never see).

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Calls a fullscreen method by name and swallows a refusal (its promise rejects when the
/// browser or the user says no: that must never show up as an error).
fn call_quietly(target: &leptos::wasm_bindgen::JsValue, method: &str) {
    use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::js_sys::{Function, Promise, Reflect};
    let Ok(f) = Reflect::get(target, &JsValue::from_str(method)) else {
        return;
    };
    let Some(f) = f.dyn_ref::<Function>() else {
        return;
    };
    if let Ok(p) = f.call0(target) {
        if let Some(p) = p.dyn_ref::<Promise>() {
            let quiet = Closure::wrap(Box::new(|_: JsValue| {}) as Box<dyn FnMut(JsValue)>);
            let _ = p.catch(&quiet);
            quiet.forget();
        }
    }
}

/// Whether the page is in fullscreen now.
pub fn is_on() -> bool {
    document().is_some_and(|d| d.fullscreen_element().is_some())
}

/// Asks for fullscreen; true when we asked (it was not on already).
pub fn enter() -> bool {
    if is_on() {
        return false;
    }
    match document().and_then(|doc| doc.document_element()) {
        Some(el) => {
            call_quietly(&el, "requestFullscreen");
            true
        }
        None => false,
    }
}

/// Leaves fullscreen, if on.
pub fn exit() {
    if is_on() {
        if let Some(doc) = document() {
            call_quietly(&doc, "exitFullscreen");
        }
    }
}

/// Calls `left` whenever the page leaves fullscreen.
pub fn on_leave(left: impl Fn() + 'static) {
    use leptos::wasm_bindgen::{closure::Closure, JsCast};
    let Some(doc) = document() else { return };
    let cb = Closure::wrap(Box::new(move |_: web_sys::Event| {
        if !is_on() {
            left();
        }
    }) as Box<dyn FnMut(web_sys::Event)>);
    let _ = doc.add_event_listener_with_callback("fullscreenchange", cb.as_ref().unchecked_ref());
    // The app lives as long as the page.
    cb.forget();
}
