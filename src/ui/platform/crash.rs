//! The last line of defence. Nothing in the app should panic, but if something still does,
//! the page must not just die: the panic hook notes which save was open when it happened,
//! and the page's own script (index.html, which works without the WebAssembly) covers the
//! page with a plain message and "Start again", in the app's language (the hook gives the
//! page the words). On the next start that save is set aside
//! (kept, never deleted) with a notice, so the app cannot fall over the same thing twice;
//! every other save — the other game, rule sets, the teacher's settings — stays as it was.

use crate::text::msg;
use crate::ui::platform::storage;
use std::cell::Cell;

/// Where the crash note is kept until the next start reads it.
const CRASH_KEY: &str = "classroom-chess.crash";

thread_local! {
    /// The save the app is working on: restoring it at start, or the game on screen.
    static ACTIVE: Cell<&'static str> = const { Cell::new(storage::CURRENT_KEY) };
}

/// Installs the panic hook: the message goes to the console, a note of the open save to
/// storage, and the crash screen's words in the app's language to the page. (After the hook
/// the WebAssembly stops; the page script shows the screen.)
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let key = ACTIVE.with(Cell::get);
        let _ = storage::write(CRASH_KEY, key);
        give_page_the_words();
    }));
}

/// The crash screen's words, where index.html's script reads them (the build put English's
/// there, tools/page-words.mjs).
fn give_page_the_words() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    for (attribute, words) in [
        ("data-crash-title", msg::platform_crash_screen_title()),
        ("data-crash-text", msg::platform_crash_screen_text()),
        ("data-crash-again", msg::platform_crash_screen_start_again()),
    ] {
        let _ = root.set_attribute(attribute, words);
    }
}

/// The save the app works on from now on (see [`ACTIVE`]).
pub fn set_active(key: &'static str) {
    ACTIVE.with(|a| a.set(key));
}

/// After a crash: sets the save that was open aside and says so. Returns the notice.
pub fn recover() -> Option<String> {
    let key = storage::read(CRASH_KEY)?;
    storage::remove(CRASH_KEY);
    let family = key == storage::FAMILY_KEY;
    let Some(text) = storage::read(&key) else {
        return Some(msg::platform_crash_restarted().into());
    };
    Some(match (storage::set_aside(&key, &text), family) {
        (storage::SetAside::Kept(aside), false) => msg::platform_crash_game_kept(&aside),
        (storage::SetAside::Kept(aside), true) => msg::platform_crash_family_kept(&aside),
        (storage::SetAside::Left, false) => msg::platform_crash_game_left().into(),
        (storage::SetAside::Left, true) => msg::platform_crash_family_left().into(),
    })
}

/// `?panic-test` in the address makes the app panic once it has started, so the browser
/// tests can check this last line of defence end to end.
pub fn panic_test_requested() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| {
            q.trim_start_matches('?')
                .split('&')
                .any(|p| p == "panic-test")
        })
}
