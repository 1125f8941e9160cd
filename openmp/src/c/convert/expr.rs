//! Expressions: conversion from `lang-c` with name resolution and type checking; names used in
//! specifications.

use super::Converter;
use crate::c::ast::*;
use crate::error::{ErrorKind, FrontError};
use crate::spec;
use lang_c::ast as lc;
use lang_c::span::Node;
use viper::Span;

impl Converter<'_> {
    /// The type of a variable in scope.
    pub(crate) fn lookup(&self, name: &str) -> Option<Type> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    /// Declares a local in the innermost scope; redeclaration and shadowing are errors.
    pub(crate) fn declare(&mut self, name: &Ident, ty: Type) -> Result<(), FrontError> {
        if self
            .scopes
            .last()
            .is_some_and(|s| s.contains_key(&name.name))
        {
            return Err(FrontError::type_error(
                name.span,
                format!("`{}` is already declared in this block", name.name),
            ));
        }
        if self.lookup(&name.name).is_some() {
            return Err(FrontError::unsupported(
                name.span,
                format!(
                    "`{}` shadows a variable of an enclosing block (shadowing is not supported)",
                    name.name
                ),
            ));
        }
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.name.clone(), ty);
        }
        Ok(())
    }

    /// An expression without side effects.
    pub(crate) fn rvalue(&mut self, e: &Node<lc::Expression>) -> Result<Expr, FrontError> {
        let span = self.sp(e.span);
        let unsupported = |what: &str| {
            Err(FrontError::unsupported(
                span,
                format!("{what} is not supported"),
            ))
        };
        match &e.node {
            lc::Expression::Identifier(id) => self.variable(&id.node.name, span),
            lc::Expression::Constant(c) => match &c.node {
                lc::Constant::Integer(i) => self.integer(i, span),
                lc::Constant::Float(_) => unsupported("a floating-point constant"),
                lc::Constant::Character(_) => unsupported("a character constant"),
            },
            lc::Expression::BinaryOperator(b) => self.binary(&b.node, span),
            lc::Expression::UnaryOperator(u) => {
                let op = &u.node.operator.node;
                match op {
                    lc::UnaryOperator::Minus
                    | lc::UnaryOperator::Negate
                    | lc::UnaryOperator::Plus => {
                        let arg = self.rvalue(&u.node.operand)?;
                        match op {
                            lc::UnaryOperator::Plus => {
                                self.want_int(&arg, "unary `+`")?;
                                Ok(Expr { span, ..arg })
                            }
                            lc::UnaryOperator::Minus => {
                                self.want_int(&arg, "`-`")?;
                                Ok(Expr {
                                    kind: ExprKind::Unary {
                                        op: UnOp::Neg,
                                        arg: Box::new(arg),
                                    },
                                    ty: Type::Int,
                                    span,
                                })
                            }
                            _ => {
                                self.want_scalar(&arg, "`!`")?;
                                Ok(Expr {
                                    kind: ExprKind::Unary {
                                        op: UnOp::Not,
                                        arg: Box::new(arg),
                                    },
                                    ty: Type::Bool,
                                    span,
                                })
                            }
                        }
                    }
                    lc::UnaryOperator::Indirection => self.deref(&u.node.operand, span),
                    lc::UnaryOperator::Address => unsupported("taking an address (`&`)"),
                    lc::UnaryOperator::Complement => unsupported("the bitwise operator `~`"),
                    lc::UnaryOperator::PostIncrement
                    | lc::UnaryOperator::PreIncrement
                    | lc::UnaryOperator::PostDecrement
                    | lc::UnaryOperator::PreDecrement => {
                        unsupported("`++`/`--` inside an expression (write it as a statement)")
                    }
                }
            }
            lc::Expression::Conditional(c) => {
                let cond = self.rvalue(&c.node.condition)?;
                self.want_scalar(&cond, "a condition")?;
                let then = self.rvalue(&c.node.then_expression)?;
                let els = self.rvalue(&c.node.else_expression)?;
                self.want_scalar(&then, "`?:`")?;
                self.want_scalar(&els, "`?:`")?;
                let ty = if then.ty == Type::Bool && els.ty == Type::Bool {
                    Type::Bool
                } else {
                    Type::Int
                };
                Ok(Expr {
                    kind: ExprKind::Cond {
                        cond: Box::new(cond),
                        then: Box::new(then),
                        els: Box::new(els),
                    },
                    ty,
                    span,
                })
            }
            lc::Expression::Call(_) => unsupported(
                "a call inside an expression (assign the call's result to a variable first)",
            ),
            lc::Expression::Cast(_) => unsupported("a cast"),
            lc::Expression::StringLiteral(_) => unsupported("a string literal"),
            lc::Expression::Member(_) => unsupported("struct member access"),
            lc::Expression::SizeOfTy(_) | lc::Expression::SizeOfVal(_) => unsupported("`sizeof`"),
            lc::Expression::AlignOf(_) => unsupported("`_Alignof`"),
            lc::Expression::Comma(_) => unsupported("the comma operator"),
            lc::Expression::CompoundLiteral(_) => unsupported("a compound literal"),
            lc::Expression::GenericSelection(_) => unsupported("`_Generic`"),
            lc::Expression::OffsetOf(_) => unsupported("`offsetof`"),
            lc::Expression::VaArg(_) => unsupported("`va_arg`"),
            lc::Expression::Statement(_) => unsupported("a statement expression"),
        }
    }

    fn variable(&self, name: &str, span: Span) -> Result<Expr, FrontError> {
        match self.lookup(name) {
            Some(ty) => Ok(Expr {
                kind: ExprKind::Var(name.to_string()),
                ty,
                span,
            }),
            None if self.sigs.contains_key(name) || self.foreign.contains(name) => {
                Err(FrontError::unsupported(
                    span,
                    format!("using the function `{name}` as a value is not supported"),
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

    fn integer(&self, i: &lc::Integer, span: Span) -> Result<Expr, FrontError> {
        if i.suffix.unsigned || i.suffix.imaginary || i.suffix.size != lc::IntegerSize::Int {
            return Err(FrontError::unsupported(
                span,
                "integer constants with a suffix (`u`, `l`, …) are not supported",
            ));
        }
        let radix = match i.base {
            lc::IntegerBase::Decimal => 10,
            lc::IntegerBase::Octal => 8,
            lc::IntegerBase::Hexadecimal => 16,
            lc::IntegerBase::Binary => 2,
        };
        let digits = i.number.replace('\'', "");
        let v = u64::from_str_radix(&digits, radix)
            .ok()
            .filter(|v| *v <= i32::MAX as u64)
            .ok_or_else(|| {
                FrontError::unsupported(span, "integer constant out of the range of `int`")
            })?;
        Ok(Expr {
            kind: ExprKind::Int(v),
            ty: Type::Int,
            span,
        })
    }

    fn deref(&mut self, operand: &Node<lc::Expression>, span: Span) -> Result<Expr, FrontError> {
        let p = self.rvalue(operand)?;
        match (&p.kind, p.ty) {
            (ExprKind::Var(_), Type::IntPtr | Type::IntArray) => Ok(Expr {
                kind: ExprKind::Deref(Box::new(p)),
                ty: Type::Int,
                span,
            }),
            (_, Type::IntPtr | Type::IntArray) => Err(FrontError::unsupported(
                span,
                "pointer arithmetic is not supported (dereference a pointer variable or index it: `a[i]`)",
            )),
            _ => Err(FrontError::type_error(span, format!("cannot dereference a value of type {}", p.ty.name()))),
        }
    }

    fn index(
        &mut self,
        base: &Node<lc::Expression>,
        index: &Node<lc::Expression>,
        span: Span,
    ) -> Result<Expr, FrontError> {
        let b = self.rvalue(base)?;
        if !b.ty.is_pointer() {
            return Err(FrontError::type_error(
                b.span,
                format!("cannot index a value of type {}", b.ty.name()),
            ));
        }
        if !matches!(b.kind, ExprKind::Var(_)) {
            return Err(FrontError::unsupported(
                b.span,
                "pointer arithmetic is not supported (only `a[i]` with `a` a pointer or array variable)",
            ));
        }
        let i = self.rvalue(index)?;
        if i.ty != Type::Int {
            return Err(FrontError::type_error(
                i.span,
                format!("an array index must be an int, not {}", i.ty.name()),
            ));
        }
        Ok(Expr {
            kind: ExprKind::Index {
                base: Box::new(b),
                index: Box::new(i),
            },
            ty: Type::Int,
            span,
        })
    }

    fn binary(&mut self, b: &lc::BinaryOperatorExpression, span: Span) -> Result<Expr, FrontError> {
        use lc::BinaryOperator as B;
        let op =
            match b.operator.node {
                B::Index => return self.index(&b.lhs, &b.rhs, span),
                B::Multiply => BinOp::Mul,
                B::Divide => BinOp::Div,
                B::Modulo => BinOp::Mod,
                B::Plus => BinOp::Add,
                B::Minus => BinOp::Sub,
                B::Less => BinOp::Lt,
                B::Greater => BinOp::Gt,
                B::LessOrEqual => BinOp::Le,
                B::GreaterOrEqual => BinOp::Ge,
                B::Equals => BinOp::Eq,
                B::NotEquals => BinOp::Ne,
                B::LogicalAnd => BinOp::And,
                B::LogicalOr => BinOp::Or,
                B::ShiftLeft | B::ShiftRight | B::BitwiseAnd | B::BitwiseOr | B::BitwiseXor => {
                    return Err(FrontError::unsupported(
                        self.sp(b.operator.span),
                        "bitwise and shift operators are not supported",
                    ))
                }
                _ => return Err(FrontError::unsupported(
                    span,
                    "an assignment inside an expression is not supported (write it as a statement)",
                )),
            };
        let lhs = self.rvalue(&b.lhs)?;
        let rhs = self.rvalue(&b.rhs)?;
        let what = format!("`{}`", op.symbol());
        let ty = match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod => {
                self.want_int(&lhs, &what)?;
                self.want_int(&rhs, &what)?;
                Type::Int
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.want_int(&lhs, &what)?;
                self.want_int(&rhs, &what)?;
                Type::Bool
            }
            BinOp::Eq | BinOp::Ne | BinOp::And | BinOp::Or => {
                self.want_scalar(&lhs, &what)?;
                self.want_scalar(&rhs, &what)?;
                Type::Bool
            }
        };
        Ok(Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            ty,
            span,
        })
    }

    /// An int operand (bool arithmetic and pointers are rejected).
    pub(crate) fn want_int(&self, e: &Expr, what: &str) -> Result<(), FrontError> {
        match e.ty {
            Type::Int => Ok(()),
            Type::Bool => Err(FrontError::unsupported(e.span, format!("a bool operand of {what} is not supported"))),
            Type::IntPtr | Type::IntArray => Err(FrontError::unsupported(
                e.span,
                format!("a pointer operand of {what} is not supported (no pointer arithmetic or comparison)"),
            )),
            Type::Void => Err(FrontError::type_error(e.span, format!("a void operand of {what}"))),
        }
    }

    /// An int or bool operand.
    pub(crate) fn want_scalar(&self, e: &Expr, what: &str) -> Result<(), FrontError> {
        if e.ty.is_scalar() {
            Ok(())
        } else {
            Err(FrontError::unsupported(
                e.span,
                format!(
                    "an operand of type {} in {what} is not supported",
                    e.ty.name()
                ),
            ))
        }
    }

    /// The target of an assignment: a scalar variable, `a[i]` or `*p`.
    pub(crate) fn lvalue(&mut self, e: &Node<lc::Expression>) -> Result<Expr, FrontError> {
        let span = self.sp(e.span);
        match &e.node {
            lc::Expression::Identifier(id) => {
                let v = self.variable(&id.node.name, span)?;
                if v.ty.is_pointer() {
                    return Err(FrontError::unsupported(
                        span,
                        format!(
                            "assigning to the pointer `{}` is not supported",
                            id.node.name
                        ),
                    ));
                }
                Ok(v)
            }
            lc::Expression::BinaryOperator(b)
                if b.node.operator.node == lc::BinaryOperator::Index =>
            {
                self.index(&b.node.lhs, &b.node.rhs, span)
            }
            lc::Expression::UnaryOperator(u)
                if u.node.operator.node == lc::UnaryOperator::Indirection =>
            {
                self.deref(&u.node.operand, span)
            }
            _ => Err(FrontError::unsupported(
                span,
                "assigning to this kind of expression is not supported",
            )),
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
                if bound.contains(n) || self.lookup(n).is_some() {
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
