//! The teacher lock: actions only a teacher may take (changing rules and options mid-game,
//! the Primary resign/draw permission, take-backs, stopping a game, deleting saved games and
//! custom rule sets, the teacher's own settings, starting a mode the teacher did not allow). Every
//! such action goes through [`as_teacher`], so the PIN check lives in one place.
//!
//! With no PIN set, everyone is the teacher. With a PIN, a guarded action opens the PIN pad;
//! the right PIN runs the action and keeps the teacher unlocked for [`UNLOCK_MINUTES`]
//! minutes (or until "Lock now"), so a teacher changing several things types it once. The
//! unlock lives in memory only: a reload locks again. The PIN (hashed) and the teacher's
//! settings are stored under `classroom-chess.teacher` ([`crate::teacher`]); opening the app
//! with `?reset-teacher` in the address removes exactly that key after a confirmation (the
//! documented way out of a forgotten PIN), never the games or rule sets.

use super::part::{dialog_part, Part};
use super::saves_part;
use super::state::GameState;
use crate::teacher::TeacherConfig;
use crate::text::msg;
use crate::ui::board::watch;
use crate::ui::board::{Kept, Tracked};
use crate::ui::platform::storage::{self, TEACHER_KEY};
use crate::ui::platform::{address, time};
use leptos::ev;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use std::cell::{Cell, RefCell};
use std::time::Duration;

/// How long the right PIN keeps the teacher unlocked.
pub const UNLOCK_MINUTES: u32 = 5;
const MAX_TRIES: u32 = 5;
const WAIT_SECONDS: u32 = 30;

/// What typing a PIN gave.
enum Answer {
    Right,
    Wrong,
    /// Too many wrong PINs: seconds to wait.
    Wait(u32),
}

/// What a guarded action is, for the PIN prompt's wording.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Guarded {
    /// Changing rules or options of a game in progress.
    RulesMidGame,
    /// The resign / draw-offer permission of Primary Chess.
    Permissions,
    /// Taking back a move.
    TakeBack,
    /// Deleting a saved game or a custom rule set.
    Delete,
    /// Making or changing custom rule sets (the rules screen).
    CustomRules,
    /// The teacher's own settings (PIN, allowed modes).
    TeacherSettings,
    /// Starting a game of a mode the teacher has not allowed.
    LockedMode,
    /// Stopping a Primary game at the end of the lesson, which decides it.
    StopGame,
    /// The class tournament: pairings, results, players.
    Tournament,
    /// The app's language.
    Language,
}

impl Guarded {
    fn why(self) -> &'static str {
        match self {
            Guarded::RulesMidGame => msg::lock_why_rules_mid_game(),
            Guarded::Permissions => msg::lock_why_permissions(),
            Guarded::TakeBack => msg::lock_why_take_back(),
            Guarded::Delete => msg::lock_why_delete(),
            Guarded::TeacherSettings => msg::lock_why_teacher_settings(),
            Guarded::LockedMode => msg::lock_why_locked_mode(),
            Guarded::CustomRules => msg::lock_why_custom_rules(),
            Guarded::StopGame => msg::lock_why_stop_game(),
            Guarded::Tournament => msg::lock_why_tournament(),
            Guarded::Language => msg::lock_why_language(),
        }
    }
}

/// The lock's state (values the screen follows, so `Copy`), installed once by the app.
#[derive(Clone, Copy)]
pub struct TeacherLock {
    pub config: Tracked<TeacherConfig>,
    /// `Date.now()` until which the teacher is unlocked.
    unlocked_until: Tracked<Option<f64>>,
    /// The PIN pad is open for this action.
    prompt: Tracked<Option<Guarded>>,
    /// The page was opened with `?reset-teacher`: the reset confirmation is showing.
    reset_asked: Tracked<bool>,
    /// Wrong PINs in a row; after [`MAX_TRIES`] the pad waits [`WAIT_SECONDS`], so trying
    /// every PIN by hand is not worth it.
    wrong: Kept<u32>,
    wait_until: Kept<f64>,
    state: GameState,
}

thread_local! {
    static LOCK: Cell<Option<TeacherLock>> = const { Cell::new(None) };
    /// The action waiting for the PIN.
    static PENDING: RefCell<Option<Box<dyn FnOnce()>>> = RefCell::new(None);
}

fn now() -> f64 {
    time::wall_ms()
}

/// The installed lock (none before the app started: then nothing is locked).
pub fn lock() -> Option<TeacherLock> {
    LOCK.with(|l| l.get())
}

/// A PIN is set and the teacher has not unlocked (reactive: use it in views).
pub fn locked() -> bool {
    lock().is_some_and(|l| l.config.with(|c| c.has_pin()) && l.unlocked_until.get().is_none())
}

/// The PIN pad is open (reactive): like a dialog, it voids whatever the board was doing.
pub fn pin_pad_open() -> bool {
    lock().is_some_and(|l| l.prompt.with(|p| p.is_some()))
}

/// [`pin_pad_open`] without tracking, for event handlers.
pub fn pin_pad_open_untracked() -> bool {
    lock().is_some_and(|l| l.prompt.with_untracked(|p| p.is_some()))
}

/// [`locked`] without tracking, for event handlers.
pub fn locked_untracked() -> bool {
    lock().is_some_and(|l| l.is_locked_now())
}

/// Whether the Hint button may be used now (reactive): always, unless the lock is on and
/// the teacher has turned hints off.
pub fn hints_allowed() -> bool {
    !locked() || lock().is_some_and(|l| l.config.with(|c| c.hints))
}

/// The teacher's settings now (untracked).
pub fn config() -> TeacherConfig {
    lock().map(|l| l.config.get_untracked()).unwrap_or_default()
}

/// Whether a child may start the mode with this key (`primary`, `family`, `custom`, ...)
/// without the PIN (reactive).
pub fn mode_open(key: &str) -> bool {
    !locked() || lock().is_some_and(|l| l.config.with(|c| c.mode_allowed(key)))
}

/// [`mode_open`] without tracking, for event handlers.
pub fn mode_open_untracked(key: &str) -> bool {
    !locked_untracked() || config().mode_allowed(key)
}

/// Escape: closes the PIN pad or the reset question if one is open (true when it did), so
/// the dialog under it stays.
pub fn escape() -> bool {
    let Some(l) = lock() else { return false };
    if l.prompt.get_untracked().is_some() {
        l.cancel();
        true
    } else if l.reset_asked.get_untracked() {
        l.reset_asked.set(false);
        forget_reset_request();
        true
    } else {
        false
    }
}

/// Runs `action` when the teacher may act now; otherwise asks for the PIN first and runs it
/// only after the right PIN. Until a PIN is set, everyone may.
pub fn as_teacher(what: Guarded, action: impl FnOnce() + 'static) {
    match lock() {
        Some(l) if l.is_locked_now() => {
            PENDING.with(|p| *p.borrow_mut() = Some(Box::new(action)));
            l.prompt.set(Some(what));
        }
        _ => action(),
    }
}

impl TeacherLock {
    /// Loads the PIN and teacher settings, and installs the lock for [`as_teacher`].
    /// Unreadable teacher storage is set aside (kept under another key) and reported: the
    /// app then runs without a PIN, which only someone with the browser's developer tools
    /// could cause.
    pub fn install(state: GameState) -> TeacherLock {
        let config = storage::read_or_set_aside(
            TEACHER_KEY,
            msg::lock_stored_what(),
            msg::lock_stored_then(),
            saves_part::read(|r, t| r.teacher(t)),
            saves_part::revision,
        )
        .unwrap_or_else(|notice| {
            state.add_notice(notice);
            None
        })
        .unwrap_or_default();
        let lock = TeacherLock {
            config: Tracked::new(config),
            unlocked_until: Tracked::new(None),
            prompt: Tracked::new(None),
            reset_asked: Tracked::new(reset_requested()),
            wrong: Kept::new(0),
            wait_until: Kept::new(0.0),
            state,
        };
        LOCK.with(|l| l.set(Some(lock)));
        lock
    }

    fn is_locked_now(self) -> bool {
        if !self.config.with_untracked(|c| c.has_pin()) {
            return false;
        }
        match self.unlocked_until.get_untracked() {
            Some(until) if until > now() => false,
            Some(_) => {
                self.unlocked_until.set(None);
                true
            }
            None => true,
        }
    }

    /// Unlocked for [`UNLOCK_MINUTES`] from now; a timer locks again.
    fn unlock(self) {
        let ms = f64::from(UNLOCK_MINUTES) * 60_000.0;
        let until = now() + ms;
        self.unlocked_until.set(Some(until));
        set_timeout(
            move || {
                if self.unlocked_until.get_untracked() == Some(until) {
                    self.unlocked_until.set(None);
                }
            },
            Duration::from_millis(ms as u64),
        );
    }

    /// "Lock now": the next guarded action asks for the PIN again.
    pub fn lock_now(self) {
        self.unlocked_until.set(None);
        self.state.say(msg::lock_locked_again().into());
    }

    /// Changes the teacher's settings and stores them; false (and a message) when the
    /// browser refused to store them.
    pub fn update(self, f: impl FnOnce(&mut TeacherConfig)) -> bool {
        self.config.update(f);
        let text = self.config.with_untracked(|c| c.encode());
        let ok = storage::write(TEACHER_KEY, &text);
        if !ok {
            self.state.show_message(msg::lock_not_stored().into());
        }
        ok
    }

    /// Another tab changed the teacher's settings (a new PIN, allowed modes): take them over.
    /// Whether this tab is unlocked stays this tab's own.
    pub fn follow_other_tab(self, text: Option<String>) {
        if text.is_some() && saves_part::forms().is_none() {
            // The saved forms first; then this change again.
            leptos::task::spawn_local(async move {
                if saves_part::load().await.is_some() {
                    self.follow_other_tab(text);
                }
            });
            return;
        }
        match text.as_deref().map(saves_part::read(|r, t| r.teacher(t))) {
            None => self.config.set(TeacherConfig::default()),
            Some(Ok(c)) => self.config.set(c),
            Some(Err(_)) => {}
        }
    }

    /// Sets or changes the PIN (the teacher stays unlocked).
    pub fn set_pin(self, pin: &str) -> Result<(), String> {
        crate::teacher::check_pin_format(pin)?;
        let salt = format!("{:x}{:x}", now() as u64, (time::random() * 1e15) as u64);
        let mut next = self.config.get_untracked();
        next.set_pin(pin, &salt)?;
        if self.update(|c| *c = next) {
            self.unlock();
            Ok(())
        } else {
            Err(msg::lock_pin_not_saved().into())
        }
    }

    /// Removes the PIN (keeps the allowed modes and permissions for a later PIN).
    pub fn remove_pin(self) {
        self.update(|c| c.pin = None);
        self.unlocked_until.set(None);
    }

    /// Whether the teacher is unlocked right now with a PIN set (reactive).
    pub fn unlocked_with_pin(self) -> bool {
        self.config.with(|c| c.has_pin()) && self.unlocked_until.get().is_some()
    }

    fn answer(self, pin: &str) -> Answer {
        let left = self.wait_until.get_value() - now();
        if left > 0.0 {
            return Answer::Wait((left / 1000.0).ceil() as u32);
        }
        if !self.config.with_untracked(|c| c.verify(pin)) {
            let n = self.wrong.get_value() + 1;
            if n >= MAX_TRIES {
                self.wrong.set_value(0);
                self.wait_until
                    .set_value(now() + f64::from(WAIT_SECONDS) * 1000.0);
                return Answer::Wait(WAIT_SECONDS);
            }
            self.wrong.set_value(n);
            return Answer::Wrong;
        }
        self.wrong.set_value(0);
        self.unlock();
        self.prompt.set(None);
        if let Some(action) = PENDING.with(|p| p.borrow_mut().take()) {
            action();
        }
        Answer::Right
    }

    fn cancel(self) {
        PENDING.with(|p| *p.borrow_mut() = None);
        self.prompt.set(None);
    }

    /// The documented reset of a forgotten PIN: removes the PIN and the teacher's settings
    /// (the `classroom-chess.teacher` key) and nothing else.
    fn reset(self) {
        storage::remove(TEACHER_KEY);
        self.config.set(TeacherConfig::default());
        self.unlocked_until.set(None);
        self.reset_asked.set(false);
        forget_reset_request();
        self.state.add_notice(msg::lock_reset_done().into());
    }
}

/// The address asks for the PIN reset (`...?reset-teacher`).
fn reset_requested() -> bool {
    address::has_flag("reset-teacher")
}

/// Takes `?reset-teacher` out of the address, so a reload does not ask again.
fn forget_reset_request() {
    address::forget_flags();
}

/// The PIN pad and the reset confirmation, drawn over everything (also over a dialog).
#[component]
pub fn TeacherLayer(lock: TeacherLock) -> impl IntoView {
    view! {
        {move || lock.prompt.get().map(|what| {
                let cancel = Callback::new(move |()| lock.cancel());
                dialog_part(lock.state, Some(cancel), pin_pad(lock, what))
            })}
        {move || lock.reset_asked.get().then(|| {
                // Not shown: the address still asks, so the next start asks again.
                let close = Callback::new(move |()| lock.reset_asked.set(false));
                dialog_part(lock.state, Some(close), reset_confirm(lock))
            })}
    }
}

/// The question a reset address asks, fetched with the PIN pad's part (rarely needed).
#[wasm_split(pin_pad, wasm_split_path = leptos::wasm_split, fallible)]
fn reset_confirm(lock: TeacherLock) -> Part {
    Ok(view! { <ResetConfirm lock /> }.into_any())
}

/// The PIN pad, fetched the first time it is asked for (split out by
/// tools/app-build.mjs).
#[wasm_split(pin_pad, wasm_split_path = leptos::wasm_split, fallible)]
fn pin_pad(lock: TeacherLock, what: Guarded) -> Part {
    Ok(view! { <PinPad lock what /> }.into_any())
}

#[component]
fn PinPad(lock: TeacherLock, what: Guarded) -> impl IntoView {
    let pin = Tracked::new(String::new());
    let error = Tracked::new(None::<String>);
    let input = NodeRef::<leptos::html::Input>::new();
    let submit = move || {
        let typed = pin.get_untracked();
        let text = match lock.answer(&typed) {
            Answer::Right => return,
            Answer::Wrong => msg::lock_wrong_pin().to_string(),
            Answer::Wait(s) => msg::lock_wait(u64::from(s)),
        };
        pin.set(String::new());
        lock.state.say(text.clone());
        error.set(Some(text));
    };
    let press = move |d: char| {
        pin.update(|p| {
            if p.len() < 8 {
                p.push(d);
            }
        });
        error.set(None);
    };
    watch(move || {
        if let Some(el) = input.get() {
            let _ = el.focus();
        }
    });
    let key = move |d: char| {
        view! {
            <button class="pin-key" data-testid=format!("pin-key-{d}") on:click=move |_| press(d)>
                {d.to_string()}
            </button>
        }
    };
    view! {
        <div class="backdrop pin-backdrop">
            <div class="dialog pin-dialog" role="dialog" aria-modal="true" aria-label=msg::lock_teacher_pin() data-testid="pin-dialog">
                <header class="dialog-head">
                    <h2>{msg::lock_teacher_pin()}</h2>
                </header>
                <div class="dialog-body">
                    <p class="explain">{msg::lock_type_pin(&what.why())}</p>
                    <input
                        class="pin-input"
                        type="password"
                        inputmode="numeric"
                        autocomplete="off"
                        maxlength="8"
                        aria-label=msg::lock_teacher_pin()
                        data-testid="pin-input"
                        node_ref=input
                        prop:value=move || pin.get()
                        on:input=move |ev| {
                            let digits: String = event_target_value(&ev)
                                .chars()
                                .filter(|c| c.is_ascii_digit())
                                .take(8)
                                .collect();
                            pin.set(digits);
                            error.set(None);
                        }
                        on:keydown=move |ev: ev::KeyboardEvent| {
                            // Escape closes only the PIN pad, not the dialog under it.
                            match ev.key().as_str() {
                                "Enter" => submit(),
                                "Escape" => {
                                    ev.stop_propagation();
                                    lock.cancel();
                                }
                                _ => {}
                            }
                        }
                    />
                    <div class="pin-keys">
                        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(key)}
                        <button class="pin-key" data-testid="pin-key-back" aria-label=msg::lock_delete_digit() on:click=move |_| pin.update(|p| { p.pop(); })>
                            "⌫" // text-ok: an icon; the button's aria-label says it
                        </button>
                        {key('0')}
                        <button class="pin-key primary" data-testid="pin-ok" on:click=move |_| submit()>
                            {msg::ok()}
                        </button>
                    </div>
                    {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="pin-error">{e}</p> })}
                    <div class="dialog-buttons">
                        <button data-testid="pin-cancel" on:click=move |_| lock.cancel()>{msg::cancel()}</button>
                    </div>
                </div>
            </div>
        </div>
    }
}

#[component]
fn ResetConfirm(lock: TeacherLock) -> impl IntoView {
    let has_pin = lock.config.with_untracked(|c| c.has_pin());
    let no = move |_| {
        lock.reset_asked.set(false);
        forget_reset_request();
    };
    view! {
        <div class="backdrop pin-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-label=msg::lock_reset_title() data-testid="reset-teacher-dialog">
                <header class="dialog-head">
                    <h2>{msg::lock_reset_heading()}</h2>
                </header>
                <div class="dialog-body">
                    <p class="confirm-text">
                        {if has_pin {
                            msg::lock_reset_explain()
                        } else {
                            msg::lock_reset_explain_no_pin()
                        }}
                    </p>
                    <div class="dialog-buttons">
                        <button data-testid="reset-teacher-no" on:click=no>{msg::lock_reset_no()}</button>
                        <button class="primary" data-testid="reset-teacher-yes" on:click=move |_| lock.reset()>
                            {msg::lock_reset_yes()}
                        </button>
                    </div>
                </div>
            </div>
        </div>
    }
}

/// A small padlock drawn in SVG (an emoji padlock is missing from some tablets' fonts).
pub fn padlock() -> impl IntoView {
    view! {
        <svg class="lock-icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
            <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8" />
            <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
        </svg>
    }
}
