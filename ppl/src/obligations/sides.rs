//! What a disjointness check is made of: its two sides, each an iteration of a block in fresh
//! variables with the permissions of its contract, and the check itself
//! ([`DisjointCheck`]). Used by the checks of whole iterations (`disjoint`) and of the stages of
//! one (`stages`).

use super::block::{IterRange, SpecClause, ViperBlock};
use super::build::*;
use super::checks::Role;
use super::split::{resource_part, UnsupportedShape};
use super::subst::subst;
use crate::tree::BasicBlock;
use viper::ast::*;
use viper::Span;

/// One disjointness check, independent of where it is placed.
#[derive(Clone, Debug)]
pub struct DisjointCheck {
    /// A name for the check's method (without the region prefix).
    pub name: String,
    /// Variables holding the iterations (declared by the check).
    pub vars: Vec<String>,
    /// What is assumed about them (ranges, distinctness).
    pub assume: Expr,
    /// What must be available: `exhale` it.
    pub exhale: Expr,
    pub role: Role,
    /// The source construct (for the check's entry).
    pub span: Span,
}

/// The variables of one side of a check and their renaming.
pub(super) struct Side {
    /// One variable per dimension of the block (outermost first).
    pub vars: Vec<String>,
    /// The variable of the thread that runs the iteration, if the block has one.
    pub thread: Option<String>,
    /// Whether the first variable is the thread of the team that runs the block's code
    /// ([`ViperBlock::thread_dim`]).
    pub thread_dim: bool,
    pub assume: Expr,
    pub rc: Expr,
}

/// One side of a check: an iteration of `dims` in fresh variables holding the permissions of
/// `pre`.
pub(super) fn side_of(
    pre: &[SpecClause],
    dims: &[IterRange],
    rename: &mut dyn FnMut(&str) -> String,
    span: Span,
) -> Result<Side, UnsupportedShape> {
    let pre = and_all(pre.iter().map(|c| c.expr.clone()), span);
    let mut rc = resource_part(&pre)?;
    let mut vars = Vec::new();
    let mut assume = Vec::new();
    for it in dims {
        let x = rename(&it.var);
        let v = local(&x, span);
        assume.push(it.contains(v.clone(), span));
        rc = subst(&rc, &it.var, &v);
        vars.push(x);
    }
    Ok(Side {
        vars,
        thread: None,
        thread_dim: false,
        assume: and_all(assume, span),
        rc,
    })
}

/// Short name of a block for member names: `par17`.
pub fn block_tag(b: &BasicBlock<ViperBlock>) -> String {
    format!("{}{}", b.kind.as_str(), b.line)
}

/// `-w < x - y < w` for a one-dimensional block with a window `w` (`simd safelen`): only
/// iterations that close together may run at the same time.
pub(super) fn window(b: &BasicBlock<ViperBlock>, xs: &[String], ys: &[String]) -> Option<Expr> {
    match (b.payload.window, xs, ys) {
        (Some(w), [x], [y]) => {
            let span = b.span;
            let d = bin(BinaryOp::Sub, local(x, span), local(y, span), span);
            Some(and(
                bin(BinaryOp::Lt, int(-w, span), d.clone(), span),
                bin(BinaryOp::Lt, d, int(w, span), span),
                span,
            ))
        }
        _ => None,
    }
}
