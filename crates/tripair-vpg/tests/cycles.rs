//! The cycle model, pinned: each expected count is derived by hand from the rules documented in
//! `machine.rs` (rule numbers in the comments), not taken from a run. Also the semantics of the
//! custom instructions and of delay slots.

use tripair_vpg::asm::{imm, r, Asm};
use tripair_vpg::fields::{self, FpModel, Op};
use tripair_vpg::fp::Isa;
use tripair_vpg::harness;
use tripair_vpg::machine::{clmul32, gf3_packed_mul, Cond, Insn, Machine, MachineError};
use tripair_vpg::primes::generic_prime;

fn run(prog: Vec<Insn>, latency: u64, init: &[(u8, u32)]) -> (Machine, u64) {
    let mut m = Machine::new(1024, latency);
    for &(reg, v) in init {
        m.regs[reg as usize] = v;
    }
    let st = m.run(&prog).unwrap();
    (m, st.cycles)
}

fn finish(mut a: Asm) -> Vec<Insn> {
    a.retl();
    a.nop();
    a.finish().unwrap()
}

#[test]
fn alu_store_and_return() {
    // Rule 1: add 1 + add 1 + retl 3 + nop 1.
    let mut a = Asm::new();
    a.add(1, imm(5), 2);
    a.add(2, r(2), 3);
    let (m, c) = run(finish(a), 2, &[(1, 7)]);
    assert_eq!((m.regs[3], c), (24, 6));
    // Rule 1: st 2 + retl 3 + nop 1.
    let mut a = Asm::new();
    a.st(1, 0, 64);
    let (m, c) = run(finish(a), 2, &[(1, 9)]);
    assert_eq!((m.mem[16], c), (9, 6));
}

#[test]
fn load_delay() {
    // Rule 2: ld 1 + 1 stall + add 1 + 4 = 7; independent: 6.
    let mut a = Asm::new();
    a.ld(0, 64, 1);
    a.add(1, imm(1), 2);
    let mut m = Machine::new(1024, 2);
    m.mem[16] = 41;
    let st = m.run(&finish(a)).unwrap();
    assert_eq!((m.regs[2], st.cycles, st.load_stalls), (42, 7, 1));
    let mut a = Asm::new();
    a.ld(0, 64, 1);
    a.add(3, imm(1), 2);
    let (_, c) = run(finish(a), 2, &[]);
    assert_eq!(c, 6);
}

#[test]
fn mac_latency_and_overlap() {
    // Rule 3, L = 2: umac@0 (busy to 2), umac@2 after 1 stall (busy to 4), shacr@4 after 1
    // stall, ends 5; retl 3 + nop 1: 9.
    let chain = || {
        let mut a = Asm::new();
        a.umac(1, 2);
        a.umac(1, 2);
        a.shacr(3);
        finish(a)
    };
    let (m, c) = run(chain(), 2, &[(1, 0xffff_ffff), (2, 0xffff_ffff)]);
    assert_eq!(c, 9);
    // 2 (2^32-1)^2 = 2^65 - 2^34 + 2: low word 2, the rest (2^33 - 4) stays in the accumulator.
    assert_eq!(m.regs[3], 2);
    assert_eq!(m.accu(), (1u128 << 33) - 4);
    // L = 4: umac@0, umac@4 (3 stalls, busy to 8), shacr@8 ends 9; + 4 = 13.
    let (_, c) = run(chain(), 4, &[(1, 3), (2, 5)]);
    assert_eq!(c, 13);
    // Independent instructions fill the second cycle: no MAC stall, 4 + 1 + 4 = 9.
    let mut a = Asm::new();
    a.umac(1, 2);
    a.add(3, imm(1), 3);
    a.umac(1, 2);
    a.add(3, imm(1), 3);
    a.shacr(4);
    let mut m = Machine::new(64, 2);
    m.regs[1] = 6;
    m.regs[2] = 7;
    let st = m.run(&finish(a)).unwrap();
    assert_eq!(
        (st.cycles, st.mac_stalls, m.regs[4], m.regs[3]),
        (9, 0, 84, 2)
    );
}

#[test]
fn umul_and_rdy() {
    // Rule 1/5: umul L + rdy 1 + 4.
    let prog = || {
        let mut a = Asm::new();
        a.umul(1, r(2), 3);
        a.rdy(4);
        finish(a)
    };
    let (m, c) = run(prog(), 2, &[(1, 0x8000_0001), (2, 6)]);
    assert_eq!((m.regs[3], m.regs[4], c), (6, 3, 7));
    let (_, c) = run(prog(), 4, &[(1, 1), (2, 1)]);
    assert_eq!(c, 9);
}

#[test]
fn accumulator_is_72_bits_and_umac2_doubles() {
    let mut a = Asm::new();
    for _ in 0..300 {
        a.umac2(1, 1);
    }
    let (m, _) = run(finish(a), 2, &[(1, 0xffff_ffff)]);
    let want = (600u128 * 0xffff_fffe_0000_0001u128) & ((1u128 << 72) - 1);
    assert_eq!(m.accu(), want);
    assert!(want >> 64 != 0);
}

#[test]
fn polynomial_macs() {
    assert_eq!(clmul32(0b11, 0b11), 0b101);
    assert_eq!(clmul32(0xffff_ffff, 0xffff_ffff), 0x5555_5555_5555_5555);
    // (1 + x)(1 + 2x) = 1 + 0x + 2x^2 over F_3; packed: coefficient i at bits 2i.
    assert_eq!(gf3_packed_mul(0b0101, 0b1001), 0b10_00_01);
    let mut a = Asm::new();
    a.gf2mac(1, 2);
    a.gf2mac(1, 2);
    a.gf3mac(3, 4);
    a.gf3mac(3, 4);
    a.gf3mac(3, 4);
    let (m, _) = run(finish(a), 2, &[(1, 7), (2, 9), (3, 0b0101), (4, 0b1001)]);
    // Two equal gf2mac cancel; three gf3mac of the same product sum to 0 mod 3.
    assert_eq!(m.accu(), 0);
}

#[test]
fn delay_slots_and_annulment() {
    // Rule 4: mov 1 + 3 iterations of (subcc, bne, delay slot) + 4 = 14; the delay slot runs
    // every time, including after the untaken branch.
    let mut a = Asm::new();
    a.mov(imm(3), 5);
    let top = a.label();
    a.bind(top);
    a.subcc(5, imm(1), 5);
    a.b(Cond::Ne, top);
    a.add(6, imm(1), 6);
    let (m, c) = run(finish(a), 2, &[]);
    assert_eq!((m.regs[6], c), (3, 14));
    // Annul bit on an untaken branch: the slot is a 1-cycle bubble. mov, subcc, bne,a, bubble,
    // retl, nop: 1 + 1 + 1 + 1 + 3 + 1 = 8.
    let mut a = Asm::new();
    let l = a.label();
    a.mov(imm(1), 5);
    a.subcc(5, imm(1), 5);
    a.b_a(Cond::Ne, l);
    a.add(6, imm(1), 6);
    a.bind(l);
    let (m, c) = run(finish(a), 2, &[]);
    assert_eq!((m.regs[6], c), (0, 8));
    // ba,a always annuls its slot and jumps over the skipped add.
    let mut a = Asm::new();
    let l = a.label();
    a.b_a(Cond::A, l);
    a.add(6, imm(1), 6);
    a.add(6, imm(10), 6);
    a.bind(l);
    let (m, c) = run(finish(a), 2, &[]);
    assert_eq!((m.regs[6], c), (0, 6));
}

#[test]
fn bad_programs_are_errors() {
    let mut a = Asm::new();
    a.ld(0, 2, 1);
    let mut m = Machine::new(16, 2);
    assert_eq!(
        m.run(&finish(a)),
        Err(MachineError::BadAddress { pc: 0, addr: 2 })
    );
    let mut a = Asm::new();
    a.add(1, imm(1), 1);
    let mut m = Machine::new(16, 2);
    assert_eq!(
        m.run(&a.finish().unwrap()),
        Err(MachineError::BadPc { pc: 1 })
    );
    let mut a = Asm::new();
    let l = a.label();
    a.b(Cond::A, l);
    assert!(a.finish().is_err());
}

#[test]
fn fixed_routines() {
    // F_2^163 addition, t = 6: 2 loads, 5 pairs of look-ahead loads, 6 xor, 6 st (2 each), retl
    // and nop: 2 + 10 + 6 + 12 + 4 = 34, no stalls (each xor's operands loaded 3 slots before).
    let add2 = fields::gf2_routine::<tripair_smallchar::gf2::P163>(Op::Add, Isa::Ise).unwrap();
    let (_, st) = harness::run(&add2.prog, 2, &[]).unwrap();
    assert_eq!((st.cycles, st.load_stalls), (34, 0));
    // F_p addition, t = 5: add chain 2 + 8 + 5 + 10 = 25, carry 1; borrow chain 2 + 8 + 5 = 15;
    // mask 4; subtract chain 5 x (ld, ld, and, subxcc, st) = 30; retl, nop 4: 79.
    let fp = FpModel::new(&generic_prime(160)).unwrap();
    let add = fp.routine(Op::Add, Isa::Ise).unwrap();
    let (_, st) = harness::run(&add.prog, 2, &[]).unwrap();
    assert_eq!((st.cycles, st.load_stalls), (79, 0));
    // F_3^97 ISE addition, 7 packed words: mov 1; per word ld, ld, gf3mac, gf3mac (1 MAC
    // stall), shacr (1 MAC stall), st: 9; + 4: 1 + 63 + 4 = 68.
    let add3 = fields::gf3_routine::<tripair_smallchar::gf3::T97>(Op::Add, Isa::Ise).unwrap();
    let (_, st) = harness::run(&add3.prog, 2, &[]).unwrap();
    assert_eq!((st.cycles, st.mac_stalls), (68, 14));
}
