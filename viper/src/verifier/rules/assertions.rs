//! Shapes of assertions shared by the producer and the consumer: purity, the snapshot layout of
//! conjunctions, and the normal form of quantified permissions.

use crate::ast::*;

/// Whether an assertion holds no permissions (it is a plain Boolean expression).
pub fn is_pure(e: &Expr) -> bool {
    stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || match &e.kind {
        ExprKind::Acc { .. } => false,
        // The instance an `unfolding` names is no permission the expression holds.
        ExprKind::Unfolding { body, .. } => is_pure(body),
        _ => e.children().into_iter().all(is_pure),
    })
}

/// One part of a quantified assertion in normal form (nested quantifiers pulled out).
pub enum QpItem<'e> {
    /// `forall vars :: conds ==> acc(loc, perm)`
    Acc {
        vars: Vec<LocalDecl>,
        conds: Vec<&'e Expr>,
        loc: &'e Expr,
        perm: Option<&'e Expr>,
        span: crate::Span,
    },
    /// `forall vars :: conds ==> e` with `e` pure.
    Pure {
        vars: Vec<LocalDecl>,
        conds: Vec<&'e Expr>,
        expr: &'e Expr,
    },
}

/// Splits the body of `forall vars :: body` holding permissions into its parts: nested
/// implications collect conditions, conjunctions split, nested `forall`s add bound variables.
/// `None` if the body has another shape.
pub fn qp_items<'e>(vars: &[LocalDecl], body: &'e Expr) -> Option<Vec<QpItem<'e>>> {
    let mut out = Vec::new();
    collect(body, &mut vars.to_vec(), &mut Vec::new(), &mut out)?;
    Some(out)
}

fn collect<'e>(
    e: &'e Expr,
    vars: &mut Vec<LocalDecl>,
    conds: &mut Vec<&'e Expr>,
    out: &mut Vec<QpItem<'e>>,
) -> Option<()> {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || collect_here(e, vars, conds, out))
}

fn collect_here<'e>(
    e: &'e Expr,
    vars: &mut Vec<LocalDecl>,
    conds: &mut Vec<&'e Expr>,
    out: &mut Vec<QpItem<'e>>,
) -> Option<()> {
    if is_pure(e) {
        out.push(QpItem::Pure {
            vars: vars.clone(),
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
            let r = collect(right, vars, conds, out);
            conds.pop();
            r
        }
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => {
            collect(left, vars, conds, out)?;
            collect(right, vars, conds, out)
        }
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: inner,
            body,
            ..
        } => {
            // Bound variables of the inner quantifier must not shadow outer ones.
            if inner
                .iter()
                .any(|v| vars.iter().any(|o| o.name.name == v.name.name))
            {
                return None;
            }
            let n = vars.len();
            vars.extend(inner.iter().cloned());
            let r = collect(body, vars, conds, out);
            vars.truncate(n);
            r
        }
        ExprKind::Acc { loc, perm } => {
            if !matches!(loc.kind, ExprKind::Field { .. }) {
                return None;
            }
            out.push(QpItem::Acc {
                vars: vars.clone(),
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
