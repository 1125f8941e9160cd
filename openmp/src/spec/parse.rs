//! Parsing specification text (one group of specification comments) into the spec AST.

use super::ast::*;
use crate::error::FrontError;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;
use std::sync::OnceLock;
use viper::{FileId, SourceFile, Span};

#[derive(pest_derive::Parser)]
#[grammar = "spec/spec.pest"]
struct SpecParser;

/// Where the text being parsed lives: its file and the offset of its first byte.
#[derive(Clone, Copy)]
pub struct Origin<'a> {
    pub file: FileId,
    pub source: &'a SourceFile,
    pub base: usize,
}

impl Origin<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        self.source
            .span(self.file, self.base + start, self.base + end)
    }

    fn pair_span(&self, p: &Pair<'_, Rule>) -> Span {
        let s = p.as_span();
        self.span(s.start(), s.end())
    }
}

fn pratt() -> &'static PrattParser<Rule> {
    static P: OnceLock<PrattParser<Rule>> = OnceLock::new();
    P.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::cond_op, Assoc::Right))
            .op(Op::infix(Rule::implies, Assoc::Right))
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left) | Op::infix(Rule::star, Assoc::Left))
            .op(Op::infix(Rule::eq, Assoc::Left) | Op::infix(Rule::ne, Assoc::Left))
            .op(Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left)
                | Op::infix(Rule::div, Assoc::Left)
                | Op::infix(Rule::rem, Assoc::Left)
                | Op::infix(Rule::frac, Assoc::Left))
            .op(Op::prefix(Rule::not)
                | Op::prefix(Rule::neg)
                | Op::prefix(Rule::deref)
                | Op::prefix(Rule::addr))
            .op(Op::postfix(Rule::index) | Op::postfix(Rule::member) | Op::postfix(Rule::arrow))
    })
}

/// Parses specification text; `text` is the masked group text and `origin` locates it.
pub fn parse_spec(text: &str, origin: Origin<'_>) -> Result<Spec, FrontError> {
    let mut pairs =
        SpecParser::parse(Rule::spec, text).map_err(|e| syntax_error(text, origin, e))?;
    let spec = pairs.next().expect("spec rule");
    let span = origin.pair_span(&spec);
    let mut items = Vec::new();
    for p in spec.into_inner() {
        let item_span = origin.pair_span(&p);
        match p.as_rule() {
            Rule::clause => {
                let mut inner = p.into_inner();
                let kw = inner.next().expect("keyword");
                let kind = match kw.as_str() {
                    "requires" => ClauseKind::Requires,
                    "ensures" => ClauseKind::Ensures,
                    "context" => ClauseKind::Context,
                    "context_everywhere" => ClauseKind::ContextEverywhere,
                    _ => ClauseKind::LoopInvariant,
                };
                let expr = build_expr(inner.next().expect("expr").into_inner(), origin)?;
                items.push(SpecItem::Clause(Clause {
                    kind,
                    expr,
                    span: item_span,
                    inferred: None,
                    lock: None,
                }));
            }
            Rule::invariant => {
                let mut inner = p.into_inner();
                inner.next();
                let target = inner
                    .next()
                    .expect("lock")
                    .into_inner()
                    .next()
                    .expect("lock kind");
                let name = |p: Pair<'_, Rule>| {
                    p.into_inner()
                        .find(|q| q.as_rule() == Rule::ident)
                        .map(|q| Ident {
                            name: q.as_str().to_string(),
                            span: origin.pair_span(&q),
                        })
                };
                let lock = match target.as_rule() {
                    Rule::lock_critical => LockRef::Critical(name(target)),
                    Rule::lock_var => LockRef::Lock(name(target).expect("a lock variable")),
                    _ => LockRef::Atomic,
                };
                let expr = build_expr(inner.next().expect("expr").into_inner(), origin)?;
                items.push(SpecItem::Clause(Clause {
                    kind: ClauseKind::ResourceInvariant,
                    expr,
                    span: item_span,
                    inferred: None,
                    lock: Some(lock),
                }));
            }
            Rule::assert_stmt => {
                let mut inner = p.into_inner();
                inner.next();
                let expr = build_expr(inner.next().expect("expr").into_inner(), origin)?;
                items.push(SpecItem::Assert {
                    expr,
                    span: item_span,
                });
            }
            Rule::ignore_open => items.push(SpecItem::IgnoreOpen(item_span)),
            Rule::ignore_close => items.push(SpecItem::IgnoreClose(item_span)),
            _ => {}
        }
    }
    for item in &items {
        let e = match item {
            SpecItem::Clause(c) => &c.expr,
            SpecItem::Assert { expr, .. } => expr,
            _ => continue,
        };
        check_addr_of(e, false)?;
    }
    Ok(Spec { items, span })
}

/// `&` is only meaningful as the location of `Perm` (`Perm(&a[i], p)`).
fn check_addr_of(e: &Expr, perm_loc: bool) -> Result<(), FrontError> {
    let mut result = Ok(());
    let mut visit = |x: &Expr, allowed: bool| {
        if result.is_ok() {
            result = check_addr_of(x, allowed);
        }
    };
    match &e.kind {
        ExprKind::AddrOf(inner) => {
            if !perm_loc {
                return Err(FrontError::spec_syntax(
                    e.span,
                    "`&` is only allowed in the location of `Perm(&a[i], p)`",
                ));
            }
            visit(inner, false);
        }
        ExprKind::Perm { loc, perm } => {
            visit(loc, true);
            visit(perm, false);
        }
        _ => for_each_child(e, &mut |c| visit(c, false)),
    }
    result
}

/// Calls `f` on every direct sub-expression of `e`.
pub fn for_each_child<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Real(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::Result
        | ExprKind::Write
        | ExprKind::Read
        | ExprKind::NoPerm
        | ExprKind::ThreadNum
        | ExprKind::Contribution(_)
        | ExprKind::Var(_) => {}
        ExprKind::Index { base, index } => {
            f(base);
            f(index);
        }
        ExprKind::Deref(a)
        | ExprKind::Member { base: a, .. }
        | ExprKind::AddrOf(a)
        | ExprKind::Unary { arg: a, .. }
        | ExprKind::Old(a)
        | ExprKind::PointerLength(a) => f(a),
        ExprKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExprKind::Cond { cond, then, els } => {
            f(cond);
            f(then);
            f(els);
        }
        ExprKind::Perm { loc, perm } => {
            f(loc);
            f(perm);
        }
        ExprKind::Pointer { ptr, len, perm } => {
            f(ptr);
            f(len);
            f(perm);
        }
        ExprKind::PointerIndex { ptr, index, perm } => {
            f(ptr);
            f(index);
            f(perm);
        }
        ExprKind::Array { arr, len } => {
            f(arr);
            f(len);
        }
        ExprKind::Quant { range, body, .. } => {
            match range {
                QuantRange::Filter(c) => f(c),
                QuantRange::Span { lo, hi } => {
                    f(lo);
                    f(hi);
                }
            }
            f(body);
        }
    }
}

fn build_expr(pairs: Pairs<'_, Rule>, o: Origin<'_>) -> Result<Expr, FrontError> {
    pratt()
        .map_primary(|p| build_primary(p, o))
        .map_prefix(|op, arg| {
            let arg = arg?;
            let span = o.pair_span(&op).join(arg.span);
            let kind = match op.as_rule() {
                Rule::not => ExprKind::Unary {
                    op: UnOp::Not,
                    arg: Box::new(arg),
                },
                Rule::neg => ExprKind::Unary {
                    op: UnOp::Neg,
                    arg: Box::new(arg),
                },
                Rule::deref => ExprKind::Deref(Box::new(arg)),
                _ => ExprKind::AddrOf(Box::new(arg)),
            };
            Ok(Expr { kind, span })
        })
        .map_postfix(|base, op| {
            let base = base?;
            let span = base.span.join(o.pair_span(&op));
            let rule = op.as_rule();
            let inner = op.into_inner().next().expect("an operand");
            let kind = match rule {
                Rule::member | Rule::arrow => {
                    let field = Ident {
                        name: inner.as_str().to_string(),
                        span: o.pair_span(&inner),
                    };
                    let base = if rule == Rule::arrow {
                        Expr {
                            span: base.span,
                            kind: ExprKind::Deref(Box::new(base)),
                        }
                    } else {
                        base
                    };
                    ExprKind::Member {
                        base: Box::new(base),
                        field,
                    }
                }
                _ => ExprKind::Index {
                    base: Box::new(base),
                    index: Box::new(build_expr(inner.into_inner(), o)?),
                },
            };
            Ok(Expr { kind, span })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let span = lhs.span.join(rhs.span);
            let bin = match op.as_rule() {
                Rule::cond_op => {
                    let then = build_expr(op.into_inner().next().expect("then").into_inner(), o)?;
                    return Ok(Expr {
                        kind: ExprKind::Cond {
                            cond: Box::new(lhs),
                            then: Box::new(then),
                            els: Box::new(rhs),
                        },
                        span,
                    });
                }
                Rule::implies => BinOp::Implies,
                Rule::or => BinOp::Or,
                Rule::and => BinOp::And,
                Rule::star => BinOp::Star,
                Rule::eq => BinOp::Eq,
                Rule::ne => BinOp::Ne,
                Rule::lt => BinOp::Lt,
                Rule::le => BinOp::Le,
                Rule::gt => BinOp::Gt,
                Rule::ge => BinOp::Ge,
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::mul => BinOp::Mul,
                Rule::div => BinOp::Div,
                Rule::rem => BinOp::Mod,
                _ => BinOp::Frac,
            };
            Ok(Expr {
                kind: ExprKind::Binary {
                    op: bin,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
                span,
            })
        })
        .parse(pairs)
}

fn sub(p: Pair<'_, Rule>, o: Origin<'_>) -> Result<Box<Expr>, FrontError> {
    Ok(Box::new(build_expr(p.into_inner(), o)?))
}

fn build_primary(p: Pair<'_, Rule>, o: Origin<'_>) -> Result<Expr, FrontError> {
    let span = o.pair_span(&p);
    let rule = p.as_rule();
    let text = p.as_str();
    let mut inner = p.into_inner();
    let mut next = || inner.next().expect("grammar guarantees the operand");
    let kind = match rule {
        Rule::paren => return build_expr(next().into_inner(), o).map(|e| Expr { span, ..e }),
        Rule::int_lit => ExprKind::Int(text.parse().map_err(|_| {
            FrontError::spec_syntax(span, format!("integer literal `{text}` is too large"))
        })?),
        Rule::real_lit => ExprKind::Real(text.to_string()),
        Rule::true_lit => ExprKind::Bool(true),
        Rule::false_lit => ExprKind::Bool(false),
        Rule::null => ExprKind::Null,
        Rule::result => ExprKind::Result,
        Rule::thread_num => ExprKind::ThreadNum,
        Rule::write => ExprKind::Write,
        Rule::read => ExprKind::Read,
        Rule::none => ExprKind::NoPerm,
        Rule::ident => ExprKind::Var(text.to_string()),
        Rule::old => ExprKind::Old(sub(next(), o)?),
        Rule::perm => {
            let loc = sub(next(), o)?;
            check_perm_location(&loc)?;
            ExprKind::Perm {
                loc,
                perm: sub(next(), o)?,
            }
        }
        Rule::pointer => ExprKind::Pointer {
            ptr: sub(next(), o)?,
            len: sub(next(), o)?,
            perm: sub(next(), o)?,
        },
        Rule::pointer_index => ExprKind::PointerIndex {
            ptr: sub(next(), o)?,
            index: sub(next(), o)?,
            perm: sub(next(), o)?,
        },
        Rule::pointer_length => ExprKind::PointerLength(sub(next(), o)?),
        Rule::contribution => {
            let v = next();
            ExprKind::Contribution(Ident {
                name: v.as_str().to_string(),
                span: o.pair_span(&v),
            })
        }
        Rule::array => ExprKind::Array {
            arr: sub(next(), o)?,
            len: sub(next(), o)?,
        },
        Rule::quant => {
            let kw = next();
            let quantifier = match kw.as_str() {
                "\\forall*" => Quantifier::ForallStar,
                "\\forall" => Quantifier::Forall,
                "\\sum" => Quantifier::Sum,
                "\\product" => Quantifier::Product,
                "\\max" => Quantifier::Max,
                "\\min" => Quantifier::Min,
                _ => Quantifier::Exists,
            };
            let ty = if next().as_str() == "bool" {
                SpecType::Bool
            } else {
                SpecType::Int
            };
            let v = next();
            let var = Ident {
                name: v.as_str().to_string(),
                span: o.pair_span(&v),
            };
            let r = next();
            let range = if r.as_rule() == Rule::quant_range {
                let mut rs = r.into_inner();
                let lo = sub(rs.next().expect("lo"), o)?;
                let hi = sub(rs.next().expect("hi"), o)?;
                QuantRange::Span { lo, hi }
            } else {
                QuantRange::Filter(sub(r.into_inner().next().expect("filter"), o)?)
            };
            let body = sub(next(), o)?;
            ExprKind::Quant {
                quantifier,
                ty,
                var,
                range,
                body,
            }
        }
        other => {
            return Err(FrontError::spec_syntax(
                span,
                format!("unexpected {other:?} in an expression"),
            ))
        }
    };
    Ok(Expr { kind, span })
}

fn check_perm_location(loc: &Expr) -> Result<(), FrontError> {
    let ok = match &loc.kind {
        ExprKind::Var(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => true,
        ExprKind::AddrOf(inner) => {
            matches!(inner.kind, ExprKind::Index { .. } | ExprKind::Member { .. })
        }
        ExprKind::Deref(inner) => matches!(inner.kind, ExprKind::Var(_)),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(FrontError::spec_syntax(
            loc.span,
            "the location of `Perm` must be `a[e]`, `&a[e]`, `*p`, a member `s.f` or a variable",
        ))
    }
}

/// A readable name for what a grammar rule stands for in error messages.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::clause_kw | Rule::clause => {
            "a clause (`requires`, `ensures`, `context`, `context_everywhere`, `loop_invariant`)"
        }
        Rule::kw_assert | Rule::assert_stmt => "`assert`",
        Rule::kw_spec_ignore | Rule::ignore_open | Rule::ignore_close => "`spec_ignore`",
        Rule::EOI => "the end of the specification",
        Rule::semi => "`;`",
        Rule::expr
        | Rule::paren
        | Rule::quant
        | Rule::old
        | Rule::perm
        | Rule::pointer
        | Rule::pointer_index
        | Rule::pointer_length
        | Rule::array
        | Rule::result
        | Rule::thread_num
        | Rule::null
        | Rule::true_lit
        | Rule::false_lit
        | Rule::write
        | Rule::read
        | Rule::none
        | Rule::int_lit
        | Rule::ident
        | Rule::not
        | Rule::neg
        | Rule::deref
        | Rule::addr => "an expression",
        Rule::cond_op
        | Rule::implies
        | Rule::or
        | Rule::star
        | Rule::and
        | Rule::eq
        | Rule::ne
        | Rule::le
        | Rule::ge
        | Rule::lt
        | Rule::gt
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem
        | Rule::frac
        | Rule::index => "an operator",
        Rule::quant_type => "a type (`int` or `bool`)",
        Rule::quant_range | Rule::quant_filter => {
            "`;` or `=` (the range of the quantified variable)"
        }
        _ => return None,
    })
}

/// Keywords of the specification language, for "did you mean" hints.
const SPEC_KEYWORDS: &[&str] = &[
    "requires",
    "ensures",
    "context",
    "context_everywhere",
    "loop_invariant",
    "assert",
    "spec_ignore",
];

fn syntax_error(text: &str, o: Origin<'_>, e: pest::error::Error<Rule>) -> FrontError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<&str> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
        for r in positives {
            // A failure at the start of an item is reported by pest as the whole `spec` rule.
            let rules: &[Rule] = if *r == Rule::spec {
                &[
                    Rule::clause,
                    Rule::assert_stmt,
                    Rule::ignore_open,
                    Rule::EOI,
                ]
            } else {
                std::slice::from_ref(r)
            };
            for d in rules.iter().filter_map(|r| describe(*r)) {
                if !expected.contains(&d) {
                    expected.push(d);
                }
            }
        }
    }
    let found = found_at(text, pos);
    let word = &text[pos.min(text.len())..(pos + found_len(text, pos)).min(text.len())];
    let mut message = match expected.len() {
        0 => format!("malformed specification at {found}"),
        1 => format!("expected {}, found {found}", expected[0]),
        n => format!(
            "expected {} or {}, found {found}",
            expected[..n - 1].join(", "),
            expected[n - 1]
        ),
    };
    message.push_str(&crate::suggest::hint(word, SPEC_KEYWORDS));
    let end = (pos + found_len(text, pos)).min(text.len());
    FrontError::spec_syntax(o.span(pos, end), message)
}

fn found_len(text: &str, pos: usize) -> usize {
    let rest = &text[pos.min(text.len())..];
    let word: usize = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum();
    if word > 0 {
        word
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    }
}

fn found_at(text: &str, pos: usize) -> String {
    let rest = &text[pos.min(text.len())..];
    if rest.trim().is_empty() {
        return "the end of the specification".to_string();
    }
    format!("`{}`", &rest[..found_len(text, pos)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::print::print_expr;

    fn parse(src: &str) -> Result<Spec, FrontError> {
        let f = SourceFile::new("t.c", src);
        let o = Origin {
            file: FileId(0),
            source: &f,
            base: 0,
        };
        parse_spec(src, o)
    }

    fn one_expr(src: &str) -> Expr {
        let s = parse(&format!("requires {src};")).unwrap_or_else(|e| panic!("{src}: {e}"));
        match &s.items[0] {
            SpecItem::Clause(c) => c.expr.clone(),
            _ => panic!("not a clause"),
        }
    }

    fn p(src: &str) -> String {
        print_expr(&one_expr(src))
    }

    #[test]
    fn clause_kinds() {
        let s = parse(
            "requires a; ensures b; context c; context_everywhere d; loop_invariant e; assert f;",
        )
        .unwrap();
        let kinds: Vec<_> = s
            .items
            .iter()
            .map(|i| match i {
                SpecItem::Clause(c) => c.kind.keyword(),
                SpecItem::Assert { .. } => "assert",
                _ => "?",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "requires",
                "ensures",
                "context",
                "context_everywhere",
                "loop_invariant",
                "assert"
            ]
        );
    }

    #[test]
    fn members_and_real_literals() {
        assert_eq!(p("s.n + p->v[i]"), "s.n + p->v[i]");
        assert_eq!(p("a[i].x == 2.0"), "a[i].x == 2.0");
        assert!(matches!(
            one_expr("p->f").kind,
            ExprKind::Member { ref base, .. } if matches!(base.kind, ExprKind::Deref(_))
        ));
        for lit in ["2.0", "1e-3", ".5", "2.", "1.5e+10", "0.5f", "3.0L"] {
            assert!(
                matches!(one_expr(lit).kind, ExprKind::Real(ref t) if t == lit),
                "{lit}"
            );
        }
        // `0..n` is a range, not a constant.
        assert_eq!(
            p("(\\forall int k = 0..n; a[k] == 0.0)"),
            "(\\forall int k = 0 .. n; a[k] == 0.0)"
        );
        assert!(parse("requires Perm(s.f, write) ** Perm(&p->v[i], 1\\2);").is_ok());
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(p("a + b * c"), "a + b * c");
        assert_eq!(p("(a + b) * c"), "(a + b) * c");
        assert_eq!(p("a ==> b ==> c"), "a ==> b ==> c");
        assert_eq!(p("(a ==> b) ==> c"), "(a ==> b) ==> c");
        assert_eq!(p("a - b - c"), "a - b - c");
        assert_eq!(p("a - (b - c)"), "a - (b - c)");
        assert_eq!(
            p("Perm(a[i], 1) ** a[i] == 0"),
            "Perm(a[i], 1) ** a[i] == 0"
        );
        assert_eq!(p("a || b && c"), "a || b && c");
        assert_eq!(p("(a || b) && c"), "(a || b) && c");
        assert_eq!(p("c ? a : b ? d : e"), "c ? a : (b ? d : e)");
        assert_eq!(p("!a && -b < 3"), "!a && -b < 3");
        let e = one_expr("a + b * c");
        match e.kind {
            ExprKind::Binary {
                op: BinOp::Add,
                rhs,
                ..
            } => {
                assert!(matches!(rhs.kind, ExprKind::Binary { op: BinOp::Mul, .. }))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn fractions_and_permissions() {
        assert_eq!(p("Perm(a[i], 1\\2)"), "Perm(a[i], 1\\2)");
        assert_eq!(p("Perm(&a[i], 1/2)"), "Perm(&a[i], 1/2)");
        assert_eq!(
            p("Perm(*p, write) ** Perm(x, read)"),
            "Perm(*p, write) ** Perm(x, read)"
        );
        assert!(matches!(
            one_expr("Perm(a[i], 1\\2)").kind,
            ExprKind::Perm { perm, .. } if matches!(perm.kind, ExprKind::Binary { op: BinOp::Frac, .. })
        ));
        assert_eq!(
            p("\\pointer(a, n, write) && \\pointer_index(b, i, 1\\2) && \\pointer_length(a) == n && \\array(c, n) && a != NULL"),
            "\\pointer(a, n, write) && \\pointer_index(b, i, 1\\2) && \\pointer_length(a) == n && \\array(c, n) && a != NULL"
        );
    }

    #[test]
    fn quantifiers_both_forms() {
        assert_eq!(
            p("\\forall* int k; 0 <= k && k < n; Perm(a[k], 1\\2)"),
            "(\\forall* int k; 0 <= k && k < n; Perm(a[k], 1\\2))"
        );
        assert_eq!(
            p("(\\forall int k = 0 .. n; a[k] == \\old(a[k]) + 1)"),
            "(\\forall int k = 0 .. n; a[k] == \\old(a[k]) + 1)"
        );
        assert_eq!(
            p("\\exists int k; 0 <= k && k < n; a[k] == 0"),
            "(\\exists int k; 0 <= k && k < n; a[k] == 0)"
        );
        // The body extends as far as possible.
        let e = one_expr("\\forall int k; k < n; a[k] == 0 && b[k] == 1");
        match e.kind {
            ExprKind::Quant { body, var, .. } => {
                assert_eq!(var.name, "k");
                assert!(matches!(body.kind, ExprKind::Binary { op: BinOp::And, .. }));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn result_old_ternary() {
        assert_eq!(p("\\result == \\old(x) + 1"), "\\result == \\old(x) + 1");
        assert_eq!(p("(x > 0 ? x : -x) >= 0"), "(x > 0 ? x : -x) >= 0");
    }

    #[test]
    fn spec_ignore_markers() {
        let s = parse("spec_ignore {").unwrap();
        assert!(matches!(s.items[..], [SpecItem::IgnoreOpen(_)]));
        let s = parse("spec_ignore }").unwrap();
        assert!(matches!(s.items[..], [SpecItem::IgnoreClose(_)]));
    }

    #[test]
    fn spans_are_exact() {
        let src = "requires a &&\n   b[i] > 0;";
        let s = parse(src).unwrap();
        let SpecItem::Clause(c) = &s.items[0] else {
            panic!()
        };
        let ExprKind::Binary { rhs, .. } = &c.expr.kind else {
            panic!()
        };
        assert_eq!((rhs.span.line, rhs.span.column), (2, 4));
        assert_eq!(
            &src[rhs.span.start as usize..rhs.span.end as usize],
            "b[i] > 0"
        );
        assert_eq!((c.span.line, c.span.column), (1, 1));
    }

    #[test]
    fn misspelt_keywords_get_a_hint() {
        let e = parse("requries n > 0;").unwrap_err();
        assert!(
            e.message.contains("did you mean `requires`?"),
            "{}",
            e.message
        );
        let e = parse("context_everywere n > 0;").unwrap_err();
        assert!(
            e.message.contains("did you mean `context_everywhere`?"),
            "{}",
            e.message
        );
        let e = parse("requires a + ;").unwrap_err();
        assert!(!e.message.contains("did you mean"), "{}", e.message);
    }

    #[test]
    fn errors_are_located() {
        let e = parse("requires a + ;").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (1, 14));
        assert!(
            e.message.contains("expected an expression"),
            "{}",
            e.message
        );
        let e = parse("requires a\nensures b;").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (2, 1));
        assert!(e.message.contains("`;`"), "{}", e.message);
        let e = parse("invariant x;").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (1, 1));
        assert!(e.message.contains("a clause"), "{}", e.message);
        let e = parse("requires Perm(a + 1, 1);").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (1, 15));
        let e = parse("requires &x == 1;").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (1, 10));
        let e = parse("requires 99999999999999999999999;").unwrap_err();
        assert!(e.message.contains("too large"));
    }

    #[test]
    fn requires_false_is_recognised() {
        let s = parse("requires false;").unwrap();
        let SpecItem::Clause(c) = &s.items[0] else {
            panic!()
        };
        let contract = Contract {
            clauses: vec![c.clone()],
            span: s.span,
        };
        assert!(contract.is_requires_false());
        let s = parse("requires false || x;").unwrap();
        let SpecItem::Clause(c) = &s.items[0] else {
            panic!()
        };
        let contract = Contract {
            clauses: vec![c.clone()],
            span: s.span,
        };
        assert!(!contract.is_requires_false());
    }
}
