//! The C/OpenMP front end: preprocessing, `#pragma omp` and specification comments, the C subset,
//! and the encoding of parallel regions into PPL.
//!
//! Entry point: [`parse_file`] runs the passes of [`pipeline`] and turns a registered C file into
//! a [`Program`]: its functions (in the C subset, with contracts) and the PPL program of every
//! outermost parallel region. [`lower`] then turns a program into Viper: its functions as
//! methods, its regions as the proof obligations of `ppl::obligations`.

pub mod c;
pub mod error;
pub mod infer;
pub mod lower;
pub mod omp;
pub mod pipeline;
pub mod pragma;
pub mod render;
pub mod replay;
pub mod semantics;
pub mod source;
pub mod spec;
pub mod suggest;

pub use error::{ErrorKind, FrontError, FrontErrors};
pub use infer::Program;
pub use pipeline::{parse_c, parse_file};
pub use source::build::Build;
