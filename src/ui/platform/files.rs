//! Files out of the app without a server: a text as a link the browser downloads, and the
//! page printed (the print style sheet decides what is on paper).

/// A `data:` address holding `text`, for a link with a `download` name.
pub fn download_href(mime: &str, text: &str) -> String {
    let encoded: String = web_sys::js_sys::encode_uri_component(text).into();
    format!("data:{mime};charset=utf-8,{encoded}") // text-ok: an address, not words
}

/// Opens the browser's print dialog for the page.
pub fn print_page() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}
