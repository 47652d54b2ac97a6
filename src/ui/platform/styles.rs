//! The styles of the screens that come in parts (Fun Family Chess, the menu's dialogs with a
//! form, demo mode's tool column, the position editor, the Tournament screen): a stylesheet of
//! their own, `screens-<build>.css` (written by the build, kept by the service worker), not
//! written into the page. It is asked for the first time one of those screens is wanted, and
//! the screen waits for it, so it is never seen without its styles. A stylesheet that cannot
//! be fetched, or is slow past [`AT_MOST_MS`], is waited for no longer.

use super::address::build_id;
use leptos::wasm_bindgen::{closure::Closure, JsCast};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

/// How long a screen waits for its styles at most: the screen always opens.
const AT_MOST_MS: i32 = 3_000;

#[derive(Default)]
enum Phase {
    #[default]
    NotAsked,
    Loading(Vec<Waker>),
    Done,
}

thread_local! {
    static PHASE: RefCell<Phase> = RefCell::default();
}

/// The screens' styles: asks for them (once), and resolves when they apply or will not come.
pub fn screen_styles() -> ScreenStyles {
    let ask = PHASE.with(|p| {
        let mut p = p.borrow_mut();
        let first = matches!(*p, Phase::NotAsked);
        if first {
            *p = Phase::Loading(Vec::new());
        }
        first
    });
    if ask && !add_stylesheet() {
        done();
    }
    ScreenStyles
}

/// Waits for the screens' styles (see [`screen_styles`]). Holds nothing, so a screen's part
/// may wait on it wherever a part may be awaited.
pub struct ScreenStyles;

impl Future for ScreenStyles {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        PHASE.with(|p| match &mut *p.borrow_mut() {
            Phase::Loading(waiting) => {
                if !waiting.iter().any(|w| w.will_wake(cx.waker())) {
                    waiting.push(cx.waker().clone());
                }
                Poll::Pending
            }
            Phase::NotAsked | Phase::Done => Poll::Ready(()),
        })
    }
}

/// Puts the stylesheet's link into the page's head (false: there is no page to put it in).
fn add_stylesheet() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Some(document) = window.document() else {
        return false;
    };
    let (Some(head), Ok(link)) = (document.head(), document.create_element("link")) else {
        return false;
    };
    // Loaded, failed or too slow: whichever comes first ends the wait.
    let finished = Closure::<dyn FnMut()>::new(done).into_js_value();
    let finished = finished.unchecked_ref();
    let _ = link.add_event_listener_with_callback("load", finished);
    let _ = link.add_event_listener_with_callback("error", finished);
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(finished, AT_MOST_MS);
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", &format!("screens-{}.css", build_id()));
    head.append_child(&link).is_ok()
}

/// The wait is over: every screen waiting is woken.
fn done() {
    let waiting = PHASE.with(
        |p| match std::mem::replace(&mut *p.borrow_mut(), Phase::Done) {
            Phase::Loading(waiting) => waiting,
            Phase::NotAsked | Phase::Done => Vec::new(),
        },
    );
    for waker in waiting {
        waker.wake();
    }
}
