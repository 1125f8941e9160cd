//! The footprint of each top-level statement of a `simd` loop's iteration, for the rule of
//! OpenMP 5.2 §10.4 that SIMD chunks keep lexically forward dependences
//! ([`crate::omp::OmpBlock::keeps_forward`]): an access of an earlier iteration in a statement
//! before the later iteration's access is ordered before it, so only the other pairs must not
//! conflict. The obligations check those pairs statement by statement, and that each statement
//! stays within its footprint (`ppl::obligations::stages`).
//!
//! Stages are inferred only where splitting the iteration at its top-level statements keeps
//! every statement's footprint as precise as the whole iteration's: a body of straight-line
//! statements and conditionals (no loops, no jumps, no OpenMP constructs, no locals that flow
//! from one top-level statement to the next). Elsewhere the block keeps no stages and is checked
//! like a parallel loop (sound, as no pair is left out).

use super::block_footprint::{footprint_of_code, ProgramCx};
use crate::c::ast::{Stmt, StmtKind, VarId};
use crate::c::visit;
use crate::spec::build::clause;
use crate::spec::{ClauseKind, Contract};
use std::collections::BTreeSet;

/// At most this many statements: the checks grow with the square of their number.
const MAX_STAGES: usize = 8;

/// The footprint of each top-level statement of block `b`'s iteration, or nothing (see the
/// module's documentation for when).
pub(super) fn stages(
    cx: &ProgramCx<'_>,
    b: &ppl::BasicBlock<crate::omp::OmpBlock>,
    written: &BTreeSet<VarId>,
) -> Vec<Contract> {
    let ob = &b.payload;
    if !ob.keeps_forward() {
        return Vec::new();
    }
    let stmts = &ob.body.block().stmts;
    if !(2..=MAX_STAGES).contains(&stmts.len())
        || !stmts.iter().all(splittable)
        || values_flow(stmts)
    {
        return Vec::new();
    }
    let span = ob.pragma.span;
    let mut out = Vec::new();
    for s in stmts {
        let fp = footprint_of_code(cx, b, written, None, std::slice::from_ref(s));
        if fp.failure.is_some() || !fp.locked.is_empty() {
            return Vec::new();
        }
        let clauses = fp
            .clauses
            .iter()
            .map(|(e, exact)| clause(ClauseKind::Context, e.clone(), s.span, *exact))
            .collect();
        out.push(Contract { clauses, span });
    }
    out
}

/// Whether a statement assigns a variable that another one uses (its footprint would not know
/// the value).
fn values_flow(stmts: &[Stmt]) -> bool {
    stmts.iter().enumerate().any(|(p, s)| {
        let set = visit::assigned(std::slice::from_ref(s));
        stmts
            .iter()
            .enumerate()
            .filter(|(q, _)| *q != p)
            .any(|(_, t)| !visit::referenced(std::slice::from_ref(t)).is_disjoint(&set))
    })
}

/// A top-level statement whose footprint alone says what it accesses and whose code keeps its
/// permissions: no declaration (its variable would be unknown to the statements after it), and
/// nothing below it that loops, jumps, calls, allocates or frees, or is an OpenMP construct.
fn splittable(s: &Stmt) -> bool {
    if matches!(s.kind, StmtKind::Decl { .. }) {
        return false;
    }
    let mut ok = true;
    visit::each_stmt(std::slice::from_ref(s), &mut |x| {
        ok &= !matches!(
            x.kind,
            StmtKind::Loop { .. }
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return(_)
                | StmtKind::Call { .. }
                | StmtKind::Alloc { .. }
                | StmtKind::Free(_)
                | StmtKind::Omp(_)
        );
    });
    ok
}
