//! OpenMP simple locks (OpenMP 5.2 §18.9) in the proof: `omp_set_lock(&l); …; omp_unset_lock(&l);`
//! in one statement list is mutual exclusion on `l` for the statements between — for race
//! freedom exactly a `critical` region with a name of its own per lock variable (§15.2: two
//! threads never run code under the same lock at the same time). The pair is rewritten as such a
//! critical construct before regions are built, so that locks share the encoding of critical
//! sections (thesis ch. 6: a resource per lock).
//!
//! Nestable locks (§18.9.1, `omp_set_nest_lock`/`omp_unset_nest_lock`) pair the same way; a
//! thread that sets a nestable lock it already owns only counts up (§18.9.4), so a pair nested
//! in a pair of the same lock takes nothing more. `t = omp_test_lock(&l); if (t) { …;
//! omp_unset_lock(&l); }` (§18.9.6: the test sets the lock if it is free and returns whether it
//! did) is the `if` around such a region, on a result ompv does not know.
//!
//! Only a lock variable shared by the team is a lock of the team: one declared in the region
//! (or made private) is a lock per thread, which excludes nothing; [`check_shared`] rejects it.
//! Other uses of the lock routines (a lock released in another block or by another thread,
//! locks in arrays or behind pointers) stay calls, which the encoding rejects inside a region as
//! unsupported.

use crate::c::ast::*;
use crate::c::Program;
use crate::error::FrontError;
use crate::omp::critical_names::{critical_name, lock_var};
use crate::omp::walk::for_each_block_mut;
use crate::pragma::{Directive, DirectiveArg, Pragma};
use viper::Span;

/// `l` of a call `omp_set_lock(&l)` / `omp_unset_lock(&l)` (`set` chooses which; `nest`: the
/// nestable routines).
fn lock_call(s: &Stmt, set: bool, nest: bool) -> Option<VarId> {
    let StmtKind::Call {
        target: None,
        callee,
        args,
    } = &s.kind
    else {
        return None;
    };
    let want = match (set, nest) {
        (true, false) => "omp_set_lock",
        (false, false) => "omp_unset_lock",
        (true, true) => "omp_set_nest_lock",
        (false, true) => "omp_unset_nest_lock",
    };
    if callee.name != want {
        return None;
    }
    lock_arg(args)
}

/// `l` of the argument list `(&l)`.
fn lock_arg(args: &[Expr]) -> Option<VarId> {
    match args {
        [Expr {
            kind: ExprKind::AddrOf(inner),
            ..
        }] => match inner.kind {
            ExprKind::Var(v) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// Rewrites the lock pairs of every function body of `program`.
pub fn desugar(program: &mut Program) {
    let names: Vec<String> = program.vars.iter().map(|v| v.name.clone()).collect();
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            rewrite(&mut b.stmts, &names);
        }
    }
}

fn rewrite(stmts: &mut Vec<Stmt>, names: &[String]) {
    let mut i = 0;
    while i < stmts.len() {
        test_lock(stmts, i, names);
        for nest in [false, true] {
            let Some(v) = lock_call(&stmts[i], true, nest) else {
                continue;
            };
            let Some(j) =
                (i + 1..stmts.len()).find(|&j| lock_call(&stmts[j], false, nest) == Some(v))
            else {
                continue;
            };
            let inner: Vec<Stmt> = stmts.drain(i + 1..j).collect();
            let set = stmts.remove(i);
            let unset = stmts.remove(i);
            let name = names.get(v.0 as usize).cloned().unwrap_or_default();
            stmts.insert(i, critical(v, &name, nest, set.span, unset.span, inner));
            break;
        }
        for_each_block_mut(&mut stmts[i], &mut |b| rewrite(&mut b.stmts, names));
        i += 1;
    }
}

/// The `critical` construct with the name of lock `v` around `inner` (from `set` to `unset`).
fn critical(v: VarId, name: &str, nest: bool, set: Span, unset: Span, inner: Vec<Stmt>) -> Stmt {
    named_critical(
        critical_name(v, name, nest),
        set,
        Block {
            stmts: inner,
            span: Span::join(set, unset),
        },
    )
}

/// A `critical(name)` construct ompv makes (for a lock, a `mutexinoutset` dependence) around
/// `body`, its directive at `at`.
pub fn named_critical(name: String, at: Span, body: Block) -> Stmt {
    let span = body.span;
    let pragma = Pragma {
        directive: Directive::Critical,
        argument: Some(DirectiveArg::Name(Ident { name, span: at })),
        clauses: Vec::new(),
        span: at,
        directive_span: at,
        line: at.line,
    };
    Stmt {
        kind: StmtKind::Omp(Box::new(OmpConstruct {
            pragma,
            body: OmpBody::Block {
                contract: None,
                body,
            },
            region: None,
            span,
        })),
        span,
    }
}

/// `t = omp_test_lock(&l); if (t) { …; omp_unset_lock(&l); }` at `i`: the call goes (`t` keeps
/// the unknown value of its declaration) and the branch holds the lock.
fn test_lock(stmts: &mut [Stmt], i: usize, names: &[String]) {
    let Some(StmtKind::Call {
        target: Some(Expr {
            kind: ExprKind::Var(t),
            ..
        }),
        callee,
        args,
    }) = stmts.get(i).map(|s| &s.kind)
    else {
        return;
    };
    let nest = match callee.name.as_str() {
        "omp_test_lock" => false,
        "omp_test_nest_lock" => true,
        _ => return,
    };
    let (t, Some(v)) = (*t, lock_arg(args)) else {
        return;
    };
    // The temporary the front end declares for the call's result (read only by the test).
    let is_t = |e: &Expr| match &e.kind {
        ExprKind::Var(x) => *x == t,
        ExprKind::Binary {
            op: BinOp::Ne,
            lhs,
            rhs,
        } => lhs.kind == ExprKind::Var(t) && rhs.kind == ExprKind::Int(0),
        ExprKind::Cast(inner) => inner.kind == ExprKind::Var(t),
        _ => false,
    };
    let Some(StmtKind::If { cond, then, .. }) = stmts.get(i + 1).map(|s| &s.kind) else {
        return;
    };
    if !is_t(cond) || then.stmts.last().and_then(|s| lock_call(s, false, nest)) != Some(v) {
        return;
    }
    let set_span = stmts[i].span;
    stmts[i].kind = StmtKind::Block(Block {
        stmts: Vec::new(),
        span: set_span,
    });
    let StmtKind::If { then, .. } = &mut stmts[i + 1].kind else {
        return;
    };
    let unset = then.stmts.pop().expect("the unset");
    let inner = std::mem::take(&mut then.stmts);
    let name = names.get(v.0 as usize).cloned().unwrap_or_default();
    then.stmts
        .push(critical(v, &name, nest, set_span, unset.span, inner));
}

/// The lock variables of the region whose statements are `stmts` must be shared by the team:
/// not declared in the region, not named in a privatising clause of a construct there.
pub fn check_shared(stmts: &[Stmt], region: &Pragma, program: &Program) -> Result<(), FrontError> {
    let declared = crate::c::visit::declared(stmts);
    let mut pragmas = vec![region.clone()];
    let mut used: Vec<(VarId, Span)> = Vec::new();
    crate::c::visit::each_stmt(stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            pragmas.push(c.pragma.clone());
            if let Some((v, _)) = c.pragma.critical_name().and_then(|n| lock_var(&n.name)) {
                used.push((v, c.pragma.span));
            }
        }
    });
    for (v, at) in used {
        let name = &program.var(v).name;
        let private = pragmas.iter().any(|p| {
            p.private_vars()
                .chain(p.firstprivate_vars())
                .any(|i| &i.name == name)
        });
        if declared.contains(&v) || private {
            return Err(FrontError::unsupported(
                at,
                format!(
                    "the lock `{name}` is private to each thread (OpenMP 5.2 §5.1.1), so it \
                     excludes nothing; a lock of the team is declared outside the region"
                ),
            ));
        }
    }
    Ok(())
}

/// Whether the resource invariant's lock `r` is the lock `l`.
pub fn names(r: &crate::spec::LockRef, l: &crate::omp::LockName) -> bool {
    use crate::omp::LockName;
    use crate::spec::LockRef;
    match (r, l) {
        (LockRef::Critical(None), LockName::Critical(None)) => true,
        (LockRef::Critical(Some(n)), LockName::Critical(Some(c))) => &n.name == c,
        (LockRef::Lock(v), LockName::Critical(Some(c))) => {
            lock_var(c).is_some_and(|(_, name)| name == v.name)
        }
        (LockRef::Atomic, LockName::Atomic) => true,
        _ => false,
    }
}

/// Gives every lock block of `t` the resource invariant the region states for its lock (thesis
/// ch. 6: the lock holds the invariant's resources while no thread holds it): its contract,
/// which the proof uses instead of the locations ompv would infer. An invariant for a lock no
/// construct of the region takes is an error (a misspelt name).
pub fn attach_invariants(
    t: ppl::Ppl<crate::omp::OmpBlock>,
    invariants: Vec<crate::spec::Clause>,
) -> Result<ppl::Ppl<crate::omp::OmpBlock>, FrontError> {
    if invariants.is_empty() {
        return Ok(t);
    }
    let mut used = vec![false; invariants.len()];
    let t = t.map_blocks(&mut |mut b| {
        if let Some(l) = &b.payload.lock {
            for (k, inv) in invariants.iter().enumerate() {
                if inv.lock.as_ref().is_some_and(|r| names(r, l)) {
                    used[k] = true;
                    let clause = crate::spec::Clause {
                        kind: crate::spec::ClauseKind::Context,
                        expr: inv.expr.clone(),
                        span: inv.span,
                        inferred: None,
                        lock: None,
                    };
                    let k = b
                        .payload
                        .contract
                        .get_or_insert_with(|| crate::spec::Contract {
                            clauses: Vec::new(),
                            span: inv.span,
                        });
                    k.clauses.push(clause);
                }
            }
        }
        b.payload
    });
    if let Some(k) = used.iter().position(|u| !u) {
        let inv = &invariants[k];
        let what = inv.lock.as_ref().map_or(String::new(), |l| l.to_string());
        return Err(FrontError::type_error(
            inv.span,
            format!("no construct of this parallel region takes the lock of `resource_invariant {what}`"),
        ));
    }
    Ok(t)
}
