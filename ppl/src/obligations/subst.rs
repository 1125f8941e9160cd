//! Rewriting generated Viper expressions: substituting variables, pointing `old` at a label,
//! and finding the variables an expression mentions.
//!
//! The lowering gives every variable of a function a name of its own, so substitution never
//! meets a binder of the substituted name in practice; it still stops at one, to stay correct.

use std::collections::BTreeSet;
use viper::ast::*;

/// `e` with every free occurrence of the variable `name` replaced by `by`.
pub fn subst(e: &Expr, name: &str, by: &Expr) -> Expr {
    let mut out = e.clone();
    subst_in(&mut out, name, by);
    out
}

fn subst_in(e: &mut Expr, name: &str, by: &Expr) {
    match &mut e.kind {
        ExprKind::Local(n) if n == name => *e = by.clone(),
        ExprKind::Quant { vars, .. } if vars.iter().any(|v| v.name.name == name) => {}
        ExprKind::Let { var, value, body } => {
            subst_in(value, name, by);
            if var.name != name {
                subst_in(body, name, by);
            }
        }
        _ => e.for_each_child_mut(&mut |c| subst_in(c, name, by)),
    }
}

/// `e` with every `old(x)` (without label) turned into `old[label](x)`.
pub fn label_old(e: &Expr, label: &str) -> Expr {
    let mut out = e.clone();
    label_old_in(&mut out, label);
    out
}

fn label_old_in(e: &mut Expr, label: &str) {
    if let ExprKind::Old {
        label: l @ None, ..
    } = &mut e.kind
    {
        *l = Some(Ident::new(label, e.span));
    }
    e.for_each_child_mut(&mut |c| label_old_in(c, label));
}

/// Whether `e` mentions `old`.
pub fn mentions_old(e: &Expr) -> bool {
    let mut found = false;
    visit(e, &mut |x| found |= matches!(x.kind, ExprKind::Old { .. }));
    found
}

/// The variables occurring free in `e`.
pub fn free_vars(e: &Expr) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    free_in(e, &mut Vec::new(), &mut out);
    out
}

fn free_in(e: &Expr, bound: &mut Vec<String>, out: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Local(n) => {
            if !bound.contains(n) {
                out.insert(n.clone());
            }
        }
        ExprKind::Quant {
            vars,
            triggers,
            body,
            ..
        } => {
            let k = bound.len();
            bound.extend(vars.iter().map(|v| v.name.name.clone()));
            for t in triggers {
                for x in &t.exprs {
                    free_in(x, bound, out);
                }
            }
            free_in(body, bound, out);
            bound.truncate(k);
        }
        ExprKind::Let { var, value, body } => {
            free_in(value, bound, out);
            bound.push(var.name.clone());
            free_in(body, bound, out);
            bound.pop();
        }
        _ => e.for_each_child(&mut |c| free_in(c, bound, out)),
    }
}

/// Whether `e` contains an accessibility predicate (is not pure).
pub fn has_acc(e: &Expr) -> bool {
    let mut found = false;
    visit(e, &mut |x| found |= matches!(x.kind, ExprKind::Acc { .. }));
    found
}

/// Calls `f` on `e` and every sub-expression.
pub fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    e.for_each_child(&mut |c| visit(c, f));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obligations::build::*;
    use viper::Span;

    const S: Span = Span::DUMMY;

    #[test]
    fn substitution_respects_binders() {
        // i + (forall i :: i > 0) with i := j
        let inner = forall(
            vec![decl("i", Type::Int, S)],
            bin(BinaryOp::Gt, local("i", S), int(0, S), S),
            S,
        );
        let e = bin(
            BinaryOp::And,
            bin(BinaryOp::Gt, local("i", S), int(1, S), S),
            inner.clone(),
            S,
        );
        let out = subst(&e, "i", &local("j", S));
        assert_eq!(
            viper::printer::print_expr(&out),
            "j > 1 && forall i: Int :: i > 0"
        );
        assert_eq!(
            free_vars(&e).into_iter().collect::<Vec<_>>(),
            vec!["i".to_string()]
        );
        assert!(free_vars(&inner).is_empty());
    }

    #[test]
    fn old_gets_the_label() {
        let e = bin(BinaryOp::Eq, local("x", S), old(None, local("y", S), S), S);
        assert!(mentions_old(&e));
        let l = label_old(&e, "l1");
        assert_eq!(viper::printer::print_expr(&l), "x == old[l1](y)");
    }
}
