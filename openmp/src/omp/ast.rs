//! Parallel regions and the payload of their PPL basic blocks.

use crate::c::{Block, Expr, Ident};
use crate::pragma::Pragma;
use crate::spec::Contract;
use ppl::{BlockPair, Ppl};
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
    /// The `parallel` (or `parallel for`, `parallel for simd`, `parallel sections`) pragma.
    pub pragma: Pragma,
    /// The specification comment at the start of the region's `{ … }` body, if any.
    pub contract: Option<Contract>,
    pub ppl: Ppl<OmpBlock>,
    /// Every pair of distinct basic blocks with its happens-before relation.
    pub pairs: Vec<BlockPair>,
    /// From the pragma to the end of the region's statement.
    pub span: Span,
}

impl Region {
    /// The line of the region's pragma.
    pub fn line(&self) -> u32 {
        self.pragma.line
    }
}

/// What the front end attaches to a PPL basic block.
#[derive(Clone, Debug, PartialEq)]
pub struct OmpBlock {
    /// The pragma that creates the block: `for`, `simd`, `for simd`, `parallel for`,
    /// `parallel for simd`, `single`, `section` (or `sections` for an implicit first section).
    pub pragma: Pragma,
    /// The iteration contract of a loop, or the contract at the start of a `single`'s or
    /// `section`'s body.
    pub contract: Option<Contract>,
    pub body: BlockBody,
    /// Variables named in `private` clauses of the block's pragma and of every enclosing parallel
    /// region's and `sections`' pragma.
    pub private: Vec<Ident>,
    /// Variables named in `firstprivate` clauses of the same pragmas.
    pub firstprivate: Vec<Ident>,
}

/// The code of a basic block.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockBody {
    /// A loop in canonical form (parallel and vectorised blocks).
    Loop(CanonicalLoop),
    /// Sequential code (a `single` or a `section`).
    Code(Block),
}

/// `for (int v = lower; v < upper; v++) body` (also written with `<=`, `+= 1`, `++v`, …);
/// `upper` is always the exclusive bound.
#[derive(Clone, Debug, PartialEq)]
pub struct CanonicalLoop {
    pub var: Ident,
    /// Whether the loop declares its variable (`int v = …`); otherwise it assigns a local of the
    /// function.
    pub declares_var: bool,
    pub lower: Expr,
    /// Exclusive upper bound (`e + 1` for a loop written `v <= e`).
    pub upper: Expr,
    pub body: Block,
    /// The `for (…)` header.
    pub header: Span,
}
