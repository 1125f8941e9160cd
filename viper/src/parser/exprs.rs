//! Building expressions: folding the flat operator levels with Silver's associativity, suffixes and
//! atoms.

use super::builder::{children, significant, Builder, Result};
use super::grammar::Rule;
use super::MAX_NESTING;
use crate::ast::*;
use crate::{InputError, Span};
use num_bigint::BigInt;
use pest::iterators::Pair;

/// How the operands of one precedence level combine.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Assoc {
    Left,
    Right,
    /// Comparisons: `a < b < c` means `a < b && b < c`.
    Chain,
}

fn level_assoc(rule: Rule) -> Option<Assoc> {
    Some(match rule {
        Rule::iff_expr | Rule::impl_expr | Rule::or_expr | Rule::and_expr | Rule::eq_expr => {
            Assoc::Right
        }
        Rule::cmp_expr => Assoc::Chain,
        Rule::sum_expr | Rule::term_expr => Assoc::Left,
        _ => return None,
    })
}

fn binary_op(op: &str) -> Option<BinaryOp> {
    use BinaryOp::*;
    Some(match op {
        "<==>" => Iff,
        "==>" => Implies,
        "||" => Or,
        "&&" => And,
        "==" => Eq,
        "!=" => Ne,
        "<" => Lt,
        "<=" => Le,
        ">" => Gt,
        ">=" => Ge,
        "in" => In,
        "++" => Append,
        "+" => Add,
        "-" => Sub,
        "union" => Union,
        "intersection" => Intersection,
        "setminus" => Setminus,
        "subset" => Subset,
        "*" => Mul,
        "/" => Div,
        "%" => Mod,
        _ => return None,
    })
}

fn binary(op: BinaryOp, left: Expr, right: Expr) -> Expr {
    let span = left.span.join(right.span);
    Expr::new(
        ExprKind::Binary {
            op,
            left: Box::new(left),
            right: Box::new(right),
        },
        span,
    )
}

impl Builder<'_> {
    pub(super) fn span_of(&self, start: usize, end: usize) -> Span {
        self.source().span(self.file(), start, end)
    }

    /// Builds an expression from any expression-level rule.
    pub(super) fn expr(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        self.any_expr(pair)
    }

    pub(super) fn any_expr(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let e = self.error(
                &pair,
                format!("expressions nested more than {MAX_NESTING} levels deep are not supported"),
            );
            self.depth -= 1;
            return Err(e);
        }
        let r = self.expr_inner(pair);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        let rule = pair.as_rule();
        if let Some(assoc) = level_assoc(rule) {
            return self.level(pair, assoc);
        }
        match rule {
            Rule::expr => {
                let span = self.span(&pair);
                let mut parts = children(pair);
                let Some(first) = parts.next() else {
                    return Err(InputError::parser(span, "expected an expression"));
                };
                let cond = self.any_expr(first)?;
                match (parts.next(), parts.next()) {
                    (Some(t), Some(e)) => {
                        let then = self.any_expr(t)?;
                        let els = self.any_expr(e)?;
                        let span = cond.span.join(els.span);
                        Ok(Expr::new(
                            ExprKind::Cond {
                                cond: Box::new(cond),
                                then: Box::new(then),
                                els: Box::new(els),
                            },
                            span,
                        ))
                    }
                    _ => Ok(cond),
                }
            }
            Rule::unary_expr => {
                let parts: Vec<_> = children(pair).collect();
                let Some((operand, ops)) = parts.split_last() else {
                    return Err(InputError::parser(Span::DUMMY, "expected an expression"));
                };
                let mut e = self.suffix_expr(operand.clone())?;
                for op in ops.iter().rev() {
                    let op_kind = if op.as_str() == "!" {
                        UnaryOp::Not
                    } else {
                        UnaryOp::Neg
                    };
                    let span = self.span(op).join(e.span);
                    e = Expr::new(
                        ExprKind::Unary {
                            op: op_kind,
                            operand: Box::new(e),
                        },
                        span,
                    );
                }
                Ok(e)
            }
            Rule::suffix_expr => self.suffix_expr(pair),
            _ => self.atom(pair),
        }
    }

    /// Folds one precedence level `e0 op1 e1 op2 e2 ...`.
    fn level(&mut self, pair: Pair<'_, Rule>, assoc: Assoc) -> Result<Expr> {
        let parts = significant(pair.into_inner());
        let mut operands = Vec::with_capacity(parts.len() / 2 + 1);
        let mut ops = Vec::with_capacity(parts.len() / 2);
        for (i, p) in parts.into_iter().enumerate() {
            if i % 2 == 0 {
                operands.push(self.any_expr(p)?);
            } else {
                match binary_op(p.as_str()) {
                    Some(op) => ops.push(op),
                    None => return Err(self.error(&p, "unknown operator")),
                }
            }
        }
        if operands.len() != ops.len() + 1 {
            return Err(InputError::parser(Span::DUMMY, "malformed expression"));
        }
        match assoc {
            Assoc::Left => {
                let mut it = operands.into_iter();
                let mut acc = it.next().expect("one operand more than operators");
                for (op, e) in ops.into_iter().zip(it) {
                    acc = binary(op, acc, e);
                }
                Ok(acc)
            }
            Assoc::Right => {
                let mut acc = operands.pop().expect("one operand more than operators");
                while let (Some(op), Some(e)) = (ops.pop(), operands.pop()) {
                    acc = binary(op, e, acc);
                }
                Ok(acc)
            }
            Assoc::Chain => {
                let mut it = operands.into_iter();
                let mut prev = it.next().expect("one operand more than operators");
                let mut acc: Option<Expr> = None;
                for (op, e) in ops.into_iter().zip(it) {
                    let cmp = binary(op, prev, e.clone());
                    acc = Some(match acc {
                        None => cmp,
                        Some(a) => binary(BinaryOp::And, a, cmp),
                    });
                    prev = e;
                }
                Ok(acc.unwrap_or(prev))
            }
        }
    }

    /// `atom suffix*`
    pub(super) fn suffix_expr(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        if pair.as_rule() != Rule::suffix_expr {
            return self.any_expr(pair);
        }
        let span = self.span(&pair);
        let mut parts = pair.into_inner();
        let Some(atom) = parts.next() else {
            return Err(InputError::parser(span, "expected an expression"));
        };
        let mut e = self.any_expr(atom)?;
        for s in parts {
            let end = s.as_span().end();
            let span = self.span_of(e.span.start as usize, end);
            let kind = match s.as_rule() {
                Rule::field_suffix => {
                    let Some(f) = children(s).next() else {
                        return Err(InputError::parser(span, "expected a field name"));
                    };
                    ExprKind::Field {
                        receiver: Box::new(e),
                        field: self.ident(&f),
                    }
                }
                Rule::index_suffix => self.index_suffix(e, s)?,
                _ => return Err(self.error(&s, "unexpected suffix")),
            };
            e = Expr::new(kind, span);
        }
        Ok(e)
    }

    /// `[i]`, `[a..b]`, `[..b]`, `[a..]`, `[i := v]` applied to `seq`.
    fn index_suffix(&mut self, seq: Expr, pair: Pair<'_, Rule>) -> Result<ExprKind> {
        let span = self.span(&pair);
        let parts: Vec<_> = pair
            .into_inner()
            .filter(|p| !matches!(p.as_rule(), Rule::index_open | Rule::rbracket))
            .collect();
        let rules: Vec<Rule> = parts.iter().map(|p| p.as_rule()).collect();
        let mut exprs = Vec::new();
        for p in parts {
            if p.as_rule() == Rule::expr {
                exprs.push(Box::new(self.any_expr(p)?));
            }
        }
        let seq = Box::new(seq);
        let mut exprs = exprs.into_iter();
        Ok(match rules.as_slice() {
            [Rule::expr] => ExprKind::Index {
                seq,
                index: exprs.next().expect("one expression"),
            },
            [Rule::expr, Rule::assign_op, Rule::expr] => ExprKind::Update {
                seq,
                index: exprs.next().expect("two expressions"),
                value: exprs.next().expect("two expressions"),
            },
            [Rule::dotdot, Rule::expr] => ExprKind::Slice {
                seq,
                lo: None,
                hi: exprs.next(),
            },
            [Rule::expr, Rule::dotdot] => ExprKind::Slice {
                seq,
                lo: exprs.next(),
                hi: None,
            },
            [Rule::expr, Rule::dotdot, Rule::expr] => ExprKind::Slice {
                seq,
                lo: exprs.next(),
                hi: exprs.next(),
            },
            _ => return Err(InputError::parser(span, "malformed sequence index")),
        })
    }

    /// The arguments `(e, ...)` of a call or collection literal.
    pub(super) fn args(&mut self, pair: Pair<'_, Rule>) -> Result<Vec<Expr>> {
        children(pair).map(|e| self.any_expr(e)).collect()
    }

    fn atom(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::int_lit => match BigInt::parse_bytes(pair.as_str().as_bytes(), 10) {
                Some(n) => ExprKind::IntLit(n),
                None => return Err(InputError::parser(span, "malformed integer")),
            },
            Rule::kw_true => ExprKind::BoolLit(true),
            Rule::kw_false => ExprKind::BoolLit(false),
            Rule::kw_null => ExprKind::Null,
            Rule::kw_result => ExprKind::Result,
            Rule::kw_write => ExprKind::PermLit(PermLit::Write),
            Rule::kw_none => ExprKind::PermLit(PermLit::None),
            Rule::kw_wildcard => ExprKind::PermLit(PermLit::Wildcard),
            Rule::kw_epsilon => ExprKind::PermLit(PermLit::Epsilon),
            Rule::local => ExprKind::Local(pair.as_str().trim().to_string()),
            Rule::paren_expr => {
                let Some(inner) = children(pair).next() else {
                    return Err(InputError::parser(span, "expected an expression"));
                };
                return self.any_expr(inner);
            }
            Rule::call => {
                let mut it = children(pair);
                let (Some(name), Some(args)) = (it.next(), it.next()) else {
                    return Err(InputError::parser(span, "malformed call"));
                };
                ExprKind::Call {
                    name: self.ident(&name),
                    args: self.args(args)?,
                }
            }
            Rule::old_expr => {
                let mut label = None;
                let mut expr = None;
                for p in children(pair) {
                    match p.as_rule() {
                        Rule::ident => label = Some(self.ident(&p)),
                        Rule::expr => expr = Some(self.any_expr(p)?),
                        _ => {}
                    }
                }
                let Some(expr) = expr else {
                    return Err(InputError::parser(span, "expected an expression"));
                };
                ExprKind::Old {
                    label,
                    expr: Box::new(expr),
                }
            }
            Rule::acc_expr => {
                let mut it = children(pair).filter(|p| p.as_rule() != Rule::kw_acc);
                let Some(loc) = it.next() else {
                    return Err(InputError::parser(span, "expected a location"));
                };
                let loc = self.location(loc, "acc")?;
                let perm = it.next().map(|p| self.any_expr(p)).transpose()?;
                ExprKind::Acc {
                    loc: Box::new(loc),
                    perm: perm.map(Box::new),
                }
            }
            Rule::perm_expr => {
                let Some(loc) = children(pair).find(|p| p.as_rule() != Rule::kw_perm) else {
                    return Err(InputError::parser(span, "expected a location"));
                };
                ExprKind::PermOf(Box::new(self.location(loc, "perm")?))
            }
            Rule::quant_expr => self.quant(pair)?,
            Rule::let_expr => {
                let parts: Vec<_> = children(pair)
                    .filter(|p| matches!(p.as_rule(), Rule::ident | Rule::expr))
                    .collect();
                let [var, value, body] = parts.as_slice() else {
                    return Err(InputError::parser(span, "malformed `let`"));
                };
                ExprKind::Let {
                    var: self.ident(var),
                    value: Box::new(self.any_expr(value.clone())?),
                    body: Box::new(self.any_expr(body.clone())?),
                }
            }
            Rule::unfolding_expr => {
                let parts: Vec<_> = children(pair)
                    .filter(|p| matches!(p.as_rule(), Rule::acc_expr | Rule::call | Rule::expr))
                    .collect();
                let [acc, body] = parts.as_slice() else {
                    return Err(InputError::parser(span, "malformed `unfolding`"));
                };
                ExprKind::Unfolding {
                    acc: Box::new(self.any_expr(acc.clone())?),
                    body: Box::new(self.any_expr(body.clone())?),
                }
            }
            Rule::seq_lit | Rule::set_lit | Rule::multiset_lit => {
                let rule = pair.as_rule();
                let mut elem_ty = None;
                let mut elems = Vec::new();
                for p in children(pair) {
                    match p.as_rule() {
                        Rule::elem_type => elem_ty = Some(self.inner_type(p)?),
                        Rule::call_args => elems = self.args(p)?,
                        _ => {}
                    }
                }
                if elem_ty.is_some() && !elems.is_empty() {
                    return Err(InputError::parser(
                        span,
                        "an element type can only be given for an empty collection, e.g. `Seq[Int]()`",
                    ));
                }
                match rule {
                    Rule::seq_lit => ExprKind::SeqLit { elem_ty, elems },
                    _ => ExprKind::SetLit {
                        multi: rule == Rule::multiset_lit,
                        elem_ty,
                        elems,
                    },
                }
            }
            Rule::seq_range => {
                let parts: Vec<_> = children(pair).collect();
                let [lo, hi] = parts.as_slice() else {
                    return Err(InputError::parser(span, "malformed range `[a..b)`"));
                };
                ExprKind::SeqRange {
                    lo: Box::new(self.any_expr(lo.clone())?),
                    hi: Box::new(self.any_expr(hi.clone())?),
                }
            }
            Rule::size_expr => {
                let Some(e) = children(pair).next() else {
                    return Err(InputError::parser(span, "expected an expression"));
                };
                ExprKind::Len(Box::new(self.any_expr(e)?))
            }
            _ => return Err(InputError::parser(span, "expected an expression")),
        };
        Ok(Expr::new(kind, span))
    }

    /// The location of `acc(..)` or `perm(..)`: a field access or a predicate instance.
    fn location(&mut self, pair: Pair<'_, Rule>, what: &str) -> Result<Expr> {
        let e = self.suffix_expr(pair)?;
        match e.kind {
            ExprKind::Field { .. } | ExprKind::Call { .. } => Ok(e),
            _ => Err(InputError::parser(
                e.span,
                format!(
                    "expected a field access `e.f` or a predicate instance `P(..)` in `{what}`"
                ),
            )),
        }
    }

    fn quant(&mut self, pair: Pair<'_, Rule>) -> Result<ExprKind> {
        let span = self.span(&pair);
        let mut kind = QuantKind::Forall;
        let mut vars = Vec::new();
        let mut triggers = Vec::new();
        let mut body = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::kw_exists => kind = QuantKind::Exists,
                Rule::binding => vars.push(self.binding(p)?),
                Rule::trigger => {
                    let tspan = self.span(&p);
                    triggers.push(Trigger {
                        exprs: self.args(p)?,
                        span: tspan,
                    });
                }
                Rule::expr => body = Some(self.any_expr(p)?),
                _ => {}
            }
        }
        let Some(body) = body else {
            return Err(InputError::parser(span, "expected the quantifier's body"));
        };
        Ok(ExprKind::Quant {
            kind,
            vars,
            triggers,
            body: Box::new(body),
        })
    }
}
