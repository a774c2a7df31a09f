//! The curves by name, type-erased: one [`CurveOps`] per prime-field curve (built once from
//! [`tripair::with_prime_curve!`]) and one [`Element`] type for G1, G2 and GT of every curve, so
//! that the Python classes hold an `Arc<dyn Element>` and never name a curve type.

use num_bigint::{BigInt, Sign};
use std::any::Any;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};
use tripair::api::PRIME_CURVES;
use tripair::curve::{Affine, CurveGroup, G1Affine, G2Affine, PairingCurve, Scalar};
use tripair::encoding::{
    decode_g1, decode_g2, encode_point, encode_point_compressed, CoordinateBytes,
};
use tripair::pairing::{multi_pairing, pairing, pairing_batch, pairing_check, Gt};

/// A shared, immutable group element of some curve (G1, G2 or GT).
pub type Elem = Arc<dyn Element>;

/// Which group of a curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Points of E(F_p) of order r.
    G1,
    /// Points of the twist E'(F_p2) of order r.
    G2,
    /// The order-r subgroup of F_p12^*.
    Gt,
}

/// The value of one group of order r, written additively here (for GT: `op` is the product,
/// `inverse` the inverse, `scale` the power).
pub trait GroupValue: Copy + PartialEq + Send + Sync + 'static {
    /// The curve the group belongs to.
    type Curve: PairingCurve;
    /// The group operation.
    fn op(&self, o: &Self) -> Self;
    /// The inverse.
    fn inverse(&self) -> Self;
    /// `[k] self` (GT: `self^k`), constant time in k.
    fn scale(&self, k: &Scalar<Self::Curve>) -> Self;
    /// Whether this is the neutral element.
    fn is_identity(&self) -> bool;
    /// The curve's encoding (uncompressed for points; the 12 coefficients for GT).
    fn encode(&self) -> Vec<u8>;
    /// The compressed encoding of a point (ZCash's on BLS12 curves, gnark-crypto's flags on BN
    /// curves); GT has none.
    fn encode_compressed(&self) -> Option<Vec<u8>>;
}

impl<G: CurveGroup> GroupValue for Affine<G>
where
    G::F: CoordinateBytes,
{
    type Curve = G::Curve;
    fn op(&self, o: &Self) -> Self {
        (*self + *o).to_affine()
    }
    fn inverse(&self) -> Self {
        -*self
    }
    fn scale(&self, k: &Scalar<G::Curve>) -> Self {
        self.to_projective().mul(k).to_affine()
    }
    fn is_identity(&self) -> bool {
        Affine::is_identity(self)
    }
    fn encode(&self) -> Vec<u8> {
        encode_point(self)
    }
    fn encode_compressed(&self) -> Option<Vec<u8>> {
        Some(encode_point_compressed(self))
    }
}

impl<C: PairingCurve> GroupValue for Gt<C> {
    type Curve = C;
    fn op(&self, o: &Self) -> Self {
        *self * *o
    }
    fn inverse(&self) -> Self {
        Gt::inverse(self)
    }
    fn scale(&self, k: &Scalar<C>) -> Self {
        self.pow(k)
    }
    fn is_identity(&self) -> bool {
        Gt::is_identity(self)
    }
    fn encode(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn encode_compressed(&self) -> Option<Vec<u8>> {
        None
    }
}

/// A group element of a named curve, as the Python classes see it.
pub trait Element: Send + Sync + 'static {
    /// The curve's operations (and name).
    fn ops(&self) -> &'static dyn CurveOps;
    /// The group operation with an element of the same group; `None` if `o` is of another curve.
    fn op(&self, o: &dyn Element) -> Option<Elem>;
    /// The inverse.
    fn inverse(&self) -> Elem;
    /// `[k] self` (GT: `self^k`) for any integer k, reduced modulo r; constant time in k mod r.
    fn scale(&self, k: &BigInt) -> Elem;
    /// Whether `o` is the same element (of the same curve).
    fn equals(&self, o: &dyn Element) -> bool;
    /// Whether this is the neutral element.
    fn is_identity(&self) -> bool;
    /// See [`GroupValue::encode`].
    fn encode(&self) -> Vec<u8>;
    /// See [`GroupValue::encode_compressed`].
    fn encode_compressed(&self) -> Option<Vec<u8>>;
    /// For downcasting to the concrete [`Value`].
    fn as_any(&self) -> &dyn Any;
}

/// A [`GroupValue`] with its curve's operations.
pub struct Value<T> {
    ops: &'static dyn CurveOps,
    v: T,
}

impl<T: GroupValue> Value<T> {
    fn elem(ops: &'static dyn CurveOps, v: T) -> Elem {
        Arc::new(Value { ops, v })
    }
}

/// The integer k modulo r, as a scalar of the curve.
fn scalar<C: PairingCurve>(k: &BigInt) -> Scalar<C> {
    let (sign, magnitude) = k.to_bytes_be();
    let s = Scalar::<C>::from_be_bytes_mod_order(&magnitude);
    if sign == Sign::Minus {
        -s
    } else {
        s
    }
}

impl<T: GroupValue> Element for Value<T> {
    fn ops(&self) -> &'static dyn CurveOps {
        self.ops
    }
    fn op(&self, o: &dyn Element) -> Option<Elem> {
        let o = o.as_any().downcast_ref::<Value<T>>()?;
        Some(Value::elem(self.ops, self.v.op(&o.v)))
    }
    fn inverse(&self) -> Elem {
        Value::elem(self.ops, self.v.inverse())
    }
    fn scale(&self, k: &BigInt) -> Elem {
        Value::elem(self.ops, self.v.scale(&scalar::<T::Curve>(k)))
    }
    fn equals(&self, o: &dyn Element) -> bool {
        o.as_any()
            .downcast_ref::<Value<T>>()
            .is_some_and(|o| o.v == self.v)
    }
    fn is_identity(&self) -> bool {
        self.v.is_identity()
    }
    fn encode(&self) -> Vec<u8> {
        self.v.encode()
    }
    fn encode_compressed(&self) -> Option<Vec<u8>> {
        self.v.encode_compressed()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Why a list of pairs could not be paired: a point of another curve than the first pair's.
pub type PairsResult<T> = Result<T, String>;

/// Everything the bindings do that depends on the curve, for one curve.
pub trait CurveOps: Send + Sync {
    /// The curve's name (`"bls12-381"`).
    fn name(&self) -> &'static str;
    /// Decodes and validates an element of `group` in the curve's encoding.
    fn decode(&'static self, group: Group, bytes: &[u8]) -> tripair::Result<Elem>;
    /// The fixed generator of `group` (GT: e(G1 generator, G2 generator)).
    fn generator(&'static self, group: Group) -> Elem;
    /// The neutral element of `group`.
    fn identity(&'static self, group: Group) -> Elem;
    /// e(P_i, Q_i) for every pair, on `threads` threads.
    fn pairing_batch(
        &'static self,
        pairs: &[(Elem, Elem)],
        threads: usize,
    ) -> PairsResult<Vec<Elem>>;
    /// prod_i e(P_i, Q_i).
    fn multi_pairing(&'static self, pairs: &[(Elem, Elem)]) -> PairsResult<Elem>;
    /// Whether prod_i e(P_i, Q_i) = 1.
    fn pairing_check(&'static self, pairs: &[(Elem, Elem)]) -> PairsResult<bool>;
}

/// [`CurveOps`] of the curve `C`.
struct Ops<C> {
    name: &'static str,
    curve: PhantomData<fn() -> C>,
}

impl<C: PairingCurve> Ops<C> {
    fn boxed(name: &'static str) -> Box<dyn CurveOps> {
        Box::new(Ops::<C> {
            name,
            curve: PhantomData,
        })
    }

    /// The concrete pairs, or which point is of another curve.
    fn points(&self, pairs: &[(Elem, Elem)]) -> PairsResult<Vec<(G1Affine<C>, G2Affine<C>)>> {
        pairs
            .iter()
            .enumerate()
            .map(|(i, (p, q))| {
                let wrong = |g: &str, e: &Elem| {
                    format!(
                        "pair {}: {g} point of curve {}, expected {}",
                        i + 1,
                        e.ops().name(),
                        self.name
                    )
                };
                let p1 = p
                    .as_any()
                    .downcast_ref::<Value<G1Affine<C>>>()
                    .ok_or_else(|| wrong("G1", p))?;
                let q1 = q
                    .as_any()
                    .downcast_ref::<Value<G2Affine<C>>>()
                    .ok_or_else(|| wrong("G2", q))?;
                Ok((p1.v, q1.v))
            })
            .collect()
    }
}

impl<C: PairingCurve> CurveOps for Ops<C> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decode(&'static self, group: Group, bytes: &[u8]) -> tripair::Result<Elem> {
        Ok(match group {
            Group::G1 => Value::elem(self, decode_g1::<C>(bytes)?),
            Group::G2 => Value::elem(self, decode_g2::<C>(bytes)?),
            Group::Gt => Value::elem(self, Gt::<C>::from_bytes(bytes)?),
        })
    }

    fn generator(&'static self, group: Group) -> Elem {
        let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
        match group {
            Group::G1 => Value::elem(self, p),
            Group::G2 => Value::elem(self, q),
            Group::Gt => Value::elem(self, pairing(&p, &q)),
        }
    }

    fn identity(&'static self, group: Group) -> Elem {
        match group {
            Group::G1 => Value::elem(self, G1Affine::<C>::identity()),
            Group::G2 => Value::elem(self, G2Affine::<C>::identity()),
            Group::Gt => Value::elem(self, Gt::<C>::identity()),
        }
    }

    fn pairing_batch(
        &'static self,
        pairs: &[(Elem, Elem)],
        threads: usize,
    ) -> PairsResult<Vec<Elem>> {
        let points = self.points(pairs)?;
        Ok(pairing_batch(&points, threads)
            .into_iter()
            .map(|g| Value::elem(self, g))
            .collect())
    }

    fn multi_pairing(&'static self, pairs: &[(Elem, Elem)]) -> PairsResult<Elem> {
        Ok(Value::elem(self, multi_pairing(&self.points(pairs)?)))
    }

    fn pairing_check(&'static self, pairs: &[(Elem, Elem)]) -> PairsResult<bool> {
        Ok(pairing_check(&self.points(pairs)?))
    }
}

fn ops_of<C: PairingCurve>(name: &'static str) -> Box<dyn CurveOps> {
    Ops::<C>::boxed(name)
}

/// The operations of every prime-field curve, in the order of [`PRIME_CURVES`]: the one place
/// where curve names become curve types.
fn all_ops() -> &'static [Box<dyn CurveOps>] {
    static OPS: OnceLock<Vec<Box<dyn CurveOps>>> = OnceLock::new();
    OPS.get_or_init(|| {
        PRIME_CURVES
            .iter()
            .map(|&name| {
                tripair::with_prime_curve!(
                    name,
                    ops_of(name),
                    unreachable!("PRIME_CURVES lists {name}")
                )
            })
            .collect()
    })
}

/// The operations of the curve named `name`, or `None` if it is not a prime-field curve.
pub fn curve_ops(name: &str) -> Option<&'static dyn CurveOps> {
    all_ops()
        .iter()
        .find(|ops| ops.name() == name)
        .map(|ops| ops.as_ref())
}

/// Wraps a BLS12-381 G1 point (from hashing or BLS keys).
pub fn bls12_381_g1(p: G1Affine<tripair::curve::curves::Bls12_381>) -> Elem {
    Value::elem(bls12_381(), p)
}

/// Wraps a BLS12-381 G2 point (from hashing or BLS signatures).
pub fn bls12_381_g2(q: G2Affine<tripair::curve::curves::Bls12_381>) -> Elem {
    Value::elem(bls12_381(), q)
}

/// Wraps a BN254 G1 point (from hashing).
pub fn bn254_g1(p: G1Affine<tripair::curve::curves::Bn254>) -> Elem {
    Value::elem(curve_ops("bn254").expect("bn254 is a prime-field curve"), p)
}

fn bls12_381() -> &'static dyn CurveOps {
    curve_ops("bls12-381").expect("bls12-381 is a prime-field curve")
}
