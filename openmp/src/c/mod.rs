//! The C subset: AST, conversion from `lang-c` (with type checking) and printing.

pub mod ast;
pub mod convert;
pub mod print;

pub use ast::*;
