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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
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
