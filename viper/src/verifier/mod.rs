//! ompv's native back end: a Silicon-style symbolic executor over Z3.
//!
//! Every method and function is verified on its own, in parallel, each on a worker thread with
//! its own Z3 context (the `z3` crate's context is thread-local) and its own solver, into which
//! the program's declarations and axioms are asserted first. The rules follow Silicon: states
//! with a heap of permission chunks and path conditions; `produce` (inhale), `consume` (exhale),
//! `eval` (with well-definedness checks) and `exec`, written in continuation-passing style so that
//! the rest of a method is explored once per path, depth first.

mod assertions;
mod chunks;
mod consume;
mod context;
mod eval;
mod exec;
mod features;
mod function;
mod generics;
mod heap_basic;
mod method;
mod multisets;
mod pathcond;
mod produce;
mod program;
mod qp;
mod quant;
mod result;
mod seqs;
mod sets;
mod solver;
mod state;
mod symbols;
mod terms;
mod triggers;
mod walk;

#[cfg(test)]
mod robustness;
#[cfg(test)]
mod tests;

pub use result::*;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;
use std::time::Instant;

use rayon::prelude::*;

use crate::ast::{Function, Method, Program};
use crate::{InputError, Span};

use context::{Fatal, Verifier};
use program::ProgramIndex;
use symbols::Symbols;

/// Verifies every method and function of a type-checked program.
///
/// Returns `Err` with `unsupported` errors when the program uses a feature the back end does not
/// handle; it never reports success for something it skipped.
pub fn verify(
    program: &Program,
    options: &VerifyOptions,
) -> Result<ProgramResult, Vec<InputError>> {
    // Z3's settings must be in place before the first (thread-local) context is created.
    solver::open_api_log();
    solver::set_global_params();
    let unsupported = features::scan(program);
    if !unsupported.is_empty() {
        return Err(unsupported);
    }
    let index = ProgramIndex::new(program);
    let members: Vec<Member<'_>> = program
        .items
        .iter()
        .filter_map(|i| match i {
            crate::ast::Item::Method(m) => Some(Member::Method(m)),
            crate::ast::Item::Function(f) => Some(Member::Function(f)),
            _ => None,
        })
        .collect();
    // Each worker keeps the verifier it set up (declarations, axioms, solver) for the members it
    // verifies next; a member starts from the solver's base level with only the axioms.
    let run = || -> Vec<Outcome> {
        if options.parallel {
            members
                .par_iter()
                .map_init(|| None, |cache, m| verify_member(&index, options, m, cache))
                .collect()
        } else {
            let mut cache = None;
            members
                .iter()
                .map(|m| verify_member(&index, options, m, &mut cache))
                .collect()
        }
    };
    let outcomes = match pool() {
        Some(p) => p.install(run),
        None => run(),
    };
    let mut result = ProgramResult::default();
    let mut errors = Vec::new();
    for o in outcomes {
        match o {
            Outcome::Done(r) => result.members.push(r),
            Outcome::Unsupported(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(result)
    } else {
        Err(errors)
    }
}

/// Worker threads with large stacks: continuation-passing rules recurse once per statement.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("ompv-verifier-{i}"))
            .stack_size(256 << 20)
            .build()
            .ok()
    })
    .as_ref()
}

enum Member<'p> {
    Method(&'p Method),
    Function(&'p Function),
}

enum Outcome {
    Done(MemberResult),
    Unsupported(InputError),
}

fn verify_member<'a, 'p>(
    index: &'a ProgramIndex<'p>,
    options: &'a VerifyOptions,
    member: &Member<'_>,
    cache: &mut Option<Verifier<'a, 'p>>,
) -> Outcome {
    let start = Instant::now();
    let (name, kind) = match member {
        Member::Method(m) => (m.name.name.clone(), MemberKind::Method),
        Member::Function(f) => (f.name.name.clone(), MemberKind::Function),
    };
    let run = AssertUnwindSafe(|| -> Result<(Vec<_>, Vec<String>), InputError> {
        let v = match cache.take() {
            Some(mut v) => {
                v.reset_member();
                cache.insert(v)
            }
            None => {
                let sym = Symbols::new(index).map_err(|what| {
                    InputError::unsupported(
                        Span::DUMMY,
                        format!("{what} is not supported by the verifier"),
                    )
                })?;
                let mut v = Verifier::new(index, sym, options);
                v.add_domain_axioms();
                v.add_function_axioms();
                v.finish_setup();
                cache.insert(v)
            }
        };
        let queries = v.prover.stats.queries;
        let query_time = v.prover.stats.query_time;
        let param_time = v.prover.stats.param_time;
        if v.fatal.is_none() {
            match member {
                Member::Method(m) => v.verify_method(m),
                Member::Function(f) => v.verify_function(f),
            }
        }
        tracing::debug!(
            target: "ompv::smt",
            member = match member {
                Member::Method(m) => m.name.name.as_str(),
                Member::Function(f) => f.name.name.as_str(),
            },
            queries = v.prover.stats.queries - queries,
            query_ms = (v.prover.stats.query_time - query_time).as_secs_f64() * 1e3,
            param_ms = (v.prover.stats.param_time - param_time).as_secs_f64() * 1e3,
            total_ms = start.elapsed().as_secs_f64() * 1e3,
            "member verified"
        );
        let errors = std::mem::take(&mut v.errors);
        let mut unknowns = std::mem::take(&mut v.unknowns);
        match v.fatal.take() {
            Some(Fatal::Unsupported(span, what)) => Err(InputError::unsupported(
                span,
                format!("{what} is not supported by the verifier"),
            )),
            Some(Fatal::Internal(what)) => {
                unknowns.push(format!("internal error: {what}"));
                Ok((errors, unknowns))
            }
            None => Ok((errors, unknowns)),
        }
    });
    let (errors, unknowns) = match catch_unwind(run) {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return Outcome::Unsupported(e),
        Err(panic) => {
            // The verifier may be inconsistent after a panic: the next member sets up anew.
            *cache = None;
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            (Vec::new(), vec![format!("internal error: {msg}")])
        }
    };
    Outcome::Done(MemberResult {
        name,
        kind,
        errors,
        unknowns,
        time: start.elapsed(),
    })
}
