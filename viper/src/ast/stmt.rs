use crate::Span;

use super::{Expr, Ident, LocalDecl};

/// `{ stmt* }`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    /// A nested block `{ ... }`.
    Block(Block),
    /// `var x: T` or `var x: T := e`
    VarDecl {
        decl: LocalDecl,
        init: Option<Expr>,
    },
    /// `x := e`
    Assign {
        target: Ident,
        value: Expr,
    },
    /// `e.f := e'`; `target` is an [`ExprKind::Field`](super::ExprKind::Field).
    FieldAssign {
        target: Expr,
        value: Expr,
    },
    /// `m(args)`, `x := m(args)`, `a, b := m(args)`
    Call {
        targets: Vec<Ident>,
        method: Ident,
        args: Vec<Expr>,
    },
    /// `x := new(f, g)` (`fields: Some`) or `x := new(*)` (`fields: None`).
    New {
        target: Ident,
        fields: Option<Vec<Ident>>,
    },
    /// `if (c) { } elseif (c2) { } else { }`: an `elseif` is an `If` alone in the else block.
    If {
        cond: Expr,
        then: Block,
        els: Option<Block>,
    },
    While {
        cond: Expr,
        invariants: Vec<Expr>,
        body: Block,
    },
    Inhale(Expr),
    Exhale(Expr),
    Assert(Expr),
    Assume(Expr),
    /// `label l` with optional `invariant`s.
    Label {
        name: Ident,
        invariants: Vec<Expr>,
    },
    /// `fold acc(P(..))` (parsed and printed only).
    Fold(Expr),
    /// `unfold acc(P(..))` (parsed and printed only).
    Unfold(Expr),
}
