//! Building expressions: folding the flat operator levels with Silver's associativity, suffixes and
//! atoms.

use super::builder::{children, Builder, Result};
use super::grammar::Rule;
use super::precedence::{level, right_assoc};
use super::MAX_NESTING;

/// Builder calls per nesting level of the source (expression, operand, atom).
const BUILDER_CALLS_PER_LEVEL: usize = 4;
use crate::ast::*;
use crate::{InputError, Span};
use num_bigint::BigInt;
use pest::iterators::Pair;

const CMP_LEVEL: u8 = 6;

/// An infix operator of a flat expression.
enum Infix {
    Binary(BinaryOp),
    /// `? then :`
    Cond(Expr),
    /// `\`: integer division, `Int \ Int: Int` whatever the context; kept as `(a / b) + 0` so
    /// that the type checker types the division as an integer one.
    IntDiv,
}

impl Infix {
    fn level(&self) -> u8 {
        match self {
            Infix::Binary(op) => level(*op),
            Infix::Cond(_) => 0,
            Infix::IntDiv => level(BinaryOp::Div),
        }
    }
}

/// An operand on the builder's stack; `chain` marks results of comparisons of the same flat
/// sequence, which a following comparison extends (`a < b < c`).
struct Operand {
    expr: Expr,
    chain: bool,
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
        // Each level of the source nests at most a few builder calls; the exact bound on the
        // tree is checked afterwards (`depth::check`).
        self.depth += 1;
        if self.depth > BUILDER_CALLS_PER_LEVEL * MAX_NESTING {
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
        match pair.as_rule() {
            Rule::expr => self.flat(pair),
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

    /// Folds a flat sequence `e0 op1 e1 op2 e2 ...` by precedence (shunting-yard, without
    /// recursion, so that long chains cannot exhaust the stack).
    fn flat(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let mut operands: Vec<Operand> = Vec::new();
        let mut ops: Vec<Infix> = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::unary_expr => {
                    let expr = self.any_expr(p)?;
                    operands.push(Operand { expr, chain: false });
                }
                Rule::op_cond => {
                    let Some(then) = children(p).find(|q| q.as_rule() == Rule::expr) else {
                        return Err(InputError::parser(span, "expected an expression"));
                    };
                    let then = self.any_expr(then)?;
                    self.push_operator(Infix::Cond(then), &mut operands, &mut ops)?;
                }
                _ if p.as_str() == "\\" => {
                    self.push_operator(Infix::IntDiv, &mut operands, &mut ops)?
                }
                _ => match binary_op(p.as_str()) {
                    Some(op) => self.push_operator(Infix::Binary(op), &mut operands, &mut ops)?,
                    None => return Err(self.error(&p, "unknown operator")),
                },
            }
        }
        while let Some(op) = ops.pop() {
            reduce(op, &mut operands, span)?;
        }
        match (operands.pop(), operands.is_empty()) {
            (Some(e), true) => Ok(e.expr),
            _ => Err(InputError::parser(span, "malformed expression")),
        }
    }

    /// Pushes an operator after reducing the pending ones that bind at least as tightly.
    fn push_operator(
        &mut self,
        op: Infix,
        operands: &mut Vec<Operand>,
        ops: &mut Vec<Infix>,
    ) -> Result<()> {
        let lv = op.level();
        while let Some(top) = ops.last() {
            let tl = top.level();
            if tl > lv || (tl == lv && !right_assoc(lv)) {
                let top = ops.pop().expect("checked");
                reduce(top, operands, Span::DUMMY)?;
            } else {
                break;
            }
        }
        ops.push(op);
        Ok(())
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
            Rule::literal => match pair.as_str() {
                "true" => ExprKind::BoolLit(true),
                "false" => ExprKind::BoolLit(false),
                "null" => ExprKind::Null,
                "result" => ExprKind::Result,
                "write" => ExprKind::PermLit(PermLit::Write),
                "none" => ExprKind::PermLit(PermLit::None),
                "wildcard" => ExprKind::PermLit(PermLit::Wildcard),
                "epsilon" => ExprKind::PermLit(PermLit::Epsilon),
                other => {
                    return Err(InputError::parser(
                        span,
                        format!("unknown literal `{other}`"),
                    ))
                }
            },
            Rule::name_expr => {
                let mut it = children(pair);
                let Some(name) = it.next() else {
                    return Err(InputError::parser(span, "expected a name"));
                };
                match it.next() {
                    Some(args) => ExprKind::Call {
                        name: self.ident(&name),
                        args: self.args(args)?,
                    },
                    None => ExprKind::Local(name.as_str().to_string()),
                }
            }
            // `forperm x: T [loc] :: e` means `forall x: T :: perm(loc) > none ==> e`, but the
            // native back end neither instantiates such quantifiers as Silicon does nor checks
            // the body's well-definedness where permission is held: not supported.
            Rule::forperm_expr => {
                return Err(InputError::unsupported(span, "`forperm` is not supported"));
            }
            Rule::inhale_exhale => {
                let args = children(pair)
                    .map(|p| self.any_expr(p))
                    .collect::<Result<Vec<_>>>()?;
                ExprKind::Call {
                    name: Ident::new(super::INHALE_EXHALE, span),
                    args,
                }
            }
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

/// Applies `op` to the two topmost operands.
fn reduce(op: Infix, operands: &mut Vec<Operand>, span: Span) -> Result<()> {
    let (Some(right), Some(left)) = (operands.pop(), operands.pop()) else {
        return Err(InputError::parser(span, "malformed expression"));
    };
    let result = match op {
        Infix::Cond(then) => {
            let span = left.expr.span.join(right.expr.span);
            let e = Expr::new(
                ExprKind::Cond {
                    cond: Box::new(left.expr),
                    then: Box::new(then),
                    els: Box::new(right.expr),
                },
                span,
            );
            Operand {
                expr: e,
                chain: false,
            }
        }
        Infix::IntDiv => {
            let div = binary(BinaryOp::Div, left.expr, right.expr);
            let zero = Expr::new(ExprKind::IntLit(0.into()), div.span);
            Operand {
                expr: binary(BinaryOp::Add, div, zero),
                chain: false,
            }
        }
        Infix::Binary(op) if level(op) == CMP_LEVEL && left.chain => {
            // `a < b < c`: the middle operand is the right operand of the last comparison.
            let middle = match &left.expr.kind {
                ExprKind::Binary {
                    op: BinaryOp::And,
                    right: last,
                    ..
                } => last_right(last),
                _ => last_right(&left.expr),
            };
            let cmp = binary(op, middle, right.expr);
            Operand {
                expr: binary(BinaryOp::And, left.expr, cmp),
                chain: true,
            }
        }
        Infix::Binary(op) => Operand {
            chain: level(op) == CMP_LEVEL,
            expr: binary(op, left.expr, right.expr),
        },
    };
    operands.push(result);
    Ok(())
}

/// The right operand of a comparison (a copy, shared by two comparisons of a chain).
fn last_right(cmp: &Expr) -> Expr {
    match &cmp.kind {
        ExprKind::Binary { right, .. } => (**right).clone(),
        _ => cmp.clone(),
    }
}
