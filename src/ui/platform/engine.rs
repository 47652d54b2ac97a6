//! The engine's Web Worker (`engine-worker_loader.js`, built by trunk beside the app): started
//! when a computer player is chosen or the computer is first asked, so it is no part of the
//! first load, and kept for the next question. One question at a time: a new question or
//! [`cancel`] ends a search under way by ending the worker (a busy worker reads no messages),
//! and the next question starts a fresh one.

use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{ErrorEvent, MessageEvent, Worker};

const SCRIPT: &str = "engine-worker_loader.js";
/// The worker's first message: it reads questions from now on.
const READY: &str = "ready";

/// What the worker said: its reply (JSON text), or why it could not answer.
pub type Answer = Result<String, String>;

struct Running {
    worker: Worker,
    ready: bool,
    /// A question was posted and its answer has not come.
    busy: bool,
    /// A question asked before the worker was ready (a message sent earlier would be lost).
    waiting: Option<String>,
    on_answer: Rc<dyn Fn(Answer)>,
    // Kept alive as long as the worker.
    _on_message: Closure<dyn Fn(MessageEvent)>,
    _on_error: Closure<dyn Fn(ErrorEvent)>,
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Ends the worker and whatever it was thinking about; its answer never comes.
pub fn cancel() {
    if let Some(r) = RUNNING.with(|r| r.borrow_mut().take()) {
        r.worker.terminate();
    }
}

fn on_message(ev: MessageEvent) {
    let Some(text) = ev.data().as_string() else {
        return;
    };
    if text == READY {
        let waiting = RUNNING.with(|r| {
            let mut r = r.borrow_mut();
            let running = r.as_mut()?;
            running.ready = true;
            let question = running.waiting.take()?;
            running.busy = true;
            Some((running.worker.clone(), question))
        });
        if let Some((worker, question)) = waiting {
            let _ = worker.post_message(&JsValue::from_str(&question));
        }
        return;
    }
    let handler = RUNNING.with(|r| {
        let mut r = r.borrow_mut();
        let running = r.as_mut()?;
        running.busy = false;
        Some(running.on_answer.clone())
    });
    if let Some(handler) = handler {
        handler(Ok(text));
    }
}

/// The worker could not load (offline before it was ever cached) or stopped on an error: it
/// is ended, and the one waiting for an answer is told.
fn on_error(ev: ErrorEvent) {
    let handler = RUNNING.with(|r| r.borrow().as_ref().map(|r| r.on_answer.clone()));
    cancel();
    if let Some(handler) = handler {
        handler(Err(ev.message()));
    }
}

/// Asks the engine `question` (a request in JSON); `on_answer` gets the reply. A question
/// still being thought about is dropped.
pub fn ask(question: String, on_answer: impl Fn(Answer) + 'static) {
    let on_answer: Rc<dyn Fn(Answer)> = Rc::new(on_answer);
    // An idle worker takes the question as it is.
    let kept = RUNNING.with(|r| {
        let mut r = r.borrow_mut();
        let running = r.as_mut().filter(|r| !r.busy)?;
        running.on_answer = on_answer.clone();
        if running.ready {
            running.busy = true;
            Some(
                running
                    .worker
                    .post_message(&JsValue::from_str(&question))
                    .is_ok(),
            )
        } else {
            running.waiting = Some(question.clone());
            Some(true)
        }
    });
    if kept == Some(true) {
        return;
    }
    cancel();
    start(Some(question), on_answer);
}

/// Starts the worker ahead of the first question (a computer player was just chosen), so the
/// engine is loaded by the time it is asked. Does nothing while a worker runs.
pub fn warm_up() {
    if RUNNING.with(|r| r.borrow().is_none()) {
        start(None, Rc::new(|_| {}));
    }
}

/// A new worker; `waiting` is posted once it is ready.
fn start(waiting: Option<String>, on_answer: Rc<dyn Fn(Answer)>) {
    let worker = match Worker::new(SCRIPT) {
        Ok(w) => w,
        Err(e) => {
            on_answer(Err(e.as_string().unwrap_or_else(|| "no worker".into())));
            return;
        }
    };
    let on_message_cb = Closure::<dyn Fn(MessageEvent)>::new(on_message);
    let on_error_cb = Closure::<dyn Fn(ErrorEvent)>::new(on_error);
    worker.set_onmessage(Some(on_message_cb.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error_cb.as_ref().unchecked_ref()));
    RUNNING.with(|r| {
        *r.borrow_mut() = Some(Running {
            worker,
            ready: false,
            busy: false,
            waiting,
            on_answer,
            _on_message: on_message_cb,
            _on_error: on_error_cb,
        })
    });
}
