//! The meaning of OpenMP and of the C library for memory, as tables: one entry per clause,
//! construct and library routine, each citing the section of the standard that defines it.
//! The proof (`omp`, `infer`, `lower`) and the replay (`replay`) both read them, so the two
//! cannot disagree about what a construct or a routine does beyond the code as written, and the
//! README's tables are printed from them.
//!
//! - [`openmp`]: the implicit accesses of data-sharing clauses and the barriers of constructs
//!   (OpenMP 5.2);
//! - [`libc`]: what the C library routines of ompv's headers access (C11, POSIX);
//! - [`support`]: which directives and clauses the proof handles (anything else is
//!   `unsupported`, named).

pub mod libc;
pub mod openmp;
pub mod support;

pub use support::check_supported;
