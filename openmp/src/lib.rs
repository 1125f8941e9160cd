//! The C/OpenMP front end: preprocessing, `#pragma omp` and specification comments, the C subset,
//! and the encoding of parallel regions into PPL.

pub mod error;
pub mod pragma;
pub mod source;
pub mod spec;

pub use error::{ErrorKind, FrontError, FrontErrors};
