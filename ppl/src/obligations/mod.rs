//! The proof obligations of chapter 5 as Viper members, for regions whose blocks are already
//! lowered to Viper ([`ViperBlock`]): ParBlock (Fig. 5.1), disjointness of incomparable iterations
//! (b-linearize, Fig. 5.2), and the sequentialized run of the blocks (Fig. 5.3).
//!
//! The module is independent of the source language: the C/OpenMP front end lowers its blocks and
//! contracts to Viper and describes them in the side table ([`checks`]); this module only
//! arranges them into obligations.

pub mod block;
pub mod build;
pub mod checks;
pub mod disjoint;
pub mod names;
pub mod par_block;
pub mod quantify;
pub mod region;
pub mod sequentialize;
pub mod split;
pub mod stages;
pub mod subst;

pub use block::{IterRange, RegionContract, RegionInput, SpecClause, Stage, Stages, ViperBlock};
pub use checks::{
    BlockInfo, BlockKey, Check, CheckId, Checks, Owner, PermAtom, RegionInfo, RegionKey, Role,
};
pub use names::NameGen;
pub use region::{region_obligations, RegionObligations};
pub use split::UnsupportedShape;

/// The array model's location function `loc(a, i): Ref` (see the C lowering's prelude).
pub const LOC_FUNCTION: &str = "loc";

/// What a generated member proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObligationKind {
    /// One iteration of a basic block against its iteration contract.
    ParBlock,
    /// Permissions of iterations that may run at the same time do not conflict.
    Disjoint,
    /// The blocks of a region with a contract, run by their contracts, establish the region's contract.
    Sequentialize,
    /// A source function's body against its contract (with regions in place or by contract).
    Function,
}

impl ObligationKind {
    /// `par-block`, `disjoint`, `sequentialize` or `function`.
    pub fn as_str(self) -> &'static str {
        match self {
            ObligationKind::ParBlock => "par-block",
            ObligationKind::Disjoint => "disjoint",
            ObligationKind::Sequentialize => "sequentialize",
            ObligationKind::Function => "function",
        }
    }
}

/// A generated method and what it proves.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub method: viper::ast::Method,
    pub kind: ObligationKind,
    /// What it proves, in the terms of the source: `the contract of each iteration of the loop
    /// at line 12`, `no race between the loop at line 12 and the \`single\` at line 20`.
    pub what: String,
}
