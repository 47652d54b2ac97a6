//! A value kept for the life of the view that made it, as a Leptos `StoredValue` is, but
//! stored behind one erased type: every `StoredValue<T>` brings its own copy of the arena's
//! storing, reading, writing and disposing code for its `T` (some 300–700 bytes of
//! WebAssembly each, for some forty types); every `Kept<T>` shares one copy, and a `T` brings
//! only the check that the stored value is a `T`.
//!
//! The same methods as a `StoredValue`'s, with the same meaning: reading a value whose view
//! is gone panics, writing one does nothing.

use leptos::reactive::owner::ArenaItem;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::{Arc, PoisonError, RwLock};

/// The stored value, of whatever type: one type for the arena to hold.
type Cell = Arc<RwLock<dyn Any + Send + Sync>>;

pub struct Kept<T: 'static> {
    cell: ArenaItem<Cell>,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Kept<T> {}

/// The value's cell, or nothing once the view that made it is gone.
fn cell_of(item: ArenaItem<Cell>) -> Option<Cell> {
    item.try_get_value()
}

#[cold]
fn gone() -> ! {
    panic!("a value was read after the view that kept it was gone")
}

impl<T: Send + Sync + 'static> Kept<T> {
    pub fn new(value: T) -> Self {
        let cell: Cell = Arc::new(RwLock::new(value));
        Kept {
            cell: ArenaItem::new(cell),
            kind: PhantomData,
        }
    }

    pub fn with_value<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        let cell = cell_of(self.cell).unwrap_or_else(|| gone());
        let value = cell.read().unwrap_or_else(PoisonError::into_inner);
        f(value.downcast_ref().unwrap_or_else(|| gone()))
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
        let cell = cell_of(self.cell)?;
        let mut value = cell.write().unwrap_or_else(PoisonError::into_inner);
        value.downcast_mut().map(f)
    }
}
