//! Appendix A of the paper: operation counts of the three pairings and their cost in cycles
//! from the field costs of Tables 3 and 4 (reproducing the paper's six estimates), or from any
//! other field costs (the model's, tripair's measured x86 costs).

use crate::tables::{Kind, ModelRow, PAPER};

/// The operation counts of one pairing in its base field (Appendix A).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairingCount {
    /// The pairing, e.g. "eta_T char 2, m = 233".
    pub name: &'static str,
    /// The field kind.
    pub kind: Kind,
    /// The field size whose costs the paper uses.
    pub size: usize,
    /// Multiplications.
    pub mul: f64,
    /// Squarings (char 2) or cubings (char 3).
    pub power: f64,
}

/// eta_T in characteristic 2 (Barreto et al.): (3.5m + 51.5) M + (2m + 2) S.
pub fn eta2(m: usize) -> PairingCount {
    let m = m as f64;
    PairingCount {
        name: "eta_T char 2",
        kind: Kind::Binary,
        size: m as usize,
        mul: 3.5 * m + 51.5,
        power: 2.0 * m + 2.0,
    }
}

/// eta_T in characteristic 3 (Shirase et al., with I(F_3^3m) ~ 15.73 M):
/// (7.5m + 84.23) M + (8m + 8) C.
pub fn eta3(m: usize) -> PairingCount {
    let m = m as f64;
    PairingCount {
        name: "eta_T char 3",
        kind: Kind::Ternary,
        size: m as usize,
        mul: 7.5 * m + 84.23,
        power: 8.0 * m + 8.0,
    }
}

/// Ate over F_p, k = 6 (Granger-Page-Smart Case A): 9120 M. The paper prices it with its
/// 160-bit F_p multiplication (10,788,960 = 9120 x 1,183).
pub fn ate() -> PairingCount {
    PairingCount {
        name: "ate, F_p, k = 6",
        kind: Kind::Prime,
        size: 160,
        mul: 9120.0,
        power: 0.0,
    }
}

/// The paper's three pairings.
pub fn paper_pairings() -> [PairingCount; 3] {
    [eta2(233), eta3(97), ate()]
}

/// The paper's six estimates (native, ISE), as printed in Section 7.
pub const PAPER_ESTIMATES: [(u64, u64); 3] = [
    (6_762_354, 646_554),
    (12_061_117, 981_984),
    (10_788_960, 4_541_760),
];

impl PairingCount {
    /// Cycles from a multiplication and a squaring/cubing cost.
    pub fn cost(&self, mul: f64, power: f64) -> f64 {
        self.mul * mul + self.power * power
    }

    /// (native, ISE) cycles from the paper's Tables 3 and 4.
    pub fn paper_cost(&self) -> Option<(f64, f64)> {
        let r = PAPER
            .iter()
            .find(|r| r.kind == self.kind && r.size == self.size)?;
        Some((
            self.cost(r.native[1] as f64, r.native[2] as f64),
            self.cost(r.ise[1] as f64, r.ise[2] as f64),
        ))
    }

    /// (native, ISE) cycles from the model's measured rows.
    pub fn model_cost(&self, rows: &[ModelRow]) -> Option<(f64, f64)> {
        let r = rows
            .iter()
            .find(|r| r.paper.kind == self.kind && r.paper.size == self.size)?;
        Some((
            self.cost(r.ops[1].native, r.ops[2].native),
            self.cost(r.ops[1].ise, r.ops[2].ise),
        ))
    }
}

/// The Appendix A table: counts, the paper's estimates recomputed, the model's estimates.
pub fn render(rows: &[ModelRow]) -> String {
    let mut s =
        String::from("Appendix A: pairing cost = counts x field costs (cycles on the LEON-2)\n");
    s += &format!(
        "{:<18} {:>9} {:>8} | {:>12} {:>12} {:>12} {:>12} | {:>12} {:>12} {:>7}\n",
        "pairing",
        "M",
        "S or C",
        "paper nat",
        "recomputed",
        "paper ISE",
        "recomputed",
        "model nat",
        "model ISE",
        "speedup"
    );
    for (pc, (pn, pi)) in paper_pairings().iter().zip(PAPER_ESTIMATES) {
        let (rn, ri) = pc.paper_cost().unwrap_or((f64::NAN, f64::NAN));
        let (mn, mi) = pc.model_cost(rows).unwrap_or((f64::NAN, f64::NAN));
        s += &format!(
            "{:<18} {:>9.2} {:>8.0} | {:>12} {:>12.0} {:>12} {:>12.0} | {:>12.0} {:>12.0} {:>6.1}x\n",
            format!("{} {}", pc.name, pc.size),
            pc.mul,
            pc.power,
            pn,
            rn.floor(),
            pi,
            ri.floor(),
            mn,
            mi,
            mn / mi
        );
    }
    s
}
