//! The app's language: the one the page started in (its early script, tools/early-compile.mjs,
//! chose it, the one kept on this device or else the browser's, and fetched it), one chosen
//! in Settings (fetched then, by the page's `appMessages`), and the page's `lang` and `dir`.
//! Every language but English is a file of the build, `lang/<code>-<build>.txt`: its string
//! table, made and checked by the build, read by [`crate::text::Language::from_table`], and
//! kept offline by the service worker once fetched.

use super::storage;
use crate::text::languages::{self, LanguageInfo};
use crate::text::{self, set_language};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Function, Promise, Reflect};

/// localStorage key of the chosen language's code (the page's early script reads it).
pub const LANGUAGE_KEY: &str = "classroom-chess.language";

/// Keeps `code` as this device's language (it takes effect at the next start).
pub fn keep(code: &str) -> bool {
    storage::write(LANGUAGE_KEY, code)
}

thread_local! {
    static FAILED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The page's table of the language it started in, as text (null when it could not be had):
/// tools/early-compile.mjs chose the language (the one kept on this device, else the first of
/// the browser's the app has), put the page in it and fetched its table, and the page's start
/// script waits for that before the app's.
const START_TABLE: &str = "appStartTable";

/// Makes the language the page started in the app's, before the first view is built; when its
/// table could not be had or read, the app starts in English and [`failed_at_start`] says so
/// once.
pub fn use_page_language() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let code = window
        .document()
        .and_then(|d| d.document_element())
        .and_then(|root| root.get_attribute("lang"))
        .unwrap_or_default();
    let info = languages::find(&code).unwrap_or(&languages::LANGUAGES[0]);
    let table = Reflect::get(&window, &JsValue::from_str(START_TABLE))
        .ok()
        .and_then(|table| table.as_string());
    if take(info, table).is_err() {
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
    let table = if info.code == text::ENGLISH.code() {
        None
    } else {
        fetch_table(info.code).await
    };
    take(info, table)
}

/// Makes `info` the app's language, from its `table` (the file's text; English needs none),
/// and puts the page in it.
fn take(info: &'static LanguageInfo, table: Option<String>) -> Result<(), LoadError> {
    if info.code != text::ENGLISH.code() {
        let table = table.ok_or(LoadError::Fetch)?;
        let language =
            text::Language::from_table(info.code, &table, info.plural).ok_or(LoadError::Damaged)?;
        set_language(language);
    }
    mark_page(info);
    Ok(())
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

/// The page's function that fetches a language's table (tools/early-compile.mjs): it answers
/// the file's text, or null when it cannot be fetched. It names the file of this build, so a
/// page never reads another build's messages, and its fetch weighs nothing in the app's wasm.
const FETCH_TABLE: &str = "appMessages";

async fn fetch_table(code: &str) -> Option<String> {
    let window = web_sys::window()?;
    let fetch = Reflect::get(&window, &JsValue::from_str(FETCH_TABLE)).ok()?;
    let answer = fetch
        .dyn_ref::<Function>()?
        .call1(&window, &JsValue::from_str(code))
        .ok()?;
    JsFuture::from(answer.dyn_into::<Promise>().ok()?)
        .await
        .ok()?
        .as_string()
}
