//! Footprints of the file's functions, for their contracts and for the code that calls them.
//!
//! A function without a contract of the user's (other than `main`, and without OpenMP
//! constructs of its own) gets the footprint of its body as its contract, in terms of its
//! parameters: `void set(int *p, int v) { *p = v; }` asks for `Perm(p[0], write)`,
//! `int sum(int *p, int n)` summing `p[0..n)` for half of each of those elements. A call then
//! needs the callee's footprint with the arguments put in for the parameters: `set(&a[i], i)`
//! in iteration `i` needs `a[i]` only, so parallel iterations calling it do not conflict.
//!
//! As every inferred specification, these are checked: the body against the contract, each call
//! against the callee's precondition. Where an argument cannot be put in (a pointer ompv cannot
//! trace, a value it cannot express), the call falls back to the callee's whole objects.

use super::access::Access;
use super::callee::CalleeFootprint;
use super::footprint::{described, footprint, Env};
use super::summary::Summaries;
use super::taken::ProgramNames;
use crate::c::ast::*;
use crate::c::visit;
use crate::omp::Program as OmpProgram;
use crate::spec::build as s;
use std::collections::{BTreeSet, HashMap};

/// The footprints of every function that can have one: verified, of the file, without a
/// contract of the user's, not `main`, not inlined into regions, without OpenMP constructs, and
/// whose body's footprint ompv can describe. Callees come first (a recursive call is taken with
/// the whole objects of its summary).
pub fn callee_footprints(program: &OmpProgram, names: &ProgramNames, summaries: &mut Summaries) {
    let mut visiting = BTreeSet::new();
    for f in &program.functions {
        visit_function(program, names, summaries, &f.name.name, &mut visiting);
    }
}

fn visit_function(
    program: &OmpProgram,
    names: &ProgramNames,
    summaries: &mut Summaries,
    name: &str,
    visiting: &mut BTreeSet<String>,
) {
    if !visiting.insert(name.to_string()) {
        return;
    }
    let Some(f) = program.function(name) else {
        return;
    };
    let Body::Verified(body) = &f.body else {
        return;
    };
    let mut callees = Vec::new();
    visit::each_stmt(&body.stmts, &mut |st| {
        if let StmtKind::Call { callee, .. } = &st.kind {
            callees.push(callee.name.clone());
        }
    });
    for c in callees {
        visit_function(program, names, summaries, &c, visiting);
    }
    let cf = of_function(program, names, summaries, f, body);
    if let (Some(cf), Some(s)) = (cf, summaries.get_mut(name)) {
        s.footprint = Some(cf);
    }
}

/// The footprint of `f`, if it is a function that gets one.
fn of_function(
    program: &OmpProgram,
    names: &ProgramNames,
    summaries: &Summaries,
    f: &Function,
    body: &Block,
) -> Option<CalleeFootprint> {
    let eligible = f.origin == Origin::Main
        && f.contract.is_none()
        && f.name.name != "main"
        && !program.orphans.inlined.contains_key(&f.name.name)
        && !summaries.get(&f.name.name).is_some_and(|s| s.regions);
    if !eligible {
        return None;
    }
    let mut constructs = false;
    visit::each_stmt(&body.stmts, &mut |st| {
        constructs |= matches!(st.kind, StmtKind::Omp(_));
    });
    if constructs {
        return None;
    }
    let span = f.name.span;
    // Values the body does not change stand for themselves: the parameters and the globals.
    let changed = crate::omp::effects::written(program, &body.stmts);
    let mut fixed = HashMap::new();
    let mut params = Vec::new();
    for p in &f.params {
        let var = program.var(p.var);
        params.push((p.var, var.name.clone()));
        if !changed.contains(&p.var) && !var.in_memory() {
            fixed.insert(p.var, s::var(&var.name, span));
        }
    }
    for g in &program.globals {
        let var = program.var(g.var);
        let shadowed = params.iter().any(|(_, n)| *n == var.name);
        if !changed.contains(&g.var) && !var.threadprivate && !shadowed {
            fixed.insert(g.var, s::var(&var.name, span));
        }
    }
    let mut env = Env {
        program,
        fixed,
        own: BTreeSet::new(),
        taken: names.of_function(Some(&f.name.name)),
        span,
        thread: false,
        iteration: Vec::new(),
        boxed: BTreeSet::new(),
        lock_bases: None,
        summaries,
        // A function's objects come from its callers: their lengths are not known here.
        lengths: Default::default(),
    };
    let fp = footprint(&mut env, &body.stmts);
    if let Some((_, why)) = &fp.failure {
        tracing::debug!("no footprint for `{}`: {why}", f.name.name);
        return None;
    }
    // A global scalar is read by the contract's own conditions and bounds (`k < m`), which
    // needs its permission first and whatever the conditions: its accesses become one
    // unconditional permission, before the others.
    let scalar = |a: &Access| a.indices.is_empty() && program.var(a.base).in_memory();
    let (mut accesses, rest): (Vec<Access>, Vec<Access>) =
        fp.accesses.into_iter().partition(|a| scalar(a));
    for a in &mut accesses {
        if !a.loops.is_empty() || !a.guards.is_empty() {
            a.loops.clear();
            a.guards.clear();
            a.exact = false;
        }
    }
    accesses.extend(rest);
    let fp = described(&mut env, accesses, fp.pointers);
    Some(CalleeFootprint {
        params,
        accesses: fp.accesses,
        pointers: fp.pointers,
        clauses: fp.clauses,
    })
}
