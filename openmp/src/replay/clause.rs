//! Clause arguments: the pragma parser keeps them as source text (`num_threads(n)`,
//! `if(len > 100)`, `schedule(static, chunk)`, `depend(in: a[i])`, `final(depth > 3)`), so
//! they are parsed here as C expressions and evaluated in the data environment of the thread
//! that encounters the construct. Names are resolved as C would at the construct: the
//! innermost visible variable of that name. Reads of variables are accesses of the thread,
//! attributed to the clause argument.

use super::thread::Thread;
use super::value::{self, Ptr, Value};
use super::world::{inconclusive, R};
use crate::c::ast::{BinOp, Type, VarId};
use crate::c::types::IntRank;
use crate::pragma::RawExpr;
use lang_c::ast as lc;
use viper::Span;

/// A typed value of a clause expression.
pub(crate) type Typed = (Value, Type);

impl<'p> Thread<'p, '_> {
    /// Parses a clause argument.
    fn parse_raw(&self, raw: &RawExpr) -> R<lc::Expression> {
        // lang-c parses translation units: the argument becomes the expression statement of a
        // function.
        let unit = format!("void __ompv_clause(void) {{ ({}); }}", raw.text);
        let config = lang_c::driver::Config::with_gcc();
        let parsed = lang_c::driver::parse_preprocessed(&config, unit).ok();
        let expr = parsed.and_then(|p| {
            let ext = p.unit.0.into_iter().next()?;
            let lc::ExternalDeclaration::FunctionDefinition(f) = ext.node else {
                return None;
            };
            let lc::Statement::Compound(items) = f.node.statement.node else {
                return None;
            };
            let item = items.into_iter().next()?;
            let lc::BlockItem::Statement(st) = item.node else {
                return None;
            };
            let lc::Statement::Expression(Some(e)) = st.node else {
                return None;
            };
            Some(e.node)
        });
        match expr {
            Some(e) => Ok(e),
            None => inconclusive(
                raw.span,
                format!(
                    "the clause argument `{}` is not a C expression the replay reads",
                    raw.text
                ),
            ),
        }
    }

    /// The value of a clause argument.
    pub fn clause_value(&mut self, raw: &RawExpr) -> R<Typed> {
        let e = self.parse_raw(raw)?;
        self.cx_value(&e, raw)
    }

    /// The value of an integer clause argument.
    pub fn clause_int(&mut self, raw: &RawExpr) -> R<i128> {
        let (v, t) = self.clause_value(raw)?;
        if !t.is_integer() {
            return inconclusive(raw.span, format!("`{}` is not an integer", raw.text));
        }
        match v.as_int() {
            Ok(i) => Ok(i),
            Err(e) => self.ub(raw.span, e),
        }
    }

    /// The truth of a condition clause (`if`, `final`).
    pub fn clause_truth(&mut self, raw: &RawExpr) -> R<bool> {
        let (v, _) = self.clause_value(raw)?;
        match v.truth() {
            Ok(b) => Ok(b),
            Err(e) => self.ub(raw.span, e),
        }
    }

    /// The storage a clause's list item designates (`depend(in: a[i])`), with its type.
    pub fn clause_place(&mut self, raw: &RawExpr) -> R<(Ptr, Type)> {
        let e = self.parse_raw(raw)?;
        self.cx_place(&e, raw)
    }

    /// The variable a name denotes at this point.
    pub fn resolve_name(&mut self, name: &str, span: Span) -> R<VarId> {
        if let Some(v) = self.frames.last().and_then(|f| f.name(name)) {
            return Ok(v);
        }
        if let Some(v) = self.rt.global_names.get(name) {
            return Ok(*v);
        }
        inconclusive(
            span,
            format!(
                "`{name}` in a clause is not a variable visible here (of macros, only object-like \
                 ones the file defines are expanded in pragmas)"
            ),
        )
    }

    fn cx_place(&mut self, e: &lc::Expression, raw: &RawExpr) -> R<(Ptr, Type)> {
        let span = raw.span;
        match e {
            lc::Expression::Identifier(id) => {
                let v = self.resolve_name(&id.node.name, span)?;
                let p = self.var_ptr(v, span)?;
                Ok((p, self.rt.prog.var(v).ty.clone()))
            }
            lc::Expression::BinaryOperator(b)
                if b.node.operator.node == lc::BinaryOperator::Index =>
            {
                let (base, bt) = self.cx_value(&b.node.lhs.node, raw)?;
                let (idx, _) = self.cx_value(&b.node.rhs.node, raw)?;
                let Some(elem) = bt.pointee().cloned() else {
                    return inconclusive(span, format!("`{}` indexes a non-array", raw.text));
                };
                let n = self.cells_of(&elem, span)?;
                let i = idx.as_int().or_else(|e| self.ub(span, e))?;
                let p = self.ptr_add(base, i * n as i128, span)?;
                Ok((p, elem))
            }
            lc::Expression::UnaryOperator(u)
                if u.node.operator.node == lc::UnaryOperator::Indirection =>
            {
                let (v, t) = self.cx_value(&u.node.operand.node, raw)?;
                let Some(elem) = t.pointee().cloned() else {
                    return inconclusive(
                        span,
                        format!("`{}` dereferences a non-pointer", raw.text),
                    );
                };
                Ok((self.as_ptr(v, span)?, elem))
            }
            lc::Expression::Member(m) => {
                let (p, t) = match m.node.operator.node {
                    lc::MemberOperator::Direct => self.cx_place(&m.node.expression.node, raw)?,
                    lc::MemberOperator::Indirect => {
                        let (v, t) = self.cx_value(&m.node.expression.node, raw)?;
                        let Some(elem) = t.pointee().cloned() else {
                            return inconclusive(span, "`->` on a non-pointer");
                        };
                        (self.as_ptr(v, span)?, elem)
                    }
                };
                let Type::Struct(id) = t else {
                    return inconclusive(span, "a member of a non-struct");
                };
                let def = &self.rt.prog.structs[id.0 as usize];
                let Some(k) = def.field(&m.node.identifier.node.name) else {
                    return inconclusive(span, "no such member");
                };
                let off = super::layout::field_offset(self.rt.prog, &t, k)
                    .or_else(|e| inconclusive(span, e))?;
                let ty = def.fields[k].ty.clone();
                Ok((self.ptr_add(Value::Ptr(p), off as i128, span)?, ty))
            }
            _ => inconclusive(
                span,
                format!("`{}` is not a list item the replay reads", raw.text),
            ),
        }
    }

    fn cx_value(&mut self, e: &lc::Expression, raw: &RawExpr) -> R<Typed> {
        let span = raw.span;
        let int = Type::INT;
        match e {
            lc::Expression::Constant(c) => match &c.node {
                lc::Constant::Integer(i) => {
                    let radix = match i.base {
                        lc::IntegerBase::Decimal => 10,
                        lc::IntegerBase::Octal => 8,
                        lc::IntegerBase::Hexadecimal => 16,
                        lc::IntegerBase::Binary => 2,
                    };
                    let v = i128::from_str_radix(&i.number.replace('\'', ""), radix)
                        .or_else(|_| inconclusive(span, "an integer constant this large"))?;
                    let rank = if i.suffix.size == lc::IntegerSize::Int && v <= i32::MAX as i128 {
                        IntRank::Int
                    } else {
                        IntRank::Long
                    };
                    Ok((
                        Value::Int(v),
                        Type::Int {
                            rank,
                            signed: !i.suffix.unsigned,
                        },
                    ))
                }
                lc::Constant::Float(f) => match f.number.parse::<f64>() {
                    Ok(x) => Ok((Value::Float(x), Type::DOUBLE)),
                    Err(_) => inconclusive(span, "this floating constant"),
                },
                lc::Constant::Character(ch) => match ch.as_bytes() {
                    [b'\'', b, b'\''] => Ok((Value::Int(*b as i128), int)),
                    _ => inconclusive(span, "this character constant"),
                },
            },
            lc::Expression::Identifier(_)
            | lc::Expression::Member(_)
            | lc::Expression::BinaryOperator(_)
                if is_place(e) =>
            {
                let (p, t) = self.cx_place(e, raw)?;
                if t.is_array() {
                    return Ok((Value::Ptr(p), t.decay()));
                }
                let v = self.load(p, span)?;
                Ok((v, t))
            }
            lc::Expression::UnaryOperator(u) => {
                use lc::UnaryOperator as U;
                match u.node.operator.node {
                    U::Indirection => {
                        let (p, t) = self.cx_place(e, raw)?;
                        let v = self.load(p, span)?;
                        Ok((v, t))
                    }
                    U::Address => {
                        let (p, t) = self.cx_place(&u.node.operand.node, raw)?;
                        Ok((Value::Ptr(p), Type::ptr(t)))
                    }
                    U::Minus | U::Plus | U::Negate | U::Complement => {
                        let (v, t) = self.cx_value(&u.node.operand.node, raw)?;
                        let t = t.promoted();
                        let r = match u.node.operator.node {
                            U::Minus => value::arith(BinOp::Sub, Value::Int(0), v, &int, &t, &t),
                            U::Negate => v.truth().map(|b| Value::Int(!b as i128)),
                            U::Complement => match value::IntTy::of(&t) {
                                Some(it) => v.as_int().map(|x| Value::Int(it.wrap(!x))),
                                None => return inconclusive(span, "`~` of a non-integer"),
                            },
                            _ => Ok(v),
                        };
                        let t = if u.node.operator.node == U::Negate {
                            int
                        } else {
                            t
                        };
                        r.map(|v| (v, t)).or_else(|e| self.ub(span, e))
                    }
                    _ => inconclusive(span, format!("`{}` has side effects", raw.text)),
                }
            }
            lc::Expression::BinaryOperator(b) => {
                use lc::BinaryOperator as B;
                let op = match b.node.operator.node {
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
                    B::LogicalAnd | B::LogicalOr => {
                        let and = b.node.operator.node == B::LogicalAnd;
                        let (l, _) = self.cx_value(&b.node.lhs.node, raw)?;
                        let lt = l.truth().or_else(|e| self.ub(span, e))?;
                        if lt != and {
                            return Ok((Value::Int(lt as i128), int));
                        }
                        let (r, _) = self.cx_value(&b.node.rhs.node, raw)?;
                        let rt = r.truth().or_else(|e| self.ub(span, e))?;
                        return Ok((Value::Int(rt as i128), int));
                    }
                    _ => return inconclusive(span, format!("`{}` has side effects", raw.text)),
                };
                let (l, lt) = self.cx_value(&b.node.lhs.node, raw)?;
                let (r, rt) = self.cx_value(&b.node.rhs.node, raw)?;
                if matches!(
                    op,
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
                ) {
                    if !(lt.is_arithmetic() && rt.is_arithmetic()) {
                        return inconclusive(span, "a pointer comparison in a clause");
                    }
                    let b =
                        value::compare_numbers(op, l, r, &lt, &rt).or_else(|e| self.ub(span, e))?;
                    return Ok((Value::Int(b as i128), int));
                }
                if !(lt.is_arithmetic() && rt.is_arithmetic()) {
                    return inconclusive(span, "pointer arithmetic in a clause");
                }
                let ty = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    lt.promoted()
                } else {
                    Type::common(&lt, &rt)
                };
                let v = value::arith(op, l, r, &lt, &rt, &ty).or_else(|e| self.ub(span, e))?;
                Ok((v, ty))
            }
            lc::Expression::Conditional(c) => {
                let (cv, _) = self.cx_value(&c.node.condition.node, raw)?;
                if cv.truth().or_else(|e| self.ub(span, e))? {
                    self.cx_value(&c.node.then_expression.node, raw)
                } else {
                    self.cx_value(&c.node.else_expression.node, raw)
                }
            }
            lc::Expression::Call(call) => {
                let lc::Expression::Identifier(id) = &call.node.callee.node else {
                    return inconclusive(span, "a call through a pointer in a clause");
                };
                let name = id.node.name.as_str();
                if call.node.arguments.is_empty() {
                    if let Some(v) = self.omp_query(name) {
                        return Ok((Value::Int(v), int));
                    }
                }
                if self.rt.funcs.contains_key(name) {
                    return inconclusive(span, format!("the call of `{name}` in a clause"));
                }
                let mut vals = Vec::new();
                for a in &call.node.arguments {
                    vals.push(self.cx_value(&a.node, raw)?.0);
                }
                match self.builtin(name, &[], &vals, span)? {
                    Some(v) => Ok(v),
                    None => inconclusive(span, format!("`{name}` returns no value")),
                }
            }
            _ => inconclusive(
                span,
                format!(
                    "the clause argument `{}` is outside what the replay evaluates",
                    raw.text
                ),
            ),
        }
    }
}

/// Whether a clause expression designates storage.
fn is_place(e: &lc::Expression) -> bool {
    match e {
        lc::Expression::Identifier(_) | lc::Expression::Member(_) => true,
        lc::Expression::BinaryOperator(b) => b.node.operator.node == lc::BinaryOperator::Index,
        _ => false,
    }
}
