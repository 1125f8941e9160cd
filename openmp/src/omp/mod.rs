//! OpenMP constructs: parallel regions and their translation into PPL (thesis Fig. 4.6), and
//! the data-sharing rules of OpenMP 5.2.
//!
//! The passes are grouped by what they do, each group using only those listed before it:
//! [`sync`], [`data_sharing`], [`calls`], [`tasking`], [`worksharing`]; [`build`] then builds
//! the regions. The files of this folder are what every group shares: the region model
//! ([`ast`], [`program`], [`sharing`]), the nesting check, and queries on constructs
//! ([`walk`], [`names`], [`critical_names`], [`ghosts`], [`effects`]). `crate::pipeline` runs the passes.

pub mod ast;
pub mod build;
pub mod calls;
pub mod critical_names;
pub mod data_sharing;
pub mod effects;
pub mod ghosts;
pub mod names;
pub mod nesting;
pub mod program;
pub mod sharing;
pub mod sync;
pub mod tasking;
#[cfg(test)]
pub(crate) mod test_program;
pub mod walk;
pub mod worksharing;

pub use ast::*;
pub use program::Program;
