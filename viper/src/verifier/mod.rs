//! ompv's native back end: a Silicon-style symbolic executor over Z3.
//!
//! Every method and function is verified on its own, in parallel, each in a Z3 context and solver
//! of its own into which the declarations and axioms it depends on (its `Scope`) are asserted
//! first: a member's verdict does not depend on the other members of its file, their order or the
//! number of worker threads. The rules follow Silicon: states
//! with a heap of permission chunks and path conditions; `produce` (inhale), `consume` (exhale),
//! `eval` (with well-definedness checks) and `exec`, written in continuation-passing style so that
//! the rest of a method is explored once per path, depth first.
//!
//! The code is grouped by role, and a group is meant to use only the groups listed after it:
//! this module with the per-member orchestration (`context`, `method`, `function`, `generics`,
//! `program`, `scope`, `features`, `result`); `rules` (produce, consume, eval, exec); `heap` (the
//! state, its chunks and quantified permissions); `theories` (sequences, sets, multisets); `smt`
//! (terms, quantifiers, path conditions, the solver, the program's symbols). The exceptions: the
//! rules and the heap operations are methods of `context`'s `Verifier` and use its helpers, and
//! `smt::symbols` declares what the program index and the member's scope name. So this folder
//! and its subfolders are one unit for the import rules of ARCHITECTURE.md.

mod cache;
mod context;
mod features;
mod function;
mod generics;
mod heap;
mod method;
mod program;
mod result;
mod rules;
mod scope;
mod smt;
mod theories;

#[cfg(test)]
mod robustness;
#[cfg(test)]
mod tests;

pub use cache::Cache;
pub use result::*;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use rayon::prelude::*;

use crate::ast::Program;
use crate::{InputError, Span};

use context::{Fatal, Verifier};
use program::ProgramIndex;
use scope::{MemberRef, Scope};
use smt::symbols::Symbols;

pub use scope::isolate;

/// Verifies every method and function of a type-checked program.
///
/// Returns `Err` with `unsupported` errors when the program uses a feature the back end does not
/// handle; it never reports success for something it skipped.
pub fn verify(
    program: &Program,
    options: &VerifyOptions,
) -> Result<ProgramResult, Vec<InputError>> {
    // Z3's settings must be in place before the first context is created.
    smt::solver::open_api_log();
    smt::solver::set_global_params();
    let unsupported = features::scan(program);
    if !unsupported.is_empty() {
        return Err(unsupported);
    }
    let index = ProgramIndex::new(program);
    let members: Vec<MemberRef<'_>> = program
        .items
        .iter()
        .filter_map(|i| match i {
            crate::ast::Item::Method(m) => Some(MemberRef::Method(m)),
            crate::ast::Item::Function(f) => Some(MemberRef::Function(f)),
            crate::ast::Item::Predicate(p) if p.body.is_some() => Some(MemberRef::Predicate(p)),
            _ => None,
        })
        .collect();
    // A cache that cannot be opened (or that others may write to) is not used.
    let key = options.cache.as_ref().and_then(|c| match c.open() {
        Ok(()) => Some((c, cache::ProgramKey::new(&index, options, c))),
        Err(e) => {
            tracing::warn!("the proof cache is not used: {e}");
            None
        }
    });
    let run = || verify_members(&index, options, key.as_ref(), &members);
    let outcomes = match pool(options.jobs.or_else(jobs_from_env)) {
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

/// Verifies the members, each on its own, in a Z3 context of its own (nothing carries over from
/// one member to the next, whichever worker thread runs them and in whatever order); returns
/// their outcomes in program order.
///
/// As in Silicon, a function's definitional axiom is assumed only where the function has been
/// verified: functions are verified first, in rounds (a function once those outside its own
/// recursion cycle that it depends on are done), then the methods. A function whose
/// specification is ill-formed contributes no postcondition axiom either.
fn verify_members(
    index: &ProgramIndex<'_>,
    options: &VerifyOptions,
    cache: Option<&(&cache::Cache, cache::ProgramKey)>,
    members: &[MemberRef<'_>],
) -> Vec<Outcome> {
    let mut outcomes: Vec<Option<Outcome>> = members.iter().map(|_| None).collect();
    let mut status = FunctionStatus::default();
    let scopes: Vec<Scope> = members.iter().map(|m| index.scope_of(*m)).collect();
    let mut pending: Vec<usize> = (0..members.len())
        .filter(|&i| matches!(members[i], MemberRef::Function(_)))
        .collect();
    while !pending.is_empty() {
        let ready: Vec<usize> = pending
            .iter()
            .copied()
            .filter(|&i| {
                let own = scopes[i].own_function.as_deref().unwrap_or_default();
                scopes[i]
                    .functions
                    .iter()
                    .all(|g| index.same_scc(own, g) || status.done.contains(g))
            })
            .collect();
        // Call cycles are strongly connected components, so some function is always ready; the
        // fallback only guards against a broken invariant.
        let ready = if ready.is_empty() {
            pending.clone()
        } else {
            ready
        };
        let round = run_parallel(options, &ready, |i| {
            let mut scope = scopes[i].clone();
            status.restrict(index, &mut scope);
            verify_member(index, options, cache, members[i], scope)
        });
        for (i, o) in ready.iter().zip(round) {
            status.record(&members[*i], &o);
            outcomes[*i] = Some(o);
        }
        pending.retain(|i| !ready.contains(i));
    }
    // Methods and predicates (whose bodies may apply functions).
    let methods: Vec<usize> = (0..members.len())
        .filter(|&i| !matches!(members[i], MemberRef::Function(_)))
        .collect();
    let done = run_parallel(options, &methods, |i| {
        let mut scope = scopes[i].clone();
        status.restrict(index, &mut scope);
        verify_member(index, options, cache, members[i], scope)
    });
    for (i, o) in methods.iter().zip(done) {
        outcomes[*i] = Some(o);
    }
    outcomes.into_iter().flatten().collect()
}

/// Runs `f` on every index, in parallel unless the options say otherwise; results in order.
fn run_parallel<F>(options: &VerifyOptions, items: &[usize], f: F) -> Vec<Outcome>
where
    F: Fn(usize) -> Outcome + Sync + Send,
{
    if options.parallel {
        items.par_iter().map(|&i| f(i)).collect()
    } else {
        items.iter().map(|&i| f(i)).collect()
    }
}

/// What the functions verified so far may contribute to the members verified next.
#[derive(Default)]
struct FunctionStatus {
    /// Functions whose verification has finished.
    done: std::collections::HashSet<String>,
    /// Functions that did not verify: their definitional axioms are not assumed.
    failed: std::collections::HashSet<String>,
    /// Functions whose specification is not well-formed: none of their axioms is assumed.
    ill_formed: std::collections::HashSet<String>,
}

impl FunctionStatus {
    fn record(&mut self, member: &MemberRef<'_>, outcome: &Outcome) {
        let MemberRef::Function(f) = member else {
            return;
        };
        let name = f.name.name.clone();
        match outcome {
            Outcome::Done(r) if r.verdict() == Verdict::Verified => {}
            Outcome::Done(r) => {
                if r.errors
                    .iter()
                    .any(|e| e.kind == crate::ErrorKind::NotWellformed)
                {
                    self.ill_formed.insert(name.clone());
                }
                self.failed.insert(name.clone());
            }
            Outcome::Unsupported(_) => {
                self.failed.insert(name.clone());
                self.ill_formed.insert(name.clone());
            }
        }
        self.done.insert(name);
    }

    /// Marks in `scope` the axioms that may not be assumed: definitions of functions that failed
    /// or are not verified yet (those of the member's own recursion cycle), and every axiom of
    /// functions with an ill-formed specification.
    fn restrict(&self, index: &ProgramIndex<'_>, scope: &mut Scope) {
        let own = scope.own_function.clone();
        for g in &scope.functions {
            let same_cycle = own.as_deref().is_some_and(|f| index.same_scc(f, g));
            if same_cycle || self.failed.contains(g) || !self.done.contains(g) {
                scope.no_definition.insert(g.clone());
            }
            let is_own = own.as_deref() == Some(g.as_str());
            // A function's own postcondition is what its check establishes; it is assumed only
            // for the recursive applications in its body (the inductive hypothesis), so not at
            // all for a function that does not recurse.
            if (is_own && !index.recursive.contains(g.as_str()))
                || (self.ill_formed.contains(g) && !is_own)
            {
                scope.no_postcondition.insert(g.clone());
            }
        }
    }
}

/// The number of worker threads asked for by the environment variable `OMPV_THREADS` (a
/// positive number), if set.
fn jobs_from_env() -> Option<usize> {
    std::env::var("OMPV_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
}

/// Worker threads with large stacks (continuation-passing rules recurse once per statement),
/// one pool per requested size (`None`: rayon's default, one thread per core).
fn pool(jobs: Option<usize>) -> Option<&'static rayon::ThreadPool> {
    static POOLS: OnceLock<Mutex<BTreeMap<usize, &'static rayon::ThreadPool>>> = OnceLock::new();
    let key = jobs.unwrap_or(0);
    let mut pools = POOLS
        .get_or_init(|| Mutex::new(BTreeMap::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(p) = pools.get(&key) {
        return Some(p);
    }
    let mut builder = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("ompv-verifier-{i}"))
        .stack_size(WORKER_STACK);
    if let Some(n) = jobs {
        builder = builder.num_threads(n);
    }
    // A pool lives as long as the process (there are only a few sizes).
    let p: &'static rayon::ThreadPool = Box::leak(Box::new(builder.build().ok()?));
    pools.insert(key, p);
    Some(p)
}

/// The `tracing` target of the span each member is verified in (its field `name` is the
/// member's name): a subscriber can tell which members are being checked at any time.
pub const MEMBER_SPAN_TARGET: &str = "ompv::member";

/// Stack size of the verifier's worker threads.
const WORKER_STACK: usize = 256 << 20;

enum Outcome {
    Done(MemberResult),
    Unsupported(InputError),
}

thread_local! {
    /// Whether the `z3` crate's context of this thread has not been used by a member yet. Only
    /// `verify_member` makes Z3 terms, so the context is empty while this holds.
    static THREAD_CONTEXT_UNUSED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

fn verify_member(
    index: &ProgramIndex<'_>,
    options: &VerifyOptions,
    cache: Option<&(&cache::Cache, cache::ProgramKey)>,
    member: MemberRef<'_>,
    scope: Scope,
) -> Outcome {
    let start = Instant::now();
    let (name, kind) = match member {
        MemberRef::Method(m) => (m.name.name.clone(), MemberKind::Method),
        MemberRef::Function(f) => (f.name.name.clone(), MemberKind::Function),
        MemberRef::Predicate(p) => (p.name.name.clone(), MemberKind::Predicate),
    };
    let key = cache.map(|(c, k)| (*c, k.member(index, member, &scope)));
    if let Some(errors) = key.as_ref().and_then(|(c, key)| c.lookup(key)) {
        let _member =
            tracing::info_span!(target: MEMBER_SPAN_TARGET, "member", name = %name).entered();
        return Outcome::Done(MemberResult {
            name,
            kind,
            errors,
            unknowns: Vec::new(),
            time: start.elapsed(),
            cached: true,
        });
    }
    // A new Z3 context per member, with fresh-name counters restarted: the member's terms, and
    // so Z3's answers, are the same whatever ran before on this thread. The first member of a
    // thread uses the context the `z3` crate makes for every thread (same configuration, still
    // empty) instead of making a second one: a context costs milliseconds.
    let run = || {
        smt::symbols::reset_fresh_names();
        smt::pathcond::reset_ids();
        catch_unwind(AssertUnwindSafe(|| {
            run_member(index, options, member, scope, start)
        }))
        .map_err(|panic| {
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into())
        })
    };
    let _member = tracing::info_span!(target: MEMBER_SPAN_TARGET, "member", name = %name).entered();
    let ran = if THREAD_CONTEXT_UNUSED.with(|unused| unused.replace(false)) {
        run()
    } else {
        z3::with_z3_config(&z3::Config::new(), run)
    };
    let (errors, unknowns) = match ran {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return Outcome::Unsupported(e),
        Err(msg) => (Vec::new(), vec![format!("internal error: {msg}")]),
    };
    let result = MemberResult {
        name,
        kind,
        errors,
        unknowns,
        time: start.elapsed(),
        cached: false,
    };
    // Only what was decided: an inconclusive answer may be decided next time.
    if let (Some((c, key)), true) = (&key, result.unknowns.is_empty()) {
        c.remember(key, &result.errors);
    }
    Outcome::Done(result)
}

/// Sets up the member's declarations and axioms and verifies it (in the current Z3 context).
fn run_member(
    index: &ProgramIndex<'_>,
    options: &VerifyOptions,
    member: MemberRef<'_>,
    scope: Scope,
    start: Instant,
) -> Result<(Vec<crate::VerificationError>, Vec<String>), InputError> {
    let sym = Symbols::new(index, &scope).map_err(|what| {
        InputError::unsupported(
            Span::DUMMY,
            format!("{what} is not supported by the verifier"),
        )
    })?;
    let mut v = Verifier::new(index, scope, sym, options);
    v.add_domain_axioms();
    v.add_function_axioms();
    if v.fatal.is_none() {
        match member {
            MemberRef::Method(m) => v.verify_method(m),
            MemberRef::Function(f) => v.verify_function(f),
            MemberRef::Predicate(p) => v.verify_predicate(p),
        }
    }
    tracing::debug!(
        target: "ompv::smt",
        member = match member {
            MemberRef::Method(m) => m.name.name.as_str(),
            MemberRef::Function(f) => f.name.name.as_str(),
            MemberRef::Predicate(p) => p.name.name.as_str(),
        },
        queries = v.prover.stats.queries,
        query_ms = v.prover.stats.query_time.as_secs_f64() * 1e3,
        param_ms = v.prover.stats.param_time.as_secs_f64() * 1e3,
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
}
