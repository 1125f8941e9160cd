//! The AST of `#pragma omp` directives.

use crate::spec::Ident;
use viper::Span;

/// The directives ompv understands (combined forms included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Directive {
    Parallel,
    For,
    ParallelFor,
    Simd,
    ForSimd,
    ParallelForSimd,
    Sections,
    ParallelSections,
    Section,
    Single,
}

impl Directive {
    /// The directive as written after `omp`.
    pub fn name(self) -> &'static str {
        match self {
            Directive::Parallel => "parallel",
            Directive::For => "for",
            Directive::ParallelFor => "parallel for",
            Directive::Simd => "simd",
            Directive::ForSimd => "for simd",
            Directive::ParallelForSimd => "parallel for simd",
            Directive::Sections => "sections",
            Directive::ParallelSections => "parallel sections",
            Directive::Section => "section",
            Directive::Single => "single",
        }
    }

    /// Whether the directive starts a parallel region (`parallel` and its combined forms).
    pub fn is_parallel(self) -> bool {
        matches!(
            self,
            Directive::Parallel
                | Directive::ParallelFor
                | Directive::ParallelForSimd
                | Directive::ParallelSections
        )
    }

    /// Whether the directive applies to a `for` loop.
    pub fn is_loop(self) -> bool {
        matches!(
            self,
            Directive::For
                | Directive::ParallelFor
                | Directive::Simd
                | Directive::ForSimd
                | Directive::ParallelForSimd
        )
    }
}

/// `schedule` kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScheduleKind {
    Static,
    Dynamic,
    Guided,
    Auto,
    Runtime,
}

impl ScheduleKind {
    pub fn name(self) -> &'static str {
        match self {
            ScheduleKind::Static => "static",
            ScheduleKind::Dynamic => "dynamic",
            ScheduleKind::Guided => "guided",
            ScheduleKind::Auto => "auto",
            ScheduleKind::Runtime => "runtime",
        }
    }
}

/// `default(...)` kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultKind {
    Shared,
    None,
}

/// `reduction` operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionOp {
    Add,
    Sub,
    Mul,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Min,
    Max,
}

impl ReductionOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ReductionOp::Add => "+",
            ReductionOp::Sub => "-",
            ReductionOp::Mul => "*",
            ReductionOp::BitAnd => "&",
            ReductionOp::BitOr => "|",
            ReductionOp::BitXor => "^",
            ReductionOp::And => "&&",
            ReductionOp::Or => "||",
            ReductionOp::Min => "min",
            ReductionOp::Max => "max",
        }
    }
}

/// A clause argument kept as source text (macros in pragmas are not expanded, so the text is what
/// the user wrote), with whitespace runs collapsed to one space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawExpr {
    pub text: String,
    pub span: Span,
}

/// A clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseKind {
    Nowait,
    Schedule {
        kind: ScheduleKind,
        chunk: Option<RawExpr>,
    },
    Private(Vec<Ident>),
    Firstprivate(Vec<Ident>),
    Shared(Vec<Ident>),
    Default(DefaultKind),
    NumThreads(RawExpr),
    Simdlen(RawExpr),
    Collapse(RawExpr),
    Reduction {
        op: ReductionOp,
        vars: Vec<Ident>,
    },
}

impl ClauseKind {
    /// The clause keyword.
    pub fn keyword(&self) -> &'static str {
        match self {
            ClauseKind::Nowait => "nowait",
            ClauseKind::Schedule { .. } => "schedule",
            ClauseKind::Private(_) => "private",
            ClauseKind::Firstprivate(_) => "firstprivate",
            ClauseKind::Shared(_) => "shared",
            ClauseKind::Default(_) => "default",
            ClauseKind::NumThreads(_) => "num_threads",
            ClauseKind::Simdlen(_) => "simdlen",
            ClauseKind::Collapse(_) => "collapse",
            ClauseKind::Reduction { .. } => "reduction",
        }
    }
}

/// A clause with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub kind: ClauseKind,
    pub span: Span,
}

impl std::fmt::Display for Clause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = |v: &[Ident]| {
            v.iter()
                .map(|i| i.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &self.kind {
            ClauseKind::Nowait => write!(f, "nowait"),
            ClauseKind::Schedule { kind, chunk: None } => write!(f, "schedule({})", kind.name()),
            ClauseKind::Schedule {
                kind,
                chunk: Some(c),
            } => write!(f, "schedule({}, {})", kind.name(), c.text),
            ClauseKind::Private(v) => write!(f, "private({})", names(v)),
            ClauseKind::Firstprivate(v) => write!(f, "firstprivate({})", names(v)),
            ClauseKind::Shared(v) => write!(f, "shared({})", names(v)),
            ClauseKind::Default(DefaultKind::Shared) => write!(f, "default(shared)"),
            ClauseKind::Default(DefaultKind::None) => write!(f, "default(none)"),
            ClauseKind::NumThreads(e) => write!(f, "num_threads({})", e.text),
            ClauseKind::Simdlen(e) => write!(f, "simdlen({})", e.text),
            ClauseKind::Collapse(e) => write!(f, "collapse({})", e.text),
            ClauseKind::Reduction { op, vars } => {
                write!(f, "reduction({}: {})", op.symbol(), names(vars))
            }
        }
    }
}

/// A `#pragma omp` directive with its clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    pub directive: Directive,
    pub clauses: Vec<Clause>,
    /// The whole pragma, from `#` to the end of its last line.
    pub span: Span,
    /// The directive name(s) after `omp`.
    pub directive_span: Span,
    /// Line of the `#`.
    pub line: u32,
}

impl Pragma {
    /// Whether the pragma has a `nowait` clause.
    pub fn nowait(&self) -> bool {
        self.clauses.iter().any(|c| c.kind == ClauseKind::Nowait)
    }

    /// The `schedule` clause, if any: its kind and chunk text.
    pub fn schedule(&self) -> Option<(ScheduleKind, Option<&str>)> {
        self.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::Schedule { kind, chunk } => {
                Some((*kind, chunk.as_ref().map(|c| c.text.as_str())))
            }
            _ => None,
        })
    }

    /// Variables named in `private` clauses.
    pub fn private_vars(&self) -> impl Iterator<Item = &Ident> {
        self.clauses.iter().flat_map(|c| match &c.kind {
            ClauseKind::Private(v) => v.as_slice(),
            _ => &[],
        })
    }

    /// Variables named in `firstprivate` clauses.
    pub fn firstprivate_vars(&self) -> impl Iterator<Item = &Ident> {
        self.clauses.iter().flat_map(|c| match &c.kind {
            ClauseKind::Firstprivate(v) => v.as_slice(),
            _ => &[],
        })
    }

    /// `omp <directive> <clauses>` as one line.
    pub fn display(&self) -> String {
        let mut s = format!("omp {}", self.directive.name());
        for c in &self.clauses {
            s.push(' ');
            s.push_str(&c.to_string());
        }
        s
    }
}
