//! The web app (wasm32 only): Leptos components over the rules core, in five layers. Each
//! layer imports only the layers below it, and no module imports another in a circle
//! (`tests/architecture.rs` checks both):
//!
//! 1. [`app`] — the shell: mounting, which screen is shown, the menu, the keyboard.
//! 2. [`screens`] — one folder or file per screen or dialog (new game, settings, custom
//!    rules, the position editor, export/import, the result, demo mode's tools).
//! 3. [`game`] — the game screen and its panels, written once against one game session that
//!    is either a two-player game or a Fun Family game.
//! 4. [`board`] — one board for every geometry, with the release-move drag/tap machine.
//! 5. [`platform`] — everything that touches the browser beyond the DOM tree: storage,
//!    sound, speech, clipboard, fullscreen, pointer plumbing, time, the crash hook.
//!
//! Every text a person reads comes from the message catalogue ([`crate::text`]).
//!
//! Only the board's pure parts build outside the browser (for their native tests); the rest
//! is for wasm32 with the `web` feature.

#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod app;
pub mod board;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod game;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod platform;
#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod screens;

/// Starts the app: panics go to the browser console (and the crash screen, see
/// [`platform::crash`]), the app mounts into `<body>`.
#[cfg(all(target_arch = "wasm32", feature = "web"))]
pub fn start() {
    platform::crash::install();
    // The messages are in place before the first view is built: every view reads them once.
    platform::language::use_page_language();
    // (Leptos's own executor starts with the mount, so this waits on wasm-bindgen's.)
    wasm_bindgen_futures::spawn_local(async {
        // A Fun Family game was being played: its rules come in a part of their own.
        if platform::storage::read(platform::storage::FAMILY_KEY).is_some() {
            game::family_part::load_kit().await;
        }
        // Something saved: the part that reads saves comes first (without it, each save is
        // kept aside with a notice, never lost).
        if game::saves_part::needed_at_start() {
            game::saves_part::load().await;
        }
        leptos::mount::mount_to_body(app::App);
        platform::loading::done();
    });
}
