//! Timing for benchmarks: median wall time and median rdtsc cycles over repeated batches.
//! The machine is shared and noisy, so callers compare ratios measured side by side in one run.

use std::time::{Duration, Instant};

/// Time-stamp counter (cycles at the nominal frequency); 0 where there is none.
#[inline]
pub fn cycles_now() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64 and reads no memory.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
    }
}

/// Core clock cycles per TSC tick, from a chain of dependent 64-bit multiplications (3 cycles of
/// latency each on current x86-64 cores) timed with rdtsc; median of 9 chains of about half a
/// millisecond. The TSC ticks at the nominal frequency while the core runs at whatever its load
/// and turbo allow, so rdtsc counts times this ratio estimate core cycles. None off x86-64.
pub fn core_cycles_per_tick() -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    {
        let n: u64 = 200_000;
        let mut v = Vec::with_capacity(9);
        for _ in 0..9 {
            let mut x: u64 = 3;
            let t0 = cycles_now();
            for _ in 0..n {
                // SAFETY: four register-only multiplications; no memory or stack is touched.
                unsafe {
                    core::arch::asm!(
                        "imul {x}, {x}",
                        "imul {x}, {x}",
                        "imul {x}, {x}",
                        "imul {x}, {x}",
                        x = inout(reg) x,
                        options(pure, nomem, nostack),
                    );
                }
            }
            let t1 = cycles_now();
            std::hint::black_box(x);
            v.push((12 * n) as f64 / (t1 - t0).max(1) as f64);
        }
        Some(median(&mut v))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// One measurement: median, fastest and slowest batch in nanoseconds per call, median TSC cycles
/// per call, and the number of batches (samples) they come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// Median wall time per call, in nanoseconds.
    pub median_ns: f64,
    /// The fastest batch's time per call, in nanoseconds.
    pub min_ns: f64,
    /// The slowest batch's time per call, in nanoseconds.
    pub max_ns: f64,
    /// Median rdtsc ticks per call (TSC cycles at the nominal clock).
    pub cycles: f64,
    /// How many batches were timed.
    pub samples: usize,
}

impl Measurement {
    /// The same figures divided by `k`: per item when one call did k items (a batch of k pairings).
    pub fn per(&self, k: f64) -> Measurement {
        Measurement {
            median_ns: self.median_ns / k,
            min_ns: self.min_ns / k,
            max_ns: self.max_ns / k,
            cycles: self.cycles / k,
            samples: self.samples,
        }
    }

    /// The summary of per-call times `ns` and cycle counts `cy` of the timed batches.
    fn from_batches(ns: &mut [f64], cy: &mut [f64]) -> Measurement {
        Measurement {
            median_ns: median(ns),
            min_ns: ns.iter().copied().fold(f64::INFINITY, f64::min),
            max_ns: ns.iter().copied().fold(0.0, f64::max),
            cycles: median(cy),
            samples: ns.len(),
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs `f` in batches sized so one batch takes about `batch_target_ns`, `samples` batches in all,
/// and returns the median per-call time and cycles.
pub fn measure<F: FnMut()>(mut f: F, samples: usize, batch_target_ns: u64) -> Measurement {
    // Warm up and size the batch.
    let t = Instant::now();
    f();
    let one = t.elapsed().as_nanos().max(1) as u64;
    let batch = (batch_target_ns / one).clamp(1, 1 << 24) as usize;
    let mut ns = Vec::with_capacity(samples);
    let mut cy = Vec::with_capacity(samples);
    for _ in 0..samples.max(1) {
        let c0 = cycles_now();
        let t0 = Instant::now();
        for _ in 0..batch {
            f();
        }
        let dt = t0.elapsed().as_nanos() as f64;
        let dc = cycles_now().wrapping_sub(c0) as f64;
        ns.push(dt / batch as f64);
        cy.push(dc / batch as f64);
    }
    Measurement::from_batches(&mut ns, &mut cy)
}

/// Measures several implementations of one operation interleaved (round-robin batches), so that
/// drift of the shared machine affects them alike; returns one median per closure, in order.
pub fn measure_interleaved(
    fs: &mut [&mut dyn FnMut()],
    samples: usize,
    batch_target_ns: u64,
) -> Vec<Measurement> {
    interleaved(fs, samples, batch_target_ns, false)
}

/// [`measure_interleaved`] with one untimed call before each timed batch, so that every batch
/// runs in the steady state of back-to-back calls: for the threaded forms, the pool's workers are
/// awake (the other closures' batches, a few milliseconds on one thread, let them fall asleep).
/// What a call pays to wake them is measured apart ([`measure_after_idle`]).
pub fn measure_interleaved_warm(
    fs: &mut [&mut dyn FnMut()],
    samples: usize,
    batch_target_ns: u64,
) -> Vec<Measurement> {
    interleaved(fs, samples, batch_target_ns, true)
}

fn interleaved(
    fs: &mut [&mut dyn FnMut()],
    samples: usize,
    batch_target_ns: u64,
    warm_up: bool,
) -> Vec<Measurement> {
    let batches: Vec<usize> = fs
        .iter_mut()
        .map(|f| {
            let t = Instant::now();
            f();
            let one = t.elapsed().as_nanos().max(1) as u64;
            (batch_target_ns / one).clamp(1, 1 << 24) as usize
        })
        .collect();
    let mut ns = vec![Vec::with_capacity(samples); fs.len()];
    let mut cy = vec![Vec::with_capacity(samples); fs.len()];
    for _ in 0..samples.max(1) {
        for (i, f) in fs.iter_mut().enumerate() {
            if warm_up {
                f();
            }
            let c0 = cycles_now();
            let t0 = Instant::now();
            for _ in 0..batches[i] {
                f();
            }
            ns[i].push(t0.elapsed().as_nanos() as f64 / batches[i] as f64);
            cy[i].push(cycles_now().wrapping_sub(c0) as f64 / batches[i] as f64);
        }
    }
    (0..fs.len())
        .map(|i| Measurement::from_batches(&mut ns[i], &mut cy[i]))
        .collect()
}

/// Time and cycles of single calls of `f`, each after `idle` of sleep (medians of `samples`
/// calls): what a call pays when it finds the pool's workers asleep.
pub fn measure_after_idle(f: &mut dyn FnMut(), samples: usize, idle: Duration) -> Measurement {
    let mut ns = Vec::with_capacity(samples);
    let mut cy = Vec::with_capacity(samples);
    for _ in 0..samples.max(1) {
        std::thread::sleep(idle);
        let c0 = cycles_now();
        let t0 = Instant::now();
        f();
        ns.push(t0.elapsed().as_nanos() as f64);
        cy.push(cycles_now().wrapping_sub(c0) as f64);
    }
    Measurement::from_batches(&mut ns, &mut cy)
}

/// The CPU model as the operating system names it (`model name` in /proc/cpuinfo), or "unknown".
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// The CPU flags that decide tripair's kernels, as /proc/cpuinfo lists them (empty where it
/// cannot be read).
pub fn cpu_flags() -> Vec<String> {
    const RELEVANT: &[&str] = &[
        "adx",
        "bmi2",
        "avx2",
        "avx512f",
        "avx512ifma",
        "avx512vbmi",
        "avx512vbmi2",
        "pclmulqdq",
        "vpclmulqdq",
        "gfni",
    ];
    let text = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with("flags"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.split_whitespace().collect())
        .unwrap_or_default();
    RELEVANT
        .iter()
        .filter(|f| flags.contains(f))
        .map(|f| f.to_string())
        .collect()
}

/// Today's date in UTC, `YYYY-MM-DD`, from the system clock.
pub fn today_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's days-to-civil
/// algorithm, "chrono-Compatible Low-Level Date Algorithms").
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}
