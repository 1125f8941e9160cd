//! What the obligations are built from: basic blocks and regions already lowered to Viper.

use super::checks::{BlockKey, RegionKey};
use crate::order::BlockPair;
use crate::tree::Ppl;
use viper::ast::{Block, Expr, LocalDecl, Stmt, Type};
use viper::Span;

/// A lowered contract clause: the assertion and the span of the source clause.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecClause {
    pub expr: Expr,
    pub span: Span,
    /// `None` if the user wrote the clause; if ompv inferred it, whether it is exact.
    pub inferred: Option<bool>,
}

/// One dimension of a block's iteration space: the Viper variable ranges over `[lo, hi)`, and
/// takes only the values that satisfy `filter` if there is one (e.g. every other value for a
/// loop of step 2).
///
/// The bounds only read variables that are constant in the region (no memory), so they mean the
/// same at the region's entry and at the loop.
#[derive(Clone, Debug, PartialEq)]
pub struct IterRange {
    pub var: String,
    pub lo: Expr,
    pub hi: Expr,
    pub filter: Option<Expr>,
}

impl IterRange {
    /// `lo <= var < hi` (and the filter) for the value `v` of the variable.
    pub fn contains(&self, v: Expr, span: viper::Span) -> Expr {
        use super::build::*;
        let r = in_range(v.clone(), self.lo.clone(), self.hi.clone(), span);
        match &self.filter {
            None => r,
            Some(f) => and(r, super::subst::subst(f, &self.var, &v), span),
        }
    }
}

/// A basic block lowered to Viper: the payload of `Ppl<ViperBlock>`.
#[derive(Clone, Debug, PartialEq)]
pub struct ViperBlock {
    /// The block's description in the side table.
    pub key: BlockKey,
    /// The dimensions of the iteration space (outermost first); empty for a block run once.
    pub dims: Vec<IterRange>,
    /// Iteration precondition pre_b(i) (with `context_everywhere` joined), over the iteration
    /// variables.
    pub pre: Vec<SpecClause>,
    /// Iteration postcondition post_b(i); `old` means the state at the iteration's start.
    pub post: Vec<SpecClause>,
    /// The lowered body of one iteration (it declares its private variables).
    pub body: Block,
    /// For a one-dimensional block: two of its iterations may run at the same time only if
    /// their variables differ by less than this (`simd safelen`).
    pub window: Option<i64>,
    /// Values recorded right after the block's run in the sequentialized program, in new
    /// variables (name, type, value over the state after the block; `old` is the state before
    /// it): what the iterations combined into a reduction (`omp::data_sharing::reduction`).
    pub snapshots: Vec<(String, Type, Expr)>,
    /// Facts assumed after the block's postcondition in the sequentialized run that follow from
    /// OpenMP's semantics rather than from the block's code (the value a reduction gives its
    /// original; `old` is the state before the block).
    pub assumed: Vec<Expr>,
    /// For a one-dimensional block whose iterations keep lexically forward dependences (a `simd`
    /// loop, OpenMP 5.2 §10.4): the body split at its top-level statements, each with its
    /// footprint. Then two iterations only need disjoint permissions where the later one's
    /// statement does not come after the earlier one's ([`super::stages`]).
    pub stages: Option<Stages>,
    /// How many leading dimensions make the unit that fusion (`⊕`) orders between two blocks:
    /// all of them for a worksharing loop (its logical iteration, also of `collapse(n)`: OpenMP
    /// 5.2 §11.5.3 gives the same logical iteration of both loops to one thread), the first one
    /// for code every thread runs (the thread runs its parts in order).
    pub fused_dims: usize,
    /// For the iterations of a worksharing loop: the thread that runs an iteration, a variable
    /// over the team that is not a dimension. Each iteration runs on one thread, and a thread
    /// runs its iterations (of this loop, then of the next) one after another (OpenMP 5.2
    /// §11.5, §11.5.3): two iterations may run at the same time only on different threads, and
    /// what an iteration needs on its thread only (`partial[t]`) the thread holds once for all
    /// its iterations.
    pub thread: Option<IterRange>,
    /// Where the schedule fixes which thread runs an iteration (`schedule(static, c)`, OpenMP
    /// 5.2 §11.5.3: chunk `k` goes to thread `k mod T`): that thread, over the dimensions'
    /// variables and the region's arguments. Only the checks between iterations use it, so
    /// that they leave out pairs no execution has on two threads; the other obligations keep
    /// the thread arbitrary, which is sound either way.
    pub schedule_thread: Option<Expr>,
    /// For each dimension that is a loop: its lower bound and step, so that the `k`-th
    /// logical iteration (OpenMP 5.2 §4.4.2) is `(var - lower) / step`. A fused pair of loops
    /// over different ranges with the same number of iterations pairs logical iterations.
    pub starts: Vec<Option<(Expr, i64)>>,
    /// Whether the first dimension is the thread of the team that runs the block's code (code
    /// every thread runs): that code and the iterations of worksharing loops the thread runs
    /// are in the thread's program order.
    pub thread_dim: bool,
}

impl ViperBlock {
    /// The block's stages, if it has any statement split off (an empty split would drop the
    /// block's contract from every obligation).
    pub fn staged(&self) -> Option<&Stages> {
        self.stages.as_ref().filter(|s| !s.parts.is_empty())
    }
}

/// The body of one iteration split at its top-level statements.
#[derive(Clone, Debug, PartialEq)]
pub struct Stages {
    /// What runs before the first statement (declarations of private copies).
    pub prelude: Vec<Stmt>,
    /// The statements in order.
    pub parts: Vec<Stage>,
}

/// One top-level statement of an iteration and the permissions it needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Stage {
    /// The footprint, over the iteration variable.
    pub pre: Vec<SpecClause>,
    /// The statement, lowered.
    pub code: Vec<Stmt>,
    /// The statement in the source.
    pub span: Span,
}

/// The contract (RC ⋆ P, RC ⋆ Q) of a region.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionContract {
    pub pre: Vec<SpecClause>,
    /// `old` means the state at the region's entry.
    pub post: Vec<SpecClause>,
}

/// A parallel region lowered to Viper.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionInput {
    pub key: RegionKey,
    /// Prefix of the names of the region's members (e.g. `add__r44`).
    pub prefix: String,
    /// The function's variables visible at the region: the arguments of every member.
    pub args: Vec<LocalDecl>,
    /// Facts about the arguments every member assumes (e.g. the team size is positive).
    pub facts: Vec<Expr>,
    /// `None`: the region is checked in place in its function.
    pub contract: Option<RegionContract>,
    pub ppl: Ppl<ViperBlock>,
    pub pairs: Vec<BlockPair>,
    /// The region in the source (for generated glue).
    pub span: Span,
}
