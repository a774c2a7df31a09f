//! One persistent helper thread for the two-thread Miller loops (Mitsunari 2009, Algorithm 4).
//!
//! Spawning a thread per pairing costs more than half a Miller loop; instead a single helper
//! thread is started on first use and kept. After each job it spins for [`SPIN`] waiting for the
//! next one, then parks in a blocking receive. Jobs from concurrent callers queue up and run one
//! after the other; a panicking job is caught and re-raised in its caller. A caller that finishes
//! its own half before the helper has started the other half runs that half itself.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long the idle helper spins before it parks.
pub const SPIN: Duration = Duration::from_micros(200);

type Job = Box<dyn FnOnce() + Send + 'static>;

struct Helper {
    tx: Mutex<Sender<Job>>,
}

fn helper_loop(rx: Receiver<Job>) {
    loop {
        let start = Instant::now();
        let job = loop {
            match rx.try_recv() {
                Ok(j) => break Some(j),
                Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) => {
                    if start.elapsed() > SPIN {
                        break None;
                    }
                    std::hint::spin_loop();
                }
            }
        };
        let job = match job {
            Some(j) => j,
            None => match rx.recv() {
                Ok(j) => j,
                Err(_) => return,
            },
        };
        job();
    }
}

fn helper() -> Option<&'static Helper> {
    static H: OnceLock<Option<Helper>> = OnceLock::new();
    H.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("tripair-smallchar-helper".into())
            .spawn(move || helper_loop(rx))
            .ok()
            .map(|_| Helper { tx: Mutex::new(tx) })
    })
    .as_ref()
}

type Task<R> = Box<dyn FnOnce() -> R + Send + 'static>;

struct Slot<R> {
    /// The task, taken by whichever thread gets to it first (the helper, or the caller once its
    /// own half is done: on a loaded machine the helper may not have been scheduled yet).
    task: Mutex<Option<Task<R>>>,
    done: AtomicBool,
    value: Mutex<Option<std::thread::Result<R>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `here` on the calling thread and `there` on the helper thread (or on the calling thread
/// after `here`, if the helper has not started it by then), and returns both results.
pub fn join<RA, RB>(
    here: impl FnOnce() -> RA,
    there: impl FnOnce() -> RB + Send + 'static,
) -> (RA, RB)
where
    RB: Send + 'static,
{
    let Some(h) = helper() else {
        let a = here();
        return (a, there());
    };
    let slot = Arc::new(Slot::<RB> {
        task: Mutex::new(Some(Box::new(there))),
        done: AtomicBool::new(false),
        value: Mutex::new(None),
    });
    let s2 = Arc::clone(&slot);
    let job: Job = Box::new(move || {
        let task = lock(&s2.task).take();
        if let Some(t) = task {
            let r = catch_unwind(AssertUnwindSafe(t));
            *lock(&s2.value) = Some(r);
            s2.done.store(true, Ordering::Release);
        }
    });
    // If the helper is gone the task stays in the slot and runs here below.
    let _ = lock(&h.tx).send(job);
    let a = here();
    let task = lock(&slot.task).take();
    if let Some(t) = task {
        return (a, t());
    }
    let mut spins = 0u32;
    while !slot.done.load(Ordering::Acquire) {
        if spins < 2000 {
            spins += 1;
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
    let b = lock(&slot.value).take().expect("helper stored its result");
    match b {
        Ok(b) => (a, b),
        Err(p) => resume_unwind(p),
    }
}
