//! `#pragma omp` directives: AST and parser.

pub mod ast;
pub mod parse;

pub use ast::*;
pub use parse::parse_pragma;
