//! Trigger well-formedness, as Silver's `Consistency.validTrigger` defines it (checked while
//! translating, reported as a type error): each trigger term is a function application, field
//! access, predicate instance, or sequence/set/multiset operation (or `old` of one) without
//! arithmetic, comparisons, connectives or conditionals inside. (That every trigger mentions
//! every quantified variable is a consistency rule, checked in `consistency`.)

use super::exprs::Checker;
use crate::ast::*;

impl Checker<'_> {
    /// Reports trigger terms of a form Silver rejects.
    pub(super) fn check_trigger(&mut self, t: &Trigger) {
        for e in &t.exprs {
            if !valid_term(e) {
                // Silver checks this while translating, and reports it as a type error.
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
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || contains_forbidden_here(e))
}

fn contains_forbidden_here(e: &Expr) -> bool {
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
    here || e.children().into_iter().any(contains_forbidden)
}
