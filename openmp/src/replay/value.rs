//! Values of the concrete execution: integers with the width and overflow rules of their C type
//! (LP64: `char` 8 bits, `short` 16, `int` 32, `long` and `long long` 64), doubles (a `float`
//! is a double rounded to single precision after every operation), pointers (an object and a
//! cell offset) and memory that was never written.
//!
//! Every operation that C leaves undefined — signed overflow, division by zero, an out-of-range
//! shift or float-to-integer conversion — is reported as [`Ub`], which the replay turns into an
//! inconclusive answer: no execution of such a program is one a conforming implementation owes
//! us.

use crate::c::ast::{BinOp, Type};
use crate::c::types::{FloatKind, IntRank};

/// Identifies an object of the memory: a slot and the generation of its occupant (a pointer to
/// a freed object keeps the old generation and is recognised as dangling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ObjId {
    pub index: u32,
    pub gen: u32,
}

/// A pointer into an object: the offset counts cells (scalars), not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ptr {
    pub obj: ObjId,
    pub off: i64,
}

/// A value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Value {
    /// Memory never written: reads as `0` (a feasible value of uninitialised memory); using it
    /// as a pointer is undefined.
    Uninit,
    Int(i128),
    Float(f64),
    Ptr(Ptr),
    Null,
}

/// Undefined behaviour (or an operation outside the model), with what happened.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ub(pub String);

pub(crate) type VResult<T> = Result<T, Ub>;

fn ub<T>(s: impl Into<String>) -> VResult<T> {
    Err(Ub(s.into()))
}

/// Width and signedness of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntTy {
    pub bits: u32,
    pub signed: bool,
    pub is_bool: bool,
}

impl IntTy {
    /// The integer type of `t` (`None` for other types).
    pub fn of(t: &Type) -> Option<IntTy> {
        match t {
            Type::Bool => Some(IntTy {
                bits: 1,
                signed: false,
                is_bool: true,
            }),
            Type::Int { rank, signed } => Some(IntTy {
                bits: match rank {
                    IntRank::Char => 8,
                    IntRank::Short => 16,
                    IntRank::Int => 32,
                    IntRank::Long | IntRank::LongLong => 64,
                },
                signed: *signed,
                is_bool: false,
            }),
            _ => None,
        }
    }

    pub fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }

    pub fn max(self) -> i128 {
        if self.signed {
            (1i128 << (self.bits - 1)) - 1
        } else {
            (1i128 << self.bits) - 1
        }
    }

    /// `v` reduced modulo 2^bits into the type's range (unsigned arithmetic, and the
    /// implementation-defined conversion of an out-of-range value to a signed type, which GCC and
    /// Clang define as this wrap-around).
    pub fn wrap(self, v: i128) -> i128 {
        if self.is_bool {
            return (v != 0) as i128;
        }
        if v >= self.min() && v <= self.max() {
            return v;
        }
        let m = 1i128 << self.bits;
        let r = v.rem_euclid(m);
        if self.signed && r > self.max() {
            r - m
        } else {
            r
        }
    }

    /// The result of an arithmetic operation of this type: unsigned wraps, signed must fit.
    pub fn arith(self, v: i128, what: BinOp) -> VResult<i128> {
        if self.signed {
            if v < self.min() || v > self.max() {
                return ub(format!(
                    "signed integer overflow in `{}` (the result {v} does not fit in {} bits)",
                    what.symbol(),
                    self.bits
                ));
            }
            Ok(v)
        } else {
            Ok(self.wrap(v))
        }
    }
}

impl Value {
    /// The value as an integer (uninitialised memory reads as 0).
    pub fn as_int(self) -> VResult<i128> {
        match self {
            Value::Int(v) => Ok(v),
            Value::Uninit => Ok(0),
            Value::Float(f) => Ok(f as i128),
            Value::Null => Ok(0),
            Value::Ptr(_) => ub("a pointer used as an integer"),
        }
    }

    /// The value as a double.
    pub fn as_float(self) -> VResult<f64> {
        match self {
            Value::Float(f) => Ok(f),
            Value::Int(v) => Ok(v as f64),
            Value::Uninit => Ok(0.0),
            Value::Null | Value::Ptr(_) => ub("a pointer used as a number"),
        }
    }

    /// Whether the value is non-zero (a condition).
    pub fn truth(self) -> VResult<bool> {
        Ok(match self {
            Value::Int(v) => v != 0,
            Value::Float(f) => f != 0.0,
            Value::Uninit => false,
            Value::Null => false,
            Value::Ptr(_) => true,
        })
    }
}

/// Rounds a double to the precision of `kind`.
pub(crate) fn round_float(kind: FloatKind, f: f64) -> f64 {
    match kind {
        FloatKind::Float => f as f32 as f64,
        _ => f,
    }
}

/// Converts `v` (of type `from`) to type `to`, as a cast or an assignment does.
pub(crate) fn convert(v: Value, from: &Type, to: &Type) -> VResult<Value> {
    if let Some(it) = IntTy::of(to) {
        return match v {
            Value::Float(f) => {
                if it.is_bool {
                    return Ok(Value::Int((f != 0.0) as i128));
                }
                if !f.is_finite() || f.trunc() < it.min() as f64 || f.trunc() > it.max() as f64 {
                    return ub(format!(
                        "converting the floating-point value {f} to an integer type that cannot \
                         represent it"
                    ));
                }
                Ok(Value::Int(f.trunc() as i128))
            }
            Value::Ptr(_) if it.is_bool => Ok(Value::Int(1)),
            Value::Null if it.is_bool => Ok(Value::Int(0)),
            Value::Ptr(_) | Value::Null => ub("converting a pointer to an integer"),
            Value::Uninit => Ok(Value::Int(0)),
            Value::Int(i) => Ok(Value::Int(it.wrap(i))),
        };
    }
    match to {
        Type::Float(k) => Ok(Value::Float(round_float(*k, v.as_float()?))),
        Type::Ptr(_) => match v {
            Value::Ptr(_) | Value::Null => Ok(v),
            Value::Uninit => ub("use of an uninitialised pointer"),
            Value::Int(0) => Ok(Value::Null),
            _ => ub("converting a number to a pointer"),
        },
        _ => {
            let _ = from;
            Ok(v)
        }
    }
}

/// An arithmetic or bitwise operation on two numbers (not pointers), with result type `ty`
/// (the common type of the operands, or the promoted left operand for shifts) and operand types
/// `lt`, `rt`.
pub(crate) fn arith(
    op: BinOp,
    l: Value,
    r: Value,
    lt: &Type,
    rt: &Type,
    ty: &Type,
) -> VResult<Value> {
    if let Type::Float(k) = ty {
        let (a, b) = (l.as_float()?, r.as_float()?);
        let v = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            // IEEE division by zero gives an infinity or NaN: defined for doubles in practice
            // (Annex F), so no undefined behaviour is reported.
            BinOp::Div => a / b,
            _ => return ub(format!("`{}` on floating-point operands", op.symbol())),
        };
        return Ok(Value::Float(round_float(*k, v)));
    }
    let Some(it) = IntTy::of(ty) else {
        return ub(format!("`{}` on non-numbers", op.symbol()));
    };
    let conv = |v: Value, t: &Type| -> VResult<i128> {
        let v = convert(v, t, ty)?;
        v.as_int()
    };
    if matches!(op, BinOp::Shl | BinOp::Shr) {
        let a = conv(l, lt)?;
        let b = r.as_int()?;
        let _ = rt;
        if b < 0 || b >= it.bits as i128 {
            return ub(format!("shift by {b} bits of a {}-bit value", it.bits));
        }
        return Ok(Value::Int(match op {
            BinOp::Shl => {
                if it.signed && a < 0 {
                    return ub("left shift of a negative value");
                }
                it.arith(a << b, BinOp::Shl)?
            }
            _ => a >> b,
        }));
    }
    let a = conv(l, lt)?;
    let b = conv(r, rt)?;
    let v = match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => match a.checked_mul(b) {
            Some(v) => v,
            None if it.signed => return ub("signed integer overflow in `*`"),
            // Modulo 2^128 keeps the residue modulo 2^bits.
            None => a.wrapping_mul(b),
        },
        BinOp::Div | BinOp::Mod => {
            if b == 0 {
                return ub(if op == BinOp::Div {
                    "division by zero"
                } else {
                    "remainder by zero"
                });
            }
            // C truncates toward zero, as Rust's `/` and `%` on integers do.
            if op == BinOp::Div {
                a / b
            } else {
                a % b
            }
        }
        BinOp::BitAnd => a & b,
        BinOp::BitOr => a | b,
        BinOp::BitXor => a ^ b,
        _ => return ub(format!("`{}` is not arithmetic", op.symbol())),
    };
    if op == BinOp::Mod && it.signed {
        // `INT_MIN % -1` overflows as `INT_MIN / -1` does.
        it.arith(a / b, BinOp::Mod)?;
    }
    Ok(Value::Int(it.arith(v, op)?))
}

/// A comparison of two numbers converted to their common type.
pub(crate) fn compare_numbers(
    op: BinOp,
    l: Value,
    r: Value,
    lt: &Type,
    rt: &Type,
) -> VResult<bool> {
    let common = Type::common(&lt.decay(), &rt.decay());
    let ord = if common.is_float() {
        let (a, b) = (l.as_float()?, r.as_float()?);
        match a.partial_cmp(&b) {
            Some(o) => o,
            // Every ordered comparison with NaN is false, `!=` is true.
            None => return Ok(op == BinOp::Ne),
        }
    } else {
        let a = convert(l, lt, &common)?.as_int()?;
        let b = convert(r, rt, &common)?.as_int()?;
        a.cmp(&b)
    };
    Ok(cmp_result(op, ord))
}

/// The truth of `a op b` for an ordering of `a` and `b`.
pub(crate) fn cmp_result(op: BinOp, ord: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match op {
        BinOp::Lt => ord == Less,
        BinOp::Le => ord != Greater,
        BinOp::Gt => ord == Greater,
        BinOp::Ge => ord != Less,
        BinOp::Eq => ord == Equal,
        BinOp::Ne => ord != Equal,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: Type = Type::INT;
    const UINT: Type = Type::Int {
        rank: IntRank::Int,
        signed: false,
    };

    #[test]
    fn signed_overflow_is_undefined_and_unsigned_wraps() {
        // C11 6.5p5 (signed overflow) and 6.2.5p9 (unsigned arithmetic is modulo 2^N).
        let max = Value::Int(i32::MAX as i128);
        let one = Value::Int(1);
        assert!(arith(BinOp::Add, max, one, &INT, &INT, &INT).is_err());
        assert_eq!(
            arith(
                BinOp::Add,
                Value::Int(u32::MAX as i128),
                one,
                &UINT,
                &UINT,
                &UINT
            ),
            Ok(Value::Int(0))
        );
        // `-1` converted to unsigned is UINT_MAX (C11 6.3.1.3p2).
        assert_eq!(
            arith(
                BinOp::Add,
                Value::Int(-1),
                Value::Int(0),
                &INT,
                &UINT,
                &UINT
            ),
            Ok(Value::Int(u32::MAX as i128))
        );
    }

    #[test]
    fn division_truncates_and_zero_divisors_are_undefined() {
        let v = |a, b, op| arith(op, Value::Int(a), Value::Int(b), &INT, &INT, &INT);
        assert_eq!(v(-7, 2, BinOp::Div), Ok(Value::Int(-3)));
        assert_eq!(v(-7, 2, BinOp::Mod), Ok(Value::Int(-1)));
        assert!(v(1, 0, BinOp::Div).is_err());
        assert!(v(1, 0, BinOp::Mod).is_err());
        assert!(v(i32::MIN as i128, -1, BinOp::Div).is_err());
        assert!(v(1, 32, BinOp::Shl).is_err());
        assert!(v(-1, 1, BinOp::Shl).is_err());
    }

    #[test]
    fn conversions_follow_c() {
        let d = Type::DOUBLE;
        let c = Type::Int {
            rank: IntRank::Char,
            signed: true,
        };
        assert_eq!(convert(Value::Float(2.9), &d, &INT), Ok(Value::Int(2)));
        assert_eq!(convert(Value::Float(-2.9), &d, &INT), Ok(Value::Int(-2)));
        assert!(convert(Value::Float(1e20), &d, &INT).is_err());
        assert_eq!(convert(Value::Int(300), &INT, &c), Ok(Value::Int(44)));
        assert_eq!(convert(Value::Int(5), &INT, &Type::Bool), Ok(Value::Int(1)));
        let f = Type::Float(FloatKind::Float);
        assert_eq!(
            convert(Value::Float(0.1), &d, &f),
            Ok(Value::Float(0.1f32 as f64))
        );
        assert!(convert(Value::Uninit, &INT, &Type::ptr(INT)).is_err());
        // Comparisons convert to the common type: -1 < 0u is false.
        assert_eq!(
            compare_numbers(BinOp::Lt, Value::Int(-1), Value::Int(0), &INT, &UINT),
            Ok(false)
        );
    }
}
