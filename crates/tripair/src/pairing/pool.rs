//! A persistent pool of worker threads for the parallel pairing forms: a scoped thread costs a
//! thread start and a join (an empty scoped job measured about 42K rdtsc ticks, 19 us, on the
//! 2-core Intel Xeon of stop 42), which a product of 64 pairings on two threads paid
//! once per call. Workers here stay alive between calls: after a job each spins for [`SPIN`] (so calls
//! in quick succession find it awake), then sleeps on a condition variable until the next job.
//! Jobs own their data (`'static`): callers copy their share of the inputs (points are small)
//! instead of borrowing, so no lifetime is erased and no `unsafe` is needed. Workers are created
//! on demand (one per concurrently running job, up to [`max_workers`]) and are never joined, as in
//! rayon's global pool. A job no worker has started by the time its caller joins it runs on the
//! caller, so a loaded machine costs a call its parallelism, not a scheduler time slice per job.

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// How long an idle worker, and a caller waiting for a result, spin before sleeping: long enough
/// for back-to-back calls (a benchmark's, a verifier's loop) to skip the wake-up, short enough
/// that a worker left idle gives its core back within a fraction of a millisecond.
const SPIN: Duration = Duration::from_micros(50);

type Job = Box<dyn FnOnce() + Send + 'static>;

/// One worker's job slot.
struct Worker {
    job: Mutex<Option<Job>>,
    has_job: AtomicBool,
    wake: Condvar,
}

/// Workers waiting for a job.
static IDLE: Mutex<Vec<Arc<Worker>>> = Mutex::new(Vec::new());

/// Workers started so far (they are never joined).
static STARTED: AtomicUsize = AtomicUsize::new(0);

/// The most workers [`spawn`] starts: four per core, and four more. A job whose worker has not
/// started it by the time the caller joins runs on the caller instead ([`Pending::join`]), which
/// leaves that worker busy until the scheduler gives it the core; on a loaded machine every call
/// could then start a new thread, so past this bound a job waits for its caller's join.
pub(crate) fn max_workers() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        4 * std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            + 4
    })
}

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
    /// The next job: spin first, then sleep until one is set.
    fn next_job(&self) -> Job {
        spin_until(&self.has_job);
        let mut slot = lock(&self.job);
        loop {
            if let Some(job) = slot.take() {
                self.has_job.store(false, Ordering::Release);
                return job;
            }
            slot = self.wake.wait(slot).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn run(self: Arc<Self>) {
        loop {
            (self.next_job())();
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

/// An idle worker, or a new one where none is idle (None past [`max_workers`] unless `always`).
fn take_worker(always: bool) -> Option<Arc<Worker>> {
    if let Some(w) = lock(&IDLE).pop() {
        return Some(w);
    }
    if !always && STARTED.load(Ordering::Relaxed) >= max_workers() {
        return None;
    }
    STARTED.fetch_add(1, Ordering::Relaxed);
    let w = Arc::new(Worker {
        job: Mutex::new(None),
        has_job: AtomicBool::new(false),
        wake: Condvar::new(),
    });
    let run = Arc::clone(&w);
    std::thread::Builder::new()
        .name("tripair-worker".into())
        .spawn(move || run.run())
        .expect("the system refused a worker thread");
    Some(w)
}

/// A job's function until a thread takes it: its worker when it starts, or the caller at join.
type JobFn<R> = Box<dyn FnOnce() -> R + Send>;

/// Where a job waits to be taken and leaves its result.
struct Handoff<R> {
    job: Mutex<Option<JobFn<R>>>,
    value: Mutex<Option<Result<R, Box<dyn Any + Send>>>>,
    ready: AtomicBool,
    done: Condvar,
}

/// The result of a job started with [`spawn`], to [`Pending::join`].
pub(crate) struct Pending<R> {
    handoff: Arc<Handoff<R>>,
}

impl<R> Pending<R> {
    /// The job's value: computed here if no worker has started it yet (its core busy with other
    /// work: waiting would cost a time slice of the scheduler, measured at 68-101x a two-thread
    /// final exponentiation's serial time beside two busy processes), otherwise waited for
    /// (spinning first, then sleeping). A panic in the job resumes here.
    pub(crate) fn join(self) -> R {
        let h = &self.handoff;
        let unstarted = lock(&h.job).take();
        if let Some(f) = unstarted {
            return f();
        }
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

/// Runs `f` on a pool worker, or on the caller at [`Pending::join`] if no worker has started it
/// by then (past [`max_workers`] busy workers, always there). For jobs the caller does not wait
/// on before its join; [`spawn_concurrent`] for those it does. The worker returns to the idle
/// list before the result is handed over, so a caller that starts its next call as soon as it
/// has the result finds it idle.
pub(crate) fn spawn<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Pending<R> {
    spawn_with(f, false)
}

/// [`spawn`] for a job that must run beside the caller (the caller waits for values it
/// produces before the join): always on a worker, started past [`max_workers`] if need be.
pub(crate) fn spawn_concurrent<R: Send + 'static>(
    f: impl FnOnce() -> R + Send + 'static,
) -> Pending<R> {
    spawn_with(f, true)
}

fn spawn_with<R: Send + 'static>(
    f: impl FnOnce() -> R + Send + 'static,
    always: bool,
) -> Pending<R> {
    let handoff = Arc::new(Handoff {
        job: Mutex::new(Some(Box::new(f) as JobFn<R>)),
        value: Mutex::new(None),
        ready: AtomicBool::new(false),
        done: Condvar::new(),
    });
    if let Some(worker) = take_worker(always) {
        let (h, me) = (Arc::clone(&handoff), Arc::clone(&worker));
        worker.assign(Box::new(move || {
            let job = lock(&h.job).take();
            let r = job.map(|f| catch_unwind(AssertUnwindSafe(f)));
            lock(&IDLE).push(me);
            // Nothing to hand over where the caller took the job first.
            if let Some(r) = r {
                *lock(&h.value) = Some(r);
                h.ready.store(true, Ordering::Release);
                h.done.notify_one();
            }
        }));
    }
    Pending { handoff }
}

#[cfg(test)]
mod tests {
    use super::{max_workers, spawn, spawn_concurrent};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    #[test]
    fn jobs_past_the_bound_run_at_their_join() {
        // More jobs than workers may start, every started one held until all are spawned: the
        // rest are taken by their joins, in order, with the right values.
        let go = Arc::new(AtomicBool::new(false));
        let n = max_workers() + 6;
        let jobs: Vec<_> = (0..n)
            .map(|i| {
                let go = Arc::clone(&go);
                spawn(move || {
                    while !go.load(Ordering::Acquire) {
                        std::thread::yield_now();
                    }
                    i * i
                })
            })
            .collect();
        go.store(true, Ordering::Release);
        let got: Vec<usize> = jobs.into_iter().map(|p| p.join()).collect();
        assert_eq!(got, (0..n).map(|i| i * i).collect::<Vec<_>>());
        // A job the caller waits on before joining always gets a worker.
        let ready = Arc::new(AtomicBool::new(false));
        let r = Arc::clone(&ready);
        let producer = spawn_concurrent(move || r.store(true, Ordering::Release));
        while !ready.load(Ordering::Acquire) {
            std::thread::yield_now();
        }
        producer.join();
    }

    #[test]
    fn results_in_order_and_panics_resume() {
        for round in 0..50u64 {
            let jobs: Vec<_> = (0..4u64).map(|i| spawn(move || round * 10 + i)).collect();
            let got: Vec<u64> = jobs.into_iter().map(|p| p.join()).collect();
            assert_eq!(got, (0..4).map(|i| round * 10 + i).collect::<Vec<_>>());
        }
        let r = std::panic::catch_unwind(|| spawn(|| panic!("job failed")).join());
        assert!(r.is_err(), "a job's panic reaches the caller");
        // The pool still works after a panic.
        assert_eq!(spawn(|| 7).join(), 7);
    }
}
