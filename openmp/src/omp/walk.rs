//! Queries and walks over OpenMP constructs in the C program that passes of every group share.

use crate::c::ast::*;
use crate::omp::ast::LockName;
use crate::pragma::{Directive, Pragma};

/// Calls `f` on every block directly inside `s`.
pub fn for_each_block_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Block)) {
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

/// Every statement of a construct (its body, sections, loop body).
pub fn construct_stmts(c: &OmpConstruct) -> Vec<Stmt> {
    match &c.body {
        OmpBody::Block { body, .. } => body.stmts.clone(),
        OmpBody::Loop(n) => n.body.stmts.clone(),
        OmpBody::Sections(ss) => ss.iter().flat_map(|s| s.body.stmts.clone()).collect(),
        OmpBody::None => Vec::new(),
    }
}

/// Whether `stmts` generate tasks at their top level (or in a `taskgroup` or a compound
/// statement there).
pub fn generates_tasks(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Omp(c) => matches!(
            c.pragma.directive,
            Directive::Task | Directive::Taskloop | Directive::Taskwait | Directive::Taskgroup
        ),
        StmtKind::Block(b) => generates_tasks(&b.stmts),
        _ => false,
    })
}

/// The lock a construct takes, if it is a mutual-exclusion construct.
pub fn lock_of(p: &Pragma) -> Option<LockName> {
    match p.directive {
        Directive::Critical => Some(LockName::Critical(
            p.critical_name().map(|n| n.name.clone()),
        )),
        Directive::Atomic => Some(LockName::Atomic),
        _ => None,
    }
}
