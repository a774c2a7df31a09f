//! Row E of Grabher–Großschädl–Page (SAC 2008): one pairing whose F_p12 operations are split
//! into F_p6 halves computed on two threads. Each square and each line product of the Miller loop
//! hands one of its F_p6 products to a partner thread and computes the others itself: the square
//! (complex method) is a0 a1 here and (a0 + a1)(a0 + v a1) there; the line product (Karatsuba
//! over F_p6) is f0 l0 and f1 l1 here and (f0 + f1)(l0 + l1) there. The partner spins on an
//! atomic flag between jobs (a job is about one F_p6 product, a few microseconds), as the paper's
//! two threads did. The twist-point arithmetic of each step and the final exponentiation run on
//! the caller's thread. Research only: both cores spin for the whole Miller loop, so beside other
//! work this is slower than one thread.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{Fp, Fp12, Fp2, Fp6};
use tripair::pairing::{
    drive_into, final_exponentiation_in, Gt, MillerAccumulator, MillerSchedule, PreparedG1,
    ProjectiveLines,
};

/// One F_p6 product for the partner.
enum Job<C: PairingCurve> {
    /// a b.
    Mul(Fp6<C>, Fp6<C>),
    /// a (b0 + b1 v).
    Mul01(Fp6<C>, Fp2<C>, Fp2<C>),
}

impl<C: PairingCurve> Job<C> {
    fn run(self) -> Fp6<C> {
        match self {
            Job::Mul(a, b) => a * b,
            Job::Mul01(a, b0, b1) => a.mul_by_01(&b0, &b1),
        }
    }
}

const IDLE: u8 = 0;
const POSTED: u8 = 1;
const DONE: u8 = 2;
const STOP: u8 = 3;

/// Spins of an idle partner before it parks (about a millisecond): the Miller loop hands it a
/// job every few microseconds, a benchmark table between its batches of other rows not at all.
const PARK_AFTER: u32 = 1 << 18;

/// One wait of a spin loop: a pause instruction, and after many of them (the other thread is not
/// running: more threads than cores, as under a test harness) a yield of the time slice.
fn pause(spins: &mut u32) {
    *spins += 1;
    if spins.is_multiple_of(4096) {
        std::thread::yield_now();
    } else {
        core::hint::spin_loop();
    }
}

/// The hand-over between the caller and its partner thread: a state flag both spin on, the posted
/// job and its result, and the partner's handle to wake it where it parked.
pub struct Partner<C: PairingCurve> {
    state: AtomicU8,
    job: Mutex<Option<Job<C>>>,
    result: Mutex<Option<Fp6<C>>>,
    thread: Mutex<Option<std::thread::Thread>>,
}

impl<C: PairingCurve> Default for Partner<C> {
    fn default() -> Self {
        Partner {
            state: AtomicU8::new(IDLE),
            job: Mutex::new(None),
            result: Mutex::new(None),
            thread: Mutex::new(None),
        }
    }
}

impl<C: PairingCurve> Partner<C> {
    /// The partner thread's loop: runs each posted job until [`Partner::stop`]; spins between
    /// jobs and parks after about a millisecond without one.
    pub fn serve(&self) {
        *self.thread.lock().unwrap_or_else(|e| e.into_inner()) = Some(std::thread::current());
        let mut spins = 0;
        loop {
            match self.state.load(Ordering::Acquire) {
                POSTED => {
                    let job = self.job.lock().unwrap_or_else(|e| e.into_inner()).take();
                    let r = job.map(Job::run);
                    *self.result.lock().unwrap_or_else(|e| e.into_inner()) = r;
                    self.state.store(DONE, Ordering::Release);
                    spins = 0;
                }
                STOP => return,
                // A wake-up between the load above and the park leaves the token: park returns.
                _ if spins >= PARK_AFTER => {
                    std::thread::park();
                    spins = 0;
                }
                _ => pause(&mut spins),
            }
        }
    }

    fn wake(&self) {
        if let Some(t) = &*self.thread.lock().unwrap_or_else(|e| e.into_inner()) {
            t.unpark();
        }
    }

    /// Ends [`Partner::serve`] (after the job it may be running).
    pub fn stop(&self) {
        let mut spins = 0;
        while self.state.load(Ordering::Acquire) == POSTED {
            pause(&mut spins);
        }
        self.state.store(STOP, Ordering::Release);
        self.wake();
    }

    fn post(&self, job: Job<C>) {
        *self.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(job);
        self.state.store(POSTED, Ordering::Release);
        self.wake();
    }

    fn wait(&self) -> Fp6<C> {
        let mut spins = 0;
        while self.state.load(Ordering::Acquire) != DONE {
            pause(&mut spins);
        }
        self.state.store(IDLE, Ordering::Relaxed);
        self.result
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .expect("the partner stores a result before it sets DONE")
    }

    /// a b in F_p12 by Karatsuba over F_p6: a0 b0 and a1 b1 here, (a0 + a1)(b0 + b1) on the
    /// partner (the F_p12 Mul column of row E).
    pub fn fp12_mul(&self, a: &Fp12<C>, b: &Fp12<C>) -> Fp12<C> {
        self.post(Job::Mul(a.c0 + a.c1, b.c0 + b.c1));
        let t0 = a.c0 * b.c0;
        let t1 = a.c1 * b.c1;
        let x = self.wait();
        Fp12::new(t0 + t1.mul_by_v(), x - t0 - t1)
    }
}

/// The Miller loop's f with its partner: squares and line products in halves.
struct Halves<'a, C: PairingCurve> {
    f: Fp12<C>,
    partner: &'a Partner<C>,
}

impl<C: PairingCurve> MillerAccumulator<C, Fp<C::Fp>> for Halves<'_, C> {
    fn square(&mut self) {
        // Complex squaring: f^2 = ((a0 + a1)(a0 + v a1) - a0 a1 - v a0 a1) + 2 a0 a1 w.
        let (a0, a1) = (self.f.c0, self.f.c1);
        self.partner.post(Job::Mul(a0 + a1, a0 + a1.mul_by_v()));
        let ab = a0 * a1;
        let x = self.partner.wait();
        self.f = Fp12::new(x - ab - ab.mul_by_v(), ab.double());
    }

    fn conjugate(&mut self) {
        self.f = self.f.conjugate();
    }

    fn at(&mut self, _pair: usize) -> &mut Fp12<C> {
        &mut self.f
    }

    fn mul_by_line_value(&mut self, _pair: usize, line: [&Fp2<C>; 3], m_type: bool) {
        let [a, b, c] = line;
        let (f0, f1) = (self.f.c0, self.f.c1);
        // l = l0 + l1 w; f l = (f0 l0 + v f1 l1) + ((f0 + f1)(l0 + l1) - f0 l0 - f1 l1) w.
        let (t0, t1, x) = if m_type {
            // l0 = a + b v, l1 = c v.
            self.partner.post(Job::Mul01(f0 + f1, *a, *b + *c));
            (f0.mul_by_01(a, b), f1.mul_by_1(c), self.partner.wait())
        } else {
            // l0 = a, l1 = b + c v.
            self.partner.post(Job::Mul01(f0 + f1, *a + *b, *c));
            (f0.mul_by_fp2(a), f1.mul_by_01(b, c), self.partner.wait())
        };
        self.f = Fp12::new(t0 + t1.mul_by_v(), x - t0 - t1);
    }
}

/// The Miller loop of `schedule` on (P, Q) with its F_p12 operations in halves on the caller's
/// thread and a partner thread; on one thread where the system refuses the partner.
pub fn miller_loop_halves<C: PairingCurve>(
    schedule: &MillerSchedule,
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> Fp12<C> {
    let finite = !p.is_identity() && !q.is_identity();
    let pair = finite.then(|| (PreparedG1::new(p.x(), p.y()), (q.x(), q.y())));
    let mut source = ProjectiveLines::<C, Fp<C::Fp>>::new(pair);
    let partner = Partner::<C>::default();
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .spawn_scoped(s, || partner.serve())
            .is_ok();
        if !spawned {
            return tripair::pairing::drive(schedule, &mut source);
        }
        let f = drive_into(
            schedule,
            &mut source,
            Halves {
                f: Fp12::ONE,
                partner: &partner,
            },
        )
        .f;
        partner.stop();
        f
    })
}

/// Row E's optimal ate pairing: [`miller_loop_halves`], then the final exponentiation.
pub fn pairing_halves<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    let f = miller_loop_halves(&MillerSchedule::optimal_ate::<C>(), p, q);
    Gt::from_fp12_unchecked(final_exponentiation_in(&f))
}

/// Row E's plain ate pairing (Algorithm 1's loop, [`super::plain_ate_schedule`]).
pub fn ate_pairing_halves<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    let f = miller_loop_halves(&super::plain_ate_schedule::<C>(), p, q);
    Gt::from_fp12_unchecked(final_exponentiation_in(&f))
}

/// A partner thread that lives until dropped, for timing [`Partner::fp12_mul`] call by call
/// (row E's F_p12 Mul column).
pub struct PartnerThread<C: PairingCurve> {
    partner: std::sync::Arc<Partner<C>>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl<C: PairingCurve> PartnerThread<C> {
    /// Starts the partner; `None` where the system refuses a thread.
    pub fn spawn() -> Option<Self> {
        let partner = std::sync::Arc::new(Partner::default());
        let served = partner.clone();
        let handle = std::thread::Builder::new()
            .spawn(move || served.serve())
            .ok()?;
        Some(PartnerThread {
            partner,
            handle: Some(handle),
        })
    }

    /// a b with the partner ([`Partner::fp12_mul`]).
    pub fn fp12_mul(&self, a: &Fp12<C>, b: &Fp12<C>) -> Fp12<C> {
        self.partner.fp12_mul(a, b)
    }
}

impl<C: PairingCurve> Drop for PartnerThread<C> {
    fn drop(&mut self) {
        self.partner.stop();
        if let Some(h) = self.handle.take() {
            // The partner only runs F_p6 products: it does not panic.
            let _ = h.join();
        }
    }
}
