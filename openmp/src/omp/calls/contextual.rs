//! Unannotated functions with parallel regions, verified where `main` calls them.
//!
//! A function without a contract gets one by inference: whole permission to what it may reach.
//! What it cannot get that way is what its caller knows: that `n` is the length of `a` in
//! `foo(a, 100)`, or the value of a global bound. Its loops are then not provably within
//! bounds, and the answer is `unknown` for a program that is race-free. A whole program (with
//! `main`) only runs such a function from its calls, so when every call of it is a statement of
//! `main`'s own top level (outside its parallel regions), ompv verifies the function there: the
//! calls are inlined ([`crate::omp::calls::inline`]), each with the caller's knowledge, and the function is
//! not verified on its own ([`NotVerified::Inlined`]). A function with a contract of the
//! user's (or a `master` block with one) is verified against it, as written; a recursive one,
//! or one called anywhere else, is verified on its own as before.

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::calls::inline;
use std::collections::{BTreeMap, BTreeSet};

/// The functions verified inline in `main`, with the number of calls inlined.
pub fn resolve(program: &mut Program) -> BTreeMap<String, usize> {
    let Some(main) = program
        .functions
        .iter()
        .find(|f| f.name.name == "main" && f.origin == Origin::Main)
    else {
        return BTreeMap::new();
    };
    let Body::Verified(main_body) = &main.body else {
        return BTreeMap::new();
    };
    // Calls per function: all of them, and those at `main`'s top level.
    let mut all: BTreeMap<String, usize> = BTreeMap::new();
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            visit::each_stmt(&b.stmts, &mut |s| {
                if let StmtKind::Call { callee, .. } = &s.kind {
                    *all.entry(callee.name.clone()).or_default() += 1;
                }
            });
        }
    }
    let mut top: BTreeMap<String, usize> = BTreeMap::new();
    for s in &main_body.stmts {
        if let StmtKind::Call { callee, .. } = &s.kind {
            *top.entry(callee.name.clone()).or_default() += 1;
        }
    }
    let names: BTreeSet<String> = program
        .functions
        .iter()
        .filter(|f| {
            f.origin == Origin::Main
                && f.name.name != "main"
                && f.contract.is_none()
                && has_region(f)
                && !has_masked_contract(f, program)
                && top
                    .get(&f.name.name)
                    .is_some_and(|n| all.get(&f.name.name) == Some(n))
        })
        .map(|f| f.name.name.clone())
        .collect();
    if names.is_empty() {
        return BTreeMap::new();
    }
    let inlined = inline::inline_into_main(program, &names);
    // Only a function whose every call was inlined leaves verification to its calls.
    for f in &mut program.functions {
        let name = &f.name.name;
        if names.contains(name) && inlined.sites.get(name) == all.get(name) {
            f.body = Body::NotVerified(NotVerified::Inlined);
        }
    }
    inlined
        .sites
        .into_iter()
        .filter(|(name, n)| all.get(name) == Some(n))
        .collect()
}

/// Whether `f` has a parallel region of its own.
fn has_region(f: &Function) -> bool {
    let Body::Verified(b) = &f.body else {
        return false;
    };
    let mut found = false;
    visit::each_stmt(&b.stmts, &mut |s| {
        found |= matches!(&s.kind, StmtKind::Omp(c) if c.region.is_some());
    });
    found
}

/// Whether `f` has a `master`/`masked` block with a contract (whose names are `f`'s own).
fn has_masked_contract(f: &Function, program: &Program) -> bool {
    matches!(&f.body, Body::Verified(b) if !program.masked_in(&b.stmts).is_empty())
}
