//! Parts of the app fetched the first time they are shown, not in the first load (split out
//! by tools/app-build.mjs): a `#[wasm_split(part, …, fallible)]` function gives the part's view,
//! or an error when its code could not be fetched (the network is off and the browser has not
//! kept it yet). Either way something is shown: a failure is said in words, and showing the
//! part again tries again.

use super::modal::{close, hold_focus, keep_tab_inside};
use super::state::GameState;
use crate::text::msg;
use crate::ui::board::layers::escaped;
use crate::ui::board::Tracked;
use crate::ui::platform::pointer::button_of;
use crate::ui::platform::taps::once_per_tap;
use crate::ui::platform::{idle, styles};
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::future::{poll_fn, Future};
use std::pin::Pin;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use web_sys::Event;

/// What a part's function gives: its view, or why it could not be loaded.
pub type Part = Result<AnyView, SplitLoaderError>;

/// A dialog's part: the dialog once loaded, or a dialog that says it could not be loaded,
/// shown once the screens' stylesheet applies too (it holds every dialog's frame and the
/// forms' styles). `on_close` closes that one as the dialog would have been closed (by
/// default, it closes the open dialog).
pub fn dialog_part(
    state: GameState,
    on_close: Option<Callback<()>>,
    part: impl Future<Output = Part> + Send + 'static,
) -> AnyView {
    // One copy of the waiting for every dialog, whatever its part's future.
    dialog_shown(state, on_close, Box::pin(part))
}

fn dialog_shown(
    state: GameState,
    on_close: Option<Callback<()>>,
    part: Pin<Box<dyn Future<Output = Part> + Send>>,
) -> AnyView {
    // The screens' stylesheet is fetched beside the part, and the dialog waits for both.
    let styles = styles::screen_styles();
    when_ready(Box::pin(async move {
        let view = part
            .await
            .unwrap_or_else(|_| missing_dialog(state, on_close));
        styles.await;
        view
    }))
}

/// A panel's part: the panel once loaded, or a line that says it could not be loaded.
pub fn panel_part(part: impl Future<Output = Part> + Send + 'static) -> AnyView {
    part_shown(Box::pin(part), missing_line, false)
}

/// A panel's part with styles of its own (demo mode's tool column and coordinates): as
/// [`panel_part`], shown once the screens' stylesheet applies too.
pub fn styled_panel_part(part: impl Future<Output = Part> + Send + 'static) -> AnyView {
    part_shown(Box::pin(part), missing_line, true)
}

/// A part whose absence is said elsewhere: nothing until it is loaded, and nothing if it
/// cannot be.
pub fn quiet_part(part: impl Future<Output = Part> + Send + 'static) -> AnyView {
    part_shown(Box::pin(part), || ().into_any(), false)
}

/// One copy of the waiting for every panel's and quiet part, whatever its part's future:
/// `missing` is shown when it cannot be loaded; `styled`, shown once the screens'
/// stylesheet applies too.
fn part_shown(
    part: Pin<Box<dyn Future<Output = Part> + Send>>,
    missing: fn() -> AnyView,
    styled: bool,
) -> AnyView {
    let styles = styled.then(styles::screen_styles);
    when_ready(Box::pin(async move {
        let view = part.await.unwrap_or_else(|_| missing());
        if let Some(styles) = styles {
            styles.await;
        }
        view
    }))
}

/// Runs `f` under `owner` (the place that asked for a part, whose cleanup ends what `f`
/// starts), or as it is when there is none.
pub fn under<R>(owner: Option<&Owner>, f: impl FnOnce() -> R) -> R {
    match owner {
        Some(owner) => owner.with(f),
        None => f(),
    }
}

/// What installs a part's page-wide things (its function fetches the part first).
pub type Installer = Rc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<(), SplitLoaderError>>>>>;

/// Runs `install` until its part could be fetched: asked for again a few seconds later while
/// it cannot be (the network went away during a first visit).
pub fn install_part(install: Installer) {
    leptos::task::spawn_local(async move {
        if install().await.is_err() {
            set_timeout(move || install_part(install), Duration::from_secs(5));
        }
    });
}

/// A part asked for again and again until it comes: while it cannot be fetched, a line says so
/// with a button that asks again (`missing` is the line's words). Shown once the screens'
/// stylesheet applies too (the side panel's styles are in it).
pub fn retried_part<F>(
    missing: fn() -> &'static str,
    part: impl Fn() -> F + Send + Sync + 'static,
) -> impl IntoView
where
    F: Future<Output = Part> + Send + 'static,
{
    let attempt = Tracked::new(0u32);
    // At the start, asked for once the board's first frame has been drawn: the board comes
    // first. Shown again later (after demo mode), asked for at once.
    let asked = Tracked::new(false);
    idle::after_first_frame(move || {
        asked.set(true);
    });
    move || {
        attempt.track();
        if !asked.get() {
            return None;
        }
        let loading = part();
        let styles = styles::screen_styles();
        let retry = move |ev: &Event| once_per_tap(ev, || attempt.update(|n| *n += 1));
        Some(when_ready(Box::pin(async move {
            let view = loading.await.unwrap_or_else(|_| {
                view! {
                    <p class="message" role="alert" data-testid="panel-missing">{missing()}</p>
                    <button
                        data-testid="part-retry"
                        on:pointerup=move |ev| retry(&ev)
                        on:click=move |ev| retry(&ev)
                    >
                        {msg::app_part_retry()}
                    </button>
                }
                .into_any()
            });
            styles.await;
            view
        })))
    }
}

/// The view `part` gives, shown here once it is ready: at once when it is ready at once (a
/// part already fetched), else nothing until it is. It is built under this place's owner and
/// without tracking what it reads (as a component's body is), and not at all once this
/// place is gone. One function for every part, so the first load holds one copy of the
/// waiting, not one per part.
fn when_ready(mut part: Pin<Box<dyn Future<Output = AnyView> + Send>>) -> AnyView {
    let owner = Owner::current();
    let mut step = move |cx: &mut Context<'_>| -> Poll<AnyView> {
        under(owner.as_ref(), || untrack(|| part.as_mut().poll(cx)))
    };
    if let Poll::Ready(view) = step(&mut Context::from_waker(Waker::noop())) {
        return view;
    }
    let slot = RwSignal::new_local(None::<AnyView>);
    let gone = Arc::new(AtomicBool::new(false));
    on_cleanup({
        let gone = Arc::clone(&gone);
        move || gone.store(true, Ordering::Relaxed)
    });
    leptos::task::spawn_local(async move {
        let view = poll_fn(|cx| {
            if gone.load(Ordering::Relaxed) {
                Poll::Ready(None)
            } else {
                step(cx).map(Some)
            }
        })
        .await;
        if let Some(view) = view {
            slot.try_set(Some(view));
        }
    });
    // Taken out of the slot the one time it is filled.
    (move || {
        slot.track();
        slot.try_update_untracked(Option::take).flatten()
    })
    .into_any()
}

/// The dialog that says a dialog's part could not be loaded: the frame of every dialog
/// ([`super::modal::Modal`]), written as markup, so the first load does without the frame's
/// view code (the dialogs' parts bring it).
fn missing_dialog(state: GameState, on_close: Option<Callback<()>>) -> AnyView {
    let title = msg::app_part_missing_title();
    let markup = format!(
        // text-ok: markup
        "<header class=\"dialog-head\"><h2>{title}</h2>\
         <button class=\"close\" data-testid=\"close-dialog\" aria-label=\"{close}\" \
         title=\"{close}\">\u{2715}</button></header>\
         <div class=\"dialog-body\"><p class=\"confirm-text\" role=\"alert\">{text}</p></div>",
        title = escaped(title),
        close = escaped(msg::close()),
        text = escaped(msg::app_part_missing()),
    );
    let node = NodeRef::<leptos::html::Div>::new();
    hold_focus(node);
    // Its one button closes it.
    let pressed = move |ev: &Event| {
        if button_of(ev).is_some() {
            once_per_tap(ev, || close(state, on_close));
        }
    };
    view! {
        <div class="backdrop">
            <div
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-label=title
                data-testid="part-missing"
                tabindex="-1"
                node_ref=node
                on:keydown=move |ev| keep_tab_inside(node, &ev)
                on:pointerup=move |ev| pressed(&ev)
                on:click=move |ev| pressed(&ev)
                inner_html=markup
            ></div>
        </div>
    }
    .into_any()
}

fn missing_line() -> AnyView {
    view! { <p class="message" role="alert" data-testid="part-missing">{msg::app_part_missing()}</p> }
        .into_any()
}
