//! The Z3-facing layer: term construction, quantifiers and trigger inference, path conditions,
//! the incremental solver, and the Z3 declarations of a program's symbols. Nothing here uses the
//! rules, the heap or the theories.

pub(super) mod pathcond;
pub(super) mod quant;
pub(super) mod solver;
pub(super) mod symbols;
pub(super) mod terms;
pub(super) mod triggers;
