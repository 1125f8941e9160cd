//! The direct sub-expressions of an expression: the one enumeration every traversal uses.

use super::{Expr, ExprKind};

impl Expr {
    /// Calls `f` on every direct sub-expression in source order (a quantifier's trigger
    /// expressions before its body).
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match &self.kind {
            ExprKind::IntLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Local(_)
            | ExprKind::Result
            | ExprKind::PermLit(_) => {}
            ExprKind::Field { receiver: x, .. }
            | ExprKind::Unary { operand: x, .. }
            | ExprKind::Old { expr: x, .. }
            | ExprKind::PermOf(x)
            | ExprKind::Len(x) => f(x),
            ExprKind::Binary {
                left: a, right: b, ..
            }
            | ExprKind::Let {
                value: a, body: b, ..
            }
            | ExprKind::Unfolding { acc: a, body: b }
            | ExprKind::SeqRange { lo: a, hi: b }
            | ExprKind::Index { seq: a, index: b } => {
                f(a);
                f(b);
            }
            ExprKind::Cond {
                cond: a,
                then: b,
                els: c,
            }
            | ExprKind::Update {
                seq: a,
                index: b,
                value: c,
            } => {
                f(a);
                f(b);
                f(c);
            }
            ExprKind::Call { args: xs, .. }
            | ExprKind::SeqLit { elems: xs, .. }
            | ExprKind::SetLit { elems: xs, .. } => xs.iter().for_each(f),
            ExprKind::Acc { loc, perm } => {
                f(loc);
                if let Some(p) = perm {
                    f(p);
                }
            }
            ExprKind::Quant { triggers, body, .. } => {
                for t in triggers {
                    t.exprs.iter().for_each(&mut *f);
                }
                f(body);
            }
            ExprKind::Slice { seq, lo, hi } => {
                f(seq);
                if let Some(x) = lo {
                    f(x);
                }
                if let Some(x) = hi {
                    f(x);
                }
            }
        }
    }

    /// Like [`Expr::for_each_child`], with mutable access.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match &mut self.kind {
            ExprKind::IntLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Local(_)
            | ExprKind::Result
            | ExprKind::PermLit(_) => {}
            ExprKind::Field { receiver: x, .. }
            | ExprKind::Unary { operand: x, .. }
            | ExprKind::Old { expr: x, .. }
            | ExprKind::PermOf(x)
            | ExprKind::Len(x) => f(x),
            ExprKind::Binary {
                left: a, right: b, ..
            }
            | ExprKind::Let {
                value: a, body: b, ..
            }
            | ExprKind::Unfolding { acc: a, body: b }
            | ExprKind::SeqRange { lo: a, hi: b }
            | ExprKind::Index { seq: a, index: b } => {
                f(a);
                f(b);
            }
            ExprKind::Cond {
                cond: a,
                then: b,
                els: c,
            }
            | ExprKind::Update {
                seq: a,
                index: b,
                value: c,
            } => {
                f(a);
                f(b);
                f(c);
            }
            ExprKind::Call { args: xs, .. }
            | ExprKind::SeqLit { elems: xs, .. }
            | ExprKind::SetLit { elems: xs, .. } => xs.iter_mut().for_each(f),
            ExprKind::Acc { loc, perm } => {
                f(loc);
                if let Some(p) = perm {
                    f(p);
                }
            }
            ExprKind::Quant { triggers, body, .. } => {
                for t in triggers {
                    t.exprs.iter_mut().for_each(&mut *f);
                }
                f(body);
            }
            ExprKind::Slice { seq, lo, hi } => {
                f(seq);
                if let Some(x) = lo {
                    f(x);
                }
                if let Some(x) = hi {
                    f(x);
                }
            }
        }
    }

    /// The direct sub-expressions, in the order of [`Expr::for_each_child`].
    pub fn children(&self) -> Vec<&Expr> {
        let mut out = Vec::new();
        self.for_each_child(&mut |c| out.push(c));
        out
    }
}
