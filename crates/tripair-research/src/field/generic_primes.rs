//! Prime fields on generic primes of 160 to 512 bits (no special form), for the field table of
//! `tripair bench --table vpg` (Vejda-Page-Grossschadl 2007, Tables 3 and 4 use these sizes).
//! Each p is the first prime at or above a fixed pseudo-random 2^(bits-1) + x; the generator is
//! `tripair_vpg::primes::generic_prime`, and a test there checks these constants against it.

tripair::define_fp!(
    /// A generic 160-bit prime.
    Generic160, 3, "generic 160-bit", [0xbb4c4e486eeb2cdf, 0x8aaad5101ba6ec78, 0x00000000a3d3d456]
);
tripair::define_fp!(
    /// A generic 192-bit prime.
    Generic192, 3, "generic 192-bit", [0x1b3b801902083963, 0xbfa19940e27780a2, 0x887bf845e2f08261]
);
tripair::define_fp!(
    /// A generic 224-bit prime.
    Generic224, 4, "generic 224-bit",
    [0x407330769544207d, 0xb072f7c021df44ec, 0x26f8b646fd894022, 0x00000000f9b027ad]
);
tripair::define_fp!(
    /// A generic 256-bit prime.
    Generic256, 4, "generic 256-bit",
    [0xf648421a27ca8af1, 0x7a639a53565702ad, 0x963d391a95bfa6ac, 0xa014bb22a0446111]
);
tripair::define_fp!(
    /// A generic 384-bit prime.
    Generic384, 6, "generic 384-bit",
    [
        0x5c87daeb6d43a5b3, 0x0cff1edda8686cdf, 0xc4a8866497c3190a, 0x2747d0f80ae31de0,
        0x9d6ac24561687fb1, 0x99fda108bb101c45
    ]
);
tripair::define_fp!(
    /// A generic 512-bit prime.
    Generic512, 8, "generic 512-bit",
    [
        0x9533b262a8b16fef, 0x057735c9acf52f52, 0x90b868ce0d543a8c, 0x3cfed6db3f26d3aa,
        0x595601ad07e47aab, 0xf535c168f11b740d, 0x5d4d7b550a3208a3, 0xfe1ea5df183caadd
    ]
);
