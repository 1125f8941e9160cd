//! C expressions as Viper values and locations.
//!
//! Integers are `Int`, truth values `Bool` (C's comparisons and `!` produce them; conversions
//! between the two are explicit: `e != 0`, `b ? 1 : 0`), floating-point values `CFloat`, pointers
//! `Array`. `a[i]` is the location `loc(a, i).f` (for a pointer `a` known to start an allocation)
//! or `loc(pbase(a), poff(a) + i).f`, with `f` the field of the element type; `a[i]` of a
//! multi-dimensional array is the row `row(a, i)`; `p + k` is `shift(p, k)`. `/` and `%` are C's
//! truncating operations (`c_div`, `c_mod`, each application a division check).

use super::literal::{int_lit, int_literal_value};
use super::prelude::{self, C_DIV, C_MOD, LOC, NULL, PBASE, POFF, ROW, SHIFT};
use super::{viper_call, Lowerer, Repr};
use crate::c::ast::*;
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{BinaryOp, Expr as VExpr, UnaryOp};
use viper::Span;

/// The Viper value class of a C value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Int,
    Bool,
    Float,
    Ptr,
}

impl Class {
    /// The class of values of a C type (`None` for `void`, structs).
    pub fn of(t: &Type) -> Option<Class> {
        match t {
            Type::Bool | Type::Int { .. } => Some(Class::Int),
            Type::Float(_) => Some(Class::Float),
            Type::Ptr(_) | Type::Array { .. } => Some(Class::Ptr),
            Type::Void | Type::Struct(_) | Type::Func => None,
        }
    }
}

/// Where an lvalue's value is kept.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// A Viper local.
    Local(String),
    /// A field location `r.f`.
    Field(VExpr),
}

impl Lowerer<'_> {
    /// `e` as a value of C type `ty` (converted as C converts on assignment).
    pub(crate) fn c_value_as(&mut self, e: &Expr, ty: &Type) -> Result<VExpr, FrontError> {
        let (v, have) = self.c_value(e)?;
        if let Type::Float(k) = ty {
            return to_float(v, have, &e.ty, *k, e.span);
        }
        let want = match ty {
            Type::Bool => Class::Bool,
            t => Class::of(t)
                .ok_or_else(|| FrontError::type_error(e.span, "a value of this type"))?,
        };
        let v = convert(v, have, want, e.span)?;
        // `_Bool` values are stored as 0/1 integers.
        if *ty == Type::Bool {
            return convert(v, Class::Bool, Class::Int, e.span);
        }
        Ok(int_convert(v, &e.ty, ty, e.span))
    }

    /// `e` as a truth value.
    pub(crate) fn c_truth(&mut self, e: &Expr) -> Result<VExpr, FrontError> {
        let (v, have) = self.c_value(e)?;
        convert(v, have, Class::Bool, e.span)
    }

    /// `e` in its own class.
    pub(crate) fn c_value(&mut self, e: &Expr) -> Result<(VExpr, Class), FrontError> {
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Int(v) => (int_lit(*v, span), Class::Int),
            ExprKind::Float(text) => {
                let k = super::float::kind_of(&e.ty).unwrap_or(crate::c::types::FloatKind::Double);
                (super::float::literal(text, k, span)?, Class::Float)
            }
            ExprKind::Null => (viper_call(NULL, Vec::new(), span), Class::Ptr),
            ExprKind::Str(_) => {
                return Err(FrontError::unsupported(
                    span,
                    "a string literal outside the arguments of an output routine",
                ))
            }
            ExprKind::SizeOf(_) => {
                return Err(FrontError::unsupported(
                    span,
                    "`sizeof` outside the size of an allocation, `memset` or `memcpy`",
                ))
            }
            ExprKind::Var(_)
            | ExprKind::Index { .. }
            | ExprKind::Deref(_)
            | ExprKind::Member { .. } => {
                if let Type::Array { .. } = e.ty {
                    // An array used as a value is a pointer to its first element.
                    return Ok((self.array_value(e)?, Class::Ptr));
                }
                let class = Class::of(&e.ty)
                    .ok_or_else(|| FrontError::unsupported(span, "a struct used as a value"))?;
                let v = match self.place(e)? {
                    Place::Local(n) => local(&n, span),
                    Place::Field(f) => f,
                };
                (v, class)
            }
            ExprKind::AddrOf(lv) => (self.address(lv)?, Class::Ptr),
            ExprKind::Unary { op, arg } => {
                let (a, c) = self.c_value(arg)?;
                match op {
                    UnOp::Not => (
                        un(UnaryOp::Not, convert(a, c, Class::Bool, span)?, span),
                        Class::Bool,
                    ),
                    UnOp::Neg => match c {
                        Class::Float => (viper_call("f_neg", vec![a], span), Class::Float),
                        _ => {
                            let v = wrap_unsigned(
                                un(UnaryOp::Neg, convert(a, c, Class::Int, span)?, span),
                                &e.ty,
                                span,
                            );
                            (self.no_signed_overflow(v, &e.ty, span), Class::Int)
                        }
                    },
                    UnOp::BitNot => (
                        wrap_unsigned(
                            viper_call("c_bnot", vec![convert(a, c, Class::Int, span)?], span),
                            &e.ty,
                            span,
                        ),
                        Class::Int,
                    ),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let (v, c) = self.c_binary(*op, lhs, rhs, span)?;
                // Unsigned arithmetic is modulo 2^width (C11 6.2.5p9); wrapping the
                // mathematical result is the same as wrapping the operands first.
                if c == Class::Int
                    && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl)
                {
                    let v = wrap_unsigned(v, &e.ty, span);
                    (self.no_signed_overflow(v, &e.ty, span), c)
                } else {
                    (v, c)
                }
            }
            ExprKind::Cond { cond: c, then, els } => {
                let c = self.c_truth(c)?;
                let (t, tc) = self.c_value(then)?;
                let (f, fc) = self.c_value(els)?;
                let want = if tc == fc {
                    tc
                } else if tc == Class::Ptr || fc == Class::Ptr {
                    Class::Ptr
                } else if tc == Class::Float || fc == Class::Float {
                    Class::Float
                } else {
                    Class::Int
                };
                let (t, f) = match super::float::kind_of(&e.ty) {
                    Some(k) if want == Class::Float => (
                        to_float(t, tc, &then.ty, k, then.span)?,
                        to_float(f, fc, &els.ty, k, els.span)?,
                    ),
                    _ => (
                        convert(t, tc, want, then.span)?,
                        convert(f, fc, want, els.span)?,
                    ),
                };
                (cond(c, t, f, span), want)
            }
            ExprKind::Cast(inner) if inner.ty.reinterprets_as(&e.ty) => {
                // ompv's memory is objects of elements, not bytes: what this pointer points to
                // is not modelled, and using it is a check that fails (`unknown`).
                let (v, _) = self.c_value(inner)?;
                let at = self.checks.add(
                    Role::Unmodelled {
                        what: format!(
                            "this conversion from `{}` to `{}`, which views memory as objects of \
                             another type (ompv models memory as elements of their declared \
                             types, not as bytes)",
                            self.program.type_name(&inner.ty.decay()),
                            self.program.type_name(&e.ty)
                        ),
                    },
                    span,
                );
                let mut w = viper_call(prelude::C_UNMODELLED, vec![v], span);
                w.span = at;
                (w, Class::Ptr)
            }
            ExprKind::Cast(inner) => {
                let (v, have) = self.c_value(inner)?;
                match &e.ty {
                    Type::Bool => (
                        convert(
                            convert(v, have, Class::Bool, span)?,
                            Class::Bool,
                            Class::Int,
                            span,
                        )?,
                        Class::Int,
                    ),
                    Type::Float(k) => (to_float(v, have, &inner.ty, *k, span)?, Class::Float),
                    t => {
                        let want = Class::of(t).ok_or_else(|| {
                            FrontError::unsupported(span, "a conversion to this type")
                        })?;
                        let v = convert(v, have, want, span)?;
                        (int_convert(v, &inner.ty, t, span), want)
                    }
                }
            }
            ExprKind::PureCall { name, args } => self.pure_call(name, args, span)?,
        })
    }

    fn pure_call(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<(VExpr, Class), FrontError> {
        if matches!(name, "abs" | "labs") {
            let x = self.c_value_as(&args[0], &Type::INT)?;
            let neg = bin(BinaryOp::Lt, x.clone(), int(0, span), span);
            return Ok((
                cond(neg, un(UnaryOp::Neg, x.clone(), span), x, span),
                Class::Int,
            ));
        }
        let mut vs = Vec::new();
        for a in args {
            vs.push(self.c_value_as(a, &Type::DOUBLE)?);
        }
        Ok((
            viper_call(&prelude::math_name(name), vs, span),
            Class::Float,
        ))
    }

    fn c_binary(
        &mut self,
        op: BinOp,
        lhs: &Expr,
        rhs: &Expr,
        span: Span,
    ) -> Result<(VExpr, Class), FrontError> {
        use BinOp as B;
        let (l, lc) = self.c_value(lhs)?;
        let (r, rc) = self.c_value(rhs)?;
        // Pointer arithmetic and comparisons.
        if lc == Class::Ptr || rc == Class::Ptr {
            return Ok(match op {
                B::Add if lc == Class::Ptr => (
                    self.shift(lhs, l, convert(r, rc, Class::Int, span)?, span),
                    Class::Ptr,
                ),
                B::Add => (
                    self.shift(rhs, r, convert(l, lc, Class::Int, span)?, span),
                    Class::Ptr,
                ),
                B::Sub if rc != Class::Ptr => {
                    let k = un(UnaryOp::Neg, convert(r, rc, Class::Int, span)?, span);
                    (self.shift(lhs, l, k, span), Class::Ptr)
                }
                B::Sub => (
                    bin(
                        BinaryOp::Sub,
                        viper_call(POFF, vec![l], span),
                        viper_call(POFF, vec![r], span),
                        span,
                    ),
                    Class::Int,
                ),
                B::Eq | B::Ne => {
                    let vop = if op == B::Eq {
                        BinaryOp::Eq
                    } else {
                        BinaryOp::Ne
                    };
                    (bin(vop, l, r, span), Class::Bool)
                }
                B::Lt | B::Le | B::Gt | B::Ge => {
                    let vop = compare_op(op);
                    (
                        bin(
                            vop,
                            viper_call(POFF, vec![l], span),
                            viper_call(POFF, vec![r], span),
                            span,
                        ),
                        Class::Bool,
                    )
                }
                B::And | B::Or => {
                    let l = convert(l, lc, Class::Bool, span)?;
                    let r = convert(r, rc, Class::Bool, span)?;
                    let vop = if op == B::And {
                        BinaryOp::And
                    } else {
                        BinaryOp::Or
                    };
                    (bin(vop, l, r, span), Class::Bool)
                }
                _ => {
                    return Err(FrontError::type_error(
                        span,
                        format!("`{}` on a pointer", op.symbol()),
                    ))
                }
            });
        }
        if matches!(op, B::And | B::Or) {
            let l = convert(l, lc, Class::Bool, span)?;
            let r = convert(r, rc, Class::Bool, span)?;
            let vop = if op == B::And {
                BinaryOp::And
            } else {
                BinaryOp::Or
            };
            return Ok((bin(vop, l, r, span), Class::Bool));
        }
        // Floating point: uninterpreted operations.
        if lc == Class::Float || rc == Class::Float {
            // The usual arithmetic conversions: both operands in the wider floating type, in
            // which the operation rounds.
            use super::float::{common, kind_of, op as fop};
            let k = common(kind_of(&lhs.ty), kind_of(&rhs.ty));
            let l = to_float(l, lc, &lhs.ty, k, span)?;
            let r = to_float(r, rc, &rhs.ty, k, span)?;
            let f = |name: &str, a: VExpr, b: VExpr| viper_call(&fop(name, k), vec![a, b], span);
            // Comparisons do not round: one function for every type.
            let cmp = |name: &str, a: VExpr, b: VExpr| viper_call(name, vec![a, b], span);
            return Ok(match op {
                B::Add => (f("f_add", l, r), Class::Float),
                B::Sub => (f("f_sub", l, r), Class::Float),
                B::Mul => (f("f_mul", l, r), Class::Float),
                B::Div => (f("f_div", l, r), Class::Float),
                B::Lt => (cmp("f_lt", l, r), Class::Bool),
                B::Le => (cmp("f_le", l, r), Class::Bool),
                B::Gt => (cmp("f_lt", r, l), Class::Bool),
                B::Ge => (cmp("f_le", r, l), Class::Bool),
                B::Eq => (cmp("f_eq", l, r), Class::Bool),
                B::Ne => (un(UnaryOp::Not, cmp("f_eq", l, r), span), Class::Bool),
                _ => {
                    return Err(FrontError::type_error(
                        span,
                        format!("`{}` on floating-point values", op.symbol()),
                    ))
                }
            });
        }
        // Integers (and truth values compared as such).
        if matches!(op, B::Eq | B::Ne) && lc == Class::Bool && rc == Class::Bool {
            let vop = if op == B::Eq {
                BinaryOp::Eq
            } else {
                BinaryOp::Ne
            };
            return Ok((bin(vop, l, r, span), Class::Bool));
        }
        let l = convert(l, lc, Class::Int, span)?;
        let r = convert(r, rc, Class::Int, span)?;
        // The usual arithmetic conversions (C11 6.3.1.8): where the operands meet in an unsigned
        // type, a value of a signed operand becomes that type's (`-1 < 0u` is false). `+ - * <<`
        // wrap their result instead (see `c_value`).
        // (A shift's operands are only promoted, which changes no value.)
        let (l, r) = if matches!(op, B::Add | B::Sub | B::Mul | B::Shl | B::Shr) {
            (l, r)
        } else {
            let common = Type::common(&lhs.ty, &rhs.ty);
            (
                int_convert(l, &lhs.ty, &common, span),
                int_convert(r, &rhs.ty, &common, span),
            )
        };
        Ok(match op {
            B::Add => (bin(BinaryOp::Add, l, r, span), Class::Int),
            B::Sub => (bin(BinaryOp::Sub, l, r, span), Class::Int),
            B::Mul => (bin(BinaryOp::Mul, l, r, span), Class::Int),
            B::Div | B::Mod => (self.division(op == B::Div, l, r, span), Class::Int),
            B::Lt | B::Le | B::Gt | B::Ge | B::Eq | B::Ne => {
                (bin(compare_op(op), l, r, span), Class::Bool)
            }
            B::Shl => match const_of(rhs) {
                Some(k) if (0..62).contains(&k) => (
                    bin(BinaryOp::Mul, l, int_lit(1i128 << k, span), span),
                    Class::Int,
                ),
                _ => (viper_call("c_shl", vec![l, r], span), Class::Int),
            },
            B::Shr => (viper_call("c_shr", vec![l, r], span), Class::Int),
            B::BitAnd => (viper_call("c_band", vec![l, r], span), Class::Int),
            B::BitOr => (viper_call("c_bor", vec![l, r], span), Class::Int),
            B::BitXor => (viper_call("c_bxor", vec![l, r], span), Class::Int),
            B::And | B::Or => unreachable!("handled above"),
        })
    }

    /// `v`, the result of an arithmetic operation of type `t`, checked to be in `t`'s range if
    /// overflow is checked ([`super::Options`]) and `t` is a signed type of rank `int` or more
    /// (C11 6.5p5: a signed overflow is undefined; smaller types are promoted to `int` first
    /// and cannot overflow there).
    pub(crate) fn no_signed_overflow(&mut self, v: VExpr, t: &Type, span: Span) -> VExpr {
        if !self.options.check_overflow {
            return v;
        }
        let Type::Int { rank, signed: true } = t else {
            return v;
        };
        if *rank < crate::c::types::IntRank::Int {
            return v;
        }
        let (lo, hi) = t.int_range().expect("an integer type");
        let at = self.checks.add(
            Role::Overflow {
                ty: self.program.type_name(t).to_string(),
            },
            span,
        );
        let mut e = viper_call(
            prelude::C_SIGNED,
            vec![v, int_lit(lo, span), int_lit(hi, span)],
            span,
        );
        e.span = at;
        e
    }

    /// `c_div(l, r)` / `c_mod(l, r)`, an application checked for a zero divisor.
    pub(crate) fn division(&mut self, div: bool, l: VExpr, r: VExpr, span: Span) -> VExpr {
        let at = self.checks.add(Role::Division, span);
        let mut e = viper_call(if div { C_DIV } else { C_MOD }, vec![l, r], span);
        e.span = at;
        e
    }

    /// `p + k` for the pointer expression `pe` with value `p`.
    fn shift(&mut self, pe: &Expr, p: VExpr, k: VExpr, span: Span) -> VExpr {
        let _ = pe;
        viper_call(SHIFT, vec![p, k], span)
    }

    /// Whether the pointer expression `e` is known to point to the start of an allocation.
    pub(crate) fn is_base(&self, e: &Expr) -> bool {
        super::memory::is_base_expr(e, &self.cur.base_ptrs)
    }

    /// The reference of element `i` of the allocation pointer `pe` points into (value `p`).
    pub(crate) fn elem_ref(&mut self, pe: &Expr, p: VExpr, i: VExpr, span: Span) -> VExpr {
        if self.is_base(pe) {
            return viper_call(LOC, vec![p, i], span);
        }
        let off = bin(
            BinaryOp::Add,
            viper_call(POFF, vec![p.clone()], span),
            i,
            span,
        );
        viper_call(LOC, vec![viper_call(PBASE, vec![p], span), off], span)
    }

    /// The row `i` of the multi-dimensional array pointer `pe` points into.
    pub(crate) fn row_of(&mut self, pe: &Expr, p: VExpr, i: VExpr, span: Span) -> VExpr {
        if self.is_base(pe) {
            return viper_call(ROW, vec![p, i], span);
        }
        let off = bin(
            BinaryOp::Add,
            viper_call(POFF, vec![p.clone()], span),
            i,
            span,
        );
        viper_call(ROW, vec![viper_call(PBASE, vec![p], span), off], span)
    }

    /// The pointer value of an array-typed lvalue (its first element).
    pub(crate) fn array_value(&mut self, e: &Expr) -> Result<VExpr, FrontError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Var(v) => match self.repr(v).cloned() {
                Some(Repr::Memory(obj)) => Ok(obj),
                Some(Repr::Local(n)) => Ok(local(&n, span)),
                None => Err(self.unbound(*v, span)),
            },
            ExprKind::Index { base, index } => {
                let p = self.pointer(base)?;
                let i = self.c_value_as(index, &Type::INT)?;
                Ok(self.row_of(base, p, i, span))
            }
            ExprKind::Deref(p) => {
                let pv = self.pointer(p)?;
                Ok(self.row_of(p, pv, int(0, span), span))
            }
            // A member of array type: the member's own allocation.
            ExprKind::Member { base, field: k } => {
                let Type::Struct(id) = base.ty else {
                    return Err(FrontError::type_error(span, "member of a non-struct"));
                };
                let r = self.struct_ref(base)?;
                self.member_array(id, *k, r, span).ok_or_else(|| {
                    FrontError::unsupported(span, "an array member whose lengths are not constant")
                })
            }
            _ => Err(FrontError::unsupported(span, "an array inside a struct")),
        }
    }

    /// The value of a pointer (or array) expression.
    pub(crate) fn pointer(&mut self, e: &Expr) -> Result<VExpr, FrontError> {
        let (v, c) = self.c_value(e)?;
        if c != Class::Ptr {
            return Err(FrontError::type_error(e.span, "a pointer is expected here"));
        }
        Ok(v)
    }

    /// The address of an lvalue.
    pub(crate) fn address(&mut self, lv: &Expr) -> Result<VExpr, FrontError> {
        let span = lv.span;
        match &lv.kind {
            ExprKind::Var(v) => match self.repr(v).cloned() {
                Some(Repr::Memory(obj)) => Ok(obj),
                Some(Repr::Local(_)) => Err(FrontError::unsupported(
                    span,
                    "the address of a variable ompv keeps outside memory",
                )),
                None => Err(self.unbound(*v, span)),
            },
            ExprKind::Index { base, index } => {
                if let Type::Array { .. } = lv.ty {
                    return self.array_value(lv);
                }
                let p = self.pointer(base)?;
                let i = self.c_value_as(index, &Type::INT)?;
                Ok(viper_call(SHIFT, vec![p, i], span))
            }
            ExprKind::Deref(p) => self.pointer(p),
            _ => Err(FrontError::unsupported(
                span,
                "the address of a struct member",
            )),
        }
    }

    /// The reference of a struct object (`s` of `s.f`).
    fn struct_ref(&mut self, e: &Expr) -> Result<VExpr, FrontError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Var(v) => match self.repr(v).cloned() {
                Some(Repr::Memory(obj)) => Ok(viper_call(LOC, vec![obj, int(0, span)], span)),
                _ => Err(self.unbound(*v, span)),
            },
            ExprKind::Index { base, index } => {
                let p = self.pointer(base)?;
                let i = self.c_value_as(index, &Type::INT)?;
                Ok(self.elem_ref(base, p, i, span))
            }
            ExprKind::Deref(p) => {
                let pv = self.pointer(p)?;
                Ok(self.elem_ref(p, pv, int(0, span), span))
            }
            _ => Err(FrontError::unsupported(span, "a struct inside a struct")),
        }
    }

    /// Where the value of an lvalue is kept.
    pub(crate) fn place(&mut self, e: &Expr) -> Result<Place, FrontError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Var(v) => match self.repr(v).cloned() {
                Some(Repr::Local(n)) => Ok(Place::Local(n)),
                Some(Repr::Memory(obj)) => {
                    let f = self.field_for(&e.ty, span)?;
                    Ok(Place::Field(field(
                        viper_call(LOC, vec![obj, int(0, span)], span),
                        f,
                        span,
                    )))
                }
                None => Err(self.unbound(*v, span)),
            },
            ExprKind::Index { base, index } => {
                let f = self.field_for(&e.ty, span)?;
                let p = self.pointer(base)?;
                let i = self.c_value_as(index, &Type::INT)?;
                let r = self.elem_ref(base, p, i, span);
                Ok(Place::Field(field(r, f, span)))
            }
            ExprKind::Deref(p) => {
                let f = self.field_for(&e.ty, span)?;
                let pv = self.pointer(p)?;
                let r = self.elem_ref(p, pv, int(0, span), span);
                Ok(Place::Field(field(r, f, span)))
            }
            ExprKind::Member { base, field: k } => {
                let Type::Struct(id) = base.ty else {
                    return Err(FrontError::type_error(span, "member of a non-struct"));
                };
                if !self.struct_fields.contains_key(&(id, *k)) {
                    return Err(FrontError::unsupported(
                        span,
                        "a struct member of struct or array type",
                    ));
                }
                let f = self.member_field(id, *k);
                let r = self.struct_ref(base)?;
                Ok(Place::Field(field(r, &f, span)))
            }
            _ => Err(FrontError::type_error(span, "not an lvalue")),
        }
    }

    fn field_for(&self, ty: &Type, span: Span) -> Result<&'static str, FrontError> {
        self.elem_field(ty, span)?
            .ok_or_else(|| FrontError::unsupported(span, "a struct or array value here"))
    }

    /// An error for a variable the lowering has no binding for (a bug, or a use the front end
    /// should have rejected).
    pub(crate) fn unbound(&self, v: VarId, span: Span) -> FrontError {
        FrontError::unsupported(
            span,
            format!("`{}` is not available here", self.program.var(v).name),
        )
    }
}

/// An integer value of type `from` converted to the integer type `to` (C11 6.3.1.3): unchanged
/// where `to` can represent every value of `from`; otherwise brought into `to`'s range modulo
/// 2^width — the rule for unsigned types, and for signed ones the implementation-defined result
/// GCC and Clang give. Not an integer conversion: `v` itself. Exact for the values of `from`
/// (a value outside them would come from a signed overflow, which ompv assumes away).
pub(crate) fn int_convert(v: VExpr, from: &Type, to: &Type, span: Span) -> VExpr {
    let Some((lo, hi)) = to.int_range() else {
        return v;
    };
    let fits = from
        .int_range()
        .is_some_and(|(flo, fhi)| lo <= flo && fhi <= hi);
    if *to == Type::Bool || fits {
        return v;
    }
    let modulus = hi - lo + 1;
    // A constant is converted here.
    if let Some(n) = int_literal_value(&v) {
        return int_lit(lo + (n - lo).rem_euclid(modulus), span);
    }
    // A signed value that `to` can represent once its negative part is shifted up by one
    // modulus (an `int` as a `size_t`): `v` or `v + 2^width`, the same as the wrap for every
    // value of `from`, but without a function whose definition the prover must unfold (a count
    // `n * sizeof(double)` inside a quantifier's range stays `n` where `n >= 0` is known).
    let shifts_once = from
        .int_range()
        .is_some_and(|(flo, fhi)| flo < lo && lo - modulus <= flo && fhi <= hi);
    if shifts_once {
        let below = bin(BinaryOp::Lt, v.clone(), int_lit(lo, span), span);
        let shifted = bin(BinaryOp::Add, v.clone(), int_lit(modulus, span), span);
        return cond(below, shifted, v, span);
    }
    wrap_into(v, lo, hi, span)
}

/// `c_wrap(v, lo, hi - lo + 1)`: `v` brought into `[lo, hi]` modulo the range's size.
fn wrap_into(v: VExpr, lo: i128, hi: i128, span: Span) -> VExpr {
    viper_call(
        prelude::C_WRAP,
        vec![v, int_lit(lo, span), int_lit(hi - lo + 1, span)],
        span,
    )
}

/// The value of an integer computation stored into a variable of type `t` (a reduction's
/// combination, §5.5.8): wrapped into `t` unless `t` is a signed type of rank `int` or more,
/// where a result out of range is a signed overflow (undefined; ompv assumes it away).
pub(crate) fn int_result(v: VExpr, t: &Type, span: Span) -> VExpr {
    match t {
        Type::Int { rank, signed: true } if *rank >= crate::c::types::IntRank::Int => v,
        Type::Int { .. } => {
            let (lo, hi) = t.int_range().expect("an integer type");
            wrap_into(v, lo, hi, span)
        }
        _ => v,
    }
}

/// The result of an operation in type `t`, wrapped if `t` is unsigned (C11 6.2.5p9: unsigned
/// arithmetic is modulo 2^width); signed overflow is undefined, and ompv assumes it away.
fn wrap_unsigned(v: VExpr, t: &Type, span: Span) -> VExpr {
    match (t, t.int_range()) {
        (Type::Int { signed: false, .. }, Some((lo, hi))) => wrap_into(v, lo, hi, span),
        _ => v,
    }
}

/// `v` (of class `have`) as a value of class `want`.
pub(crate) fn convert(v: VExpr, have: Class, want: Class, span: Span) -> Result<VExpr, FrontError> {
    Ok(match (have, want) {
        (a, b) if a == b => v,
        (Class::Int, Class::Bool) => bin(BinaryOp::Ne, v, int(0, span), span),
        (Class::Bool, Class::Int) => cond(v, int(1, span), int(0, span), span),
        (Class::Int, Class::Float) => viper_call("f_of_int", vec![v], span),
        (Class::Bool, Class::Float) => viper_call(
            "f_of_int",
            vec![cond(v, int(1, span), int(0, span), span)],
            span,
        ),
        (Class::Float, Class::Int) => viper_call("f_to_int", vec![v], span),
        (Class::Float, Class::Bool) => un(
            UnaryOp::Not,
            viper_call(
                "f_eq",
                vec![v, viper_call("f_of_int", vec![int(0, span)], span)],
                span,
            ),
            span,
        ),
        (Class::Ptr, Class::Bool) => bin(BinaryOp::Ne, v, viper_call(NULL, Vec::new(), span), span),
        (Class::Ptr, _) | (_, Class::Ptr) => {
            return Err(FrontError::type_error(
                span,
                "a pointer is used where a number is expected (or the other way round)",
            ))
        }
        _ => v,
    })
}

fn compare_op(op: BinOp) -> BinaryOp {
    match op {
        BinOp::Lt => BinaryOp::Lt,
        BinOp::Le => BinaryOp::Le,
        BinOp::Gt => BinaryOp::Gt,
        BinOp::Ge => BinaryOp::Ge,
        BinOp::Eq => BinaryOp::Eq,
        _ => BinaryOp::Ne,
    }
}

fn const_of(e: &Expr) -> Option<i128> {
    crate::c::constant::eval_const(e)
}

/// A value of class `have` (of C type `from`) as a value of floating type `k` (see
/// [`super::float`]).
pub(crate) fn to_float(
    v: VExpr,
    have: Class,
    from: &Type,
    k: crate::c::types::FloatKind,
    span: Span,
) -> Result<VExpr, FrontError> {
    use super::float;
    Ok(match have {
        Class::Float => float::convert(
            v,
            float::kind_of(from).unwrap_or(crate::c::types::FloatKind::Double),
            k,
            span,
        ),
        Class::Int | Class::Bool => float::of_int(convert(v, have, Class::Int, span)?, k, span),
        Class::Ptr => convert(v, have, Class::Float, span)?,
    })
}
