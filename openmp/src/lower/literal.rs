//! Viper integer literals: building one from a number and reading one back, the two directions
//! the value and float lowerings share.

use viper::ast::{Expr as VExpr, UnaryOp};
use viper::Span;

/// An integer literal (any size).
pub(crate) fn int_lit(v: i128, span: Span) -> VExpr {
    VExpr::new(
        viper::ast::ExprKind::IntLit(num_bigint::BigInt::from(v)),
        span,
    )
}

/// The value of a Viper integer literal (possibly negated), the inverse of [`int_lit`].
pub(crate) fn int_literal_value(e: &VExpr) -> Option<i128> {
    match &e.kind {
        viper::ast::ExprKind::IntLit(b) => i128::try_from(b).ok(),
        viper::ast::ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => int_literal_value(operand).map(|v| -v),
        _ => None,
    }
}
