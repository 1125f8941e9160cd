//! The incremental Z3 wrapper: keeps Z3's assertion stack in line with the path conditions of the
//! state that asks, answers validity and satisfiability queries with a per-query timeout, and tells
//! a timeout (verdict `unknown`) from an incomplete answer (not proved).

use std::rc::Rc;
use std::sync::Once;
use z3::ast::{Bool, Dynamic, Int};
use z3::{Model, Params, SatResult, Solver};

use super::pathcond::{PathConds, PcNode};
use super::terms::{is_false, is_true, not};

/// The answer to "do the path conditions entail this formula?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Valid,
    /// Not entailed: a counterexample exists.
    Invalid,
    /// Z3 gave up for an incompleteness reason: taken as not entailed (as Silicon does), but
    /// the obligation may hold.
    Incomplete,
    /// Z3 ran out of time or resources: nothing may be concluded.
    Unknown(String),
}

/// The answer to "are the path conditions (and this formula) satisfiable?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Satisfiability {
    Sat,
    Unsat,
    Unknown(String),
}

/// Counters for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProverStats {
    pub queries: u64,
    pub pushes: u64,
    /// Time spent in proof queries (not counting probes of satisfiability).
    pub query_time: std::time::Duration,
    /// Time spent setting solver parameters (the timeout), which Z3 makes costly.
    pub param_time: std::time::Duration,
}

static GLOBAL_PARAMS: Once = Once::new();

/// Z3 settings in the spirit of Silicon's preamble: no model-based quantifier instantiation,
/// E-matching with a bounded eagerness, the classic arithmetic solver (much faster than Z3's
/// default one on the nonlinear terms that permission and index expressions produce), fixed
/// seeds for reproducible answers.
pub fn set_global_params() {
    GLOBAL_PARAMS.call_once(|| {
        keep_freed_memory();
        for (k, v) in [
            ("auto_config", "false"),
            ("smt.mbqi", "false"),
            ("smt.qi.eager_threshold", "100"),
            ("smt.qi.max_multi_patterns", "1000"),
            ("smt.random_seed", "0"),
            ("sat.random_seed", "0"),
            ("smt.phase_selection", "0"),
            ("smt.restart_strategy", "0"),
            ("smt.restart_factor", "1.5"),
            ("smt.case_split", "3"),
            ("smt.arith.solver", "2"),
            ("smt.delay_units", "true"),
            ("smt.delay_units_threshold", "16"),
            ("smt.arith.random_initial_value", "true"),
            ("nnf.sk_hack", "true"),
            ("type_check", "true"),
            ("model.v2", "true"),
            // Every check runs after a push, on the incremental SMT solver: the combined
            // solver's tactic for non-incremental use is never run, and building Z3's default
            // one costs ~10 ms per member (each member has a context of its own).
            ("tactic.default_tactic", "smt"),
        ] {
            z3::set_global_param(k, v);
        }
    });
}

/// Each member runs in a Z3 context of its own (so that its answers do not depend on what ran
/// before). A context allocates several megabytes when it is made and frees them when it is
/// dropped; with glibc's default thresholds those blocks go back to the kernel, and the next
/// context faults them in again, zeroed: ~12 ms of a ~15 ms context creation. Raising the mmap
/// and trim thresholds keeps freed memory in the process for the next context (measured with a
/// C loop over `Z3_mk_context_rc`/`Z3_del_context`: 14 ms -> 2.5 ms per context). The setting is
/// process-wide, like Z3's global parameters, and is made once.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // glibc's largest mmap threshold (32 MiB on 64-bit targets; a larger value is refused).
        const MMAP: libc::c_int = 32 << 20;
        const TRIM: libc::c_int = 256 << 20;
        // SAFETY: `mallopt` only sets allocator parameters; it is safe to call at any time.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP);
            libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM);
        }
    }
}

/// Debugging aid: with `OMPV_Z3_LOG=FILE`, a replayable log of all Z3 calls (`z3 -log FILE`).
/// Must run before the first Z3 call of the process.
pub fn open_api_log() {
    static LOG: Once = Once::new();
    LOG.call_once(|| {
        if let Some(path) = std::env::var_os("OMPV_Z3_LOG") {
            if let Ok(c) = std::ffi::CString::new(path.to_string_lossy().as_bytes()) {
                // SAFETY: a NUL-terminated path; Z3 copies it.
                unsafe {
                    z3_sys::Z3_open_log(c.as_ptr());
                }
            }
        }
    });
}

/// Whether Z3's reason for `unknown` means it ran out of time or resources (as opposed to giving up
/// because its quantifier reasoning is incomplete).
pub fn is_resource_reason(reason: &str) -> bool {
    let r = reason.to_ascii_lowercase();
    [
        "timeout",
        "canceled",
        "cancelled",
        "resource",
        "memory",
        "interrupt",
        "max. steps",
    ]
    .iter()
    .any(|k| r.contains(k))
}

/// What ran out, in the one wording every report uses: Z3 says `timeout` or `canceled` for the
/// same limit depending on where the query stood when it hit it.
pub fn out_of(reason: &str) -> String {
    let r = reason.to_ascii_lowercase();
    let what = if r.contains("memory") {
        "memory"
    } else if r.contains("resource") || r.contains("max. steps") {
        "resources"
    } else {
        "time"
    };
    format!("ran out of {what}")
}

/// One Z3 solver of the current thread's context, synchronised lazily with path conditions.
pub struct Prover {
    solver: Solver,
    /// The path-condition nodes asserted, bottom to top.
    asserted: Vec<Rc<PcNode>>,
    /// For each open Z3 scope, the length of `asserted` when it was pushed.
    scopes: Vec<usize>,
    /// Axioms valid in every state, with the scope depth at which each is currently asserted.
    globals: Vec<(Bool, Option<usize>)>,
    pub stats: ProverStats,
    /// Limits of checks whose failure is reported: the user's timeout.
    timeout: Limits,
    /// Limits of probes whose `unknown` only costs completeness (branch feasibility, fast
    /// paths), like Silicon's short check timeout.
    probe_timeout: Limits,
    /// The limits currently set on the solver.
    current: Option<Limits>,
}

/// What one check may spend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Limits {
    /// Wall-clock milliseconds (`None`: no limit).
    ms: Option<u32>,
    /// Z3's resource units (`0`: no limit). A probe is bounded by work done rather than by
    /// time, so that its answer, and so the verdict, is the same on a loaded machine.
    rlimit: u32,
}

/// The timeout of probes (milliseconds), unless the query timeout is shorter: a backstop only,
/// the resource limit below normally ends a probe first.
const PROBE_TIMEOUT_MS: u32 = 1000;

/// Z3 resource units of one probe: about 45 ms of solving on one core of the machines ompv is
/// measured on. (Over the project's 522 test programs, limits of 25,000 units and of none
/// give the same verdicts and error counts.)
const PROBE_RLIMIT: u32 = 25_000;

/// Bounds on the integers of a counterexample, tried in turn to find a small one.
const SMALL_MODEL_BOUNDS: [i64; 4] = [3, 10, 100, 1000];

impl Prover {
    /// A fresh solver; `timeout_ms` bounds every query.
    pub fn new(timeout_ms: Option<u64>) -> Prover {
        set_global_params();
        let solver = Solver::new();
        let timeout = timeout_ms.map(|ms| u32::try_from(ms.max(1)).unwrap_or(u32::MAX));
        let probe_timeout = Limits {
            ms: Some(timeout.map_or(PROBE_TIMEOUT_MS, |t| t.min(PROBE_TIMEOUT_MS))),
            rlimit: PROBE_RLIMIT,
        };
        let timeout = Limits {
            ms: timeout,
            rlimit: 0,
        };
        let mut p = Prover {
            solver,
            asserted: Vec::new(),
            scopes: Vec::new(),
            globals: Vec::new(),
            stats: ProverStats::default(),
            timeout,
            probe_timeout,
            current: None,
        };
        p.set_timeout(timeout);
        p
    }

    fn set_timeout(&mut self, t: Limits) {
        if self.current == Some(t) {
            return;
        }
        let t0 = std::time::Instant::now();
        let mut params = Params::new();
        // Z3 takes u32::MAX as "no timeout".
        params.set_u32("timeout", t.ms.unwrap_or(u32::MAX));
        params.set_u32("rlimit", t.rlimit);
        params.set_bool("model", true);
        // Z3's own SIGINT handler, installed around each check, is not safe with checks on
        // several threads (a second Ctrl-C was lost, runs crashed): off, so that Ctrl-C ends
        // ompv as it ends any process.
        params.set_bool("ctrl_c", false);
        self.solver.set_params(&params);
        self.current = Some(t);
        self.stats.param_time += t0.elapsed();
    }

    /// Whether the path conditions entail `goal`, with the short probe timeout.
    pub fn probe(&mut self, pc: &PathConds, goal: &Bool) -> Answer {
        self.query(pc, goal, &[], self.probe_timeout).0
    }

    /// Asserts a formula that holds in every state (an axiom or the definition of a fresh symbol).
    pub fn add_global(&mut self, t: Bool) {
        if is_true(&t) {
            return;
        }
        self.solver.assert(&t);
        self.globals.push((t, Some(self.scopes.len())));
    }

    fn push(&mut self) {
        self.solver.push();
        self.stats.pushes += 1;
        self.scopes.push(self.asserted.len());
    }

    fn pop(&mut self) {
        if let Some(start) = self.scopes.pop() {
            self.solver.pop(1);
            self.asserted.truncate(start);
            let level = self.scopes.len();
            for g in &mut self.globals {
                if g.1.is_some_and(|l| l > level) {
                    g.1 = None;
                }
            }
        }
    }

    /// Makes Z3's assertions exactly the given path conditions (plus the global axioms).
    fn sync(&mut self, pc: &PathConds) {
        // Walk down from the state's newest assumption until reaching one Z3 already has.
        let mut suffix: Vec<Rc<PcNode>> = Vec::new();
        let mut cur = pc.top.clone();
        let common = loop {
            match cur {
                None => break 0,
                Some(n) => {
                    let d = n.depth;
                    if d <= self.asserted.len() && self.asserted[d - 1].id == n.id {
                        break d;
                    }
                    cur = n.parent.clone();
                    suffix.push(n);
                }
            }
        };
        // Retract Z3's stack to the common prefix.
        while let Some(&start) = self.scopes.last() {
            if start >= common {
                self.pop();
            } else {
                break;
            }
        }
        if self.asserted.len() > common {
            // The common prefix ends inside the top scope: rebuild that scope up to it.
            let start = self.scopes.last().copied().unwrap_or(0);
            let keep: Vec<Rc<PcNode>> = self.asserted[start..common].to_vec();
            self.pop();
            self.push();
            for n in keep {
                self.solver.assert(&n.term);
                self.asserted.push(n);
            }
        }
        if !suffix.is_empty() {
            self.push();
            for n in suffix.into_iter().rev() {
                self.solver.assert(&n.term);
                self.asserted.push(n);
            }
        }
        for g in &mut self.globals {
            if g.1.is_none() {
                self.solver.assert(&g.0);
                g.1 = Some(self.scopes.len());
            }
        }
    }

    /// Whether the path conditions entail `goal`.
    #[cfg(test)]
    pub fn prove(&mut self, pc: &PathConds, goal: &Bool) -> Answer {
        self.prove_with_model(pc, goal, &[]).0
    }

    /// Like [`Prover::prove`]; when the goal is not entailed and Z3 has a counterexample, also
    /// returns the model's values of `probes`.
    pub fn prove_with_model(
        &mut self,
        pc: &PathConds,
        goal: &Bool,
        probes: &[(String, Dynamic)],
    ) -> (Answer, Vec<(String, String)>) {
        self.query(pc, goal, probes, self.timeout)
    }

    /// A validity query under `timeout`. The timeout is switched only when it differs from the
    /// solver's current one: setting Z3 parameters is costly (it validates every name).
    fn query(
        &mut self,
        pc: &PathConds,
        goal: &Bool,
        probes: &[(String, Dynamic)],
        timeout: Limits,
    ) -> (Answer, Vec<(String, String)>) {
        if is_true(goal) {
            return (Answer::Valid, Vec::new());
        }
        self.set_timeout(timeout);
        self.sync(pc);
        self.stats.queries += 1;
        self.solver.push();
        self.solver.assert(not(goal));
        let t0 = std::time::Instant::now();
        let res = self.solver.check();
        let elapsed = t0.elapsed();
        self.stats.query_time += elapsed;
        // `OMPV_LOG=ompv::smt=debug` lists every query; `=trace` adds the solver state of each.
        tracing::debug!(target: "ompv::smt", result = ?res, ms = elapsed.as_secs_f64() * 1e3, %goal, "query");
        tracing::trace!(target: "ompv::smt", "solver state:\n{}", self.solver.to_smt2());
        let out = match res {
            SatResult::Unsat => (Answer::Valid, Vec::new()),
            SatResult::Sat => (Answer::Invalid, self.small_model_values(probes)),
            SatResult::Unknown => {
                let reason = self
                    .solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into());
                if is_resource_reason(&reason) {
                    (Answer::Unknown(out_of(&reason)), Vec::new())
                } else {
                    (Answer::Incomplete, self.small_model_values(probes))
                }
            }
        };
        self.solver.pop(1);
        out
    }

    /// Whether the path conditions together with `extra` are satisfiable (a probe: short timeout).
    pub fn check_sat(&mut self, pc: &PathConds, extra: &Bool) -> Satisfiability {
        if is_false(extra) {
            return Satisfiability::Unsat;
        }
        self.set_timeout(self.probe_timeout);
        self.sync(pc);
        self.stats.queries += 1;
        self.solver.push();
        self.solver.assert(extra);
        let t0 = std::time::Instant::now();
        let res = self.solver.check();
        self.stats.query_time += t0.elapsed();
        let out = match res {
            SatResult::Unsat => Satisfiability::Unsat,
            SatResult::Sat => Satisfiability::Sat,
            SatResult::Unknown => Satisfiability::Unknown(
                self.solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into()),
            ),
        };
        self.solver.pop(1);
        out
    }

    /// The values of `probes` in a counterexample whose integers are small, so that messages
    /// name e.g. iterations 0 and 1 rather than 7843 and 7844: after a satisfiable query, the
    /// integer probes are bounded by `|x| <= B` for growing `B` (short probe-time queries in a
    /// scope of their own) and the first model found is used; Z3's own model otherwise.
    fn small_model_values(&mut self, probes: &[(String, Dynamic)]) -> Vec<(String, String)> {
        let first = self.model_values(probes);
        let ints: Vec<Int> = probes.iter().filter_map(|(_, t)| t.as_int()).collect();
        if ints.is_empty() {
            return first;
        }
        let query_timeout = self.current.unwrap_or(self.timeout);
        self.set_timeout(self.probe_timeout);
        let mut found = None;
        for bound in SMALL_MODEL_BOUNDS {
            let b = Int::from_i64(bound);
            let nb = Int::from_i64(-bound);
            self.solver.push();
            for x in &ints {
                self.solver.assert(x.le(&b));
                self.solver.assert(x.ge(&nb));
            }
            self.stats.queries += 1;
            // An incomplete `unknown` (quantifiers) still comes with a candidate model.
            let sat = match self.solver.check() {
                SatResult::Sat => true,
                SatResult::Unknown => self
                    .solver
                    .get_reason_unknown()
                    .is_some_and(|r| !is_resource_reason(&r)),
                SatResult::Unsat => false,
            };
            if sat {
                found = Some(self.model_values(probes));
            }
            self.solver.pop(1);
            if sat {
                break;
            }
        }
        self.set_timeout(query_timeout);
        found.unwrap_or(first)
    }

    fn model_values(&self, probes: &[(String, Dynamic)]) -> Vec<(String, String)> {
        if probes.is_empty() {
            return Vec::new();
        }
        let Some(model): Option<Model> = self.solver.get_model() else {
            return Vec::new();
        };
        probes
            .iter()
            .filter_map(|(name, t)| {
                let v = model.eval(t, true)?;
                Some((name.clone(), v.to_string()))
            })
            .collect()
    }

    /// Number of path-condition nodes currently asserted (for tests).
    #[cfg(test)]
    pub fn asserted_len(&self) -> usize {
        self.asserted.len()
    }
}

impl Drop for Prover {
    fn drop(&mut self) {
        // Release the assertion stack before the nodes (cheap, and keeps Z3's reference counts tidy).
        self.asserted.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn sync_follows_branches() {
        let mut p = Prover::new(Some(5000));
        let x = Int::new_const("x");
        let mut base = PathConds::default();
        base.assume(x.gt(Int::from_i64(0)));
        let mut a = base.clone();
        a.assume(x.lt(Int::from_i64(5)));
        let mut b = base.clone();
        b.assume(x.gt(Int::from_i64(10)));
        assert_eq!(p.prove(&a, &x.lt(Int::from_i64(6))), Answer::Valid);
        assert_eq!(p.prove(&b, &x.lt(Int::from_i64(6))), Answer::Invalid);
        assert_eq!(p.prove(&a, &x.lt(Int::from_i64(6))), Answer::Valid);
        assert_eq!(p.prove(&base, &x.gt(Int::from_i64(0))), Answer::Valid);
        assert_eq!(p.prove(&base, &x.lt(Int::from_i64(5))), Answer::Invalid);
        assert_eq!(p.asserted_len(), 1);
        // A state extending a prefix that ends inside an open scope.
        let mut c = a.clone();
        c.assume(x.eq(Int::from_i64(3)));
        assert_eq!(p.prove(&c, &x.eq(Int::from_i64(3))), Answer::Valid);
        let mut d = base.clone();
        d.assume(x.eq(Int::from_i64(20)));
        assert_eq!(p.prove(&d, &x.gt(Int::from_i64(10))), Answer::Valid);
        assert_eq!(
            p.check_sat(&d, &x.lt(Int::from_i64(3))),
            Satisfiability::Unsat
        );
        assert_eq!(
            p.check_sat(&base, &x.lt(Int::from_i64(3))),
            Satisfiability::Sat
        );
    }

    #[test]
    fn globals_survive_pops() {
        let mut p = Prover::new(Some(5000));
        let x = Int::new_const("gx");
        let mut a = PathConds::default();
        a.assume(x.gt(Int::from_i64(0)));
        assert_eq!(p.prove(&a, &x.gt(Int::from_i64(-1))), Answer::Valid);
        p.add_global(x.lt(Int::from_i64(100)));
        let empty = PathConds::default();
        assert_eq!(p.prove(&empty, &x.lt(Int::from_i64(100))), Answer::Valid);
        assert_eq!(p.prove(&a, &x.lt(Int::from_i64(100))), Answer::Valid);
    }

    #[test]
    fn timeout_is_unknown() {
        // A random 3-SAT instance at the satisfiability threshold: far beyond a 20 ms budget.
        let mut p = Prover::new(Some(20));
        let vars: Vec<Bool> = (0..300)
            .map(|i| Bool::new_const(format!("sat{i}")))
            .collect();
        let mut seed: u64 = 12345;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut pc = PathConds::default();
        for _ in 0..1278 {
            let lits: Vec<Bool> = (0..3)
                .map(|_| {
                    let v = &vars[next(300) as usize];
                    if next(2) == 0 {
                        v.clone()
                    } else {
                        v.not()
                    }
                })
                .collect();
            pc.assume(Bool::or(&lits));
        }
        match p.prove(&pc, &Bool::from_bool(false)) {
            Answer::Unknown(r) => assert_eq!(r, "ran out of time"),
            other => panic!("expected a timeout, got {other:?}"),
        }
    }
}
