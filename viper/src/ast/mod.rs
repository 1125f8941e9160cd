//! The Viper abstract syntax tree. Every node carries the [`Span`](crate::Span) of its source.
//!
//! The tree is produced by the parser (which resolves nothing) and by the OpenMP front end. The type
//! checker resolves the one context-dependent operator: `/` on two integers where a permission is
//! expected becomes [`BinaryOp::PermDiv`].
//!
//! The files of this folder are one unit: the tree's types refer to each other (declarations hold
//! statements, which hold expressions), and this module re-exports them all.

mod children;
mod decl;
mod expr;
mod spans;
mod stmt;
mod types;

pub use decl::*;
pub use expr::*;
pub use stmt::*;
pub use types::*;
