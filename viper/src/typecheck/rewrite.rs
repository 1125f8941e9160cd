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
