//! The once-cell and the lock of the lazily derived constants and tables, with and without std.
//!
//! With `std` they are the standard library's (a thread that finds a cell being filled sleeps);
//! without it, the spinning ones of the crate `spin` (no_std targets have no thread to sleep on).
//! Either way a cell is filled once and every caller sees the same value.

/// A cell filled once, at first use, by the first caller's closure.
pub(crate) struct Once<T>(
    #[cfg(feature = "std")] std::sync::OnceLock<T>,
    #[cfg(not(feature = "std"))] spin::Once<T>,
);

impl<T> Once<T> {
    /// An empty cell (usable in a `static`).
    pub(crate) const fn new() -> Self {
        #[cfg(feature = "std")]
        {
            Once(std::sync::OnceLock::new())
        }
        #[cfg(not(feature = "std"))]
        {
            Once(spin::Once::new())
        }
    }

    /// The value, computed by `f` if the cell is still empty.
    pub(crate) fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        #[cfg(feature = "std")]
        {
            self.0.get_or_init(f)
        }
        #[cfg(not(feature = "std"))]
        {
            self.0.call_once(f)
        }
    }
}

/// A reader-writer lock whose holders never leave it poisoned for others: the values behind it
/// (maps of leaked tables) are valid after any panic, so a poisoned std lock is entered anyway.
pub(crate) struct RwLock<T>(
    #[cfg(feature = "std")] std::sync::RwLock<T>,
    #[cfg(not(feature = "std"))] spin::RwLock<T>,
);

impl<T> RwLock<T> {
    /// A lock around `value` (usable in a `static`).
    pub(crate) const fn new(value: T) -> Self {
        #[cfg(feature = "std")]
        {
            RwLock(std::sync::RwLock::new(value))
        }
        #[cfg(not(feature = "std"))]
        {
            RwLock(spin::RwLock::new(value))
        }
    }

    /// Runs `f` with shared access.
    pub(crate) fn read<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        #[cfg(feature = "std")]
        {
            f(&self.0.read().unwrap_or_else(|e| e.into_inner()))
        }
        #[cfg(not(feature = "std"))]
        {
            f(&self.0.read())
        }
    }

    /// Runs `f` with exclusive access.
    pub(crate) fn write<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        #[cfg(feature = "std")]
        {
            f(&mut self.0.write().unwrap_or_else(|e| e.into_inner()))
        }
        #[cfg(not(feature = "std"))]
        {
            f(&mut self.0.write())
        }
    }
}
