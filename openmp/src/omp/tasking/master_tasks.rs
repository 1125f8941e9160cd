//! A `master` region (or `masked` on thread 0, or `if (omp_get_thread_num() == 0)`) that
//! generates tasks, in the code every thread of a region runs, checked as `single nowait`.
//!
//! Why that is sound: `master` runs its block on thread 0 and the other threads skip it, with
//! no barrier on either side (OpenMP 5.2 §10.5); `single nowait` runs it on one thread of the
//! team, any of them, with no barrier either (§11.1). Thread 0 is one of the threads `single`
//! may choose, and every team has a thread 0, so each execution of the program with `master`
//! is one with `single nowait`: what is proved of every execution of the latter holds of the
//! former. The tasks are the same in both: children of the thread's implicit task, run by any
//! thread of the team until the next barrier (§12.5, §15.3.1). Only what `single` loses is
//! lost: inside the block, `omp_get_thread_num()` is any thread's number rather than 0. A
//! `masked` region with another `filter` is left alone: with fewer threads than the filter, no
//! thread runs its block, which `single` would always run. So is a block with a contract of
//! the user's (written for thread 0).
//!
//! `master` is converted to `{ int t; t = omp_get_thread_num(); if (t == 0) … }` with `t` a
//! temporary of the front end; that is the form recognised, at the top level of a region's code
//! (`t` is used nowhere else).

use crate::c::ast::*;
use crate::c::Program;
use crate::omp::RegionId;
use crate::pragma::{Clause, ClauseKind, Directive, Pragma};
use std::collections::BTreeMap;
use viper::Span;

/// What a region that had such a block rewritten approximates (a race found there is not
/// certain: `single` may choose a thread other than 0).
pub const APPROXIMATION: &str = "this `master` block generates tasks: ompv checks it as \
     `single nowait`, which may run on any thread, so a race found may need another thread than \
     thread 0 to run the block";

/// Rewrites the `master` blocks that generate tasks at the top level of every region; returns
/// the regions where it did, with the first such block.
pub fn as_single(program: &mut Program) -> BTreeMap<RegionId, (Span, String)> {
    // (Disjoint fields: the variables are read while the functions are rewritten.)
    let (vars, contracts) = (&program.vars, &program.masked_contracts);
    let is_temp =
        |v: VarId| vars[v.0 as usize].storage == Storage::Synthetic && !contracts.contains_key(&v);
    let mut out = BTreeMap::new();
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            regions_in(&mut b.stmts, &is_temp, &mut out);
        }
    }
    out
}

fn regions_in(
    stmts: &mut [Stmt],
    is_temp: &dyn Fn(VarId) -> bool,
    out: &mut BTreeMap<RegionId, (Span, String)>,
) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            if let (Some(id), Directive::Parallel) = (c.region, c.pragma.directive) {
                if let OmpBody::Block { body, .. } = &mut c.body {
                    if let Some(at) = rewrite(&mut body.stmts, is_temp) {
                        out.insert(id, (at, APPROXIMATION.to_string()));
                    }
                }
                continue;
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| regions_in(&mut b.stmts, is_temp, out));
    }
}

/// Replaces `t = omp_get_thread_num(); if (t == 0) B` (B generating tasks) in `stmts`, also
/// when a compound statement holds just these and the declaration of `t` (as `master`
/// becomes), by `single nowait` around `B`.
/// Returns where the first block rewritten stands.
fn rewrite(stmts: &mut Vec<Stmt>, is_temp: &dyn Fn(VarId) -> bool) -> Option<Span> {
    let mut first = None;
    let mut i = 0;
    while i < stmts.len() {
        let whole = match &stmts[i].kind {
            StmtKind::Block(b) => match b.stmts.as_slice() {
                [decl, call, test] if declares_temp(decl, call) => {
                    as_single_nowait(call, test, is_temp)
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(single) = whole {
            stmts[i] = single;
            first.get_or_insert(stmts[i].span);
        } else if i + 1 < stmts.len() {
            if let Some(single) = as_single_nowait(&stmts[i], &stmts[i + 1], is_temp) {
                stmts.splice(i..i + 2, [single]);
                first.get_or_insert(stmts[i].span);
            }
        }
        i += 1;
    }
    first
}

/// Whether `decl` declares, without a value, the variable `call` assigns.
fn declares_temp(decl: &Stmt, call: &Stmt) -> bool {
    match (&decl.kind, &call.kind) {
        (
            StmtKind::Decl { var, init: None },
            StmtKind::Call {
                target: Some(t), ..
            },
        ) => matches!(t.kind, ExprKind::Var(v) if v == *var),
        _ => false,
    }
}

fn as_single_nowait(call: &Stmt, test: &Stmt, is_temp: &dyn Fn(VarId) -> bool) -> Option<Stmt> {
    let StmtKind::Call {
        target: Some(t),
        callee,
        args,
    } = &call.kind
    else {
        return None;
    };
    let ExprKind::Var(v) = t.kind else {
        return None;
    };
    if callee.name != "omp_get_thread_num" || !args.is_empty() || !is_temp(v) {
        return None;
    }
    let StmtKind::If {
        cond,
        then,
        els: None,
    } = &test.kind
    else {
        return None;
    };
    let ExprKind::Binary {
        op: BinOp::Eq,
        lhs,
        rhs,
    } = &cond.kind
    else {
        return None;
    };
    let on_zero =
        matches!(lhs.kind, ExprKind::Var(x) if x == v) && matches!(rhs.kind, ExprKind::Int(0));
    if !on_zero || !crate::omp::walk::generates_tasks(&then.stmts) {
        return None;
    }
    let at = call.span;
    let nowait = Clause {
        kind: ClauseKind::Nowait,
        span: at,
        keyword_span: at,
    };
    let pragma = Pragma {
        directive: Directive::Single,
        argument: None,
        clauses: vec![nowait],
        span: at,
        directive_span: at,
        line: at.line,
    };
    let span = call.span.join(test.span);
    Some(Stmt {
        kind: StmtKind::Omp(Box::new(OmpConstruct {
            pragma,
            body: OmpBody::Block {
                contract: None,
                body: then.clone(),
            },
            region: None,
            span,
        })),
        span,
    })
}

#[cfg(test)]
mod tests;
