//! ompv's native back end: a Silicon-style symbolic executor over Z3.

mod pathcond;
mod result;
mod solver;
mod terms;

pub use result::*;

use crate::ast::Program;
use crate::{InputError, Span};

/// Verifies every method and function of a type-checked program.
///
/// Returns `Err` with `unsupported` errors when the program uses a feature the back end does not
/// handle; it never reports success for something it skipped.
pub fn verify(
    _program: &Program,
    _options: &VerifyOptions,
) -> Result<ProgramResult, Vec<InputError>> {
    Err(vec![InputError::unsupported(
        Span::DUMMY,
        "verification is not available yet (the native back end is not implemented)",
    )])
}
