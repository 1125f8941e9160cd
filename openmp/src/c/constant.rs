//! Integer constant expressions (C11 6.6) of the C program: array lengths, loop bounds and
//! clause arguments that ompv reads as numbers.

use super::ast::{Expr, ExprKind};

/// The value of an integer constant expression of ompv's model (`None` if it is not one).
pub fn eval_const(e: &Expr) -> Option<i128> {
    use super::ast::{BinOp as B, UnOp};
    Some(match &e.kind {
        ExprKind::Int(v) => *v,
        ExprKind::Cast(inner) if e.ty.is_integer() => eval_const(inner)?,
        ExprKind::Unary { op, arg } => {
            let a = eval_const(arg)?;
            match op {
                UnOp::Neg => a.checked_neg()?,
                UnOp::Not => (a == 0) as i128,
                UnOp::BitNot => !a,
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (eval_const(lhs)?, eval_const(rhs)?);
            match op {
                B::Add => a.checked_add(b)?,
                B::Sub => a.checked_sub(b)?,
                B::Mul => a.checked_mul(b)?,
                B::Div if b != 0 => a.checked_div(b)?,
                B::Mod if b != 0 => a.checked_rem(b)?,
                B::Shl if (0..64).contains(&b) => a.checked_shl(b as u32)?,
                B::Shr if (0..64).contains(&b) => a >> b,
                B::BitAnd => a & b,
                B::BitOr => a | b,
                B::BitXor => a ^ b,
                B::Lt => (a < b) as i128,
                B::Le => (a <= b) as i128,
                B::Gt => (a > b) as i128,
                B::Ge => (a >= b) as i128,
                B::Eq => (a == b) as i128,
                B::Ne => (a != b) as i128,
                B::And => (a != 0 && b != 0) as i128,
                B::Or => (a != 0 || b != 0) as i128,
                _ => return None,
            }
        }
        ExprKind::Cond { cond, then, els } => {
            if eval_const(cond)? != 0 {
                eval_const(then)?
            } else {
                eval_const(els)?
            }
        }
        _ => return None,
    })
}
