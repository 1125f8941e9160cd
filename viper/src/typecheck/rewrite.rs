//! Applying the type checker's resolution of `/` to the program.

use crate::ast::*;
use std::collections::HashSet;

/// Turns the `Div` nodes at the given addresses into `PermDiv`.
pub(super) fn perm_divs(program: &mut Program, at: &HashSet<usize>) {
    let mut f = |e: &mut Expr| {
        let a = &*e as *const Expr as usize;
        if let ExprKind::Binary { op, .. } = &mut e.kind {
            if *op == BinaryOp::Div && at.contains(&a) {
                *op = BinaryOp::PermDiv;
            }
        }
    };
    for item in &mut program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                for e in m.pres.iter_mut().chain(&mut m.posts) {
                    expr(e, &mut f);
                }
                if let Some(b) = &mut m.body {
                    block(b, &mut f);
                }
            }
            Item::Function(x) => {
                for e in x.pres.iter_mut().chain(&mut x.posts).chain(&mut x.body) {
                    expr(e, &mut f);
                }
            }
            Item::Predicate(p) => {
                if let Some(e) = &mut p.body {
                    expr(e, &mut f);
                }
            }
            Item::Domain(d) => {
                for a in &mut d.axioms {
                    expr(&mut a.expr, &mut f);
                }
            }
        }
    }
}

/// Whether a specification is a `decreases` clause (see [`crate::parser::DECREASES`]).
pub(super) fn is_decreases(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { name, .. } if name.name == crate::parser::DECREASES)
}

/// Removes the `decreases` clauses (checked by then) from preconditions and loop invariants.
pub(super) fn remove_decreases(program: &mut Program) {
    fn in_block(b: &mut Block) {
        for s in &mut b.stmts {
            match &mut s.kind {
                StmtKind::Block(b) => in_block(b),
                StmtKind::If { then, els, .. } => {
                    in_block(then);
                    if let Some(b) = els {
                        in_block(b);
                    }
                }
                StmtKind::While {
                    invariants, body, ..
                } => {
                    invariants.retain(|e| !is_decreases(e));
                    in_block(body);
                }
                _ => {}
            }
        }
    }
    for item in &mut program.items {
        match item {
            Item::Method(m) => {
                m.pres.retain(|e| !is_decreases(e));
                m.posts.retain(|e| !is_decreases(e));
                if let Some(b) = &mut m.body {
                    in_block(b);
                }
            }
            Item::Function(f) => {
                f.pres.retain(|e| !is_decreases(e));
                f.posts.retain(|e| !is_decreases(e));
            }
            _ => {}
        }
    }
}

type Visit<'a> = dyn FnMut(&mut Expr) + 'a;

fn block(b: &mut Block, f: &mut Visit<'_>) {
    for s in &mut b.stmts {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || stmt(s, f));
    }
}

fn stmt(s: &mut Stmt, f: &mut Visit<'_>) {
    match &mut s.kind {
        StmtKind::Block(b) => block(b, f),
        StmtKind::VarDecl { init, .. } => {
            if let Some(e) = init {
                expr(e, f);
            }
        }
        StmtKind::Assign { value, .. } => expr(value, f),
        StmtKind::FieldAssign { target, value } => {
            expr(target, f);
            expr(value, f);
        }
        StmtKind::Call { args, .. } => args.iter_mut().for_each(|e| expr(e, f)),
        StmtKind::New { .. } => {}
        StmtKind::If { cond, then, els } => {
            expr(cond, f);
            block(then, f);
            if let Some(b) = els {
                block(b, f);
            }
        }
        StmtKind::While {
            cond,
            invariants,
            body,
        } => {
            expr(cond, f);
            invariants.iter_mut().for_each(|e| expr(e, f));
            block(body, f);
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => expr(e, f),
        StmtKind::Label { invariants, .. } => invariants.iter_mut().for_each(|e| expr(e, f)),
    }
}

/// Visits `e` and all its subexpressions (parents first).
fn expr(e: &mut Expr, f: &mut Visit<'_>) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        f(e);
        e.for_each_child_mut(&mut |c| expr(c, f));
    })
}
