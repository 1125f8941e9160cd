//! Taking `write` from quantified chunks when no single chunk covers it.
//!
//! The greedy consume (`q_consume`, `q_take_single`) takes `min(remaining, avail)` from one
//! chunk after the other. Where a footprint is split over many chunks (a region exhaled and
//! inhaled again in pieces, such as the rows of a stencil), each step nests another `min` in
//! the amounts left behind, and every later question about the field carries all of them: the
//! terms grow with every piece and the solver's case splits with them.
//!
//! Taking `write` needs none of that. No location ever holds more than `write` (Viper's
//! permission bound, assumed whenever permission is added), so once the check shows the chunks
//! together hold `write` at every location of the region, taking it leaves nothing at those
//! locations in any chunk: each chunk's amount becomes `region(r) ? 0 : avail(r)`, exactly.

use z3::ast::{Bool, Dynamic};

use super::chunks::ReceiverHint;
use super::qp::hint_score;
use super::state::State;
use crate::verifier::context::Verifier;
use crate::verifier::smt::terms::*;

impl Verifier<'_, '_> {
    /// Removes everything the chunks of `field` hold where `inside` (a formula over the
    /// placeholder receiver) holds; `lemmas` are facts valid at every receiver. The caller has
    /// checked that the chunks hold `write` there.
    pub fn q_take_region(
        &mut self,
        st: &mut State,
        field: usize,
        inside: &Bool,
        lemmas: &Bool,
        hint: Option<&ReceiverHint>,
    ) {
        let r = self.sym.qp_r.clone();
        let idx: Vec<usize> = st.heap.quant_of(field).map(|(i, _)| i).collect();
        let best = idx
            .iter()
            .map(|&i| hint_score(&st.heap.quant[i], hint))
            .max()
            .unwrap_or(0);
        let mut emptied = Vec::new();
        for i in idx {
            let chunk = &st.heap.quant[i];
            match chunk.singleton.clone() {
                Some((at, p)) => {
                    // One location: whether it lies inside the region is a ground question.
                    let here = subst(inside, &[(&r, &at)]);
                    let known = subst(lemmas, &[(&r, &at)]);
                    if self.holds(st, &implies(&known, &not(&here))) {
                        continue;
                    }
                    if self.holds(st, &implies(&known, &here)) {
                        emptied.push(i);
                        continue;
                    }
                    let p = ite_real(&here, &perm_none(), &p);
                    let c = &mut st.heap.quant[i];
                    c.perm = ite_real(inside, &perm_none(), &c.perm);
                    c.singleton = Some((at, p));
                }
                None => {
                    // A chunk of the region's shape is likely a piece of it: if all it holds
                    // lies inside, it goes. Any other chunk keeps what it holds outside, with
                    // no question asked (a failed probe costs more than the guard).
                    if best > 0 && hint_score(chunk, hint) == best {
                        let at = self.fresh("r", &self.sym.ref_sort.clone());
                        let avail = self.q_perm_at(chunk, &at);
                        let here = subst(inside, &[(&r, &at)]);
                        let known = subst(lemmas, &[(&r, &at)]);
                        if self.holds(st, &implies(&known, &implies(&positive(&avail), &here))) {
                            emptied.push(i);
                            continue;
                        }
                    }
                    let c = &mut st.heap.quant[i];
                    c.perm = ite_real(inside, &perm_none(), &c.perm);
                }
            }
        }
        for i in emptied.into_iter().rev() {
            st.heap.quant.remove(i);
        }
        st.heap.touch(field);
    }

    /// [`Self::q_take_region`] for the single location `rcv`.
    pub fn q_take_location(&mut self, st: &mut State, field: usize, rcv: &Dynamic) {
        let inside = eq(&self.sym.qp_r.clone(), rcv);
        let hint = ReceiverHint::of(rcv, &[]);
        self.q_take_region(st, field, &inside, &tt(), hint.as_ref());
    }
}
