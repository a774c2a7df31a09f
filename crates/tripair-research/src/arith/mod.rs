//! Backends outside the library: the digit-serial IFMA backend (x86-64) and portable Montgomery
//! arithmetic on 32-bit digits (row A32 of Grabher–Großschädl–Page).

#[cfg(target_arch = "x86_64")]
mod ifma_serial;
mod portable32;

#[cfg(target_arch = "x86_64")]
pub use ifma_serial::IfmaSerial;
pub use portable32::Portable32;
