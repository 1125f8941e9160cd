use crate::Span;
use num_bigint::BigInt;

use super::Type;

/// A name as written in the source, with its position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

impl Ident {
    pub fn new(name: impl Into<String>, span: Span) -> Ident {
        Ident {
            name: name.into(),
            span,
        }
    }
}

/// A declaration of a local variable, argument, return value or bound variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalDecl {
    pub name: Ident,
    pub ty: Type,
    pub span: Span,
}

/// An expression or assertion (Viper does not separate the two syntactically).
///
/// Trees may be as deep as their source is long (`a + b + ... + z` nests once per operator), so
/// the recursive operations on them (clone, comparison, hashing, formatting) grow the stack on
/// demand, and dropping is iterative: no expression can exhaust a thread's stack.
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// Stack left before a recursive operation on expressions moves to a new stack segment, and the
/// size of that segment.
const RED_ZONE: usize = 64 * 1024;
const SEGMENT: usize = 2 * 1024 * 1024;

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

impl Clone for Expr {
    fn clone(&self) -> Expr {
        stacker::maybe_grow(RED_ZONE, SEGMENT, || Expr {
            kind: self.kind.clone(),
            span: self.span,
        })
    }
}

impl PartialEq for Expr {
    fn eq(&self, other: &Expr) -> bool {
        stacker::maybe_grow(RED_ZONE, SEGMENT, || {
            self.span == other.span && self.kind == other.kind
        })
    }
}

impl Eq for Expr {}

impl std::hash::Hash for Expr {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        stacker::maybe_grow(RED_ZONE, SEGMENT, || {
            self.kind.hash(state);
            self.span.hash(state);
        })
    }
}

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        stacker::maybe_grow(RED_ZONE, SEGMENT, || {
            f.debug_struct("Expr")
                .field("kind", &self.kind)
                .field("span", &self.span)
                .finish()
        })
    }
}

impl Drop for Expr {
    fn drop(&mut self) {
        // Detach the children and drop them from an explicit stack, each after detaching its own
        // children, so that no drop recurses.
        let mut pending: Vec<Expr> = Vec::new();
        self.for_each_child_mut(&mut |c| pending.push(std::mem::replace(c, Expr::leaf())));
        while let Some(mut e) = pending.pop() {
            e.for_each_child_mut(&mut |c| pending.push(std::mem::replace(c, Expr::leaf())));
        }
    }
}

impl Expr {
    /// The expression's kind and span, by value (an `Expr` cannot be destructured by moving,
    /// since it implements `Drop`).
    pub fn into_parts(mut self) -> (ExprKind, Span) {
        (std::mem::replace(&mut self.kind, ExprKind::Null), self.span)
    }

    /// A childless placeholder (left behind by an iterative drop).
    fn leaf() -> Expr {
        Expr {
            kind: ExprKind::Null,
            span: Span::DUMMY,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    IntLit(BigInt),
    BoolLit(bool),
    Null,
    /// A local variable, argument, return value, or bound variable.
    Local(String),
    /// `result`, only in function postconditions.
    Result,
    /// `receiver.field`
    Field {
        receiver: Box<Expr>,
        field: Ident,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `cond ? then : els`
    Cond {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Box<Expr>,
    },
    /// Application of a function, a domain function, or (inside `acc`, `fold`, `unfold`) a predicate.
    Call {
        name: Ident,
        args: Vec<Expr>,
    },
    /// `old(e)` (label `None`) or `old[l](e)`.
    Old {
        label: Option<Ident>,
        expr: Box<Expr>,
    },
    /// `acc(loc)` or `acc(loc, perm)`; `loc` is a field access or a predicate instance.
    Acc {
        loc: Box<Expr>,
        perm: Option<Box<Expr>>,
    },
    /// `perm(loc)`: the permission currently held to a field location.
    PermOf(Box<Expr>),
    /// `write`, `none`, `wildcard`, `epsilon`.
    PermLit(PermLit),
    /// `forall`/`exists` with bound variables and optional triggers `{ e1, e2 }`.
    Quant {
        kind: QuantKind,
        vars: Vec<LocalDecl>,
        triggers: Vec<Trigger>,
        body: Box<Expr>,
    },
    /// `let x == (value) in body`
    Let {
        var: Ident,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// `unfolding acc(P(..)) in body` (parsed and printed only).
    Unfolding {
        acc: Box<Expr>,
        body: Box<Expr>,
    },
    /// `Seq[T]()` (elem_ty given, no elements) or `Seq(e1, e2, ...)`.
    SeqLit {
        elem_ty: Option<Type>,
        elems: Vec<Expr>,
    },
    /// `[lo..hi)`: the sequence of integers from `lo` inclusive to `hi` exclusive.
    SeqRange {
        lo: Box<Expr>,
        hi: Box<Expr>,
    },
    /// `Set[T]()`, `Set(e, ...)`, `Multiset[T]()`, `Multiset(e, ...)`.
    SetLit {
        multi: bool,
        elem_ty: Option<Type>,
        elems: Vec<Expr>,
    },
    /// `|e|`: length of a sequence, cardinality of a set.
    Len(Box<Expr>),
    /// `seq[index]`
    Index {
        seq: Box<Expr>,
        index: Box<Expr>,
    },
    /// `seq[lo..hi]`, `seq[..hi]`, `seq[lo..]`.
    Slice {
        seq: Box<Expr>,
        lo: Option<Box<Expr>>,
        hi: Option<Box<Expr>>,
    },
    /// `seq[index := value]`
    Update {
        seq: Box<Expr>,
        index: Box<Expr>,
        value: Box<Expr>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `!`
    Not,
    /// `-`
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Integer division `/` (Euclidean, as in Viper/SMT-LIB).
    Div,
    /// `%` (Euclidean modulo).
    Mod,
    /// `/` producing a permission: `Int / Int` (a fraction) or `Perm / Int`. Set by the type checker.
    PermDiv,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Implies,
    /// `<==>`
    Iff,
    /// `++` on sequences
    Append,
    /// `in`: membership in a set or sequence
    In,
    /// `union`
    Union,
    /// `intersection`
    Intersection,
    /// `setminus`
    Setminus,
    /// `subset`
    Subset,
}

impl BinaryOp {
    /// The operator as written in Viper source.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div | BinaryOp::PermDiv => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
            BinaryOp::Implies => "==>",
            BinaryOp::Iff => "<==>",
            BinaryOp::Append => "++",
            BinaryOp::In => "in",
            BinaryOp::Union => "union",
            BinaryOp::Intersection => "intersection",
            BinaryOp::Setminus => "setminus",
            BinaryOp::Subset => "subset",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PermLit {
    Write,
    None,
    Wildcard,
    Epsilon,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuantKind {
    Forall,
    Exists,
}

/// A trigger `{ e1, ..., en }` of a quantifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trigger {
    pub exprs: Vec<Expr>,
    pub span: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x + x + ... + x` with `n` operators: a tree `n` levels deep.
    fn chain(n: usize) -> Expr {
        let x = || Expr::new(ExprKind::Local("x".into()), Span::DUMMY);
        let mut e = x();
        for _ in 0..n {
            e = Expr::new(
                ExprKind::Binary {
                    op: BinaryOp::Add,
                    left: Box::new(e),
                    right: Box::new(x()),
                },
                Span::DUMMY,
            );
        }
        e
    }

    #[test]
    fn deep_trees_are_cloned_compared_hashed_formatted_and_dropped_without_overflow() {
        use std::hash::{Hash, Hasher};
        let e = chain(200_000);
        let f = e.clone();
        assert!(e == f);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        e.hash(&mut h);
        let _ = h.finish();
        assert!(format!("{e:?}").len() > 200_000);
        drop(e);
        drop(f);
    }

    #[test]
    fn into_parts_keeps_the_children() {
        let (kind, _) = chain(2).into_parts();
        match kind {
            ExprKind::Binary { left, .. } => assert!(matches!(left.kind, ExprKind::Binary { .. })),
            _ => panic!("expected a binary node"),
        }
    }
}
