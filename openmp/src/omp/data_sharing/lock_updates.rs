//! Shared variables that the iterations of a loop only update under a lock (a `critical`, an
//! OpenMP lock, `atomic`), as in `#pragma omp critical cnt += a[i];`: the value after the region
//! (thesis ch. 6, Listing 10: a ghost contribution per thread, summed by the lock's invariant).
//!
//! OpenMP 5.2 §15.2 (and §18.9, §15.8.4) makes the updates happen one at a time, in an order the
//! schedule decides. When every write of the variable in the region is an update `x = x op e`
//! (`op` one of `+ - * & | ^`, associative and commutative; `x -= e` for `+`) made under one
//! lock in the body of a worksharing loop of the region, the variable ends as its value before
//! the region combined with every update's value, in any order: the original combined with the
//! *contributions* of the iterations, exactly as for a reduction (`omp::data_sharing::reduction`).
//!
//! [`desugar`] gives each such loop a ghost variable (a synthetic one, named after the shared
//! variable) that every update also combines its value into; the proof treats the ghost like a
//! reduction copy of the loop (it starts each iteration at the identity and its final value is
//! the iteration's contribution, stated with `\contribution(x)` or read off the code), and after a
//! region checked in place the shared variable gets the combined value (`lower::reduction`).

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::data_sharing::reduction::{identity, mentions};
use crate::omp::walk::construct_stmts;
use crate::pragma::{ClauseKind, Directive, ReductionOp};

/// Adds the ghost updates to the loops of every parallel region of `program` (see the module
/// documentation).
pub fn desugar(program: &mut Program) {
    let mut functions = std::mem::take(&mut program.functions);
    for f in &mut functions {
        if let Body::Verified(b) = &mut f.body {
            regions_in(&mut b.stmts, program);
        }
    }
    program.functions = functions;
}

fn regions_in(stmts: &mut [Stmt], program: &mut Program) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            if c.region.is_some() {
                region(c, program);
                continue;
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| regions_in(&mut b.stmts, program));
    }
}

/// A statement that updates `x` under a lock: the lock's construct and the update's operator.
#[derive(Clone, Debug)]
struct LockedUpdate {
    lock: crate::omp::LockName,
    op: ReductionOp,
}

fn region(c: &mut OmpConstruct, program: &mut Program) {
    // The loops whose bodies may contribute: the region's own loop, or its top-level `for`s.
    let loops: Vec<usize> = match &c.body {
        OmpBody::Loop(n) if c.pragma.directive == Directive::ParallelFor && n.loops.len() == 1 => {
            vec![usize::MAX]
        }
        OmpBody::Block { body, .. } => body
            .stmts
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                matches!(&s.kind, StmtKind::Omp(k)
                    if k.pragma.directive == Directive::For
                        && matches!(&k.body, OmpBody::Loop(n) if n.loops.len() == 1))
            })
            .map(|(k, _)| k)
            .collect(),
        _ => return,
    };
    let all = construct_stmts(c);
    let declared = visit::declared(&all);
    let mut pragmas = vec![c.pragma.clone()];
    visit::each_stmt(&all, &mut |s| {
        if let StmtKind::Omp(k) = &s.kind {
            pragmas.push(k.pragma.clone());
        }
    });
    let written: Vec<VarId> = {
        let mut w = visit::assigned(&all);
        if let OmpBody::Loop(n) = &c.body {
            for l in &n.loops {
                w.remove(&l.var);
            }
        }
        w.into_iter().collect()
    };
    for x in written {
        let info = program.var(x).clone();
        if declared.contains(&x)
            || info.addr_taken
            || info.threadprivate
            || !matches!(info.ty, Type::Int { .. })
            || pragmas.iter().any(|p| names(p, &info.name))
        {
            continue;
        }
        // Every write of `x` in the region: an update under one lock, in a contributing loop.
        let mut found: Vec<LockedUpdate> = Vec::new();
        let mut ok = true;
        let in_loops = |k: usize| loops.contains(&k);
        let bodies: Vec<(usize, &[Stmt])> = match &c.body {
            OmpBody::Loop(n) => vec![(usize::MAX, n.body.stmts.as_slice())],
            OmpBody::Block { body, .. } => body
                .stmts
                .iter()
                .enumerate()
                .map(|(k, s)| (k, std::slice::from_ref(s)))
                .collect(),
            _ => Vec::new(),
        };
        for (k, stmts) in bodies {
            let stmts: Vec<Stmt> = if k == usize::MAX {
                stmts.to_vec()
            } else {
                match &stmts[0].kind {
                    StmtKind::Omp(o) if in_loops(k) => match &o.body {
                        OmpBody::Loop(n) => n.body.stmts.clone(),
                        _ => stmts.to_vec(),
                    },
                    _ => stmts.to_vec(),
                }
            };
            let contributing = k == usize::MAX || in_loops(k);
            if !scan(&stmts, x, None, contributing, program, &mut found) {
                ok = false;
            }
        }
        let Some(first) = found.first().cloned() else {
            continue;
        };
        if !ok
            || found.iter().any(|u| u.lock != first.lock || u.op != first.op)
            || identity(first.op, &info.ty).is_none()
            // `max`/`min` have no identity among the mathematical integers ompv uses, and `&&`/`||`
            // turn the variable into 0 or 1 only if some update runs.
            || matches!(
                first.op,
                ReductionOp::Max | ReductionOp::Min | ReductionOp::And | ReductionOp::Or
            )
        {
            continue;
        }
        // The ghost, and its updates after the variable's.
        let ghost = VarId(program.vars.len() as u32);
        program.vars.push(Var {
            name: crate::omp::ghosts::ghost_name(&info.name, x, first.op),
            ty: info.ty.clone(),
            storage: Storage::Synthetic,
            function: info.function.clone(),
            span: info.span,
            addr_taken: false,
            is_const: false,
            threadprivate: false,
        });
        let ghost_name = program.var(ghost).name.clone();
        let rewrite = |n: &mut LoopNest| {
            add_ghost_updates(&mut n.body.stmts, x, ghost, first.op, program);
            if let Some(k) = &mut n.contract {
                for cl in &mut k.clauses {
                    crate::omp::data_sharing::reduction::rename_contribution(
                        &mut cl.expr,
                        &info.name,
                        &ghost_name,
                    );
                }
            }
        };
        match &mut c.body {
            OmpBody::Loop(n) => rewrite(n),
            OmpBody::Block { body, .. } => {
                for &k in &loops {
                    if let StmtKind::Omp(o) = &mut body.stmts[k].kind {
                        if let OmpBody::Loop(n) = &mut o.body {
                            rewrite(n);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether a data-sharing clause of `p` names `name` (the variable is then not the shared one).
fn names(p: &crate::pragma::Pragma, name: &str) -> bool {
    p.clauses.iter().any(|c| {
        let items: &[crate::pragma::ListItem] = match &c.kind {
            ClauseKind::Private(v) | ClauseKind::Firstprivate(v) => v,
            ClauseKind::Lastprivate { items, .. } | ClauseKind::Reduction { items, .. } => items,
            ClauseKind::Linear(l) => &l.items,
            ClauseKind::Copyin(v) | ClauseKind::Copyprivate(v) => v,
            _ => return false,
        };
        items.iter().any(|i| i.base.name == name)
    })
}

/// Collects the writes of `x` in `stmts` (`lock`: the lock held there); false if one is not an
/// update under a lock in a contributing loop.
fn scan(
    stmts: &[Stmt],
    x: VarId,
    lock: Option<&crate::omp::LockName>,
    contributing: bool,
    program: &Program,
    out: &mut Vec<LockedUpdate>,
) -> bool {
    for s in stmts {
        match &s.kind {
            StmtKind::Assign { target, value } if visit::whole_var(target) == Some(x) => {
                let op = update_op(value, x, program);
                match (op, lock) {
                    (Some(op), Some(l)) if contributing => out.push(LockedUpdate {
                        lock: l.clone(),
                        op,
                    }),
                    _ => return false,
                }
            }
            StmtKind::Omp(c) => {
                let inner = crate::omp::walk::lock_of(&c.pragma);
                let l = inner.as_ref().or(lock);
                let bodies: Vec<&[Stmt]> = match &c.body {
                    OmpBody::Block { body, .. } => vec![&body.stmts],
                    OmpBody::Loop(n) => vec![&n.body.stmts],
                    OmpBody::Sections(ss) => ss.iter().map(|s| s.body.stmts.as_slice()).collect(),
                    OmpBody::None => Vec::new(),
                };
                for b in bodies {
                    if !scan(b, x, l, contributing, program, out) {
                        return false;
                    }
                }
            }
            StmtKind::Loop {
                init, step, body, ..
            } => {
                for part in [init, step, &body.stmts] {
                    if !scan(part, x, lock, contributing, program, out) {
                        return false;
                    }
                }
            }
            _ => {
                let mut ok = true;
                s.for_each_block(&mut |b| {
                    ok &= scan(&b.stmts, x, lock, contributing, program, out)
                });
                if !ok {
                    return false;
                }
                // Any other write of `x` (a call's result, an allocation, a declaration).
                if visit::assigned(std::slice::from_ref(s)).contains(&x)
                    && !matches!(s.kind, StmtKind::If { .. } | StmtKind::Block(_))
                {
                    return false;
                }
            }
        }
    }
    true
}

/// The operator of an update `x = value` (`x + e`, `e + x`, `x - e`, `x * e`, …).
fn update_op(value: &Expr, x: VarId, program: &Program) -> Option<ReductionOp> {
    [
        ReductionOp::Add,
        ReductionOp::Mul,
        ReductionOp::BitAnd,
        ReductionOp::BitOr,
        ReductionOp::BitXor,
        ReductionOp::And,
        ReductionOp::Or,
    ]
    .into_iter()
    .find(|op| crate::omp::data_sharing::reduction::update_value(value, x, *op, program).is_some())
}

/// After every update of `x` in `stmts`, the same update of the ghost `g`.
fn add_ghost_updates(
    stmts: &mut Vec<Stmt>,
    x: VarId,
    g: VarId,
    op: ReductionOp,
    program: &Program,
) {
    let mut k = 0;
    while k < stmts.len() {
        let extra = match &stmts[k].kind {
            StmtKind::Assign { target, value } if visit::whole_var(target) == Some(x) => {
                crate::omp::data_sharing::reduction::update_value(value, x, op, program).map(
                    |(e, negate)| {
                        let span = stmts[k].span;
                        let ty = target.ty.clone();
                        let gv = Expr {
                            kind: ExprKind::Var(g),
                            ty: ty.clone(),
                            span: target.span,
                        };
                        let e = if negate {
                            Expr {
                                kind: ExprKind::Unary {
                                    op: UnOp::Neg,
                                    arg: Box::new(e.clone()),
                                },
                                ty: e.ty.clone(),
                                span: e.span,
                            }
                        } else {
                            e
                        };
                        debug_assert!(!mentions(&e, x));
                        Stmt {
                            kind: StmtKind::Assign {
                                target: gv.clone(),
                                value: crate::omp::data_sharing::reduction::combine(op, gv, e, &ty),
                            },
                            span,
                        }
                    },
                )
            }
            _ => None,
        };
        match extra {
            Some(s) => {
                stmts.insert(k + 1, s);
                k += 2;
            }
            None => {
                crate::omp::walk::for_each_block_mut(&mut stmts[k], &mut |b| {
                    add_ghost_updates(&mut b.stmts, x, g, op, program)
                });
                if let StmtKind::Loop { init, step, .. } = &mut stmts[k].kind {
                    add_ghost_updates(init, x, g, op, program);
                    add_ghost_updates(step, x, g, op, program);
                }
                k += 1;
            }
        }
    }
}
