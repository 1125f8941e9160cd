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
pub mod obligation;
pub mod par_block;
pub mod quantify;
pub mod region;
pub mod sequentialize;
pub mod sides;
pub mod split;
pub mod stages;
pub mod subst;

pub use block::{IterRange, RegionContract, RegionInput, SpecClause, Stage, Stages, ViperBlock};
pub use checks::{
    BlockInfo, BlockKey, Check, CheckId, Checks, Owner, PermAtom, RegionInfo, RegionKey, Role,
};
pub use names::NameGen;
pub use obligation::{Obligation, ObligationKind, LOC_FUNCTION};
pub use region::{region_obligations, RegionObligations};
pub use split::UnsupportedShape;
