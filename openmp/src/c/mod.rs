//! The C program: types, the typed program ompv verifies, conversion from `lang-c`, walks and
//! printing.
//!
//! `ast.rs` and `types.rs` are one unit: an expression has a type, and the type of a
//! variable-length array holds its length expression.

pub mod ast;
pub mod canonical;
pub mod constant;
pub mod convert;
pub mod escapes;
pub mod library;
pub mod names;
pub mod opaque;
pub mod print;
pub mod program;
pub mod rewrite;
pub mod types;
pub mod visit;

pub use ast::*;
pub use program::Program;
