//! Backends outside the library: the digit-serial IFMA backend (x86-64).

#[cfg(target_arch = "x86_64")]
mod ifma_serial;

#[cfg(target_arch = "x86_64")]
pub use ifma_serial::IfmaSerial;
