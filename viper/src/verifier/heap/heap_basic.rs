//! Permission and value operations on basic chunks (fields without quantified permissions).

use num_traits::Signed;
use z3::ast::{Bool, Dynamic, Real};

use crate::ErrorReason;

use super::chunks::{BasicChunk, Heap};
use super::state::State;
use crate::verifier::context::{Site, Verifier, R};
use crate::verifier::smt::terms::*;
use crate::Span;

/// A permission amount to take: a term, or `wildcard` (some positive amount less than held).
#[derive(Clone, Debug)]
pub enum Amount {
    Exact(Real),
    Wildcard,
}

/// Whether a permission term is a positive literal.
pub fn lit_positive(p: &Real) -> bool {
    rat_value(p).is_some_and(|v| v.is_positive())
}

impl Verifier<'_, '_> {
    /// The total permission held to `rcv.field` in basic chunks.
    pub fn basic_perm_at(&self, heap: &Heap, field: usize, rcv: &Dynamic) -> Real {
        let mut total = perm_none();
        for (_, c) in heap.basic_of(field) {
            let here = eq(&c.rcv, rcv);
            total = radd(&total, &ite_real(&here, &c.perm, &perm_none()));
        }
        total
    }

    /// The value of `rcv.field` in basic chunks: the value of the first chunk at `rcv` with
    /// positive permission (all such chunks agree). Syntactic matches come first; the last
    /// candidate is the fallback when none applies (the caller checked permission).
    pub fn basic_value_at(&self, heap: &Heap, field: usize, rcv: &Dynamic) -> Option<Dynamic> {
        let mut exact: Vec<&BasicChunk> = Vec::new();
        let mut others: Vec<&BasicChunk> = Vec::new();
        for (_, c) in heap.basic_of(field) {
            if c.rcv.ast_eq(rcv) {
                if lit_positive(&c.perm) {
                    return Some(c.val.clone());
                }
                exact.push(c);
            } else {
                others.push(c);
            }
        }
        let cands: Vec<&BasicChunk> = exact.into_iter().chain(others).collect();
        let (last, init) = cands.split_last()?;
        let mut v = last.val.clone();
        for c in init.iter().rev() {
            let cond = and2(&eq(&c.rcv, rcv), &positive(&c.perm));
            v = ite(&cond, &c.val, &v);
        }
        Some(v)
    }

    /// Adds permission `perm` to `rcv.field` with value `val`, merging with a chunk of the same
    /// receiver and assuming the heap invariants: permissions are non-negative, a location held
    /// with positive permission is not null, at most a full permission is held per location, and
    /// chunks of one location agree on its value.
    pub fn basic_add(
        &mut self,
        st: &mut State,
        field: usize,
        rcv: Dynamic,
        perm: Real,
        val: Dynamic,
    ) {
        if is_none_perm(&perm) {
            return;
        }
        st.heap.touch(field);
        let checked = !self.mode.unchecked;
        if checked && rat_value(&perm).is_none() {
            st.assume(rcmp(&perm, &perm_none(), Cmp::Ge));
        }
        // A predicate instance is no object (its location is not a reference) and may be held
        // more than once (Viper bounds only field permissions).
        let predicate = self.sym.fields[field].predicate;
        if checked && !predicate {
            st.assume(implies(&positive(&perm), &not(&eq(&rcv, &self.sym.null))));
        }
        let merge_at = st
            .heap
            .basic
            .iter()
            .position(|c| c.field == field && c.rcv.ast_eq(&rcv));
        let (perm, val) = match merge_at {
            Some(i) => {
                let old = st.heap.basic.remove(i);
                if checked {
                    let both = and2(&positive(&old.perm), &positive(&perm));
                    st.assume(implies(&both, &eq(&old.val, &val)));
                }
                let v = if lit_positive(&old.perm)
                    || (checked && self.holds(st, &positive(&old.perm)))
                {
                    old.val.clone()
                } else if lit_positive(&perm) {
                    val.clone()
                } else {
                    ite(&positive(&old.perm), &old.val, &val)
                };
                (radd(&old.perm, &perm), v)
            }
            None => (perm, val),
        };
        if checked {
            let mut total = perm.clone();
            let mut facts = Vec::new();
            for (_, c) in st.heap.basic_of(field) {
                let same = eq(&c.rcv, &rcv);
                if is_false(&same) {
                    continue;
                }
                total = radd(&total, &ite_real(&same, &c.perm, &perm_none()));
                facts.push(implies(
                    &and([same.clone(), positive(&c.perm), positive(&perm)]),
                    &eq(&c.val, &val),
                ));
            }
            if !predicate {
                facts.push(rcmp(&total, &perm_write(), Cmp::Le));
            }
            for f in facts {
                st.assume(f);
            }
        }
        st.heap.basic.push(BasicChunk {
            field,
            rcv,
            perm,
            val,
        });
    }

    /// Removes `amount` of permission to `rcv.field`, from several chunks if needed. Fails (with
    /// an error at `site`) if less is held. Returns the location's value.
    #[allow(clippy::too_many_arguments)]
    pub fn basic_take(
        &mut self,
        st: &mut State,
        field: usize,
        rcv: &Dynamic,
        amount: &Amount,
        site: Site,
        reason_span: Span,
        what: &str,
    ) -> R<Dynamic> {
        let msg = || format!("There might be insufficient permission to access {what}");
        // Fast path: one chunk with this very receiver holds enough.
        if let Some(i) = st
            .heap
            .basic
            .iter()
            .position(|c| c.field == field && c.rcv.ast_eq(rcv))
        {
            let p = st.heap.basic[i].perm.clone();
            match amount {
                Amount::Exact(a) => {
                    let enough = rcmp(&p, a, Cmp::Ge);
                    if is_true(&enough) || self.holds(st, &enough) {
                        return Ok(self.basic_reduce(st, i, a));
                    }
                }
                Amount::Wildcard => {
                    let some = positive(&p);
                    if is_true(&some) || self.holds(st, &some) {
                        let w = self.fresh_wildcard(st);
                        self.define(st, &[], &[], &implies(&some, &rcmp(&w, &p, Cmp::Lt)));
                        return Ok(self.basic_reduce(st, i, &w));
                    }
                }
            }
        }
        // General case: the permission may be spread over chunks whose receivers alias `rcv`.
        let total = self.basic_perm_at(&st.heap, field, rcv);
        let needed = match amount {
            Amount::Exact(a) => rcmp(&total, a, Cmp::Ge),
            Amount::Wildcard => positive(&total),
        };
        self.check(
            st,
            &needed,
            site,
            ErrorReason::InsufficientPermission,
            reason_span,
            msg,
        )?;
        let Some(value) = self.basic_value_at(&st.heap, field, rcv) else {
            // No chunk at all, yet the check passed: the path is infeasible.
            return Ok(self.fresh("unreachable", &self.sym.fields[field].sort.clone()));
        };
        let amount = match amount {
            Amount::Exact(a) => a.clone(),
            Amount::Wildcard => {
                let w = self.fresh_wildcard(st);
                let facts: Vec<Bool> = st
                    .heap
                    .basic_of(field)
                    .map(|(_, c)| {
                        let here = and2(&eq(&c.rcv, rcv), &positive(&c.perm));
                        implies(&here, &rcmp(&w, &c.perm, Cmp::Lt))
                    })
                    .collect();
                self.define(st, &[], &[], &and(facts));
                w
            }
        };
        self.basic_spread_take(st, field, rcv, &amount);
        Ok(value)
    }

    /// A fresh positive permission amount (a `wildcard`).
    pub fn fresh_wildcard(&mut self, st: &mut State) -> Real {
        let w = self
            .fresh_dependent("wildcard", &z3::Sort::real())
            .as_real()
            .unwrap_or_else(perm_none);
        self.define(st, &[], &[], &positive(&w));
        w
    }

    /// Subtracts `a` from chunk `i` (dropping it when nothing remains); returns its value.
    fn basic_reduce(&mut self, st: &mut State, i: usize, a: &Real) -> Dynamic {
        st.heap.touch(st.heap.basic[i].field);
        let c = &mut st.heap.basic[i];
        c.perm = rsub(&c.perm, a);
        let val = c.val.clone();
        if is_none_perm(&c.perm) {
            st.heap.basic.remove(i);
        }
        val
    }

    /// Takes `amount` from the chunks at `rcv` greedily: each chunk gives what is still needed,
    /// up to what it holds at `rcv`.
    fn basic_spread_take(&mut self, st: &mut State, field: usize, rcv: &Dynamic, amount: &Real) {
        st.heap.touch(field);
        let mut order: Vec<usize> = st.heap.basic_of(field).map(|(i, _)| i).collect();
        order.sort_by_key(|&i| !st.heap.basic[i].rcv.ast_eq(rcv));
        let mut remaining = amount.clone();
        for i in order {
            if is_none_perm(&remaining) {
                break;
            }
            let here = eq(&st.heap.basic[i].rcv, rcv);
            if is_false(&here) {
                continue;
            }
            let c = &mut st.heap.basic[i];
            let avail = ite_real(&here, &c.perm, &perm_none());
            let take = rmin(&remaining, &avail);
            c.perm = rsub(&c.perm, &take);
            remaining = rsub(&remaining, &take);
        }
        st.heap.basic.retain(|c| !is_none_perm(&c.perm));
    }
}
