//! `#pragma omp` directives of OpenMP 5.2 for C: AST and parser.
//!
//! [`parse_pragma`] parses every directive and clause of the specification (syntax, which
//! clauses a directive accepts, unique and exclusive clauses); `semantics::check_supported` then
//! tells whether the rest of the front end handles the pragma.

pub mod ast;
pub mod clause;
pub mod directive;
mod lexer;
pub mod list;
pub mod macros;
pub mod parse;
pub mod rules;
#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;

pub use ast::*;
pub use parse::parse_pragma;
