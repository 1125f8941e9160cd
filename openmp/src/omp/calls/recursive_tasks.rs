//! Recursive functions that generate tasks (`fib` with a task per recursive call): which ones
//! ompv verifies, and why checking one copy of the body proves every call.
//!
//! Calls of a function with orphaned constructs are verified inline ([`crate::omp::calls::inline`]), which
//! cannot unfold a recursion. A recursive function is accepted when it is *self-contained*: it
//! names only its own parameters and locals (scalars; no global, no `static` local, no pointer,
//! array, member or address), calls only itself and functions that are the same without
//! constructs (a sequential version below a cutoff), uses no construct but `task`,
//! `taskwait` and `taskgroup`, and has every task it generates completed before it returns
//! (a `taskwait` or the end of a `taskgroup` after the last task of each statement list, a
//! task's own tasks included). Then:
//!
//! - every call has its own parameters and locals (automatic storage, OpenMP 5.2 §5.1.2), which
//!   only that call's code and its tasks can name, so two accesses of different calls never touch
//!   the same storage, and a call touches no storage of its caller but the target of its result;
//! - every task a call generates has completed when it returns (§15.5: `taskwait` waits for the
//!   child tasks generated so far; §15.4: a `taskgroup` for all descendants; each child waits for
//!   its own), so everything a call does happens between its start and its return.
//!
//! So a race inside a program's use of the function can only be between two accesses of the same
//! call, and what is between two accesses of the same call is the same body for every call, with
//! other parameter values. ompv checks one copy of the body at the outermost call with
//! *arbitrary* parameter values (the arguments are still evaluated there), and in it every
//! recursive call as an opaque one: it reads its arguments and gives its target an arbitrary
//! value, at the place of the call. By induction on the depth of calls, a race-free copy for all
//! parameter values makes every call race-free.

use crate::c::ast::*;
use crate::c::Program;
use crate::pragma::Directive;
use viper::Span;

/// Whether the function `name`, of body `body`, calls itself.
pub(crate) fn is_recursive(name: &str, body: &Block) -> bool {
    let mut found = false;
    crate::c::visit::each_stmt(&body.stmts, &mut |s| {
        found |= matches!(&s.kind, StmtKind::Call { callee, .. } if callee.name == name);
    });
    found
}

/// `Ok` when the recursive function `name` is self-contained (see the module's documentation),
/// else where and why not.
pub(crate) fn self_contained(
    program: &Program,
    name: &str,
    params: &[VarId],
    body: &Block,
) -> Result<(), (Span, String)> {
    own_scalars(
        program,
        name,
        params,
        body,
        true,
        &mut vec![name.to_string()],
    )?;
    if open_after(&body.stmts, false) != Some(false) {
        return Err((
            body.span,
            "a task it generates may still run when it returns (no `taskwait` after it)"
                .to_string(),
        ));
    }
    Ok(())
}

/// Whether the function `name` of the file touches nothing but its own scalars and uses no
/// OpenMP construct (`seen`: the functions being checked, which its calls may reach). A call of
/// it (a sequential `fib` below a cutoff) reads its arguments and nothing else of its caller.
fn frame_local(program: &Program, name: &str, seen: &mut Vec<String>) -> bool {
    if seen.iter().any(|n| n == name) {
        return true;
    }
    let Some(f) = program.function(name) else {
        return false;
    };
    let (Origin::Main, Body::Verified(body)) = (f.origin, &f.body) else {
        return false;
    };
    let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
    seen.push(name.to_string());
    let ok = own_scalars(program, name, &params, body, false, seen).is_ok();
    seen.pop();
    ok
}

/// `Ok` when the function `name` (parameters `params`, body `body`) names only its own number
/// parameters and automatic number locals, manages no memory, calls only itself and
/// [`frame_local`] functions (`seen`: those being checked), and uses no OpenMP construct but,
/// with `tasks`, `task`, `taskwait` and `taskgroup`; else where and why not.
fn own_scalars(
    program: &Program,
    name: &str,
    params: &[VarId],
    body: &Block,
    tasks: bool,
    seen: &mut Vec<String>,
) -> Result<(), (Span, String)> {
    for p in params {
        let v = program.var(*p);
        if !v.ty.is_arithmetic() {
            return Err((
                v.span,
                format!("its parameter `{}` is not a number", v.name),
            ));
        }
    }
    for d in crate::c::visit::declared(&body.stmts) {
        let v = program.var(d);
        if !v.ty.is_arithmetic() || v.storage == Storage::StaticLocal {
            return Err((
                v.span,
                format!("its local `{}` is not an automatic number", v.name),
            ));
        }
    }
    let mut err: Option<(Span, String)> = None;
    crate::c::visit::each_stmt(&body.stmts, &mut |s| {
        if err.is_some() {
            return;
        }
        match &s.kind {
            StmtKind::Call { callee, .. }
                if callee.name != name && !frame_local(program, &callee.name, seen) =>
            {
                err = Some((s.span, format!("it calls `{}`", callee.name)));
            }
            StmtKind::Alloc { .. }
            | StmtKind::Free(_)
            | StmtKind::MemSet { .. }
            | StmtKind::MemCpy { .. } => {
                err = Some((s.span, "it manages memory".to_string()));
            }
            StmtKind::Omp(c)
                if !(tasks
                    && matches!(
                        c.pragma.directive,
                        Directive::Task | Directive::Taskwait | Directive::Taskgroup
                    )) =>
            {
                err = Some((
                    c.pragma.directive_span,
                    format!("it uses `omp {}`", c.pragma.directive.name()),
                ));
            }
            _ => {}
        }
        if err.is_some() {
            return;
        }
        crate::c::visit::stmt_exprs(s, &mut |e| {
            if err.is_none() {
                err = foreign(program, name, e);
            }
        });
    });
    err.map_or(Ok(()), Err)
}

/// The first part of `e` that reaches storage other than the function's own scalars.
fn foreign(program: &Program, name: &str, e: &Expr) -> Option<(Span, String)> {
    match &e.kind {
        ExprKind::Var(v) => {
            let var = program.var(*v);
            let own = var.function.as_deref() == Some(name)
                && matches!(
                    var.storage,
                    Storage::Local | Storage::Param | Storage::Synthetic
                )
                && !var.threadprivate
                && !var.addr_taken;
            if !own {
                return Some((e.span, format!("it uses `{}`", var.name)));
            }
        }
        ExprKind::Index { .. }
        | ExprKind::Deref(_)
        | ExprKind::AddrOf(_)
        | ExprKind::Member { .. } => {
            return Some((e.span, "it accesses memory".to_string()));
        }
        _ => {}
    }
    let mut out = None;
    e.for_each_child(&mut |c| {
        if out.is_none() {
            out = foreign(program, name, c);
        }
    });
    out
}

/// Whether tasks generated by `stmts` may still be running after them (`open`: some were
/// running before): `None` when `stmts` return while tasks may run, or generate tasks in a
/// loop or in a branch that does not wait for them.
pub(crate) fn open_after(stmts: &[Stmt], mut open: bool) -> Option<bool> {
    for s in stmts {
        match &s.kind {
            StmtKind::Omp(c) => match c.pragma.directive {
                Directive::Task => {
                    if let OmpBody::Block { body, .. } = &c.body {
                        if open_after(&body.stmts, false)? {
                            return None;
                        }
                    }
                    open = true;
                }
                Directive::Taskwait => open = false,
                // The end of a `taskgroup` waits for every task generated in it (§15.4).
                Directive::Taskgroup => {}
                _ => {}
            },
            StmtKind::Return(_) if open => return None,
            StmtKind::Block(b) => open = open_after(&b.stmts, open)?,
            StmtKind::If { then, els, .. } => {
                let t = open_after(&then.stmts, open)?;
                let e = match els {
                    Some(b) => open_after(&b.stmts, open)?,
                    None => open,
                };
                // A branch that leaves tasks running while the other does not: either may be.
                open = t || e;
            }
            _ => {
                let mut tasks = false;
                s.for_each_block(&mut |b| {
                    crate::c::visit::each_stmt(&b.stmts, &mut |x| {
                        tasks |= matches!(&x.kind, StmtKind::Omp(c) if c.pragma.directive == Directive::Task);
                    })
                });
                if tasks {
                    return None;
                }
            }
        }
    }
    Some(open)
}

#[cfg(test)]
mod tests;
