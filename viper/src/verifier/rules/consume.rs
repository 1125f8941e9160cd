//! Consuming (exhaling, asserting) assertions: checking facts and removing permissions.
//!
//! Two flavours share the leaf rules. [`Verifier::consume`] forks the path at implications and
//! conditionals (for statements and contracts). [`Verifier::consume_guarded`] never forks: the
//! parts under a condition are checked with the condition assumed and remove permission only
//! under it (for function preconditions, checked while evaluating an application). Both return
//! the snapshot of what was consumed: values of locations, combined like the assertion.

use z3::ast::{Bool, Dynamic};

use crate::ast::*;
use crate::printer::print_expr;
use crate::{ErrorReason, Span};

use super::assertions::{is_pure, pure_forall, qp_items, QpItem};
use crate::verifier::context::{Site, Verifier, R};
use crate::verifier::heap::heap_basic::Amount;
use crate::verifier::heap::state::State;
use crate::verifier::smt::terms::*;

/// The continuation of consuming: the state reached and the consumed snapshot (`None` for
/// assertions without permissions).
pub type KS<'k, 'a, 'p> = dyn FnMut(&mut Verifier<'a, 'p>, State, Option<Dynamic>) + 'k;

impl<'a, 'p> Verifier<'a, 'p> {
    fn combine_snaps(&self, a: Option<Dynamic>, b: Option<Dynamic>) -> Option<Dynamic> {
        match (a, b) {
            (Some(x), Some(y)) => Some(self.sym.combine(&x, &y)),
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
        }
    }

    /// Consumes a list of assertions in order, each with its own error site. Their expressions
    /// are evaluated in the heap before the consumption. The snapshot is that of the
    /// assertions' conjunction while a predicate body is folded (`want_snapshots`), else none.
    pub fn consume_all(&mut self, mut st: State, items: &[(&Expr, Site)], k: &mut KS<'_, 'a, 'p>) {
        let outer = st.eval_heap.is_none();
        if outer {
            st.eval_heap = Some(st.heap.clone());
        }
        self.consume_list(st, items, &mut |v: &mut Self, mut s: State, snap| {
            if outer {
                s.eval_heap = None;
            }
            k(v, s, snap)
        })
    }

    fn consume_list(&mut self, st: State, items: &[(&Expr, Site)], k: &mut KS<'_, 'a, 'p>) {
        match items.split_first() {
            None => k(self, st, None),
            Some(((a, site), rest)) => {
                self.consume_rec(st, a, *site, &mut |v: &mut Self, s, first| {
                    v.consume_list(s, rest, &mut |v: &mut Self, s, others| {
                        // Only a folded body's snapshot is used: no terms are built otherwise.
                        let snap = if v.want_snapshots {
                            v.combine_snaps(first.clone(), others)
                        } else {
                            None
                        };
                        k(v, s, snap)
                    })
                })
            }
        }
    }

    /// Consumes one assertion (see [`Verifier::consume_all`]).
    pub fn consume(&mut self, st: State, a: &Expr, site: Site, k: &mut KS<'_, 'a, 'p>) {
        self.consume_all(st, &[(a, site)], &mut |v: &mut Self, s, _| k(v, s, None))
    }

    fn consume_rec(&mut self, st: State, a: &Expr, site: Site, k: &mut KS<'_, 'a, 'p>) {
        stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || {
            self.consume_rec_here(st, a, site, k)
        })
    }

    fn consume_rec_here(&mut self, mut st: State, a: &Expr, site: Site, k: &mut KS<'_, 'a, 'p>) {
        if self.halted() {
            return;
        }
        if is_pure(a) {
            if self.consume_pure(&mut st, a, site).is_ok() {
                k(self, st, None);
            }
            return;
        }
        match &a.kind {
            ExprKind::Binary {
                op: BinaryOp::And,
                left,
                right,
            } => self.consume_rec(
                st,
                left,
                site,
                &mut |v: &mut Self, s, s1: Option<Dynamic>| {
                    v.consume_rec(s, right, site, &mut |v2: &mut Self, s2, s2snap| {
                        let snap = v2.combine_snaps(s1.clone(), s2snap);
                        k(v2, s2, snap)
                    })
                },
            ),
            ExprKind::Binary {
                op: BinaryOp::Implies,
                left,
                right,
            } => {
                let Ok(c) = self.eval_bool(&mut st, left, site) else {
                    return;
                };
                for (b, taken) in self.branches(st, &c) {
                    if self.halted() {
                        return;
                    }
                    if taken {
                        self.consume_rec(b, right, site, k);
                    } else {
                        let unit = self.sym.unit.clone();
                        k(self, b, Some(unit));
                    }
                }
            }
            ExprKind::Cond { cond, then, els } => {
                let Ok(c) = self.eval_bool(&mut st, cond, site) else {
                    return;
                };
                for (b, taken) in self.branches(st, &c) {
                    if self.halted() {
                        return;
                    }
                    let branch = if taken { then } else { els };
                    self.consume_rec(b, branch, site, k);
                }
            }
            ExprKind::Let { var, value, body } => {
                let Ok(v) = self.eval(&mut st, value, site) else {
                    return;
                };
                let prev = st.bind(&var.name, v);
                self.consume_rec(st, body, site, &mut |v: &mut Self, mut s: State, snap| {
                    s.unbind(&var.name, prev.clone());
                    k(v, s, snap)
                })
            }
            ExprKind::Acc { loc, perm } => {
                let guard = tt();
                if let Ok(snap) = self.consume_acc(&mut st, loc, perm.as_deref(), site, &guard) {
                    k(self, st, Some(snap));
                }
            }
            ExprKind::Quant {
                kind: QuantKind::Forall,
                vars,
                triggers,
                body,
            } => {
                let guard = tt();
                let want = self.want_snapshots;
                if let Ok(snap) =
                    self.consume_forall(&mut st, vars, triggers, body, site, a.span, &guard, want)
                {
                    k(self, st, snap);
                }
            }
            _ => {
                let _ = self.unsupported::<()>(a.span, "this form of assertion");
            }
        }
    }

    /// Checks a pure assertion (and assumes it afterwards, as Silicon does: terms it mentions,
    /// e.g. function applications, then stay known to the solver).
    fn consume_pure(&mut self, st: &mut State, a: &Expr, site: Site) -> R<()> {
        let t = self.eval_bool(st, a, site)?;
        self.check(st, &t, site, ErrorReason::AssertionFalse, a.span, || {
            format!("Assertion {} might not hold.", print_expr(a))
        })?;
        // Quantified facts are not repeated: they follow from what is known, and a second copy
        // of a quantifier only multiplies its instances.
        if !self.mode.unchecked && !has_quantifier(&Dynamic::from_ast(&t)) {
            st.assume(t);
        }
        Ok(())
    }

    /// Consumes `acc(loc, perm)`; under a non-trivial `guard` (assumed in `st`), the permission
    /// is removed only where the guard holds. Returns the snapshot (the location's value).
    fn consume_acc(
        &mut self,
        st: &mut State,
        loc: &Expr,
        perm: Option<&Expr>,
        site: Site,
        guard: &Bool,
    ) -> R<Dynamic> {
        let (fid, rcv) = self.heap_location(st, loc, site)?;
        if self.read_only {
            // Function preconditions: only read access is checked (as Silicon does by default),
            // where the amount is positive; the snapshot has the value only there.
            let amount = self.eval_amount(st, perm, site)?;
            let needed = match &amount {
                Some(p) => positive(p),
                None => tt(),
            };
            let held = self.perm_at(&st.heap, fid, &rcv);
            self.check(
                st,
                &implies(&needed, &positive(&held)),
                site,
                ErrorReason::InsufficientPermission,
                loc.span,
                || {
                    format!(
                        "There might be insufficient permission to access {}",
                        print_expr(loc)
                    )
                },
            )?;
            let unit = self.sym.unit.clone();
            if is_false(&needed) {
                return Ok(unit);
            }
            let heap = st.heap.clone();
            let v = self.value_at(st, &heap, fid, &rcv);
            return match self.sym.wrap(&v) {
                Some(w) => Ok(ite(&needed, &w, &unit)),
                None => self.internal("no sort wrapper for a field"),
            };
        }
        let amount = match self.eval_amount(st, perm, site)? {
            Some(p) => Amount::Exact(ite_real(guard, &p, &perm_none())),
            None if is_true(guard) => Amount::Wildcard,
            None => {
                // A fresh positive amount, below what is held, taken only under the guard.
                let w = self.fresh_wildcard(st);
                let held = self.perm_at(&st.heap, fid, &rcv);
                let fact = implies(&and2(guard, &positive(&held)), &rcmp(&w, &held, Cmp::Lt));
                self.define(st, &[], &[], &fact);
                Amount::Exact(ite_real(guard, &w, &perm_none()))
            }
        };
        let what = print_expr(loc);
        let v = if self.sym.fields[fid].quantified {
            self.q_take_single(st, fid, &rcv, &amount, site, loc.span, &what)?
        } else {
            self.basic_take(st, fid, &rcv, &amount, site, loc.span, &what)?
        };
        match self.sym.wrap(&v) {
            Some(w) => Ok(w),
            None => self.internal("no sort wrapper for a field"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn consume_forall(
        &mut self,
        st: &mut State,
        vars: &[LocalDecl],
        triggers: &[Trigger],
        body: &Expr,
        site: Site,
        span: Span,
        guard: &Bool,
        want_snapshot: bool,
    ) -> R<Option<Dynamic>> {
        let Some(items) = qp_items(vars, body) else {
            return self.unsupported(span, "this form of quantified permission");
        };
        let mut snaps: Vec<Option<Dynamic>> = Vec::new();
        for item in &items {
            match item {
                QpItem::Pure { vars, conds, expr } => {
                    let f = pure_forall(vars, triggers, conds, expr, span);
                    self.consume_pure(st, &f, site)?;
                }
                QpItem::Acc {
                    vars,
                    conds,
                    loc,
                    perm,
                    span: acc_span,
                } => {
                    let mut parts = self.eval_qp_parts(st, vars, conds, loc, *perm, site)?;
                    parts.cond = and2(guard, &parts.cond);
                    if !self.skolems.is_empty()
                        && self.skolems.iter().any(|s| {
                            mentions(&parts.rcv, s) || mentions(&Dynamic::from_ast(&parts.cond), s)
                        })
                    {
                        return self.unsupported(
                            *acc_span,
                            "a quantified permission depending on an enclosing quantifier",
                        );
                    }
                    let sm = self.q_consume(st, &parts, site, *acc_span, want_snapshot)?;
                    snaps.push(sm.and_then(|m| self.sym.wrap(&m)));
                }
            }
        }
        // Right-nested like the producer's reading of the parts.
        let mut out: Option<Dynamic> = None;
        for s in snaps.into_iter().rev() {
            out = match (s, out) {
                (Some(x), Some(y)) => Some(self.sym.combine(&x, &y)),
                (Some(x), None) => Some(x),
                (None, y) => y,
            };
        }
        Ok(out)
    }

    /// Consumes `a` without forking (see the module documentation). The path conditions of the
    /// returned state extend those of `st`.
    pub fn consume_guarded(
        &mut self,
        mut st: State,
        a: &Expr,
        site: Site,
        want_snapshot: bool,
    ) -> R<(State, Option<Dynamic>)> {
        let outer = st.eval_heap.is_none();
        if outer {
            st.eval_heap = Some(st.heap.clone());
        }
        let read_only = std::mem::replace(&mut self.read_only, true);
        let res = self.consume_g(st, a, site, &tt(), want_snapshot);
        self.read_only = read_only;
        let (mut after, snap) = res?;
        if outer {
            after.eval_heap = None;
        }
        Ok((after, snap))
    }

    fn consume_g(
        &mut self,
        st: State,
        a: &Expr,
        site: Site,
        guard: &Bool,
        want: bool,
    ) -> R<(State, Option<Dynamic>)> {
        stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || {
            self.consume_g_here(st, a, site, guard, want)
        })
    }

    fn consume_g_here(
        &mut self,
        mut st: State,
        a: &Expr,
        site: Site,
        guard: &Bool,
        want: bool,
    ) -> R<(State, Option<Dynamic>)> {
        if self.halted() {
            return Err(crate::verifier::context::Stop);
        }
        if is_pure(a) {
            self.consume_pure(&mut st, a, site)?;
            return Ok((st, None));
        }
        match &a.kind {
            ExprKind::Binary {
                op: BinaryOp::And,
                left,
                right,
            } => {
                let (st1, s1) = self.consume_g(st, left, site, guard, want)?;
                let (st2, s2) = self.consume_g(st1, right, site, guard, want)?;
                Ok((st2, self.combine_snaps(s1, s2)))
            }
            ExprKind::Binary {
                op: BinaryOp::Implies,
                left,
                right,
            } => {
                let c = self.eval_bool(&mut st, left, site)?;
                if is_false(&c) {
                    return Ok((st, Some(self.sym.unit.clone())));
                }
                let (st1, s) = self.consume_under(st, &c, right, site, guard, want)?;
                let unit = self.sym.unit.clone();
                let snap = s.map(|s| ite(&c, &s, &unit));
                Ok((st1, snap.or(Some(unit))))
            }
            ExprKind::Cond { cond, then, els } => {
                let c = self.eval_bool(&mut st, cond, site)?;
                let (st1, s1) = self.consume_under(st, &c, then, site, guard, want)?;
                let (st2, s2) = self.consume_under(st1, &not(&c), els, site, guard, want)?;
                let unit = self.sym.unit.clone();
                let snap = match (s1, s2) {
                    (None, None) => None,
                    (a1, a2) => Some(ite(
                        &c,
                        &a1.unwrap_or_else(|| unit.clone()),
                        &a2.unwrap_or(unit),
                    )),
                };
                Ok((st2, snap))
            }
            ExprKind::Let { var, value, body } => {
                let v = self.eval(&mut st, value, site)?;
                let prev = st.bind(&var.name, v);
                let (mut st1, s) = self.consume_g(st, body, site, guard, want)?;
                st1.unbind(&var.name, prev);
                Ok((st1, s))
            }
            ExprKind::Acc { loc, perm } => {
                let snap = self.consume_acc(&mut st, loc, perm.as_deref(), site, guard)?;
                Ok((st, Some(snap)))
            }
            ExprKind::Quant {
                kind: QuantKind::Forall,
                vars,
                triggers,
                body,
            } => {
                let snap =
                    self.consume_forall(&mut st, vars, triggers, body, site, a.span, guard, want)?;
                Ok((st, snap))
            }
            _ => self.unsupported(a.span, "this form of assertion"),
        }
    }

    /// Consumes `a` with `c` assumed and the guard strengthened by it; the facts learnt meanwhile
    /// are kept, guarded by `c`.
    #[allow(clippy::too_many_arguments)]
    fn consume_under(
        &mut self,
        mut st: State,
        c: &Bool,
        a: &Expr,
        site: Site,
        guard: &Bool,
        want: bool,
    ) -> R<(State, Option<Dynamic>)> {
        if is_false(c) {
            return Ok((st, None));
        }
        let base = st.pc.clone();
        let mark = self.defs_log.len();
        st.assume(c.clone());
        let g = and2(guard, c);
        let (mut st1, s) = self.consume_g(st, a, site, &g, want)?;
        self.restore_pc(&mut st1, base, c, mark);
        Ok((st1, s))
    }
}
