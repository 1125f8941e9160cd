//! Object-like macros of the user's file in specifications. The preprocessor keeps comments as
//! they are (`cpp -C`), so `//@ context Perm(a[N - 1], write);` still says `N` where the code
//! says `64`. A name that is a macro defined before the specification, standing for an integer
//! constant (possibly in parentheses, or through other such macros), is that constant; other
//! macros stay names (and are reported as unknown where they are used).

use super::ast::*;
use std::collections::HashMap;

/// Replaces the integer-constant macros of `macros` in every expression of `spec`.
pub fn expand(spec: &mut Spec, macros: &HashMap<String, String>) {
    if macros.is_empty() {
        return;
    }
    for item in &mut spec.items {
        match item {
            SpecItem::Clause(c) => expr(&mut c.expr, macros),
            SpecItem::Assert { expr: e, .. } => expr(e, macros),
            SpecItem::IgnoreOpen(_) | SpecItem::IgnoreClose(_) => {}
        }
    }
}

/// The integer constant macro `name` stands for, following aliases (at most 16 deep).
pub fn constant(name: &str, macros: &HashMap<String, String>) -> Option<i128> {
    let mut text = macros.get(name)?.trim();
    for _ in 0..16 {
        while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            text = inner.trim();
        }
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest.trim()),
            None => (false, text),
        };
        let digits = digits.trim_end_matches(['u', 'U', 'l', 'L']);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            let v: i128 = digits.parse().ok()?;
            return Some(if neg { -v } else { v });
        }
        text = macros.get(text)?.trim();
    }
    None
}

fn expr(e: &mut Expr, macros: &HashMap<String, String>) {
    if let ExprKind::Var(name) = &e.kind {
        if let Some(v) = constant(name, macros) {
            let lit = |v: i128| ExprKind::Int(v.unsigned_abs() as u64);
            e.kind = if v < 0 {
                ExprKind::Unary {
                    op: UnOp::Neg,
                    arg: Box::new(Expr {
                        kind: lit(v),
                        span: e.span,
                    }),
                }
            } else {
                lit(v)
            };
        }
        return;
    }
    match &mut e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::Result
        | ExprKind::Write
        | ExprKind::Read
        | ExprKind::NoPerm
        | ExprKind::Var(_)
        | ExprKind::Contribution(_)
        | ExprKind::Real(_)
        | ExprKind::ThreadNum => {}
        ExprKind::Member { base, .. } => expr(base, macros),
        ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Old(a)
        | ExprKind::PointerLength(a)
        | ExprKind::Unary { arg: a, .. } => expr(a, macros),
        ExprKind::Index { base, index } => {
            expr(base, macros);
            expr(index, macros);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            expr(lhs, macros);
            expr(rhs, macros);
        }
        ExprKind::Cond { cond, then, els } => {
            expr(cond, macros);
            expr(then, macros);
            expr(els, macros);
        }
        ExprKind::Perm { loc, perm } => {
            expr(loc, macros);
            expr(perm, macros);
        }
        ExprKind::Pointer { ptr, len, perm } => {
            expr(ptr, macros);
            expr(len, macros);
            expr(perm, macros);
        }
        ExprKind::PointerIndex { ptr, index, perm } => {
            expr(ptr, macros);
            expr(index, macros);
            expr(perm, macros);
        }
        ExprKind::Array { arr, len } => {
            expr(arr, macros);
            expr(len, macros);
        }
        ExprKind::Quant { range, body, .. } => {
            match range {
                QuantRange::Filter(f) => expr(f, macros),
                QuantRange::Span { lo, hi } => {
                    expr(lo, macros);
                    expr(hi, macros);
                }
            }
            expr(body, macros);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_through_parentheses_suffixes_and_aliases() {
        let m: HashMap<String, String> = [
            ("N", "64"),
            ("M", "(N)"),
            ("K", "( -3L )"),
            ("E", "N * 2"),
            ("F", "f(1)"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(constant("N", &m), Some(64));
        assert_eq!(constant("M", &m), Some(64));
        assert_eq!(constant("K", &m), Some(-3));
        assert_eq!(constant("E", &m), None);
        assert_eq!(constant("F", &m), None);
        assert_eq!(constant("G", &m), None);
    }
}
