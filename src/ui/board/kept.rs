//! A value kept for the life of the view that made it, as a Leptos `StoredValue` is, but
//! stored behind one erased type: every `StoredValue<T>` brings its own copy of the arena's
//! storing, reading, writing and disposing code for its `T` (some 300–700 bytes of
//! WebAssembly each, for some forty types), and every read its own locking; every `Kept<T>`
//! shares one copy of all of it, and a read or a change brings only the check that the value
//! is a `T`.
//!
//! The value lives in the arena as a shared pointer: a read holds it for as long as it reads
//! (reads may nest), a change takes it out of the arena while it changes it. The same methods
//! as a `StoredValue`'s, with the same meaning: reading a value whose view is gone panics,
//! and so does reading or changing a value while it is being changed, or changing it while it
//! is being read; changing a value whose view is gone does nothing.

use leptos::reactive::owner::ArenaItem;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

/// The value, of whatever type: one type for the arena to hold. `None` while it is changed.
type Slot = Option<Arc<dyn Any + Send + Sync>>;

pub struct Kept<T: 'static> {
    slot: ArenaItem<Slot>,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Kept<T> {}

/// The value, held while it is read; let go of by one function for every type.
struct Held(Option<Arc<dyn Any + Send + Sync>>);

impl Drop for Held {
    #[inline(never)]
    fn drop(&mut self) {
        self.0 = None;
    }
}

/// The value to read: it must be there.
#[inline(never)]
fn read(slot: ArenaItem<Slot>) -> Held {
    Held(Some(
        slot.try_get_value().flatten().unwrap_or_else(|| gone()),
    ))
}

/// The value taken out to be changed, or nothing once its view is gone.
#[inline(never)]
fn take(slot: ArenaItem<Slot>) -> Option<Arc<dyn Any + Send + Sync>> {
    let value = slot.try_update_value(Option::take)?;
    Some(value.unwrap_or_else(|| gone()))
}

/// The value put back after a change.
#[inline(never)]
fn put_back(slot: ArenaItem<Slot>, value: Arc<dyn Any + Send + Sync>) {
    slot.try_update_value(|s| *s = Some(value));
}

#[cold]
fn gone() -> ! {
    panic!("a kept value was read after its view was gone, or while it was being changed")
}

impl<T: Send + Sync + 'static> Kept<T> {
    pub fn new(value: T) -> Self {
        let value: Arc<dyn Any + Send + Sync> = Arc::new(value);
        Kept {
            slot: ArenaItem::new(Some(value)),
            kind: PhantomData,
        }
    }

    /// Whether the value is still kept (its view is not gone).
    pub fn alive(&self) -> bool {
        self.slot.try_with_value(|_| ()).is_some()
    }

    pub fn with_value<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        let held = read(self.slot);
        let value = held.0.as_deref().and_then(|v| v.downcast_ref());
        f(value.unwrap_or_else(|| gone()))
    }

    pub fn get_value(&self) -> T
    where
        T: Clone,
    {
        self.with_value(T::clone)
    }

    pub fn set_value(&self, value: T) {
        self.update_value(|v| *v = value);
    }

    /// Changes the value in place; nothing happens once its view is gone.
    pub fn update_value(&self, f: impl FnOnce(&mut T)) {
        self.try_update_value(f);
    }

    /// Changes the value in place and says what `f` returned, or nothing once its view is gone.
    pub fn try_update_value<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let mut value = take(self.slot)?;
        // Only this change holds it now, unless it is being read: then it cannot change.
        let out = Arc::get_mut(&mut value)
            .and_then(|v| v.downcast_mut())
            .map(f);
        let read_meanwhile = out.is_none();
        put_back(self.slot, value);
        if read_meanwhile {
            gone();
        }
        out
    }
}
