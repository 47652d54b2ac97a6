//! A value the screen follows, as a Leptos `RwSignal` is, kept in two parts: a trigger that
//! tells whoever read the value that it changed, and the value itself. Every `RwSignal<T>`
//! brings its own copy of Leptos's change-tracking code for its `T` (reading, writing and
//! tracking: about 1.7 KB of WebAssembly before compression); a `Tracked<T>` shares one
//! trigger type with every other and brings only the reading and writing of its value. The
//! board's values and the game's state (some forty values of some twenty types) are kept so,
//! and the value is a [`Kept`] value, whose storing code is shared by every type too.
//!
//! The same methods as a signal's, with the same meaning: reads with `get` and `with` are
//! tracked, the `_untracked` ones are not; `set` and `update` tell every reader.

use super::kept::Kept;
use leptos::prelude::*;

pub struct Tracked<T: 'static> {
    changed: Trigger,
    value: Kept<T>,
}

impl<T> Clone for Tracked<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Tracked<T> {}

impl<T: Send + Sync + 'static> Tracked<T> {
    pub fn new(value: T) -> Self {
        Tracked {
            changed: Trigger::new(),
            value: Kept::new(value),
        }
    }

    /// Whether the value is still kept (its view is not gone).
    pub fn alive(&self) -> bool {
        self.value.alive()
    }

    /// Whoever runs this now (an effect, a memo, a view) runs again when the value changes.
    pub fn track(&self) {
        self.changed.track();
    }

    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.track();
        self.value.with_value(f)
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with_value(f)
    }

    pub fn get(&self) -> T
    where
        T: Clone,
    {
        self.track();
        self.value.get_value()
    }

    pub fn get_untracked(&self) -> T
    where
        T: Clone,
    {
        self.value.get_value()
    }

    pub fn set(&self, value: T) {
        self.value.set_value(value);
        self.changed.notify();
    }

    pub fn update(&self, f: impl FnOnce(&mut T)) {
        self.value.update_value(f);
        self.changed.notify();
    }
}
