//! Expressions: conversion from `lang-c` with name resolution and typing. Side effects (calls,
//! assignments, `++`/`--`) are hoisted into statements (`pre`), in C's evaluation order, so that
//! every expression ompv keeps is side-effect free; `&&`, `||` and `?:` whose later operands
//! have side effects become conditionals over a temporary.

use super::{Binding, Converter};
use crate::c::ast::*;
use crate::c::types::{FloatKind, IntRank};
use crate::error::{ErrorKind, FrontError};
use crate::spec;
use lang_c::ast as lc;
use lang_c::span::Node;
use viper::Span;

impl Converter<'_> {
    /// What a name in scope stands for.
    pub(crate) fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }

    /// A fresh temporary of type `ty`, declared by a statement appended to `pre`.
    pub(crate) fn temp(&mut self, ty: Type, span: Span, pre: &mut Vec<Stmt>) -> Expr {
        self.temps += 1;
        let v = self.new_var(Var {
            name: format!("__tmp{}", self.temps),
            ty: ty.clone(),
            storage: Storage::Synthetic,
            function: Some(self.func_name.clone()),
            span,
            addr_taken: false,
            is_const: false,
            threadprivate: false,
        });
        pre.push(Stmt {
            kind: StmtKind::Decl { var: v, init: None },
            span,
        });
        Expr {
            kind: ExprKind::Var(v),
            ty,
            span,
        }
    }

    /// The value of `e` (side effects go to `pre`). Arrays keep their array type.
    pub(crate) fn rvalue(
        &mut self,
        e: &Node<lc::Expression>,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        self.value(e, pre, None)
    }

    /// The value of `e`; `expected` is the type it is converted to (for `malloc`).
    pub(crate) fn value(
        &mut self,
        e: &Node<lc::Expression>,
        pre: &mut Vec<Stmt>,
        expected: Option<&Type>,
    ) -> Result<Expr, FrontError> {
        let span = self.sp(e.span);
        let unsupported = |what: &str| Err(FrontError::unsupported(span, what.to_string()));
        match &e.node {
            lc::Expression::Identifier(id) => self.variable(&id.node.name, span),
            lc::Expression::Constant(c) => match &c.node {
                lc::Constant::Integer(i) => integer(i, span),
                lc::Constant::Float(f) => Ok(float(f, span)),
                lc::Constant::Character(ch) => character(ch, span),
            },
            lc::Expression::StringLiteral(s) => Ok(Expr {
                kind: ExprKind::Str(s.node.concat()),
                ty: Type::ptr(Type::Int {
                    rank: IntRank::Char,
                    signed: true,
                }),
                span,
            }),
            lc::Expression::BinaryOperator(b) => self.binary(&b.node, span, pre),
            lc::Expression::UnaryOperator(u) => self.unary(&u.node, span, pre),
            lc::Expression::Conditional(c) => self.conditional(&c.node, span, pre),
            lc::Expression::Call(call) => {
                let r = self.call(call, None, span, pre, expected)?;
                r.ok_or_else(|| {
                    FrontError::type_error(span, "a call of a `void` function has no value")
                })
            }
            lc::Expression::Cast(c) => {
                let ty = self.type_name_type(&c.node.type_name)?;
                if ty == Type::Void {
                    // `(void) e`: evaluated for its effects only.
                    self.effect(&c.node.expression, pre)?;
                    return Ok(Expr {
                        kind: ExprKind::Int(0),
                        ty: Type::Void,
                        span,
                    });
                }
                let v = self.value(&c.node.expression, pre, Some(&ty))?;
                self.cast(v, ty, span)
            }
            lc::Expression::SizeOfTy(t) => {
                let ty = self.type_name_type(&t.node.0)?;
                Ok(sizeof(ty, span))
            }
            lc::Expression::SizeOfVal(v) => {
                // The operand is not evaluated (its side effects do not happen).
                let mut ignored = Vec::new();
                let x = self.value(&v.node.0, &mut ignored, None)?;
                Ok(sizeof(x.ty, span))
            }
            lc::Expression::Member(m) => self.member(&m.node, span, pre),
            lc::Expression::Comma(items) => {
                let (last, first) = items
                    .split_last()
                    .ok_or_else(|| FrontError::c_syntax(span, "an empty comma expression"))?;
                for x in first {
                    self.effect(x, pre)?;
                }
                self.value(last, pre, expected)
            }
            lc::Expression::AlignOf(_) => unsupported("`_Alignof`"),
            lc::Expression::CompoundLiteral(_) => unsupported("a compound literal"),
            lc::Expression::GenericSelection(_) => unsupported("`_Generic`"),
            lc::Expression::OffsetOf(_) => unsupported("`offsetof`"),
            lc::Expression::VaArg(_) => unsupported("`va_arg`"),
            lc::Expression::Statement(_) => unsupported("a statement expression"),
        }
    }

    /// Evaluates `e` for its side effects only (an expression statement).
    pub(crate) fn effect(
        &mut self,
        e: &Node<lc::Expression>,
        pre: &mut Vec<Stmt>,
    ) -> Result<(), FrontError> {
        let span = self.sp(e.span);
        match &e.node {
            lc::Expression::BinaryOperator(b) if assign_op(&b.node.operator.node).is_some() => {
                self.assignment(&b.node, span, pre)?;
                Ok(())
            }
            lc::Expression::UnaryOperator(u)
                if matches!(
                    u.node.operator.node,
                    lc::UnaryOperator::PostIncrement
                        | lc::UnaryOperator::PreIncrement
                        | lc::UnaryOperator::PostDecrement
                        | lc::UnaryOperator::PreDecrement
                ) =>
            {
                let inc = matches!(
                    u.node.operator.node,
                    lc::UnaryOperator::PostIncrement | lc::UnaryOperator::PreIncrement
                );
                self.increment(&u.node.operand, inc, span, pre)?;
                Ok(())
            }
            lc::Expression::Call(call) => {
                self.call(call, None, span, pre, None)?;
                Ok(())
            }
            lc::Expression::Comma(items) => {
                for x in items.iter() {
                    self.effect(x, pre)?;
                }
                Ok(())
            }
            lc::Expression::Cast(c) => {
                let ty = self.type_name_type(&c.node.type_name)?;
                if ty == Type::Void {
                    return self.effect(&c.node.expression, pre);
                }
                self.value(e, pre, None).map(|_| ())
            }
            _ => {
                // A value computed and dropped: its reads still happen (and must be allowed).
                let v = self.value(e, pre, None)?;
                if v.ty != Type::Void {
                    let t = self.temp(v.ty.decay(), span, pre);
                    pre.push(Stmt {
                        kind: StmtKind::Assign {
                            target: t,
                            value: v,
                        },
                        span,
                    });
                }
                Ok(())
            }
        }
    }

    fn variable(&self, name: &str, span: Span) -> Result<Expr, FrontError> {
        match self.lookup(name) {
            Some(Binding::Var(v)) => Ok(Expr {
                kind: ExprKind::Var(v),
                ty: self.var(v).ty.clone(),
                span,
            }),
            Some(Binding::Const(c)) => Ok(Expr {
                kind: ExprKind::Int(c),
                ty: Type::INT,
                span,
            }),
            None if self.sigs.contains_key(name) || self.foreign.contains(name) => {
                Err(FrontError::unsupported(
                    span,
                    format!("using the function `{name}` as a value (function pointers)"),
                ))
            }
            None if self.rejected.contains(name) => Err(FrontError::new(
                ErrorKind::Type,
                super::FOLLOW_UP,
                span,
                format!("`{name}` has a rejected declaration"),
            )),
            None => Err(FrontError::type_error(
                span,
                format!("undeclared identifier `{name}`"),
            )),
        }
    }

    /// An lvalue: a variable, `a[i]`, `*p`, `s.f` or `p->f` (side effects of its operands go to
    /// `pre`).
    pub(crate) fn lvalue(
        &mut self,
        e: &Node<lc::Expression>,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        let v = self.value(e, pre, None)?;
        match &v.kind {
            ExprKind::Var(_)
            | ExprKind::Index { .. }
            | ExprKind::Deref(_)
            | ExprKind::Member { .. } => Ok(v),
            _ => Err(FrontError::type_error(
                v.span,
                "this expression cannot be assigned (it is not an lvalue)",
            )),
        }
    }

    fn member(
        &mut self,
        m: &lc::MemberExpression,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        let base = self.rvalue(&m.expression, pre)?;
        let base = match m.operator.node {
            lc::MemberOperator::Direct => base,
            lc::MemberOperator::Indirect => self.deref(base, span)?,
        };
        let Type::Struct(id) = base.ty else {
            return Err(FrontError::type_error(
                base.span,
                format!("member access on a value of type {}", self.tname(&base.ty)),
            ));
        };
        let def = &self.structs[id.0 as usize];
        let name = &m.identifier.node.name;
        let Some(k) = def.field(name) else {
            return Err(FrontError::type_error(
                self.sp(m.identifier.span),
                format!("`struct {}` has no member `{name}`", def.name),
            ));
        };
        let ty = def.fields[k].ty.clone();
        Ok(Expr {
            kind: ExprKind::Member {
                base: Box::new(base),
                field: k,
            },
            ty,
            span,
        })
    }

    /// `*p`.
    pub(crate) fn deref(&self, p: Expr, span: Span) -> Result<Expr, FrontError> {
        let ty = match p.ty.pointee() {
            Some(Type::Void) => {
                return Err(FrontError::type_error(span, "dereferencing a `void *`"))
            }
            Some(t) => t.clone(),
            None => {
                return Err(FrontError::type_error(
                    span,
                    format!("cannot dereference a value of type {}", self.tname(&p.ty)),
                ))
            }
        };
        Ok(Expr {
            kind: ExprKind::Deref(Box::new(p)),
            ty,
            span,
        })
    }

    fn unary(
        &mut self,
        u: &lc::UnaryOperatorExpression,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        use lc::UnaryOperator as U;
        match &u.operator.node {
            U::PostIncrement | U::PostDecrement => {
                // The old value is the expression's value.
                let lv = self.lvalue(&u.operand, pre)?;
                let old = self.temp(lv.ty.clone(), span, pre);
                pre.push(Stmt {
                    kind: StmtKind::Assign {
                        target: old.clone(),
                        value: lv,
                    },
                    span,
                });
                self.increment(
                    &u.operand,
                    matches!(u.operator.node, U::PostIncrement),
                    span,
                    pre,
                )?;
                Ok(old)
            }
            U::PreIncrement | U::PreDecrement => self.increment(
                &u.operand,
                matches!(u.operator.node, U::PreIncrement),
                span,
                pre,
            ),
            U::Address => {
                let lv = self.lvalue(&u.operand, pre)?;
                if let ExprKind::Var(v) = lv.kind {
                    self.vars[v.0 as usize].addr_taken = true;
                }
                let ty = Type::ptr(lv.ty.clone());
                Ok(Expr {
                    kind: ExprKind::AddrOf(Box::new(lv)),
                    ty,
                    span,
                })
            }
            U::Indirection => {
                let p = self.rvalue(&u.operand, pre)?;
                self.deref(p, span)
            }
            U::Plus | U::Minus | U::Complement => {
                let a = self.rvalue(&u.operand, pre)?;
                let ok = match u.operator.node {
                    U::Complement => a.ty.is_integer(),
                    _ => a.ty.is_arithmetic(),
                };
                if !ok {
                    return Err(FrontError::type_error(
                        span,
                        format!("invalid operand of type {}", self.tname(&a.ty)),
                    ));
                }
                let ty = a.ty.promoted();
                if u.operator.node == U::Plus {
                    return Ok(Expr { span, ty, ..a });
                }
                let op = if u.operator.node == U::Minus {
                    UnOp::Neg
                } else {
                    UnOp::BitNot
                };
                Ok(Expr {
                    kind: ExprKind::Unary {
                        op,
                        arg: Box::new(a),
                    },
                    ty,
                    span,
                })
            }
            U::Negate => {
                let a = self.rvalue(&u.operand, pre)?;
                self.want_scalar(&a, "`!`")?;
                Ok(Expr {
                    kind: ExprKind::Unary {
                        op: UnOp::Not,
                        arg: Box::new(a),
                    },
                    ty: Type::INT,
                    span,
                })
            }
        }
    }

    /// `++x`/`--x` (also the effect of `x++`): `x = x ± 1`; the value is the new `x`.
    fn increment(
        &mut self,
        operand: &Node<lc::Expression>,
        inc: bool,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        let lv = self.lvalue(operand, pre)?;
        if !(lv.ty.is_arithmetic() || lv.ty.is_pointer()) {
            return Err(FrontError::type_error(
                span,
                format!("`++`/`--` on a value of type {}", self.tname(&lv.ty)),
            ));
        }
        let one = Expr {
            kind: ExprKind::Int(1),
            ty: Type::INT,
            span,
        };
        let value = self.arith(
            if inc { BinOp::Add } else { BinOp::Sub },
            lv.clone(),
            one,
            span,
        )?;
        let value = self.assign_conv(value, &lv.ty.clone(), "`++`/`--`")?;
        pre.push(Stmt {
            kind: StmtKind::Assign {
                target: lv.clone(),
                value,
            },
            span,
        });
        Ok(Expr { span, ..lv })
    }

    fn conditional(
        &mut self,
        c: &lc::ConditionalExpression,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        let cond = self.rvalue(&c.condition, pre)?;
        self.want_scalar(&cond, "a condition")?;
        let mut tpre = Vec::new();
        let mut fpre = Vec::new();
        let t = self.rvalue(&c.then_expression, &mut tpre)?;
        let f = self.rvalue(&c.else_expression, &mut fpre)?;
        let ty = if t.ty.is_arithmetic() && f.ty.is_arithmetic() {
            Type::common(&t.ty, &f.ty)
        } else if t.ty.decay().is_pointer() {
            t.ty.decay()
        } else if f.ty.decay().is_pointer() {
            f.ty.decay()
        } else if t.ty == f.ty {
            t.ty.clone()
        } else {
            return Err(FrontError::type_error(
                span,
                "the branches of `?:` have incompatible types",
            ));
        };
        let t = self.assign_conv(t, &ty, "`?:`")?;
        let f = self.assign_conv(f, &ty, "`?:`")?;
        if tpre.is_empty() && fpre.is_empty() {
            return Ok(Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(cond),
                    then: Box::new(t),
                    els: Box::new(f),
                },
                ty,
                span,
            });
        }
        let tmp = self.temp(ty, span, pre);
        tpre.push(assign_stmt(tmp.clone(), t, span));
        fpre.push(assign_stmt(tmp.clone(), f, span));
        pre.push(Stmt {
            kind: StmtKind::If {
                cond,
                then: Block { stmts: tpre, span },
                els: Some(Block { stmts: fpre, span }),
            },
            span,
        });
        Ok(tmp)
    }

    fn binary(
        &mut self,
        b: &lc::BinaryOperatorExpression,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        use lc::BinaryOperator as B;
        if assign_op(&b.operator.node).is_some() {
            return self.assignment(b, span, pre);
        }
        if matches!(b.operator.node, B::LogicalAnd | B::LogicalOr) {
            let l = self.rvalue(&b.lhs, pre)?;
            self.want_scalar(&l, "`&&`/`||`")?;
            let mut rpre = Vec::new();
            let r = self.rvalue(&b.rhs, &mut rpre)?;
            self.want_scalar(&r, "`&&`/`||`")?;
            let and = b.operator.node == B::LogicalAnd;
            if rpre.is_empty() {
                return Ok(Expr {
                    kind: ExprKind::Binary {
                        op: if and { BinOp::And } else { BinOp::Or },
                        lhs: Box::new(l),
                        rhs: Box::new(r),
                    },
                    ty: Type::INT,
                    span,
                });
            }
            // The right operand's side effects happen only when it is evaluated.
            let tmp = self.temp(Type::INT, span, pre);
            let truth = |e: Expr| Expr {
                kind: ExprKind::Binary {
                    op: BinOp::Ne,
                    lhs: Box::new(e),
                    rhs: Box::new(Expr {
                        kind: ExprKind::Int(0),
                        ty: Type::INT,
                        span,
                    }),
                },
                ty: Type::INT,
                span,
            };
            let short = Expr {
                kind: ExprKind::Int(if and { 0 } else { 1 }),
                ty: Type::INT,
                span,
            };
            rpre.push(assign_stmt(tmp.clone(), truth(r), span));
            let (then, els) = if and {
                (rpre, vec![assign_stmt(tmp.clone(), short, span)])
            } else {
                (vec![assign_stmt(tmp.clone(), short, span)], rpre)
            };
            pre.push(Stmt {
                kind: StmtKind::If {
                    cond: l,
                    then: Block { stmts: then, span },
                    els: Some(Block { stmts: els, span }),
                },
                span,
            });
            return Ok(tmp);
        }
        let l = self.rvalue(&b.lhs, pre)?;
        let r = self.rvalue(&b.rhs, pre)?;
        let op = match b.operator.node {
            B::Index => return self.index(l, r, span),
            B::Multiply => BinOp::Mul,
            B::Divide => BinOp::Div,
            B::Modulo => BinOp::Mod,
            B::Plus => BinOp::Add,
            B::Minus => BinOp::Sub,
            B::ShiftLeft => BinOp::Shl,
            B::ShiftRight => BinOp::Shr,
            B::Less => BinOp::Lt,
            B::Greater => BinOp::Gt,
            B::LessOrEqual => BinOp::Le,
            B::GreaterOrEqual => BinOp::Ge,
            B::Equals => BinOp::Eq,
            B::NotEquals => BinOp::Ne,
            B::BitwiseAnd => BinOp::BitAnd,
            B::BitwiseXor => BinOp::BitXor,
            B::BitwiseOr => BinOp::BitOr,
            _ => unreachable!("assignments and logical operators handled above"),
        };
        self.arith(op, l, r, span)
    }

    /// `a[i]` (also `i[a]`).
    pub(crate) fn index(&self, l: Expr, r: Expr, span: Span) -> Result<Expr, FrontError> {
        let (base, idx) = if l.ty.pointee().is_some() {
            (l, r)
        } else if r.ty.pointee().is_some() {
            (r, l)
        } else {
            return Err(FrontError::type_error(
                span,
                format!("cannot index a value of type {}", self.tname(&l.ty)),
            ));
        };
        if !idx.ty.is_integer() {
            return Err(FrontError::type_error(
                idx.span,
                format!(
                    "an array index must be an integer, not {}",
                    self.tname(&idx.ty)
                ),
            ));
        }
        let ty = base.ty.pointee().cloned().unwrap_or(Type::Void);
        if ty == Type::Void {
            return Err(FrontError::type_error(span, "indexing a `void *`"));
        }
        Ok(Expr {
            kind: ExprKind::Index {
                base: Box::new(base),
                index: Box::new(idx),
            },
            ty,
            span,
        })
    }

    /// A binary operator on side-effect-free operands, with C's typing.
    pub(crate) fn arith(
        &self,
        op: BinOp,
        l: Expr,
        r: Expr,
        span: Span,
    ) -> Result<Expr, FrontError> {
        let bad = |c: &Converter<'_>, l: &Expr, r: &Expr| {
            Err(FrontError::type_error(
                span,
                format!(
                    "invalid operands of `{}`: {} and {}",
                    op.symbol(),
                    c.tname(&l.ty),
                    c.tname(&r.ty)
                ),
            ))
        };
        let (lp, rp) = (l.ty.decay().is_pointer(), r.ty.decay().is_pointer());
        let ty = match op {
            BinOp::Add if lp && r.ty.is_integer() => l.ty.decay(),
            BinOp::Add if rp && l.ty.is_integer() => {
                // `i + p` is `p + i`.
                return self.arith(op, r, l, span);
            }
            BinOp::Sub if lp && r.ty.is_integer() => l.ty.decay(),
            BinOp::Sub if lp && rp => Type::Int {
                rank: IntRank::Long,
                signed: true,
            },
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => {
                if !(l.ty.is_arithmetic() && r.ty.is_arithmetic()) {
                    return bad(self, &l, &r);
                }
                Type::common(&l.ty, &r.ty)
            }
            BinOp::Mod | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                if !(l.ty.is_integer() && r.ty.is_integer()) {
                    return bad(self, &l, &r);
                }
                Type::common(&l.ty, &r.ty)
            }
            BinOp::Shl | BinOp::Shr => {
                if !(l.ty.is_integer() && r.ty.is_integer()) {
                    return bad(self, &l, &r);
                }
                l.ty.promoted()
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                let ok = (l.ty.is_arithmetic() && r.ty.is_arithmetic())
                    || (lp && rp)
                    || (lp && is_null_constant(&r))
                    || (rp && is_null_constant(&l));
                if !ok {
                    return bad(self, &l, &r);
                }
                Type::INT
            }
            BinOp::And | BinOp::Or => {
                if !(l.ty.is_scalar() || lp) || !(r.ty.is_scalar() || rp) {
                    return bad(self, &l, &r);
                }
                Type::INT
            }
        };
        // Operands of comparisons between pointers and `0` are the null pointer.
        let (l, r) = match op {
            BinOp::Eq | BinOp::Ne if lp && is_null_constant(&r) => (l, null(r.span)),
            BinOp::Eq | BinOp::Ne if rp && is_null_constant(&l) => (null(l.span), r),
            _ => (l, r),
        };
        Ok(Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(l),
                rhs: Box::new(r),
            },
            ty,
            span,
        })
    }

    /// `lhs = rhs`, `lhs op= rhs`: a statement in `pre`; the value is the target's new value.
    fn assignment(
        &mut self,
        b: &lc::BinaryOperatorExpression,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<Expr, FrontError> {
        let op = assign_op(&b.operator.node).expect("an assignment operator");
        let target = self.lvalue(&b.lhs, pre)?;
        if matches!(target.ty, Type::Array { .. }) {
            return Err(FrontError::type_error(
                target.span,
                "an array cannot be assigned",
            ));
        }
        if let ExprKind::Var(v) = target.kind {
            if self.var(v).is_const {
                return Err(FrontError::type_error(
                    target.span,
                    format!("`{}` is `const`", self.var(v).name),
                ));
            }
        }
        match op {
            None => {
                // `x = f(…)` and `p = malloc(…)` assign the call's result directly.
                if let lc::Expression::Call(call) = &strip_casts(&b.rhs).node {
                    if let Some(v) =
                        self.call(call, Some(target.clone()), span, pre, Some(&target.ty))?
                    {
                        return Ok(v);
                    }
                    return Ok(target);
                }
                let value = self.value(&b.rhs, pre, Some(&target.ty))?;
                let value = self.assign_conv(value, &target.ty, "an assignment")?;
                pre.push(assign_stmt(target.clone(), value, span));
            }
            Some(op) => {
                let r = self.rvalue(&b.rhs, pre)?;
                let value = self.arith(op, target.clone(), r, span)?;
                let value = self.assign_conv(value, &target.ty, "an assignment")?;
                pre.push(assign_stmt(target.clone(), value, span));
            }
        }
        Ok(Expr { span, ..target })
    }

    /// `(T) v`.
    pub(crate) fn cast(&self, v: Expr, ty: Type, span: Span) -> Result<Expr, FrontError> {
        let from = v.ty.decay();
        let ok = match (&from, &ty) {
            (a, b) if a.is_arithmetic() && b.is_arithmetic() => true,
            // A null pointer constant first: `(void *) 0` is no view of any memory.
            (_, b) if b.is_pointer() && is_null_constant(&v) => {
                return Ok(Expr {
                    kind: ExprKind::Null,
                    ty,
                    span,
                })
            }
            (a, b) if a.is_pointer() && b.is_pointer() => true,
            (a, b) if a.is_pointer() && b.is_integer() => {
                return Err(FrontError::unsupported(
                    span,
                    "converting a pointer to an integer",
                ))
            }
            (a, b) if a.is_integer() && b.is_pointer() => {
                return Err(FrontError::unsupported(
                    span,
                    "converting an integer to a pointer",
                ))
            }
            _ => false,
        };
        if !ok {
            return Err(FrontError::type_error(
                span,
                format!(
                    "cannot convert {} to {}",
                    self.tname(&v.ty),
                    self.tname(&ty)
                ),
            ));
        }
        if from == ty {
            return Ok(Expr { ty, span, ..v });
        }
        Ok(Expr {
            kind: ExprKind::Cast(Box::new(v)),
            ty,
            span,
        })
    }

    /// `v` converted as by assignment to an object of type `ty` (C11 6.5.16.1).
    pub(crate) fn assign_conv(&self, v: Expr, ty: &Type, what: &str) -> Result<Expr, FrontError> {
        let from = v.ty.decay();
        let span = v.span;
        if from == *ty {
            return Ok(v);
        }
        let ok = match (&from, ty) {
            (a, b) if a.is_arithmetic() && b.is_arithmetic() => true,
            (a, Type::Bool) if a.is_pointer() => true,
            (_, b) if b.is_pointer() && is_null_constant(&v) => {
                return Ok(Expr {
                    kind: ExprKind::Null,
                    ty: ty.clone(),
                    span,
                })
            }
            (a, b) if a.is_pointer() && b.is_pointer() => true,
            (Type::Struct(a), Type::Struct(b)) => a == b,
            _ => false,
        };
        if !ok {
            return Err(FrontError::type_error(
                span,
                format!(
                    "{what}: a value of type {} where {} is expected",
                    self.tname(&v.ty),
                    self.tname(ty)
                ),
            ));
        }
        if from.is_pointer() && ty.is_pointer() {
            // Pointer conversions keep the value. An array stays an array (it decays where it is
            // used): relabelling it as a pointer would read it as a pointer stored in memory.
            if matches!(v.ty, Type::Array { .. }) && !v.ty.reinterprets_as(ty) {
                return Ok(v);
            }
            // (A conversion to another layout stays visible: the proof and the run refuse to
            // follow it, see `Type::reinterprets_as`.)
            if v.ty.reinterprets_as(ty) {
                return Ok(Expr {
                    kind: ExprKind::Cast(Box::new(v)),
                    ty: ty.clone(),
                    span,
                });
            }
            return Ok(Expr {
                ty: ty.clone(),
                ..v
            });
        }
        Ok(Expr {
            kind: ExprKind::Cast(Box::new(v)),
            ty: ty.clone(),
            span,
        })
    }

    /// A value usable as a condition.
    pub(crate) fn want_scalar(&self, e: &Expr, what: &str) -> Result<(), FrontError> {
        if e.ty.is_scalar() || e.ty.decay().is_pointer() {
            Ok(())
        } else {
            Err(FrontError::type_error(
                e.span,
                format!("a value of type {} in {what}", self.tname(&e.ty)),
            ))
        }
    }

    /// The first unresolved name in a specification expression (quantified variables are bound in
    /// their range and body).
    pub(crate) fn check_spec_expr(&self, e: &spec::Expr) -> Option<FrontError> {
        let mut bound = Vec::new();
        self.check_spec_in(e, &mut bound)
    }

    fn check_spec_in(&self, e: &spec::Expr, bound: &mut Vec<String>) -> Option<FrontError> {
        match &e.kind {
            spec::ExprKind::Var(n) => {
                // (The hidden state of the library is named in specifications ompv writes.)
                let hidden = crate::semantics::libc::State::ALL
                    .iter()
                    .any(|s| s.global_name() == n);
                if bound.contains(n) || self.lookup(n).is_some() || hidden {
                    None
                } else {
                    Some(FrontError::type_error(
                        e.span,
                        format!("unknown name `{n}` in the specification"),
                    ))
                }
            }
            spec::ExprKind::Quant {
                var, range, body, ..
            } => {
                bound.push(var.name.clone());
                let mut err = None;
                let parts: Vec<&spec::Expr> = match range {
                    spec::QuantRange::Filter(c) => vec![c, body],
                    spec::QuantRange::Span { lo, hi } => vec![lo, hi, body],
                };
                for p in parts {
                    if err.is_none() {
                        err = self.check_spec_in(p, bound);
                    }
                }
                bound.pop();
                err
            }
            _ => {
                let mut err = None;
                spec::parse::for_each_child(e, &mut |c| {
                    if err.is_none() {
                        err = self.check_spec_in(c, bound);
                    }
                });
                err
            }
        }
    }
}

/// The operator of a compound assignment (`Some(None)` for plain `=`).
pub(crate) fn assign_op(op: &lc::BinaryOperator) -> Option<Option<BinOp>> {
    use lc::BinaryOperator as B;
    Some(match op {
        B::Assign => None,
        B::AssignPlus => Some(BinOp::Add),
        B::AssignMinus => Some(BinOp::Sub),
        B::AssignMultiply => Some(BinOp::Mul),
        B::AssignDivide => Some(BinOp::Div),
        B::AssignModulo => Some(BinOp::Mod),
        B::AssignShiftLeft => Some(BinOp::Shl),
        B::AssignShiftRight => Some(BinOp::Shr),
        B::AssignBitwiseAnd => Some(BinOp::BitAnd),
        B::AssignBitwiseXor => Some(BinOp::BitXor),
        B::AssignBitwiseOr => Some(BinOp::BitOr),
        _ => return None,
    })
}

/// `e` without the casts around it.
pub(crate) fn strip_casts(e: &Node<lc::Expression>) -> &Node<lc::Expression> {
    match &e.node {
        lc::Expression::Cast(c) => strip_casts(&c.node.expression),
        _ => e,
    }
}

/// `target = value;`
pub(crate) fn assign_stmt(target: Expr, value: Expr, span: Span) -> Stmt {
    Stmt {
        kind: StmtKind::Assign { target, value },
        span,
    }
}

/// Whether `e` is a null pointer constant (`0`, `NULL`, `(void *) 0`).
pub(crate) fn is_null_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Null => true,
        ExprKind::Int(0) => e.ty.is_integer(),
        ExprKind::Cast(inner) => is_null_constant(inner),
        _ => false,
    }
}

fn null(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Null,
        ty: Type::ptr(Type::Void),
        span,
    }
}

fn sizeof(ty: Type, span: Span) -> Expr {
    Expr {
        kind: ExprKind::SizeOf(ty),
        ty: Type::SIZE_T,
        span,
    }
}

fn integer(i: &lc::Integer, span: Span) -> Result<Expr, FrontError> {
    if i.suffix.imaginary {
        return Err(FrontError::unsupported(span, "imaginary constants"));
    }
    let radix = match i.base {
        lc::IntegerBase::Decimal => 10,
        lc::IntegerBase::Octal => 8,
        lc::IntegerBase::Hexadecimal => 16,
        lc::IntegerBase::Binary => 2,
    };
    let digits = i.number.replace('\'', "");
    let v = i128::from_str_radix(&digits, radix)
        .map_err(|_| FrontError::unsupported(span, "an integer constant this large"))?;
    let mut rank = match i.suffix.size {
        lc::IntegerSize::Int => IntRank::Int,
        lc::IntegerSize::Long => IntRank::Long,
        lc::IntegerSize::LongLong => IntRank::LongLong,
    };
    if rank == IntRank::Int && v > i32::MAX as i128 {
        rank = IntRank::Long;
    }
    Ok(Expr {
        kind: ExprKind::Int(v),
        ty: Type::Int {
            rank,
            signed: !i.suffix.unsigned,
        },
        span,
    })
}

fn float(f: &lc::Float, span: Span) -> Expr {
    let kind = match f.suffix.format {
        lc::FloatFormat::Float => FloatKind::Float,
        lc::FloatFormat::LongDouble => FloatKind::LongDouble,
        _ => FloatKind::Double,
    };
    Expr {
        kind: ExprKind::Float(f.number.to_string()),
        ty: Type::Float(kind),
        span,
    }
}

fn character(c: &str, span: Span) -> Result<Expr, FrontError> {
    let v = crate::c::escapes::char_value(c).map_err(|why| FrontError::unsupported(span, why))?;
    Ok(Expr {
        kind: ExprKind::Int(v),
        ty: Type::INT,
        span,
    })
}
