//! Producing (inhaling) assertions: adding permissions to the heap and assuming facts.
//!
//! Producing forks the path at implications and conditionals (continuation-passing: `k` is called
//! once per resulting state). A snapshot term, when given, provides the values of the produced
//! locations (`a && b` uses its first and second components); without one the values are fresh.

use z3::ast::{Bool, Dynamic, Real};

use crate::ast::*;
use crate::printer::print_expr;
use crate::{ErrorReason, Span};

use super::assertions::{is_pure, pure_forall, qp_items, QpItem};
use crate::verifier::context::{Site, Stop, Verifier, R};
use crate::verifier::heap::qp::QpParts;
use crate::verifier::heap::state::State;
use crate::verifier::smt::terms::*;

/// The continuation of producing and executing: the state reached.
pub type K<'k, 'a, 'p> = dyn FnMut(&mut Verifier<'a, 'p>, State) + 'k;

impl<'a, 'p> Verifier<'a, 'p> {
    /// Splits a conjunction's snapshot between its two sides (pure sides take none).
    pub fn split_snap(
        &self,
        snap: &Option<Dynamic>,
        l: &Expr,
        r: &Expr,
    ) -> (Option<Dynamic>, Option<Dynamic>) {
        match snap {
            None => (None, None),
            Some(s) => match (is_pure(l), is_pure(r)) {
                (true, _) => (None, Some(s.clone())),
                (false, true) => (Some(s.clone()), None),
                (false, false) => (Some(self.sym.first(s)), Some(self.sym.second(s))),
            },
        }
    }

    /// Produces a list of assertions, each with its own error site.
    pub fn produce_all(&mut self, st: State, items: &[(&Expr, Site)], k: &mut K<'_, 'a, 'p>) {
        match items.split_first() {
            None => k(self, st),
            Some(((a, site), rest)) => self.produce(st, a, None, *site, &mut |v: &mut Self, s| {
                v.produce_all(s, rest, k)
            }),
        }
    }

    pub fn produce(
        &mut self,
        st: State,
        a: &Expr,
        snap: Option<Dynamic>,
        site: Site,
        k: &mut K<'_, 'a, 'p>,
    ) {
        stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || {
            self.produce_here(st, a, snap, site, k)
        })
    }

    fn produce_here(
        &mut self,
        mut st: State,
        a: &Expr,
        snap: Option<Dynamic>,
        site: Site,
        k: &mut K<'_, 'a, 'p>,
    ) {
        if self.halted() {
            return;
        }
        if is_pure(a) {
            if let Ok(t) = self.eval_bool(&mut st, a, site) {
                st.assume(t);
                k(self, st);
            }
            return;
        }
        match &a.kind {
            ExprKind::Binary {
                op: BinaryOp::And,
                left,
                right,
            } => {
                let (sl, sr) = self.split_snap(&snap, left, right);
                self.produce(st, left, sl, site, &mut |v: &mut Self, s| {
                    v.produce(s, right, sr.clone(), site, k)
                })
            }
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
                        self.produce(b, right, snap.clone(), site, k);
                    } else {
                        k(self, b);
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
                    self.produce(b, branch, snap.clone(), site, k);
                }
            }
            ExprKind::Let { var, value, body } => {
                let Ok(v) = self.eval(&mut st, value, site) else {
                    return;
                };
                let prev = st.bind(&var.name, v);
                self.produce(st, body, snap, site, &mut |v: &mut Self, mut s: State| {
                    s.unbind(&var.name, prev.clone());
                    k(v, s)
                })
            }
            ExprKind::Acc { loc, perm } => {
                if self
                    .produce_acc(&mut st, loc, perm.as_deref(), snap, site, a.span)
                    .is_ok()
                {
                    k(self, st);
                }
            }
            ExprKind::Quant {
                kind: QuantKind::Forall,
                vars,
                triggers,
                body,
            } => {
                if self
                    .produce_forall(&mut st, vars, triggers, body, snap, site, a.span)
                    .is_ok()
                {
                    k(self, st);
                }
            }
            _ => {
                let _ = self.unsupported::<()>(a.span, "this form of assertion");
            }
        }
    }

    /// Evaluates the permission amount of an access predicate (`None`: wildcard) and checks that
    /// it is not negative.
    pub fn eval_amount(
        &mut self,
        st: &mut State,
        perm: Option<&Expr>,
        site: Site,
    ) -> R<Option<Real>> {
        self.eval_amount_checked(st, perm, site, false)
    }

    /// As [`Verifier::eval_amount`]; with `positive`, checks that the amount is positive
    /// instead (as `fold` and `unfold` require).
    pub fn eval_amount_checked(
        &mut self,
        st: &mut State,
        perm: Option<&Expr>,
        site: Site,
        positive: bool,
    ) -> R<Option<Real>> {
        let amount = match perm {
            None => Some(perm_write()),
            Some(Expr {
                kind: ExprKind::PermLit(PermLit::Wildcard),
                ..
            }) => None,
            Some(p) => {
                // `a / b` in a permission position is a fraction even if the type checker
                // left it as integer division.
                let t = match &p.kind {
                    ExprKind::Binary {
                        op: BinaryOp::Div,
                        left,
                        right,
                    } => {
                        let fraction = Expr::new(
                            ExprKind::Binary {
                                op: BinaryOp::PermDiv,
                                left: left.clone(),
                                right: right.clone(),
                            },
                            p.span,
                        );
                        self.eval_perm(st, &fraction, site)?
                    }
                    _ => self.eval_perm(st, p, site)?,
                };
                let (cmp, reason, what) = if positive {
                    (
                        Cmp::Gt,
                        ErrorReason::PermissionNotPositive,
                        "not be positive",
                    )
                } else {
                    (Cmp::Ge, ErrorReason::NegativePermission, "be negative")
                };
                self.check(
                    st,
                    &rcmp(&t, &perm_none(), cmp),
                    site,
                    reason,
                    p.span,
                    || format!("Fraction {} might {what}.", print_expr(p)),
                )?;
                Some(t)
            }
        };
        // Inside a predicate body being folded or unfolded with permission `p`, every amount
        // is scaled by `p` (a wildcard stays a wildcard).
        Ok(match (amount, &self.perm_scale) {
            (Some(a), Some(p)) => Some(rmul(&a, p)),
            (a, _) => a,
        })
    }

    fn produce_acc(
        &mut self,
        st: &mut State,
        loc: &Expr,
        perm: Option<&Expr>,
        snap: Option<Dynamic>,
        site: Site,
        span: Span,
    ) -> R<()> {
        let (fid, rcv) = self.heap_location(st, loc, site)?;
        let amount = match self.eval_amount(st, perm, site)? {
            Some(p) => p,
            None => self.fresh_wildcard(st),
        };
        let sort = self.sym.fields[fid].sort.clone();
        let val = match &snap {
            Some(s) => match self.sym.unwrap(s, &sort) {
                Some(v) => v,
                None => return self.internal("no sort wrapper for a field"),
            },
            None => self.fresh(&self.sym.fields[fid].name.clone(), &sort),
        };
        let _ = span;
        if self.sym.fields[fid].quantified {
            self.q_add_singleton(st, fid, rcv, amount, val);
        } else {
            self.basic_add(st, fid, rcv, amount, val);
        }
        Ok(())
    }

    /// Evaluates the parts of `forall vars :: conds ==> acc(loc, perm)` for fresh skolem values of
    /// the bound variables, checking well-definedness under the conditions.
    pub fn eval_qp_parts(
        &mut self,
        st: &mut State,
        vars: &[LocalDecl],
        conds: &[&Expr],
        loc: &Expr,
        perm: Option<&Expr>,
        site: Site,
    ) -> R<QpParts> {
        let ExprKind::Field { receiver, field } = &loc.kind else {
            return self.unsupported(loc.span, "quantified predicate access");
        };
        let fid = self.field_id(field)?;
        let mut sks = Vec::new();
        let mut saved = Vec::new();
        for v in vars {
            let sort = self.sort(&v.ty, v.span)?;
            let sk = self.fresh(&v.name.name, &sort);
            saved.push((v.name.name.clone(), st.bind(&v.name.name, sk.clone())));
            sks.push(sk);
        }
        let n_sk = self.skolems.len();
        self.skolems.extend(sks.iter().cloned());
        self.mode.quant_depth += 1;
        let res = self.eval_qp_inner(st, conds, receiver, perm, site);
        self.mode.quant_depth -= 1;
        self.skolems.truncate(n_sk);
        for (name, prev) in saved.into_iter().rev() {
            st.unbind(&name, prev);
        }
        let (cond, rcv, perm) = res?;
        Ok(QpParts {
            vars: sks.clone(),
            cond,
            rcv,
            perm,
            field: fid,
            desc: print_expr(loc),
            names: vars
                .iter()
                .map(|v| v.name.name.clone())
                .zip(sks.iter().cloned())
                .collect(),
            divisions: Vec::new(),
        })
    }

    fn eval_qp_inner(
        &mut self,
        st: &mut State,
        conds: &[&Expr],
        receiver: &Expr,
        perm: Option<&Expr>,
        site: Site,
    ) -> R<(Bool, Dynamic, Option<Real>)> {
        // Conditions, each evaluated under the previous ones; then the receiver and amount under
        // all of them. The path conditions are restored afterwards (facts kept, guarded).
        let base = st.pc.clone();
        let mark = self.defs_log.len();
        let mut cond = tt();
        let mut res = Ok(());
        for c in conds {
            match self.eval_bool(st, c, site) {
                Ok(t) => {
                    st.assume(t.clone());
                    cond = and2(&cond, &t);
                }
                Err(e) => {
                    res = Err(e);
                    break;
                }
            }
        }
        let parts = res.and_then(|()| {
            let rcv = self.eval(st, receiver, site)?;
            let amount = self.eval_amount(st, perm, site)?;
            Ok((rcv, amount))
        });
        self.restore_pc(st, base, &cond, mark);
        let (rcv, amount) = parts?;
        Ok((cond, rcv, amount))
    }

    #[allow(clippy::too_many_arguments)]
    fn produce_forall(
        &mut self,
        st: &mut State,
        vars: &[LocalDecl],
        triggers: &[Trigger],
        body: &Expr,
        snap: Option<Dynamic>,
        site: Site,
        span: Span,
    ) -> R<()> {
        let Some(items) = qp_items(vars, body) else {
            return self.unsupported(span, "this form of quantified permission");
        };
        let mut snap = snap;
        let n_acc = items
            .iter()
            .filter(|i| matches!(i, QpItem::Acc { .. }))
            .count();
        let mut seen_acc = 0;
        for item in &items {
            match item {
                QpItem::Pure { vars, conds, expr } => {
                    let f = pure_forall(vars, triggers, conds, expr, span);
                    let t = self.eval_bool(st, &f, site)?;
                    st.assume(t);
                }
                QpItem::Acc {
                    vars,
                    conds,
                    loc,
                    perm,
                    span: acc_span,
                } => {
                    seen_acc += 1;
                    // The snapshot of the i-th of n permission parts, like a right-nested `&&`.
                    let this = match &snap {
                        Some(s) if seen_acc < n_acc => {
                            let first = self.sym.first(s);
                            snap = Some(self.sym.second(s));
                            Some(first)
                        }
                        other => other.clone(),
                    };
                    let parts = self.eval_qp_parts(st, vars, conds, loc, *perm, site)?;
                    let fsort = self.sym.fields[parts.field].fvf_sort.clone();
                    let fvf = match this {
                        Some(s) => match self.sym.unwrap(&s, &fsort) {
                            Some(f) => Some(f),
                            None => {
                                return self.internal("no sort wrapper for a field-value function")
                            }
                        },
                        None => None,
                    };
                    self.q_produce(st, &parts, fvf, site, *acc_span)?;
                }
            }
        }
        Ok(())
    }
}

/// Unused marker to keep `Stop` in scope for pattern matches in this module.
#[allow(dead_code)]
fn _stop(_: Stop) {}
