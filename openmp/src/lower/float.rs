//! Floating-point values in the uninterpreted domain `CFloat`: equal terms are equal values,
//! nothing else is known (rounding is not modelled). A term must therefore never stand for two
//! values C may tell apart, and the three floating types round differently: every operation that
//! rounds has one function per type (`f_add` for `double`, `f_add_float`, `f_add_ldouble`), as
//! have literals and conversions from integers. What does not round is shared: comparisons,
//! negation, and widening (`float` to `double` to `long double` keeps the value exactly);
//! narrowing rounds (`f_to_float`, `f_to_double`).
//!
//! Literals: `f_lit(n, d)` is the `double` C makes of the decimal constant `n/d` (`f_lit_float`,
//! `f_lit_ldouble` for the other types); an integral constant every type holds exactly (at most
//! 2^24 in magnitude) is `f_of_int(n)`, the value of the integer `n`, and so is the conversion of
//! such an integer constant; a dyadic fraction every type holds exactly (numerator and
//! denominator at most 2^24) is `f_lit(n, d)` whatever its type. Specifications use the same
//! terms, so `x = 0.5f; //@ assert x == 0.5;` is provable and `x = 0.1f; //@ assert x == 0.1;`
//! is not (the two constants differ in C too).

use super::literal::int_literal_value;
use super::viper_call;
use crate::c::types::{FloatKind, Type};
use crate::error::FrontError;
use viper::ast::{Expr as VExpr, ExprKind};
use viper::Span;

/// The largest magnitude of an integer (and of a dyadic denominator) every floating type holds
/// exactly (`float`'s 24-bit significand).
const EXACT: i128 = 1 << 24;

/// The floating type of a C type, if it is one.
pub fn kind_of(t: &Type) -> Option<FloatKind> {
    match t {
        Type::Float(k) => Some(*k),
        _ => None,
    }
}

fn rank(k: FloatKind) -> u8 {
    match k {
        FloatKind::Float => 0,
        FloatKind::Double => 1,
        FloatKind::LongDouble => 2,
    }
}

/// The type of a binary operation on values of these types (C's usual arithmetic conversions;
/// an integer operand takes the other's type).
pub fn common(a: Option<FloatKind>, b: Option<FloatKind>) -> FloatKind {
    match (a, b) {
        (Some(x), Some(y)) => {
            if rank(x) >= rank(y) {
                x
            } else {
                y
            }
        }
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => FloatKind::Double,
    }
}

/// The name of the rounding operation `base` (`f_add`, `f_lit`, …) of type `k`.
pub fn op(base: &str, k: FloatKind) -> String {
    match k {
        FloatKind::Double => base.to_string(),
        FloatKind::Float => format!("{base}_float"),
        FloatKind::LongDouble => format!("{base}_ldouble"),
    }
}

/// The rounding operations declared once per type (`double` keeps the plain name).
pub const ROUNDING: &[(&str, usize)] = &[("f_add", 2), ("f_sub", 2), ("f_mul", 2), ("f_div", 2)];

/// `f_of_int` and `f_lit` of the types other than `double`, and the narrowing conversions:
/// (name, arguments are integers, arity).
pub fn per_type_functions() -> Vec<(String, bool, usize)> {
    let mut out = Vec::new();
    for k in [FloatKind::Float, FloatKind::LongDouble] {
        for (name, arity) in ROUNDING {
            out.push((op(name, k), false, *arity));
        }
        out.push((op("f_of_int", k), true, 1));
        out.push((op("f_lit", k), true, 2));
    }
    out.push(("f_to_float".into(), false, 1));
    out.push(("f_to_double".into(), false, 1));
    out
}

/// The integer value `v` converted to type `k`.
pub fn of_int(v: VExpr, k: FloatKind, span: Span) -> VExpr {
    let exact = int_literal_value(&v).is_some_and(|n| n.abs() <= EXACT);
    let name = if exact {
        "f_of_int".into()
    } else {
        op("f_of_int", k)
    };
    viper_call(&name, vec![v], span)
}

/// A value of type `from` converted to type `to`: the same value when widening, rounded when
/// narrowing (unless it is an integer or fraction every type holds).
pub fn convert(v: VExpr, from: FloatKind, to: FloatKind, span: Span) -> VExpr {
    if rank(from) <= rank(to) || exact_everywhere(&v) {
        return v;
    }
    let name = match to {
        FloatKind::Float => "f_to_float",
        _ => "f_to_double",
    };
    viper_call(name, vec![v], span)
}

/// Whether `v` is a constant every floating type holds exactly.
fn exact_everywhere(v: &VExpr) -> bool {
    match &v.kind {
        ExprKind::Call { name, args } if name.name == "f_of_int" => args
            .first()
            .and_then(int_literal_value)
            .is_some_and(|n| n.abs() <= EXACT),
        ExprKind::Call { name, args } if name.name == "f_lit" => {
            matches!(args.as_slice(), [n, d] if int_literal_value(n).is_some_and(|n| n.abs() <= EXACT)
                && int_literal_value(d).is_some_and(|d| d <= EXACT && (d & (d - 1)) == 0))
        }
        _ => false,
    }
}

/// The decimal floating constant `text` (without suffix) of type `k`.
pub fn literal(text: &str, k: FloatKind, span: Span) -> Result<VExpr, FrontError> {
    use num_bigint::BigInt;
    use num_traits::{One, Signed, ToPrimitive, Zero};
    let bad = || FrontError::unsupported(span, format!("the floating constant `{text}`"));
    let t = text.to_ascii_lowercase();
    if t.starts_with("0x") {
        return Err(bad());
    }
    let (mantissa, exp) = match t.split_once('e') {
        Some((m, e)) => (m.to_string(), e.parse::<i32>().map_err(|_| bad())?),
        None => (t.clone(), 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((&mantissa, ""));
    let digits = format!("{int_part}{frac_part}");
    let digits = if digits.is_empty() {
        "0".to_string()
    } else {
        digits
    };
    let mut num: BigInt = digits.parse().map_err(|_| bad())?;
    let mut den: BigInt = BigInt::one();
    let scale = exp - frac_part.len() as i32;
    if scale.abs() > 400 {
        return Err(bad());
    }
    let ten = BigInt::from(10);
    if scale >= 0 {
        num *= ten.pow(scale as u32);
    } else {
        den = ten.pow((-scale) as u32);
    }
    let g = num_integer::Integer::gcd(&num, &den);
    if !g.is_zero() && !g.is_one() {
        num /= &g;
        den /= &g;
    }
    let lit = |b: BigInt| VExpr::new(ExprKind::IntLit(b), span);
    let small = |b: &BigInt| b.abs().to_i128().is_some_and(|v| v <= EXACT);
    if den.is_one() && small(&num) {
        return Ok(viper_call("f_of_int", vec![lit(num)], span));
    }
    let dyadic = den
        .to_i128()
        .is_some_and(|d| d <= EXACT && (d & (d - 1)) == 0);
    let name = if dyadic && small(&num) {
        "f_lit".to_string()
    } else {
        op("f_lit", k)
    };
    Ok(viper_call(&name, vec![lit(num), lit(den)], span))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(e: &VExpr) -> String {
        viper::printer::print_expr(e)
    }

    #[test]
    fn literals_are_shared_only_where_every_type_holds_them() {
        let s = Span::DUMMY;
        let l = |t, k| text(&literal(t, k, s).expect("a literal"));
        assert_eq!(l("2.0", FloatKind::Float), "f_of_int(2)");
        assert_eq!(l("2.0", FloatKind::Double), "f_of_int(2)");
        assert_eq!(l("0.5", FloatKind::Float), "f_lit(1, 2)");
        assert_eq!(l("0.1", FloatKind::Double), "f_lit(1, 10)");
        assert_eq!(l("0.1", FloatKind::Float), "f_lit_float(1, 10)");
        assert_eq!(l("1e-3", FloatKind::LongDouble), "f_lit_ldouble(1, 1000)");
        assert_eq!(
            l("1e30", FloatKind::Double),
            "f_lit(1000000000000000000000000000000, 1)"
        );
        let big = VExpr::new(ExprKind::IntLit(16777217.into()), s);
        assert_eq!(
            text(&of_int(big, FloatKind::Float, s)),
            "f_of_int_float(16777217)"
        );
        let x = viper_call("x", Vec::new(), s);
        assert_eq!(
            text(&convert(x.clone(), FloatKind::Double, FloatKind::Float, s)),
            "f_to_float(x())"
        );
        assert_eq!(
            text(&convert(x, FloatKind::Float, FloatKind::Double, s)),
            "x()"
        );
    }
}
