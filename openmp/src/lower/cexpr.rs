//! C expressions to Viper: `int` is `Int` (mathematical integers), `a[i]` is `loc(a, i).val`,
//! `*p` is `loc(p, 0).val`, `/` and `%` are C's truncating operations (`c_div`, `c_mod`, each
//! application a division check), and C's implicit conversions between `int` and truth values
//! become explicit (`e != 0`, `b ? 1 : 0`).

use super::prelude::{element, C_DIV, C_MOD, NULL};
use super::Lowerer;
use crate::c::{BinOp, Expr, ExprKind, Type as CType, UnOp};
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{BinaryOp, Expr as VExpr, UnaryOp};
use viper::Span;

/// The Viper value class an expression is wanted as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    Int,
    Bool,
    /// An array/pointer value.
    Ptr,
}

impl Want {
    /// The class of values of a C type (`None` for `void`).
    pub fn of(t: CType) -> Option<Want> {
        match t {
            CType::Void => None,
            CType::Int => Some(Want::Int),
            CType::Bool => Some(Want::Bool),
            CType::IntPtr | CType::IntArray => Some(Want::Ptr),
        }
    }
}

impl Lowerer<'_> {
    /// Lowers `e` as a value of class `want`, converting between integers and truth values.
    pub(crate) fn c_expr(&mut self, e: &Expr, want: Want) -> Result<VExpr, FrontError> {
        let (v, have) = self.c_value(e)?;
        convert(v, have, want, e.span)
    }

    /// Lowers `e` in its own class.
    pub(crate) fn c_value(&mut self, e: &Expr) -> Result<(VExpr, Want), FrontError> {
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Int(v) => (uint(*v, span), Want::Int),
            ExprKind::Var(n) => {
                let Some(var) = self.cur.scope.lookup(n) else {
                    return Err(FrontError::type_error(
                        span,
                        format!("undeclared identifier `{n}`"),
                    ));
                };
                let want = Want::of(var.ty)
                    .ok_or_else(|| FrontError::type_error(span, format!("`{n}` has no value")))?;
                (local(&var.viper.clone(), span), want)
            }
            ExprKind::Index { base, index } => {
                let b = self.c_expr(base, Want::Ptr)?;
                let i = self.c_expr(index, Want::Int)?;
                (element(b, i, span), Want::Int)
            }
            ExprKind::Deref(p) => {
                let b = self.c_expr(p, Want::Ptr)?;
                (element(b, int(0, span), span), Want::Int)
            }
            ExprKind::Unary { op: UnOp::Neg, arg } => {
                let a = self.c_expr(arg, Want::Int)?;
                (un(UnaryOp::Neg, a, span), Want::Int)
            }
            ExprKind::Unary { op: UnOp::Not, arg } => {
                let a = self.c_expr(arg, Want::Bool)?;
                (un(UnaryOp::Not, a, span), Want::Bool)
            }
            ExprKind::Binary { op, lhs, rhs } => self.c_binary(*op, lhs, rhs, span)?,
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.c_expr(c, Want::Bool)?;
                let (t, tw) = self.c_value(then)?;
                let (f, fw) = self.c_value(els)?;
                let want = match (tw, fw) {
                    (a, b) if a == b => a,
                    (Want::Ptr, _) | (_, Want::Ptr) => {
                        return Err(FrontError::type_error(
                            span,
                            "the branches of `?:` have incompatible types",
                        ))
                    }
                    _ => Want::Int,
                };
                let t = convert(t, tw, want, then.span)?;
                let f = convert(f, fw, want, els.span)?;
                (cond(c, t, f, span), want)
            }
        })
    }

    fn c_binary(
        &mut self,
        op: BinOp,
        lhs: &Expr,
        rhs: &Expr,
        span: Span,
    ) -> Result<(VExpr, Want), FrontError> {
        use BinOp as B;
        let arith = |o| -> Option<BinaryOp> {
            Some(match o {
                B::Add => BinaryOp::Add,
                B::Sub => BinaryOp::Sub,
                B::Mul => BinaryOp::Mul,
                _ => return None,
            })
        };
        if let Some(vop) = arith(op) {
            let l = self.c_expr(lhs, Want::Int)?;
            let r = self.c_expr(rhs, Want::Int)?;
            return Ok((bin(vop, l, r, span), Want::Int));
        }
        match op {
            B::Div | B::Mod => {
                let l = self.c_expr(lhs, Want::Int)?;
                let r = self.c_expr(rhs, Want::Int)?;
                Ok((self.division(op == B::Div, l, r, span), Want::Int))
            }
            B::And | B::Or => {
                let l = self.c_expr(lhs, Want::Bool)?;
                let r = self.c_expr(rhs, Want::Bool)?;
                let vop = if op == B::And {
                    BinaryOp::And
                } else {
                    BinaryOp::Or
                };
                Ok((bin(vop, l, r, span), Want::Bool))
            }
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                let vop = match op {
                    B::Eq => BinaryOp::Eq,
                    B::Ne => BinaryOp::Ne,
                    B::Lt => BinaryOp::Lt,
                    B::Le => BinaryOp::Le,
                    B::Gt => BinaryOp::Gt,
                    _ => BinaryOp::Ge,
                };
                let (l, lw) = self.c_value(lhs)?;
                let (r, rw) = self.c_value(rhs)?;
                let both = match (lw, rw) {
                    (Want::Ptr, Want::Ptr) if matches!(op, B::Eq | B::Ne) => Want::Ptr,
                    (Want::Ptr, _) | (_, Want::Ptr) => {
                        return Err(FrontError::unsupported(
                            span,
                            format!("comparing pointers with `{}`", op.symbol()),
                        ))
                    }
                    (Want::Bool, Want::Bool) if matches!(op, B::Eq | B::Ne) => Want::Bool,
                    _ => Want::Int,
                };
                let l = convert(l, lw, both, lhs.span)?;
                let r = convert(r, rw, both, rhs.span)?;
                Ok((bin(vop, l, r, span), Want::Bool))
            }
            _ => unreachable!("arithmetic handled above"),
        }
    }

    /// `c_div(l, r)` / `c_mod(l, r)`, an application checked for a zero divisor.
    pub(crate) fn division(&mut self, div: bool, l: VExpr, r: VExpr, span: Span) -> VExpr {
        let at = self.checks.add(Role::Division, span);
        let mut e = call(if div { C_DIV } else { C_MOD }, vec![l, r], span);
        e.span = at;
        e
    }
}

/// `v` (of class `have`) as a value of class `want`.
pub(crate) fn convert(v: VExpr, have: Want, want: Want, span: Span) -> Result<VExpr, FrontError> {
    Ok(match (have, want) {
        (a, b) if a == b => v,
        (Want::Int, Want::Bool) => bin(BinaryOp::Ne, v, int(0, span), span),
        (Want::Bool, Want::Int) => cond(v, int(1, span), int(0, span), span),
        (Want::Int, Want::Ptr) if is_zero(&v) => call(NULL, Vec::new(), span),
        (Want::Ptr, _) | (_, Want::Ptr) => {
            return Err(FrontError::type_error(
                span,
                "a pointer is used where a number is expected (or the other way round)",
            ))
        }
        _ => v,
    })
}

fn is_zero(v: &VExpr) -> bool {
    matches!(&v.kind, viper::ast::ExprKind::IntLit(i) if *i == 0.into())
}
