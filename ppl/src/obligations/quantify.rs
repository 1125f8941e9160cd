//! The iterated separating conjunction ⋆_{i ∈ [lo, hi)} A(i) of an iteration contract, as Viper
//! assertions: one quantified permission per permission conjunct (the shape every Viper back end
//! handles), then one quantifier over the pure facts.

use super::block::IterRange;
use super::build::*;
use super::split::{conjuncts, functional_part, Conjunct, UnsupportedShape};
use super::subst::free_vars;
use viper::ast::*;
use viper::Span;

/// ⋆_{i ∈ D} a(i) for an assertion `a` over the iteration variables of the dimensions `dims`
/// (all of `a` if there are none).
pub fn all_iterations(a: &Expr, dims: &[IterRange], span: Span) -> Result<Expr, UnsupportedShape> {
    if dims.is_empty() {
        return Ok(a.clone());
    }
    let mut parts: Vec<Expr> = conjuncts(a)?
        .iter()
        .map(|c| all_iterations_of(c, dims, span))
        .collect();
    let facts = functional_part(a);
    if !is_true(&facts) {
        parts.push(forall_iterations(facts, dims, span));
    }
    Ok(and_all(parts, span))
}

/// `forall i :: i in D ==> p(i)` for a pure `p`.
pub fn forall_iterations(p: Expr, dims: &[IterRange], span: Span) -> Expr {
    let range = and_all(
        dims.iter().map(|d| d.contains(local(&d.var, span), span)),
        span,
    );
    forall(
        dims.iter().map(|d| decl(&d.var, Type::Int, span)).collect(),
        implies(range, p, span),
        span,
    )
}

/// ⋆_i of one permission conjunct. A permission that does not depend on some dimension is asked
/// for by every value of it. A write permission is then needed once per value (its amount is
/// multiplied by the number of values — more than one full permission is a conflict the
/// disjointness checks report); a read permission (a fraction below one, or `wildcard`) is
/// shared by all of them: reads of a location no iteration writes leave it unchanged, so the
/// block as a whole holds the fraction once. Quantifying over that dimension would not be
/// injective.
fn all_iterations_of(c: &Conjunct, dims: &[IterRange], span: Span) -> Expr {
    let mut mentioned = free_vars(&c.acc);
    mentioned.extend(free_vars(&c.guard));
    let sp = c.acc.span;
    let (used, unused): (Vec<&IterRange>, Vec<&IterRange>) =
        dims.iter().partition(|d| mentioned.contains(&d.var));
    let ExprKind::Acc { loc, perm } = &c.acc.kind else {
        unreachable!("a conjunct holds an acc");
    };
    let mut amount = perm
        .as_deref()
        .cloned()
        .unwrap_or_else(|| perm_lit(PermLit::Write, sp));
    let shared_read = is_read_amount(&amount);
    let mut guard = c.guard.clone();
    for d in &unused {
        guard = and(bin(BinaryOp::Lt, d.lo.clone(), d.hi.clone(), sp), guard, sp);
        if shared_read {
            continue;
        }
        // With a filter, `hi - lo` counts more values than the dimension has: pre- and
        // postconditions are both scaled by it, so a run by contract still gives back what it
        // took.
        let count = bin(BinaryOp::Sub, d.hi.clone(), d.lo.clone(), sp);
        amount = bin(BinaryOp::Mul, count, amount, sp);
    }
    let scaled = acc((**loc).clone(), amount, sp);
    if used.is_empty() {
        return Conjunct {
            vars: c.vars.clone(),
            guard,
            acc: scaled,
        }
        .to_expr();
    }
    let range = and_all(used.iter().map(|d| d.contains(local(&d.var, sp), sp)), sp);
    let mut vars: Vec<_> = used.iter().map(|d| decl(&d.var, Type::Int, span)).collect();
    vars.extend(c.vars.iter().cloned());
    forall(vars, implies(and(range, guard, sp), scaled, sp), sp)
}

/// Whether a permission amount is certainly a read (a literal fraction below one, or
/// `wildcard`).
fn is_read_amount(p: &Expr) -> bool {
    match &p.kind {
        ExprKind::PermLit(PermLit::Wildcard) => true,
        ExprKind::Binary {
            op: BinaryOp::PermDiv,
            left,
            right,
        } => matches!((&left.kind, &right.kind),
            (ExprKind::IntLit(a), ExprKind::IntLit(b)) if *a > 0.into() && a < b),
        _ => false,
    }
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

    fn range() -> Vec<IterRange> {
        vec![IterRange {
            var: "i".into(),
            lo: int(0, S),
            hi: local("n", S),
            filter: None,
        }]
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
             (0 < n ==> acc(loc(a, 0).val, 1 / 2)) && \
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
