//! The specification language (VerCors-compatible): AST, `pest` parser and printer.

pub mod ast;
pub mod build;
pub mod macros;
pub mod parse;
pub mod print;

pub use ast::*;
pub use parse::{parse_spec, Origin};
pub use print::{print_contract, print_expr};
