//! Scalars declared in the code of a `single` or a `section` that generates tasks, and shared
//! with those tasks: their one object is declared before the region instead.
//!
//! Why this is exact: such code runs once, on one thread (OpenMP 5.2 §11.1, §11.3), so the
//! variable has one object during the region, which only that code and its tasks can name (its
//! scope is the code). A task that names it in `shared` (or has `default(shared)`) uses that
//! object (§5.1.1). As a variable of the function declared before the region, it is one object
//! shared by the team (§5.1.1 again) that no other code of the region names: the same accesses
//! to the same storage. The declaration becomes an assignment of its initialiser where it stood.
//!
//! Only where the equivalence is plain: the `single`/`section` is at the top level of its
//! region's code (not in a loop, where every encounter would have an object of its own; a
//! `single ... nowait` in a loop could even run on two threads at once), the declaration is at
//! the top level of the generating code, the variable is a scalar, not `const`, the only one of
//! its name in its function, and every task
//! that names it shares it explicitly (otherwise it would be `firstprivate` there, §5.1.1, a
//! different object), and no construct on the way has a `default` clause that could ask for a
//! data-sharing clause of its own (§5.4.1).

use crate::c::ast::{
    Block, Body, Expr, ExprKind, Init, OmpBody, OmpConstruct, Stmt, StmtKind, Storage, Type, Var,
    VarId,
};
use crate::c::Program;
use crate::pragma::{ClauseKind, DefaultKind, Directive, Pragma};
use std::collections::BTreeSet;

/// Applies the rewrite to every region of every verified function of `program`.
pub fn shared_task_scalars(program: &mut Program) {
    let vars = program.vars.clone();
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            in_stmts(&mut b.stmts, &vars);
        }
    }
}

fn in_stmts(stmts: &mut Vec<Stmt>, vars: &[Var]) {
    let mut i = 0;
    while i < stmts.len() {
        let mut hoisted: Vec<VarId> = Vec::new();
        match &mut stmts[i].kind {
            StmtKind::Omp(c) if c.region.is_some() => {
                if default_is_shared(&c.pragma) {
                    region(c, vars, &mut hoisted);
                }
            }
            _ => crate::omp::walk::for_each_block_mut(&mut stmts[i], &mut |b| {
                in_stmts(&mut b.stmts, vars)
            }),
        }
        let span = stmts[i].span;
        let n = hoisted.len();
        for (k, var) in hoisted.into_iter().enumerate() {
            stmts.insert(
                i + k,
                Stmt {
                    kind: StmtKind::Decl { var, init: None },
                    span,
                },
            );
        }
        i += n + 1;
    }
}

/// No `default` clause, or `default(shared)`.
fn default_is_shared(p: &Pragma) -> bool {
    p.clauses.iter().all(|c| match &c.kind {
        ClauseKind::Default(k) => *k == DefaultKind::Shared,
        _ => true,
    })
}

/// The generating code at the top level of the region's code.
fn region(c: &mut OmpConstruct, vars: &[Var], hoisted: &mut Vec<VarId>) {
    // `parallel sections`: its sections are generating code at the top level of the region.
    if let OmpBody::Sections(ss) = &mut c.body {
        for s in ss {
            generating(&mut s.body, vars, hoisted);
        }
        return;
    }
    let OmpBody::Block { body, .. } = &mut c.body else {
        return;
    };
    top_level(&mut body.stmts, &mut |g| match &mut g.body {
        OmpBody::Block { body, .. } if g.pragma.directive == Directive::Single => {
            generating(body, vars, hoisted)
        }
        OmpBody::Sections(ss) if g.pragma.directive == Directive::Sections => {
            for s in ss {
                generating(&mut s.body, vars, hoisted);
            }
        }
        _ => {}
    });
}

/// Calls `f` on the constructs at the top level of `stmts` (compound statements included).
fn top_level(stmts: &mut [Stmt], f: &mut dyn FnMut(&mut OmpConstruct)) {
    for s in stmts {
        match &mut s.kind {
            StmtKind::Block(b) => top_level(&mut b.stmts, f),
            StmtKind::Omp(c) => f(c),
            _ => {}
        }
    }
}

/// Rewrites the declarations of the generating code `body` that qualify.
fn generating(body: &mut Block, vars: &[Var], hoisted: &mut Vec<VarId>) {
    if !crate::omp::walk::generates_tasks(&body.stmts) {
        return;
    }
    // Per variable: named by some task, and by no task that does not share it explicitly,
    // except by tasks that make it firstprivate implicitly (no clause names it, no `default`).
    let mut shared: BTreeSet<VarId> = BTreeSet::new();
    let mut implicit: BTreeSet<VarId> = BTreeSet::new();
    let mut not_shared: BTreeSet<VarId> = BTreeSet::new();
    crate::c::visit::each_stmt(&body.stmts, &mut |s| {
        let StmtKind::Omp(t) = &s.kind else { return };
        if !matches!(t.pragma.directive, Directive::Task | Directive::Taskloop) {
            return;
        }
        // The construct's own expressions (a taskloop's bounds) and its body.
        let inner = std::slice::from_ref(s);
        let default_shared = t
            .pragma
            .clauses
            .iter()
            .any(|c| matches!(c.kind, ClauseKind::Default(DefaultKind::Shared)));
        let any_default = t
            .pragma
            .clauses
            .iter()
            .any(|c| matches!(c.kind, ClauseKind::Default(_)));
        for v in crate::c::visit::referenced(inner) {
            let name = &vars[v.0 as usize].name;
            let named_shared = t.pragma.clauses.iter().any(|c| match &c.kind {
                ClauseKind::Shared(items) => items.iter().any(|i| &i.base.name == name),
                _ => false,
            });
            if named_shared || default_shared && !names(&t.pragma, name) {
                shared.insert(v);
            } else if !any_default && !names(&t.pragma, name) {
                implicit.insert(v);
            } else {
                not_shared.insert(v);
            }
        }
    });
    // (The variables of OpenMP loops count as assigned: the loop header assigns them.)
    let mut assigned = crate::c::visit::assigned(&body.stmts);
    crate::c::visit::each_stmt(&body.stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            if let OmpBody::Loop(n) = &c.body {
                assigned.extend(n.loops.iter().map(|l| l.var));
            }
        }
    });
    rewrite(
        &mut body.stmts,
        vars,
        &|v| {
            let info = &vars[v.0 as usize];
            // A task's implicit firstprivate copy (§5.1.1) of a variable nothing assigns after
            // its declaration has the variable's value throughout: reading the variable instead
            // is the same, and no write can race with the reads.
            let copies_equal = !implicit.contains(&v) || !assigned.contains(&v) && !info.addr_taken;
            (shared.contains(&v) || implicit.contains(&v))
            && !not_shared.contains(&v)
            && copies_equal
            && info.storage == Storage::Local
            && !info.is_const
            && !info.threadprivate
            && !matches!(info.ty, Type::Array { .. } | Type::Struct(_))
            // Clauses name variables by name: no other variable of the function may share it.
            && vars
                .iter()
                .filter(|w| w.name == info.name && w.function == info.function)
                .count()
                == 1
        },
        hoisted,
    );
}

/// Whether a data-sharing attribute clause of `p` names `name` (then `default` does not decide
/// its attribute).
fn names(p: &Pragma, name: &str) -> bool {
    p.clauses
        .iter()
        .any(|c| crate::semantics::openmp::names_attribute(&c.kind) && c.kind.names(name))
}

/// Turns the qualifying declarations at the top level of `stmts` into assignments.
fn rewrite(
    stmts: &mut [Stmt],
    vars: &[Var],
    hoist: &dyn Fn(VarId) -> bool,
    hoisted: &mut Vec<VarId>,
) {
    for s in stmts {
        match &mut s.kind {
            StmtKind::Block(b) => rewrite(&mut b.stmts, vars, hoist, hoisted),
            // (A scalar with a `{ … }` initialiser keeps its declaration.)
            StmtKind::Decl { var, init } if hoist(*var) && !matches!(init, Some(Init::List(_))) => {
                let var = *var;
                let init = init.take();
                initialise_in_place(s, var, init, vars);
                hoisted.push(var);
            }
            _ => {}
        }
    }
}

/// Turns the declaration statement `s` of `var`, whose declaration moves elsewhere, into the
/// assignment of its initialiser `init` (an expression), or into nothing without one.
pub(crate) fn initialise_in_place(s: &mut Stmt, var: VarId, init: Option<Init>, vars: &[Var]) {
    s.kind = match init {
        Some(Init::Expr(value)) => StmtKind::Assign {
            target: Expr {
                kind: ExprKind::Var(var),
                ty: vars[var.0 as usize].ty.clone(),
                span: s.span,
            },
            value,
        },
        _ => StmtKind::Block(Block {
            stmts: Vec::new(),
            span: s.span,
        }),
    };
}
