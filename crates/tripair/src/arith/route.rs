//! Where the pairing stack's entry points find their code for a backend: compiled once in this
//! library ([`Compiled`], the default backend of every built-in curve) or instantiated by the
//! calling crate ([`Generic`], the other backends, which only the tables and tests name).
//!
//! The choice is a type, so that a caller's crate instantiates only the branch it takes: a crate
//! that calls `tripair::pairing::<Bls12_381>` compiles a call through the library's table of
//! compiled entries (`pairing::compiled`), not the Miller loop and the final exponentiation again.
//! The library's own unit tests take the generic code (see `Adx`'s route).

/// Picks one of two computations of the same value by type (see the module documentation).
pub trait Route: 'static {
    /// `compiled()` or `generic()`; only the closure taken is instantiated.
    fn route<T>(compiled: impl FnOnce() -> T, generic: impl FnOnce() -> T) -> T;
}

/// The library's compiled entries (the default backend of the built-in curves).
#[derive(Clone, Copy, Debug)]
pub struct Compiled;

/// The caller's instantiation of the generic code (every other backend).
#[derive(Clone, Copy, Debug)]
pub struct Generic;

impl Route for Compiled {
    #[inline(always)]
    fn route<T>(compiled: impl FnOnce() -> T, _generic: impl FnOnce() -> T) -> T {
        compiled()
    }
}

impl Route for Generic {
    #[inline(always)]
    fn route<T>(_compiled: impl FnOnce() -> T, generic: impl FnOnce() -> T) -> T {
        generic()
    }
}
