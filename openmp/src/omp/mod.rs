//! OpenMP constructs: parallel regions and their translation into PPL (thesis Fig. 4.6), and
//! the data-sharing rules of OpenMP 5.2.

pub mod ast;
pub mod block_simd;
pub mod build;
pub mod clause_reads;
pub mod contextual;
pub mod creation_reads;
pub mod effects;
pub mod hoist;
pub mod inline;
pub mod lastprivate;
pub mod linear;
pub mod lock_updates;
pub mod locks;
pub mod master_tasks;
pub mod nesting;
pub mod ordered;
pub mod orphan;
pub mod program;
pub mod recursive_tasks;
pub mod reduction;
pub mod region_loops;
pub mod requested_threads;
pub mod sequential_tail;
pub mod sharing;
pub mod snapshot;
pub mod task_branches;
pub mod task_loops;
pub mod tasks;
#[cfg(test)]
pub(crate) mod test_program;

pub use ast::*;
pub use build::regions;
pub use program::Program;
