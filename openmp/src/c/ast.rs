//! The C subset ompv verifies: functions over int/bool scalars and int pointers/arrays, with
//! assignments, conditionals, loops, calls and returns. Every node has its span in the original file.

use crate::omp::RegionId;
pub use crate::spec::Ident;
use crate::spec::{self, Contract};
use viper::Span;

/// Types of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Int,
    Bool,
    /// `int *p`
    IntPtr,
    /// `int a[]` / `int a[N]` (parameters only; passed as a pointer).
    IntArray,
}

impl Type {
    /// The type as C writes it.
    pub fn name(self) -> &'static str {
        match self {
            Type::Void => "void",
            Type::Int => "int",
            Type::Bool => "bool",
            Type::IntPtr => "int *",
            Type::IntArray => "int []",
        }
    }

    /// Whether values of the type can be indexed (`int *`, `int []`).
    pub fn is_pointer(self) -> bool {
        matches!(self, Type::IntPtr | Type::IntArray)
    }

    /// Whether the type is a scalar usable in arithmetic or conditions (`int`, `bool`).
    pub fn is_scalar(self) -> bool {
        matches!(self, Type::Int | Type::Bool)
    }
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Ident,
    pub ty: Type,
    pub span: Span,
}

/// Where a function was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The user's file.
    Main,
    /// ompv's `omp.h` (OpenMP runtime routines).
    OmpRuntime,
}

/// Why a function with a body is not verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotVerified {
    /// Its contract is `requires false` (VerCors' idiom, e.g. for `main`).
    RequiresFalse,
    /// It lies between `spec_ignore {` and `spec_ignore }`.
    SpecIgnore,
}

/// A function's body as far as verification is concerned.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A declaration without body (calls use its contract).
    Prototype,
    /// A definition that is not verified; its body was parsed but not converted.
    NotVerified(NotVerified),
    Verified(Block),
}

/// A function of the file (or an OpenMP runtime routine).
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: Ident,
    pub ret: Type,
    pub params: Vec<Param>,
    pub contract: Option<Contract>,
    pub body: Body,
    pub origin: Origin,
    pub span: Span,
}

impl Function {
    /// Whether the function's body is to be verified.
    pub fn is_verified(&self) -> bool {
        matches!(self.body, Body::Verified(_))
    }
}

/// A `{ … }` block (or a single statement used as a body).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

/// Assignment operators (`x op= e`; `x++` is `x += 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`
    Set,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

impl AssignOp {
    pub fn symbol(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
            AssignOp::Mod => "%=",
        }
    }

    /// The binary operator of a compound assignment.
    pub fn binop(self) -> Option<BinOp> {
        match self {
            AssignOp::Set => None,
            AssignOp::Add => Some(BinOp::Add),
            AssignOp::Sub => Some(BinOp::Sub),
            AssignOp::Mul => Some(BinOp::Mul),
            AssignOp::Div => Some(BinOp::Div),
            AssignOp::Mod => Some(BinOp::Mod),
        }
    }
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// Statements of the subset.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `T x;` or `T x = e;` (a declaration with a call initialiser is split into a `Decl` and a `Call`).
    Decl {
        name: Ident,
        ty: Type,
        init: Option<Expr>,
    },
    /// `target op value`; `target` is a variable, `a[i]` or `*p`.
    Assign {
        target: Expr,
        op: AssignOp,
        value: Expr,
    },
    /// `f(args);` or `target = f(args);`
    Call {
        target: Option<Expr>,
        callee: Ident,
        args: Vec<Expr>,
    },
    If {
        cond: Expr,
        then: Block,
        els: Option<Block>,
    },
    /// `spec` holds the `loop_invariant`s written before the loop.
    While {
        cond: Expr,
        spec: Option<Contract>,
        body: Block,
    },
    /// A sequential `for`; `spec` holds its `loop_invariant`s (before the loop or between its
    /// header and body).
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        step: Vec<Stmt>,
        spec: Option<Contract>,
        body: Block,
    },
    Return(Option<Expr>),
    Block(Block),
    /// `//@ assert e;`
    Assert(spec::Expr),
    /// Code between `spec_ignore {` and `spec_ignore }`: not verified.
    SpecIgnored,
    /// An outermost parallel region; its PPL program is `Program::regions[id]`.
    Parallel(RegionId),
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-e`
    Neg,
    /// `!e`
    Not,
}

/// Binary operators (C semantics: `/` and `%` truncate toward zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }

    /// C precedence (higher binds tighter).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 3,
            BinOp::And => 4,
            BinOp::Eq | BinOp::Ne => 5,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 6,
            BinOp::Add | BinOp::Sub => 7,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 8,
        }
    }
}

/// An expression with its type and span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    /// `Int`, `Bool` (comparisons, `!`, `&&`, `||`, bool variables) or a pointer type (variables).
    /// C converts between `int` and `bool` implicitly; the lowering inserts the conversions.
    pub ty: Type,
    pub span: Span,
}

/// Expressions of the subset (no side effects, no calls).
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(u64),
    Var(String),
    /// `a[i]` where `a` is a pointer or array variable.
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    /// `*p` where `p` is a pointer variable (the same as `p[0]`).
    Deref(Box<Expr>),
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
}

impl Expr {
    /// Calls `f` on every direct sub-expression.
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Expr)) {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Var(_) => {}
            ExprKind::Index { base, index } => {
                f(base);
                f(index);
            }
            ExprKind::Deref(a) | ExprKind::Unary { arg: a, .. } => f(a),
            ExprKind::Binary { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            ExprKind::Cond { cond, then, els } => {
                f(cond);
                f(then);
                f(els);
            }
        }
    }
}
