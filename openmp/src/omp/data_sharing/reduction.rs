//! The value of a reduction variable after its construct (OpenMP 5.2 §5.5).
//!
//! §5.5.8: every implicit task (thread) of a construct with `reduction(op: x)` works on a private
//! copy of `x`, initialised with the identity of `op` (§5.5.5: `0` for `+ - | ^ ||`, `1` for
//! `* &&`, all bits set for `&`, the least and greatest value of the type for `max` and `min`);
//! at the end of the construct the original is combined with every copy, `x = x op c_0 op … op
//! c_{T-1}`, in an order OpenMP leaves to the implementation. The copy of a thread that runs the
//! iterations `i_1, i_2, …` of a loop holds the result of running them one after another from the
//! identity.
//!
//! ompv proves the original's value only where that result does not depend on which thread ran
//! which iteration: every use of the copy in the loop's code is an *update* `x = x op e` (also
//! `x op= e`, `x++`, `x = e op x`; `x -= e` for `+`/`-`; `x = x > e ? x : e` and
//! `if (e > x) x = e` for `max`, the mirror images for `min`) with `e` not mentioning `x`. Then
//! the copy is never read except to be combined, and since `op` is associative and commutative
//! (on integers; ompv gives no result for floating-point reductions, whose value depends on the
//! order), every thread's copy is the identity combined with the values its iterations combine:
//!
//! `x_after = x_before op id op c(lo) op … op c(hi - 1)`
//!
//! where `c(i)`, the iteration's *contribution*, is the copy's final value in a run of iteration
//! `i` started from the identity (`id op id = id`, and `T >= 1`). The proof checks `c(i)` in the
//! iteration's own method (started from the identity) against the contribution the user states
//! (`ensures \contribution(x) == e;` in the iteration contract) or that ompv reads off the code
//! (the updates' values, where nothing the iteration does changes them), and combines the
//! contributions after the loop with a function over the iteration range (`lower::bigop`).
//!
//! A loop's own `reduction` clause combines at the loop's end (the update block beside the
//! loop); a `parallel` construct's clause combines at the region's end, with the contributions of
//! every worksharing loop of the region that updates the copy (and no other code may use it).
//! [`desugar`] turns the usual per-thread partial result into that form: a variable `t` the region
//! declares with the identity, that loops only update with `op` and that every thread finally
//! combines into the copy (`x op= t`) once.

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::ast::{Contribution, ContributionValue, Scope};
use crate::pragma::{ClauseKind, Directive, ReductionId, ReductionOp};
use crate::spec::{self, ClauseKind as SpecClauseKind};
use std::collections::BTreeSet;
use viper::Span;

/// The identity of `op` for the integer type `t` (§5.5.5), if `t` is an integer type.
pub fn identity(op: ReductionOp, t: &Type) -> Option<i128> {
    let Type::Int { signed, .. } = t else {
        return None;
    };
    let (min, max) = t.int_range()?;
    Some(match op {
        ReductionOp::Add
        | ReductionOp::Sub
        | ReductionOp::BitOr
        | ReductionOp::BitXor
        | ReductionOp::Or => 0,
        ReductionOp::Mul | ReductionOp::And => 1,
        ReductionOp::BitAnd => {
            if *signed {
                -1
            } else {
                max
            }
        }
        ReductionOp::Max => min,
        ReductionOp::Min => max,
    })
}

/// One update of the copy: it combines `value` (negated for `x -= value`) into it.
#[derive(Clone, Debug)]
struct Update {
    value: Expr,
    negate: bool,
    /// The conditions of the `if`s around it (with the branch taken).
    conds: Vec<(Expr, bool)>,
    /// Whether it is inside a loop of the body (it may run any number of times).
    in_loop: bool,
}

fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) => strip(inner),
        _ => e,
    }
}

fn is_var(e: &Expr, x: VarId) -> bool {
    strip(e).kind == ExprKind::Var(x)
}

/// Whether `e` mentions the variable `x`.
pub fn mentions(e: &Expr, x: VarId) -> bool {
    let mut vs = Vec::new();
    e.vars(&mut vs);
    vs.contains(&x)
}

/// Two expressions that print alike (spans aside).
fn same(a: &Expr, b: &Expr, program: &Program) -> bool {
    use crate::c::print::print_expr;
    print_expr(strip(a), program) == print_expr(strip(b), program)
}

/// The update `x = value` makes, if it is one for `op`: the value combined in, and whether it
/// is subtracted (`x - e`).
pub(crate) fn update_value(
    value: &Expr,
    x: VarId,
    op: ReductionOp,
    program: &Program,
) -> Option<(Expr, bool)> {
    assign_update(value, x, op, program)
}

fn assign_update(
    value: &Expr,
    x: VarId,
    op: ReductionOp,
    program: &Program,
) -> Option<(Expr, bool)> {
    let v = strip(value);
    let other = |a: &Expr, b: &Expr| -> Option<Expr> {
        if is_var(a, x) && !mentions(b, x) {
            Some(b.clone())
        } else if is_var(b, x) && !mentions(a, x) {
            Some(a.clone())
        } else {
            None
        }
    };
    match (&v.kind, op) {
        (ExprKind::Binary { op: bop, lhs, rhs }, _) => {
            let want = match op {
                ReductionOp::Add | ReductionOp::Sub => BinOp::Add,
                ReductionOp::Mul => BinOp::Mul,
                ReductionOp::BitAnd => BinOp::BitAnd,
                ReductionOp::BitOr => BinOp::BitOr,
                ReductionOp::BitXor => BinOp::BitXor,
                ReductionOp::And => BinOp::And,
                ReductionOp::Or => BinOp::Or,
                ReductionOp::Max | ReductionOp::Min => return None,
            };
            if *bop == want {
                return other(lhs, rhs).map(|e| (e, false));
            }
            // `x = x - e` adds `-e` (for `+` and `-`, whose copies are combined with `+`).
            if *bop == BinOp::Sub
                && matches!(op, ReductionOp::Add | ReductionOp::Sub)
                && is_var(lhs, x)
                && !mentions(rhs, x)
            {
                return Some(((**rhs).clone(), true));
            }
            None
        }
        (ExprKind::Cond { cond, then, els }, ReductionOp::Max | ReductionOp::Min) => {
            let ExprKind::Binary { op: c, lhs, rhs } = &strip(cond).kind else {
                return None;
            };
            // `l > r ? l : r` is the maximum of l and r, `l < r ? l : r` the minimum (also with
            // `>=`, `<=`); with the branches swapped the other way round.
            let greater = match c {
                BinOp::Gt | BinOp::Ge => true,
                BinOp::Lt | BinOp::Le => false,
                _ => return None,
            };
            let (first, second) = if same(then, lhs, program) && same(els, rhs, program) {
                (true, true)
            } else if same(then, rhs, program) && same(els, lhs, program) {
                (true, false)
            } else {
                (false, false)
            };
            if !first {
                return None;
            }
            let is_max = greater == second;
            if is_max != (op == ReductionOp::Max) {
                return None;
            }
            other(lhs, rhs).map(|e| (e, false))
        }
        _ => None,
    }
}

/// `if (c) x = e;` as an update for `max` (`c` is `e > x`, `e >= x`, `x < e` or `x <= e`) or
/// `min` (the mirror images).
fn if_update(s: &Stmt, x: VarId, op: ReductionOp, program: &Program) -> Option<Expr> {
    let StmtKind::If { cond, then, els } = &s.kind else {
        return None;
    };
    if els.is_some() || !matches!(op, ReductionOp::Max | ReductionOp::Min) {
        return None;
    }
    let [only] = then.stmts.as_slice() else {
        return None;
    };
    let StmtKind::Assign { target, value } = &only.kind else {
        return None;
    };
    if !is_var(target, x) || mentions(value, x) {
        return None;
    }
    let ExprKind::Binary { op: c, lhs, rhs } = &strip(cond).kind else {
        return None;
    };
    // Whether the condition says "e is greater than x".
    let e_greater = match (c, is_var(lhs, x), is_var(rhs, x)) {
        (BinOp::Gt | BinOp::Ge, false, true) => same(lhs, value, program),
        (BinOp::Lt | BinOp::Le, true, false) => same(rhs, value, program),
        _ => return None,
    };
    let e_smaller = match (c, is_var(lhs, x), is_var(rhs, x)) {
        (BinOp::Lt | BinOp::Le, false, true) => same(lhs, value, program),
        (BinOp::Gt | BinOp::Ge, true, false) => same(rhs, value, program),
        _ => false,
    };
    let ok = if op == ReductionOp::Max {
        e_greater
    } else {
        e_smaller
    };
    ok.then(|| value.clone())
}

/// The updates of `x` in `stmts`, if every mention of `x` is one; and whether some statement
/// may leave the code early (`break`, `continue`, `return`).
fn updates(
    stmts: &[Stmt],
    x: VarId,
    op: ReductionOp,
    program: &Program,
) -> Option<(Vec<Update>, bool)> {
    let mut out = Vec::new();
    let mut abrupt = false;
    let ok = scan(
        stmts,
        x,
        op,
        program,
        &mut Vec::new(),
        false,
        &mut out,
        &mut abrupt,
    );
    ok.then_some((out, abrupt))
}

#[allow(clippy::too_many_arguments)]
fn scan(
    stmts: &[Stmt],
    x: VarId,
    op: ReductionOp,
    program: &Program,
    conds: &mut Vec<(Expr, bool)>,
    in_loop: bool,
    out: &mut Vec<Update>,
    abrupt: &mut bool,
) -> bool {
    for s in stmts {
        match &s.kind {
            StmtKind::Assign { target, value } if is_var(target, x) => {
                let Some((value, negate)) = assign_update(value, x, op, program) else {
                    return false;
                };
                out.push(Update {
                    value,
                    negate,
                    conds: conds.clone(),
                    in_loop,
                });
            }
            StmtKind::If { .. } if if_update(s, x, op, program).is_some() => {
                let value = if_update(s, x, op, program).expect("checked");
                out.push(Update {
                    value,
                    negate: false,
                    conds: conds.clone(),
                    in_loop,
                });
            }
            StmtKind::If { cond, then, els } => {
                if mentions(cond, x) {
                    return false;
                }
                conds.push((cond.clone(), true));
                let ok = scan(&then.stmts, x, op, program, conds, in_loop, out, abrupt);
                conds.pop();
                if !ok {
                    return false;
                }
                if let Some(e) = els {
                    conds.push((cond.clone(), false));
                    let ok = scan(&e.stmts, x, op, program, conds, in_loop, out, abrupt);
                    conds.pop();
                    if !ok {
                        return false;
                    }
                }
            }
            StmtKind::Loop {
                init,
                cond_pre,
                cond,
                step,
                body,
                ..
            } => {
                if cond.as_ref().is_some_and(|c| mentions(c, x)) {
                    return false;
                }
                for part in [init, cond_pre, step] {
                    if !scan(part, x, op, program, conds, true, out, abrupt) {
                        return false;
                    }
                }
                // `break`/`continue` of an inner loop stay inside it.
                let mut inner = false;
                if !scan(&body.stmts, x, op, program, conds, true, out, &mut inner) {
                    return false;
                }
                *abrupt |= inner && has_return(&body.stmts);
            }
            StmtKind::Block(b) => {
                if !scan(&b.stmts, x, op, program, conds, in_loop, out, abrupt) {
                    return false;
                }
            }
            StmtKind::Omp(c) => {
                if c.pragma.clauses.iter().any(|k| clause_names(k, x, program)) {
                    return false;
                }
                // The body of a `critical` or `atomic` runs once where it stands.
                let inner_loop = in_loop || crate::omp::walk::lock_of(&c.pragma).is_none();
                let mut inner: Vec<&[Stmt]> = Vec::new();
                match &c.body {
                    OmpBody::Block { body, .. } => inner.push(&body.stmts),
                    OmpBody::Loop(n) => inner.push(&n.body.stmts),
                    OmpBody::Sections(ss) => {
                        inner.extend(ss.iter().map(|s| s.body.stmts.as_slice()))
                    }
                    OmpBody::None => {}
                }
                for b in inner {
                    if !scan(b, x, op, program, conds, inner_loop, out, abrupt) {
                        return false;
                    }
                }
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) => {
                *abrupt = true;
                let mut any = false;
                visit::stmt_exprs(s, &mut |e| any |= mentions(e, x));
                if any {
                    return false;
                }
            }
            _ => {
                let mut any = false;
                visit::stmt_exprs(s, &mut |e| any |= mentions(e, x));
                if let StmtKind::Decl { var, .. } = &s.kind {
                    any |= *var == x;
                }
                if any {
                    return false;
                }
            }
        }
    }
    true
}

fn has_return(stmts: &[Stmt]) -> bool {
    let mut found = false;
    visit::each_stmt(stmts, &mut |s| {
        found |= matches!(s.kind, StmtKind::Return(_))
    });
    found
}

/// Whether a clause of a construct names the variable `x` (a construct that privatises the
/// copy again is not an update of it).
fn clause_names(c: &crate::pragma::Clause, x: VarId, program: &Program) -> bool {
    crate::semantics::openmp::names_attribute(&c.kind) && c.kind.names(&program.var(x).name)
}

/// Whether every mention of `x` in `stmts` is an update of it by `op`.
pub fn only_updates(stmts: &[Stmt], x: VarId, op: ReductionOp, program: &Program) -> bool {
    updates(stmts, x, op, program).is_some()
}

/// The contribution of one run of `stmts` to `x`, read off its updates: each update's value
/// (under the conditions around it; the identity where they do not hold), combined with `op`.
/// Only if the code leaves no path early, no update is in an inner loop, and the values and
/// conditions read only `fixed` variables (unchanged by the code: loop variables, variables the
/// code does not assign) and memory the code does not write.
pub fn read_contribution(
    stmts: &[Stmt],
    x: VarId,
    op: ReductionOp,
    program: &Program,
    fixed: &dyn Fn(VarId) -> bool,
) -> Option<Expr> {
    let (ups, abrupt) = updates(stmts, x, op, program)?;
    if abrupt || ups.is_empty() || ups.iter().any(|u| u.in_loop) {
        return None;
    }
    let ty = program.var(x).ty.clone();
    let id = identity(op, &ty)?;
    // Memory the code may change: any write through an index, pointer or member, or a call.
    let mut writes_memory = false;
    visit::each_stmt(stmts, &mut |s| match &s.kind {
        StmtKind::Assign { target, .. } => writes_memory |= visit::whole_var(target).is_none(),
        StmtKind::Call { .. }
        | StmtKind::Alloc { .. }
        | StmtKind::Free(_)
        | StmtKind::MemSet { .. }
        | StmtKind::MemCpy { .. } => writes_memory = true,
        _ => {}
    });
    let stable = |e: &Expr| {
        let mut vs = Vec::new();
        e.vars(&mut vs);
        let reads_memory = e.reads_memory(&|v| program.var(v).in_memory());
        vs.iter().all(|v| fixed(*v)) && !(reads_memory && writes_memory) && !has_call(e)
    };
    let span = stmts.first().map_or(Span::DUMMY, |s| s.span);
    let lit = |v: i128| Expr {
        kind: ExprKind::Int(v),
        ty: ty.clone(),
        span,
    };
    let mut acc: Option<Expr> = None;
    for u in ups {
        if !stable(&u.value) || u.conds.iter().any(|(c, _)| !stable(c)) {
            return None;
        }
        let mut term = if u.negate {
            Expr {
                kind: ExprKind::Unary {
                    op: UnOp::Neg,
                    arg: Box::new(u.value.clone()),
                },
                ty: u.value.ty.clone(),
                span: u.value.span,
            }
        } else {
            u.value.clone()
        };
        for (c, taken) in u.conds.iter().rev() {
            let (then, els) = if *taken {
                (term, lit(id))
            } else {
                (lit(id), term)
            };
            term = Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(c.clone()),
                    then: Box::new(then),
                    els: Box::new(els),
                },
                ty: ty.clone(),
                span: c.span,
            };
        }
        acc = Some(match acc {
            None => term,
            Some(a) => combine(op, a, term, &ty),
        });
    }
    acc
}

fn has_call(e: &Expr) -> bool {
    if matches!(e.kind, ExprKind::PureCall { .. }) {
        return true;
    }
    let mut any = false;
    e.for_each_child(&mut |c| any |= has_call(c));
    any
}

/// `a op b` as a C expression of type `ty`.
pub(crate) fn combine(op: ReductionOp, a: Expr, b: Expr, ty: &Type) -> Expr {
    let span = a.span;
    let bin = |o: BinOp, a: Expr, b: Expr| Expr {
        kind: ExprKind::Binary {
            op: o,
            lhs: Box::new(a),
            rhs: Box::new(b),
        },
        ty: ty.clone(),
        span,
    };
    match op {
        ReductionOp::Add | ReductionOp::Sub => bin(BinOp::Add, a, b),
        ReductionOp::Mul => bin(BinOp::Mul, a, b),
        ReductionOp::BitAnd => bin(BinOp::BitAnd, a, b),
        ReductionOp::BitOr => bin(BinOp::BitOr, a, b),
        ReductionOp::BitXor => bin(BinOp::BitXor, a, b),
        ReductionOp::And => bin(BinOp::And, a, b),
        ReductionOp::Or => bin(BinOp::Or, a, b),
        ReductionOp::Max | ReductionOp::Min => {
            let c = if op == ReductionOp::Max {
                BinOp::Ge
            } else {
                BinOp::Le
            };
            Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(bin(c, a.clone(), b.clone())),
                    then: Box::new(a),
                    els: Box::new(b),
                },
                ty: ty.clone(),
                span,
            }
        }
    }
}

/// Takes the clause `ensures \contribution(x) == e;` (or `e == \contribution(x)`) for the
/// variable named `name` out of an iteration contract: `e` and the clause's span.
pub fn take_stated(
    contract: &mut Option<spec::Contract>,
    name: &str,
) -> Option<(spec::Expr, Span)> {
    let c = contract.as_mut()?;
    let pos = c.clauses.iter().position(|cl| {
        matches!(cl.kind, SpecClauseKind::Ensures | SpecClauseKind::Context)
            && stated_value(&cl.expr, name).is_some()
    })?;
    let cl = c.clauses.remove(pos);
    stated_value(&cl.expr, name).map(|e| (e, cl.span))
}

fn stated_value(e: &spec::Expr, name: &str) -> Option<spec::Expr> {
    let spec::ExprKind::Binary {
        op: spec::BinOp::Eq,
        lhs,
        rhs,
    } = &e.kind
    else {
        return None;
    };
    let is_c =
        |x: &spec::Expr| matches!(&x.kind, spec::ExprKind::Contribution(i) if i.name == name);
    if is_c(lhs) {
        Some((**rhs).clone())
    } else if is_c(rhs) {
        Some((**lhs).clone())
    } else {
        None
    }
}

/// The reduction clause of `p` that names `name`, if any: its operator.
pub fn reduction_op(p: &crate::pragma::Pragma, name: &str) -> Option<ReductionId> {
    p.clauses.iter().find_map(|c| match &c.kind {
        ClauseKind::Reduction { op, items, .. }
            if items.iter().any(|i| i.is_variable() && i.base.name == name) =>
        {
            Some(op.clone())
        }
        _ => None,
    })
}

/// The contributions of a loop block: for every reduction variable of the block (by its
/// data-sharing attribute) of an integer type whose copy the body only updates.
/// `contract` is the block's iteration contract; the `\contribution` clauses it states are
/// taken out of it.
pub fn contributions(
    program: &Program,
    pragma: &crate::pragma::Pragma,
    sharing: &std::collections::BTreeMap<VarId, crate::omp::sharing::Sharing>,
    loop_vars: &[VarId],
    body: &[Stmt],
    contract: &mut Option<spec::Contract>,
) -> Vec<Contribution> {
    use crate::omp::sharing::Sharing;
    let written = visit::assigned(body);
    let declared = visit::declared(body);
    let mut out = Vec::new();
    for (v, s) in sharing {
        let ghost = crate::omp::ghosts::ghost_of(program, *v);
        let op = match (s, &ghost) {
            (
                Sharing::Reduction {
                    op: ReductionId::Op(op),
                    ..
                },
                _,
            ) => op,
            (Sharing::Shared, Some((_, op))) => op,
            _ => continue,
        };
        let info = program.var(*v);
        if identity(*op, &info.ty).is_none() || info.addr_taken {
            continue;
        }
        if !only_updates(body, *v, *op, program) {
            continue;
        }
        let scope = if let Some((target, _)) = ghost {
            Scope::Lock(target)
        } else if reduction_op(pragma, &info.name).is_some() && !pragma.directive.is_parallel() {
            Scope::Loop
        } else {
            Scope::Region
        };
        // A value may read the loop variables and variables the body does not change whose
        // value in the block is the original's (its contract sees the originals).
        let fixed = |x: VarId| {
            loop_vars.contains(&x)
                || (!written.contains(&x)
                    && !declared.contains(&x)
                    && x != *v
                    && matches!(
                        sharing.get(&x),
                        Some(Sharing::Shared | Sharing::LoopVar | Sharing::Firstprivate { .. })
                    ))
        };
        let value = match take_stated(contract, &info.name) {
            Some((expr, span)) => Some(ContributionValue::Stated { expr, span }),
            None => read_contribution(body, *v, *op, program, &fixed).map(ContributionValue::Read),
        };
        out.push(Contribution {
            var: *v,
            op: *op,
            scope,
            value,
        });
    }
    out
}

/// Rewrites the per-thread partial results of every parallel region of `program` (see the
/// module documentation): for a region with `reduction(op: x)`, a variable `t` declared at the
/// top of its body with the identity, updated only with `op` in the bodies of the worksharing
/// loops between its declaration and a statement `x op= t` at the top of the body, and written
/// nowhere else, every update `t op= e` also becomes `x op= e` and the statement `x op= t` goes
/// (a `\contribution(t)` of those loops' contracts becomes one of `x`). Each thread runs `x op=
/// t` once, after the iterations it ran, so `x`'s copy ends with the same value; `t` keeps its
/// updates for any other code that reads it.
pub fn desugar(program: &mut Program) {
    let mut functions = std::mem::take(&mut program.functions);
    for f in &mut functions {
        if let Body::Verified(b) = &mut f.body {
            desugar_stmts(&mut b.stmts, program);
        }
    }
    program.functions = functions;
}

fn desugar_stmts(stmts: &mut [Stmt], program: &Program) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            if c.region.is_some() && c.pragma.directive == Directive::Parallel {
                let pragma = c.pragma.clone();
                if let OmpBody::Block { body, .. } = &mut c.body {
                    partial_results(&pragma, &mut body.stmts, program);
                }
                continue;
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| desugar_stmts(&mut b.stmts, program));
    }
}

/// The rewrite of [`desugar`] in one region body.
fn partial_results(p: &crate::pragma::Pragma, stmts: &mut Vec<Stmt>, program: &Program) {
    let mut k = 0;
    while k < stmts.len() {
        if let Some((x, t, op)) = combine_stmt(&stmts[k], p, program) {
            if rewrite_partial(stmts, k, x, t, op, program) {
                stmts.remove(k);
                continue;
            }
        }
        k += 1;
    }
}

/// `x op= t` (`x = x op t`, `x = t op x`) with `x` reduced by `op` on the region: `(x, t, op)`.
fn combine_stmt(
    s: &Stmt,
    p: &crate::pragma::Pragma,
    program: &Program,
) -> Option<(VarId, VarId, ReductionOp)> {
    let StmtKind::Assign { target, value } = &s.kind else {
        return None;
    };
    let ExprKind::Var(x) = strip(target).kind else {
        return None;
    };
    let ReductionId::Op(op) = reduction_op(p, &program.var(x).name)? else {
        return None;
    };
    let (e, negate) = assign_update(value, x, op, program)?;
    let ExprKind::Var(t) = strip(&e).kind else {
        return None;
    };
    (!negate).then_some((x, t, op))
}

fn rewrite_partial(
    stmts: &mut [Stmt],
    at: usize,
    x: VarId,
    t: VarId,
    op: ReductionOp,
    program: &Program,
) -> bool {
    let tv = program.var(t);
    if tv.addr_taken || tv.in_memory() || identity(op, &tv.ty).is_none() {
        return false;
    }
    let Some(id) = identity(op, &tv.ty) else {
        return false;
    };
    // Declared before, at the top, with the identity.
    let Some(decl) = stmts[..at].iter().position(|s| {
        matches!(&s.kind, StmtKind::Decl { var, init: Some(Init::Expr(e)) }
            if *var == t && matches!(strip(e).kind, ExprKind::Int(v) if v == id))
    }) else {
        return false;
    };
    // Between the declaration and the combination: `t` is written only in worksharing loops,
    // only by updates; nowhere after.
    let mut loops = Vec::new();
    for (j, s) in stmts.iter().enumerate() {
        let writes = {
            let mut w: BTreeSet<VarId> = visit::assigned(std::slice::from_ref(s));
            if let StmtKind::Decl { var, .. } = &s.kind {
                w.insert(*var);
            }
            w.contains(&t)
        };
        if j == decl || !writes {
            continue;
        }
        let is_loop = matches!(&s.kind, StmtKind::Omp(c)
            // (Not `for simd`: the lanes of one thread would share `t`.)
            if c.pragma.directive == Directive::For
                && matches!(c.body, OmpBody::Loop(_))
                && !c.pragma.clauses.iter().any(|k| clause_names(k, t, program) || clause_names(k, x, program)));
        if !(decl < j && j < at && is_loop) {
            return false;
        }
        let StmtKind::Omp(c) = &s.kind else {
            return false;
        };
        let OmpBody::Loop(n) = &c.body else {
            return false;
        };
        if !only_updates(&n.body.stmts, t, op, program) || mentions_any(&n.body.stmts, x) {
            return false;
        }
        loops.push(j);
    }
    for j in loops {
        let StmtKind::Omp(c) = &mut stmts[j].kind else {
            continue;
        };
        let OmpBody::Loop(n) = &mut c.body else {
            continue;
        };
        add_updates(&mut n.body.stmts, t, x);
        if let Some(k) = &mut n.contract {
            for cl in &mut k.clauses {
                rename_contribution(&mut cl.expr, &tv.name, &program.var(x).name);
            }
        }
    }
    true
}

fn mentions_any(stmts: &[Stmt], x: VarId) -> bool {
    visit::referenced(stmts).contains(&x)
}

/// After every update `t = t op e` of `stmts`, the same update of `x`.
fn add_updates(stmts: &mut Vec<Stmt>, t: VarId, x: VarId) {
    let mut k = 0;
    while k < stmts.len() {
        let copy = match &stmts[k].kind {
            StmtKind::Assign { target, value } if is_var(target, t) => {
                let mut value = value.clone();
                rename_var(&mut value, t, x);
                Some(Stmt {
                    kind: StmtKind::Assign {
                        target: Expr {
                            kind: ExprKind::Var(x),
                            ty: target.ty.clone(),
                            span: target.span,
                        },
                        value,
                    },
                    span: stmts[k].span,
                })
            }
            StmtKind::If {
                then, els: None, ..
            } if then.stmts.len() == 1
                && matches!(&then.stmts[0].kind, StmtKind::Assign { target, .. } if is_var(target, t)) =>
            {
                let mut s = stmts[k].clone();
                rename_stmt(&mut s, t, x);
                Some(s)
            }
            _ => None,
        };
        match copy {
            Some(c) => {
                stmts.insert(k + 1, c);
                k += 2;
            }
            None => {
                crate::omp::walk::for_each_block_mut(&mut stmts[k], &mut |b| {
                    add_updates(&mut b.stmts, t, x)
                });
                if let StmtKind::Loop { init, step, .. } = &mut stmts[k].kind {
                    add_updates(init, t, x);
                    add_updates(step, t, x);
                }
                k += 1;
            }
        }
    }
}

fn rename_var(e: &mut Expr, from: VarId, to: VarId) {
    if e.kind == ExprKind::Var(from) {
        e.kind = ExprKind::Var(to);
    }
    match &mut e.kind {
        ExprKind::Index { base, index } => {
            rename_var(base, from, to);
            rename_var(index, from, to);
        }
        ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Cast(a)
        | ExprKind::Unary { arg: a, .. }
        | ExprKind::Member { base: a, .. } => rename_var(a, from, to),
        ExprKind::Binary { lhs, rhs, .. } => {
            rename_var(lhs, from, to);
            rename_var(rhs, from, to);
        }
        ExprKind::Cond { cond, then, els } => {
            rename_var(cond, from, to);
            rename_var(then, from, to);
            rename_var(els, from, to);
        }
        ExprKind::PureCall { args, .. } => args.iter_mut().for_each(|a| rename_var(a, from, to)),
        _ => {}
    }
}

fn rename_stmt(s: &mut Stmt, from: VarId, to: VarId) {
    match &mut s.kind {
        StmtKind::Assign { target, value } => {
            rename_var(target, from, to);
            rename_var(value, from, to);
        }
        StmtKind::If { cond, then, els } => {
            rename_var(cond, from, to);
            then.stmts.iter_mut().for_each(|x| rename_stmt(x, from, to));
            if let Some(e) = els {
                e.stmts.iter_mut().for_each(|x| rename_stmt(x, from, to));
            }
        }
        _ => {}
    }
}

/// `\contribution(from)` becomes `\contribution(to)`.
pub(crate) fn rename_contribution(e: &mut spec::Expr, from: &str, to: &str) {
    if let spec::ExprKind::Contribution(i) = &mut e.kind {
        if i.name == from {
            i.name = to.to_string();
        }
    }
    crate::spec::build::for_each_child_mut(e, &mut |c| rename_contribution(c, from, to));
}
