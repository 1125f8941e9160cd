//! Walks over statements: every statement, every expression, the variables code declares,
//! reads and writes.

use super::ast::*;
use std::collections::BTreeSet;

/// Calls `f` on every statement of `stmts`, nested ones included (pre-order).
pub fn each_stmt(stmts: &[Stmt], f: &mut dyn FnMut(&Stmt)) {
    for s in stmts {
        f(s);
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &s.kind
        {
            each_stmt(init, f);
            each_stmt(cond_pre, f);
            each_stmt(step, f);
        }
        s.for_each_block(&mut |b| each_stmt(&b.stmts, f));
    }
}

/// Calls `f` on every statement of `stmts` that runs exactly once when they run: the
/// statements and those of plain `{ … }` blocks among them (not of loops, branches or
/// constructs), in order.
pub fn each_plain_stmt<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        if let StmtKind::Block(b) = &s.kind {
            each_plain_stmt(&b.stmts, f);
        }
    }
}

/// Calls `f` on every expression a statement evaluates directly (not those of nested
/// statements), assignment targets included.
pub fn stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Decl { init, var: _ } => {
            if let Some(i) = init {
                init_exprs(i, f);
            }
        }
        StmtKind::Assign { target, value } => {
            f(target);
            f(value);
        }
        StmtKind::Call { target, args, .. } => {
            if let Some(t) = target {
                f(t);
            }
            args.iter().for_each(&mut *f);
        }
        StmtKind::Alloc { target, count, .. } => {
            f(target);
            f(count);
        }
        StmtKind::Free(e) | StmtKind::CAssert(e) => f(e),
        StmtKind::MemSet { target, count, .. } => {
            f(target);
            if let Some(c) = count {
                f(c);
            }
        }
        StmtKind::MemCpy { dst, src, count } => {
            f(dst);
            f(src);
            if let Some(c) = count {
                f(c);
            }
        }
        StmtKind::If { cond, .. } => f(cond),
        StmtKind::Loop { cond, .. } => {
            if let Some(c) = cond {
                f(c);
            }
        }
        StmtKind::Return(Some(e)) => f(e),
        StmtKind::Omp(c) => {
            if let OmpBody::Loop(n) = &c.body {
                for l in &n.loops {
                    f(&l.lower);
                    f(&l.bound);
                }
            }
        }
        StmtKind::Return(None)
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Block(_)
        | StmtKind::Assert(_)
        | StmtKind::SpecIgnored => {}
    }
}

fn init_exprs(i: &Init, f: &mut dyn FnMut(&Expr)) {
    match i {
        Init::Expr(e) => f(e),
        Init::List(items) => items.iter().for_each(|x| init_exprs(x, f)),
    }
}

/// Every variable declared in `stmts` (nested blocks included; loop variables of OpenMP loops
/// declared in their `for` too).
pub fn declared(stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    each_stmt(stmts, &mut |s| match &s.kind {
        StmtKind::Decl { var, .. } => {
            out.insert(*var);
        }
        StmtKind::Omp(c) => {
            if let OmpBody::Loop(n) = &c.body {
                for l in n.loops.iter().filter(|l| l.declares_var) {
                    out.insert(l.var);
                }
            }
        }
        _ => {}
    });
    out
}

/// Every variable `stmts` mention (read, written, or whose address they take).
pub fn referenced(stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    each_stmt(stmts, &mut |s| {
        if let StmtKind::Decl { var, .. } = &s.kind {
            out.insert(*var);
        }
        if let StmtKind::Omp(c) = &s.kind {
            if let OmpBody::Loop(n) = &c.body {
                for l in &n.loops {
                    out.insert(l.var);
                }
            }
        }
        stmt_exprs(s, &mut |e| {
            let mut vs = Vec::new();
            e.vars(&mut vs);
            out.extend(vs);
        });
    });
    out
}

/// The variable an lvalue designates, if it is a whole variable (`x`, not `a[i]` or `*p`).
pub fn whole_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        _ => None,
    }
}

/// The variable whose storage an lvalue lies in, when it is a variable's own storage (`x`,
/// `a[i]` of an array variable `a`, `s.f` of a struct variable `s`); `None` through pointers.
pub fn root_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index { base, .. } if matches!(base.ty, Type::Array { .. }) => root_var(base),
        ExprKind::Member { base, .. } => root_var(base),
        _ => None,
    }
}

/// Variables whose own value `stmts` assign (whole variables; declarations with an initialiser
/// are not counted as assignments).
pub fn assigned(stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    each_stmt(stmts, &mut |s| {
        let target = match &s.kind {
            StmtKind::Assign { target, .. } => Some(target),
            StmtKind::Call {
                target: Some(t), ..
            } => Some(t),
            StmtKind::Alloc { target, .. } => Some(target),
            _ => None,
        };
        if let Some(v) = target.and_then(whole_var) {
            out.insert(v);
        }
        if let StmtKind::Omp(c) = &s.kind {
            if let OmpBody::Loop(n) = &c.body {
                for l in &n.loops {
                    out.insert(l.var);
                }
            }
        }
    });
    out
}
