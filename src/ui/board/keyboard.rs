//! The board's keyboard: arrows move a focus ring over the squares as drawn; Enter or Space
//! presses and releases on the focused square, as a tap does (lift, put down on a legal
//! square; on any other square nothing is played); Escape is the app's (it drops the piece).
//! The ring comes with the keyboard (or a game started from it), not with a finger that
//! started a game: the browser's focus-visible says which.
//!
//! A board asks its hooks for this handling (`BoardHooks::keyboard`); the game's
//! board fetches it with the page's wiring, a part, so the first load does without it.

use super::focus::{self, Step};
use super::shape::Shape;
use super::tracked::Tracked;
use crate::rules::types::Square;
use leptos::wasm_bindgen::JsCast;
use std::rc::Rc;
use web_sys::{Element, Event, KeyboardEvent};

/// What the keyboard asks of the game on the board (every board's hooks answer it).
pub trait KeyHooks: Copy + 'static {
    /// What the keyboard's focus on `sq` (named `name`) is called for a screen reader:
    /// "e4, white knight".
    fn describe(self, _sq: Square, name: &str) -> String {
        name.to_string()
    }
    /// The keyboard's focus moved to a square described as `text`: say it.
    fn focus_said(self, _text: String) {}
    /// A key pressed on the board that is none of the board's own (a reading key: the
    /// position, a rank...): true when the game took it.
    fn other_key(self, _key: &str, _focus: Option<Square>) -> bool {
        false
    }
}

/// What the keyboard's handling is given of a board.
#[derive(Clone)]
pub struct Keys<H> {
    pub shape: &'static Shape,
    /// The board's turn now.
    pub rotation: u16,
    /// The square the ring is on.
    pub focus: Tracked<Option<Square>>,
    /// What the focused square is called for a screen reader.
    pub focus_text: Tracked<Option<String>>,
    pub hooks: H,
    /// A press and release on a square, as a tap.
    pub press: Rc<dyn Fn(Square)>,
}

impl<H> Keys<H> {
    /// Whether the board is still on screen (a key kept for later may come after it).
    pub fn alive(&self) -> bool {
        self.focus.alive()
    }
}

/// The keyboard's handling of a board: a key pressed on it, or the board focused.
pub type KeyHandling<H> = fn(&Keys<H>, &Event);

/// A key pressed on the board (`keydown`), or the board focused (`focus`).
pub fn handle<H: KeyHooks>(keys: &Keys<H>, ev: &Event) {
    match ev.dyn_ref::<KeyboardEvent>() {
        Some(key) => key_down(keys, key),
        None => focused(keys, ev),
    }
}

fn focus_on<H: KeyHooks>(keys: &Keys<H>, sq: Square) {
    keys.focus.set(Some(sq));
    let text = keys.hooks.describe(sq, keys.shape.name(sq));
    keys.focus_text.set(Some(text.clone()));
    keys.hooks.focus_said(text);
}

fn key_down<H: KeyHooks>(keys: &Keys<H>, ev: &KeyboardEvent) {
    let key = ev.key();
    if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
        return;
    }
    let (shape, rot) = (keys.shape, keys.rotation);
    if let Some(direction) = Step::of_key(&key) {
        let next = match keys.focus.get_untracked() {
            Some(from) => Some(focus::step(shape, rot, from, direction)),
            None => focus::start(shape, rot),
        };
        if let Some(sq) = next {
            focus_on(keys, sq);
        }
    } else if key == "Enter" || key == " " {
        let Some(sq) = keys.focus.get_untracked() else {
            return;
        };
        (keys.press)(sq);
        // Say the square again: what it holds or offers has changed.
        focus_on(keys, sq);
    } else if !keys.hooks.other_key(&key, keys.focus.get_untracked()) {
        return;
    }
    ev.prevent_default();
    ev.stop_propagation();
}

fn focused<H: KeyHooks>(keys: &Keys<H>, ev: &Event) {
    let by_keyboard = ev
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|el| el.matches(":focus-visible").unwrap_or(true)); // text-ok: a CSS selector
    if by_keyboard && keys.focus.get_untracked().is_none() {
        if let Some(sq) = focus::start(keys.shape, keys.rotation) {
            focus_on(keys, sq);
        }
    }
}
