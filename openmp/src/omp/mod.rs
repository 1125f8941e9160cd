//! OpenMP constructs: parallel regions, their translation into PPL (thesis Fig. 4.6) and the
//! canonical loop form.

pub mod ast;
pub mod build;
pub mod canonical;

pub use ast::*;
