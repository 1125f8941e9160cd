//! PPL, the parallel programming language of Darabi's thesis (ch. 4): programs as trees of basic
//! blocks (parallel, vectorised, sequential) joined by sequential, parallel and fusion composition;
//! the extended happens-before relation; and the proof obligations of ch. 5 as Viper programs.
//!
//! - [`tree`]: the syntax tree ([`Ppl`], [`BasicBlock`]), generic over the payload of a block;
//! - [`compose`]: the `bundle`/`compose` passes of the OpenMP encoding (Fig. 4.6);
//! - [`order`]: happens-before and the incomparable iteration pairs (§5.1.2);
//! - [`shape`]: the one-line shape (`(par@27 ⊕ par@36) || par@49`);
//! - [`json`]: a JSON view of a tree;
//! - [`dot`]: a Graphviz view of a tree and its happens-before relation;
//! - [`obligations`]: the proof obligations of ch. 5 for regions lowered to Viper.

pub mod compose;
pub mod dot;
pub mod json;
pub mod obligations;
pub mod order;
pub mod shape;
pub mod tree;

pub use compose::{bundle, compose, Part};
pub use order::{
    block_pairs, happens_before, incomparable_pairs, incomparable_pairs_of, BlockPair,
    Incomparable, IterationPairs, Relation,
};
pub use shape::shape;
pub use tree::{BasicBlock, BlockId, BlockKind, Iteration, Op, Ppl};
