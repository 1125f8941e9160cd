//! The C program as ompv verifies it: every name resolved to a variable ([`VarId`]) or function,
//! every expression typed and free of side effects (calls, assignments and `++`/`--` inside
//! expressions are hoisted into statements in C's evaluation order), OpenMP constructs kept as
//! statements with their pragmas. Every node has its span in the original file.

pub use super::types::*;
use crate::pragma::Pragma;
pub use crate::spec::Ident;
use crate::spec::{self, Contract};
use viper::Span;

/// Identifies a variable of [`Program::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// A global (file-scope) variable.
    Global,
    /// A `static` local: one object for the whole program, like a global.
    StaticLocal,
    /// A parameter of its function.
    Param,
    /// An automatic local of its function.
    Local,
    /// A variable the front end introduced (e.g. the length of a variable-length array).
    Synthetic,
}

/// A variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub name: String,
    pub ty: Type,
    pub storage: Storage,
    /// The function it belongs to (`None` for globals).
    pub function: Option<String>,
    /// Its declaration.
    pub span: Span,
    /// `&v` appears somewhere (the variable must live in memory).
    pub addr_taken: bool,
    /// Declared `const`.
    pub is_const: bool,
    /// Named in `#pragma omp threadprivate`.
    pub threadprivate: bool,
}

impl Var {
    /// An automatic local of `function` that ompv introduces (not `const`, address not taken).
    pub fn local(name: String, ty: Type, function: &str, span: Span) -> Var {
        Var {
            name,
            ty,
            storage: Storage::Local,
            function: Some(function.to_string()),
            span,
            addr_taken: false,
            is_const: false,
            threadprivate: false,
        }
    }

    /// Whether the variable is an object in memory (an allocation of the array model) rather than
    /// a Viper local: arrays, structs, globals, static locals and variables whose address is taken.
    pub fn in_memory(&self) -> bool {
        matches!(self.storage, Storage::Global | Storage::StaticLocal)
            || self.addr_taken
            || matches!(self.ty, Type::Array { .. } | Type::Struct(_))
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-e`
    Neg,
    /// `!e`
    Not,
    /// `~e`
    BitNot,
}

/// Binary operators of side-effect-free expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    /// `&&` (both operands are side-effect free, so evaluating both is harmless).
    And,
    /// `||`
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
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
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
            BinOp::BitOr => 5,
            BinOp::BitXor => 6,
            BinOp::BitAnd => 7,
            BinOp::Eq | BinOp::Ne => 8,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 9,
            BinOp::Shl | BinOp::Shr => 10,
            BinOp::Add | BinOp::Sub => 11,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 12,
        }
    }

    /// Comparisons and logical operators (their result is a truth value).
    pub fn is_boolean(self) -> bool {
        matches!(
            self,
            BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::And
                | BinOp::Or
        )
    }
}

/// A typed, side-effect-free expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    /// The C type of the expression (arrays keep their array type; they decay where used).
    pub ty: Type,
    pub span: Span,
}

/// Expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i128),
    /// A floating constant as written (without suffix).
    Float(String),
    /// A string literal (only passed to output routines).
    Str(String),
    /// `NULL` / a null pointer constant.
    Null,
    Var(VarId),
    /// `base[index]`: `base` has pointer or array type.
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    /// `*p`
    Deref(Box<Expr>),
    /// `&lv`
    AddrOf(Box<Expr>),
    /// `base.field` (`p->f` is `(*p).f`); `base` has struct type.
    Member {
        base: Box<Expr>,
        field: usize,
    },
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
    /// `(T) e`: a conversion to `ty`.
    Cast(Box<Expr>),
    /// `sizeof(T)`: a positive constant ompv does not know.
    SizeOf(Type),
    /// A call of a pure library function (`sqrt`, `abs`, ...): no side effects, no memory.
    PureCall {
        name: String,
        args: Vec<Expr>,
    },
}

impl Expr {
    /// Calls `f` on every direct sub-expression.
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Expr)) {
        match &self.kind {
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Str(_)
            | ExprKind::Null
            | ExprKind::Var(_)
            | ExprKind::SizeOf(_) => {}
            ExprKind::Index { base, index } => {
                f(base);
                f(index);
            }
            ExprKind::Deref(a)
            | ExprKind::AddrOf(a)
            | ExprKind::Unary { arg: a, .. }
            | ExprKind::Cast(a)
            | ExprKind::Member { base: a, .. } => f(a),
            ExprKind::Binary { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            ExprKind::Cond { cond, then, els } => {
                f(cond);
                f(then);
                f(els);
            }
            ExprKind::PureCall { args, .. } => args.iter().for_each(f),
        }
    }

    /// Every variable the expression mentions.
    pub fn vars(&self, out: &mut Vec<VarId>) {
        if let ExprKind::Var(v) = self.kind {
            out.push(v);
        }
        self.for_each_child(&mut |c| c.vars(out));
    }

    /// Whether the expression reads memory (an element, a member, a dereference, or a variable
    /// that lives in memory according to `in_memory`).
    pub fn reads_memory(&self, in_memory: &dyn Fn(VarId) -> bool) -> bool {
        match &self.kind {
            ExprKind::Var(v) => in_memory(*v) && !matches!(self.ty, Type::Array { .. }),
            ExprKind::Index { .. } | ExprKind::Deref(_) | ExprKind::Member { .. } => {
                !matches!(self.ty, Type::Array { .. }) || {
                    let mut any = false;
                    self.for_each_child(&mut |c| any |= c.reads_memory(in_memory));
                    any
                }
            }
            ExprKind::AddrOf(inner) => {
                // `&a[i]` reads no element; only the index (and the base pointer) are evaluated.
                let mut any = false;
                inner.for_each_child(&mut |c| any |= c.reads_memory(in_memory));
                any
            }
            _ => {
                let mut any = false;
                self.for_each_child(&mut |c| any |= c.reads_memory(in_memory));
                any
            }
        }
    }
}

/// A `{ … }` block (or a single statement used as a body).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

/// An initialiser.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    Expr(Expr),
    /// `{ a, b, … }`: elements (or members) in order; missing ones are zero.
    List(Vec<Init>),
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// The kind of a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    While,
    DoWhile,
    For,
}

/// Statements.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// A declaration; `init` runs where the declaration stands.
    Decl {
        var: VarId,
        init: Option<Init>,
    },
    /// `target = value` (compound assignments and `++`/`--` are desugared; the target is
    /// side-effect free, so evaluating it twice is the same as once).
    Assign {
        target: Expr,
        value: Expr,
    },
    /// `target = callee(args)` or `callee(args)`.
    Call {
        target: Option<Expr>,
        callee: Ident,
        args: Vec<Expr>,
    },
    /// `target = malloc(…)`/`calloc(…)`: a fresh allocation of `count` elements of `elem`.
    Alloc {
        target: Expr,
        elem: Type,
        count: Expr,
        zeroed: bool,
    },
    /// `free(p)`.
    Free(Expr),
    /// `memset(target, c, n)` over whole elements: `count` elements from `target` (`None`: the
    /// whole object `target` designates, for `n == sizeof obj`) become zero (`zero`) or unknown.
    MemSet {
        target: Expr,
        count: Option<Expr>,
        zero: bool,
    },
    /// `memcpy(dst, src, n)` over whole elements (`count` as for `MemSet`).
    MemCpy {
        dst: Expr,
        src: Expr,
        count: Option<Expr>,
    },
    /// `assert(e)` of `<assert.h>`: a proof obligation.
    CAssert(Expr),
    If {
        cond: Expr,
        then: Block,
        els: Option<Block>,
    },
    /// A loop: `init` once, then while `cond` (checked before each iteration, after the first
    /// for `do … while`) the body and `step`. `spec` holds its `loop_invariant`s. Statements
    /// that compute the condition are in `cond_pre` (run before every test).
    Loop {
        kind: LoopKind,
        init: Vec<Stmt>,
        cond_pre: Vec<Stmt>,
        cond: Option<Expr>,
        step: Vec<Stmt>,
        spec: Option<Contract>,
        body: Block,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Block(Block),
    /// `//@ assert e;`
    Assert(spec::Expr),
    /// Code between `spec_ignore {` and `spec_ignore }`: not verified.
    SpecIgnored,
    /// An OpenMP construct.
    Omp(Box<OmpConstruct>),
}

/// One loop associated with a loop construct, in canonical form (OpenMP 5.2 §4.4.1): the
/// variable takes the values `lower, lower + step, …` while they are before `bound`.
#[derive(Clone, Debug, PartialEq)]
pub struct CanonicalLoop {
    pub var: VarId,
    /// Whether the loop declares its variable (`for (int i = …`).
    pub declares_var: bool,
    pub lower: Expr,
    /// The test: `var < bound`, `var <= bound`, `var > bound`, `var >= bound` or `var != bound`.
    pub test: BinOp,
    pub bound: Expr,
    /// The increment (negative for decreasing loops); a constant.
    pub step: i128,
    /// The `for (…)` header.
    pub header: Span,
    /// The whole `for` statement.
    pub span: Span,
}

/// The loops a loop construct applies to (more than one with `collapse`), their body and the
/// iteration contract between the innermost `for (…)` and the body.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopNest {
    pub loops: Vec<CanonicalLoop>,
    pub contract: Option<Contract>,
    pub body: Block,
}

/// A `section` of a `sections` construct.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// `#pragma omp section` (absent for a first section without it).
    pub pragma: Option<Pragma>,
    pub contract: Option<Contract>,
    pub body: Block,
    pub span: Span,
}

/// What an OpenMP construct applies to.
#[derive(Clone, Debug, PartialEq)]
pub enum OmpBody {
    /// A structured block (parallel, single, master, critical, task, …) with the contract at its
    /// start.
    Block {
        contract: Option<Contract>,
        body: Block,
    },
    /// Loop constructs.
    Loop(LoopNest),
    /// `sections` / `parallel sections`.
    Sections(Vec<Section>),
    /// A stand-alone directive (`barrier`, `taskwait`, `flush`, …).
    None,
}

/// Identifies an outermost parallel region of a program (numbered by the conversion, in source
/// order; an index into `omp::Program::regions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(pub usize);

/// An OpenMP construct inside a function.
#[derive(Clone, Debug, PartialEq)]
pub struct OmpConstruct {
    pub pragma: Pragma,
    pub body: OmpBody,
    /// For an outermost `parallel` construct: its region.
    pub region: Option<RegionId>,
    /// From the pragma to the end of the construct.
    pub span: Span,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub var: VarId,
    pub span: Span,
}

/// Where a function was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The user's file.
    Main,
    /// One of ompv's own headers (`omp.h`, `stdio.h`, …): a library routine with a contract.
    Library,
    /// A system header ompv has no entry for (`<sys/time.h>`'s `gettimeofday`): a routine of
    /// the C library or the system, bounded as a function without a body (`c::opaque`) except
    /// that it does not name the user's globals (C11 7.1.4p5 for the C library's; POSIX.1-2017
    /// §2.9.1 makes the others thread-safe unless listed, and ompv does not rely on it).
    System,
}

/// Why a function with a body is not verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotVerified {
    /// Its contract is `requires false` (VerCors' idiom, e.g. for `main`).
    RequiresFalse,
    /// It lies between `spec_ignore {` and `spec_ignore }`.
    SpecIgnore,
    /// Every call of it is inlined, where it is verified: it has orphaned OpenMP constructs and
    /// every call is in a parallel region ([`crate::omp::calls::orphan`]), or it has parallel regions,
    /// no contract, and every call is a statement of `main` ([`crate::omp::calls::contextual`]).
    Inlined,
}

/// A function's body as far as verification is concerned.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A declaration without body (calls use its contract).
    Prototype,
    /// A definition that is not verified.
    NotVerified(NotVerified),
    Verified(Block),
}

/// A function of the file (or a library routine).
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: Ident,
    pub ret: Type,
    pub params: Vec<Param>,
    /// Takes further arguments (`...`; library routines only).
    pub variadic: bool,
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

    /// Whether nothing bounds what a call of it does: a function of the program with neither a
    /// body ompv verifies nor a contract (`c::opaque` gives its calls their accesses).
    pub fn is_opaque(&self) -> bool {
        matches!(self.origin, Origin::Main | Origin::System)
            && !self.is_verified()
            && self.contract.is_none()
    }
}

/// A global variable with its initialiser.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub var: VarId,
    pub init: Option<Init>,
}

impl Stmt {
    /// Calls `f` on every directly nested block.
    pub fn for_each_block(&self, f: &mut dyn FnMut(&Block)) {
        match &self.kind {
            StmtKind::If { then, els, .. } => {
                f(then);
                if let Some(e) = els {
                    f(e);
                }
            }
            StmtKind::Loop { body, .. } | StmtKind::Block(body) => f(body),
            StmtKind::Omp(c) => match &c.body {
                OmpBody::Block { body, .. } => f(body),
                OmpBody::Loop(n) => f(&n.body),
                OmpBody::Sections(ss) => ss.iter().for_each(|s| f(&s.body)),
                OmpBody::None => {}
            },
            _ => {}
        }
    }
}
