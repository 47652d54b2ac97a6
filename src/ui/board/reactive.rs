//! Effects and memos, as Leptos's `Effect::new` and `Memo::new` make them, with less code.
//! Each `Effect::new` brings its own copy of the effect's task (the loop that waits for a
//! change and runs the function: about half a kilobyte of WebAssembly) for the function's
//! type, and each `Memo::new` its own setup of the memo. [`watch`] gives Leptos one boxed
//! function type, so the effect's task is in the app once; [`memo`] one boxed function type
//! per value type, so a memo's setup is there once for each type of value.

use leptos::prelude::*;

/// Runs `f` now (once the current view is built) and again after every change to what it
/// read, for as long as the view it was made in lives.
pub fn watch(f: impl FnMut() + 'static) {
    watch_boxed(Box::new(f));
}

fn watch_boxed(mut f: Box<dyn FnMut()>) {
    Effect::new(move |_| f());
}

/// A value worked out by `f` from what it reads, worked out again when that changes; those
/// who read it hear of a change only when the value is not equal to what it was.
pub fn memo<T: PartialEq + Send + Sync + 'static>(
    f: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T> {
    memo_boxed(Box::new(f))
}

fn memo_boxed<T: PartialEq + Send + Sync + 'static>(
    f: Box<dyn Fn() -> T + Send + Sync>,
) -> Memo<T> {
    Memo::new(move |_| f())
}
