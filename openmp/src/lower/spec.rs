//! Specification expressions to Viper assertions.
//!
//! - `Perm(a[e], p)` is `acc(loc(a, e).val, p)` (also `&a[e]`, `*p`); `\pointer(a, n, p)` is
//!   `a != null_array() && alen(a) >= n && forall k :: 0 <= k < n ==> acc(loc(a, k).val, p)`;
//!   `\pointer_index(a, i, p)`, `\pointer_length(a)`, `\array(a, n)` likewise.
//! - Permission amounts: `write`, `read` (Viper's `wildcard`), `none`, `1\2`, `1/2` and integer
//!   literals (as fractions).
//! - `**` is `&&`; `\forall*` is a quantified permission; `\forall`/`\exists` are quantifiers;
//!   `\old` is `old` (the obligations point it at the right label); `\result` the return variable.
//! - `Perm` on a scalar variable is reported as unsupported: scalars carry no permission in
//!   ompv's model; whether a block may write one is checked syntactically instead.
//! - Specifications are typed here (the front end only resolved names): `type` errors for
//!   mismatches, permissions in pure positions, `\old` in preconditions, `\result` outside
//!   postconditions of non-void functions.

use super::cexpr::Want;
use super::prelude::{element, ALEN, NULL};
use super::scope::VarKind;
use super::Lowerer;
use crate::c::Type as CType;
use crate::error::FrontError;
use crate::spec::{BinOp, Clause, Expr, ExprKind, QuantRange, Quantifier, SpecType, UnOp};
use ppl::obligations::build::*;
use ppl::obligations::split::{conjuncts, functional_part};
use ppl::obligations::subst::has_acc;
use ppl::obligations::SpecClause;
use viper::ast::{BinaryOp, Expr as VExpr, ExprKind as VKind, PermLit, QuantKind, Type, UnaryOp};
use viper::Span;

/// Where a specification stands (what it may mention).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecPos {
    /// A precondition: no `\old`, no `\result`.
    Pre,
    /// A postcondition: `\old`; `\result` only for a function's own postcondition.
    Post { result: bool },
    /// A loop invariant or an assertion in code: `\old` means the method's entry.
    Code,
}

/// The type of a lowered pure expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Bool,
    Ptr,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Int => "an integer",
            Ty::Bool => "a boolean",
            Ty::Ptr => "a pointer",
        }
    }
}

fn of_want(w: Want) -> Ty {
    match w {
        Want::Int => Ty::Int,
        Want::Bool => Ty::Bool,
        Want::Ptr => Ty::Ptr,
    }
}

impl Lowerer<'_> {
    /// Lowers contract clauses (each an assertion) in the current scope.
    pub(crate) fn spec_clauses<'c>(
        &mut self,
        clauses: impl IntoIterator<Item = &'c Clause>,
        pos: SpecPos,
    ) -> Result<Vec<SpecClause>, FrontError> {
        clauses
            .into_iter()
            .map(|c| {
                Ok(SpecClause {
                    expr: self.assertion(&c.expr, pos)?,
                    span: c.span,
                })
            })
            .collect()
    }

    /// Lowers `e` where an assertion (permissions allowed) stands.
    pub(crate) fn assertion(&mut self, e: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Binary {
                op: BinOp::Star | BinOp::And,
                lhs,
                rhs,
            } => {
                let l = self.assertion(lhs, pos)?;
                let r = self.assertion(rhs, pos)?;
                Ok(and(l, r, span))
            }
            ExprKind::Binary {
                op: BinOp::Implies,
                lhs,
                rhs,
            } => {
                let l = self.pure(lhs, pos, Ty::Bool)?;
                let r = self.assertion(rhs, pos)?;
                Ok(bin(BinaryOp::Implies, l, r, span))
            }
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.pure(c, pos, Ty::Bool)?;
                let t = self.assertion(then, pos)?;
                let f = self.assertion(els, pos)?;
                Ok(cond(c, t, f, span))
            }
            ExprKind::Perm { loc, perm } => {
                let l = self.location(loc, pos)?;
                let p = self.amount(perm, pos)?;
                Ok(acc(l, p, span))
            }
            ExprKind::Pointer { ptr, len, perm } => {
                let a = self.pure(ptr, pos, Ty::Ptr)?;
                let n = self.pure(len, pos, Ty::Int)?;
                let p = self.amount(perm, pos)?;
                let k = self.cur.names.fresh("k");
                let kv = || local(&k, span);
                let body = implies(
                    in_range(kv(), int(0, span), n.clone(), span),
                    acc(element(a.clone(), kv(), span), p, span),
                    span,
                );
                let q = forall(vec![decl(&k, Type::Int, span)], body, span);
                Ok(and_all(
                    [
                        non_null(a.clone(), span),
                        bin(BinaryOp::Ge, call(ALEN, vec![a], span), n, span),
                        q,
                    ],
                    span,
                ))
            }
            ExprKind::PointerIndex { ptr, index, perm } => {
                let a = self.pure(ptr, pos, Ty::Ptr)?;
                let i = self.pure(index, pos, Ty::Int)?;
                let p = self.amount(perm, pos)?;
                Ok(and_all(
                    [
                        non_null(a.clone(), span),
                        in_range(
                            i.clone(),
                            int(0, span),
                            call(ALEN, vec![a.clone()], span),
                            span,
                        ),
                        acc(element(a, i, span), p, span),
                    ],
                    span,
                ))
            }
            ExprKind::Quant {
                quantifier: Quantifier::Forall | Quantifier::ForallStar,
                ty,
                var,
                range,
                body,
            } => self.quantifier(QuantKind::Forall, *ty, var, range, body, pos, true, span),
            _ => self.pure(e, pos, Ty::Bool),
        }
    }

    /// Lowers a pure expression of type `want`.
    fn pure(&mut self, e: &Expr, pos: SpecPos, want: Ty) -> Result<VExpr, FrontError> {
        let (v, have) = self.pure_value(e, pos)?;
        if have != want {
            return Err(FrontError::type_error(
                e.span,
                format!("expected {}, found {}", want.name(), have.name()),
            ));
        }
        Ok(v)
    }

    fn pure_value(&mut self, e: &Expr, pos: SpecPos) -> Result<(VExpr, Ty), FrontError> {
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Int(v) => (uint(*v, span), Ty::Int),
            ExprKind::Bool(b) => (bool_lit(*b, span), Ty::Bool),
            ExprKind::Null => (call(NULL, Vec::new(), span), Ty::Ptr),
            ExprKind::Result => {
                let Some((name, ty)) = self.cur.result.clone() else {
                    return Err(FrontError::type_error(
                        span,
                        "`\\result` in a function without a return value",
                    ));
                };
                if pos != (SpecPos::Post { result: true }) {
                    return Err(FrontError::type_error(
                        span,
                        "`\\result` is only allowed in the postcondition of a function",
                    ));
                }
                let w = Want::of(ty).map(of_want).unwrap_or(Ty::Int);
                (local(&name, span), w)
            }
            ExprKind::Write | ExprKind::Read | ExprKind::NoPerm => {
                return Err(FrontError::type_error(
                    span,
                    "a permission amount is only allowed as the second argument of `Perm`, \
                     `\\pointer` or `\\pointer_index`",
                ))
            }
            ExprKind::Var(n) => {
                let Some(var) = self.cur.scope.lookup(n).cloned() else {
                    return Err(FrontError::type_error(
                        span,
                        format!("unknown name `{n}` in the specification"),
                    ));
                };
                let ty = match var.ty {
                    CType::Int => Ty::Int,
                    CType::Bool => Ty::Bool,
                    CType::IntPtr | CType::IntArray => Ty::Ptr,
                    CType::Void => {
                        return Err(FrontError::type_error(span, format!("`{n}` has no value")))
                    }
                };
                (local(&var.viper, span), ty)
            }
            ExprKind::Index { base, index } => {
                let a = self.pure(base, pos, Ty::Ptr)?;
                let i = self.pure(index, pos, Ty::Int)?;
                (element(a, i, span), Ty::Int)
            }
            ExprKind::Deref(p) => {
                let a = self.pure(p, pos, Ty::Ptr)?;
                (element(a, int(0, span), span), Ty::Int)
            }
            ExprKind::AddrOf(_) => {
                return Err(FrontError::type_error(
                    span,
                    "`&` is only allowed in the location of `Perm`",
                ))
            }
            ExprKind::Unary { op: UnOp::Not, arg } => (
                un(UnaryOp::Not, self.pure(arg, pos, Ty::Bool)?, span),
                Ty::Bool,
            ),
            ExprKind::Unary { op: UnOp::Neg, arg } => (
                un(UnaryOp::Neg, self.pure(arg, pos, Ty::Int)?, span),
                Ty::Int,
            ),
            ExprKind::Binary { op, lhs, rhs } => self.pure_binary(*op, lhs, rhs, pos, span)?,
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.pure(c, pos, Ty::Bool)?;
                let (t, tt) = self.pure_value(then, pos)?;
                let f = self.pure(els, pos, tt)?;
                (cond(c, t, f, span), tt)
            }
            ExprKind::Old(inner) => {
                if pos == SpecPos::Pre {
                    return Err(FrontError::type_error(
                        span,
                        "`\\old` is not allowed in a precondition",
                    ));
                }
                let (v, t) = self.pure_value(inner, pos)?;
                (old(None, v, span), t)
            }
            ExprKind::Perm { .. } | ExprKind::Pointer { .. } | ExprKind::PointerIndex { .. } => {
                return Err(FrontError::type_error(
                    span,
                    "a permission cannot stand here (only in conjunctions, after `==>`, in the \
                     branches of `?:` and in quantifiers of a contract)",
                ))
            }
            ExprKind::PointerLength(p) => {
                let a = self.pure(p, pos, Ty::Ptr)?;
                (call(ALEN, vec![a], span), Ty::Int)
            }
            ExprKind::Array { arr, len } => {
                let a = self.pure(arr, pos, Ty::Ptr)?;
                let n = self.pure(len, pos, Ty::Int)?;
                let eq = bin(BinaryOp::Eq, call(ALEN, vec![a.clone()], span), n, span);
                (and(non_null(a, span), eq, span), Ty::Bool)
            }
            ExprKind::Quant {
                quantifier,
                ty,
                var,
                range,
                body,
            } => {
                let kind = match quantifier {
                    Quantifier::Exists => QuantKind::Exists,
                    _ => QuantKind::Forall,
                };
                let q = self.quantifier(kind, *ty, var, range, body, pos, false, span)?;
                (q, Ty::Bool)
            }
        })
    }

    fn pure_binary(
        &mut self,
        op: BinOp,
        lhs: &Expr,
        rhs: &Expr,
        pos: SpecPos,
        span: Span,
    ) -> Result<(VExpr, Ty), FrontError> {
        use BinOp as B;
        Ok(match op {
            B::Add | B::Sub | B::Mul => {
                let l = self.pure(lhs, pos, Ty::Int)?;
                let r = self.pure(rhs, pos, Ty::Int)?;
                let vop = match op {
                    B::Add => BinaryOp::Add,
                    B::Sub => BinaryOp::Sub,
                    _ => BinaryOp::Mul,
                };
                (bin(vop, l, r, span), Ty::Int)
            }
            B::Div | B::Mod => {
                let l = self.pure(lhs, pos, Ty::Int)?;
                let r = self.pure(rhs, pos, Ty::Int)?;
                (self.division(op == B::Div, l, r, span), Ty::Int)
            }
            B::Frac => {
                return Err(FrontError::type_error(
                    span,
                    "a fraction `a\\b` is only allowed as a permission amount",
                ))
            }
            B::Eq | B::Ne => {
                let (l, lt) = self.pure_value(lhs, pos)?;
                let r = self.pure(rhs, pos, lt)?;
                let vop = if op == B::Eq {
                    BinaryOp::Eq
                } else {
                    BinaryOp::Ne
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                let l = self.pure(lhs, pos, Ty::Int)?;
                let r = self.pure(rhs, pos, Ty::Int)?;
                let vop = match op {
                    B::Lt => BinaryOp::Lt,
                    B::Le => BinaryOp::Le,
                    B::Gt => BinaryOp::Gt,
                    _ => BinaryOp::Ge,
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
            B::And | B::Or | B::Star | B::Implies => {
                let l = self.pure(lhs, pos, Ty::Bool)?;
                let r = self.pure(rhs, pos, Ty::Bool)?;
                let vop = match op {
                    B::Or => BinaryOp::Or,
                    B::Implies => BinaryOp::Implies,
                    _ => BinaryOp::And,
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
        })
    }

    /// A quantifier: `\forall T k; range; body` is `forall k :: range ==> body`, `\exists` is
    /// `exists k :: range && body`. The variable gets a fresh name in a scope of its own.
    #[allow(clippy::too_many_arguments)]
    fn quantifier(
        &mut self,
        kind: QuantKind,
        ty: SpecType,
        var: &crate::spec::Ident,
        range: &QuantRange,
        body: &Expr,
        pos: SpecPos,
        assertion: bool,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let (cty, vty) = match ty {
            SpecType::Int => (CType::Int, Type::Int),
            SpecType::Bool => (CType::Bool, Type::Bool),
        };
        // Bound variables avoid the names of the function's variables (those keep their own).
        let name = self.cur.names.fresh(&var.name);
        self.cur.scope.push();
        self.cur
            .scope
            .declare(&var.name, name.clone(), cty, VarKind::Bound);
        let r = (|| -> Result<VExpr, FrontError> {
            let guard = match range {
                QuantRange::Filter(c) => self.pure(c, pos, Ty::Bool)?,
                QuantRange::Span { lo, hi } => {
                    let lo = self.pure(lo, pos, Ty::Int)?;
                    let hi = self.pure(hi, pos, Ty::Int)?;
                    in_range(local(&name, var.span), lo, hi, span)
                }
            };
            let b = if assertion {
                self.assertion(body, pos)?
            } else {
                self.pure(body, pos, Ty::Bool)?
            };
            let inner = match kind {
                QuantKind::Forall => bin(BinaryOp::Implies, guard, b, span),
                QuantKind::Exists => bin(BinaryOp::And, guard, b, span),
            };
            let q = VExpr::new(
                VKind::Quant {
                    kind,
                    vars: vec![decl(&name, vty, var.span)],
                    triggers: Vec::new(),
                    body: Box::new(inner),
                },
                span,
            );
            Ok(if has_acc(&q) {
                quantified_permissions(&q)?
            } else {
                q
            })
        })();
        self.cur.scope.pop();
        r
    }

    /// The location of `Perm(loc, p)`: an array element.
    fn location(&mut self, loc: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let span = loc.span;
        match &loc.kind {
            ExprKind::Index { .. } | ExprKind::Deref(_) => {
                let (v, _) = self.pure_value(loc, pos)?;
                Ok(v)
            }
            ExprKind::AddrOf(inner) => self.location(inner, pos),
            ExprKind::Var(n) => Err(FrontError::unsupported(
                span,
                format!(
                    "`Perm` on the variable `{n}`: scalar variables carry no permission in ompv \
                     (writes to shared scalars inside parallel blocks are reported as races); \
                     remove it"
                ),
            )),
            _ => Err(FrontError::type_error(
                span,
                "the location of `Perm` must be an array element (`a[e]`, `&a[e]` or `*p`)",
            )),
        }
    }

    /// A permission amount.
    fn amount(&mut self, p: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let span = p.span;
        match &p.kind {
            ExprKind::Write => Ok(perm_lit(PermLit::Write, span)),
            ExprKind::Read => Ok(perm_lit(PermLit::Wildcard, span)),
            ExprKind::NoPerm => Ok(perm_lit(PermLit::None, span)),
            ExprKind::Int(_) => {
                let n = self.pure(p, pos, Ty::Int)?;
                Ok(bin(BinaryOp::PermDiv, n, int(1, span), span))
            }
            ExprKind::Binary {
                op: BinOp::Frac | BinOp::Div,
                lhs,
                rhs,
            } => {
                let n = self.pure(lhs, pos, Ty::Int)?;
                let d = self.pure(rhs, pos, Ty::Int)?;
                Ok(bin(BinaryOp::PermDiv, n, d, span))
            }
            _ => Err(FrontError::type_error(
                span,
                "expected a permission amount: `write`, `read`, `none`, a fraction like `1\\2`, or an \
                 integer",
            )),
        }
    }
}

/// `a != null_array()`.
fn non_null(a: VExpr, span: Span) -> VExpr {
    bin(BinaryOp::Ne, a, call(NULL, Vec::new(), span), span)
}

/// A quantifier holding permissions in the shape Viper back ends handle: one quantified
/// permission `forall xs :: guard ==> acc(..)` per permission (nested quantifiers pulled out,
/// their conditions joined), then one quantifier over the pure facts. (An iterated separating
/// conjunction distributes over `**`, so this is the same assertion.)
fn quantified_permissions(q: &VExpr) -> Result<VExpr, FrontError> {
    let cs = conjuncts(q).map_err(|e| FrontError::unsupported(e.span, e.what))?;
    let mut parts: Vec<VExpr> = cs.iter().map(|c| c.to_expr()).collect();
    let facts = functional_part(q);
    if !is_true(&facts) {
        parts.push(facts);
    }
    Ok(respan(and_all(parts, q.span), q.span))
}
