//! Specification expressions to Viper assertions.
//!
//! - `Perm(a[e], p)` is `acc(loc(a, e).f, p)` for the element's field `f` (also `&a[e]`, `*p`,
//!   `a[i][j]`, and a variable in memory: a global, or a shared variable of a parallel region);
//!   `\pointer(a, n, p)` is `a != null_array() && alen(a) >= n && forall k :: 0 <= k < n ==>
//!   acc(loc(a, k).f, p)`; `\pointer_index(a, i, p)`, `\pointer_length(a)`, `\array(a, n)`
//!   likewise.
//! - Permission amounts: `write`, `read` (Viper's `wildcard`), `none`, `1\2`, `1/2` and integer
//!   literals (as fractions).
//! - `**` is `&&`; `\forall*` is a quantified permission; `\forall`/`\exists` are quantifiers;
//!   `\old` is `old` (the obligations point it at the right label); `\result` the return variable.
//! - Specifications are typed here (the front end only resolved names): `type` errors for
//!   mismatches, permissions in pure positions, `\old` in preconditions, `\result` outside
//!   postconditions of non-void functions.

use super::prelude::{ALEN, LOC, NULL, PBASE, POFF, ROW};
use super::{viper_call, Lowerer, Repr};
use crate::c::ast::{Type as CType, VarId};
use crate::c::types::{FloatKind, StructId};
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

/// The type of a lowered pure specification expression.
#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Int,
    Bool,
    /// A floating-point value of this type (see [`super::float`]).
    Float(FloatKind),
    /// A pointer to values of the C type; `true` if known to start an allocation.
    Ptr(CType, bool),
}

impl Ty {
    fn name(&self) -> &'static str {
        match self {
            Ty::Int => "an integer",
            Ty::Bool => "a boolean",
            Ty::Float(_) => "a floating-point value",
            Ty::Ptr(..) => "a pointer",
        }
    }

    fn same_class(&self, other: &Ty) -> bool {
        matches!(
            (self, other),
            (Ty::Int, Ty::Int)
                | (Ty::Bool, Ty::Bool)
                | (Ty::Float(_), Ty::Float(_))
                | (Ty::Ptr(..), Ty::Ptr(..))
        )
    }

    /// The specification type of a value of C type `t`.
    fn of(t: &CType, base: bool) -> Option<Ty> {
        Some(match t {
            CType::Bool | CType::Int { .. } => Ty::Int,
            CType::Float(k) => Ty::Float(*k),
            CType::Ptr(p) => Ty::Ptr((**p).clone(), base),
            CType::Array { elem, .. } => Ty::Ptr((**elem).clone(), true),
            _ => return None,
        })
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
                    inferred: c.inferred,
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
                let l = self.pure(lhs, pos, &Ty::Bool)?;
                let r = self.assertion(rhs, pos)?;
                Ok(bin(BinaryOp::Implies, l, r, span))
            }
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.pure(c, pos, &Ty::Bool)?;
                let t = self.assertion(then, pos)?;
                let f = self.assertion(els, pos)?;
                Ok(cond(c, t, f, span))
            }
            ExprKind::Perm { loc, perm } => {
                // A whole struct: every member.
                if let Some((r, ty)) = self.struct_location(loc, pos)? {
                    let p = self.amount(perm, pos)?;
                    let atoms = self.elem_atoms(r, &ty, loc.span)?;
                    return Ok(Self::atoms_perm(atoms, None, p, span));
                }
                // A failing permission is reported at the location as the clause writes it.
                let mut l = self.location(loc, pos)?;
                l.span = loc.span;
                let p = self.amount(perm, pos)?;
                Ok(acc(l, p, span))
            }
            ExprKind::Pointer { ptr, len, perm } => {
                let (a, elem, base) = self.pointer_of(ptr, pos)?;
                let n = self.pure(len, pos, &Ty::Int)?;
                let p = self.amount(perm, pos)?;
                let k = self.cur.names.fresh("k");
                let kv = || local(&k, span);
                let atoms = self.elem_atoms(spec_elem(a.clone(), base, kv(), span), &elem, span)?;
                let guard = in_range(kv(), int(0, span), n.clone(), span);
                let q = Self::atoms_perm(atoms, Some((decl(&k, Type::Int, span), guard)), p, span);
                Ok(and_all(
                    [
                        non_null(a.clone(), span),
                        length_at_least(a, base, n, span),
                        q,
                    ],
                    span,
                ))
            }
            ExprKind::PointerIndex { ptr, index, perm } => {
                let (a, elem, base) = self.pointer_of(ptr, pos)?;
                let i = self.pure(index, pos, &Ty::Int)?;
                let p = self.amount(perm, pos)?;
                let within = and(
                    bin(BinaryOp::Le, int(0, span), i.clone(), span),
                    length_at_least(
                        a.clone(),
                        base,
                        bin(BinaryOp::Add, i.clone(), int(1, span), span),
                        span,
                    ),
                    span,
                );
                let atoms = self.elem_atoms(spec_elem(a.clone(), base, i, span), &elem, span)?;
                Ok(and_all(
                    [
                        non_null(a, span),
                        within,
                        Self::atoms_perm(atoms, None, p, span),
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
            _ => self.pure(e, pos, &Ty::Bool),
        }
    }

    /// Lowers a pure integer expression (a truth value becomes `1` or `0`).
    pub(crate) fn spec_number(&mut self, e: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let (v, t) = self.pure_value(e, pos)?;
        match t {
            Ty::Int => Ok(v),
            Ty::Bool => Ok(cond(v, int(1, e.span), int(0, e.span), e.span)),
            other => Err(FrontError::type_error(
                e.span,
                format!("expected an integer, found {}", other.name()),
            )),
        }
    }

    /// Lowers a pure expression of the class of `want`.
    fn pure(&mut self, e: &Expr, pos: SpecPos, want: &Ty) -> Result<VExpr, FrontError> {
        let (v, have) = self.pure_value(e, pos)?;
        if !have.same_class(want) {
            // Specifications are typed (no truth values from integers); an integer used as a
            // floating-point value is converted.
            return match (&have, want) {
                (Ty::Int, Ty::Float(k)) => Ok(super::float::of_int(v, *k, e.span)),
                _ => Err(FrontError::type_error(
                    e.span,
                    format!("expected {}, found {}", want.name(), have.name()),
                )),
            };
        }
        if let (Ty::Float(j), Ty::Float(k)) = (&have, want) {
            return Ok(super::float::convert(v, *j, *k, e.span));
        }
        Ok(v)
    }

    /// The value of a variable in specifications.
    fn spec_var(&mut self, v: VarId, span: Span) -> Result<(VExpr, Ty), FrontError> {
        let info = self.program.var(v).clone();
        let base = super::memory::is_base_expr(
            &crate::c::ast::Expr {
                kind: crate::c::ast::ExprKind::Var(v),
                ty: info.ty.clone(),
                span,
            },
            &self.cur.base_ptrs,
        );
        let ty = Ty::of(&info.ty, base).ok_or_else(|| {
            FrontError::unsupported(
                span,
                format!("`{}` (a struct) in a specification", info.name),
            )
        })?;
        let repr = self
            .repr(&v)
            .cloned()
            .ok_or_else(|| self.unbound(v, span))?;
        Ok(match repr {
            Repr::Local(n) => (local(&n, span), ty),
            Repr::Memory(obj) => {
                if let CType::Array { .. } = info.ty {
                    (obj, ty)
                } else {
                    let f = self.elem_field_of(&info.ty, span)?;
                    (
                        field(viper_call(LOC, vec![obj, int(0, span)], span), f, span),
                        ty,
                    )
                }
            }
        })
    }

    fn pure_value(&mut self, e: &Expr, pos: SpecPos) -> Result<(VExpr, Ty), FrontError> {
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Int(v) => (uint(*v, span), Ty::Int),
            ExprKind::Real(text) => {
                let (digits, k) = real_kind(text);
                (super::float::literal(digits, k, span)?, Ty::Float(k))
            }
            ExprKind::Member { base, field: name } => {
                let (f, ty) = self.member(base, name, pos)?;
                // An array member is its own allocation (`Ty::of` says: a base pointer).
                let t = Ty::of(&ty, false).ok_or_else(|| {
                    FrontError::unsupported(span, "a member of struct type in a specification")
                })?;
                (f, t)
            }
            ExprKind::Bool(b) => (bool_lit(*b, span), Ty::Bool),
            ExprKind::Null => (
                viper_call(NULL, Vec::new(), span),
                Ty::Ptr(CType::Void, true),
            ),
            ExprKind::ThreadNum => {
                match self.cur.block.as_ref().and_then(|b| b.thread.clone()) {
                    Some(t) => (local(&t, span), Ty::Int),
                    None => return Err(FrontError::type_error(
                        span,
                        "the thread number outside code every thread runs and the iterations of a \
                         worksharing loop",
                    )),
                }
            }
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
                let t = if ty == CType::Bool {
                    Ty::Int
                } else {
                    Ty::of(&ty, false).unwrap_or(Ty::Int)
                };
                (local(&name, span), t)
            }
            ExprKind::Write | ExprKind::Read | ExprKind::NoPerm => {
                return Err(FrontError::type_error(
                    span,
                    "a permission amount is only allowed as the second argument of `Perm`, \
                     `\\pointer` or `\\pointer_index`",
                ))
            }
            ExprKind::Var(n) => {
                if let Some((_, v, is_int)) = self.cur.bound.iter().rev().find(|b| &b.0 == n) {
                    let t = if *is_int { Ty::Int } else { Ty::Bool };
                    (local(v, span), t)
                } else if let Some(v) = self.spec_lookup(n) {
                    self.spec_var(v, span)?
                } else {
                    return Err(FrontError::type_error(
                        span,
                        format!("unknown name `{n}` in the specification"),
                    ));
                }
            }
            ExprKind::Index { base, index } => {
                let (a, elem, is_base) = self.pointer_of(base, pos)?;
                let i = self.pure(index, pos, &Ty::Int)?;
                if let CType::Array { elem: inner, .. } = &elem {
                    // A row of a multi-dimensional array.
                    let row = viper_call(
                        ROW,
                        vec![
                            spec_base(a.clone(), is_base, span),
                            spec_off(a, is_base, i, span),
                        ],
                        span,
                    );
                    (row, Ty::Ptr((**inner).clone(), true))
                } else {
                    let f = self.elem_field_of(&elem, span)?;
                    let t = Ty::of(&elem, false).ok_or_else(|| {
                        FrontError::unsupported(span, "a struct element in a specification")
                    })?;
                    (field(spec_elem(a, is_base, i, span), f, span), t)
                }
            }
            ExprKind::Deref(p) => {
                let (a, elem, is_base) = self.pointer_of(p, pos)?;
                if let CType::Array { elem: inner, .. } = &elem {
                    // The first row of a pointer to arrays.
                    let row = viper_call(
                        ROW,
                        vec![
                            spec_base(a.clone(), is_base, span),
                            spec_off(a, is_base, int(0, span), span),
                        ],
                        span,
                    );
                    (row, Ty::Ptr((**inner).clone(), true))
                } else {
                    let f = self.elem_field_of(&elem, span)?;
                    let t = Ty::of(&elem, false).ok_or_else(|| {
                        FrontError::unsupported(span, "a struct element in a specification")
                    })?;
                    (field(spec_elem(a, is_base, int(0, span), span), f, span), t)
                }
            }
            ExprKind::AddrOf(_) => {
                return Err(FrontError::type_error(
                    span,
                    "`&` is only allowed in the location of `Perm`",
                ))
            }
            ExprKind::Contribution(x) => {
                return Err(FrontError::type_error(
                    span,
                    format!(
                        "`\\contribution({})` is only allowed as `\\contribution({}) == e` in the \
                         iteration postcondition of a loop whose construct or region reduces `{}`",
                        x.name, x.name, x.name
                    ),
                ))
            }
            ExprKind::Unary { op: UnOp::Not, arg } => (
                un(UnaryOp::Not, self.pure(arg, pos, &Ty::Bool)?, span),
                Ty::Bool,
            ),
            ExprKind::Unary { op: UnOp::Neg, arg } => {
                let (a, t) = self.pure_value(arg, pos)?;
                match t {
                    Ty::Float(k) => (viper_call("f_neg", vec![a], span), Ty::Float(k)),
                    Ty::Int => (un(UnaryOp::Neg, a, span), Ty::Int),
                    _ => return Err(FrontError::type_error(span, "`-` of a non-number")),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.pure_binary(*op, lhs, rhs, pos, span)?,
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.pure(c, pos, &Ty::Bool)?;
                let (t, tt) = self.pure_value(then, pos)?;
                let f = self.pure(els, pos, &tt)?;
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
                let (a, _, base) = self.pointer_of(p, pos)?;
                let len = if base {
                    viper_call(ALEN, vec![a], span)
                } else {
                    bin(
                        BinaryOp::Sub,
                        viper_call(ALEN, vec![viper_call(PBASE, vec![a.clone()], span)], span),
                        viper_call(POFF, vec![a], span),
                        span,
                    )
                };
                (len, Ty::Int)
            }
            ExprKind::Array { arr, len } => {
                let (a, _, base) = self.pointer_of(arr, pos)?;
                let n = self.pure(len, pos, &Ty::Int)?;
                let eq = if base {
                    bin(
                        BinaryOp::Eq,
                        viper_call(ALEN, vec![a.clone()], span),
                        n,
                        span,
                    )
                } else {
                    length_at_least(a.clone(), base, n, span)
                };
                (and(non_null(a, span), eq, span), Ty::Bool)
            }
            ExprKind::Quant {
                quantifier,
                ty,
                var,
                range,
                body,
            } if quantifier.is_generalised() => {
                let v = self.generalised(*quantifier, *ty, var, range, body, pos, span)?;
                (v, Ty::Int)
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

    /// A pointer expression: its value, the pointed-to type, whether it starts an allocation.
    fn pointer_of(&mut self, e: &Expr, pos: SpecPos) -> Result<(VExpr, CType, bool), FrontError> {
        let (v, t) = self.pure_value(e, pos)?;
        match t {
            Ty::Ptr(elem, base) => Ok((v, elem, base)),
            other => Err(FrontError::type_error(
                e.span,
                format!("expected a pointer, found {}", other.name()),
            )),
        }
    }

    fn elem_field_of(&self, t: &CType, span: Span) -> Result<&'static str, FrontError> {
        self.elem_field(t, span)?.ok_or_else(|| {
            FrontError::unsupported(
                span,
                "a whole struct or array as a value in a specification (name a member or an \
                     element)",
            )
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
            B::Add | B::Sub | B::Mul | B::Div | B::Mod => {
                let (l, lt) = self.pure_value(lhs, pos)?;
                let (r, rt) = self.pure_value(rhs, pos)?;
                if let Some(k) = float_of(&lt, &rt) {
                    // C's usual arithmetic conversions: the operation rounds in the wider type.
                    if op == B::Mod {
                        return Err(FrontError::type_error(span, "`%` on floating-point values"));
                    }
                    let l = self.to_float(l, &lt, k, lhs.span)?;
                    let r = self.to_float(r, &rt, k, rhs.span)?;
                    let name = match op {
                        B::Add => "f_add",
                        B::Sub => "f_sub",
                        B::Mul => "f_mul",
                        _ => "f_div",
                    };
                    let name = super::float::op(name, k);
                    return Ok((viper_call(&name, vec![l, r], span), Ty::Float(k)));
                }
                if lt != Ty::Int || rt != Ty::Int {
                    return Err(FrontError::type_error(
                        span,
                        format!("`{}` needs numbers", op.symbol()),
                    ));
                }
                match op {
                    B::Div | B::Mod => (self.division(op == B::Div, l, r, span), Ty::Int),
                    _ => {
                        let vop = match op {
                            B::Add => BinaryOp::Add,
                            B::Sub => BinaryOp::Sub,
                            _ => BinaryOp::Mul,
                        };
                        (bin(vop, l, r, span), Ty::Int)
                    }
                }
            }
            B::Frac => {
                return Err(FrontError::type_error(
                    span,
                    "a fraction `a\\b` is only allowed as a permission amount",
                ))
            }
            B::Eq | B::Ne => {
                let (l, lt) = self.pure_value(lhs, pos)?;
                let (l, r) = match &lt {
                    // Floating-point values compare as values (identity) in the wider type.
                    Ty::Float(_) | Ty::Int => {
                        let (r, rt) = self.pure_value(rhs, pos)?;
                        match float_of(&lt, &rt) {
                            Some(k) => (
                                self.to_float(l, &lt, k, lhs.span)?,
                                self.to_float(r, &rt, k, rhs.span)?,
                            ),
                            None if rt.same_class(&lt) => (l, r),
                            None => {
                                return Err(FrontError::type_error(
                                    rhs.span,
                                    format!("expected {}, found {}", lt.name(), rt.name()),
                                ))
                            }
                        }
                    }
                    _ => {
                        let r = self.pure(rhs, pos, &lt)?;
                        (l, r)
                    }
                };
                let vop = if op == B::Eq {
                    BinaryOp::Eq
                } else {
                    BinaryOp::Ne
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                let (l, lt) = self.pure_value(lhs, pos)?;
                let (r, rt) = self.pure_value(rhs, pos)?;
                if let Some(k) = float_of(&lt, &rt) {
                    let l = self.to_float(l, &lt, k, lhs.span)?;
                    let r = self.to_float(r, &rt, k, rhs.span)?;
                    let (name, a, b) = match op {
                        B::Lt => ("f_lt", l, r),
                        B::Le => ("f_le", l, r),
                        B::Gt => ("f_lt", r, l),
                        _ => ("f_le", r, l),
                    };
                    return Ok((viper_call(name, vec![a, b], span), Ty::Bool));
                }
                if lt != Ty::Int {
                    return Err(FrontError::type_error(lhs.span, "expected an integer"));
                }
                if rt != Ty::Int {
                    return Err(FrontError::type_error(rhs.span, "expected an integer"));
                }
                let vop = match op {
                    B::Lt => BinaryOp::Lt,
                    B::Le => BinaryOp::Le,
                    B::Gt => BinaryOp::Gt,
                    _ => BinaryOp::Ge,
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
            B::And | B::Or | B::Star | B::Implies => {
                let l = self.pure(lhs, pos, &Ty::Bool)?;
                let r = self.pure(rhs, pos, &Ty::Bool)?;
                let vop = match op {
                    B::Or => BinaryOp::Or,
                    B::Implies => BinaryOp::Implies,
                    _ => BinaryOp::And,
                };
                (bin(vop, l, r, span), Ty::Bool)
            }
        })
    }

    /// A number of type `t` as a floating-point value of type `k`.
    fn to_float(&self, v: VExpr, t: &Ty, k: FloatKind, span: Span) -> Result<VExpr, FrontError> {
        match t {
            Ty::Float(j) => Ok(super::float::convert(v, *j, k, span)),
            Ty::Int => Ok(super::float::of_int(v, k, span)),
            _ => Err(FrontError::type_error(span, "expected a number")),
        }
    }

    /// A quantifier: `\forall T k; range; body` is `forall k :: range ==> body`, `\exists` is
    /// `exists k :: range && body`. The variable gets a fresh name.
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
        let (is_int, vty) = match ty {
            SpecType::Int => (true, Type::Int),
            SpecType::Bool => (false, Type::Bool),
        };
        let name = self.cur.names.fresh(&var.name);
        self.cur
            .bound
            .push((var.name.clone(), name.clone(), is_int));
        let r = (|| -> Result<VExpr, FrontError> {
            let guard = match range {
                QuantRange::Filter(c) => self.pure(c, pos, &Ty::Bool)?,
                QuantRange::Span { lo, hi } => {
                    let lo = self.pure(lo, pos, &Ty::Int)?;
                    let hi = self.pure(hi, pos, &Ty::Int)?;
                    in_range(local(&name, var.span), lo, hi, span)
                }
            };
            let b = if assertion {
                self.assertion(body, pos)?
            } else {
                self.pure(body, pos, &Ty::Bool)?
            };
            // Nothing to say (e.g. permission to a struct without modelled members): no
            // quantifier, whose range could read locations without permission.
            if is_true(&b) {
                return Ok(b);
            }
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
        self.cur.bound.pop();
        r
    }

    /// `\sum`, `\product`, `\max`, `\min` over an integer range (see [`super::bigop`]): the
    /// range is `lo .. hi` or a filter with a lower and an upper bound of the variable; further
    /// conjuncts of the filter select the values (`\sum`/`\product` only).
    #[allow(clippy::too_many_arguments)]
    fn generalised(
        &mut self,
        q: Quantifier,
        ty: SpecType,
        var: &crate::spec::Ident,
        range: &QuantRange,
        body: &Expr,
        pos: SpecPos,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        use super::bigop::Combine;
        let op = match q {
            Quantifier::Sum => Combine::Sum,
            Quantifier::Product => Combine::Product,
            Quantifier::Max => Combine::Max,
            _ => Combine::Min,
        };
        if ty != SpecType::Int {
            return Err(FrontError::type_error(
                var.span,
                format!("the variable of {} ranges over integers", op.describe()),
            ));
        }
        let (lo, hi, rest) = match range {
            QuantRange::Span { lo, hi } => ((**lo).clone(), (**hi).clone(), None),
            QuantRange::Filter(c) => super::bigop::bounds(c, &var.name).ok_or_else(|| {
                FrontError::unsupported(
                    c.span,
                    format!(
                        "this range of {}: write `lo <= {v} && {v} < hi` (or `int {v} = lo .. hi`)",
                        op.describe(),
                        v = var.name
                    ),
                )
            })?,
        };
        if rest.is_some() && !op.has_unit() {
            return Err(FrontError::unsupported(
                span,
                format!(
                    "a condition besides the bounds in the range of {} (it could select no value)",
                    op.describe()
                ),
            ));
        }
        let lo = self.pure(&lo, pos, &Ty::Int)?;
        let hi = self.pure(&hi, pos, &Ty::Int)?;
        let name = self.cur.names.fresh(&var.name);
        self.cur.bound.push((var.name.clone(), name.clone(), true));
        let r = (|| -> Result<VExpr, FrontError> {
            let b = self.pure(body, pos, &Ty::Int)?;
            Ok(match &rest {
                Some(c) => {
                    let c = self.pure(c, pos, &Ty::Bool)?;
                    let unit = if op == Combine::Product { 1 } else { 0 };
                    cond(c, b, int(unit, span), span)
                }
                None => b,
            })
        })();
        self.cur.bound.pop();
        self.combine_range(op, &name, r?, lo, hi, span)
    }

    /// The location of `Perm(loc, p)`: an array element or a variable in memory.
    fn location(&mut self, loc: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let span = loc.span;
        match &loc.kind {
            ExprKind::Index { .. } | ExprKind::Deref(_) => {
                let (v, _) = self.pure_value(loc, pos)?;
                if !matches!(v.kind, VKind::Field { .. }) {
                    return Err(FrontError::type_error(
                        span,
                        "the location of `Perm` must be an element, not a row",
                    ));
                }
                Ok(v)
            }
            ExprKind::AddrOf(inner) => self.location(inner, pos),
            ExprKind::Member { base, field: name } => {
                let (f, ty) = self.member(base, name, pos)?;
                if ty.is_array() {
                    return Err(FrontError::type_error(
                        span,
                        format!(
                            "`Perm` on the array member `{}`: name its elements or use `\\pointer`",
                            name.name
                        ),
                    ));
                }
                Ok(f)
            }
            ExprKind::Var(n) => {
                let var = self
                    .spec_lookup(n)
                    .filter(|_| !self.cur.bound.iter().any(|b| &b.0 == n));
                match var.and_then(|v| self.repr(&v).cloned().map(|r| (v, r))) {
                    Some((v, Repr::Memory(_))) => {
                        let (e, _) = self.spec_var(v, span)?;
                        if matches!(e.kind, VKind::Field { .. }) {
                            Ok(e)
                        } else {
                            Err(FrontError::type_error(
                                span,
                                format!("`Perm` on the array `{n}`: name its elements (`{n}[i]`) or use `\\pointer`"),
                            ))
                        }
                    }
                    _ => Err(FrontError::unsupported(
                        span,
                        format!(
                            "`Perm` on the variable `{n}`, which is not in memory (a local that \
                             no parallel code shares carries no permission); remove it"
                        ),
                    )),
                }
            }
            _ => Err(FrontError::type_error(
                span,
                "the location of `Perm` must be an array element (`a[e]`, `&a[e]`, `*p`) or a \
                 shared variable",
            )),
        }
    }

    /// The reference of the struct object `e` denotes (a struct variable in memory, an element
    /// of an array of structs, `*p`) and its struct.
    fn spec_struct_ref(&mut self, e: &Expr, pos: SpecPos) -> Result<(VExpr, StructId), FrontError> {
        let span = e.span;
        let not_struct = || FrontError::type_error(span, "a member of a non-struct");
        match &e.kind {
            ExprKind::Var(n) if !self.cur.bound.iter().any(|b| &b.0 == n) => {
                let v = self.spec_lookup(n).ok_or_else(|| {
                    FrontError::type_error(span, format!("unknown name `{n}` in the specification"))
                })?;
                let CType::Struct(id) = self.program.var(v).ty else {
                    return Err(not_struct());
                };
                match self.repr(&v).cloned() {
                    Some(Repr::Memory(obj)) => {
                        Ok((viper_call(LOC, vec![obj, int(0, span)], span), id))
                    }
                    _ => Err(self.unbound(v, span)),
                }
            }
            ExprKind::Index { base, index } => {
                let (a, elem, is_base) = self.pointer_of(base, pos)?;
                let CType::Struct(id) = elem else {
                    return Err(not_struct());
                };
                let i = self.pure(index, pos, &Ty::Int)?;
                Ok((spec_elem(a, is_base, i, span), id))
            }
            ExprKind::Deref(p) => {
                let (a, elem, is_base) = self.pointer_of(p, pos)?;
                let CType::Struct(id) = elem else {
                    return Err(not_struct());
                };
                Ok((spec_elem(a, is_base, int(0, span), span), id))
            }
            ExprKind::Member { .. } => Err(FrontError::unsupported(
                span,
                "a struct member of struct type in a specification",
            )),
            _ => Err(not_struct()),
        }
    }

    /// The location of member `name` of the struct `base` and the member's C type.
    fn member(
        &mut self,
        base: &Expr,
        name: &crate::spec::Ident,
        pos: SpecPos,
    ) -> Result<(VExpr, CType), FrontError> {
        let (r, id) = self.spec_struct_ref(base, pos)?;
        let def = &self.program.structs[id.0 as usize];
        let k = def.field(&name.name).ok_or_else(|| {
            FrontError::type_error(
                name.span,
                format!("`struct {}` has no member `{}`", def.name, name.name),
            )
        })?;
        let ty = def.fields[k].ty.clone();
        if let Some(arr) = self.member_array(id, k, r.clone(), name.span) {
            return Ok((arr, ty));
        }
        if !self.struct_fields.contains_key(&(id, k)) {
            return Err(FrontError::unsupported(
                name.span,
                format!(
                    "the member `{}` (of struct or array type) in a specification",
                    name.name
                ),
            ));
        }
        let f = self.member_field(id, k);
        Ok((field(r, &f, name.span), ty))
    }

    /// If `loc` designates a whole struct object (`s`, `a[i]`, `*p` of struct type): its
    /// reference and type.
    fn struct_location(
        &mut self,
        loc: &Expr,
        pos: SpecPos,
    ) -> Result<Option<(VExpr, CType)>, FrontError> {
        let is_struct = match &loc.kind {
            ExprKind::AddrOf(inner) => return self.struct_location(inner, pos),
            ExprKind::Var(n) => {
                !self.cur.bound.iter().any(|b| &b.0 == n)
                    && self
                        .spec_lookup(n)
                        .is_some_and(|v| matches!(self.program.var(v).ty, CType::Struct(_)))
            }
            ExprKind::Index { base, .. } | ExprKind::Deref(base) => {
                matches!(self.pointer_of(base, pos)?.1, CType::Struct(_))
            }
            _ => false,
        };
        if !is_struct {
            return Ok(None);
        }
        let (r, id) = self.spec_struct_ref(loc, pos)?;
        Ok(Some((r, CType::Struct(id))))
    }

    /// A permission amount.
    fn amount(&mut self, p: &Expr, pos: SpecPos) -> Result<VExpr, FrontError> {
        let span = p.span;
        match &p.kind {
            ExprKind::Write => Ok(perm_lit(PermLit::Write, span)),
            ExprKind::Read => Ok(perm_lit(PermLit::Wildcard, span)),
            ExprKind::NoPerm => Ok(perm_lit(PermLit::None, span)),
            ExprKind::Int(_) => {
                let n = self.pure(p, pos, &Ty::Int)?;
                Ok(bin(BinaryOp::PermDiv, n, int(1, span), span))
            }
            ExprKind::Binary {
                op: BinOp::Frac | BinOp::Div,
                lhs,
                rhs,
            } => {
                let n = self.pure(lhs, pos, &Ty::Int)?;
                let d = self.pure(rhs, pos, &Ty::Int)?;
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

/// Element `i` of pointer `a` (from its allocation's base if `a` may be shifted).
fn spec_elem(a: VExpr, base: bool, i: VExpr, span: Span) -> VExpr {
    viper_call(
        LOC,
        vec![spec_base(a.clone(), base, span), spec_off(a, base, i, span)],
        span,
    )
}

fn spec_base(a: VExpr, base: bool, span: Span) -> VExpr {
    if base {
        a
    } else {
        viper_call(PBASE, vec![a], span)
    }
}

fn spec_off(a: VExpr, base: bool, i: VExpr, span: Span) -> VExpr {
    if base {
        i
    } else {
        bin(BinaryOp::Add, viper_call(POFF, vec![a], span), i, span)
    }
}

/// The allocation from `a` on has at least `n` elements.
fn length_at_least(a: VExpr, base: bool, n: VExpr, span: Span) -> VExpr {
    if base {
        bin(BinaryOp::Ge, viper_call(ALEN, vec![a], span), n, span)
    } else {
        bin(
            BinaryOp::Ge,
            viper_call(ALEN, vec![viper_call(PBASE, vec![a.clone()], span)], span),
            bin(BinaryOp::Add, viper_call(POFF, vec![a], span), n, span),
            span,
        )
    }
}

/// `a != null_array()`.
fn non_null(a: VExpr, span: Span) -> VExpr {
    bin(BinaryOp::Ne, a, viper_call(NULL, Vec::new(), span), span)
}

/// `e` with every `write` amount of its `acc`s halved (a read of what `e` writes).
pub(crate) fn scale_perm(e: &VExpr, span: Span) -> VExpr {
    let mut out = e.clone();
    scale_in(&mut out, span);
    out
}

fn scale_in(e: &mut VExpr, span: Span) {
    if let VKind::Acc { perm: Some(p), .. } = &mut e.kind {
        if matches!(p.kind, VKind::PermLit(PermLit::Write)) {
            **p = bin(BinaryOp::PermDiv, int(1, span), int(2, span), span);
        }
        return;
    }
    e.for_each_child_mut(&mut |c| scale_in(c, span));
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

/// The floating type an operation on operands of these types works in, if either is one.
fn float_of(a: &Ty, b: &Ty) -> Option<FloatKind> {
    let k = |t: &Ty| match t {
        Ty::Float(k) => Some(*k),
        _ => None,
    };
    match (k(a), k(b)) {
        (None, None) => None,
        (x, y) => Some(super::float::common(x, y)),
    }
}

/// The digits of a floating constant and its type (`f`: `float`, `l`: `long double`).
fn real_kind(text: &str) -> (&str, FloatKind) {
    match text.strip_suffix(['f', 'F']) {
        Some(d) => (d, FloatKind::Float),
        None => match text.strip_suffix(['l', 'L']) {
            Some(d) => (d, FloatKind::LongDouble),
            None => (text, FloatKind::Double),
        },
    }
}
