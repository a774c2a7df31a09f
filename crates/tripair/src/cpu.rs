//! CPU features, detected once per process: the one place where code that needs instructions beyond
//! baseline x86-64 is unlocked, for the prime-field backends and the small-characteristic fields alike.
//!
//! Each feature set has a proof type whose value exists only when detection found the features:
//! code using those instructions takes the value (or gets it from `detect`), so it cannot be reached
//! on a CPU without them. `TRIPAIR_BACKEND=portable` in the environment makes every `detect` return
//! `None`, forcing the portable code everywhere.

use crate::prelude::*;
use core::sync::atomic::{AtomicU32, Ordering};

const DETECTED: u32 = 1;
const ADX_BMI2: u32 = 1 << 1;
const AVX512_VBMI2_BMI2: u32 = 1 << 2;
const CLMUL_BMI2: u32 = 1 << 3;
const AVX512_IFMA: u32 = 1 << 4;
const FORCED_PORTABLE: u32 = 1 << 5;
const AVX512F: u32 = 1 << 6;
const AVX2_FMA: u32 = 1 << 7;

static STATE: AtomicU32 = AtomicU32::new(0);

/// Whether this CPU has an x86-64 feature: asked of the CPU with `std`, read from the build's
/// target features without it (a `no_std` build runs only what it was compiled to assume).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_x86_feature_detected!($f)
    };
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
macro_rules! has {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// `TRIPAIR_BACKEND` from the environment (none without `std`).
fn backend_variable() -> Option<String> {
    #[cfg(feature = "std")]
    {
        std::env::var("TRIPAIR_BACKEND").ok()
    }
    #[cfg(not(feature = "std"))]
    {
        None
    }
}

/// Whether `TRIPAIR_BACKEND` asks for the portable code.
fn env_forces_portable(value: Option<&str>) -> bool {
    value
        .map(|v| v.trim().eq_ignore_ascii_case("portable"))
        .unwrap_or(false)
}

// Without `std` the features are the build's (`cfg!`), constant booleans that clippy would fold.
#[cfg_attr(not(feature = "std"), allow(clippy::nonminimal_bool, clippy::eq_op))]
#[cold]
fn detect_all() -> u32 {
    let mut s = DETECTED;
    if env_forces_portable(backend_variable().as_deref()) {
        s |= FORCED_PORTABLE;
    } else {
        #[cfg(target_arch = "x86_64")]
        {
            let bmi2 = has!("bmi2");
            if bmi2 && has!("adx") {
                s |= ADX_BMI2;
            }
            if bmi2
                && has!("avx512f")
                && has!("avx512vl")
                && has!("avx512bw")
                && has!("avx512vbmi")
                && has!("avx512vbmi2")
            {
                s |= AVX512_VBMI2_BMI2;
            }
            if bmi2 && has!("pclmulqdq") && has!("sse4.1") {
                s |= CLMUL_BMI2;
            }
            if has!("avx512f") && has!("avx512ifma") {
                s |= AVX512_IFMA;
            }
            if has!("avx512f") {
                s |= AVX512F;
            }
            if has!("avx2") && has!("fma") {
                s |= AVX2_FMA;
            }
        }
    }
    STATE.store(s, Ordering::Relaxed);
    s
}

/// The detected feature bits (one relaxed load after the first call).
#[inline(always)]
fn state() -> u32 {
    let s = STATE.load(Ordering::Relaxed);
    if s & DETECTED != 0 {
        s
    } else {
        detect_all()
    }
}

/// Whether `TRIPAIR_BACKEND=portable` forced the portable code.
pub fn forced_portable() -> bool {
    state() & FORCED_PORTABLE != 0
}

macro_rules! proof_type {
    ($(#[$m:meta])* $name:ident, $bit:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            _proof: (),
        }

        impl $name {
            /// The proof value when this CPU has the features (and the portable code is not forced).
            #[inline(always)]
            pub fn detect() -> Option<Self> {
                if state() & $bit != 0 {
                    Some($name { _proof: () })
                } else {
                    None
                }
            }
        }
    };
}

proof_type!(
    /// MULX (BMI2) and ADCX/ADOX (ADX): the prime-field Montgomery assembly.
    AdxBmi2,
    ADX_BMI2
);
proof_type!(
    /// AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2: the F_{3^m} multiplication and cubing kernels.
    Avx512Vbmi2Bmi2,
    AVX512_VBMI2_BMI2
);
proof_type!(
    /// PCLMULQDQ, SSE4.1 and BMI2: the F_{2^m} carry-less multiplication and squaring kernels.
    ClmulBmi2,
    CLMUL_BMI2
);
proof_type!(
    /// AVX-512 F and IFMA (52-bit multiply-accumulate): the SIMD-lane prime-field arithmetic.
    Avx512Ifma,
    AVX512_IFMA
);

proof_type!(
    /// AVX-512 F: the 8-lane double-precision kernels (dclxvi's F_p as twelve doubles).
    Avx512F,
    AVX512F
);
proof_type!(
    /// AVX2 and FMA: the 4-lane double-precision kernels (dclxvi's F_p as twelve doubles).
    Avx2Fma,
    AVX2_FMA
);

/// The CPU families the strategy layer ([`crate::strategy`]) keeps a row of tuned values for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CpuFamily {
    /// Intel with AVX-512 IFMA (Ice Lake server and later).
    IntelIfma,
    /// AMD Zen 4 (family 19h with AVX-512).
    AmdZen4,
    /// AMD Zen 5 (family 1Ah).
    AmdZen5,
    /// Any other x86-64 CPU.
    X86_64,
    /// Every other target.
    Other,
}

impl CpuFamily {
    /// Every family, in the order of the strategy table.
    pub const ALL: [CpuFamily; 5] = [
        CpuFamily::IntelIfma,
        CpuFamily::AmdZen4,
        CpuFamily::AmdZen5,
        CpuFamily::X86_64,
        CpuFamily::Other,
    ];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            CpuFamily::IntelIfma => "Intel with AVX-512 IFMA",
            CpuFamily::AmdZen4 => "AMD Zen 4",
            CpuFamily::AmdZen5 => "AMD Zen 5",
            CpuFamily::X86_64 => "x86-64 without AVX-512 IFMA",
            CpuFamily::Other => "other target",
        }
    }
}

/// The family of this CPU (from CPUID's vendor and family fields), detected once.
pub fn family() -> CpuFamily {
    static FAMILY: crate::sync::Once<CpuFamily> = crate::sync::Once::new();
    *FAMILY.get_or_init(detect_family)
}

#[cold]
fn detect_family() -> CpuFamily {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__cpuid;
        #[allow(unused_unsafe)] // `__cpuid` is safe on recent toolchains
        // SAFETY: CPUID exists on every x86-64 CPU; leaves 0 and 1 are always defined.
        let (leaf0, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
        let vendor: Vec<u8> = [leaf0.ebx, leaf0.edx, leaf0.ecx]
            .iter()
            .flat_map(|r| r.to_le_bytes())
            .collect();
        let base = (leaf1.eax >> 8) & 0xf;
        let family = if base == 0xf {
            base + ((leaf1.eax >> 20) & 0xff)
        } else {
            base
        };
        let ifma = has!("avx512ifma");
        let avx512 = has!("avx512f");
        match (&vendor[..], family) {
            (b"GenuineIntel", _) if ifma => CpuFamily::IntelIfma,
            (b"AuthenticAMD", 0x19) if avx512 => CpuFamily::AmdZen4,
            (b"AuthenticAMD", 0x1a) => CpuFamily::AmdZen5,
            _ => CpuFamily::X86_64,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        CpuFamily::Other
    }
}

/// A one-line description of what was detected, for benchmark headers.
pub fn describe() -> String {
    if forced_portable() {
        return "portable (forced by TRIPAIR_BACKEND=portable)".to_string();
    }
    let mut v = Vec::new();
    if AdxBmi2::detect().is_some() {
        v.push("adx+bmi2");
    }
    if Avx512Vbmi2Bmi2::detect().is_some() {
        v.push("avx512vbmi2");
    }
    if ClmulBmi2::detect().is_some() {
        v.push("pclmulqdq");
    }
    if Avx512Ifma::detect().is_some() {
        v.push("avx512ifma");
    }
    if Avx512F::detect().is_some() {
        v.push("avx512f");
    } else if Avx2Fma::detect().is_some() {
        v.push("avx2+fma");
    }
    if v.is_empty() {
        "portable (no extension detected)".to_string()
    } else {
        v.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_value_parsing() {
        assert!(env_forces_portable(Some("portable")));
        assert!(env_forces_portable(Some(" Portable ")));
        assert!(!env_forces_portable(Some("adx")));
        assert!(!env_forces_portable(None));
    }

    #[test]
    fn detection_is_stable() {
        assert_eq!(state(), state());
        assert_eq!(AdxBmi2::detect(), AdxBmi2::detect());
    }
}
