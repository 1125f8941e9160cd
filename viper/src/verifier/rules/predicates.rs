//! Predicates, as in Silicon: an instance `P(args)` is held in the heap like a field (see
//! [`crate::verifier::smt::symbols::PredSym`]) whose value is a snapshot of its body.
//!
//! - `fold acc(P(args), p)` consumes the body (its amounts scaled by `p`, the parameters bound
//!   to the arguments) and adds `p` of the instance, whose snapshot is what was consumed;
//! - `unfold acc(P(args), p)` removes `p` of the instance and produces the body from its
//!   snapshot, so the values folded are the values unfolded;
//! - `unfolding acc(P(args), p) in e` evaluates `e` in a copy of the state where the instance is
//!   unfolded; the heap is unchanged afterwards, the facts learnt are kept (under the branch
//!   conditions of the body where they were learnt, and `e`'s value is joined over them). An
//!   unfolded state that may contradict the rest of the state is reported as unsupported.

use std::collections::HashMap;

use z3::ast::{Ast, Dynamic, Real};

use crate::ast::*;
use crate::ErrorKind;

use super::produce::K;
use super::walk::visit;
use crate::printer::print_expr;
use crate::verifier::context::{Site, Stop, Verifier, R};
use crate::verifier::heap::heap_basic::Amount;
use crate::verifier::heap::state::State;
use crate::verifier::smt::terms::*;

/// How many `unfolding` expressions may be evaluated inside one another. A predicate body may
/// unfold instances it holds, whose bodies may do the same: without a bound, producing such a body
/// would unfold a list to no end.
const MAX_UNFOLDING_DEPTH: usize = 8;

/// An access predicate to a predicate instance, taken apart.
struct Instance<'p, 'e> {
    pred: &'p Predicate,
    body: &'p Expr,
    loc: &'e Expr,
    args: &'e [Expr],
    perm: Option<&'e Expr>,
}

impl<'a, 'p> Verifier<'a, 'p> {
    /// `acc(P(args), p)` (or `P(args)`) with `P`'s definition; unsupported forms are reported.
    fn instance<'e>(&mut self, e: &'e Expr, fold: bool) -> R<Instance<'p, 'e>> {
        let (loc, perm) = match &e.kind {
            ExprKind::Acc { loc, perm } => (&**loc, perm.as_deref()),
            _ => (e, None),
        };
        let ExprKind::Call { name, args } = &loc.kind else {
            return self.unsupported(e.span, "this predicate access");
        };
        let Some(pred) = self.index.predicates.get(name.name.as_str()).copied() else {
            return self.unsupported(e.span, "this predicate access");
        };
        let Some(body) = &pred.body else {
            return self.unsupported(e.span, "folding or unfolding an abstract predicate");
        };
        if fold && is_wildcard(perm) {
            return self.unsupported(e.span, "folding with `wildcard`");
        }
        Ok(Instance {
            pred,
            body,
            loc,
            args,
            perm,
        })
    }

    /// The store of a predicate body: its parameters bound to the arguments' values.
    fn body_store(
        &mut self,
        st: &mut State,
        inst: &Instance<'p, '_>,
        site: Site,
    ) -> R<HashMap<String, Dynamic>> {
        let mut store = HashMap::new();
        for (param, arg) in inst.pred.args.iter().zip(inst.args) {
            let v = self.eval(st, arg, site)?;
            store.insert(param.name.name.clone(), v);
        }
        Ok(store)
    }

    /// The instance's arguments, in the predicate's parameter order, from its body's store.
    fn instance_args(
        &self,
        inst: &Instance<'p, '_>,
        store: &HashMap<String, Dynamic>,
    ) -> Option<Vec<Dynamic>> {
        inst.pred
            .args
            .iter()
            .map(|param| store.get(&param.name.name).cloned())
            .collect()
    }

    /// The instance's heap location (its predicate's entry and `P%loc(args)`), from the
    /// arguments already evaluated into its body's store.
    fn stored_location(
        &mut self,
        inst: &Instance<'p, '_>,
        store: &HashMap<String, Dynamic>,
    ) -> R<(usize, Dynamic)> {
        let ps = self.sym.predicates.get(inst.pred.name.name.as_str());
        match (ps, self.instance_args(inst, store)) {
            (Some(ps), Some(args)) => {
                let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
                Ok((ps.field, ps.loc.apply(&refs)))
            }
            _ => self.internal("a predicate instance outside the member's scope"),
        }
    }

    /// The location of the instance and the amount it is folded with.
    fn instance_location(
        &mut self,
        st: &mut State,
        inst: &Instance<'p, '_>,
        store: &HashMap<String, Dynamic>,
        site: Site,
    ) -> R<(usize, Dynamic, Real)> {
        let (fid, rcv) = self.stored_location(inst, store)?;
        match self.eval_amount_checked(st, inst.perm, site, true)? {
            Some(a) => Ok((fid, rcv, a)),
            None => self.internal("a wildcard amount of a folded instance"),
        }
    }

    /// Removes the instance's amount from the heap: returns the amount and the snapshot. A
    /// `wildcard` is a fresh positive amount below what is held, as in a consumption.
    fn take_instance(
        &mut self,
        st: &mut State,
        inst: &Instance<'p, '_>,
        store: &HashMap<String, Dynamic>,
        site: Site,
    ) -> R<(Real, Dynamic)> {
        let (fid, rcv) = self.stored_location(inst, store)?;
        let amount = match self.eval_amount_checked(st, inst.perm, site, true)? {
            Some(a) => a,
            None => {
                let held = self.perm_at(&st.heap, fid, &rcv);
                let w = self.fresh_wildcard(st);
                let below = implies(&positive(&held), &rcmp(&w, &held, Cmp::Lt));
                self.define(st, &[], &[], &below);
                w
            }
        };
        let what = print_expr(inst.loc);
        let exact = Amount::Exact(amount.clone());
        let snap = self.basic_take(st, fid, &rcv, &exact, site, inst.loc.span, &what)?;
        Ok((amount, snap))
    }

    /// `P%trigger(snap, args)` for the instance whose body store is `store`.
    fn trigger_term(
        &self,
        inst: &Instance<'p, '_>,
        store: &HashMap<String, Dynamic>,
        snap: &Dynamic,
    ) -> Option<Dynamic> {
        let ps = self.sym.predicates.get(inst.pred.name.name.as_str())?;
        let mut args: Vec<Dynamic> = vec![snap.clone()];
        args.extend(self.instance_args(inst, store)?);
        let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
        Some(ps.trigger.apply(&refs))
    }

    /// Whether `e` applies a function of the recursion cycle of the function being axiomatised.
    fn calls_own_cycle(&self, e: &Expr) -> bool {
        let Some(f) = self.mode.in_function.as_deref() else {
            return false;
        };
        let mut found = false;
        visit(e, &mut |x| {
            if let ExprKind::Call { name, .. } = &x.kind {
                found |= self.index.same_scc(f, &name.name);
            }
        });
        found
    }

    /// Makes an instance's trigger term known where it is folded or unfolded (not while a
    /// function is axiomatised, where its variables are bound).
    fn assume_trigger(&self, st: &mut State, trigger: Option<Dynamic>) {
        if self.axiom_ctx.is_some() {
            return;
        }
        if let Some(b) = trigger.and_then(|t| t.as_bool()) {
            st.assume(b);
        }
    }

    /// Checks that the body of `p` is well-defined for all arguments (reads only what the body
    /// holds permission to, partial operations defined), as Silicon does.
    pub fn verify_predicate(&mut self, p: &Predicate) {
        let decls: Vec<&LocalDecl> = p.args.iter().collect();
        let Some(st) = self.initial_state(&decls) else {
            return;
        };
        if let Some(body) = &p.body {
            let site = Site::new(ErrorKind::PredicateNotWellformed, p.span);
            self.produce(st, body, None, site, &mut |_: &mut Self, _| {});
        }
    }

    /// `fold e`: errors of the body's consumption are reported at `site` (`fold.failed`).
    pub fn exec_fold(&mut self, mut st: State, e: &Expr, site: Site, k: &mut K<'_, 'a, 'p>) {
        let Ok(inst) = self.instance(e, true) else {
            return;
        };
        let Ok(store) = self.body_store(&mut st, &inst, site) else {
            return;
        };
        let Ok((fid, rcv, amount)) = self.instance_location(&mut st, &inst, &store, site) else {
            return;
        };
        let outer_store = std::mem::replace(&mut st.store, store.clone());
        let inner = Some(amount.clone());
        let outer = std::mem::replace(&mut self.perm_scale, inner.clone());
        let outer_k = outer.clone();
        let outer_want = std::mem::replace(&mut self.want_snapshots, true);
        self.consume_all(
            st,
            &[(inst.body, site)],
            &mut |v: &mut Self, mut s: State, snap| {
                // The rest of the method runs with the outer settings; the body's other branches,
                // explored after it returns, with the inner ones.
                v.perm_scale = outer_k.clone();
                v.want_snapshots = outer_want;
                s.store = outer_store.clone();
                let snap = snap.unwrap_or_else(|| v.sym.unit.clone());
                let trigger = v.trigger_term(&inst, &store, &snap);
                v.assume_trigger(&mut s, trigger);
                v.basic_add(&mut s, fid, rcv.clone(), amount.clone(), snap);
                k(v, s);
                v.perm_scale = inner.clone();
                v.want_snapshots = true;
            },
        );
        self.perm_scale = outer;
        self.want_snapshots = outer_want;
    }

    /// `unfold e`: errors of taking the instance are reported at `site` (`unfold.failed`).
    pub fn exec_unfold(&mut self, mut st: State, e: &Expr, site: Site, k: &mut K<'_, 'a, 'p>) {
        let Ok(inst) = self.instance(e, false) else {
            return;
        };
        let Ok(store) = self.body_store(&mut st, &inst, site) else {
            return;
        };
        let Ok((amount, snap)) = self.take_instance(&mut st, &inst, &store, site) else {
            return;
        };
        let trigger = self.trigger_term(&inst, &store, &snap);
        self.assume_trigger(&mut st, trigger);
        self.produce_body(st, &inst, store, amount, snap, site, k);
    }

    /// Produces `inst`'s body with `store` and amounts scaled by `amount`, from `snap`; `k`
    /// continues with the caller's store and scale.
    #[allow(clippy::too_many_arguments)]
    fn produce_body(
        &mut self,
        mut st: State,
        inst: &Instance<'p, '_>,
        store: HashMap<String, Dynamic>,
        amount: Real,
        snap: Dynamic,
        site: Site,
        k: &mut K<'_, 'a, 'p>,
    ) {
        let outer_store = std::mem::replace(&mut st.store, store);
        let inner = Some(amount);
        let outer = std::mem::replace(&mut self.perm_scale, inner.clone());
        let outer_k = outer.clone();
        self.produce(
            st,
            inst.body,
            Some(snap),
            site,
            &mut |v: &mut Self, mut s: State| {
                v.perm_scale = outer_k.clone();
                s.store = outer_store.clone();
                k(v, s);
                v.perm_scale = inner.clone();
            },
        );
        self.perm_scale = outer;
    }

    /// `unfolding e in body`, evaluated in `st` (see the module documentation).
    pub fn eval_unfolding(
        &mut self,
        st: &mut State,
        e: &Expr,
        body: &Expr,
        site: Site,
    ) -> R<Dynamic> {
        if self.unfolding_depth >= MAX_UNFOLDING_DEPTH {
            return self.unsupported(
                e.span,
                format!("`unfolding` nested more than {MAX_UNFOLDING_DEPTH} deep"),
            );
        }
        let inst = self.instance(e, false)?;
        let mut work = st.clone();
        work.heap = st.reading().clone();
        work.eval_heap = None;
        let store = self.body_store(&mut work, &inst, site)?;
        let base = work.pc.clone();
        let mark = self.defs_log.len();
        let (amount, snap) = self.take_instance(&mut work, &inst, &store, site)?;
        let trigger = self.trigger_term(&inst, &store, &snap);
        // As in Silicon, only an outermost `unfolding` around a recursive call of the function
        // being axiomatised gives its definition a pattern: one around a non-recursive part
        // (Silver's issue 895) would unroll the definition without end.
        if self.pred_triggers.is_some() && self.unfolding_depth == 0 && self.calls_own_cycle(body) {
            if let (Some(found), Some(t)) = (self.pred_triggers.as_mut(), &trigger) {
                found.push(t.clone());
            }
        }
        let mut outcomes: Vec<(State, R<Dynamic>)> = Vec::new();
        let mut after = |v: &mut Self, mut s: State| {
            let r = v.eval(&mut s, body, site);
            outcomes.push((s, r));
        };
        self.unfolding_depth += 1;
        self.produce_body(work, &inst, store, amount, snap, site, &mut after);
        self.unfolding_depth -= 1;
        if self.halted() || outcomes.iter().any(|(_, r)| r.is_err()) {
            return Err(Stop);
        }
        // The path conditions of `st` are a prefix of every outcome's.
        st.pc = base.clone();
        // The outcomes must cover the state and be consistent: a branch of the body dropped as
        // infeasible, or an inconsistent outcome, means the unfolded state contradicts what is
        // held (an instance held beside more of its body's permissions than exist). The path
        // itself is not infeasible then (Silver's silicon/0554.vpr): its facts must not be kept.
        let covered = or(outcomes
            .iter()
            .map(|(s, _)| and(s.pc.branch_conds_since(&base))));
        let checked = !self.mode.unchecked;
        let contradicts = outcomes.is_empty()
            || (checked && !self.holds(st, &covered))
            || (checked && !outcomes.iter().all(|(s, _)| self.feasible(s)));
        if contradicts {
            return self.unsupported(
                e.span,
                "an `unfolding` whose unfolded state may contradict the rest of the state",
            );
        }
        let defs: Vec<_> = self.defs_log[mark.min(self.defs_log.len())..].to_vec();
        let mut value: Option<Dynamic> = None;
        for (s, r) in outcomes.into_iter().rev() {
            let Ok(r) = r else { return Err(Stop) };
            let conds = and(s.pc.branch_conds_since(&base));
            for f in s.pc.since(&base) {
                if defs.iter().any(|d| d.ast_eq(&f)) {
                    st.assume(f);
                } else {
                    st.assume(implies(&conds, &f));
                }
            }
            value = Some(match value {
                None => r,
                Some(rest) => ite(&conds, &r, &rest),
            });
        }
        self.assume_trigger(st, trigger);
        value.ok_or(Stop)
    }
}

fn is_wildcard(perm: Option<&Expr>) -> bool {
    matches!(
        perm.map(|p| &p.kind),
        Some(ExprKind::PermLit(PermLit::Wildcard))
    )
}
