//! Trigger well-formedness, as Silver's consistency check defines it: each trigger term is a
//! function application, field access, predicate instance, or sequence/set/multiset operation (or
//! `old` of one) without arithmetic, comparisons, connectives or conditionals inside.

use super::exprs::Checker;
use crate::ast::*;

impl Checker<'_> {
    /// Reports trigger terms of a form Silver rejects. (Silver accepts triggers that miss a
    /// quantified variable or mention none; so does ompv, and the back end must cope.)
    pub(super) fn check_trigger(&mut self, t: &Trigger) {
        for e in &t.exprs {
            if !valid_term(e) {
                self.err(
                    e.span,
                    "invalid trigger term: use function applications, field accesses or \
                     collection operations without arithmetic, comparisons or connectives",
                );
            }
        }
    }
}

/// Whether `e` may be a trigger term.
fn valid_term(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Old { expr, .. } => valid_term(expr),
        ExprKind::Call { .. }
        | ExprKind::Field { .. }
        | ExprKind::SeqLit { .. }
        | ExprKind::SetLit { .. }
        | ExprKind::SeqRange { .. }
        | ExprKind::Len(_)
        | ExprKind::Index { .. }
        | ExprKind::Slice { .. }
        | ExprKind::Update { .. } => !contains_forbidden(e),
        ExprKind::Binary {
            op:
                BinaryOp::In
                | BinaryOp::Append
                | BinaryOp::Union
                | BinaryOp::Intersection
                | BinaryOp::Setminus
                | BinaryOp::Subset,
            ..
        } => !contains_forbidden(e),
        _ => false,
    }
}

/// Whether `e` contains arithmetic, comparisons, connectives, negation or conditionals.
fn contains_forbidden(e: &Expr) -> bool {
    let here = match &e.kind {
        ExprKind::Unary { .. } | ExprKind::Cond { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(
            op,
            BinaryOp::In
                | BinaryOp::Append
                | BinaryOp::Union
                | BinaryOp::Intersection
                | BinaryOp::Setminus
                | BinaryOp::Subset
        ),
        _ => false,
    };
    here || children(e).into_iter().any(contains_forbidden)
}

/// The direct subexpressions of `e`.
pub(super) fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::IntLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::Null
        | ExprKind::Local(_)
        | ExprKind::Result
        | ExprKind::PermLit(_) => vec![],
        ExprKind::Field { receiver, .. } => vec![receiver],
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Binary { left, right, .. } => vec![left, right],
        ExprKind::Cond { cond, then, els } => vec![cond, then, els],
        ExprKind::Call { args, .. } => args.iter().collect(),
        ExprKind::Old { expr, .. } => vec![expr],
        ExprKind::Acc { loc, perm } => std::iter::once(&**loc).chain(perm.as_deref()).collect(),
        ExprKind::PermOf(x) | ExprKind::Len(x) => vec![x],
        ExprKind::Quant { triggers, body, .. } => triggers
            .iter()
            .flat_map(|t| t.exprs.iter())
            .chain(std::iter::once(&**body))
            .collect(),
        ExprKind::Let { value, body, .. } => vec![value, body],
        ExprKind::Unfolding { acc, body } => vec![acc, body],
        ExprKind::SeqLit { elems, .. } | ExprKind::SetLit { elems, .. } => elems.iter().collect(),
        ExprKind::SeqRange { lo, hi } => vec![lo, hi],
        ExprKind::Index { seq, index } => vec![seq, index],
        ExprKind::Slice { seq, lo, hi } => std::iter::once(&**seq)
            .chain(lo.as_deref())
            .chain(hi.as_deref())
            .collect(),
        ExprKind::Update { seq, index, value } => vec![seq, index, value],
    }
}
