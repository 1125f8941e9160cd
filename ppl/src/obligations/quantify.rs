//! The iterated separating conjunction ⋆_{i ∈ [lo, hi)} A(i) of an iteration contract, as Viper
//! assertions: one quantified permission per permission conjunct (the shape every Viper back end
//! handles), then one quantifier over the pure facts.

use super::block::IterRange;
use super::build::*;
use super::split::{conjuncts, functional_part, Conjunct, UnsupportedShape};
use super::subst::{free_vars, subst};
use viper::ast::*;
use viper::Span;

/// ⋆_{i ∈ D} a(i) for an assertion `a` over the iteration variables of the dimensions `dims`
/// (all of `a` if there are none), as the block's precondition asks for it. With the `thread`
/// that runs an iteration ([`super::block::ViperBlock::thread`]), a permission that names the
/// thread is asked for once per thread (its iterations run one after another), one that does
/// not once per iteration (one thread runs it), and the facts of every thread.
pub fn all_iterations(
    a: &Expr,
    dims: &[IterRange],
    thread: Option<&IterRange>,
    span: Span,
) -> Result<Expr, UnsupportedShape> {
    quantified(a, dims, thread, false, span)
}

/// ⋆_{i ∈ D} a(i) as the block's postcondition gives it: as [`all_iterations`], without the
/// facts that name the thread (a fact of thread `t` holds for the thread that ran the
/// iteration, not for every thread).
pub fn all_iterations_after(
    a: &Expr,
    dims: &[IterRange],
    thread: Option<&IterRange>,
    span: Span,
) -> Result<Expr, UnsupportedShape> {
    quantified(a, dims, thread, true, span)
}

fn quantified(
    a: &Expr,
    dims: &[IterRange],
    thread: Option<&IterRange>,
    after: bool,
    span: Span,
) -> Result<Expr, UnsupportedShape> {
    if dims.is_empty() && thread.is_none() {
        return Ok(a.clone());
    }
    let mut all = dims.to_vec();
    all.extend(thread.cloned());
    let thread = thread.map(|t| t.var.as_str());
    let mut parts: Vec<Expr> = conjuncts(a)?
        .iter()
        .map(|c| all_iterations_of(c, &all, thread, span))
        .collect();
    let facts = functional_part(a);
    let mut flat = Vec::new();
    flatten_and(&facts, &mut flat);
    // Facts of the thread hold of every thread (before the block) or are dropped (after it);
    // the others are quantified over the iterations only (a quantifier over a variable its
    // body does not mention could not be triggered).
    let (of_thread, others): (Vec<&Expr>, Vec<&Expr>) = flat
        .into_iter()
        .partition(|f| thread.is_some_and(|t| free_vars(f).contains(t)));
    let others = and_all(others.into_iter().cloned(), span);
    if !is_true(&others) {
        parts.extend(if dims.is_empty() {
            vec![others]
        } else {
            facts_of_all_iterations(&others, dims, span)
        });
    }
    if !after {
        for f in of_thread {
            // Over the thread and the dimensions the fact names.
            let fv = free_vars(f);
            let over: Vec<IterRange> = all
                .iter()
                .filter(|d| fv.contains(&d.var))
                .cloned()
                .collect();
            parts.extend(facts_of_all_iterations(f, &over, span));
        }
    }
    Ok(and_all(parts, span))
}

/// ∀ i ∈ D. p(i) for pure facts `p`, conjunct by conjunct. One-point rule, as for permissions:
/// a conjunct `t == e ==> q` (`e` free of the iteration variables: a fact of thread `e` only,
/// as a `master` block's postcondition) is `e ∈ D ==> q[t := e]`, not a quantifier with nothing
/// to trigger it.
fn facts_of_all_iterations(facts: &Expr, dims: &[IterRange], span: Span) -> Vec<Expr> {
    let mut flat = Vec::new();
    flatten_and(facts, &mut flat);
    let mut out = Vec::new();
    let mut rest = Vec::new();
    for f in flat {
        let pinned = match &f.kind {
            ExprKind::Binary {
                op: BinaryOp::Implies,
                left,
                ..
            } => dims
                .iter()
                .find_map(|d| pinned_value(left, &d.var, dims, &[]).map(|v| (d, v))),
            _ => None,
        };
        match pinned {
            Some((d, v)) => {
                let others: Vec<IterRange> =
                    dims.iter().filter(|o| o.var != d.var).cloned().collect();
                let one = implies(d.contains(v.clone(), span), subst(f, &d.var, &v), span);
                out.push(if others.is_empty() {
                    one
                } else {
                    forall_iterations(one, &others, span)
                });
            }
            None => rest.push(f.clone()),
        }
    }
    if !rest.is_empty() {
        out.push(forall_iterations(and_all(rest, span), dims, span));
    }
    out
}

/// The conjuncts of `e` (its `&&` tree flattened).
fn flatten_and<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => {
            flatten_and(left, out);
            flatten_and(right, out);
        }
        _ => out.push(e),
    }
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
fn all_iterations_of(c: &Conjunct, dims: &[IterRange], thread: Option<&str>, span: Span) -> Expr {
    let sp = c.acc.span;
    // One-point rule: a dimension the guard pins to one value (`t == e`, e.g. the code of thread
    // 0 only) is that value, not a quantifier (whose receiver would not be injective).
    let mut c = c.clone();
    let mut pinned: Vec<&str> = Vec::new();
    for d in dims {
        if let Some(v) = pinned_value(&c.guard, &d.var, dims, &c.vars) {
            c.guard = and(d.contains(v.clone(), sp), subst(&c.guard, &d.var, &v), sp);
            c.acc = subst(&c.acc, &d.var, &v);
            pinned.push(&d.var);
        }
    }
    let c = &c;
    let ExprKind::Acc { loc, perm } = &c.acc.kind else {
        unreachable!("a conjunct holds an acc");
    };
    let mut amount = perm
        .as_deref()
        .cloned()
        .unwrap_or_else(|| perm_lit(PermLit::Write, sp));
    let shared_read = is_read_amount(&amount);
    let in_acc = free_vars(&c.acc);
    let mut guard = c.guard.clone();
    // A read whose location does not depend on a dimension that only its condition mentions
    // (`t != 0 ==> Perm(x, 1\2)`): the block holds the fraction once if some value meets the
    // condition.
    if shared_read {
        let only_guard: Vec<&IterRange> = dims
            .iter()
            .filter(|d| !pinned.contains(&d.var.as_str()) && !in_acc.contains(&d.var))
            .filter(|d| free_vars(&guard).contains(&d.var))
            .collect();
        if !only_guard.is_empty() {
            let range = and_all(
                only_guard.iter().map(|d| d.contains(local(&d.var, sp), sp)),
                sp,
            );
            guard = exists(
                only_guard
                    .iter()
                    .map(|d| decl(&d.var, Type::Int, span))
                    .collect(),
                and(range, guard, sp),
                sp,
            );
        }
    }
    let mut mentioned = in_acc;
    mentioned.extend(free_vars(&guard));
    let (used, unused): (Vec<&IterRange>, Vec<&IterRange>) = dims
        .iter()
        .filter(|d| !pinned.contains(&d.var.as_str()))
        .partition(|d| mentioned.contains(&d.var));
    // The thread's own permission: its iterations run one after another.
    let of_thread = thread.is_some_and(|t| mentioned.contains(t) || pinned.contains(&t));
    for d in &unused {
        // A team has a thread: the thread adds no condition and no multiple.
        if Some(d.var.as_str()) == thread {
            continue;
        }
        guard = and(bin(BinaryOp::Lt, d.lo.clone(), d.hi.clone(), sp), guard, sp);
        if shared_read || of_thread {
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

/// The value `e` of a conjunct `var == e` (or `e == var`) of `guard`, where `e` mentions no
/// iteration variable and no variable bound around the permission.
fn pinned_value(guard: &Expr, var: &str, dims: &[IterRange], bound: &[LocalDecl]) -> Option<Expr> {
    let mut conjuncts = Vec::new();
    flatten_and(guard, &mut conjuncts);
    conjuncts.into_iter().find_map(|c| {
        let ExprKind::Binary {
            op: BinaryOp::Eq,
            left,
            right,
        } = &c.kind
        else {
            return None;
        };
        let other = match (&left.kind, &right.kind) {
            (ExprKind::Local(n), _) if n == var => right,
            (_, ExprKind::Local(n)) if n == var => left,
            _ => return None,
        };
        let fv = free_vars(other);
        let free = !dims.iter().any(|d| fv.contains(&d.var))
            && !bound.iter().any(|b| fv.contains(&b.name.name));
        free.then(|| (**other).clone())
    })
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
        let out = all_iterations(&a, &range(), None, S).unwrap();
        assert_eq!(
            print_expr(&out),
            "(forall i: Int :: 0 <= i && i < n ==> acc(loc(c, i).val, write)) && \
             (0 < n ==> acc(loc(a, 0).val, 1 / 2)) && \
             (0 < n ==> acc(loc(b, 0).val, wildcard)) && \
             forall i: Int :: 0 <= i && i < n ==> loc(c, i).val > 0"
        );
    }

    /// The thread that runs an iteration of a worksharing loop: a permission of the thread
    /// alone is held once per thread (its iterations run in turn), one of the iteration once per
    /// iteration (one thread runs it), and neither is multiplied by the team's size; a fact of
    /// the thread is asked of every thread before the loop and dropped after it.
    #[test]
    fn a_thread_that_runs_iterations_holds_its_own_permissions_once() {
        let thread = IterRange {
            var: "t".into(),
            lo: int(0, S),
            hi: local("T", S),
            filter: None,
        };
        let write = || perm_lit(PermLit::Write, S);
        let val = |a: &str, k: Expr| field(call("loc", vec![local(a, S), k], S), "val", S);
        let a = and_all(
            [
                elem("part", local("t", S), write()),
                elem("b", local("i", S), write()),
                implies(
                    bin(BinaryOp::Eq, local("t", S), int(0, S), S),
                    elem("last", int(0, S), write()),
                    S,
                ),
                elem("x", int(0, S), write()),
                bin(BinaryOp::Gt, val("part", local("t", S)), int(0, S), S),
                bin(BinaryOp::Gt, val("b", local("i", S)), int(0, S), S),
            ],
            S,
        );
        let before = all_iterations(&a, &range(), Some(&thread), S).unwrap();
        assert_eq!(
            print_expr(&before),
            "(forall t: Int :: 0 <= t && t < T && 0 < n ==> acc(loc(part, t).val, write)) && \
             (forall i: Int :: 0 <= i && i < n ==> acc(loc(b, i).val, write)) && \
             (0 < n && 0 <= 0 && 0 < T && 0 == 0 ==> acc(loc(last, 0).val, write)) && \
             (0 < n ==> acc(loc(x, 0).val, (n - 0) * write)) && \
             (forall i: Int :: 0 <= i && i < n ==> loc(b, i).val > 0) && \
             forall t: Int :: 0 <= t && t < T ==> loc(part, t).val > 0"
        );
        let after = all_iterations_after(&a, &range(), Some(&thread), S).unwrap();
        assert!(!print_expr(&after).contains("loc(part, t).val > 0"));
        assert!(print_expr(&after).contains("loc(b, i).val > 0"));
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
        let out = all_iterations(&q, &range(), None, S).unwrap();
        assert_eq!(
            print_expr(&out),
            "forall i: Int, k: Int :: 0 <= i && i < n && k < i ==> acc(loc(a, k).val, write)"
        );
    }

    /// A fact of one iteration only (`i == 0 ==> q`, a `master` block's postcondition) is that
    /// iteration's, not a quantifier without a trigger; the other facts stay quantified.
    #[test]
    fn facts_pinned_to_one_iteration_are_instantiated() {
        let val = |k: Expr| field(call("loc", vec![local("c", S), k], S), "val", S);
        let pinned = implies(
            bin(BinaryOp::Eq, local("i", S), int(0, S), S),
            bin(BinaryOp::Eq, val(int(0, S)), int(7, S), S),
            S,
        );
        let other = bin(BinaryOp::Gt, val(local("i", S)), int(0, S), S);
        let out = all_iterations(&and(pinned, other, S), &range(), None, S).unwrap();
        assert_eq!(
            print_expr(&out),
            "(0 <= 0 && 0 < n ==> 0 == 0 ==> loc(c, 0).val == 7) && \
             forall i: Int :: 0 <= i && i < n ==> loc(c, i).val > 0"
        );
    }
}
