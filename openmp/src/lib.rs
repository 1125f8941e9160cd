//! The C/OpenMP front end: preprocessing, `#pragma omp` and specification comments, the C subset,
//! and the encoding of parallel regions into PPL.
//!
//! Entry point: [`parse_file`] turns a registered C file into a [`Program`]: its functions (in the
//! C subset, with contracts) and the PPL program of every outermost parallel region. [`lower`]
//! then turns a program into Viper: its functions as methods, its regions as the proof
//! obligations of `ppl::obligations`.

pub mod c;
pub mod error;
pub mod infer;
pub mod lower;
pub mod omp;
pub mod pragma;
pub mod render;
pub mod replay;
pub mod semantics;
pub mod source;
pub mod spec;
pub mod suggest;

pub use c::convert::Program;
pub use error::{ErrorKind, FrontError, FrontErrors};

use std::path::Path;
use viper::{FileId, SourceMap};

/// Reads a C file into a [`Program`] without building its parallel regions: every OpenMP
/// construct the pragma parser reads is kept, including those the proof does not handle yet
/// (for consumers that only need the C program, such as the replay of a race witness).
pub fn parse_c(
    sources: &mut SourceMap,
    file: FileId,
    dir: Option<&Path>,
) -> Result<Program, FrontErrors> {
    let loaded = source::load(sources, file, dir)?;
    c::convert::convert(&loaded)
}

/// Preprocesses, parses and converts the C file `file` of `sources`; `dir` is the directory of the
/// file (for `#include "…"`). Registers ompv's `omp.h` in `sources` (specifications of the OpenMP
/// runtime routines point into it).
pub fn parse_file(
    sources: &mut SourceMap,
    file: FileId,
    dir: Option<&Path>,
) -> Result<Program, FrontErrors> {
    let loaded = source::load(sources, file, dir)?;
    let mut program = c::convert::convert(&loaded)?;
    omp::regions(&mut program)?;
    program.inference = infer::infer(&mut program);
    Ok(program)
}
