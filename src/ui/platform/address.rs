//! The page's address: flags given after `?` (`?reset-teacher`, `?panic-test`), and taking
//! one out again so a reload does not repeat it; and the build the page belongs to, whose
//! files beside it carry its id in their names.

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

/// The id of the page's build (`<meta name="app-build">`, written by the build): the files
/// fetched later (a language's messages, the screens' styles) are named with it, so a page
/// never reads another build's.
pub fn build_id() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=app-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default()
}
