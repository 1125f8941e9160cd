//! Which variables code assigns: the writes of a basic block to variables it does not own
//! (shared scalars, checked syntactically because scalars carry no permission), and the
//! parameters a function assigns (they become local copies, as Viper arguments are read-only).

use crate::c::{Block, Expr, ExprKind, Stmt, StmtKind};
use crate::omp::BlockBody;
use crate::omp::Region;
use std::collections::{BTreeSet, HashSet};
use viper::Span;

/// The variable an assignment or call writes, if it is a variable.
fn written_var(s: &Stmt) -> Option<&str> {
    let target = match &s.kind {
        StmtKind::Assign { target, .. } => Some(target),
        StmtKind::Call {
            target: Some(t), ..
        } => Some(t),
        _ => None,
    }?;
    match &target.kind {
        ExprKind::Var(n) => Some(n),
        _ => None,
    }
}

/// Writes to variables not declared inside `body` and not in `owned`, with their positions,
/// in source order.
pub fn writes_to_outer(body: &Block, owned: &HashSet<String>) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    let mut frames: Vec<HashSet<String>> = vec![HashSet::new()];
    walk(&body.stmts, owned, &mut frames, &mut out);
    out
}

fn walk(
    ss: &[Stmt],
    owned: &HashSet<String>,
    frames: &mut Vec<HashSet<String>>,
    out: &mut Vec<(String, Span)>,
) {
    let local = |frames: &Vec<HashSet<String>>, n: &str| frames.iter().any(|f| f.contains(n));
    for s in ss {
        if let Some(n) = written_var(s) {
            if !owned.contains(n) && !local(frames, n) {
                out.push((n.to_string(), s.span));
            }
        }
        let mut nested = |body: &[Stmt], frames: &mut Vec<HashSet<String>>| {
            frames.push(HashSet::new());
            walk(body, owned, frames, out);
            frames.pop();
        };
        match &s.kind {
            StmtKind::Decl { name, .. } => {
                if let Some(f) = frames.last_mut() {
                    f.insert(name.name.clone());
                }
            }
            StmtKind::If { then, els, .. } => {
                nested(&then.stmts, frames);
                if let Some(e) = els {
                    nested(&e.stmts, frames);
                }
            }
            StmtKind::While { body, .. } | StmtKind::Block(body) => nested(&body.stmts, frames),
            StmtKind::For {
                init, step, body, ..
            } => {
                // The loop header's declarations are visible in the step and the body.
                let mut all: Vec<Stmt> = init.clone();
                all.push(Stmt {
                    kind: StmtKind::Block(body.clone()),
                    span: body.span,
                });
                all.extend(step.iter().cloned());
                nested(&all, frames);
            }
            _ => {}
        }
    }
}

/// Names a function body may assign (over-approximated: shadowing is ignored): assignment and
/// call targets, loop variables of parallel loops that do not declare them, and the variables
/// regions make private (they are havocked after the region).
pub fn assigned_names(ss: &[Stmt], regions: &[Region], out: &mut BTreeSet<String>) {
    for s in ss {
        if let Some(n) = written_var(s) {
            out.insert(n.to_string());
        }
        match &s.kind {
            StmtKind::If { then, els, .. } => {
                assigned_names(&then.stmts, regions, out);
                if let Some(e) = els {
                    assigned_names(&e.stmts, regions, out);
                }
            }
            StmtKind::While { body, .. } | StmtKind::Block(body) => {
                assigned_names(&body.stmts, regions, out)
            }
            StmtKind::For {
                init, step, body, ..
            } => {
                assigned_names(init, regions, out);
                assigned_names(step, regions, out);
                assigned_names(&body.stmts, regions, out);
            }
            StmtKind::Parallel(id) => {
                if let Some(r) = regions.get(id.0) {
                    out.extend(privatised(r));
                }
            }
            _ => {}
        }
    }
}

/// Variables of the function a region makes private to its blocks: `private`/`firstprivate`
/// names and the loop variables of parallel loops that assign a variable of the function.
/// Their values after the region are unknown.
pub fn privatised(r: &Region) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for b in r.ppl.blocks() {
        out.extend(b.payload.private.iter().map(|i| i.name.clone()));
        out.extend(b.payload.firstprivate.iter().map(|i| i.name.clone()));
        if let BlockBody::Loop(lp) = &b.payload.body {
            if !lp.declares_var {
                out.insert(lp.var.name.clone());
            }
        }
    }
    out
}

/// Whether a C expression reads memory (`a[i]`, `*p`).
pub fn reads_memory(e: &Expr) -> bool {
    if matches!(e.kind, ExprKind::Index { .. } | ExprKind::Deref(_)) {
        return true;
    }
    let mut found = false;
    e.for_each_child(&mut |c| found = found || reads_memory(c));
    found
}

/// Whether a C expression mentions one of `names`.
pub fn mentions_any(e: &Expr, names: &HashSet<String>) -> Option<String> {
    if let ExprKind::Var(n) = &e.kind {
        if names.contains(n) {
            return Some(n.clone());
        }
    }
    let mut found = None;
    e.for_each_child(&mut |c| {
        if found.is_none() {
            found = mentions_any(c, names);
        }
    });
    found
}

/// The names of a function's parameters and of every variable its body declares (regions
/// included), so that generated names can avoid them.
pub fn source_names(f: &crate::c::Function, regions: &[Region]) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = f.params.iter().map(|p| p.name.name.clone()).collect();
    if let crate::c::Body::Verified(b) = &f.body {
        declared(&b.stmts, regions, &mut out);
    }
    out
}

fn declared(ss: &[Stmt], regions: &[Region], out: &mut BTreeSet<String>) {
    for s in ss {
        match &s.kind {
            StmtKind::Decl { name, .. } => {
                out.insert(name.name.clone());
            }
            StmtKind::If { then, els, .. } => {
                declared(&then.stmts, regions, out);
                if let Some(e) = els {
                    declared(&e.stmts, regions, out);
                }
            }
            StmtKind::While { body, .. } | StmtKind::Block(body) => {
                declared(&body.stmts, regions, out)
            }
            StmtKind::For {
                init, step, body, ..
            } => {
                declared(init, regions, out);
                declared(step, regions, out);
                declared(&body.stmts, regions, out);
            }
            StmtKind::Parallel(id) => {
                let Some(r) = regions.get(id.0) else { continue };
                for b in r.ppl.blocks() {
                    match &b.payload.body {
                        BlockBody::Loop(lp) => {
                            out.insert(lp.var.name.clone());
                            declared(&lp.body.stmts, regions, out);
                        }
                        BlockBody::Code(c) => declared(&c.stmts, regions, out),
                    }
                }
            }
            _ => {}
        }
    }
}
