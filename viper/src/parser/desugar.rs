//! Inhale-exhale assertions `[A, B]`: `A` where the assertion is inhaled (`inhale`, `assume`),
//! `B` where it is exhaled or asserted (`exhale`, `assert`). Elsewhere (specifications, loop
//! invariants, functions) the assertion plays both roles, which the AST cannot express: such a
//! use is reported as unsupported.

use super::INHALE_EXHALE;
use crate::ast::*;
use crate::InputError;

pub(super) fn inhale_exhale(program: &mut Program) -> Result<(), InputError> {
    for item in &mut program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                for e in m.pres.iter().chain(&m.posts) {
                    reject(e)?;
                }
                if let Some(b) = &mut m.body {
                    block(b)?;
                }
            }
            Item::Function(f) => {
                for e in f.pres.iter().chain(&f.posts).chain(&f.body) {
                    reject(e)?;
                }
            }
            Item::Predicate(p) => {
                if let Some(e) = &p.body {
                    reject(e)?;
                }
            }
            Item::Domain(d) => {
                for a in &d.axioms {
                    reject(&a.expr)?;
                }
            }
        }
    }
    Ok(())
}

fn is_inhale_exhale(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { name, args } if name.name == INHALE_EXHALE && args.len() == 2)
}

/// An error if `e` holds an inhale-exhale assertion.
fn reject(e: &Expr) -> Result<(), InputError> {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        if is_inhale_exhale(e) {
            return Err(InputError::unsupported(
                e.span,
                "an inhale-exhale assertion `[A, B]` outside `inhale`, `exhale`, `assert` and \
                 `assume`",
            ));
        }
        let mut result = Ok(());
        e.for_each_child(&mut |c| {
            if result.is_ok() {
                result = reject(c);
            }
        });
        result
    })
}

/// Replaces every inhale-exhale assertion in `e` by its part `which` (0: inhale, 1: exhale).
fn pick(e: &mut Expr, which: usize) {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        if is_inhale_exhale(e) {
            let kind = std::mem::replace(&mut e.kind, ExprKind::Null);
            if let ExprKind::Call { mut args, .. } = kind {
                *e = args.swap_remove(which);
            }
            pick(e, which);
            return;
        }
        e.for_each_child_mut(&mut |c| pick(c, which));
    })
}

fn block(b: &mut Block) -> Result<(), InputError> {
    for s in &mut b.stmts {
        stmt(s)?;
    }
    Ok(())
}

fn stmt(s: &mut Stmt) -> Result<(), InputError> {
    match &mut s.kind {
        StmtKind::Inhale(e) | StmtKind::Assume(e) => pick(e, 0),
        StmtKind::Exhale(e) | StmtKind::Assert(e) => pick(e, 1),
        StmtKind::Block(b) => block(b)?,
        StmtKind::VarDecl { init, .. } => {
            if let Some(e) = init {
                reject(e)?;
            }
        }
        StmtKind::Assign { value, .. } => reject(value)?,
        StmtKind::FieldAssign { target, value } => {
            reject(target)?;
            reject(value)?;
        }
        StmtKind::Call { args, .. } => {
            for a in args.iter() {
                reject(a)?;
            }
        }
        StmtKind::New { .. } => {}
        StmtKind::If { cond, then, els } => {
            reject(cond)?;
            block(then)?;
            if let Some(b) = els {
                block(b)?;
            }
        }
        StmtKind::While {
            cond,
            invariants,
            body,
        } => {
            reject(cond)?;
            for i in invariants.iter() {
                reject(i)?;
            }
            block(body)?;
        }
        StmtKind::Fold(e) | StmtKind::Unfold(e) => reject(e)?,
        StmtKind::Label { invariants, .. } => {
            for i in invariants.iter() {
                reject(i)?;
            }
        }
    }
    Ok(())
}

/// Calls `f` on every expression of the program, each before its children (which `f` may
/// replace).
pub(super) fn for_each_expr_mut(program: &mut Program, f: &mut dyn FnMut(&mut Expr)) {
    fn expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            f(e);
            e.for_each_child_mut(&mut |c| expr(c, f));
        })
    }
    fn block(b: &mut Block, f: &mut dyn FnMut(&mut Expr)) {
        for s in &mut b.stmts {
            stmt(s, f);
        }
    }
    fn stmt(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
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
            StmtKind::Call { args, .. } => args.iter_mut().for_each(|a| expr(a, f)),
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
                invariants.iter_mut().for_each(|i| expr(i, f));
                block(body, f);
            }
            StmtKind::Inhale(e)
            | StmtKind::Exhale(e)
            | StmtKind::Assert(e)
            | StmtKind::Assume(e)
            | StmtKind::Fold(e)
            | StmtKind::Unfold(e) => expr(e, f),
            StmtKind::Label { invariants, .. } => invariants.iter_mut().for_each(|i| expr(i, f)),
        }
    }
    for item in &mut program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                m.pres
                    .iter_mut()
                    .chain(&mut m.posts)
                    .for_each(|e| expr(e, f));
                if let Some(b) = &mut m.body {
                    block(b, f);
                }
            }
            Item::Function(x) => {
                x.pres
                    .iter_mut()
                    .chain(&mut x.posts)
                    .chain(&mut x.body)
                    .for_each(|e| expr(e, f));
            }
            Item::Predicate(p) => {
                if let Some(e) = &mut p.body {
                    expr(e, f);
                }
            }
            Item::Domain(d) => d.axioms.iter_mut().for_each(|a| expr(&mut a.expr, f)),
        }
    }
}
