//! The Viper intermediate verification language as ompv uses it.
//!
//! - [`ast`]: the syntax tree, with a [`Span`] on every node;
//! - [`parse`] (a `pest` grammar), [`print`] (canonical text), [`typecheck`];
//! - [`verifier`]: ompv's own Silicon-style symbolic executor over Z3;
//! - `silicon` (cargo feature `silicon`): the real Viper Silicon through JNI, for cross-checking.

pub mod ast;
mod error;
pub mod files;
pub mod parser;
pub mod printer;
mod span;
pub mod typecheck;
pub mod verifier;

pub use error::*;
pub use span::*;

/// Parses Viper source text registered as `file`.
pub fn parse(text: &str, file: FileId) -> Result<ast::Program, InputError> {
    parser::parse_program(text, file)
}

/// Parses the Viper file `path` (its text given) with the files it imports, registered as `file`
/// and the following ids.
pub fn parse_file(
    path: &std::path::Path,
    text: &str,
    file: FileId,
) -> Result<ast::Program, InputError> {
    parser::parse_file(path, text, file)
}

/// Prints a program as canonical Viper text.
pub fn print(program: &ast::Program) -> String {
    printer::print_program(program)
}

/// Type-checks a program, resolving context-dependent operators in place; all errors are returned.
pub fn typecheck(program: &mut ast::Program) -> Result<(), Vec<InputError>> {
    typecheck::check_program(program)
}
#[cfg(feature = "silicon")]
pub mod silicon;
