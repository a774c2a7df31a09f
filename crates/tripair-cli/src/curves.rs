//! Every curve by name, prime-field and small-characteristic alike: what the command line lists,
//! checks and pairs on.

use tripair::api::{prime_curves, CurveSummary, PRIME_CURVES};
use tripair::{Error, Result};

/// Every curve: the prime-field ones, then the small-characteristic ones (marked broken).
pub fn all_curves() -> Vec<CurveSummary> {
    let mut v = prime_curves();
    for i in tripair_smallchar::all_curve_info() {
        v.push(CurveSummary {
            name: i.name.to_string(),
            field: i.field.clone(),
            coefficients: i.coefficients.clone(),
            r: i.r.clone(),
            cofactor: i.cofactor.clone(),
            g1: i.g1.clone(),
            g2: i.g2.clone(),
            broken: i.broken,
            security_bits: None,
            details: format!("BROKEN: {}", i.security_note),
        });
    }
    v
}

/// Checks that a curve name is known.
pub fn check_curve_name(name: &str) -> Result<()> {
    if PRIME_CURVES.contains(&name) || tripair_smallchar::curve_names().contains(&name) {
        Ok(())
    } else {
        Err(Error::UnknownCurve(name.to_string()))
    }
}

/// One `pair` line: GT hex of e(G1, G2) on the named curve, or the error naming what is wrong.
/// Small-characteristic curves (eta2-*, eta3-*) are broken parameters, kept for research.
pub fn pair_hex(curve: &str, g1_hex: &str, g2_hex: &str, parallel: bool) -> Result<String> {
    if PRIME_CURVES.contains(&curve) {
        tripair::api::pair_hex(curve, g1_hex, g2_hex)
    } else {
        tripair_smallchar::pair_hex(curve, g1_hex, g2_hex, parallel)
    }
}
