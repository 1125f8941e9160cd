//! Expressions: their storage (lvalues, as a pointer) and their values. Every read of memory is
//! an access of the current unit, attributed to the expression as written. `&&`, `||` and `?:`
//! evaluate only what C evaluates.

use super::layout;
use super::memory::Origin;
use super::thread::Thread;
use super::value::{self, Ptr, Value};
use super::world::{inconclusive, R};
use crate::c::ast::*;
use viper::Span;

/// Whether a type mentions a variable-length array.
pub(crate) fn has_vla(t: &Type) -> bool {
    match t {
        Type::Array { elem, len } => matches!(len, ArrayLen::Var(_)) || has_vla(elem),
        Type::Ptr(t) => has_vla(t),
        _ => false,
    }
}

impl<'p> Thread<'p, '_> {
    /// `t` with the lengths of its variable-length arrays evaluated.
    pub fn resolve(&mut self, t: &Type, span: Span) -> R<Type> {
        Ok(match t {
            Type::Array { elem, len } => {
                let elem = Box::new(self.resolve(elem, span)?);
                let len = match len {
                    ArrayLen::Var(e) => {
                        let n = self.eval(e)?.as_int().or_else(|e| self.ub(span, e))?;
                        if n <= 0 {
                            return inconclusive(
                                span,
                                format!(
                                    "undefined behaviour: a variable-length array of length {n}"
                                ),
                            );
                        }
                        ArrayLen::Const(n as u64)
                    }
                    l => l.clone(),
                };
                Type::Array { elem, len }
            }
            Type::Ptr(p) if has_vla(p) => Type::Ptr(Box::new(self.resolve(p, span)?)),
            t => t.clone(),
        })
    }

    /// The number of cells of a type.
    pub fn cells_of(&mut self, t: &Type, span: Span) -> R<u64> {
        let r;
        let t = if has_vla(t) {
            r = self.resolve(t, span)?;
            &r
        } else {
            t
        };
        layout::cells(self.rt.prog, t).or_else(|e| inconclusive(span, e))
    }

    /// `p + k` cells (undefined if `p` is null or uninitialised).
    pub fn ptr_add(&mut self, p: Value, k: i128, span: Span) -> R<Ptr> {
        let p = self.as_ptr(p, span)?;
        let off = p.off as i128 + k;
        let len = self.w().mem.len(p.obj);
        match len {
            Some(n) if off >= 0 && off <= n as i128 => Ok(Ptr {
                obj: p.obj,
                off: off as i64,
            }),
            Some(n) => inconclusive(
                span,
                format!(
                    "undefined behaviour: pointer arithmetic leaves its object (cell {off} of an \
                     object of {n} cells)"
                ),
            ),
            None => inconclusive(
                span,
                "undefined behaviour: arithmetic on a dangling pointer",
            ),
        }
    }

    /// A value used as a pointer to an object.
    pub fn as_ptr(&self, v: Value, span: Span) -> R<Ptr> {
        match v {
            Value::Ptr(p) => Ok(p),
            Value::Null | Value::Int(0) => {
                inconclusive(span, "undefined behaviour: a null pointer is dereferenced")
            }
            Value::Uninit => {
                inconclusive(span, "undefined behaviour: use of an uninitialised pointer")
            }
            _ => inconclusive(span, "undefined behaviour: a number used as a pointer"),
        }
    }

    /// The object of a variable, as seen from the current thread.
    pub fn var_ptr(&mut self, v: VarId, span: Span) -> R<Ptr> {
        let var = self.rt.prog.var(v);
        if var.threadprivate {
            return self.threadprivate_ptr(v, span);
        }
        if let Some(b) = self.frames.last().and_then(|f| f.var(v)) {
            return Ok(Ptr { obj: b.obj, off: 0 });
        }
        if let Some(o) = self.w().globals.get(&v) {
            return Ok(Ptr { obj: *o, off: 0 });
        }
        inconclusive(
            span,
            format!("`{}` has no storage here (a bug of the replay)", var.name),
        )
    }

    /// The storage an lvalue designates.
    pub fn place(&mut self, e: &Expr) -> R<Ptr> {
        match &e.kind {
            ExprKind::Var(v) => self.var_ptr(*v, e.span),
            ExprKind::Index { base, index } => {
                let elem = base.ty.pointee().unwrap_or(&Type::Void);
                let b = if base.ty.is_array() {
                    Value::Ptr(self.place(base)?)
                } else {
                    self.eval(base)?
                };
                let i = self.eval(index)?.as_int().or_else(|x| self.ub(e.span, x))?;
                let n = self.cells_of(elem, e.span)?;
                self.ptr_add(b, i * n as i128, e.span)
            }
            ExprKind::Deref(p) => {
                let v = self.eval(p)?;
                self.as_ptr(v, e.span)
            }
            ExprKind::Member { base, field } => {
                let b = self.place(base)?;
                let off = layout::field_offset(self.rt.prog, &base.ty, *field)
                    .or_else(|x| inconclusive(e.span, x))?;
                self.ptr_add(Value::Ptr(b), off as i128, e.span)
            }
            ExprKind::Cast(inner) => self.place(inner),
            _ => inconclusive(e.span, "this expression designates no storage"),
        }
    }

    /// The value of an expression (arrays decay to a pointer to their first cell; a struct
    /// evaluates to a pointer to its storage, which assignments copy).
    pub fn eval(&mut self, e: &Expr) -> R<Value> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(v) => Ok(Value::Int(*v)),
            ExprKind::Float(text) => {
                let t = text.trim_end_matches(['f', 'F', 'l', 'L']);
                match t.parse::<f64>() {
                    Ok(f) => Ok(Value::Float(match &e.ty {
                        Type::Float(k) => value::round_float(*k, f),
                        _ => f,
                    })),
                    Err(_) => inconclusive(span, format!("the floating constant `{text}`")),
                }
            }
            ExprKind::Str(s) => self.string_literal(s, span),
            ExprKind::Null => Ok(Value::Null),
            ExprKind::Var(_)
            | ExprKind::Index { .. }
            | ExprKind::Deref(_)
            | ExprKind::Member { .. } => {
                let p = self.place(e)?;
                if e.ty.is_array() || matches!(e.ty, Type::Struct(_)) {
                    return Ok(Value::Ptr(p));
                }
                let v = self.load(p, span)?;
                self.check_kind(v, &e.ty, span)
            }
            ExprKind::AddrOf(lv) => Ok(Value::Ptr(self.place(lv)?)),
            ExprKind::Unary { op, arg } => {
                let v = self.eval(arg)?;
                let r = match op {
                    UnOp::Not => v.truth().map(|b| Value::Int(!b as i128)),
                    UnOp::Neg => {
                        if e.ty.is_float() {
                            v.as_float().map(|f| Value::Float(-f))
                        } else {
                            value::arith(BinOp::Sub, Value::Int(0), v, &Type::INT, &arg.ty, &e.ty)
                        }
                    }
                    UnOp::BitNot => match value::IntTy::of(&e.ty) {
                        Some(it) => value::convert(v, &arg.ty, &e.ty)
                            .and_then(|v| v.as_int())
                            .map(|x| Value::Int(it.wrap(!x))),
                        None => return inconclusive(span, "`~` of a non-integer"),
                    },
                };
                r.or_else(|x| self.ub(span, x))
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, lhs, rhs),
            ExprKind::Cond { cond, then, els } => {
                let c = self.eval(cond)?.truth().or_else(|x| self.ub(span, x))?;
                let (branch, other) = if c { (then, els) } else { (els, then) };
                let _ = other;
                let v = self.eval(branch)?;
                value::convert(v, &branch.ty.decay(), &e.ty).or_else(|x| self.ub(span, x))
            }
            ExprKind::Cast(inner) if inner.ty.reinterprets_as(&e.ty) => inconclusive(
                span,
                "a pointer conversion to another layout (the run models memory as elements of \
                 their declared types, not as bytes)",
            ),
            ExprKind::Cast(inner) => {
                let v = self.eval(inner)?;
                value::convert(v, &inner.ty.decay(), &e.ty).or_else(|x| self.ub(span, x))
            }
            ExprKind::SizeOf(t) => {
                let t = self.resolve(t, span)?;
                let (s, _) =
                    layout::size_align(self.rt.prog, &t).or_else(|x| inconclusive(span, x))?;
                Ok(Value::Int(s as i128))
            }
            ExprKind::PureCall { name, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(a)?);
                }
                super::builtins::pure_call(name, &vals, args, &e.ty).or_else(|x| match x {
                    Some(u) => self.ub(span, u),
                    None => inconclusive(span, format!("the library function `{name}`")),
                })
            }
        }
    }

    /// A value read from memory must have its expression's kind (no type punning through
    /// casts of pointers: the model keeps values, not bytes).
    fn check_kind(&self, v: Value, ty: &Type, span: Span) -> R<Value> {
        let ok = match v {
            Value::Uninit => true,
            // All-zero bytes (`calloc`, `memset(…, 0, …)`) are 0 of every scalar type.
            Value::Int(0) => true,
            Value::Int(_) => ty.is_integer(),
            Value::Float(_) => ty.is_float(),
            Value::Ptr(_) | Value::Null => {
                ty.is_pointer() || ty.is_integer() && matches!(ty, Type::Bool)
            }
        };
        if ok {
            Ok(match (v, ty) {
                (Value::Int(0), Type::Ptr(_)) => Value::Null,
                (Value::Int(i), Type::Float(_)) => Value::Float(i as f64),
                _ => v,
            })
        } else {
            inconclusive(
                span,
                "memory is read as a type other than the one it was written with (type punning \
                 through pointer casts is outside the model)",
            )
        }
    }

    fn binary(&mut self, e: &Expr, op: BinOp, l: &Expr, r: &Expr) -> R<Value> {
        let span = e.span;
        if matches!(op, BinOp::And | BinOp::Or) {
            let a = self.eval(l)?.truth().or_else(|x| self.ub(span, x))?;
            if a != (op == BinOp::And) {
                return Ok(Value::Int(a as i128));
            }
            let b = self.eval(r)?.truth().or_else(|x| self.ub(span, x))?;
            return Ok(Value::Int(b as i128));
        }
        let a = self.eval(l)?;
        let b = self.eval(r)?;
        let (lp, rp) = (l.ty.decay().is_pointer(), r.ty.decay().is_pointer());
        if lp || rp {
            return self.pointer_op(op, a, b, l, r, span);
        }
        let res = if matches!(
            op,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        ) {
            value::compare_numbers(op, a, b, &l.ty, &r.ty).map(|t| Value::Int(t as i128))
        } else {
            value::arith(op, a, b, &l.ty, &r.ty, &e.ty)
        };
        res.or_else(|x| self.ub(span, x))
    }

    fn pointer_op(
        &mut self,
        op: BinOp,
        a: Value,
        b: Value,
        l: &Expr,
        r: &Expr,
        span: Span,
    ) -> R<Value> {
        let is_cmp = matches!(
            op,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        );
        if is_cmp {
            let norm = |v: Value| match v {
                Value::Int(0) | Value::Uninit => Value::Null,
                v => v,
            };
            let (a, b) = (norm(a), norm(b));
            if a == Value::Uninit || b == Value::Uninit {
                return inconclusive(span, "undefined behaviour: use of an uninitialised pointer");
            }
            let res = match (a, b) {
                (Value::Null, Value::Null) => Some(std::cmp::Ordering::Equal),
                (Value::Ptr(x), Value::Ptr(y)) if x.obj == y.obj => Some(x.off.cmp(&y.off)),
                _ => None,
            };
            return match res {
                Some(o) => Ok(Value::Int(value::cmp_result(op, o) as i128)),
                None if matches!(op, BinOp::Eq | BinOp::Ne) => {
                    Ok(Value::Int((op == BinOp::Ne) as i128))
                }
                None => inconclusive(
                    span,
                    "undefined behaviour: ordering pointers into different objects",
                ),
            };
        }
        match op {
            BinOp::Add | BinOp::Sub if l.ty.decay().is_pointer() && r.ty.is_integer() => {
                let n = match &l.ty {
                    Type::Ptr(t) | Type::Array { elem: t, .. } => self.cells_of(t, span)?,
                    _ => 1,
                } as i128;
                let k = b.as_int().or_else(|x| self.ub(span, x))?;
                let k = if op == BinOp::Add { k } else { -k };
                Ok(Value::Ptr(self.ptr_add(a, k * n, span)?))
            }
            BinOp::Sub if l.ty.decay().is_pointer() && r.ty.decay().is_pointer() => {
                let (x, y) = (self.as_ptr(a, span)?, self.as_ptr(b, span)?);
                if x.obj != y.obj {
                    return inconclusive(
                        span,
                        "undefined behaviour: subtracting pointers into different objects",
                    );
                }
                let elem = l.ty.decay().pointee().cloned().unwrap_or(Type::Void);
                let n = self.cells_of(&elem, span)?.max(1) as i64;
                Ok(Value::Int(((x.off - y.off) / n) as i128))
            }
            _ => inconclusive(span, format!("`{}` on a pointer", op.symbol())),
        }
    }

    /// A pointer to the (read-only) object of a string literal.
    fn string_literal(&mut self, s: &str, span: Span) -> R<Value> {
        let key = (span.file.0, span.start, span.end);
        if let Some(o) = self.w().strings.get(&key) {
            return Ok(Value::Ptr(Ptr { obj: *o, off: 0 }));
        }
        let bytes = match crate::c::escapes::string_bytes(s) {
            Ok(b) => b,
            Err(why) => return inconclusive(span, why),
        };
        let o = self.new_string(&bytes, Origin::Str, span)?;
        self.w().strings.insert(key, o.obj);
        if let Some(obj) = self.w().mem.get_mut(o.obj) {
            obj.readonly = true;
        }
        Ok(Value::Ptr(o))
    }

    /// A new object holding the characters of `bytes` and a terminating 0.
    pub fn new_string(&mut self, bytes: &[u8], origin: Origin, span: Span) -> R<Ptr> {
        let n = bytes.len() as u64 + 1;
        let ty = Type::Array {
            elem: Box::new(Type::Int {
                rank: crate::c::types::IntRank::Char,
                signed: true,
            }),
            len: ArrayLen::Const(n),
        };
        let obj = match self.w().mem.alloc(n, Value::Int(0), origin, Some(ty)) {
            Ok(o) => o,
            Err(msg) => return inconclusive(span, msg),
        };
        if let Some(o) = self.w().mem.get_mut(obj) {
            for (k, b) in bytes.iter().enumerate() {
                o.cells[k] = Value::Int(*b as i8 as i128);
            }
        }
        Ok(Ptr { obj, off: 0 })
    }
}
