//! The footprint of a block's code (or of part of it) with the block's data-sharing attributes:
//! what is fixed in it (shared data the block does not write, first-private copies, the loop
//! variable), what is its own, and which locals the region keeps in memory.

use super::footprint::Env;
use super::{footprint, summary, taken};
use crate::c::ast::*;
use crate::c::Program as CProgram;
use crate::omp::sharing::Sharing;
use crate::omp::Dim;
use crate::spec::build as s;
use crate::spec::Expr as SExpr;
use std::collections::{BTreeSet, HashMap};
use viper::Span;

/// What the footprint of every block needs of the whole program, computed once.
pub(super) struct ProgramCx<'a> {
    pub program: &'a CProgram,
    pub names: &'a taken::ProgramNames,
    pub summaries: &'a summary::Summaries,
    /// Allocation lengths of pointer variables ([`lengths`]).
    pub lengths: &'a HashMap<VarId, Expr>,
    /// The locals of the region being inferred that it keeps in memory: shared in some block
    /// and written (as `lower::region` boxes them).
    pub region_boxed: BTreeSet<VarId>,
}

/// The footprint of a block's code.
pub(super) fn footprint_of(
    cx: &ProgramCx<'_>,
    b: &ppl::BasicBlock<crate::omp::OmpBlock>,
    written: &BTreeSet<VarId>,
    lock_bases: Option<HashMap<crate::omp::LockName, BTreeSet<VarId>>>,
) -> footprint::Footprint {
    let code = b.payload.body.block().stmts.clone();
    footprint_of_code(cx, b, written, lock_bases, &code)
}

/// The footprint of `code`, part of a block's code, with the block's data-sharing attributes.
pub(super) fn footprint_of_code(
    cx: &ProgramCx<'_>,
    b: &ppl::BasicBlock<crate::omp::OmpBlock>,
    written: &BTreeSet<VarId>,
    lock_bases: Option<HashMap<crate::omp::LockName, BTreeSet<VarId>>>,
    code: &[Stmt],
) -> footprint::Footprint {
    let ProgramCx {
        program,
        names,
        summaries,
        lengths,
        ..
    } = *cx;
    let ob = &b.payload;
    let span = ob.pragma.span;
    let function = ob
        .sharing
        .keys()
        .find_map(|v| program.var(*v).function.clone());
    let taken = names.of_function(function.as_deref());
    let mut fixed: HashMap<VarId, SExpr> = HashMap::new();
    let mut own: BTreeSet<VarId> = BTreeSet::new();
    let mut boxed: BTreeSet<VarId> = BTreeSet::new();
    for (v, sh) in &ob.sharing {
        let name = program.var(*v).name.clone();
        match sh {
            Sharing::Shared => {
                if !written.contains(v) {
                    fixed.insert(*v, s::var(&name, span));
                } else if !program.var(*v).in_memory() {
                    boxed.insert(*v);
                }
            }
            Sharing::Firstprivate { .. } if !written.contains(v) => {
                fixed.insert(*v, s::var(&name, span));
                own.insert(*v);
            }
            Sharing::LoopVar => {
                fixed.insert(*v, s::var(&name, span));
                own.insert(*v);
            }
            // The number of the thread that runs the iteration, stored before the loop.
            Sharing::ThreadLocal
                if ob.thread_numbers.contains(v) && ob.one_thread_per_iteration() =>
            {
                fixed.insert(
                    *v,
                    SExpr {
                        kind: crate::spec::ExprKind::ThreadNum,
                        span,
                    },
                );
                own.insert(*v);
            }
            _ => {
                own.insert(*v);
            }
        }
    }
    // Globals only the functions the code calls use (a global pointer a helper indexes): fixed
    // too where neither the region nor those functions change them, so a call's footprint can
    // name them.
    let changed = crate::omp::effects::written(program, code);
    for g in &program.globals {
        let v = g.var;
        let name = &program.var(v).name;
        let shadowed = ob.sharing.keys().any(|x| program.var(*x).name == *name);
        if !ob.sharing.contains_key(&v)
            && !shadowed
            && !written.contains(&v)
            && !changed.contains(&v)
            && !program.var(v).threadprivate
        {
            fixed.insert(v, s::var(&program.var(v).name, span));
        }
    }
    let thread = ob.dims.iter().any(|d| matches!(d, Dim::Thread)) || ob.one_thread_per_iteration();
    let iteration = ob
        .dims
        .iter()
        .filter_map(|d| match d {
            Dim::Loop(l) => Some(program.var(l.var).name.clone()),
            Dim::Thread => None,
        })
        .collect();
    let lengths = lengths
        .iter()
        .filter(|(v, _)| fixed.contains_key(v))
        .filter_map(|(v, count)| Some((*v, footprint::spec_of(&fixed, span, count)?)))
        .collect();
    // The originals the block's construct reads when it starts, where they are memory the
    // region may write (a local written only through copies cannot race).
    let reads: Vec<(VarId, Span)> = ob
        .implicit
        .iter()
        .filter(|r| program.var(r.var).in_memory() || cx.region_boxed.contains(&r.var))
        .map(|r| (r.var, r.span))
        .collect();
    let mut env = Env {
        program,
        fixed,
        own,
        taken,
        span,
        thread,
        iteration,
        boxed,
        lock_bases,
        summaries,
        lengths,
    };
    footprint::footprint_with_reads(&mut env, code, &reads)
}
