//! The iterated separating conjunction ⋆_{i ∈ [lo, hi)} A(i) of an iteration contract, as Viper
//! assertions: one quantified permission per permission conjunct (the shape every Viper back end
//! handles), then one quantifier over the pure facts.

use super::block::IterRange;
use super::build::*;
use super::split::{conjuncts, functional_part, Conjunct, UnsupportedShape};
use super::subst::free_vars;
use viper::ast::*;
use viper::Span;

/// ⋆_{i ∈ [lo, hi)} a(i) for an assertion `a` over the iteration variable.
pub fn all_iterations(a: &Expr, it: &IterRange, span: Span) -> Result<Expr, UnsupportedShape> {
    let mut parts: Vec<Expr> = conjuncts(a)?
        .iter()
        .map(|c| all_iterations_of(c, it, span))
        .collect();
    let facts = functional_part(a);
    if !is_true(&facts) {
        parts.push(forall_iterations(facts, it, span));
    }
    Ok(and_all(parts, span))
}

/// `forall i :: lo <= i && i < hi ==> p(i)` for a pure `p`.
pub fn forall_iterations(p: Expr, it: &IterRange, span: Span) -> Expr {
    let range = in_range(local(&it.var, span), it.lo.clone(), it.hi.clone(), span);
    forall(
        vec![decl(&it.var, Type::Int, span)],
        implies(range, p, span),
        span,
    )
}

/// ⋆_i of one permission conjunct. A permission that does not depend on the iteration is asked
/// for by every iteration: its amount is multiplied by the number of iterations (a `wildcard`
/// stays a `wildcard`); quantifying over `i` would not be injective.
fn all_iterations_of(c: &Conjunct, it: &IterRange, span: Span) -> Expr {
    let mut mentioned = free_vars(&c.acc);
    mentioned.extend(free_vars(&c.guard));
    let sp = c.acc.span;
    if mentioned.contains(&it.var) {
        let range = in_range(local(&it.var, sp), it.lo.clone(), it.hi.clone(), sp);
        let mut vars = vec![decl(&it.var, Type::Int, span)];
        vars.extend(c.vars.iter().cloned());
        return forall(
            vars,
            implies(and(range, c.guard.clone(), sp), c.acc.clone(), sp),
            sp,
        );
    }
    let nonempty = bin(BinaryOp::Lt, it.lo.clone(), it.hi.clone(), sp);
    let ExprKind::Acc { loc, perm } = &c.acc.kind else {
        unreachable!("a conjunct holds an acc");
    };
    let amount = perm
        .as_deref()
        .cloned()
        .unwrap_or_else(|| perm_lit(PermLit::Write, sp));
    let scaled = if matches!(amount.kind, ExprKind::PermLit(PermLit::Wildcard)) {
        amount
    } else {
        let count = bin(BinaryOp::Sub, it.hi.clone(), it.lo.clone(), sp);
        bin(BinaryOp::Mul, count, amount, sp)
    };
    let scaled_acc = acc((**loc).clone(), scaled, sp);
    Conjunct {
        vars: c.vars.clone(),
        guard: and(nonempty, c.guard.clone(), sp),
        acc: scaled_acc,
    }
    .to_expr()
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::printer::print_expr;

    const S: Span = Span::DUMMY;

    fn elem(arr: &str, idx: Expr, p: Expr) -> Expr {
        acc(
            field(call("loc", vec![local(arr, S), idx], S), "val", S),
            p,
            S,
        )
    }

    fn range() -> IterRange {
        IterRange {
            var: "i".into(),
            lo: int(0, S),
            hi: local("n", S),
        }
    }

    #[test]
    fn per_iteration_permissions_become_quantified_permissions() {
        let i = || local("i", S);
        let half = bin(BinaryOp::PermDiv, int(1, S), int(2, S), S);
        let a = and_all(
            [
                elem("c", i(), perm_lit(PermLit::Write, S)),
                elem("a", int(0, S), half),
                elem("b", int(0, S), perm_lit(PermLit::Wildcard, S)),
                bin(
                    BinaryOp::Gt,
                    field(call("loc", vec![local("c", S), i()], S), "val", S),
                    int(0, S),
                    S,
                ),
            ],
            S,
        );
        let out = all_iterations(&a, &range(), S).unwrap();
        assert_eq!(
            print_expr(&out),
            "(forall i: Int :: 0 <= i && i < n ==> acc(loc(c, i).val, write)) && \
             (0 < n ==> acc(loc(a, 0).val, (n - 0) * (1 / 2))) && \
             (0 < n ==> acc(loc(b, 0).val, wildcard)) && \
             forall i: Int :: 0 <= i && i < n ==> loc(c, i).val > 0"
        );
    }

    #[test]
    fn nested_quantified_permissions_are_pulled_out() {
        let q = forall(
            vec![decl("k", Type::Int, S)],
            implies(
                bin(BinaryOp::Lt, local("k", S), local("i", S), S),
                elem("a", local("k", S), perm_lit(PermLit::Write, S)),
                S,
            ),
            S,
        );
        let out = all_iterations(&q, &range(), S).unwrap();
        assert_eq!(
            print_expr(&out),
            "forall i: Int, k: Int :: 0 <= i && i < n && k < i ==> acc(loc(a, k).val, write)"
        );
    }
}
