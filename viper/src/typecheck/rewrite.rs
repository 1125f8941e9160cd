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
        match &mut e.kind {
            ExprKind::IntLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Local(_)
            | ExprKind::Result
            | ExprKind::PermLit(_) => {}
            ExprKind::Field { receiver, .. } => expr(receiver, f),
            ExprKind::Unary { operand, .. } => expr(operand, f),
            ExprKind::Binary { left, right, .. } => {
                expr(left, f);
                expr(right, f);
            }
            ExprKind::Cond { cond, then, els } => {
                expr(cond, f);
                expr(then, f);
                expr(els, f);
            }
            ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| expr(a, f)),
            ExprKind::Old { expr: x, .. } | ExprKind::PermOf(x) | ExprKind::Len(x) => expr(x, f),
            ExprKind::Acc { loc, perm } => {
                expr(loc, f);
                if let Some(p) = perm {
                    expr(p, f);
                }
            }
            ExprKind::Quant { triggers, body, .. } => {
                for t in triggers {
                    t.exprs.iter_mut().for_each(|x| expr(x, f));
                }
                expr(body, f);
            }
            ExprKind::Let { value, body, .. } => {
                expr(value, f);
                expr(body, f);
            }
            ExprKind::Unfolding { acc, body } => {
                expr(acc, f);
                expr(body, f);
            }
            ExprKind::SeqLit { elems, .. } | ExprKind::SetLit { elems, .. } => {
                elems.iter_mut().for_each(|x| expr(x, f))
            }
            ExprKind::SeqRange { lo, hi } => {
                expr(lo, f);
                expr(hi, f);
            }
            ExprKind::Index { seq, index } => {
                expr(seq, f);
                expr(index, f);
            }
            ExprKind::Slice { seq, lo, hi } => {
                expr(seq, f);
                if let Some(x) = lo {
                    expr(x, f);
                }
                if let Some(x) = hi {
                    expr(x, f);
                }
            }
            ExprKind::Update { seq, index, value } => {
                expr(seq, f);
                expr(index, f);
                expr(value, f);
            }
        }
    })
}
