//! Constant-time evidence by the ctgrind method (Langley 2010): secrets are marked undefined for
//! valgrind's memcheck, which then reports every conditional branch and every memory index that
//! depends on them ("Conditional jump or move depends on uninitialised value(s)", "Use of
//! uninitialised value of size 8"). Run by `scripts/ct-check.sh`:
//!
//! ```sh
//! cargo build --release -p tripair-cli --features examples --example ct_valgrind
//! valgrind --error-exitcode=1 target/release/examples/ct_valgrind [CASE]
//! ```
//!
//! Each case computes with secret inputs and then marks the output defined again (an output may
//! depend on a secret; what must not is the path taken). The `leak` case runs a variable-time
//! function on a secret on purpose, so a run can show that the method reports what it should.
//! Outside valgrind the client requests are no-ops and the program just runs the cases.

use std::hint::black_box;
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use tripair::field::lanes::{
    compressed_square_chain, cyclotomic_square_run, sliced_compressed_squares_apply,
    sliced_cyclotomic_squares_apply, PortableLanes, LANES,
};
use tripair::field::{batch_inv, Fp, Fp12, Fp2, TowerParams};
use tripair::hash_to_curve::{encode_to_g2, hash_to_g1, hash_to_g2};
use tripair::pairing::{
    multi_pairing, pairing, pairings_affine, pairings_prepared, pairings_prepared_lanes_with,
    G2Prepared,
};
use tripair_bls::{pop, MinPk, SecretKey, Signature};
use tripair_testkit::TestRng;

/// memcheck's client requests (valgrind/memcheck.h: VG_USERREQ_TOOL_BASE('M','C') + 1, + 2).
const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001;
const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;

/// A valgrind client request: the magic preamble that valgrind recognises and a bare CPU runs as
/// four rotations by 128 bits in all and an exchange of rbx with itself (no effect).
fn client_request(request: u64, addr: *const u8, len: usize) {
    let args: [u64; 6] = [request, addr as u64, len as u64, 0, 0, 0];
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the sequence only rotates rdi back to its value and swaps rbx with itself; valgrind
    // reads `args` through rax and writes its answer to rdx; no other state is touched.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") 0u64 => _,
            in("rax") args.as_ptr(),
            inout("rdi") 0u64 => _,
            options(nostack),
        );
    }
    black_box(&args);
}

/// Marks a value's bytes as secret (undefined to memcheck).
fn secret<T: ?Sized>(x: &T) {
    client_request(
        MAKE_MEM_UNDEFINED,
        x as *const T as *const u8,
        size_of_val(x),
    );
}

/// Marks a point's coordinates as secret. Whether a point is the point at infinity is public in
/// tripair (the sources drop such pairs, `if`s read the flag), so the flag is left defined.
fn secret_point<G: tripair::curve::CurveGroup>(p: &tripair::curve::Affine<G>) {
    let (x, y) = p.coordinates();
    secret(x);
    secret(y);
}

/// Declares a value's bytes public again (an output may depend on a secret value).
fn public<T: ?Sized>(x: &T) {
    client_request(MAKE_MEM_DEFINED, x as *const T as *const u8, size_of_val(x));
}

fn points<C: PairingCurve>(rng: &mut TestRng) -> (G1Affine<C>, G2Affine<C>) {
    (G1Affine::random(rng), G2Affine::random(rng))
}

/// The constant-time operations of one curve on secret inputs.
fn cases<C: PairingCurve>(case: &str, rng: &mut TestRng) {
    let (p, q) = points::<C>(rng);
    let k: Scalar<C> = Fp::random(rng);
    let run = |name: &str| case == "all" || case == name;
    if run("scalar-mul") {
        secret(&k);
        let a = G1Projective::<C>::generator() * k;
        let b = G2Projective::<C>::generator() * k;
        let (a, b) = (a.to_affine(), b.to_affine());
        public(&a);
        public(&b);
        black_box((a, b));
        // Fixed-base tables: the generators' (built at first use from public points) and one of
        // a secret point, then multiplied by the secret scalar.
        let c = G1Projective::<C>::mul_generator(&k).to_affine();
        let d = G2Projective::<C>::mul_generator(&k).to_affine();
        public(&c);
        public(&d);
        black_box((c, d));
        let p2 = G1Projective::<C>::generator()
            .mul_vartime(&[5])
            .to_affine_vartime();
        secret_point(&p2);
        let e = tripair::curve::FixedBaseTable::new(&p2).mul(&k).to_affine();
        let f = p2.to_projective().mul(&k).to_affine();
        public(&e);
        public(&f);
        black_box((e, f));
    }
    if run("fp-inv") {
        let x: Fp<C::Fp> = Fp::random(rng);
        secret(&x);
        let y = x.inv();
        public(&y);
        black_box(y);
    }
    if run("fp12-inv") {
        let f = pairing::<C>(&p, &q).into_fp12();
        let g = f * f + Fp12::ONE;
        secret(&g);
        let h = g.inv();
        public(&h);
        black_box(h);
    }
    if run("batch-inv") {
        let mut xs: Vec<Fp2<C>> = (0..4)
            .map(|_| Fp2::new(Fp::random(rng), Fp::random(rng)))
            .collect();
        xs[2] = Fp2::ZERO;
        for x in &xs {
            secret(x);
        }
        batch_inv(&mut xs);
        for x in &xs {
            public(x);
        }
        black_box(xs);
    }
    if run("gt-pow") {
        let e = pairing::<C>(&p, &q);
        secret(&k);
        let r = e.pow(&k);
        public(&r);
        black_box(r);
    }
    if run("pairing") {
        secret_point(&p);
        secret_point(&q);
        let e = pairing::<C>(&p, &q);
        public(&e);
        black_box(e);
    }
    if run("product-affine") {
        // 8 pairs: the constant-time affine source with its shared inversions.
        let pairs: Vec<_> = (0..8).map(|_| points::<C>(rng)).collect();
        for (p, q) in &pairs {
            secret_point(p);
            secret_point(q);
        }
        let e = multi_pairing::<C>(&pairs);
        let each = pairings_affine::<C>(&pairs[..3]);
        public(&e);
        for x in &each {
            public(x);
        }
        black_box((e, each));
    }
    if run("prepared") {
        secret_point(&q);
        let prepared = G2Prepared::new(&q);
        secret_point(&p);
        let e = pairings_prepared::<C>(&prepared, &[p]);
        for x in &e {
            public(x);
        }
        black_box(e);
    }
    if run("prepared-lanes") {
        // Eight secret P with a secret prepared Q through the lane form (the portable lane
        // backend: valgrind runs no AVX-512; the IFMA backend shares the lane code above its
        // kernels), and the default choice (scalar under valgrind).
        secret_point(&q);
        let prepared = G2Prepared::new(&q);
        let ps: Vec<_> = (0..LANES).map(|_| points::<C>(rng).0).collect();
        for p in &ps {
            secret_point(p);
        }
        let lanes = pairings_prepared_lanes_with::<C, PortableLanes>(&prepared, &ps, 1);
        let chosen = pairings_prepared::<C>(&prepared, &ps);
        for x in lanes.iter().chain(&chosen) {
            public(x);
        }
        black_box((lanes, chosen));
    }
    if run("sliced-squares") && <C as TowerParams>::BETA == -1 {
        // The final exponentiation's squares digit-sliced across the lanes (where the CPU has
        // IFMA: Karabina's compressed squares on bls12-381, Granger-Scott's on bn254), on a secret
        // element: the portable lane backend, as valgrind runs no AVX-512 (the IFMA backend shares
        // the lane code above its kernels).
        let xi = <C as TowerParams>::XI;
        let f = pairing::<C>(&p, &q).into_fp12();
        secret(&f);
        if xi == (1, 1) && sliced_compressed_squares_apply::<C::Fp>() {
            let coeffs = f.compress_cyclotomic().parts().map(|e| [e.c0, e.c1]);
            let out = compressed_square_chain::<C::Fp, PortableLanes>(&coeffs, &[1, 5, 63]);
            for x in &out {
                public(x);
            }
            black_box(out);
        }
        if sliced_cyclotomic_squares_apply::<C::Fp>(xi) {
            let e = [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
            let out = cyclotomic_square_run::<C::Fp, PortableLanes>(&e, 5, xi);
            public(&out);
            black_box(out);
        }
    }
    if case == "leak" {
        // Deliberately variable time: memcheck must report this one.
        let x: Fp<C::Fp> = Fp::random(rng);
        secret(&x);
        let y = x.inv_vartime();
        public(&y);
        black_box(y);
    }
}

/// The protocols on bls12-381: hashing a secret message to G1 and G2 (RFC 9380), and BLS signing
/// with a secret key (the message public, as in the draft).
fn protocol_cases(case: &str, rng: &mut TestRng) {
    let run = |name: &str| case == "all" || case == name;
    if run("hash-to-curve") {
        let mut msg = [0u8; 32];
        rng.fill_bytes(&mut msg);
        secret(&msg);
        let dst = b"ct_valgrind-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
        // The outputs are declared public before anything reads them (the Result's tag shares
        // its byte with the point's identity flag).
        let a = hash_to_g1(&msg, dst);
        let b = hash_to_g2(&msg, dst);
        let c = encode_to_g2(&msg, dst);
        public(&a);
        public(&b);
        public(&c);
        black_box((a.is_ok(), b.is_ok(), c.is_ok()));
    }
    if run("bls-sign") {
        // KeyGen's "while SK == 0" retry (a 2^-255 event) is a branch on the secret by the
        // draft's design: the key is marked secret once made; SkToPk and Sign are checked.
        let mut ikm = [0u8; 32];
        rng.fill_bytes(&mut ikm);
        let sk = SecretKey::key_gen(&ikm, b"").expect("32-byte IKM");
        secret(&sk);
        let pk = sk.public_key::<MinPk>();
        let sig: Signature<MinPk> = pop::sign(&sk, b"message");
        // Public key and signature are outputs: public before they are encoded.
        public(&pk);
        public(&sig);
        black_box((pk.to_bytes(), sig.to_bytes()));
    }
}

fn main() {
    let case = std::env::args().nth(1).unwrap_or_else(|| "all".to_string());
    let mut rng = TestRng::new(0xc7);
    cases::<Bn254>(&case, &mut rng);
    cases::<Bls12_381>(&case, &mut rng);
    protocol_cases(&case, &mut rng);
    println!("ct_valgrind: ran case '{case}' on bn254 and bls12-381");
}
