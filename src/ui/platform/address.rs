//! The page's address: flags given after `?` (`?reset-teacher`, `?panic-test`), and taking
//! one out again so a reload does not repeat it.

/// Whether the address has `?name` (or `?name=...`).
pub fn has_flag(name: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| {
            q.trim_start_matches('?')
                .split('&')
                .any(|p| p.split('=').next() == Some(name))
        })
}

/// Takes every `?` flag out of the address, without reloading.
pub fn forget_flags() {
    let Some(w) = web_sys::window() else { return };
    let Ok(path) = w.location().pathname() else {
        return;
    };
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&web_sys::wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}
