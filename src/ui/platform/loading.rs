//! The page's own picture of the board and "Loading…" (index.html, drawn by HTML and CSS
//! before any WebAssembly arrives): removed once the app has drawn itself in its place.

/// The element index.html draws while the app loads.
const LOADING_ID: &str = "loading";

/// Removes the loading picture. Called right after mounting, in the same task, so no frame
/// shows both or neither.
pub fn done() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(LOADING_ID))
    {
        el.remove();
    }
}
