//! Values from a counterexample: parsing the solver's integers and evaluating the (small)
//! integer expressions of array indices with them.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::collections::HashMap;
use viper::ast::{BinaryOp, Expr, ExprKind, UnaryOp};

/// Parses an integer as SMT models print it: `3`, `-3`, `(- 3)`.
pub fn parse_int(s: &str) -> Option<BigInt> {
    let t = s.trim();
    if let Some(inner) = t.strip_prefix("(-").and_then(|r| r.strip_suffix(')')) {
        return parse_int(inner).map(|v| -v);
    }
    t.parse().ok()
}

/// The integer variables of a model.
pub fn int_values(model: &[(String, String)]) -> HashMap<String, BigInt> {
    model
        .iter()
        .filter_map(|(k, v)| parse_int(v).map(|i| (k.clone(), i)))
        .collect()
}

/// Evaluates an integer (or boolean, as 0/1) expression over `env`; `None` if it uses anything
/// else (memory, unknown variables, a zero divisor).
pub fn eval(e: &Expr, env: &HashMap<String, BigInt>) -> Option<BigInt> {
    let b = |v: bool| Some(BigInt::from(v as i32));
    match &e.kind {
        ExprKind::IntLit(v) => Some(v.clone()),
        ExprKind::BoolLit(v) => b(*v),
        ExprKind::Local(n) => env.get(n).cloned(),
        ExprKind::Unary { op, operand } => {
            let v = eval(operand, env)?;
            match op {
                UnaryOp::Neg => Some(-v),
                UnaryOp::Not => b(v.is_zero()),
            }
        }
        ExprKind::Binary { op, left, right } => {
            let l = eval(left, env)?;
            let r = eval(right, env)?;
            match op {
                BinaryOp::Add => Some(l + r),
                BinaryOp::Sub => Some(l - r),
                BinaryOp::Mul => Some(l * r),
                BinaryOp::Eq => b(l == r),
                BinaryOp::Ne => b(l != r),
                BinaryOp::Lt => b(l < r),
                BinaryOp::Le => b(l <= r),
                BinaryOp::Gt => b(l > r),
                BinaryOp::Ge => b(l >= r),
                BinaryOp::And => b(!l.is_zero() && !r.is_zero()),
                BinaryOp::Or => b(!l.is_zero() || !r.is_zero()),
                BinaryOp::Implies => b(l.is_zero() || !r.is_zero()),
                _ => None,
            }
        }
        ExprKind::Cond { cond, then, els } => {
            if eval(cond, env)?.is_zero() {
                eval(els, env)
            } else {
                eval(then, env)
            }
        }
        ExprKind::Call { name, args } if args.len() == 2 => {
            let x = eval(&args[0], env)?;
            let y = eval(&args[1], env)?;
            if y.is_zero() {
                return None;
            }
            // C's truncating division and remainder (see the lowering's prelude).
            let (q, r) = (&x.abs() / &y.abs(), &x.abs() % &y.abs());
            let neg = x.is_negative() != y.is_negative();
            match name.name.as_str() {
                "c_div" => Some(if neg { -q } else { q }),
                "c_mod" => Some(if x.is_negative() { -r } else { r }),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A value for messages (small integers as they are).
pub fn show(v: &BigInt) -> String {
    v.to_i64().map_or_else(|| v.to_string(), |i| i.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ppl::obligations::build::*;
    use viper::Span;

    const S: Span = Span::DUMMY;

    #[test]
    fn model_integers_and_c_division() {
        assert_eq!(parse_int("(- 3)"), Some(BigInt::from(-3)));
        assert_eq!(parse_int(" 12 "), Some(BigInt::from(12)));
        assert_eq!(parse_int("true"), None);
        let env: HashMap<String, BigInt> = [("i".to_string(), BigInt::from(-7))].into();
        let div = call("c_div", vec![local("i", S), int(2, S)], S);
        let rem = call("c_mod", vec![local("i", S), int(2, S)], S);
        assert_eq!(eval(&div, &env), Some(BigInt::from(-3)));
        assert_eq!(eval(&rem, &env), Some(BigInt::from(-1)));
        let plus = bin(BinaryOp::Add, local("i", S), int(8, S), S);
        assert_eq!(eval(&plus, &env), Some(BigInt::from(1)));
        assert_eq!(eval(&local("j", S), &env), None);
    }
}
