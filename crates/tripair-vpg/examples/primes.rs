//! Prints the generic primes of the F_p rows as little-endian u64 limbs (the constants of
//! `tripair_research::field::generic_primes`).

fn main() {
    for bits in tripair_vpg::primes::FP_BITS {
        let p = tripair_vpg::primes::generic_prime(bits);
        let limbs: Vec<String> = p
            .to_u64_digits()
            .iter()
            .map(|l| format!("{l:#018x}"))
            .collect();
        println!("{bits}: [{}]", limbs.join(", "));
    }
}
