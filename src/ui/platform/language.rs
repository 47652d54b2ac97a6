//! The app's language: which one (the teacher's or child's choice kept in localStorage, else
//! the browser's preferred languages), fetching its messages (every language but English is
//! a file of the build, `lang/<code>-<build>.txt`, fetched when chosen and kept offline by the
//! service worker), and the page's `lang` and `dir`. The messages themselves are read and
//! checked by [`crate::text::Language::load`].

use super::storage;
use crate::text::languages::{self, LanguageInfo};
use crate::text::{self, set_language};
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::future::Future;
use std::pin::Pin;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// localStorage key of the chosen language's code.
pub const LANGUAGE_KEY: &str = "classroom-chess.language";

/// The language chosen on this device, else the first of the browser's languages the app has.
pub fn chosen() -> &'static LanguageInfo {
    if let Some(info) = storage::read(LANGUAGE_KEY).and_then(|code| languages::find(code.trim())) {
        return info;
    }
    let preferred: Vec<String> = web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|tag| tag.as_string())
                .collect()
        })
        .unwrap_or_default();
    languages::best_match(preferred.iter().map(String::as_str))
}

/// Keeps `code` as this device's language (it takes effect at the next start).
pub fn keep(code: &str) -> bool {
    storage::write(LANGUAGE_KEY, code)
}

thread_local! {
    static FAILED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Loads [`chosen`] before the app starts; when it cannot be loaded the app starts in
/// English and [`failed_at_start`] says so once.
pub async fn load_chosen() {
    let info = chosen();
    if load(info).await.is_err() {
        FAILED.with(|f| f.set(true));
        mark_page(&languages::LANGUAGES[0]);
    }
}

/// The chosen language could not be loaded at start (asked once: the answer is then false).
pub fn failed_at_start() -> bool {
    FAILED.with(|f| f.replace(false))
}

/// Starts the app again (in the language just kept): the page reloads.
pub fn restart() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// Why a language could not be used: the app then stays in English.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be fetched (no network, and not kept offline yet).
    Fetch,
    /// The file does not read as that language's messages (a broken build or host).
    Damaged,
}

/// Fetches and reads `info`'s messages and makes them the app's; the page takes its `lang`
/// and `dir`. English needs no fetch.
pub async fn load(info: &'static LanguageInfo) -> Result<(), LoadError> {
    if info.code != text::ENGLISH.code() {
        fetch_and_read(info)
            .await
            .map_err(|_| LoadError::Fetch)?
            .await?;
    }
    mark_page(info);
    Ok(())
}

/// Fetching and reading a language's messages, under way.
type Reading = Pin<Box<dyn Future<Output = Result<(), LoadError>>>>;

/// Fetches a language's messages, reads them and makes them the app's. Both are a part of
/// their own: an English class never fetches it.
#[wasm_split(language, wasm_split_path = leptos::wasm_split, fallible)]
fn fetch_and_read(info: &'static LanguageInfo) -> Result<Reading, SplitLoaderError> {
    Ok(Box::pin(async move {
        let body = fetch_text(&file_of(info.code))
            .await
            .ok_or(LoadError::Fetch)?;
        let language =
            text::Language::load(info.code, &body, info.plural).map_err(|_| LoadError::Damaged)?;
        set_language(language);
        Ok(())
    }))
}

/// The page's `lang` and `dir`: screen readers pick their voice by `lang`, and the layout
/// mirrors for a right-to-left language (the board keeps its own direction in the styles).
pub fn mark_page(info: &LanguageInfo) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = root.set_attribute("lang", info.code);
    let _ = root.set_attribute("dir", if info.right_to_left { "rtl" } else { "ltr" });
}

/// `lang/<code>-<build>.txt`: a page never reads another build's messages.
fn file_of(code: &str) -> String {
    format!("lang/{code}-{}.txt", super::address::build_id())
}

async fn fetch_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}
