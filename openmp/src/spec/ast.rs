//! The specification AST: contracts, clauses and expressions, each with its exact span in the
//! original C file. Independent of Viper; the lowering gives the operators their meaning.

use viper::Span;

/// A name with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// The kinds of contract clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClauseKind {
    Requires,
    Ensures,
    /// Both a precondition and a postcondition.
    Context,
    /// Joins the contracts of every loop and block nested in the function (and the function's own).
    ContextEverywhere,
    LoopInvariant,
    /// `resource_invariant LOCK: e;` (the lock is the clause's [`Clause::lock`]).
    ResourceInvariant,
}

impl ClauseKind {
    pub fn keyword(self) -> &'static str {
        match self {
            ClauseKind::Requires => "requires",
            ClauseKind::Ensures => "ensures",
            ClauseKind::Context => "context",
            ClauseKind::ContextEverywhere => "context_everywhere",
            ClauseKind::LoopInvariant => "loop_invariant",
            ClauseKind::ResourceInvariant => "resource_invariant",
        }
    }
}

/// One contract clause, e.g. `requires n > 0;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    pub kind: ClauseKind,
    pub expr: Expr,
    /// From the keyword to the `;` (for an inferred clause: the construct it belongs to).
    pub span: Span,
    /// `None` for a clause the user wrote; for one ompv inferred, whether it is exact (says no
    /// more than what the code does) or over-approximates.
    pub inferred: Option<bool>,
    /// For a `resource_invariant`: the lock it belongs to.
    pub lock: Option<LockRef>,
}

/// The lock a resource invariant belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockRef {
    /// `critical` (unnamed) or `critical(name)`.
    Critical(Option<Ident>),
    /// `lock(l)`: the OpenMP lock variable `l`.
    Lock(Ident),
    /// `atomic`: the locations accessed by `atomic` constructs.
    Atomic,
}

impl std::fmt::Display for LockRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockRef::Critical(None) => f.write_str("critical"),
            LockRef::Critical(Some(n)) => write!(f, "critical({})", n.name),
            LockRef::Lock(l) => write!(f, "lock({})", l.name),
            LockRef::Atomic => f.write_str("atomic"),
        }
    }
}

/// A contract: the clauses attached to one function, loop, region or block, in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Contract {
    pub clauses: Vec<Clause>,
    /// The specification comments the contract came from.
    pub span: Span,
}

impl Contract {
    /// Preconditions: `requires` and `context` clauses.
    pub fn requires(&self) -> impl Iterator<Item = &Clause> {
        self.clauses
            .iter()
            .filter(|c| matches!(c.kind, ClauseKind::Requires | ClauseKind::Context))
    }

    /// Postconditions: `ensures` and `context` clauses.
    pub fn ensures(&self) -> impl Iterator<Item = &Clause> {
        self.clauses
            .iter()
            .filter(|c| matches!(c.kind, ClauseKind::Ensures | ClauseKind::Context))
    }

    /// `context_everywhere` clauses.
    pub fn everywhere(&self) -> impl Iterator<Item = &Clause> {
        self.clauses
            .iter()
            .filter(|c| c.kind == ClauseKind::ContextEverywhere)
    }

    /// `resource_invariant` clauses.
    pub fn resource_invariants(&self) -> impl Iterator<Item = &Clause> {
        self.clauses
            .iter()
            .filter(|c| c.kind == ClauseKind::ResourceInvariant)
    }

    /// `loop_invariant` clauses.
    pub fn invariants(&self) -> impl Iterator<Item = &Clause> {
        self.clauses
            .iter()
            .filter(|c| c.kind == ClauseKind::LoopInvariant)
    }

    /// Whether the contract has a clause `requires false;` (VerCors' way to exclude a function,
    /// e.g. `main`, from verification: with a false precondition its verification is vacuous).
    pub fn is_requires_false(&self) -> bool {
        self.clauses
            .iter()
            .any(|c| c.kind == ClauseKind::Requires && matches!(c.expr.kind, ExprKind::Bool(false)))
    }
}

/// One item of a specification comment group.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecItem {
    Clause(Clause),
    /// `assert e;` (a specification statement).
    Assert {
        expr: Expr,
        span: Span,
    },
    /// `spec_ignore {`: the code up to the matching `spec_ignore }` is not verified.
    IgnoreOpen(Span),
    /// `spec_ignore }`.
    IgnoreClose(Span),
}

impl SpecItem {
    pub fn span(&self) -> Span {
        match self {
            SpecItem::Clause(c) => c.span,
            SpecItem::Assert { span, .. }
            | SpecItem::IgnoreOpen(span)
            | SpecItem::IgnoreClose(span) => *span,
        }
    }
}

/// A parsed group of specification comments.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub items: Vec<SpecItem>,
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `!e`
    Not,
    /// `-e`
    Neg,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: integer division, or a fraction where a permission is expected (VerCors).
    Div,
    Mod,
    /// `\`: a fraction (VerCors' `1\2`).
    Frac,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    /// `**`: separating conjunction.
    Star,
    /// `==>`
    Implies,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Frac => "\\",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Star => "**",
            BinOp::Implies => "==>",
        }
    }

    /// Binding strength: higher binds tighter (`?:` is 1).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Implies => 2,
            BinOp::Or => 3,
            BinOp::And | BinOp::Star => 4,
            BinOp::Eq | BinOp::Ne => 5,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 6,
            BinOp::Add | BinOp::Sub => 7,
            BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Frac => 8,
        }
    }

    /// Whether the operator groups to the right (`==>`).
    pub fn right_assoc(self) -> bool {
        self == BinOp::Implies
    }
}

/// The quantifiers: the logical ones and JML's generalised quantifiers, which combine the
/// values of their body over the range with an operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    /// `\forall`
    Forall,
    /// `\forall*`: iterated separating conjunction.
    ForallStar,
    /// `\exists`
    Exists,
    /// `\sum`: the sum of the body's values (0 over an empty range).
    Sum,
    /// `\product`: the product of the body's values (1 over an empty range).
    Product,
    /// `\max`: the largest of the body's values (the range must not be empty).
    Max,
    /// `\min`: the smallest of the body's values (the range must not be empty).
    Min,
}

impl Quantifier {
    pub fn keyword(self) -> &'static str {
        match self {
            Quantifier::Forall => "\\forall",
            Quantifier::ForallStar => "\\forall*",
            Quantifier::Exists => "\\exists",
            Quantifier::Sum => "\\sum",
            Quantifier::Product => "\\product",
            Quantifier::Max => "\\max",
            Quantifier::Min => "\\min",
        }
    }

    /// Whether the quantifier combines integer values (`\sum`, `\product`, `\max`, `\min`)
    /// rather than stating a formula.
    pub fn is_generalised(self) -> bool {
        matches!(
            self,
            Quantifier::Sum | Quantifier::Product | Quantifier::Max | Quantifier::Min
        )
    }
}

/// The type of a quantified variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecType {
    Int,
    Bool,
}

/// How a quantifier's variable is bounded.
#[derive(Clone, Debug, PartialEq)]
pub enum QuantRange {
    /// `int k; cond; body`: `cond` (usually `lo <= k && k < hi`) selects the values.
    Filter(Box<Expr>),
    /// `int k = lo .. hi; body`: `lo <= k < hi`.
    Span { lo: Box<Expr>, hi: Box<Expr> },
}

/// A specification expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// Specification expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(u64),
    /// A floating constant as written (`2.0`, `1e-3`, `0.5f`).
    Real(String),
    Bool(bool),
    /// `NULL`
    Null,
    /// `\result`
    Result,
    /// The permission `write` (1).
    Write,
    /// The permission `read` (some positive fraction).
    Read,
    /// The permission `none` (0).
    NoPerm,
    Var(String),
    /// `a[i]`
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    /// `*p`
    Deref(Box<Expr>),
    /// `s.f` (`p->f` is `(*p).f`): a member of a struct.
    Member {
        base: Box<Expr>,
        field: Ident,
    },
    /// `&a[i]`: only as the location of `Perm`.
    AddrOf(Box<Expr>),
    Unary {
        op: UnOp,
        arg: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `c ? a : b`
    Cond {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Box<Expr>,
    },
    /// `\old(e)`
    Old(Box<Expr>),
    /// `Perm(loc, p)`; `loc` is `a[e]`, `&a[e]`, `*p` or a variable.
    Perm {
        loc: Box<Expr>,
        perm: Box<Expr>,
    },
    /// `\pointer(a, n, p)`: `a` non-null, at least `n` elements, permission `p` on `a[0..n)`.
    Pointer {
        ptr: Box<Expr>,
        len: Box<Expr>,
        perm: Box<Expr>,
    },
    /// `\pointer_index(a, i, p)`: `a` non-null, `i` in bounds, permission `p` on `a[i]`.
    PointerIndex {
        ptr: Box<Expr>,
        index: Box<Expr>,
        perm: Box<Expr>,
    },
    /// `\pointer_length(a)`
    PointerLength(Box<Expr>),
    /// The number of the thread running the code (only in inferred specifications of code every
    /// thread runs).
    ThreadNum,
    /// `\array(a, n)`: `a` non-null with length `n`.
    Array {
        arr: Box<Expr>,
        len: Box<Expr>,
    },
    /// `\contribution(x)`: the value one iteration of a loop combines into the reduction
    /// variable `x` (only as `\contribution(x) == e` in the loop's iteration postcondition).
    Contribution(Ident),
    /// `\forall int k; range; body` and friends.
    Quant {
        quantifier: Quantifier,
        ty: SpecType,
        var: Ident,
        range: QuantRange,
        body: Box<Expr>,
    },
}
