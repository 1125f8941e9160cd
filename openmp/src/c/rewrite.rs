//! Rewriting C code in place: every expression (also those inside types: the lengths of
//! variable-length arrays), every variable a statement declares, every specification and every
//! pragma, through one [`Rewriter`].

use super::ast::*;
use crate::pragma::Pragma;
use crate::spec;

/// What to do at each node; every method defaults to nothing.
pub trait Rewriter {
    /// A variable a statement declares (`Decl`, the variable of a loop construct).
    fn declared(&mut self, _v: &mut VarId) {}
    /// An expression, after its sub-expressions and its type were rewritten.
    fn expr(&mut self, _e: &mut Expr) {}
    /// A specification expression (a clause of a contract, a `//@ assert`).
    fn spec(&mut self, _e: &mut spec::Expr) {}
    /// The pragma of an OpenMP construct.
    fn pragma(&mut self, _p: &mut Pragma) {}
    /// An OpenMP construct, after everything inside it.
    fn construct(&mut self, _c: &mut OmpConstruct) {}
}

/// Rewrites every statement of `stmts`, nested ones included.
pub fn stmts(ss: &mut [Stmt], r: &mut dyn Rewriter) {
    for s in ss {
        stmt(s, r);
    }
}

/// Rewrites one statement and everything inside it.
pub fn stmt(s: &mut Stmt, r: &mut dyn Rewriter) {
    match &mut s.kind {
        StmtKind::Decl { var, init } => {
            r.declared(var);
            if let Some(i) = init {
                init_exprs(i, r);
            }
        }
        StmtKind::Assign { target, value } => {
            expr(target, r);
            expr(value, r);
        }
        StmtKind::Call { target, args, .. } => {
            if let Some(t) = target {
                expr(t, r);
            }
            for a in args {
                expr(a, r);
            }
        }
        StmtKind::Alloc {
            target,
            elem,
            count,
            ..
        } => {
            expr(target, r);
            ty(elem, r);
            expr(count, r);
        }
        StmtKind::Free(e) | StmtKind::CAssert(e) => expr(e, r),
        StmtKind::MemSet { target, count, .. } => {
            expr(target, r);
            if let Some(c) = count {
                expr(c, r);
            }
        }
        StmtKind::MemCpy { dst, src, count } => {
            expr(dst, r);
            expr(src, r);
            if let Some(c) = count {
                expr(c, r);
            }
        }
        StmtKind::If { cond, then, els } => {
            expr(cond, r);
            stmts(&mut then.stmts, r);
            if let Some(e) = els {
                stmts(&mut e.stmts, r);
            }
        }
        StmtKind::Loop {
            init,
            cond_pre,
            cond,
            step,
            spec,
            body,
            ..
        } => {
            stmts(init, r);
            stmts(cond_pre, r);
            if let Some(c) = cond {
                expr(c, r);
            }
            stmts(step, r);
            contract(spec, r);
            stmts(&mut body.stmts, r);
        }
        StmtKind::Return(Some(e)) => expr(e, r),
        StmtKind::Block(b) => stmts(&mut b.stmts, r),
        StmtKind::Assert(e) => r.spec(e),
        StmtKind::Omp(c) => {
            r.pragma(&mut c.pragma);
            match &mut c.body {
                OmpBody::Block { contract: k, body } => {
                    contract(k, r);
                    stmts(&mut body.stmts, r);
                }
                OmpBody::Loop(n) => {
                    for l in &mut n.loops {
                        r.declared(&mut l.var);
                        expr(&mut l.lower, r);
                        expr(&mut l.bound, r);
                    }
                    contract(&mut n.contract, r);
                    stmts(&mut n.body.stmts, r);
                }
                OmpBody::Sections(ss) => {
                    for sec in ss {
                        if let Some(p) = &mut sec.pragma {
                            r.pragma(p);
                        }
                        contract(&mut sec.contract, r);
                        stmts(&mut sec.body.stmts, r);
                    }
                }
                OmpBody::None => {}
            }
            r.construct(c);
        }
        StmtKind::Return(None) | StmtKind::Break | StmtKind::Continue | StmtKind::SpecIgnored => {}
    }
}

fn contract(c: &mut Option<spec::Contract>, r: &mut dyn Rewriter) {
    if let Some(c) = c {
        for cl in &mut c.clauses {
            r.spec(&mut cl.expr);
        }
    }
}

fn init_exprs(i: &mut Init, r: &mut dyn Rewriter) {
    match i {
        Init::Expr(e) => expr(e, r),
        Init::List(items) => items.iter_mut().for_each(|x| init_exprs(x, r)),
    }
}

/// Rewrites an expression bottom-up: its sub-expressions, its type, then the expression.
pub fn expr(e: &mut Expr, r: &mut dyn Rewriter) {
    for_each_child_mut(e, &mut |c| expr(c, r));
    ty(&mut e.ty, r);
    if let ExprKind::SizeOf(t) = &mut e.kind {
        ty(t, r);
    }
    r.expr(e);
}

/// Rewrites the expressions inside a type (the lengths of variable-length arrays).
pub fn ty(t: &mut Type, r: &mut dyn Rewriter) {
    match t {
        Type::Ptr(inner) => ty(inner, r),
        Type::Array { elem, len } => {
            ty(elem, r);
            if let ArrayLen::Var(e) = len {
                expr(e, r);
            }
        }
        _ => {}
    }
}

/// Calls `f` on every direct sub-expression, mutably.
pub fn for_each_child_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Str(_)
        | ExprKind::Null
        | ExprKind::Var(_)
        | ExprKind::SizeOf(_) => {}
        ExprKind::Index { base, index } => {
            f(base);
            f(index);
        }
        ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Unary { arg: a, .. }
        | ExprKind::Cast(a)
        | ExprKind::Member { base: a, .. } => f(a),
        ExprKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExprKind::Cond { cond, then, els } => {
            f(cond);
            f(then);
            f(els);
        }
        ExprKind::PureCall { args, .. } => args.iter_mut().for_each(f),
    }
}
