//! Parallel regions and the payload of their PPL basic blocks.

use super::sharing::Sharing;
use crate::c::ast::{Block, CanonicalLoop, LoopNest, VarId};
use crate::pragma::Pragma;
use crate::spec::Contract;
use ppl::{BlockPair, Ppl};
use std::collections::BTreeMap;
use viper::Span;

/// Identifies an outermost parallel region of a program (index into `Program::regions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(pub usize);

/// An outermost parallel region: its PPL program and where it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub id: RegionId,
    /// The function containing the region.
    pub function: String,
    /// The `parallel` pragma (or a combined form).
    pub pragma: Pragma,
    /// The specification comment at the start of the region's `{ … }` body, if any.
    pub contract: Option<Contract>,
    pub ppl: Ppl<OmpBlock>,
    /// Every pair of distinct basic blocks with its happens-before relation.
    pub pairs: Vec<BlockPair>,
    /// Variables whose original the region changes (`lastprivate`, `reduction`, loop
    /// variables): their values after the region are unknown.
    pub privatised: Vec<VarId>,
    /// From the pragma to the end of the region's statement.
    pub span: Span,
    /// A loop of the region that waits for another thread (see [`waiting_loop`]).
    ///
    /// [`waiting_loop`]: super::build::waiting_loop
    pub waits: Option<Span>,
}

impl Region {
    /// The line of the region's pragma.
    pub fn line(&self) -> u32 {
        self.pragma.line
    }
}

/// What a basic block is, in OpenMP terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockOrigin {
    /// The loop of a worksharing loop construct (`for`, `parallel for`, …).
    Worksharing,
    /// A `simd` loop encountered by every thread of the team (OpenMP 5.2 §10.4: `simd` is not a
    /// worksharing construct): every thread runs all its iterations.
    ReplicatedSimd,
    /// A `simd` loop outside parallel regions: one thread runs it, its SIMD lanes may run
    /// iterations at the same time (OpenMP 5.2 §10.4).
    Simd,
    /// A `single` construct.
    Single,
    /// A `section` of a `sections` construct.
    Section,
    /// Code of a parallel region outside worksharing constructs: every thread of the team runs
    /// it (OpenMP 5.2 §10.1).
    Replicated,
    /// The update of the originals of a worksharing construct's `reduction` variables, which
    /// runs beside the construct (OpenMP 5.2 §5.5.8).
    Reduction,
    /// The resource of a lock (a `critical` name, the `atomic` operations, an OpenMP lock): the
    /// locations accessed only under the lock. It is held by the lock for the whole region,
    /// at the same time as every block (thesis ch. 6: a resource invariant), and lent to a
    /// block between acquiring and releasing the lock.
    Lock,
}

impl BlockOrigin {
    /// How diagnostics name the construct.
    pub fn describe(self) -> &'static str {
        match self {
            BlockOrigin::Worksharing => "the loop",
            BlockOrigin::ReplicatedSimd => "the `simd` loop (run by every thread)",
            BlockOrigin::Simd => "the `simd` loop",
            BlockOrigin::Single => "the `single`",
            BlockOrigin::Section => "the section",
            BlockOrigin::Replicated => "the code every thread runs",
            BlockOrigin::Lock => "the code under the lock",
            BlockOrigin::Reduction => "the reduction's update of the original",
        }
    }
}

/// A lock of a region: what makes code mutually exclusive.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LockName {
    /// `critical` (OpenMP 5.2 §15.2): one lock per name; all unnamed ones share one.
    Critical(Option<String>),
    /// `atomic` (§15.8.4): the atomic operations of a region. Two atomic accesses never race;
    /// an atomic and a plain access to the same location do. One resource for all atomic
    /// locations is exact for race freedom (it only ever orders atomic accesses among
    /// themselves, which cannot race anyway).
    Atomic,
}

impl LockName {
    /// How diagnostics name the lock's code.
    pub fn describe(&self) -> String {
        match self {
            LockName::Critical(None) => "the `critical` section".into(),
            LockName::Critical(Some(n)) => format!("the `critical({n})` section"),
            LockName::Atomic => "the `atomic` operation".into(),
        }
    }
}

/// One dimension of a block's iteration space.
#[derive(Clone, Debug, PartialEq)]
pub enum Dim {
    /// The thread number in the team (`omp_get_thread_num()`), `0 <= t < T` for the region's
    /// team size `T`.
    Thread,
    /// A loop associated with the construct.
    Loop(Box<CanonicalLoop>),
}

/// What the front end attaches to a PPL basic block.
#[derive(Clone, Debug, PartialEq)]
pub struct OmpBlock {
    pub origin: BlockOrigin,
    /// The pragma that creates the block (for replicated code: the region's `parallel`).
    pub pragma: Pragma,
    /// The iteration contract of a loop, or the contract at the start of a block's body.
    pub contract: Option<Contract>,
    /// The iteration space: empty for a block run once (`single`, `section`).
    pub dims: Vec<Dim>,
    pub body: BlockBody,
    /// The data-sharing attribute of every variable the block refers to (OpenMP 5.2 §5.1).
    pub sharing: BTreeMap<VarId, Sharing>,
    /// For a [`BlockOrigin::Lock`] block: its lock.
    pub lock: Option<LockName>,
}

/// The code of a basic block.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockBody {
    /// The body of a loop nest (the loops are the block's dimensions).
    Loop(LoopNest),
    /// Code run once per thread or once.
    Code(Block),
}

impl BlockBody {
    /// The statements of one iteration.
    pub fn block(&self) -> &Block {
        match self {
            BlockBody::Loop(n) => &n.body,
            BlockBody::Code(b) => b,
        }
    }
}
