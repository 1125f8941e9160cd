//! Building specification expressions for inferred contracts, substituting in them, and reading
//! the coefficient of a variable in a linear one.

use crate::spec::{
    BinOp, Clause, ClauseKind, Expr, ExprKind, Ident, QuantRange, Quantifier, SpecType, UnOp,
};
use viper::Span;

/// An integer constant.
pub fn int(v: i128, span: Span) -> Expr {
    if v < 0 {
        return neg(int(-v, span), span);
    }
    Expr {
        kind: ExprKind::Int(v as u64),
        span,
    }
}

/// A variable.
pub fn var(name: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Var(name.to_string()),
        span,
    }
}

pub fn bin(op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(l),
            rhs: Box::new(r),
        },
        span,
    }
}

pub fn neg(e: Expr, span: Span) -> Expr {
    if let ExprKind::Int(0) = e.kind {
        return e;
    }
    Expr {
        kind: ExprKind::Unary {
            op: UnOp::Neg,
            arg: Box::new(e),
        },
        span,
    }
}

pub fn not(e: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Unary {
            op: UnOp::Not,
            arg: Box::new(e),
        },
        span,
    }
}

/// `true`.
pub fn tt(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Bool(true),
        span,
    }
}

/// Whether `e` is the literal `true`.
pub fn is_true(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Bool(true))
}

/// `a && b` (dropping `true`s).
pub fn and(a: Expr, b: Expr, span: Span) -> Expr {
    if is_true(&a) {
        return b;
    }
    if is_true(&b) {
        return a;
    }
    bin(BinOp::And, a, b, span)
}

/// The conjunction of `parts` (`true` if empty).
pub fn and_all(parts: impl IntoIterator<Item = Expr>, span: Span) -> Expr {
    parts.into_iter().fold(tt(span), |acc, p| and(acc, p, span))
}

/// The disjunction of `parts` (`None` if empty).
pub fn or_all(parts: impl IntoIterator<Item = Expr>, span: Span) -> Option<Expr> {
    parts.into_iter().reduce(|a, b| bin(BinOp::Or, a, b, span))
}

/// `lo <= v && v < hi`.
pub fn in_range(v: Expr, lo: Expr, hi: Expr, span: Span) -> Expr {
    and(
        bin(BinOp::Le, lo, v.clone(), span),
        bin(BinOp::Lt, v, hi, span),
        span,
    )
}

/// `a + b`, simplifying additions of `0`.
pub fn add(a: Expr, b: Expr, span: Span) -> Expr {
    match (&a.kind, &b.kind) {
        (ExprKind::Int(0), _) => b,
        (_, ExprKind::Int(0)) => a,
        _ => bin(BinOp::Add, a, b, span),
    }
}

/// `a - b`, simplifying subtractions of `0`.
pub fn sub(a: Expr, b: Expr, span: Span) -> Expr {
    match (&a.kind, &b.kind) {
        (_, ExprKind::Int(0)) => a,
        (ExprKind::Int(0), _) => neg(b, span),
        _ => bin(BinOp::Sub, a, b, span),
    }
}

/// `Perm(loc, amount)`.
pub fn perm(loc: Expr, amount: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Perm {
            loc: Box::new(loc),
            perm: Box::new(amount),
        },
        span,
    }
}

/// `write`.
pub fn write(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Write,
        span,
    }
}

/// `1\2`.
pub fn half(span: Span) -> Expr {
    frac(1, 2, span)
}

/// `n\d`.
pub fn frac(n: i128, d: i128, span: Span) -> Expr {
    bin(BinOp::Frac, int(n, span), int(d, span), span)
}

/// `a[i]`.
pub fn index(a: Expr, i: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Index {
            base: Box::new(a),
            index: Box::new(i),
        },
        span,
    }
}

/// `\pointer_length(a)`.
pub fn length(a: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::PointerLength(Box::new(a)),
        span,
    }
}

/// `(\forall* int k; cond; body)`.
pub fn forall_star(k: &str, cond: Expr, body: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Quant {
            quantifier: Quantifier::ForallStar,
            ty: SpecType::Int,
            var: Ident {
                name: k.to_string(),
                span,
            },
            range: QuantRange::Filter(Box::new(cond)),
            body: Box::new(body),
        },
        span,
    }
}

/// `e` with every occurrence of the variable `name` replaced by `by` (quantifiers binding
/// `name` are left alone).
pub fn subst(e: &Expr, name: &str, by: &Expr) -> Expr {
    let mut out = e.clone();
    subst_in(&mut out, name, by);
    out
}

fn subst_in(e: &mut Expr, name: &str, by: &Expr) {
    match &mut e.kind {
        ExprKind::Var(n) if n == name => *e = by.clone(),
        ExprKind::Quant { var, .. } if var.name == name => {}
        _ => for_each_child_mut(e, &mut |c| subst_in(c, name, by)),
    }
}

/// Calls `f` on every direct sub-expression, mutably.
pub fn for_each_child_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::Result
        | ExprKind::Write
        | ExprKind::Read
        | ExprKind::NoPerm
        | ExprKind::ThreadNum
        | ExprKind::Contribution(_)
        | ExprKind::Real(_)
        | ExprKind::Var(_) => {}
        ExprKind::Index { base, index } => {
            f(base);
            f(index);
        }
        ExprKind::Deref(a)
        | ExprKind::Member { base: a, .. }
        | ExprKind::AddrOf(a)
        | ExprKind::Unary { arg: a, .. }
        | ExprKind::Old(a)
        | ExprKind::PointerLength(a) => f(a),
        ExprKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExprKind::Cond { cond, then, els } => {
            f(cond);
            f(then);
            f(els);
        }
        ExprKind::Perm { loc, perm } => {
            f(loc);
            f(perm);
        }
        ExprKind::Pointer { ptr, len, perm } => {
            f(ptr);
            f(len);
            f(perm);
        }
        ExprKind::PointerIndex { ptr, index, perm } => {
            f(ptr);
            f(index);
            f(perm);
        }
        ExprKind::Array { arr, len } => {
            f(arr);
            f(len);
        }
        ExprKind::Quant { range, body, .. } => {
            match range {
                QuantRange::Filter(c) => f(c),
                QuantRange::Span { lo, hi } => {
                    f(lo);
                    f(hi);
                }
            }
            f(body);
        }
    }
}

/// Whether `e` mentions the variable `name`.
pub fn mentions(e: &Expr, name: &str) -> bool {
    if let ExprKind::Var(n) = &e.kind {
        return n == name;
    }
    let mut found = false;
    crate::spec::parse::for_each_child(e, &mut |c| found |= mentions(c, name));
    found
}

/// `e` as `c * name + rest` with an integer `c` (0 if `e` does not mention `name`); `None` if
/// `name` occurs other than linearly.
pub fn linear(e: &Expr, name: &str) -> Option<(i128, Expr)> {
    let span = e.span;
    if !mentions(e, name) {
        return Some((0, e.clone()));
    }
    match &e.kind {
        ExprKind::Var(n) if n == name => Some((1, int(0, span))),
        ExprKind::Unary { op: UnOp::Neg, arg } => {
            let (c, r) = linear(arg, name)?;
            Some((-c, neg(r, span)))
        }
        ExprKind::Binary { op, lhs, rhs } => match op {
            BinOp::Add => {
                let (a, ra) = linear(lhs, name)?;
                let (b, rb) = linear(rhs, name)?;
                Some((a + b, add(ra, rb, span)))
            }
            BinOp::Sub => {
                let (a, ra) = linear(lhs, name)?;
                let (b, rb) = linear(rhs, name)?;
                Some((a - b, sub(ra, rb, span)))
            }
            BinOp::Mul => {
                let (k, other) = match (&lhs.kind, &rhs.kind) {
                    (ExprKind::Int(k), _) => (*k as i128, rhs),
                    (_, ExprKind::Int(k)) => (*k as i128, lhs),
                    _ => return None,
                };
                let (c, r) = linear(other, name)?;
                Some((c * k, bin(BinOp::Mul, int(k, span), r, span)))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether two expressions are the same up to spans.
pub fn same(a: &Expr, b: &Expr) -> bool {
    crate::spec::print_expr(a) == crate::spec::print_expr(b)
}

/// A clause ompv inferred: `exact`, or over-approximating what the code needs.
pub fn clause(kind: ClauseKind, expr: Expr, span: Span, exact: bool) -> Clause {
    Clause {
        kind,
        expr,
        span,
        inferred: Some(exact),
        lock: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::print_expr;

    const S: Span = Span::DUMMY;

    #[test]
    fn coefficients_of_linear_expressions() {
        // 2 * (j + i) - j + 1
        let e = add(
            sub(
                bin(BinOp::Mul, int(2, S), add(var("j", S), var("i", S), S), S),
                var("j", S),
                S,
            ),
            int(1, S),
            S,
        );
        let (c, rest) = linear(&e, "j").unwrap();
        assert_eq!(c, 1);
        assert_eq!(print_expr(&rest), "2 * i + 1");
        assert_eq!(linear(&e, "k").unwrap().0, 0);
        let nonlinear = bin(BinOp::Mul, var("j", S), var("j", S), S);
        assert!(linear(&nonlinear, "j").is_none());
    }

    #[test]
    fn substitution_respects_binders() {
        let q = forall_star(
            "j",
            tt(S),
            perm(index(var("a", S), var("j", S), S), write(S), S),
            S,
        );
        let e = and(bin(BinOp::Lt, var("j", S), var("n", S), S), q, S);
        let out = subst(&e, "j", &int(3, S));
        assert_eq!(
            print_expr(&out),
            "3 < n && (\\forall* int j; true; Perm(a[j], write))"
        );
    }
}
