//! A persistent pool of worker threads for the parallel pairing forms: a scoped thread costs a
//! thread start and a join (an empty scoped job measured about 42K rdtsc ticks, 19 us, on the
//! 2-core Intel Xeon of stop 42), which a product of 64 pairings on two threads paid
//! once per call. Workers here stay alive between calls: after a job each spins for [`SPIN`] (so calls
//! in quick succession find it awake), then sleeps on a condition variable until the next job.
//! Jobs own their data (`'static`): callers copy their share of the inputs (points are small)
//! instead of borrowing, so no lifetime is erased and no `unsafe` is needed. Workers are created
//! on demand (one per concurrently running job), never joined, and retired after [`RETIRE`]
//! without a job. Where the system refuses a new thread, a job runs on the caller's thread at
//! its join ([`spawn`]), or the caller takes its serial path ([`try_spawn`]): a refused thread
//! costs parallelism, never an answer. Each worker reads how long the scheduler kept it waiting
//! for a core between jobs and reports it to the thread budget, which turns the threaded forms
//! serial while another process holds the cores (`threads.rs`).

use crate::prelude::*;
use core::marker::PhantomData;
use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long an idle worker, and a caller waiting for a result, spin before sleeping: long enough
/// for back-to-back calls (a benchmark's, a verifier's loop) to skip the wake-up, short enough
/// that a worker left idle gives its core back within a fraction of a millisecond.
const SPIN: Duration = Duration::from_micros(50);

/// How long a worker waits for a job before it ends: a process that stopped calling the threaded
/// forms gets its threads back.
const RETIRE: Duration = if cfg!(test) {
    Duration::from_millis(100)
} else {
    Duration::from_secs(5)
};

/// The unit tests' stand-in for a system that refuses threads.
#[cfg(test)]
static REFUSE_THREADS: AtomicBool = AtomicBool::new(false);

type Job = Box<dyn FnOnce() + Send + 'static>;

/// One worker's job slot.
struct Worker {
    job: Mutex<Option<Job>>,
    has_job: AtomicBool,
    wake: Condvar,
}

/// Workers waiting for a job.
static IDLE: Mutex<Vec<Arc<Worker>>> = Mutex::new(Vec::new());

/// A lock that a panic elsewhere cannot poison for us: the guarded values stay consistent at
/// every unlock (a slot is `Some` or `None`, a list holds whole entries).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Spins while `ready` is false for at most [`SPIN`]; whether it became true.
fn spin_until(ready: &AtomicBool) -> bool {
    let start = Instant::now();
    loop {
        if let Some(()) = spin_round(|| ready.load(Ordering::Acquire).then_some(())) {
            return true;
        }
        if start.elapsed() > SPIN {
            return ready.load(Ordering::Acquire);
        }
    }
}

/// `poll` up to 64 times with the CPU's spin hint between, then one yield of the time slice:
/// a waiting thread that shares its core with the thread it waits for (one core, or more
/// threads than cores) hands the core over instead of spinning out its slice (pinned to one
/// core, pure spinning measured a two-thread product of 8 at 2.6x the serial time).
fn spin_round<T>(mut poll: impl FnMut() -> Option<T>) -> Option<T> {
    for _ in 0..64 {
        if let Some(x) = poll() {
            return Some(x);
        }
        std::hint::spin_loop();
    }
    std::thread::yield_now();
    None
}

/// Waits for `poll` to give a value, spinning with [`spin_round`]'s yields: for hand-overs
/// between two threads of one computation, each expected within microseconds.
pub(crate) fn spin_wait<T>(mut poll: impl FnMut() -> Option<T>) -> T {
    loop {
        if let Some(x) = spin_round(&mut poll) {
            return x;
        }
    }
}

impl Worker {
    /// The next job and whether the worker slept before it: spin first, then sleep until one
    /// is set; `None` once the worker has waited [`RETIRE`] and left the idle list.
    fn next_job(self: &Arc<Self>) -> Option<(Job, bool)> {
        let mut slept = !spin_until(&self.has_job);
        let mut slot = lock(&self.job);
        loop {
            if let Some(job) = slot.take() {
                self.has_job.store(false, Ordering::Release);
                return Some((job, slept));
            }
            slept = true;
            let (s, timeout) = self
                .wake
                .wait_timeout(slot, RETIRE)
                .unwrap_or_else(|e| e.into_inner());
            slot = s;
            if timeout.timed_out() && slot.is_none() {
                // Retire unless a caller has just taken this worker off the idle list (its job
                // is then on the way).
                let mut idle = lock(&IDLE);
                if let Some(i) = idle.iter().position(|w| Arc::ptr_eq(w, self)) {
                    idle.swap_remove(i);
                    return None;
                }
            }
        }
    }

    /// Runs jobs until retired, reporting to the thread budget how long this thread waited for a
    /// core from the end of one job to the end of the next (spinning between them, where a
    /// process sharing the core takes it at each yield, and the job itself) out of how long that
    /// took; after a sleep, from the job's start: counted from the sleep, the wake-up's wait
    /// flagged nearly every call after an idle pause on a quiet 2-vCPU VM (the threads table's
    /// after-idle row fell from 1.57x to 0.98x).
    fn run(self: Arc<Self>) {
        let clock = RunQueueClock::open();
        let mut before = (clock.waited(), Instant::now());
        while let Some((job, slept)) = self.next_job() {
            if slept {
                before = (clock.waited(), Instant::now());
            }
            job();
            let after = (clock.waited(), Instant::now());
            if let (Some(b), Some(a)) = (before.0, after.0) {
                super::threads::note_run_queue_wait(
                    a.saturating_sub(b),
                    after.1 - before.1,
                    || runnable_threads().is_none_or(|n| n > 2),
                );
            }
            before = after;
        }
    }

    fn assign(&self, job: Job) {
        let mut slot = lock(&self.job);
        debug_assert!(slot.is_none(), "a worker is given one job at a time");
        *slot = Some(job);
        self.has_job.store(true, Ordering::Release);
        self.wake.notify_one();
    }
}

/// How long the calling thread has been ready to run but not running (waiting on a run queue
/// while another thread held the core), from the scheduler's own statistics: the second field of
/// `/proc/thread-self/schedstat` in nanoseconds, opened once by the thread it describes. `None`
/// where the system does not give it (other systems, kernels without scheduler statistics).
struct RunQueueClock {
    #[cfg(target_os = "linux")]
    file: Option<std::fs::File>,
}

impl RunQueueClock {
    fn open() -> Self {
        RunQueueClock {
            #[cfg(target_os = "linux")]
            file: std::fs::File::open("/proc/thread-self/schedstat").ok(),
        }
    }

    #[cfg(target_os = "linux")]
    fn waited(&self) -> Option<Duration> {
        use std::os::unix::fs::FileExt;
        let mut buf = [0u8; 96];
        let n = self.file.as_ref()?.read_at(&mut buf, 0).ok()?;
        let text = core::str::from_utf8(&buf[..n]).ok()?;
        let ns = text.split_ascii_whitespace().nth(1)?.parse::<u64>().ok()?;
        Some(Duration::from_nanos(ns))
    }

    #[cfg(not(target_os = "linux"))]
    fn waited(&self) -> Option<Duration> {
        None
    }
}

/// The threads runnable on the whole machine now (the fourth field of `/proc/loadavg`, "4/321":
/// running or waiting for a core, this one included); `None` where the system does not say.
fn runnable_threads() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/loadavg").ok()?;
        let field = text.split_ascii_whitespace().nth(3)?;
        field.split('/').next()?.parse().ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// An idle worker, or a new one where none is idle; `None` when the system refuses a thread.
fn take_worker() -> Option<Arc<Worker>> {
    if let Some(w) = lock(&IDLE).pop() {
        return Some(w);
    }
    #[cfg(test)]
    if REFUSE_THREADS.load(Ordering::SeqCst) {
        return None;
    }
    if !room_for_a_thread() {
        return None;
    }
    let w = Arc::new(Worker {
        job: Mutex::new(None),
        has_job: AtomicBool::new(false),
        wake: Condvar::new(),
    });
    let run = Arc::clone(&w);
    std::thread::Builder::new()
        .name("tripair-worker".into())
        .spawn(move || run.run())
        .ok()?;
    Some(w)
}

/// The address space a new worker needs beyond what `spawn` itself checks: its stack (std's 2 MiB
/// default), the signal stack std maps when the thread starts, and its first allocations.
const THREAD_HEADROOM: usize = 4 << 20;

/// Whether an allocation of [`THREAD_HEADROOM`] succeeds now (released at once, its pages never
/// touched). Near an address-space limit, `spawn` can create a thread whose start inside std then
/// fails to map its signal stack and aborts the process (measured: 1 in 30 runs of
/// `pair --parallel --threads 4` under `ulimit -v 60000`, none in 180 runs with this check); a
/// worker is then not started and the job stays with the caller, as for a refused thread. A
/// heuristic, not a reservation: the allocator may serve the probe from memory it already holds,
/// and another thread may take the room before the worker starts.
fn room_for_a_thread() -> bool {
    let mut probe: Vec<u8> = Vec::new();
    let ok = probe.try_reserve_exact(THREAD_HEADROOM).is_ok();
    // Seen by the optimiser as used, so that the allocation is not elided.
    core::hint::black_box(probe.as_ptr());
    ok
}

/// A job's value, its type erased: the pool's code exists once, not once per result and
/// closure type (the CLI's tables instantiated `try_spawn` 201 times, about 120K lines of LLVM IR).
type Value = Box<dyn Any + Send>;

/// Where a job leaves its value, or its panic's payload.
struct Handoff {
    value: Mutex<Option<std::thread::Result<Value>>>,
    ready: AtomicBool,
    done: Condvar,
}

/// The result of a job started with [`spawn`], to [`Pending::join`].
pub(crate) struct Pending<R> {
    run: Run,
    result: PhantomData<fn() -> R>,
}

enum Run {
    /// On a worker, leaving its value here.
    Worker(Arc<Handoff>),
    /// Not started (the system refused a thread): it runs at the join, on the caller's thread.
    Deferred(Box<dyn FnOnce() -> Value + Send>),
}

impl<R: 'static> Pending<R> {
    /// Waits for the job (spinning first, then sleeping) and returns its value; a panic in the
    /// job resumes here.
    pub(crate) fn join(self) -> R {
        match self.run.join().downcast::<R>() {
            Ok(r) => *r,
            // The job that `spawn`/`try_spawn` boxed returns an `R`.
            Err(_) => unreachable!("a pool job's value has the type it was spawned with"),
        }
    }
}

impl Run {
    fn join(self) -> Value {
        let h = match self {
            Run::Worker(h) => h,
            Run::Deferred(f) => return f(),
        };
        spin_until(&h.ready);
        let mut slot = lock(&h.value);
        loop {
            if let Some(r) = slot.take() {
                return r.unwrap_or_else(|e| resume_unwind(e));
            }
            slot = h.done.wait(slot).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// `f` with its value boxed, for the type-erased pool.
fn erase<R: Send + 'static>(
    f: impl FnOnce() -> R + Send + 'static,
) -> Box<dyn FnOnce() -> Value + Send> {
    Box::new(move || Box::new(f()) as Value)
}

/// Runs `f` on a pool worker. The worker returns to the idle list before the result is handed
/// over, so a caller that starts its next call as soon as it has the result finds it idle. Where
/// the system refuses a new thread, `f` runs at the join on the caller's thread: for a job that
/// waits only for what the caller hands it before joining, never for one the caller waits on.
pub(crate) fn spawn<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Pending<R> {
    let job = erase(f);
    let run = match take_worker() {
        Some(worker) => Run::Worker(start(worker, job)),
        None => Run::Deferred(job),
    };
    Pending {
        run,
        result: PhantomData,
    }
}

/// [`spawn`], or `f` back where the system refuses a new thread: for a job that the caller waits
/// on before its join (a producer), so that the caller can take its serial path instead.
pub(crate) fn try_spawn<R: Send + 'static, F: FnOnce() -> R + Send + 'static>(
    f: F,
) -> Result<Pending<R>, F> {
    let Some(worker) = take_worker() else {
        return Err(f);
    };
    Ok(Pending {
        run: Run::Worker(start(worker, erase(f))),
        result: PhantomData,
    })
}

/// Hands `job` to `worker`; the worker leaves the value (or the panic) in the returned handoff.
fn start(worker: Arc<Worker>, job: Box<dyn FnOnce() -> Value + Send>) -> Arc<Handoff> {
    let handoff = Arc::new(Handoff {
        value: Mutex::new(None),
        ready: AtomicBool::new(false),
        done: Condvar::new(),
    });
    let (h, me) = (Arc::clone(&handoff), Arc::clone(&worker));
    worker.assign(Box::new(move || {
        let r = catch_unwind(AssertUnwindSafe(job));
        lock(&IDLE).push(me);
        *lock(&h.value) = Some(r);
        h.ready.store(true, Ordering::Release);
        h.done.notify_one();
    }));
    handoff
}

#[cfg(test)]
mod tests {
    use super::{lock, spawn, try_spawn, IDLE, REFUSE_THREADS, RETIRE};
    use std::sync::atomic::Ordering;

    // One test: the refusal switch and the idle list are process-wide.
    #[test]
    fn results_in_order_panics_resume_refusals_defer_and_idle_workers_retire() {
        for round in 0..50u64 {
            let jobs: Vec<_> = (0..4u64).map(|i| spawn(move || round * 10 + i)).collect();
            let got: Vec<u64> = jobs.into_iter().map(|p| p.join()).collect();
            assert_eq!(got, (0..4).map(|i| round * 10 + i).collect::<Vec<_>>());
        }
        let r = std::panic::catch_unwind(|| spawn(|| panic!("job failed")).join());
        assert!(r.is_err(), "a job's panic reaches the caller");
        // The pool still works after a panic.
        assert_eq!(spawn(|| 7).join(), 7);

        // Idle workers end after RETIRE without a job.
        assert!(!lock(&IDLE).is_empty());
        std::thread::sleep(RETIRE * 5);
        assert!(lock(&IDLE).is_empty(), "idle workers retired");

        // A refused thread: the job runs at the join, on the caller's thread; try_spawn hands
        // the job back.
        REFUSE_THREADS.store(true, Ordering::SeqCst);
        let caller = std::thread::current().id();
        let deferred = spawn(move || std::thread::current().id());
        assert_eq!(deferred.join(), caller);
        assert!(try_spawn(|| 1).is_err());
        let r = std::panic::catch_unwind(|| spawn(|| panic!("deferred job failed")).join());
        assert!(r.is_err(), "a deferred job's panic reaches the caller");
        REFUSE_THREADS.store(false, Ordering::SeqCst);
        assert_eq!(spawn(|| 8).join(), 8);
    }
}
