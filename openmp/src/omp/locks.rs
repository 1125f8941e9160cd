//! OpenMP simple locks (OpenMP 5.2 §18.9) in the proof: `omp_set_lock(&l); …; omp_unset_lock(&l);`
//! in one statement list is mutual exclusion on `l` for the statements between — for race
//! freedom exactly a `critical` region with a name of its own per lock variable (§15.2: two
//! threads never run code under the same lock at the same time). The pair is rewritten as such a
//! critical construct before regions are built, so that locks share the encoding of critical
//! sections (thesis ch. 6: a resource per lock).
//!
//! Only a lock variable shared by the team is a lock of the team: one declared in the region
//! (or made private) is a lock per thread, which excludes nothing; [`check_shared`] rejects it.
//! Other uses of the lock routines (`omp_test_lock`, nestable locks, a lock released in another
//! block, locks in arrays or behind pointers) stay calls, which the encoding rejects inside a
//! region as unsupported.

use crate::c::ast::*;
use crate::c::convert::Program;
use crate::error::FrontError;
use crate::pragma::{Directive, DirectiveArg, Pragma};
use viper::Span;

/// The prefix of the critical names that stand for lock variables (not a C identifier, so no
/// `critical(name)` of the program can take it).
const PREFIX: &str = "omp_lock ";

/// The critical name of lock variable `v` (named `name`).
fn critical_name(v: VarId, name: &str) -> String {
    format!("{PREFIX}{name}#{}", v.0)
}

/// The lock variable a critical name stands for, if it stands for one.
pub fn lock_var(critical: &str) -> Option<(VarId, &str)> {
    let rest = critical.strip_prefix(PREFIX)?;
    let (name, id) = rest.rsplit_once('#')?;
    Some((VarId(id.parse().ok()?), name))
}

/// `l` of a call `omp_set_lock(&l)` / `omp_unset_lock(&l)` (`set` chooses which).
fn lock_call(s: &Stmt, set: bool) -> Option<VarId> {
    let StmtKind::Call {
        target: None,
        callee,
        args,
    } = &s.kind
    else {
        return None;
    };
    let want = if set {
        "omp_set_lock"
    } else {
        "omp_unset_lock"
    };
    if callee.name != want {
        return None;
    }
    match args.as_slice() {
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
        if let Some(v) = lock_call(&stmts[i], true) {
            if let Some(j) = (i + 1..stmts.len()).find(|&j| lock_call(&stmts[j], false) == Some(v))
            {
                let inner: Vec<Stmt> = stmts.drain(i + 1..j).collect();
                let set = stmts.remove(i);
                let unset = stmts.remove(i);
                let span = Span::join(set.span, unset.span);
                let name = names.get(v.0 as usize).cloned().unwrap_or_default();
                let pragma = Pragma {
                    directive: Directive::Critical,
                    argument: Some(DirectiveArg::Name(Ident {
                        name: critical_name(v, &name),
                        span: set.span,
                    })),
                    clauses: Vec::new(),
                    span: set.span,
                    directive_span: set.span,
                    line: set.span.line,
                };
                let body = Block { stmts: inner, span };
                stmts.insert(
                    i,
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
                    },
                );
            }
        }
        for_each_block_mut(&mut stmts[i], &mut |b| rewrite(&mut b.stmts, names));
        i += 1;
    }
}

/// Calls `f` on every block directly inside `s`.
pub(super) fn for_each_block_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Block)) {
    match &mut s.kind {
        StmtKind::If { then, els, .. } => {
            f(then);
            if let Some(e) = els {
                f(e);
            }
        }
        StmtKind::Loop { body, .. } | StmtKind::Block(body) => f(body),
        StmtKind::Omp(c) => match &mut c.body {
            OmpBody::Block { body, .. } => f(body),
            OmpBody::Loop(n) => f(&mut n.body),
            OmpBody::Sections(ss) => ss.iter_mut().for_each(|s| f(&mut s.body)),
            OmpBody::None => {}
        },
        _ => {}
    }
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
pub fn names(r: &crate::spec::LockRef, l: &super::LockName) -> bool {
    use super::LockName;
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
    t: ppl::Ppl<super::OmpBlock>,
    invariants: Vec<crate::spec::Clause>,
) -> Result<ppl::Ppl<super::OmpBlock>, FrontError> {
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
