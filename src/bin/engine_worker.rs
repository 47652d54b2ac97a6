//! The computer opponent's Web Worker: it reads the app's requests (JSON text, see
//! `engine::request`), thinks, and posts the reply. It runs off the page's thread, so the board
//! keeps moving while the engine searches; the search polls `Date.now()` for its deadline, and
//! the app cancels a search by ending the worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    use classroom_chess::engine::request::answer_text;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{js_sys, DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
        let Some(text) = ev.data().as_string() else {
            return;
        };
        let reply = answer_text(&text, &js_sys::Date::now);
        // The page may be gone; nothing to do then.
        let _ = replies.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: so does its message handler.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// Natively there is no worker: `rules uci` is the engine's command-line face.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("engine-worker runs in the browser; natively use `rules uci`");
}
