//! Rule ParBlock (thesis Fig. 5.1): one symbolic iteration of a basic block verified against its
//! iteration contract; a sequential block's body once against its contract.

use super::block::{SpecClause, ViperBlock};
use super::build::*;
use super::checks::{Checks, Owner, Role};
use viper::ast::*;
use viper::Span;

/// The par-block method of `block`: `method name(args, i) requires facts && lo <= i < hi &&
/// pre(i) ensures post(i) { body }` (`old` in the postcondition is the iteration's start; a
/// block with several dimensions has one argument per dimension).
pub fn par_block_method(
    name: &str,
    args: &[LocalDecl],
    facts: &[Expr],
    block: &ViperBlock,
    span: Span,
    checks: &mut Checks,
) -> Method {
    let (all_args, mut pres) = one_iteration(args, facts, block, span, checks);
    let owner = Owner::Block(block.key);
    pres.extend(clauses(
        &block.pre,
        Role::Precondition(owner.clone()),
        checks,
    ));
    let posts = clauses(&block.post, Role::Postcondition(owner), checks);
    Method {
        name: Ident::new(name, span),
        args: all_args,
        returns: Vec::new(),
        pres,
        posts,
        body: Some(block.body.clone()),
        span,
    }
}

/// The arguments and preconditions of a method about one iteration of `block`: the region's
/// arguments and facts, and the iteration variables (and the thread that runs the iteration)
/// in their ranges.
pub fn one_iteration(
    args: &[LocalDecl],
    facts: &[Expr],
    block: &ViperBlock,
    span: Span,
    checks: &mut Checks,
) -> (Vec<LocalDecl>, Vec<Expr>) {
    let mut all_args = args.to_vec();
    let mut pres: Vec<Expr> = facts
        .iter()
        .map(|f| respan(f.clone(), checks.add(Role::Internal("region facts"), span)))
        .collect();
    for it in block.dims.iter().chain(&block.thread) {
        all_args.push(decl(&it.var, Type::Int, span));
        let range = it.contains(local(&it.var, span), span);
        pres.push(respan(
            range,
            checks.add(Role::Internal("iteration range"), span),
        ));
    }
    (all_args, pres)
}

/// Contract clauses as method specifications, each with a check of the given role.
pub fn clauses(cs: &[SpecClause], role: Role, checks: &mut Checks) -> Vec<Expr> {
    cs.iter()
        .map(|c| {
            respan(
                c.expr.clone(),
                checks.add_clause(role.clone(), c.span, c.inferred),
            )
        })
        .collect()
}
