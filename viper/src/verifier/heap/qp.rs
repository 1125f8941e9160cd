//! Quantified permissions (after Müller, Schwerhoff and Summers, CAV 2016).
//!
//! `forall xs :: c(xs) ==> acc(e(xs).f, p(xs))` becomes a quantified chunk whose permission at a
//! reference `r` is `c(inv(r)) ? p(inv(r)) : 0`, where the fresh inverse functions `inv` map a
//! receiver back to the bound variables (their axioms hold because `e` is checked injective on
//! the region). Values are read through snapshot maps `sm` that agree with each chunk's
//! field-value function where the chunk holds permission. Consuming takes the needed amount from
//! the chunks one after the other, stopping as soon as a query with a fresh receiver shows that
//! nothing more is needed.

use z3::ast::{Ast, Bool, Dynamic, Real};
use z3::Sort;

use crate::{ErrorReason, Span};

use super::chunks::{Heap, QuantChunk, ReceiverHint};
use super::heap_basic::Amount;
use super::qp_guard::exceeds_under_guard;
use super::qp_lemmas::{
    decomposition_lemmas, decomposition_thresholds, int_args, threshold_lemmas, widths_in, Division,
};
use super::qp_shape::rewrite;
use super::state::State;
use crate::verifier::context::{Site, Verifier, R};
use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::terms::*;
use crate::verifier::smt::triggers::{infer_patterns, valid_pattern_term};

/// The evaluated parts of `forall xs :: cond ==> acc(rcv.field, perm)`; `xs` are skolem constants.
#[derive(Clone, Debug)]
pub struct QpParts {
    pub vars: Vec<Dynamic>,
    pub cond: Bool,
    pub rcv: Dynamic,
    /// `None` for `wildcard`.
    pub perm: Option<Real>,
    pub field: usize,
    /// The location as written (for messages).
    pub desc: String,
    /// The bound variables as written, with their values as terms over `vars` (for
    /// counterexamples; `vars` may be index variables that replaced them, see `qp_shape`).
    pub names: Vec<(String, Dynamic)>,
    /// Quotients by symbolic widths in the region, over `vars` (see `qp_lemmas`).
    pub divisions: Vec<Division>,
}

impl QpParts {
    fn subst_vars(&self, to: &[Dynamic]) -> (Bool, Dynamic, Option<Real>) {
        let pairs: Vec<(&Dynamic, &Dynamic)> = self.vars.iter().zip(to.iter()).collect();
        (
            subst(&self.cond, &pairs),
            subst(&self.rcv, &pairs),
            self.perm.as_ref().map(|p| subst(p, &pairs)),
        )
    }
}

/// The message of a failed quantified consume.
fn lacks(desc: &str) -> String {
    format!("There might be insufficient permission to access {desc}")
}

/// How well a chunk's receivers match the wanted shape (0 when either is unknown).
pub(super) fn hint_score(c: &QuantChunk, wanted: Option<&ReceiverHint>) -> usize {
    match (&c.hint, wanted) {
        (Some(h), Some(w)) => h.score(w),
        _ => 0,
    }
}

impl Verifier<'_, '_> {
    /// The permission a quantified chunk holds to `rcv.f`.
    pub fn q_perm_at(&self, c: &QuantChunk, rcv: &Dynamic) -> Real {
        match &c.singleton {
            Some((at, p)) => ite_real(&eq(at, rcv), p, &perm_none()),
            None => subst(&c.perm, &[(&self.sym.qp_r, rcv)]),
        }
    }

    /// The total permission held to `rcv.field` in quantified chunks.
    pub fn q_total_at(&self, heap: &Heap, field: usize, rcv: &Dynamic) -> Real {
        let mut total = perm_none();
        for (_, c) in heap.quant_of(field) {
            total = radd(&total, &self.q_perm_at(c, rcv));
        }
        total
    }

    /// Whether the chunk of `heap` likeliest to hold `rcv.field` (same receiver shape) provably
    /// holds some permission to it: then so does the heap, every chunk's amount being
    /// non-negative. A small probe that spares the question over the sum of all chunks.
    pub fn q_likeliest_holds(
        &mut self,
        st: &State,
        heap: &Heap,
        field: usize,
        rcv: &Dynamic,
    ) -> bool {
        let hint = ReceiverHint::of(rcv, &[]);
        let best = heap
            .quant_of(field)
            .max_by_key(|(_, c)| hint_score(c, hint.as_ref()))
            .filter(|(_, c)| hint_score(c, hint.as_ref()) > 0)
            .map(|(_, c)| self.q_perm_at(c, rcv));
        match best {
            Some(p) => self.holds(st, &positive(&p)),
            None => false,
        }
    }

    /// The snapshot map of `field` in `heap`: `lookup(sm, r)` is the value of `r.field` wherever
    /// some chunk holds permission to it. Defined once per chunk version and path.
    pub fn q_snapshot_map(&mut self, st: &mut State, heap: &Heap, field: usize) -> Dynamic {
        let key = (field, heap.version(field));
        if let Some(sm) = st.sm_cache.get(&key) {
            return sm.clone();
        }
        let fsort = self.sym.fields[field].fvf_sort.clone();
        let sm = self.fresh_dependent("sm", &fsort);
        let r = self.sym.qp_r.clone();
        let at_sm = self.sym.lookup(field, &sm, &r);
        let quant_chunks: Vec<QuantChunk> = heap.quant_of(field).map(|(_, c)| c.clone()).collect();
        for c in &quant_chunks {
            let at_c = self.sym.lookup(field, &c.fvf, &r);
            let body = implies(&positive(&self.q_perm_at(c, &r)), &eq(&at_sm, &at_c));
            self.define(
                st,
                std::slice::from_ref(&r),
                &[vec![at_sm.clone()], vec![at_c.clone()]],
                &body,
            );
        }
        let basic: Vec<_> = heap.basic_of(field).map(|(_, c)| c.clone()).collect();
        for c in &basic {
            let here = and2(&eq(&r, &c.rcv), &positive(&c.perm));
            let body = implies(&here, &eq(&at_sm, &c.val));
            self.define(st, std::slice::from_ref(&r), &[vec![at_sm.clone()]], &body);
        }
        st.sm_cache.insert(key, sm.clone());
        sm
    }

    /// The value of `rcv.field` (a quantified field) in `heap`.
    pub fn q_value_at(
        &mut self,
        st: &mut State,
        heap: &Heap,
        field: usize,
        rcv: &Dynamic,
    ) -> Dynamic {
        // A single chunk at this very receiver: its value directly, when no quantifier needs a
        // uniform term.
        let sm = self.q_snapshot_map(st, heap, field);
        self.sym.lookup(field, &sm, rcv)
    }

    /// Adds `perm` to the single location `rcv.field` (a quantified field) with value `val`.
    pub fn q_add_singleton(
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
        let fsort = self.sym.fields[field].fvf_sort.clone();
        let fvf = self.fresh_dependent("fvf", &fsort);
        let checked = !self.mode.unchecked;
        if checked {
            if rat_value(&perm).is_none() {
                st.assume(rcmp(&perm, &perm_none(), Cmp::Ge));
            }
            st.assume(implies(&positive(&perm), &not(&eq(&rcv, &self.sym.null))));
            let total = radd(&self.q_total_at(&st.heap, field, &rcv), &perm);
            st.assume(rcmp(&total, &perm_write(), Cmp::Le));
        }
        let value = eq(&self.sym.lookup(field, &fvf, &rcv), &val);
        self.define(st, &[], &[], &value);
        let r = self.sym.qp_r.clone();
        st.heap.touch(field);
        st.heap.quant.push(QuantChunk {
            field,
            perm: ite_real(&eq(&r, &rcv), &perm, &perm_none()),
            fvf,
            hint: ReceiverHint::of(&rcv, &[]),
            singleton: Some((rcv, perm)),
            inverses: Vec::new(),
            divisions: Vec::new(),
        });
    }

    /// Removes `amount` of permission to the single location `rcv.field` (a quantified field).
    /// Returns the location's value before the removal.
    #[allow(clippy::too_many_arguments)]
    pub fn q_take_single(
        &mut self,
        st: &mut State,
        field: usize,
        rcv: &Dynamic,
        amount: &Amount,
        site: Site,
        reason_span: Span,
        what: &str,
    ) -> R<Dynamic> {
        self.q_ground_lemmas(st, field, rcv);
        let total = self.q_total_at(&st.heap, field, rcv);
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
            || format!("There might be insufficient permission to access {what}"),
        )?;
        let heap = st.heap.clone();
        let value = self.q_value_at(st, &heap, field, rcv);
        let amount = match amount {
            Amount::Exact(a) => a.clone(),
            Amount::Wildcard => {
                let w = self.fresh_wildcard(st);
                let facts: Vec<Bool> = heap
                    .quant_of(field)
                    .map(|(_, c)| {
                        let p = self.q_perm_at(c, rcv);
                        implies(&positive(&p), &rcmp(&w, &p, Cmp::Lt))
                    })
                    .collect();
                self.define(st, &[], &[], &and(facts));
                w
            }
        };
        st.heap.touch(field);
        let r = self.sym.qp_r.clone();
        let mut remaining = amount;
        let idx: Vec<usize> = st.heap.quant_of(field).map(|(i, _)| i).collect();
        // Chunks of this very receiver first, then those of the same shape.
        let mut order = idx.clone();
        let hint = ReceiverHint::of(rcv, &[]);
        order.sort_by_key(|&i| {
            let c = &st.heap.quant[i];
            let same = c.singleton.as_ref().is_some_and(|(at, _)| at.ast_eq(rcv));
            (!same, std::cmp::Reverse(hint_score(c, hint.as_ref())))
        });
        let full = is_write_perm(&remaining);
        let mut first = true;
        for i in order {
            if is_none_perm(&remaining) {
                break;
            }
            let avail = self.q_perm_at(&st.heap.quant[i], rcv);
            if is_none_perm(&avail) {
                continue;
            }
            let enough = rcmp(&remaining, &avail, Cmp::Le);
            let covered = is_true(&enough) || self.holds(st, &enough);
            if !covered && full && first {
                // `write` spread over several chunks (checked above): see `qp_write`.
                self.q_take_location(st, field, rcv);
                return Ok(value);
            }
            first = false;
            let take = if covered {
                remaining.clone()
            } else if self.holds(st, &not(&positive(&avail))) {
                // Nothing here (another location): `min(remaining, 0)` as a term would only
                // lengthen this chunk's amount and what remains.
                continue;
            } else {
                rmin(&remaining, &avail)
            };
            let c = &mut st.heap.quant[i];
            match &c.singleton {
                Some((at, p)) if at.ast_eq(rcv) => {
                    let np = rsub(p, &take);
                    c.perm = ite_real(&eq(&r, at), &np, &perm_none());
                    c.singleton = Some((at.clone(), np));
                }
                _ => {
                    c.perm = rsub(&c.perm, &ite_real(&eq(&r, rcv), &take, &perm_none()));
                    c.singleton = None;
                }
            }
            remaining = rsub(&remaining, &take);
        }
        st.heap
            .quant
            .retain(|c| !c.singleton.as_ref().is_some_and(|(_, p)| is_none_perm(p)));
        Ok(value)
    }

    /// The parts with an affine receiver rewritten over index variables (see `qp_shape`), when the
    /// facts the rewriting relies on hold; else the parts as they are.
    fn q_normalize(&mut self, st: &State, parts: &QpParts) -> QpParts {
        let Some(rw) = rewrite(parts) else {
            return parts.clone();
        };
        for ob in &rw.obligations {
            if !self.holds(st, ob) {
                return parts.clone();
            }
        }
        rw.parts
    }

    /// The region's divisions with its index variables replaced by their inverses at the
    /// placeholder receiver.
    fn q_divisions_at(&self, parts: &QpParts, inv_r: &[Dynamic]) -> Vec<Division> {
        let pairs: Vec<(&Dynamic, &Dynamic)> = parts.vars.iter().zip(inv_r.iter()).collect();
        parts
            .divisions
            .iter()
            .map(|d| d.at(subst(&d.index, &pairs)))
            .collect()
    }

    /// Assumes the lemmas of `qp_lemmas` for an access to `rcv.field`, when `rcv` or some chunk
    /// of `field` involves products or quotients by symbolic widths (2-D layouts).
    pub fn q_ground_lemmas(&mut self, st: &mut State, field: usize, rcv: &Dynamic) {
        let mut args = Vec::new();
        int_args(rcv, &mut args);
        let mut divisions: Vec<Division> = Vec::new();
        let mut facts: Vec<Dynamic> = Vec::new();
        for heap in [st.reading(), &st.heap] {
            for (_, c) in heap.quant_of(field) {
                divisions.extend(c.divisions.iter().cloned());
                facts.push(Dynamic::from_ast(&c.perm));
            }
        }
        let mut widths = widths_in(&args);
        widths.extend(divisions.iter().map(|d| d.width.clone()));
        widths.retain(|w| w.as_i64().is_none());
        if widths.is_empty() {
            return;
        }
        // An argument written `m * u + v` is decomposed by `m` even if no region divides by it:
        // two accesses `i*m + j` and `i'*m + j'` are then told apart by row and column.
        for m in widths_in(&args) {
            if m.as_i64().is_none()
                && !divisions
                    .iter()
                    .any(|d| d.width.ast_eq(&m) && d.offset.as_i64() == Some(0))
            {
                if let Some(index) = args.first() {
                    divisions.push(Division {
                        index: index.clone(),
                        width: m,
                        offset: z3::ast::Int::from_i64(0),
                    });
                }
            }
        }
        let r = self.sym.qp_r.clone();
        let facts: Vec<Dynamic> = facts.iter().map(|f| subst(f, &[(&r, rcv)])).collect();
        let divisions: Vec<Division> = divisions
            .iter()
            .map(|d| d.at(subst(&d.index, &[(&r, rcv)])))
            .collect();
        let extra = decomposition_thresholds(&widths, &args);
        let mut lemmas = decomposition_lemmas(&divisions, &args);
        lemmas.extend(threshold_lemmas(&divisions, &args, &facts, &extra));
        for l in lemmas {
            st.assume(l);
        }
    }

    /// Threshold lemmas (see `qp_lemmas`) relating the regions of `needed` and the chunks of
    /// `field` at the placeholder receiver, when some region divides by a symbolic width.
    fn q_threshold_lemmas(
        &self,
        heap: &Heap,
        field: usize,
        needed: &Real,
        needed_divisions: &[Division],
        needed_inverses: &[Dynamic],
    ) -> Vec<Bool> {
        let mut divisions: Vec<Division> = needed_divisions.to_vec();
        let mut indices: Vec<z3::ast::Int> =
            needed_inverses.iter().filter_map(|t| t.as_int()).collect();
        let mut facts: Vec<Dynamic> = vec![Dynamic::from_ast(needed)];
        for (_, c) in heap.quant_of(field) {
            divisions.extend(c.divisions.iter().cloned());
            indices.extend(c.inverses.iter().filter_map(|t| t.as_int()));
            facts.push(Dynamic::from_ast(&c.perm));
        }
        threshold_lemmas(&divisions, &indices, &facts, &[])
    }

    /// Checks that the receiver is injective on the region where permission is asserted.
    pub fn q_check_injective(
        &mut self,
        st: &mut State,
        parts: &QpParts,
        site: Site,
        reason_span: Span,
    ) -> R<()> {
        // Injective for every value of the variables: on the region too.
        if self.mode.unchecked || self.q_shared_inverse(parts).is_some() {
            return Ok(());
        }
        let x1: Vec<Dynamic> = parts
            .vars
            .iter()
            .map(|v| self.fresh("qx1", &v.get_sort()))
            .collect();
        let x2: Vec<Dynamic> = parts
            .vars
            .iter()
            .map(|v| self.fresh("qx2", &v.get_sort()))
            .collect();
        let (c1, e1, p1) = parts.subst_vars(&x1);
        let (c2, e2, p2) = parts.subst_vars(&x2);
        let same_rcv = match self.q_injective_args(parts) {
            // `f(g, e(x1)) == f(g, e(x2))` is `e(x1) == e(x2)` for such an `f`: the question is
            // then arithmetic alone, with no axiom of `f` to instantiate.
            Some(varying) => and(varying
                .iter()
                .map(|&k| eq(&e1.children()[k], &e2.children()[k]))),
            None => eq(&e1, &e2),
        };
        let mut hyp = vec![c1, c2, same_rcv];
        if let (Some(p1), Some(p2)) = (p1, p2) {
            hyp.push(positive(&p1));
            hyp.push(positive(&p2));
        }
        let same = and(x1.iter().zip(x2.iter()).map(|(a, b)| eq(a, b)));
        let goal = implies(&and(hyp), &same);
        self.check(
            st,
            &goal,
            site,
            ErrorReason::QpNotInjective,
            reason_span,
            || format!("Quantified resource {} might not be injective.", parts.desc),
        )
    }

    /// The argument positions of the receiver `f(t1, .., tn)` that mention the bound variables,
    /// when `f` is injective in those positions for every value of the others, as the axioms
    /// alone prove (see `qp_shared`).
    fn q_injective_args(&mut self, parts: &QpParts) -> Option<Vec<usize>> {
        let rcv = &parts.rcv;
        if !rcv.is_app() || rcv.num_children() == 0 {
            return None;
        }
        let args = rcv.children();
        let varying: Vec<usize> = (0..args.len())
            .filter(|&k| parts.vars.iter().any(|v| mentions(&args[k], v)))
            .collect();
        if varying.is_empty() {
            return None;
        }
        let slots: Vec<Dynamic> = varying
            .iter()
            .map(|&k| self.fresh("ix", &args[k].get_sort()))
            .collect();
        let mut new_args = args.clone();
        for (s, &k) in slots.iter().zip(varying.iter()) {
            new_args[k] = s.clone();
        }
        let refs: Vec<&dyn Ast> = new_args.iter().map(|a| a as &dyn Ast).collect();
        let shape = QpParts {
            vars: slots,
            rcv: rcv.safe_decl().ok()?.apply(&refs),
            ..parts.clone()
        };
        self.q_shared_inverse(&shape).map(|_| varying)
    }

    /// Introduces inverse functions for the region and assumes their axioms; returns the terms
    /// `inv_j(r)` over the placeholder receiver and the image guard `img(r)`: `r` is a receiver
    /// of the region. (Without the guard, `forall r :: c(inv(r)) ==> e(inv(r)) == r` would put
    /// every reference in the image whenever `c` holds for every value of the variables, e.g.
    /// `forall b: Bool :: acc(f(b).val)`: permission to any location.)
    fn q_inverse(&mut self, st: &mut State, parts: &QpParts) -> (Vec<Dynamic>, Bool) {
        let r = self.sym.qp_r.clone();
        if parts.vars.len() == 1 && parts.rcv.ast_eq(&parts.vars[0]) {
            return (vec![r], tt());
        }
        if let Some(shared) = self.q_shared_inverse(parts) {
            return shared;
        }
        let ref_sort = self.sym.ref_sort.clone();
        let invs: Vec<_> = parts
            .vars
            .iter()
            .map(|v| self.fresh_function("inv", std::slice::from_ref(&ref_sort), &v.get_sort()))
            .collect();
        let inv_r: Vec<Dynamic> = invs.iter().map(|f| f.apply(&[&r])).collect();
        let inv_e: Vec<Dynamic> = invs.iter().map(|f| f.apply(&[&parts.rcv])).collect();
        let img = self.fresh_function("img", std::slice::from_ref(&ref_sort), &Sort::bool());
        let img_of = |t: &Dynamic| img.apply(&[t]).as_bool().unwrap_or_else(tt);
        let img_r = img_of(&r);
        let perm_pos = |p: &Option<Real>| p.as_ref().map_or_else(tt, positive);
        // forall xs :: c(xs) && p(xs) > 0 ==> inv(e(xs)) == xs
        let lhs = and2(&parts.cond, &perm_pos(&parts.perm));
        let back = and2(
            &and(inv_e.iter().zip(parts.vars.iter()).map(|(i, x)| eq(i, x))),
            &img_of(&parts.rcv),
        );
        let pat_rcv: Vec<Dynamic> = if valid_pattern_term(&parts.rcv, &parts.vars) {
            vec![parts.rcv.clone()]
        } else {
            Vec::new()
        };
        let pat_inv: Vec<Dynamic> = if valid_pattern_term(&inv_e[0], &parts.vars) {
            vec![inv_e[0].clone()]
        } else {
            Vec::new()
        };
        let ax1 = (
            parts.vars.clone(),
            vec![
                if pat_rcv.is_empty() {
                    pat_inv.clone()
                } else {
                    pat_rcv
                },
                pat_inv,
            ],
            implies(&lhs, &back),
        );
        // forall r :: c(inv(r)) && p(inv(r)) > 0 ==> e(inv(r)) == r
        let (c_r, e_r, p_r) = parts.subst_vars(&inv_r);
        let lhs2 = and2(&and2(&img_r, &c_r), &perm_pos(&p_r));
        let ax2 = implies(&lhs2, &eq(&e_r, &r));
        // The receiver itself is the preferred pattern where it mentions every variable (not so
        // while a function is axiomatised: then the inverse application is used).
        let pats1: Vec<Vec<Dynamic>> = if self.mode.abstraction.is_empty() {
            ax1.1[..1].to_vec()
        } else {
            ax1.1[1..].to_vec()
        };
        self.assume_quantified(st, &ax1.0, &pats1, &ax1.2);
        // `img(r)` is a pattern only where the region's condition and amount do not mention
        // `inv(r)` (e.g. `forall b: Bool :: acc(f(b).val)`): everywhere else every term of the
        // form `img(r)` sits next to `inv(r)`, and a second pattern would only let the axiom
        // fire on each image term other regions produce (a matching cascade along the array).
        let guard = and2(&c_r, &perm_pos(&p_r));
        let mut pats = vec![vec![inv_r[0].clone()]];
        if !mentions(&Dynamic::from_ast(&guard), &inv_r[0]) {
            pats.push(vec![img.apply(&[&r])]);
        }
        self.assume_quantified(st, std::slice::from_ref(&r), &pats, &ax2);
        (inv_r, img_r)
    }

    /// The permission a region grants at the placeholder receiver: `c(inv(r)) ? p(inv(r)) : 0`.
    fn q_region_perm(
        &self,
        parts: &QpParts,
        (inv_r, img_r): (&[Dynamic], &Bool),
        wildcard: &Option<Real>,
    ) -> Real {
        let (c_r, _, p_r) = parts.subst_vars(inv_r);
        let c_r = and2(img_r, &c_r);
        let p = match (&p_r, wildcard) {
            (Some(p), _) => p.clone(),
            (None, Some(w)) => w.clone(),
            (None, None) => perm_write(),
        };
        ite_real(&c_r, &p, &perm_none())
    }

    /// Produces a quantified permission. `fvf` is the snapshot's field-value function, if given.
    pub fn q_produce(
        &mut self,
        st: &mut State,
        parts: &QpParts,
        fvf: Option<Dynamic>,
        site: Site,
        reason_span: Span,
    ) -> R<()> {
        let parts = &self.q_normalize(st, parts);
        self.q_check_injective(st, parts, site, reason_span)?;
        let (inv_r, img_r) = self.q_inverse(st, parts);
        let wildcard = if parts.perm.is_none() {
            Some(self.fresh_wildcard(st))
        } else {
            None
        };
        let perm = self.q_region_perm(parts, (&inv_r, &img_r), &wildcard);
        let r = self.sym.qp_r.clone();
        if !self.mode.unchecked {
            // A location held with positive permission is not null.
            let nonnull = implies(&positive(&perm), &not(&eq(&r, &self.sym.null)));
            let ax = quantify(
                std::slice::from_ref(&r),
                &[vec![inv_r[0].clone()]],
                &nonnull,
            );
            if inv_r[0].ast_eq(&r) {
                // The receiver is the bound variable itself: patterns from the condition, with
                // sequence membership in its trigger form (as in the user's quantifiers).
                let pats: Vec<Vec<Dynamic>> =
                    infer_patterns(&Dynamic::from_ast(&nonnull), std::slice::from_ref(&r))
                        .into_iter()
                        .map(|p| p.iter().map(|t| self.as_trigger_term(t)).collect())
                        .collect();
                st.assume(quantify(std::slice::from_ref(&r), &pats, &nonnull));
            } else {
                st.assume(ax);
            }
        }
        let fsort = self.sym.fields[parts.field].fvf_sort.clone();
        let fvf = match fvf {
            Some(f) => f,
            None => self.fresh_dependent("fvf", &fsort),
        };
        st.heap.touch(parts.field);
        let inverses = if inv_r[0].ast_eq(&r) {
            Vec::new()
        } else {
            inv_r.clone()
        };
        let divisions = self.q_divisions_at(parts, &inv_r);
        st.heap.quant.push(QuantChunk {
            field: parts.field,
            perm,
            fvf,
            singleton: None,
            inverses,
            hint: ReceiverHint::of(&parts.rcv, &parts.vars),
            divisions,
        });
        if !self.mode.unchecked {
            self.q_assume_upper_bound(st, parts.field);
        }
        Ok(())
    }

    /// Assumes that at most a full permission is held to any location of `field`, triggered on
    /// the inverse functions of each quantified chunk (as Silicon does).
    fn q_assume_upper_bound(&mut self, st: &mut State, field: usize) {
        let r = self.sym.qp_r.clone();
        let total = self.q_total_at(&st.heap, field, &r);
        let bound = rcmp(&total, &perm_write(), Cmp::Le);
        let triggers: Vec<Dynamic> = st
            .heap
            .quant_of(field)
            .filter_map(|(_, c)| c.inverses.first().cloned())
            .collect();
        for t in triggers {
            st.assume(quantify(std::slice::from_ref(&r), &[vec![t]], &bound));
        }
    }

    /// Consumes a quantified permission. Returns a snapshot map of the region if `want_snapshot`.
    pub fn q_consume(
        &mut self,
        st: &mut State,
        parts: &QpParts,
        site: Site,
        reason_span: Span,
        want_snapshot: bool,
    ) -> R<Option<Dynamic>> {
        let parts = &self.q_normalize(st, parts);
        self.q_check_injective(st, parts, site, reason_span)?;
        let (inv_r, img_r) = self.q_inverse(st, parts);
        let r = self.sym.qp_r.clone();
        let field = parts.field;
        let before = st.heap.clone();
        let needed_divisions = self.q_divisions_at(parts, &inv_r);
        if self.read_only {
            // Only read access is needed, and nothing is removed.
            let region = match &parts.perm {
                Some(_) => positive(&self.q_region_perm(parts, (&inv_r, &img_r), &None)),
                None => and2(
                    &img_r,
                    &subst(
                        &parts.cond,
                        &parts.vars.iter().zip(inv_r.iter()).collect::<Vec<_>>(),
                    ),
                ),
            };
            let total = self.q_total_at(&before, field, &r);
            let fresh_r = self.fresh("r", &self.sym.ref_sort.clone());
            let lemmas = and(self.q_threshold_lemmas(
                &before,
                field,
                &ite_real(&region, &perm_write(), &perm_none()),
                &needed_divisions,
                &inv_r,
            ));
            let goal = subst(
                &implies(&lemmas, &implies(&region, &positive(&total))),
                &[(&r, &fresh_r)],
            );
            self.check(
                st,
                &goal,
                site,
                ErrorReason::InsufficientPermission,
                reason_span,
                || lacks(&parts.desc),
            )?;
            if !want_snapshot {
                return Ok(None);
            }
            return Ok(Some(self.q_region_snapshot(st, &before, field, &region)));
        }
        // For `wildcard`, the amount taken at each location is a fresh positive function of the
        // location, below what the first chunk with permission there holds.
        let (needed, wildcard_fn) = match &parts.perm {
            Some(_) => (self.q_region_perm(parts, (&inv_r, &img_r), &None), None),
            None => {
                let w = self.fresh_function(
                    "wildcard",
                    std::slice::from_ref(&self.sym.ref_sort),
                    &Sort::real(),
                );
                let wr = w.apply(&[&r]).as_real().unwrap_or_else(perm_none);
                (
                    self.q_region_perm(parts, (&inv_r, &img_r), &Some(wr.clone())),
                    Some(wr),
                )
            }
        };
        let msg = || lacks(&parts.desc);
        if let Some(wr) = &wildcard_fn {
            // Some positive permission must be held everywhere in the region.
            let region = positive(&needed);
            let total = self.q_total_at(&before, field, &r);
            let fresh_r = self.fresh("r", &self.sym.ref_sort.clone());
            let lemmas =
                and(self.q_threshold_lemmas(&before, field, &needed, &needed_divisions, &inv_r));
            let goal = subst(
                &implies(&lemmas, &implies(&region, &positive(&total))),
                &[(&r, &fresh_r)],
            );
            self.check(
                st,
                &goal,
                site,
                ErrorReason::InsufficientPermission,
                reason_span,
                msg,
            )?;
            let mut earlier = tt();
            let mut constraints = vec![rcmp(wr, &perm_none(), Cmp::Gt)];
            for (_, c) in before.quant_of(field) {
                let p = self.q_perm_at(c, &r);
                let sel = and2(&earlier, &positive(&p));
                constraints.push(implies(&sel, &rcmp(wr, &p, Cmp::Lt)));
                earlier = and2(&earlier, &not(&positive(&p)));
            }
            let pattern = vec![Dynamic::from_ast(wr)];
            self.assume_quantified(
                st,
                std::slice::from_ref(&r),
                &[pattern],
                &implies(&region, &and(constraints)),
            );
        }
        let mut remaining = needed.clone();
        let mut done = false;
        // Chunks made for receivers of the needed shape first: they usually cover the need, and
        // the "nothing left" check then ends the loop before unrelated chunks cost a query each.
        let mut idx: Vec<usize> = st.heap.quant_of(field).map(|(i, _)| i).collect();
        let hint = ReceiverHint::of(&parts.rcv, &parts.vars);
        idx.sort_by_key(|&i| std::cmp::Reverse(hint_score(&st.heap.quant[i], hint.as_ref())));
        let mut emptied = Vec::new();
        // Facts relating quotients to the regions' bounds, when some region divides by a
        // symbolic width (valid for every receiver: assumed in each query below).
        let lemmas =
            and(self.q_threshold_lemmas(&before, field, &needed, &needed_divisions, &inv_r));
        // The last candidate chunk is not probed: whether it covers what remains is the final
        // check itself (a failed probe would only lead to that check, after a second probe).
        let mut final_goal: Option<(Bool, Dynamic)> = None;
        let n_candidates = idx.len();
        // Taking write where no single chunk covers: see `q_take_region`.
        let full = parts.perm.as_ref().is_some_and(is_write_perm);
        let mut take_region = false;
        let mut first = true;
        for (pos, i) in idx.into_iter().enumerate() {
            let fresh_r = self.fresh("r", &self.sym.ref_sort.clone());
            let at = |t: &Real| subst(t, &[(&r, &fresh_r)]);
            let at_lemmas = subst(&lemmas, &[(&r, &fresh_r)]);
            // A single location outside what remains to be taken is left alone: taking
            // `min(remaining, avail)` from it would be zero, but as a term it would make the
            // location's amount depend on the region, for every later question about it.
            if let Some((at_rcv, _)) = &st.heap.quant[i].singleton {
                let here = subst(&remaining, &[(&r, at_rcv)]);
                let at_lemmas = subst(&lemmas, &[(&r, at_rcv)]);
                if self.holds(st, &implies(&at_lemmas, &not(&positive(&here)))) {
                    continue;
                }
            }
            let avail = self.q_perm_at(&st.heap.quant[i], &r);
            // A chunk holding exactly what remains (the same region over shared inverses, e.g.
            // a footprint exhaled as it was inhaled) is taken whole and dropped: no query, and
            // no `avail - remaining` term left behind to slow every later question.
            if avail.ast_eq(&remaining) {
                emptied.push(i);
                remaining = perm_none();
                done = true;
                break;
            }
            let covers = rcmp(&at(&remaining), &at(&avail), Cmp::Le);
            let covered = if pos + 1 == n_candidates {
                final_goal = Some((implies(&at_lemmas, &covers), fresh_r.clone()));
                true
            } else {
                // A chunk that holds less than what remains inside the common region does
                // not cover it; no probe (see `qp_guard`).
                !exceeds_under_guard(&remaining, &avail)
                    && self.holds(st, &implies(&at_lemmas, &covers))
            };
            if !covered && full && first {
                take_region = true;
                break;
            }
            first = false;
            let (take, chunk_left) = if covered {
                let left = rsub(&avail, &remaining);
                (remaining.clone(), left)
            } else {
                let within = rcmp(&at(&avail), &at(&remaining), Cmp::Le);
                if !exceeds_under_guard(&avail, &remaining)
                    && self.holds(st, &implies(&at_lemmas, &within))
                {
                    (avail.clone(), perm_none())
                } else {
                    let t = rmin(&remaining, &avail);
                    (t.clone(), rsub(&avail, &t))
                }
            };
            let c = &mut st.heap.quant[i];
            c.perm = chunk_left.clone();
            c.singleton = match &c.singleton {
                Some((at_rcv, _)) => Some((at_rcv.clone(), subst(&chunk_left, &[(&r, at_rcv)]))),
                None => None,
            };
            if is_none_perm(&chunk_left) {
                emptied.push(i);
            }
            remaining = rsub(&remaining, &take);
            // "Nothing left" after this chunk is `remaining - min(remaining, avail) <= 0`, i.e.
            // exactly `covers`: no second query. (Unproved, the final check below decides.)
            if covered {
                done = true;
                break;
            }
        }
        if take_region {
            let total = self.q_total_at(&st.heap, field, &r);
            let fresh_r = self.fresh("r", &self.sym.ref_sort.clone());
            let enough = subst(
                &implies(&lemmas, &rcmp(&needed, &total, Cmp::Le)),
                &[(&r, &fresh_r)],
            );
            self.q_check_region(st, parts, &inv_r, (&enough, &fresh_r), site, reason_span)?;
            self.q_take_region(st, field, &positive(&needed), &lemmas, hint.as_ref());
        } else if !done || final_goal.is_some() {
            let (nothing_left, fresh_r) = match final_goal {
                Some(goal) => goal,
                None => {
                    let fresh_r = self.fresh("r", &self.sym.ref_sort.clone());
                    let goal = subst(
                        &implies(&lemmas, &rcmp(&remaining, &perm_none(), Cmp::Le)),
                        &[(&r, &fresh_r)],
                    );
                    (goal, fresh_r)
                }
            };
            self.q_check_region(
                st,
                parts,
                &inv_r,
                (&nothing_left, &fresh_r),
                site,
                reason_span,
            )?;
        }
        // Remove from the highest index down (the loop visited chunks out of index order).
        emptied.sort_unstable();
        for i in emptied.into_iter().rev() {
            st.heap.quant.remove(i);
        }
        st.heap.touch(field);
        if !want_snapshot {
            return Ok(None);
        }
        Ok(Some(self.q_region_snapshot(
            st,
            &before,
            field,
            &positive(&needed),
        )))
    }

    /// The final check of a quantified consume: `goal` over the fresh receiver `at`; a
    /// counterexample names the bound variables of the location that lacks permission.
    fn q_check_region(
        &mut self,
        st: &mut State,
        parts: &QpParts,
        inv_r: &[Dynamic],
        (goal, at): (&Bool, &Dynamic),
        site: Site,
        reason_span: Span,
    ) -> R<()> {
        let r = self.sym.qp_r.clone();
        let at_r: Vec<Dynamic> = inv_r.iter().map(|i| subst(i, &[(&r, at)])).collect();
        let back: Vec<(&Dynamic, &Dynamic)> = parts.vars.iter().zip(at_r.iter()).collect();
        self.extra_probes = parts
            .names
            .iter()
            .map(|(name, t)| (name.clone(), subst(t, &back)))
            .collect();
        let res = self.check(
            st,
            goal,
            site,
            ErrorReason::InsufficientPermission,
            reason_span,
            || lacks(&parts.desc),
        );
        self.extra_probes.clear();
        res
    }

    /// A field-value function agreeing with `heap` on the region (a formula over the
    /// placeholder receiver): the snapshot of a consumed quantified permission.
    fn q_region_snapshot(
        &mut self,
        st: &mut State,
        heap: &Heap,
        field: usize,
        region: &Bool,
    ) -> Dynamic {
        let r = self.sym.qp_r.clone();
        let fsort = self.sym.fields[field].fvf_sort.clone();
        let smr = self.fresh_dependent("smr", &fsort);
        let sm = self.q_snapshot_map(st, heap, field);
        let at_smr = self.sym.lookup(field, &smr, &r);
        let at_sm = self.sym.lookup(field, &sm, &r);
        let body = implies(region, &eq(&at_smr, &at_sm));
        self.define(st, std::slice::from_ref(&r), &[vec![at_smr.clone()]], &body);
        let in_dom = self.sym.indom(field, &smr, &r);
        let dom = iff(&in_dom, region);
        self.define(
            st,
            std::slice::from_ref(&r),
            &[vec![Dynamic::from_ast(&in_dom)]],
            &dom,
        );
        smr
    }
}
