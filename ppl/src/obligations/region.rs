//! All obligations of one outermost parallel region.
//!
//! - every basic block: its par-block method ([`super::par_block`]);
//! - disjointness checks ([`super::disjoint`]);
//! - the blocks run by their contracts in b-linearized order ([`super::sequentialize`]).
//!
//! A region with a contract gets a method for each of them, starting from the contract, and its
//! function only uses the contract (`label; exhale pre; inhale post`). A region without one is
//! checked in place: the disjointness checks become side branches of the function at the
//! region's entry and the block runs follow there.

use super::block::RegionInput;
use super::build::*;
use super::checks::{Checks, Owner, Role};
use super::disjoint::{as_branch, as_method, block_tag, checks_of};
use super::names::NameGen;
use super::par_block::{clauses, par_block_method};
use super::sequentialize::{method as seq_method, run_blocks};
use super::split::{atom, conjuncts, UnsupportedShape};
use super::subst::label_old;
use super::{Obligation, ObligationKind, LOC_FUNCTION};
use std::collections::HashSet;
use viper::ast::*;

/// The members a region adds to the program and the statements its function runs in its place.
#[derive(Clone, Debug)]
pub struct RegionObligations {
    pub members: Vec<Obligation>,
    /// What the function executes where the region stands.
    pub in_place: Vec<Stmt>,
}

/// Builds every obligation of region `r`.
pub fn region_obligations(
    r: &RegionInput,
    names: &mut NameGen,
    checks: &mut Checks,
) -> Result<RegionObligations, UnsupportedShape> {
    describe_atoms(r, checks)?;
    let mut members = Vec::new();
    let mut taken = HashSet::new();
    let mut member_name = |base: String| {
        let mut n = format!("{}__{}", r.prefix, base);
        let mut k = 1;
        while !taken.insert(n.clone()) {
            k += 1;
            n = format!("{}__{}_{}", r.prefix, base, k);
        }
        n
    };

    // ParBlock: one method per basic block.
    for b in r.ppl.blocks() {
        let m = par_block_method(
            &member_name(block_tag(b)),
            &r.args,
            &b.payload,
            b.span,
            checks,
        );
        members.push(Obligation {
            method: m,
            kind: ObligationKind::ParBlock,
        });
    }

    let mut rename = |v: &str| names.fresh(v);
    let disjoint = checks_of(r, &mut rename)?;
    let mut in_place = Vec::new();
    match &r.contract {
        Some(c) => {
            let owner = Owner::Region(r.key);
            for d in &disjoint {
                let pres = clauses(&c.pre, Role::Precondition(owner.clone()), checks);
                let m = as_method(d, &member_name(d.name.clone()), r, pres, checks);
                members.push(Obligation {
                    method: m,
                    kind: ObligationKind::Disjoint,
                });
            }
            let pres = clauses(&c.pre, Role::Precondition(owner.clone()), checks);
            let posts = clauses(&c.post, Role::Postcondition(owner), checks);
            let name = member_name("sequentialize".into());
            let m = seq_method(&name, r, pres, posts, names, checks)?;
            members.push(Obligation {
                method: m,
                kind: ObligationKind::Sequentialize,
            });
            in_place = by_contract(r, names, checks);
        }
        None => {
            for d in &disjoint {
                in_place.extend(as_branch(d, names, checks));
            }
            in_place.extend(run_blocks(r, names, checks)?);
        }
    }
    Ok(RegionObligations { members, in_place })
}

/// `label l; exhale pre_R; inhale post_R` (`old` in post_R: the state at `l`).
fn by_contract(r: &RegionInput, names: &mut NameGen, checks: &mut Checks) -> Vec<Stmt> {
    let Some(c) = &r.contract else {
        return Vec::new();
    };
    let span = r.span;
    let l = names.fresh("region_entry");
    let mut out = vec![label(&l, checks.add(Role::Internal("label"), span))];
    let pre = and_all(c.pre.iter().map(|x| x.expr.clone()), span);
    if !is_true(&pre) {
        let at = checks.add(Role::RegionPre(r.key), span);
        out.push(stmt(StmtKind::Exhale(respan(pre, at)), at));
    }
    let post = and_all(c.post.iter().map(|x| label_old(&x.expr, &l)), span);
    if !is_true(&post) {
        let at = checks.add(Role::RegionPost(r.key), span);
        out.push(stmt(StmtKind::Inhale(respan(post, at)), at));
    }
    out
}

/// Records the permissions of every block's precondition in the side table (for explaining races).
fn describe_atoms(r: &RegionInput, checks: &mut Checks) -> Result<(), UnsupportedShape> {
    for b in r.ppl.blocks() {
        let pre = and_all(b.payload.pre.iter().map(|c| c.expr.clone()), b.span);
        let atoms = conjuncts(&pre)?
            .iter()
            .filter_map(|c| atom(c, LOC_FUNCTION))
            .collect();
        checks.block_mut(b.payload.key).atoms = atoms;
    }
    Ok(())
}
