//! Rule sequentialize (thesis Fig. 5.3): the blocks of a region run one after the other in
//! b-linearized order, each replaced by its contract over all its iterations:
//! `label l_b; exhale ⋆_i pre_b(i); inhale ⋆_i post_b(i)` with `old` meaning the state at `l_b`.

use super::block::{RegionInput, ViperBlock};
use super::build::*;
use super::checks::{Checks, Role};
use super::names::NameGen;
use super::quantify::{all_iterations, all_iterations_after};
use super::split::UnsupportedShape;
use super::subst::label_old;
use crate::tree::BasicBlock;
use viper::ast::*;

/// The statements that run one block by its contract.
pub fn block_run(
    r: &RegionInput,
    b: &BasicBlock<ViperBlock>,
    names: &mut NameGen,
    checks: &mut Checks,
) -> Result<Vec<Stmt>, UnsupportedShape> {
    let span = b.span;
    let l = names.fresh(&format!("before_{}", super::sides::block_tag(b)));
    // A block with stages runs as its statements one after another, each over all iterations
    // (a loop distribution): the stage checks show that it reorders no two conflicting
    // accesses. Its contract is inferred, so its postcondition says no more than the footprints.
    let runs: Vec<(Expr, Expr)> = match b.payload.staged() {
        Some(st) => st
            .parts
            .iter()
            .map(|p| {
                let f = and_all(p.pre.iter().map(|c| c.expr.clone()), span);
                (f.clone(), f)
            })
            .collect(),
        None => vec![(
            and_all(b.payload.pre.iter().map(|c| c.expr.clone()), span),
            and_all(b.payload.post.iter().map(|c| label_old(&c.expr, &l)), span),
        )],
    };
    let key = b.payload.key;
    let mut out = vec![label(&l, checks.add(Role::Internal("label"), span))];
    for (pre, post) in runs {
        let (pre, post) = (
            all_iterations(&pre, &b.payload.dims, b.payload.thread.as_ref(), span)?,
            all_iterations_after(&post, &b.payload.dims, b.payload.thread.as_ref(), span)?,
        );
        run_by_contract(r, key, pre, post, span, checks, &mut out);
    }
    for fact in &b.payload.assumed {
        let at = checks.add(
            Role::Internal("what OpenMP guarantees after the block"),
            span,
        );
        out.push(stmt(StmtKind::Inhale(respan(label_old(fact, &l), at)), at));
    }
    for (name, ty, value) in &b.payload.snapshots {
        let at = checks.add(Role::Internal("a value after the block"), span);
        out.push(var_decl(name, ty.clone(), Some(label_old(value, &l)), at));
    }
    Ok(out)
}

/// `exhale pre; inhale post` for all iterations of a block.
fn run_by_contract(
    r: &RegionInput,
    key: super::checks::BlockKey,
    pre: Expr,
    post: Expr,
    span: viper::Span,
    checks: &mut Checks,
    out: &mut Vec<Stmt>,
) {
    if !is_true(&pre) {
        let at = checks.add(
            Role::BlockPre {
                region: r.key,
                block: key,
            },
            span,
        );
        out.push(stmt(StmtKind::Exhale(respan(pre, at)), at));
    }
    if !is_true(&post) {
        let at = checks.add(
            Role::BlockPost {
                region: r.key,
                block: key,
            },
            span,
        );
        out.push(stmt(StmtKind::Inhale(respan(post, at)), at));
    }
}

/// The statements that run every block of the region in b-linearized order.
pub fn run_blocks(
    r: &RegionInput,
    names: &mut NameGen,
    checks: &mut Checks,
) -> Result<Vec<Stmt>, UnsupportedShape> {
    let mut out = Vec::new();
    for b in r.ppl.linearize() {
        out.extend(block_run(r, b, names, checks)?);
    }
    Ok(out)
}

/// The sequentialize method of a region with a contract.
pub fn method(
    name: &str,
    r: &RegionInput,
    pres: Vec<Expr>,
    posts: Vec<Expr>,
    names: &mut NameGen,
    checks: &mut Checks,
) -> Result<Method, UnsupportedShape> {
    let body = run_blocks(r, names, checks)?;
    let mut all_pres: Vec<Expr> = r
        .facts
        .iter()
        .map(|f| {
            respan(
                f.clone(),
                checks.add(Role::Internal("region facts"), r.span),
            )
        })
        .collect();
    all_pres.extend(pres);
    Ok(Method {
        name: Ident::new(name, r.span),
        args: r.args.clone(),
        returns: Vec::new(),
        pres: all_pres,
        posts,
        body: Some(block(body, r.span)),
        span: r.span,
    })
}
