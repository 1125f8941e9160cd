//! The value a `lastprivate` variable's original has after a combined `parallel for`, read off
//! the code (OpenMP 5.2 §5.4.5: the original gets the value of the private copy of the thread
//! that ran the sequentially last iteration, at the end of that iteration).
//!
//! ompv otherwise takes that value to be unknown. It is known exactly when the loop body sets
//! the copy with assignments `t = e` among its top-level statements, after which nothing writes
//! it, and the final `e` (the assignments composed) reads only the loop variable and local
//! scalars the loop does not write (`t = 2 * i + k`). Then the original is `e` at the last
//! iteration, whose number follows from the loop's bounds and step — if the loop runs at all.
//! Every iteration reaches those statements: a body with `continue`, `break` or `return` is
//! not read. A variable of a rewritten `linear` clause is left unknown (see `omp::data_sharing::linear`).

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::sharing::Sharing;
use crate::omp::{BlockBody, Region};
use crate::pragma::Directive;
use std::collections::BTreeMap;

/// What ompv knows of a `lastprivate` original after its loop.
#[derive(Clone, Debug, PartialEq)]
pub struct LastValue {
    /// Whether the loop runs at least one iteration (evaluated after the region).
    pub runs: Expr,
    /// The copy's value at the end of the last iteration (evaluated after the region).
    pub value: Expr,
}

/// The known values of the region's `lastprivate` originals (for a combined `parallel for`).
pub fn last_values(program: &Program, r: &Region) -> BTreeMap<VarId, LastValue> {
    let mut out = BTreeMap::new();
    if !matches!(
        r.pragma.directive,
        Directive::ParallelFor | Directive::ParallelForSimd
    ) {
        return out;
    }
    for b in r.ppl.blocks() {
        let BlockBody::Loop(n) = &b.payload.body else {
            continue;
        };
        let [l] = n.loops.as_slice() else {
            continue;
        };
        let body = &n.body.stmts;
        if exits(body) {
            continue;
        }
        let mut written = visit::assigned(body);
        written.insert(l.var);
        written.extend(visit::declared(body));
        let stable = |v: VarId| {
            let var = program.var(v);
            !written.contains(&v)
                && !var.in_memory()
                && !crate::omp::data_sharing::linear::is_start(&var.name)
        };
        if !pure(&l.lower, &stable) || !pure(&l.bound, &stable) {
            continue;
        }
        for (&v, sh) in &b.payload.sharing {
            if !matches!(sh, Sharing::Lastprivate { .. }) || program.var(v).in_memory() {
                continue;
            }
            let Some(value) = final_value(body, v) else {
                continue;
            };
            let ok = |x: VarId| x == l.var || stable(x);
            if !pure(&value, &ok) {
                continue;
            }
            let Some((runs, last)) = last_iteration(l) else {
                continue;
            };
            out.insert(
                v,
                LastValue {
                    runs,
                    value: subst(&value, l.var, &last),
                },
            );
        }
    }
    out
}

/// Whether `stmts` may leave an iteration early.
fn exits(stmts: &[Stmt]) -> bool {
    let mut found = false;
    visit::each_stmt(stmts, &mut |s| {
        found |= matches!(
            s.kind,
            StmtKind::Continue | StmtKind::Break | StmtKind::Return(_)
        );
    });
    found
}

/// The value of `v` after the top-level statements `body`, if assignments set it.
fn final_value(body: &[Stmt], v: VarId) -> Option<Expr> {
    let mut value: Option<Expr> = None;
    for s in body {
        match &s.kind {
            StmtKind::Assign { target, value: e } if visit::whole_var(target) == Some(v) => {
                value = match (&value, crate::omp::data_sharing::reduction::mentions(e, v)) {
                    (_, false) => Some(e.clone()),
                    (Some(before), true) => Some(subst(e, v, before)),
                    (None, true) => None,
                };
            }
            _ => {
                if visit::assigned(std::slice::from_ref(s)).contains(&v)
                    || visit::declared(std::slice::from_ref(s)).contains(&v)
                {
                    value = None;
                }
            }
        }
    }
    value
}

/// Whether `e` is integer arithmetic (`+ - *`, negation) over literals and variables `ok`
/// accepts.
fn pure(e: &Expr, ok: &dyn Fn(VarId) -> bool) -> bool {
    if !matches!(e.ty, Type::Int { .. }) {
        return false;
    }
    match &e.kind {
        ExprKind::Int(_) => true,
        ExprKind::Var(v) => ok(*v),
        ExprKind::Unary { op: UnOp::Neg, arg } => pure(arg, ok),
        ExprKind::Binary {
            op: BinOp::Add | BinOp::Sub | BinOp::Mul,
            lhs,
            rhs,
        } => pure(lhs, ok) && pure(rhs, ok),
        _ => false,
    }
}

/// `e` with `v` replaced by `by`.
fn subst(e: &Expr, v: VarId, by: &Expr) -> Expr {
    fn replace(e: &mut Expr, v: VarId, by: &Expr) {
        if e.kind == ExprKind::Var(v) {
            *e = by.clone();
        } else {
            crate::c::rewrite::for_each_child_mut(e, &mut |c| replace(c, v, by));
        }
    }
    let mut out = e.clone();
    replace(&mut out, v, by);
    out
}

/// Whether a canonical loop runs at all, and its last value of the loop variable (OpenMP 5.2
/// §4.4.1: `lower, lower + step, …` while the test holds). The divisions have a non-negative
/// dividend and a positive divisor where they count, so C's and Viper's agree.
fn last_iteration(l: &CanonicalLoop) -> Option<(Expr, Expr)> {
    let span = l.span;
    let ty = Type::INT;
    let lit = |v: i128| Expr {
        kind: ExprKind::Int(v),
        ty: ty.clone(),
        span,
    };
    let bin = |op: BinOp, a: Expr, b: Expr| Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(a),
            rhs: Box::new(b),
        },
        ty: ty.clone(),
        span,
    };
    let (lo, hi) = (l.lower.clone(), l.bound.clone());
    let s = l.step;
    // The distance from the first to the last value the test admits, before rounding down to
    // a multiple of the step; and the test that the first value passes.
    let (distance, runs_op) = match (l.test, s > 0) {
        (BinOp::Lt, true) | (BinOp::Ne, true) => (
            bin(BinOp::Sub, bin(BinOp::Sub, hi, lo.clone()), lit(1)),
            BinOp::Lt,
        ),
        (BinOp::Le, true) => (bin(BinOp::Sub, hi, lo.clone()), BinOp::Le),
        (BinOp::Gt, false) | (BinOp::Ne, false) => (
            bin(BinOp::Sub, bin(BinOp::Sub, lo.clone(), hi), lit(1)),
            BinOp::Gt,
        ),
        (BinOp::Ge, false) => (bin(BinOp::Sub, lo.clone(), hi), BinOp::Ge),
        _ => return None,
    };
    if l.test == BinOp::Ne && s.abs() != 1 {
        return None;
    }
    let runs = Expr {
        kind: ExprKind::Binary {
            op: runs_op,
            lhs: Box::new(l.lower.clone()),
            rhs: Box::new(l.bound.clone()),
        },
        ty: Type::Bool,
        span,
    };
    let m = s.abs();
    let steps = bin(BinOp::Mul, bin(BinOp::Div, distance, lit(m)), lit(m));
    let last = if s > 0 {
        bin(BinOp::Add, lo, steps)
    } else {
        bin(BinOp::Sub, lo, steps)
    };
    Some((runs, last))
}
