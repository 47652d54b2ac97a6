//! The clipboard: copies a text box's text, by the async clipboard where the page may use it
//! (secure contexts), else by the old copy command, else leaves the text selected for the
//! user to copy by hand.

use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::js_sys::Reflect;
use web_sys::HtmlTextAreaElement;

/// How a copy went.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Copied {
    /// On the clipboard.
    Done,
    /// The browser did not let us: the text is selected for the user to copy.
    Selected,
}

/// Copies the text box's text and tells `done` how it went (later, for the async clipboard).
pub fn copy(area: &HtmlTextAreaElement, done: impl Fn(Copied) + Clone + 'static) {
    area.focus().ok();
    area.select();
    let text = area.value();
    let exec_copy = move || -> bool {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.dyn_into::<web_sys::HtmlDocument>().ok())
            .and_then(|d| d.exec_command("copy").ok())
            .unwrap_or(false)
    };
    let by_command = move || {
        if exec_copy() {
            Copied::Done
        } else {
            Copied::Selected
        }
    };
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    // navigator.clipboard is undefined outside secure contexts (e.g. a plain-http server).
    let has_clipboard = Reflect::get(&nav, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has_clipboard {
        done(by_command());
        return;
    }
    let ok_done = done.clone();
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_| ok_done(Copied::Done));
    let err = Closure::<dyn FnMut(JsValue)>::new(move |_| done(by_command()));
    let _ = nav.clipboard().write_text(&text).then2(&ok, &err);
    // Two tiny closures per copy; they must outlive this call.
    ok.forget();
    err.forget();
}
