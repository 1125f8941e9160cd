//! Shapes of assertions shared by the producer and the consumer: purity, the snapshot layout of
//! conjunctions, and the normal form of quantified permissions.

use crate::ast::*;

use super::program::visit;

/// Whether an assertion holds no permissions (it is a plain Boolean expression).
pub fn is_pure(e: &Expr) -> bool {
    let mut pure = true;
    visit(e, &mut |x| {
        if matches!(x.kind, ExprKind::Acc { .. }) {
            pure = false;
        }
    });
    pure
}

/// One part of a quantified assertion `forall vars :: ...` in normal form.
pub enum QpItem<'e> {
    /// `forall vars :: conds ==> acc(loc, perm)`
    Acc {
        conds: Vec<&'e Expr>,
        loc: &'e Expr,
        perm: Option<&'e Expr>,
        span: crate::Span,
    },
    /// `forall vars :: conds ==> e` with `e` pure.
    Pure {
        conds: Vec<&'e Expr>,
        expr: &'e Expr,
    },
}

/// Splits the body of a quantifier holding permissions into its parts: nested implications
/// collect conditions, conjunctions split. `None` if the body has another shape.
pub fn qp_items(body: &Expr) -> Option<Vec<QpItem<'_>>> {
    let mut out = Vec::new();
    collect(body, &mut Vec::new(), &mut out)?;
    Some(out)
}

fn collect<'e>(e: &'e Expr, conds: &mut Vec<&'e Expr>, out: &mut Vec<QpItem<'e>>) -> Option<()> {
    if is_pure(e) {
        out.push(QpItem::Pure {
            conds: conds.clone(),
            expr: e,
        });
        return Some(());
    }
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::Implies,
            left,
            right,
        } if is_pure(left) => {
            conds.push(left);
            let r = collect(right, conds, out);
            conds.pop();
            r
        }
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => {
            collect(left, conds, out)?;
            collect(right, conds, out)
        }
        ExprKind::Acc { loc, perm } => {
            if !matches!(loc.kind, ExprKind::Field { .. }) {
                return None;
            }
            out.push(QpItem::Acc {
                conds: conds.clone(),
                loc,
                perm: perm.as_deref(),
                span: e.span,
            });
            Some(())
        }
        _ => None,
    }
}

/// Rebuilds `forall vars :: conds ==> expr` (for the pure parts of a quantified assertion).
pub fn pure_forall(
    vars: &[LocalDecl],
    triggers: &[Trigger],
    conds: &[&Expr],
    expr: &Expr,
    span: crate::Span,
) -> Expr {
    let mut body = expr.clone();
    for c in conds.iter().rev() {
        body = Expr::new(
            ExprKind::Binary {
                op: BinaryOp::Implies,
                left: Box::new((*c).clone()),
                right: Box::new(body),
            },
            span,
        );
    }
    Expr::new(
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: vars.to_vec(),
            triggers: triggers.to_vec(),
            body: Box::new(body),
        },
        span,
    )
}
