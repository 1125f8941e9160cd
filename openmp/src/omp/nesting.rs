//! Restrictions of OpenMP 5.2 on where constructs may stand, checked on the program as written
//! (before any rewriting), so that a program that breaks one is reported as not conforming
//! rather than as using something ompv does not support:
//!
//! - §17 (nesting of regions): a `barrier` region, and a worksharing region (`for`,
//!   `sections`, `single`, `scope`), may not be closely nested — with no `parallel` region
//!   between them — inside a worksharing, `loop`, `task`, `taskloop`, `critical`, `ordered`,
//!   `atomic` or `masked` (`master`) region; a `critical` region may not be nested, closely or
//!   otherwise, inside a `critical` region with the same name (the thread would wait for the
//!   lock it holds).
//! - §15.3.1 and §11: each `barrier` region and each worksharing region must be met by all
//!   threads of the team or by none. One under a condition (or in a loop) of the region's code
//!   whose value depends on the thread's number — a variable computed from
//!   `omp_get_thread_num()` — may be met by some threads and not by others; ompv rejects it (a
//!   condition that happens to be the same for every thread, such as `tid >= 0`, is rejected
//!   too: the check follows values, not what they are).
//!
//! Nesting through calls (a `barrier` in a function called in a `for` loop) is seen when the
//! check runs again after the calls in regions are inlined (`omp::build::regions`).

use crate::c::ast::{Block, Expr, Init, OmpBody, OmpConstruct, Stmt, StmtKind, VarId};
use crate::c::visit;
use crate::c::Program;
use crate::error::FrontError;
use crate::omp::walk::construct_stmts;
use crate::pragma::Directive;
use std::collections::BTreeSet;
use std::rc::Rc;

/// The violations of the restrictions above in the verified functions of `program`.
pub fn check(program: &Program) -> Vec<FrontError> {
    let mut w = Walk {
        program,
        errors: Vec::new(),
        criticals: Vec::new(),
    };
    for f in &program.functions {
        if let crate::c::ast::Body::Verified(b) = &f.body {
            w.stmts(&b.stmts, &Ctx::default());
        }
    }
    w.errors
}

/// Where a statement stands.
#[derive(Clone, Default)]
struct Ctx {
    /// The innermost construct since the innermost `parallel` region that restricts what may be
    /// closely nested in it (by its name in messages).
    close: Option<&'static str>,
    /// Inside the code of a parallel region (of this function).
    in_region: bool,
    /// The innermost condition of the region's code that depends on the thread's number: the
    /// variable it reads.
    guard: Option<VarId>,
    /// The variables of the current region whose values depend on the thread's number.
    dependent: Rc<BTreeSet<VarId>>,
}

struct Walk<'p> {
    program: &'p Program,
    errors: Vec<FrontError>,
    /// The names of the `critical` constructs around the statement (`""` for the unnamed one).
    criticals: Vec<String>,
}

impl Walk<'_> {
    fn stmts(&mut self, stmts: &[Stmt], ctx: &Ctx) {
        for s in stmts {
            self.stmt(s, ctx);
        }
    }

    fn stmt(&mut self, s: &Stmt, ctx: &Ctx) {
        match &s.kind {
            StmtKind::Omp(c) => self.construct(c, ctx),
            StmtKind::If { cond, then, els } => {
                let inner = self.guarded(ctx, &[cond]);
                self.stmts(&then.stmts, &inner);
                if let Some(e) = els {
                    self.stmts(&e.stmts, &inner);
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
                // The number of times the body runs depends on what the header reads.
                let mut header: Vec<&Expr> = cond.iter().collect();
                for st in init.iter().chain(cond_pre).chain(step) {
                    stmt_exprs(st, &mut header);
                }
                let inner = self.guarded(ctx, &header);
                self.stmts(&body.stmts, &inner);
            }
            _ => s.for_each_block(&mut |b: &Block| self.stmts(&b.stmts, ctx)),
        }
    }

    /// `ctx` inside a statement controlled by `exprs`: guarded if one of them reads a variable
    /// whose value depends on the thread's number.
    fn guarded(&self, ctx: &Ctx, exprs: &[&Expr]) -> Ctx {
        let mut inner = ctx.clone();
        if ctx.in_region && ctx.guard.is_none() {
            let mut vs = Vec::new();
            for e in exprs {
                e.vars(&mut vs);
            }
            inner.guard = vs.into_iter().find(|v| ctx.dependent.contains(v));
        }
        inner
    }

    fn construct(&mut self, c: &OmpConstruct, ctx: &Ctx) {
        let d = c.pragma.directive;
        let what = if d == Directive::Barrier {
            Some("a `barrier` region")
        } else if d.is_worksharing() && !d.is_parallel() {
            Some("a worksharing region")
        } else {
            None
        };
        if let Some(what) = what {
            if let Some(outer) = ctx.close {
                self.errors.push(FrontError::nonconforming(
                    c.pragma.directive_span,
                    format!(
                        "`omp {}` inside {outer}: {what} may not be closely nested in it \
                         (OpenMP 5.2 §17)",
                        d.name()
                    ),
                ));
            } else if let Some(v) = ctx.guard {
                let rule = if d == Directive::Barrier {
                    "§15.3.1"
                } else {
                    "§11"
                };
                let var = self.program.var(v);
                // (A temporary of the front end holds `omp_get_thread_num()` for a `master` or
                // `masked` region, or for a call in a condition.)
                let on = if var.storage == crate::c::ast::Storage::Synthetic {
                    "on the thread's number (a `master`/`masked` region, or a test of \
                     `omp_get_thread_num()`)"
                        .to_string()
                } else {
                    format!("on `{}`, which depends on the thread's number", var.name)
                };
                self.errors.push(FrontError::nonconforming(
                    c.pragma.directive_span,
                    format!(
                        "`omp {}` under a condition {on}: some threads of the team may meet it \
                         and others not, and OpenMP 5.2 {rule} requires {what} to be met by all \
                         threads of the team or by none",
                        d.name(),
                    ),
                ));
            }
        }
        let mut held = false;
        if d == Directive::Critical {
            let name = c
                .pragma
                .critical_name()
                .map_or(String::new(), |n| n.name.clone());
            if self.criticals.contains(&name) {
                let shown = if name.is_empty() {
                    "the unnamed `critical`".to_string()
                } else {
                    format!("`critical({name})`")
                };
                self.errors.push(FrontError::nonconforming(
                    c.pragma.directive_span,
                    format!(
                        "{shown} inside a region of the same `critical`: the thread would wait \
                         for the lock it holds (OpenMP 5.2 §17: a `critical` region may not be \
                         nested inside a `critical` region with the same name)"
                    ),
                ));
            } else {
                self.criticals.push(name);
                held = true;
            }
        }
        let inner = self.inside(c, ctx);
        match &c.body {
            OmpBody::Block { body, .. } => self.stmts(&body.stmts, &inner),
            OmpBody::Loop(n) => self.stmts(&n.body.stmts, &inner),
            OmpBody::Sections(ss) => {
                for sec in ss {
                    self.stmts(&sec.body.stmts, &inner);
                }
            }
            OmpBody::None => {}
        }
        if held {
            self.criticals.pop();
        }
    }

    /// The context of the code inside construct `c`.
    fn inside(&self, c: &OmpConstruct, ctx: &Ctx) -> Ctx {
        let d = c.pragma.directive;
        let leaves = d.leaves();
        if d.is_parallel() {
            // A new team: what was around binds to the old one. The code of a combined
            // construct is inside its other leaves (`parallel for`: in a worksharing loop).
            let stmts = construct_stmts(c);
            return Ctx {
                close: leaves.iter().skip(1).find_map(|l| restricting(*l)),
                in_region: true,
                guard: None,
                dependent: Rc::new(thread_dependent(&stmts)),
            };
        }
        let mut inner = ctx.clone();
        if let Some(name) = leaves.iter().find_map(|l| restricting(*l)) {
            if d != Directive::Critical || !is_lock(c) {
                inner.close = Some(name);
            }
        }
        inner
    }
}

/// The construct a leaf directive makes, if a `barrier` or worksharing region may not be
/// closely nested in it (§17).
fn restricting(d: Directive) -> Option<&'static str> {
    Some(match d {
        Directive::For => "a worksharing-loop (`for`) region",
        Directive::Sections => "a `sections` region",
        Directive::Single => "a `single` region",
        Directive::Scope => "a `scope` region",
        Directive::Loop => "a `loop` region",
        Directive::Task => "a `task` region",
        Directive::Taskloop => "a `taskloop` region",
        Directive::Critical => "a `critical` region",
        Directive::Ordered => "an `ordered` region",
        Directive::Atomic => "an `atomic` region",
        Directive::Masked => "a `masked` region",
        Directive::Master => "a `master` region",
        _ => return None,
    })
}

/// Whether a `critical` construct stands for an OpenMP lock (`omp::sync::locks` names them so).
fn is_lock(c: &OmpConstruct) -> bool {
    c.pragma
        .critical_name()
        .is_some_and(|n| crate::omp::critical_names::lock_var(&n.name).is_some())
}

/// The variables of a region's code `stmts` whose values depend on the thread's number: those
/// assigned the result of `omp_get_thread_num()`, and those computed from one of them.
fn thread_dependent(stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    loop {
        let before = out.len();
        visit::each_stmt(stmts, &mut |s| {
            let (target, from): (Option<VarId>, Vec<&Expr>) = match &s.kind {
                StmtKind::Call {
                    target: Some(t),
                    callee,
                    args,
                } => {
                    if callee.name == "omp_get_thread_num" {
                        if let Some(v) = visit::whole_var(t) {
                            out.insert(v);
                        }
                    }
                    (visit::whole_var(t), args.iter().collect())
                }
                StmtKind::Assign { target, value } => (visit::whole_var(target), vec![value]),
                StmtKind::Decl {
                    var,
                    init: Some(Init::Expr(e)),
                } => (Some(*var), vec![e]),
                _ => (None, Vec::new()),
            };
            if let Some(t) = target {
                let mut vs = Vec::new();
                for e in from {
                    e.vars(&mut vs);
                }
                if vs.iter().any(|v| out.contains(v)) {
                    out.insert(t);
                }
            }
        });
        if out.len() == before {
            return out;
        }
    }
}

/// The expressions a plain statement of a loop header evaluates.
fn stmt_exprs<'a>(s: &'a Stmt, out: &mut Vec<&'a Expr>) {
    match &s.kind {
        StmtKind::Assign { target, value } => {
            out.push(target);
            out.push(value);
        }
        StmtKind::Decl {
            init: Some(Init::Expr(e)),
            ..
        } => out.push(e),
        StmtKind::Call { args, .. } => out.extend(args),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
