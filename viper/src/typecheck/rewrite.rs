//! Rewrites of the type-checked program: the resolution of `/`, the removal of `decreases`
//! clauses, and predicate instances used as assertions made access predicates.

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
    each_root(program, &mut |e| expr(e, &mut f));
}

/// Calls `g` on every expression of the program that is not part of another one (contracts,
/// bodies, statements' expressions, predicate bodies, axioms).
fn each_root(program: &mut Program, g: &mut Visit<'_>) {
    for item in &mut program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                for e in m.pres.iter_mut().chain(&mut m.posts) {
                    g(e);
                }
                if let Some(b) = &mut m.body {
                    block(b, g);
                }
            }
            Item::Function(x) => {
                for e in x.pres.iter_mut().chain(&mut x.posts).chain(&mut x.body) {
                    g(e);
                }
            }
            Item::Predicate(p) => {
                if let Some(e) = &mut p.body {
                    g(e);
                }
            }
            Item::Domain(d) => {
                for a in &mut d.axioms {
                    g(&mut a.expr);
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

/// Calls `f` on the expressions of `s` that are not part of another one.
fn stmt(s: &mut Stmt, f: &mut Visit<'_>) {
    match &mut s.kind {
        StmtKind::Block(b) => block(b, f),
        StmtKind::VarDecl { init, .. } => {
            if let Some(e) = init {
                f(e);
            }
        }
        StmtKind::Assign { value, .. } => f(value),
        StmtKind::FieldAssign { target, value } => {
            f(target);
            f(value);
        }
        StmtKind::Call { args, .. } => args.iter_mut().for_each(&mut *f),
        StmtKind::New { .. } => {}
        StmtKind::If { cond, then, els } => {
            f(cond);
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
            f(cond);
            invariants.iter_mut().for_each(&mut *f);
            block(body, f);
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => f(e),
        StmtKind::Label { invariants, .. } => invariants.iter_mut().for_each(&mut *f),
    }
}

/// Visits `e` and all its subexpressions (parents first).
fn expr(e: &mut Expr, f: &mut Visit<'_>) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        f(e);
        e.for_each_child_mut(&mut |c| expr(c, f));
    })
}

/// Turns every predicate instance `P(..)` used as an assertion into `acc(P(..))`, as Viper reads
/// it; instances inside `acc(..)` and `perm(..)` stay as they are.
pub(super) fn predicate_instances(program: &mut Program) {
    let preds: HashSet<String> = program.predicates().map(|p| p.name.name.clone()).collect();
    if preds.is_empty() {
        return;
    }
    fn wrap(e: &mut Expr, preds: &HashSet<String>) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match &mut e.kind {
            ExprKind::Acc { loc, perm } => {
                loc.for_each_child_mut(&mut |c| wrap(c, preds));
                if let Some(p) = perm {
                    wrap(p, preds);
                }
            }
            ExprKind::PermOf(loc) => loc.for_each_child_mut(&mut |c| wrap(c, preds)),
            ExprKind::Call { name, .. } if preds.contains(&name.name) => {
                e.for_each_child_mut(&mut |c| wrap(c, preds));
                let span = e.span;
                let inst = std::mem::replace(e, Expr::new(ExprKind::BoolLit(true), span));
                *e = Expr::new(
                    ExprKind::Acc {
                        loc: Box::new(inst),
                        perm: None,
                    },
                    span,
                );
            }
            _ => e.for_each_child_mut(&mut |c| wrap(c, preds)),
        })
    }
    each_root(program, &mut |e| wrap(e, &preds));
}
