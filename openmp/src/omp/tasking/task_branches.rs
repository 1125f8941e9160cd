//! An `if` whose branches generate tasks, in the code of a `single`, `section`, `master`,
//! `masked` or `task` (the base case and the recursive case of a task-parallel function, once
//! inlined): read as guarded straight-line code, so that the tasks stand at the top level of the
//! generating code, where [`crate::omp::tasking::tasks`] orders them.
//!
//! `if (c) A else B` becomes `g = c; A'; B'` where `A'` is `A` with every piece of code between
//! task constructs under `if (g)`, every task body under `if (g)`, and every declaration kept
//! (its initialiser `e` becomes `g ? e : 0`); `B'` likewise under `if (!g)`. In an execution
//! where `c` holds, `A'` does what `A` does and `B'` only generates tasks that do nothing (and
//! waits); so the accesses, and their order, are those of the `if`, plus the reads of `g`.
//! The tasks that do nothing must not order real accesses that the `if` leaves unordered, which
//! holds when the `if` is *closed*: no task of the generating code may run when it starts, and
//! each branch waits for the tasks it generates (a `taskwait` after the last one, §15.5): then
//! a task that does nothing has no sibling to be ordered with but those of its own branch,
//! which do nothing either, and after the `if` every task has completed on both readings. Any
//! other `if` is left alone (its tasks stay `unsupported` where they stand).

use crate::c::ast::*;
use crate::c::Program;
use crate::omp::calls::inline::convert;
use crate::omp::calls::recursive_tasks::open_after;
use crate::pragma::{ClauseKind, Directive};

/// The name of the guards (made unique in their function).
const GUARD: &str = "ompv_branch";

/// Whether specification text mentions a guard (which the source does not declare).
pub fn mentions_guard(text: &str) -> bool {
    text.match_indices(GUARD)
        .any(|(at, _)| !text[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Rewrites the closed `if`s with tasks of every generating code of every verified function.
pub fn flatten(program: &mut Program) {
    let mut functions = std::mem::take(&mut program.functions);
    for f in &mut functions {
        if let Body::Verified(b) = &mut f.body {
            in_stmts(&mut b.stmts, program, &f.name.name);
        }
    }
    program.functions = functions;
}

fn in_stmts(stmts: &mut [Stmt], program: &mut Program, function: &str) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            let leaf = c.pragma.directive.leaves().last().copied();
            match &mut c.body {
                OmpBody::Block { body, .. }
                    if matches!(
                        leaf,
                        Some(
                            Directive::Single
                                | Directive::Task
                                | Directive::Master
                                | Directive::Masked
                        )
                    ) =>
                {
                    generating(&mut body.stmts, program, function)
                }
                OmpBody::Sections(ss) => {
                    for x in ss {
                        generating(&mut x.body.stmts, program, function);
                    }
                }
                _ => {}
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| in_stmts(&mut b.stmts, program, function));
    }
}

/// Rewrites the closed `if`s at the top level of generating code `stmts`.
fn generating(stmts: &mut Vec<Stmt>, program: &mut Program, function: &str) {
    let mut k = 0;
    while k < stmts.len() {
        // Closed `if`s inside a branch first: their tasks then stand at the branch's top level.
        if let StmtKind::If { then, els, .. } = &mut stmts[k].kind {
            generating(&mut then.stmts, program, function);
            if let Some(e) = els {
                generating(&mut e.stmts, program, function);
            }
        }
        let closed_if = match &stmts[k].kind {
            StmtKind::If { cond, then, els } => {
                (has_tasks(&then.stmts) || els.as_ref().is_some_and(|e| has_tasks(&e.stmts)))
                    && cond.ty.is_arithmetic()
                    && open_after(&stmts[..k], false) == Some(false)
                    && flat(&then.stmts, &program.vars)
                    && els.as_ref().is_none_or(|e| flat(&e.stmts, &program.vars))
            }
            _ => false,
        };
        if !closed_if {
            k += 1;
            continue;
        }
        let s = stmts.remove(k);
        let StmtKind::If { cond, then, els } = s.kind else {
            unreachable!("checked above")
        };
        let span = s.span;
        let name = fresh_name(program, function, GUARD);
        let g = program.new_var(Var::local(name, cond.ty.clone(), function, cond.span));
        let holds = Expr {
            kind: ExprKind::Var(g),
            ty: cond.ty.clone(),
            span: cond.span,
        };
        let fails = Expr {
            kind: ExprKind::Unary {
                op: UnOp::Not,
                arg: Box::new(holds.clone()),
            },
            ty: Type::INT,
            span: cond.span,
        };
        let mut out = vec![Stmt {
            kind: StmtKind::Decl {
                var: g,
                init: Some(Init::Expr(cond)),
            },
            span,
        }];
        out.extend(guarded(then.stmts, &holds, &program.vars));
        if let Some(e) = els {
            out.extend(guarded(e.stmts, &fails, &program.vars));
        }
        let n = out.len();
        stmts.splice(k..k, out);
        k += n;
    }
}

/// Whether `stmts` contain a task construct (or `taskwait`, `taskgroup`, `taskloop`).
fn has_tasks(stmts: &[Stmt]) -> bool {
    let mut found = false;
    crate::c::visit::each_stmt(stmts, &mut |s| {
        found |= matches!(&s.kind, StmtKind::Omp(c) if matches!(
            c.pragma.directive,
            Directive::Task | Directive::Taskwait | Directive::Taskgroup | Directive::Taskloop
        ));
    });
    found
}

/// Whether branch `stmts` can be guarded piece by piece: its tasks (and `taskwait`s and
/// `taskgroup`s) at its top level, no `taskloop`, declarations with at most a plain
/// initialiser, and every task waited for at its end.
fn flat(stmts: &[Stmt], vars: &[Var]) -> bool {
    pieces(stmts, vars) && open_after(stmts, false) == Some(false)
}

/// Whether `stmts` has its tasks at its top level (see [`flat`]), waited for or not (the end
/// of a `taskgroup` waits for those in it).
fn pieces(stmts: &[Stmt], vars: &[Var]) -> bool {
    if !has_tasks(stmts) {
        return true;
    }
    let top_level = stmts.iter().all(|s| match &s.kind {
        StmtKind::Omp(c) => match c.pragma.directive {
            // A task's body reads the guard, which `default(none)` would have to name.
            Directive::Task => !c
                .pragma
                .clauses
                .iter()
                .any(|k| matches!(k.kind, ClauseKind::Default(_))),
            Directive::Taskwait => true,
            Directive::Taskgroup => match &c.body {
                OmpBody::Block { body, .. } => pieces(&body.stmts, vars),
                _ => false,
            },
            _ => !has_tasks(std::slice::from_ref(s)),
        },
        StmtKind::Decl { var, init } => match init {
            None => true,
            Some(Init::Expr(_)) => vars[var.0 as usize].ty.is_arithmetic(),
            Some(Init::List(_)) => false,
        },
        _ => !has_tasks(std::slice::from_ref(s)),
    });
    top_level
}

/// Branch `stmts` under `guard` (see the module's documentation).
fn guarded(stmts: Vec<Stmt>, guard: &Expr, vars: &[Var]) -> Vec<Stmt> {
    let under = |body: Vec<Stmt>| -> Stmt {
        let span = body
            .iter()
            .map(|s| s.span)
            .reduce(viper::Span::join)
            .unwrap_or(guard.span);
        Stmt {
            kind: StmtKind::If {
                cond: guard.clone(),
                then: Block { stmts: body, span },
                els: None,
            },
            span,
        }
    };
    if !has_tasks(&stmts) {
        return if stmts.is_empty() {
            Vec::new()
        } else {
            vec![under(stmts)]
        };
    }
    let mut out = Vec::new();
    let mut code: Vec<Stmt> = Vec::new();
    let flush = |code: &mut Vec<Stmt>, out: &mut Vec<Stmt>| {
        if !code.is_empty() {
            out.push(under(std::mem::take(code)));
        }
    };
    for mut s in stmts {
        match &mut s.kind {
            // The declaration stays one (so that nothing assigns the variable after it, see
            // `hoist`): its initialiser is evaluated only under the guard, as `guard ? e : 0`,
            // and every use of the variable is in the branch, under the guard too.
            StmtKind::Decl { var, init } => {
                flush(&mut code, &mut out);
                if let Some(Init::Expr(value)) = init.take() {
                    let ty = vars[var.0 as usize].ty.clone();
                    let span = value.span;
                    let zero = convert(
                        Expr {
                            kind: ExprKind::Int(0),
                            ty: Type::INT,
                            span,
                        },
                        &ty,
                    );
                    *init = Some(Init::Expr(Expr {
                        kind: ExprKind::Cond {
                            cond: Box::new(guard.clone()),
                            then: Box::new(convert(value, &ty)),
                            els: Box::new(zero),
                        },
                        ty,
                        span,
                    }));
                }
                out.push(s);
            }
            StmtKind::Omp(c) if c.pragma.directive == Directive::Task => {
                flush(&mut code, &mut out);
                if let OmpBody::Block { body, .. } = &mut c.body {
                    let inner = std::mem::take(&mut body.stmts);
                    if !inner.is_empty() {
                        body.stmts = vec![under(inner)];
                    }
                }
                out.push(s);
            }
            StmtKind::Omp(c) if c.pragma.directive == Directive::Taskgroup => {
                flush(&mut code, &mut out);
                if let OmpBody::Block { body, .. } = &mut c.body {
                    let inner = std::mem::take(&mut body.stmts);
                    body.stmts = guarded(inner, guard, vars);
                }
                out.push(s);
            }
            StmtKind::Omp(c) if c.pragma.directive == Directive::Taskwait => {
                flush(&mut code, &mut out);
                out.push(s);
            }
            _ => code.push(s),
        }
    }
    flush(&mut code, &mut out);
    out
}

/// A name for a new local of `function` that no variable of it (or global) has.
pub(super) fn fresh_name(program: &Program, function: &str, base: &str) -> String {
    let mut taken: std::collections::BTreeSet<String> = program
        .vars
        .iter()
        .filter(|v| v.function.is_none() || v.function.as_deref() == Some(function))
        .map(|v| v.name.clone())
        .collect();
    crate::c::names::fresh(&mut taken, base)
}

#[cfg(test)]
mod tests;
