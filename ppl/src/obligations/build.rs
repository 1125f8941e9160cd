//! Small constructors for Viper syntax, so that generated code reads like the Viper it builds.
//!
//! Every constructor takes the span the node gets; generated nodes carry either the span of the
//! source construct they come from or the span of a registered check (see [`super::checks`]).

use num_bigint::BigInt;
use viper::ast::*;
use viper::Span;

/// An integer literal.
pub fn int(v: i64, span: Span) -> Expr {
    Expr::new(ExprKind::IntLit(BigInt::from(v)), span)
}

/// An integer literal from an unsigned value.
pub fn uint(v: u64, span: Span) -> Expr {
    Expr::new(ExprKind::IntLit(BigInt::from(v)), span)
}

/// `true` / `false`.
pub fn bool_lit(v: bool, span: Span) -> Expr {
    Expr::new(ExprKind::BoolLit(v), span)
}

/// A local variable, argument or bound variable.
pub fn local(name: &str, span: Span) -> Expr {
    Expr::new(ExprKind::Local(name.to_string()), span)
}

/// A binary operation.
pub fn bin(op: BinaryOp, left: Expr, right: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Binary {
            op,
            left: Box::new(left),
            right: Box::new(right),
        },
        span,
    )
}

/// A unary operation.
pub fn un(op: UnaryOp, operand: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Unary {
            op,
            operand: Box::new(operand),
        },
        span,
    )
}

/// `!e`, simplifying literals.
pub fn not(e: Expr, span: Span) -> Expr {
    match e.kind {
        ExprKind::BoolLit(b) => bool_lit(!b, span),
        _ => un(UnaryOp::Not, e, span),
    }
}

/// `a && b`, dropping `true` operands.
pub fn and(a: Expr, b: Expr, span: Span) -> Expr {
    if is_true(&a) {
        return b;
    }
    if is_true(&b) {
        return a;
    }
    // Conjunctions lean right, as Viper's `&&` associates (and prints without parentheses).
    let (kind, a_span) = a.into_parts();
    match kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => {
            let rest = and(*right, b, span);
            bin(BinaryOp::And, *left, rest, a_span)
        }
        kind => bin(BinaryOp::And, Expr::new(kind, a_span), b, span),
    }
}

/// The conjunction of `parts` (`true` if empty).
pub fn and_all(parts: impl IntoIterator<Item = Expr>, span: Span) -> Expr {
    parts
        .into_iter()
        .reduce(|acc, e| and(acc, e, span))
        .unwrap_or_else(|| bool_lit(true, span))
}

/// `a || b || …` (`false` for none).
pub fn or_all(parts: impl IntoIterator<Item = Expr>, span: Span) -> Expr {
    parts
        .into_iter()
        .reduce(|acc, e| bin(BinaryOp::Or, acc, e, span))
        .unwrap_or_else(|| bool_lit(false, span))
}

/// `a ==> b`, simplifying `true ==> b` and `a ==> true`.
pub fn implies(a: Expr, b: Expr, span: Span) -> Expr {
    if is_true(&a) || is_true(&b) {
        return b;
    }
    bin(BinaryOp::Implies, a, b, span)
}

/// `c ? a : b`.
pub fn cond(c: Expr, a: Expr, b: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Cond {
            cond: Box::new(c),
            then: Box::new(a),
            els: Box::new(b),
        },
        span,
    )
}

/// `lo <= v && v < hi`.
pub fn in_range(v: Expr, lo: Expr, hi: Expr, span: Span) -> Expr {
    and(
        bin(BinaryOp::Le, lo, v.clone(), span),
        bin(BinaryOp::Lt, v, hi, span),
        span,
    )
}

/// Whether `e` is the literal `true`.
pub fn is_true(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::BoolLit(true))
}

/// A function or domain-function application.
pub fn call(name: &str, args: Vec<Expr>, span: Span) -> Expr {
    Expr::new(
        ExprKind::Call {
            name: Ident::new(name, span),
            args,
        },
        span,
    )
}

/// `receiver.field`.
pub fn field(receiver: Expr, name: &str, span: Span) -> Expr {
    Expr::new(
        ExprKind::Field {
            receiver: Box::new(receiver),
            field: Ident::new(name, span),
        },
        span,
    )
}

/// `acc(loc, perm)`.
pub fn acc(loc: Expr, perm: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Acc {
            loc: Box::new(loc),
            perm: Some(Box::new(perm)),
        },
        span,
    )
}

/// A permission literal.
pub fn perm_lit(p: PermLit, span: Span) -> Expr {
    Expr::new(ExprKind::PermLit(p), span)
}

/// `forall vars :: body` without triggers (the back end chooses them).
pub fn forall(vars: Vec<LocalDecl>, body: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars,
            triggers: Vec::new(),
            body: Box::new(body),
        },
        span,
    )
}

/// `exists vars :: body`.
pub fn exists(vars: Vec<LocalDecl>, body: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Quant {
            kind: QuantKind::Exists,
            vars,
            triggers: Vec::new(),
            body: Box::new(body),
        },
        span,
    )
}

/// `old(e)` or `old[label](e)`.
pub fn old(label: Option<&str>, e: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::Old {
            label: label.map(|l| Ident::new(l, span)),
            expr: Box::new(e),
        },
        span,
    )
}

/// A declaration `name: ty`.
pub fn decl(name: &str, ty: Type, span: Span) -> LocalDecl {
    LocalDecl {
        name: Ident::new(name, span),
        ty,
        span,
    }
}

/// A statement.
pub fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt::new(kind, span)
}

/// `var name: ty` (with an optional initial value).
pub fn var_decl(name: &str, ty: Type, init: Option<Expr>, span: Span) -> Stmt {
    stmt(
        StmtKind::VarDecl {
            decl: decl(name, ty, span),
            init,
        },
        span,
    )
}

/// `name := value`.
pub fn assign(name: &str, value: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Assign {
            target: Ident::new(name, span),
            value,
        },
        span,
    )
}

/// `label name`.
pub fn label(name: &str, span: Span) -> Stmt {
    stmt(
        StmtKind::Label {
            name: Ident::new(name, span),
            invariants: Vec::new(),
        },
        span,
    )
}

/// A block of statements.
pub fn block(stmts: Vec<Stmt>, span: Span) -> Block {
    Block { stmts, span }
}

/// The same expression with its outermost span replaced.
pub fn respan(mut e: Expr, span: Span) -> Expr {
    e.span = span;
    e
}
