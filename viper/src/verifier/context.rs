//! The verification context of one member: its prover, the program's symbols, the errors found so
//! far, and the helpers every rule uses (checks, error reports, fresh symbols, branching).

use std::collections::HashSet;

use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Sort};

use crate::{ErrorKind, ErrorReason, Span, VerificationError};

use super::heap::state::State;
use super::program::ProgramIndex;
use super::result::VerifyOptions;
use super::scope::Scope;
use super::smt::pathcond::PathConds;
use super::smt::quant::{covers, quantify};
use super::smt::solver::{Answer, Prover, Satisfiability};
use super::smt::symbols::{fresh_name, Symbols};
use super::smt::terms::{is_false, is_true, not};
use super::theories::multisets::MultisetFns;
use super::theories::seqs::SeqFns;
use super::theories::sets::SetFns;

/// A path was abandoned (its error is recorded, or the member was halted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop;

pub type R<T> = Result<T, Stop>;

/// Where and as what a failing check is reported.
#[derive(Clone, Copy, Debug)]
pub struct Site {
    pub kind: ErrorKind,
    pub span: Span,
}

impl Site {
    pub fn new(kind: ErrorKind, span: Span) -> Site {
        Site { kind, span }
    }
}

/// A condition that ends the verification of a member without a verdict of its own.
#[derive(Clone, Debug)]
pub enum Fatal {
    /// A construct found only during execution that the back end does not handle.
    Unsupported(Span, String),
    /// A bug in the back end (e.g. ill-sorted terms); reported as an inconclusive result.
    Internal(String),
}

/// How rules evaluate: with well-definedness checks (verification) or without (axiomatisation of
/// functions, where no query is made and every check is taken for granted).
#[derive(Clone, Debug, Default)]
pub struct Mode {
    pub unchecked: bool,
    /// The function whose definition is being axiomatised or checked (for limited applications).
    pub in_function: Option<String>,
    /// Symbols that fresh symbols must depend on (a function's snapshot and arguments while
    /// axiomatising it): fresh symbols become applications of fresh functions to them.
    pub abstraction: Vec<Dynamic>,
    /// Depth of quantifier bodies being evaluated (heap reads then go through snapshot maps).
    pub quant_depth: usize,
    /// Translating a trigger: heap-dependent function applications become their stateless
    /// versions, and nothing is checked.
    pub in_trigger: bool,
}

/// The context of one member's verification.
pub struct Verifier<'a, 'p> {
    pub index: &'a ProgramIndex<'p>,
    /// What the member being verified depends on (the declarations and axioms set up).
    pub scope: Scope,
    pub sym: Symbols,
    pub prover: Prover,
    pub opts: &'a VerifyOptions,
    pub errors: Vec<VerificationError>,
    seen: HashSet<(ErrorKind, ErrorReason, Span)>,
    pub unknowns: Vec<String>,
    pub fatal: Option<Fatal>,
    pub mode: Mode,
    /// Definitions made while `mode.abstraction` is non-empty (quantified over it).
    pub abstract_defs: Vec<Bool>,
    /// Definitions assumed on the current path, in order (re-assumed after sub-evaluations).
    pub defs_log: Vec<Bool>,
    /// Skolem constants of the quantifier bodies being evaluated, innermost last.
    pub skolems: Vec<Dynamic>,
    /// Consuming a function precondition: access predicates only need some permission, and
    /// nothing is removed.
    pub read_only: bool,
    /// The permission a predicate body is folded or unfolded with: amounts in the body are
    /// multiplied by it.
    pub perm_scale: Option<z3::ast::Real>,
    /// Whether consumed quantified permissions must yield snapshots (their values): while a
    /// predicate body is folded, whose snapshot its unfolding produces again.
    pub want_snapshots: bool,
    /// `unfolding` expressions being evaluated, innermost last (see `MAX_UNFOLDING_DEPTH`).
    pub unfolding_depth: usize,
    /// While a recursive function's definition is axiomatised: the trigger terms of the
    /// predicate instances its body unfolds outermost (see [`Verifier::function_axioms`]).
    pub pred_triggers: Option<Vec<Dynamic>>,
    /// While a function is axiomatised: its precondition predicate applied to the abstraction
    /// variables, and the path conditions before its precondition was produced.
    pub axiom_ctx: Option<(Bool, PathConds)>,
    failed_checks: usize,
    /// Indexing and membership functions per sequence sort (see `seqs`).
    pub seq_fns: std::collections::HashMap<String, super::theories::seqs::SeqFns>,
    /// Set functions per set sort (see `sets`).
    pub set_fns: std::collections::HashMap<String, super::theories::sets::SetFns>,
    /// Type parameters of the generic domain whose axioms are being evaluated.
    pub type_env: std::collections::HashMap<String, z3::Sort>,
    /// Function symbols of generic domain instances (see `generics`).
    pub instance_fns: std::collections::HashMap<String, std::rc::Rc<FuncDecl>>,
    /// Generic domain instances declared (with their axioms).
    pub instances_done: HashSet<String>,
    /// Further terms whose values a counterexample reports (bound variables of a failing
    /// quantified permission).
    pub extra_probes: Vec<(String, Dynamic)>,
    /// The sort the context expects of the expression evaluated next (for generic domains).
    pub expected: Option<z3::Sort>,
    /// Functions whose preconditions are being consumed at applications, innermost last: an
    /// application of one of them inside its own precondition (a program Silver's consistency
    /// check rejects) stops with `unsupported` instead of recursing without end.
    pub consuming_pre: Vec<String>,
    /// Smoke detection: the points reached in a consistent state (see `smoke`).
    pub smoke: super::rules::smoke::SmokeState,
    /// Multiset functions per multiset sort (see `multisets`).
    pub multiset_fns: std::collections::HashMap<String, super::theories::multisets::MultisetFns>,
    /// Receiver shapes of quantified permissions with inverse functions shared by all their
    /// regions (see `qp_shared`).
    pub shared_inverses: Vec<super::heap::qp_shared::SharedInverse>,
}

impl<'a, 'p> Verifier<'a, 'p> {
    pub fn new(
        index: &'a ProgramIndex<'p>,
        scope: Scope,
        sym: Symbols,
        opts: &'a VerifyOptions,
    ) -> Self {
        let mut prover = Prover::new(opts.timeout_ms);
        for ax in &sym.axioms {
            prover.add_global(ax.clone());
        }
        Verifier {
            index,
            scope,
            sym,
            prover,
            opts,
            errors: Vec::new(),
            seen: HashSet::new(),
            unknowns: Vec::new(),
            fatal: None,
            mode: Mode::default(),
            abstract_defs: Vec::new(),
            defs_log: Vec::new(),
            skolems: Vec::new(),
            read_only: false,
            perm_scale: None,
            want_snapshots: false,
            unfolding_depth: 0,
            pred_triggers: None,
            axiom_ctx: None,
            failed_checks: 0,
            seq_fns: std::collections::HashMap::new(),
            set_fns: std::collections::HashMap::new(),
            multiset_fns: std::collections::HashMap::new(),
            shared_inverses: Vec::new(),
            type_env: std::collections::HashMap::new(),
            instance_fns: std::collections::HashMap::new(),
            instances_done: HashSet::new(),
            expected: None,
            consuming_pre: Vec::new(),
            smoke: Default::default(),
            extra_probes: Vec::new(),
        }
    }

    /// Whether exploration must stop (error budget spent, or a fatal condition).
    pub fn halted(&self) -> bool {
        self.fatal.is_some()
            || matches!(self.opts.max_errors_per_member, Some(n) if self.errors.len() >= n.max(1))
    }

    pub fn unsupported<T>(&mut self, span: Span, what: impl Into<String>) -> R<T> {
        if self.fatal.is_none() {
            self.fatal = Some(Fatal::Unsupported(span, what.into()));
        }
        Err(Stop)
    }

    pub fn internal<T>(&mut self, what: impl Into<String>) -> R<T> {
        if self.fatal.is_none() {
            self.fatal = Some(Fatal::Internal(what.into()));
        }
        Err(Stop)
    }

    /// Number of checks that failed so far (also those whose error was a duplicate).
    pub fn failures(&self) -> usize {
        self.failed_checks
    }

    /// Records an error (once per id and position).
    pub fn report(
        &mut self,
        site: Site,
        reason: ErrorReason,
        reason_span: Span,
        message: String,
        model: Vec<(String, String)>,
        incomplete: bool,
    ) {
        if self.halted() {
            return;
        }
        self.record(site, reason, reason_span, message, model, incomplete);
    }

    /// Records an error (once per id and position), whatever the error budget (for errors found
    /// after the exploration, like smoke).
    pub fn record(
        &mut self,
        site: Site,
        reason: ErrorReason,
        reason_span: Span,
        message: String,
        model: Vec<(String, String)>,
        incomplete: bool,
    ) {
        if !self.seen.insert((site.kind, reason, site.span)) {
            return;
        }
        self.errors.push(VerificationError {
            kind: site.kind,
            reason,
            span: site.span,
            reason_span,
            message,
            model,
            incomplete,
        });
    }

    /// Proves `goal` in state `st`, or reports the error and abandons the path.
    pub fn check(
        &mut self,
        st: &mut State,
        goal: &Bool,
        site: Site,
        reason: ErrorReason,
        reason_span: Span,
        message: impl FnOnce() -> String,
    ) -> R<()> {
        if self.mode.unchecked || is_true(goal) {
            return Ok(());
        }
        if self.halted() {
            return Err(Stop);
        }
        let probes = self.model_probes(st);
        let (answer, model) = self.prover.prove_with_model(&st.pc, goal, &probes);
        match answer {
            Answer::Valid => Ok(()),
            Answer::Invalid | Answer::Incomplete => {
                self.failed_checks += 1;
                let incomplete = answer == Answer::Incomplete;
                self.report(site, reason, reason_span, message(), model, incomplete);
                // Inside a quantifier body the path stops (Silicon evaluates the body locally).
                if self.halted() || !continues_after(reason) || self.mode.quant_depth > 0 {
                    return Err(Stop);
                }
                // A failed fact is assumed and the path continues (to report later errors).
                st.assume(goal.clone());
                Ok(())
            }
            Answer::Unknown(why) => {
                self.failed_checks += 1;
                self.unknowns.push(format!(
                    "{}:{} at line {}: the solver {why}",
                    site.kind.id(),
                    reason.id(),
                    site.span.line
                ));
                Err(Stop)
            }
        }
    }

    /// Whether `goal` holds in `st` (no error is reported; unknown counts as "no").
    pub fn holds(&mut self, st: &State, goal: &Bool) -> bool {
        if is_true(goal) {
            return true;
        }
        if is_false(goal) || self.mode.unchecked {
            return false;
        }
        self.prover.probe(&st.pc, goal) == Answer::Valid
    }

    /// Returns to the path conditions `base` (a prefix of the current ones): definitions made
    /// since `defs_mark` are kept as they are, every other new fact is kept guarded by `cond`.
    pub fn restore_pc(&mut self, st: &mut State, base: PathConds, cond: &Bool, defs_mark: usize) {
        let facts = st.pc.since(&base);
        st.pc = base;
        let defs = &self.defs_log[defs_mark.min(self.defs_log.len())..];
        for f in facts {
            if defs.iter().any(|d| d.ast_eq(&f)) {
                st.pc.assume(f);
            } else {
                st.pc.assume(super::smt::terms::implies(cond, &f));
            }
        }
    }

    /// Whether the path conditions of `st` may be consistent (unknown counts as "yes").
    pub fn feasible(&mut self, st: &State) -> bool {
        if self.mode.unchecked {
            return true;
        }
        self.prover.check_sat(&st.pc, &Bool::from_bool(true)) != Satisfiability::Unsat
    }

    /// The feasible branches of `st` on `cond`: then-branch first.
    pub fn branches(&mut self, st: State, cond: &Bool) -> Vec<(State, bool)> {
        if let Some(b) = cond.as_bool() {
            return vec![(st, b)];
        }
        let mut out = Vec::new();
        let mut then_st = st.clone();
        then_st.pc.assume_branch(cond.clone());
        if self.feasible(&then_st) {
            out.push((then_st, true));
        }
        let mut else_st = st;
        else_st.pc.assume_branch(not(cond));
        if self.feasible(&else_st) {
            out.push((else_st, false));
        }
        out
    }

    fn model_probes(&self, st: &State) -> Vec<(String, Dynamic)> {
        let mut v: Vec<(String, Dynamic)> = st
            .store
            .iter()
            .filter(|(k, _)| !k.starts_with('$'))
            .map(|(k, t)| (k.clone(), t.clone()))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.extend(self.extra_probes.iter().cloned());
        v
    }

    /// A fresh constant.
    pub fn fresh(&self, prefix: &str, sort: &Sort) -> Dynamic {
        Dynamic::fresh_const(prefix, sort)
    }

    /// A fresh symbol that may depend on the current abstraction variables.
    pub fn fresh_dependent(&self, prefix: &str, sort: &Sort) -> Dynamic {
        if self.mode.abstraction.is_empty() {
            return self.fresh(prefix, sort);
        }
        let sorts: Vec<Sort> = self.mode.abstraction.iter().map(|a| a.get_sort()).collect();
        let refs: Vec<&Sort> = sorts.iter().collect();
        let f = FuncDecl::new(fresh_name(prefix), &refs, sort);
        let args: Vec<&dyn Ast> = self
            .mode
            .abstraction
            .iter()
            .map(|a| a as &dyn Ast)
            .collect();
        f.apply(&args)
    }

    /// A fresh function symbol (used for inverse functions), taking the abstraction variables
    /// first, then `args`.
    pub fn fresh_function(&self, prefix: &str, args: &[Sort], ret: &Sort) -> FreshFn {
        let mut sorts: Vec<Sort> = self.mode.abstraction.iter().map(|a| a.get_sort()).collect();
        sorts.extend(args.iter().cloned());
        let refs: Vec<&Sort> = sorts.iter().collect();
        FreshFn {
            decl: FuncDecl::new(fresh_name(prefix), &refs, ret),
            prefix: self.mode.abstraction.clone(),
        }
    }

    /// Assumes the definition of fresh symbols, `forall vars :: body` (with alternative
    /// patterns), on the current path. Definitions constrain only the fresh symbols, so they may
    /// be kept when a sub-evaluation's path conditions are dropped (see `defs_log`). While a
    /// function is axiomatised, they are collected in `abstract_defs`, quantified over its
    /// snapshot and arguments as well.
    pub fn define(
        &mut self,
        st: &mut State,
        vars: &[Dynamic],
        patterns: &[Vec<Dynamic>],
        body: &Bool,
    ) {
        if self.mode.abstraction.is_empty() {
            let ax = quantify(vars, patterns, body);
            st.assume(ax.clone());
            self.defs_log.push(ax);
        } else {
            let mut all: Vec<Dynamic> = self.mode.abstraction.clone();
            all.extend(vars.iter().cloned());
            let pats: Vec<Vec<Dynamic>> = patterns
                .iter()
                .filter(|p| covers(p, &all))
                .cloned()
                .collect();
            self.abstract_defs.push(quantify(&all, &pats, body));
        }
    }
}

impl Verifier<'_, '_> {
    /// Assumes `forall vars :: body`, a fact that holds on the current path (e.g. the axioms of
    /// inverse functions, valid because injectivity was checked here). While a function is
    /// axiomatised it is recorded for its axioms instead, guarded by the function's precondition
    /// predicate and the branch conditions taken so far.
    pub fn assume_quantified(
        &mut self,
        st: &mut State,
        vars: &[Dynamic],
        patterns: &[Vec<Dynamic>],
        body: &Bool,
    ) {
        if self.mode.abstraction.is_empty() {
            st.assume(quantify(vars, patterns, body));
            return;
        }
        let mut guard = Vec::new();
        if let Some((g, base)) = &self.axiom_ctx {
            guard.push(g.clone());
            guard.extend(st.pc.branch_conds_since(base));
        }
        let mut all: Vec<Dynamic> = self.mode.abstraction.clone();
        all.extend(vars.iter().cloned());
        let pats: Vec<Vec<Dynamic>> = patterns
            .iter()
            .map(|p| p.to_vec())
            .filter(|p| covers(p, &all))
            .collect();
        self.abstract_defs.push(quantify(
            &all,
            &pats,
            &super::smt::terms::implies(&super::smt::terms::and(guard), body),
        ));
    }
}

/// Whether a path continues after a failed check with this reason (facts: yes, with the fact
/// assumed; permissions: no).
fn continues_after(reason: ErrorReason) -> bool {
    matches!(
        reason,
        ErrorReason::AssertionFalse
            | ErrorReason::DivisionByZero
            | ErrorReason::SeqIndexNegative
            | ErrorReason::SeqIndexExceedsLength
    )
}

/// A fresh function applied implicitly to the abstraction variables of its creation.
#[derive(Debug)]
pub struct FreshFn {
    decl: FuncDecl,
    prefix: Vec<Dynamic>,
}

impl FreshFn {
    pub fn apply(&self, args: &[&Dynamic]) -> Dynamic {
        let mut all: Vec<&dyn Ast> = self.prefix.iter().map(|a| a as &dyn Ast).collect();
        all.extend(args.iter().map(|a| *a as &dyn Ast));
        self.decl.apply(&all)
    }
}

/// The built-in theories of a sort, declared (with their axioms) on first use.
impl Verifier<'_, '_> {
    /// The functions of a sequence sort (declared, with their axioms, on first use).
    pub fn seq(&mut self, seq_sort: &Sort) -> Option<&SeqFns> {
        let key = seq_sort.to_string();
        if !self.seq_fns.contains_key(&key) {
            let elem = self.sym.seq_elem(seq_sort)?;
            let fns = SeqFns::declare(seq_sort, &elem);
            for ax in fns.axioms(seq_sort) {
                self.prover.add_global(ax);
            }
            self.seq_fns.insert(key.clone(), fns);
        }
        self.seq_fns.get(&key)
    }

    /// A pattern term for `t`: membership becomes its trigger version; outside functions, an
    /// application of a heap-dependent function becomes its limited version, as in Silicon, so
    /// that the applications a definition unrolls to (which are limited) match as well.
    pub fn as_trigger_term(&self, t: &Dynamic) -> Dynamic {
        let Ok(d) = t.safe_decl() else {
            return t.clone();
        };
        if self.mode.in_function.is_none() && self.axiom_ctx.is_none() {
            let fs = d
                .name()
                .strip_prefix("f.")
                .and_then(|n| self.sym.functions.get(n));
            if let Some(fs) = fs.filter(|fs| fs.heap_dependent) {
                if fs.decl.name() == d.name() {
                    let kids = t.children();
                    let refs: Vec<&dyn Ast> = kids.iter().map(|k| k as &dyn Ast).collect();
                    return fs.limited.apply(&refs);
                }
            }
        }
        if !d.name().starts_with("$Seq.contains") || t.num_children() != 2 {
            return t.clone();
        }
        let kids = t.children();
        match self.seq_fns.get(&kids[0].get_sort().to_string()) {
            Some(f) => Dynamic::from_ast(&f.trigger(&kids[0], &kids[1])),
            None => t.clone(),
        }
    }

    /// The functions of a set sort (declared, with their axioms, on first use).
    pub fn set(&mut self, set_sort: &Sort) -> Option<&SetFns> {
        let key = set_sort.to_string();
        if !self.set_fns.contains_key(&key) {
            let elem = self.sym.set_elem(set_sort)?;
            let fns = SetFns::declare(set_sort, &elem);
            for ax in fns.axioms(set_sort) {
                self.prover.add_global(ax);
            }
            self.set_fns.insert(key.clone(), fns);
        }
        self.set_fns.get(&key)
    }

    /// The functions of a multiset sort (declared, with their axioms, on first use).
    pub fn multiset(&mut self, ms_sort: &Sort) -> Option<&MultisetFns> {
        let key = ms_sort.to_string();
        if !self.multiset_fns.contains_key(&key) {
            let elem = self.sym.multiset_elem(ms_sort)?;
            let fns = MultisetFns::declare(ms_sort, &elem);
            for ax in fns.axioms(ms_sort, &elem) {
                self.prover.add_global(ax);
            }
            self.multiset_fns.insert(key.clone(), fns);
        }
        self.multiset_fns.get(&key)
    }
}
