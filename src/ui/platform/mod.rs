//! The platform layer, at the bottom of the UI: everything that touches the browser beyond
//! the DOM tree the views build — storage and the saves' revisions, sound, speech, the
//! clipboard, downloads and printing, the focus around dialogs, fullscreen, pointer capture
//! and where the board is on screen, fast taps, the page's address and build, time, the crash
//! hook, the loading picture, the screens' stylesheet and a waiting new version. Only here are
//! these browser APIs used. It imports nothing else of the UI (only the pure crate parts);
//! every layer above may use it.

pub mod address;
pub mod clipboard;
pub mod crash;
pub mod engine;
pub mod files;
pub mod focus;
pub mod fullscreen;
pub mod idle;
pub mod language;
pub mod loading;
pub mod pointer;
pub mod sound;
pub mod speech;
pub mod storage;
pub mod styles;
pub mod taps;
pub mod time;
pub mod update;
