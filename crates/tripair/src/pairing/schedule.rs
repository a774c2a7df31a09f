//! The schedule of a Miller loop: the steps that the driver (`miller::drive`) and the preparation
//! of fixed lines both walk, from the NAF of the loop parameter and the curve's family.

use crate::curve::{Family, PairingCurve};

/// The steps of a Miller loop, most significant NAF digit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// T <- 2T and its tangent line; `first` when f is still 1 (no squaring needed).
    Double {
        /// This is the first step: f is still 1 and is not squared before it.
        first: bool,
    },
    /// T <- T + Q (or T - Q) and the line through them.
    Add {
        /// Add -Q (a NAF digit of -1) instead of Q.
        negative: bool,
    },
    /// The BN correction lines through pi(Q) and -pi^2(Q) (Vercauteren 2010), after the loop.
    /// `loop_negative`: the loop parameter was negative, so T must be negated first.
    Frobenius {
        /// The loop parameter was negative: T is negated before the lines.
        loop_negative: bool,
    },
}

/// What a Miller loop iterates over: the NAF of the loop parameter (most significant digit first),
/// its sign, and whether the BN Frobenius lines follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MillerSchedule {
    /// The NAF of |s|, most significant digit first; the leading digit only sets T = Q.
    pub naf: &'static [i8],
    /// Whether the loop parameter s is negative (the loop value is then conjugated).
    pub negative: bool,
    /// Whether the two BN Frobenius correction lines follow the loop.
    pub frobenius_lines: bool,
}

impl MillerSchedule {
    /// The optimal ate loop: s = 6u + 2 then the Frobenius lines for BN, s = u for BLS12.
    pub fn optimal_ate<C: PairingCurve>() -> Self {
        let k = C::consts();
        MillerSchedule {
            naf: &k.miller_naf,
            negative: k.miller_neg,
            frobenius_lines: C::FAMILY == Family::Bn,
        }
    }

    /// How many lines one pair's loop reads: one per step, two for the BN correction.
    pub fn line_count(&self) -> usize {
        let digits = self.naf.get(1..).unwrap_or(&[]);
        lines_of_digits(digits) + if self.frobenius_lines { 2 } else { 0 }
    }

    /// Calls `step` for every step in order (the driver and the preparation of fixed lines both
    /// walk it, so stored lines line up with the steps that read them).
    pub fn for_each_step(&self, mut step: impl FnMut(Step)) {
        for (i, &d) in self.naf.iter().enumerate().skip(1) {
            step(Step::Double { first: i == 1 });
            if d != 0 {
                step(Step::Add { negative: d < 0 });
            }
        }
        if self.frobenius_lines {
            step(Step::Frobenius {
                loop_negative: self.negative,
            });
        }
    }
}

/// How many lines the loop steps for `digits` read per pair: one per doubling, one more per
/// non-zero digit.
pub fn lines_of_digits(digits: &[i8]) -> usize {
    digits.len() + digits.iter().filter(|&&d| d != 0).count()
}
