//! Inverse functions shared by every quantified permission over one injective receiver shape.
//!
//! A region `forall x :: c(x) ==> acc(f(g, x).fld, p)` normally gets inverse functions of its
//! own, valid on its own condition only. Relating two regions at a location then needs the
//! solver to instantiate both regions' axioms through the receiver, which is slow when many
//! regions cover one array (a stencil's `a[i-1]`, `a[i]`, `a[i+1]`, split and re-joined).
//! When `f(g, ·)` is injective for *every* value of its bound arguments, which the axioms alone
//! prove (ompv's array locations: `loc_index(loc(a, i)) == i`), one inverse per argument
//! position is valid everywhere. All regions over `f(g, ·)` then use the same `inv(r)` and
//! image guard `img(r)`, and comparing their permissions at `r` is linear arithmetic over
//! `inv(r)`.

use z3::ast::{Ast, Bool, Dynamic};

use super::qp::QpParts;
use crate::verifier::context::Verifier;
use crate::verifier::smt::pathcond::PathConds;
use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::solver::Answer;
use crate::verifier::smt::terms::{and, eq, implies, mentions, subst};

/// One receiver shape `f(g, slots)` whose shared inverses exist (or were found not to).
pub struct SharedInverse {
    /// The receiver with its bound arguments replaced by the slot placeholders.
    key: Dynamic,
    /// `inv_k(r)` per slot and `img(r)` at the placeholder receiver; `None` when the shape is
    /// not injective from the axioms alone.
    at_r: Option<(Vec<Dynamic>, Bool)>,
}

/// A placeholder for the `k`-th bound argument of a receiver (a name no program declares).
fn slot(k: usize, sort: &z3::Sort) -> Dynamic {
    Dynamic::new_const(format!("qp$slot{k}"), sort)
}

impl Verifier<'_, '_> {
    /// The shared inverses at the placeholder receiver, in the order of `parts.vars`, and the
    /// image guard, when the receiver is an application whose bound variables are distinct
    /// direct arguments, the other arguments do not mention them, and the axioms alone prove the
    /// application injective in them.
    pub(super) fn q_shared_inverse(&mut self, parts: &QpParts) -> Option<(Vec<Dynamic>, Bool)> {
        // While a function is axiomatised, fresh symbols depend on its arguments: per region.
        if !self.mode.abstraction.is_empty() || self.mode.unchecked {
            return None;
        }
        let rcv = &parts.rcv;
        let r = self.sym.qp_r.clone();
        if !rcv.is_app() || rcv.get_sort() != r.get_sort() {
            return None;
        }
        let args = rcv.children();
        // The argument position of each variable, in variable order.
        let mut position = Vec::with_capacity(parts.vars.len());
        for v in &parts.vars {
            let mut at = args.iter().enumerate().filter(|(_, a)| a.ast_eq(v));
            let (i, _) = at.next()?;
            if at.next().is_some() {
                return None;
            }
            position.push(i);
        }
        for (i, a) in args.iter().enumerate() {
            if !position.contains(&i) && parts.vars.iter().any(|v| mentions(a, v)) {
                return None;
            }
        }
        // Slots are numbered by argument position, so one shape has one key.
        let mut by_position: Vec<usize> = (0..parts.vars.len()).collect();
        by_position.sort_by_key(|&k| position[k]);
        let slot_of: Vec<usize> = (0..parts.vars.len())
            .map(|k| by_position.iter().position(|&j| j == k).unwrap_or(k))
            .collect();
        let slots: Vec<Dynamic> = by_position
            .iter()
            .enumerate()
            .map(|(s, &k)| slot(s, &parts.vars[k].get_sort()))
            .collect();
        let pairs: Vec<(&Dynamic, &Dynamic)> = parts
            .vars
            .iter()
            .zip(slot_of.iter())
            .map(|(v, &s)| (v, &slots[s]))
            .collect();
        let key = subst(rcv, &pairs);
        let found = self
            .shared_inverses
            .iter()
            .find(|e| e.key.ast_eq(&key))
            .map(|e| e.at_r.clone());
        let at_r = match found {
            Some(at_r) => at_r,
            None => {
                let at_r = self.q_make_shared(&key, &slots);
                self.shared_inverses.push(SharedInverse {
                    key,
                    at_r: at_r.clone(),
                });
                at_r
            }
        };
        let (invs, img) = at_r?;
        Some((slot_of.iter().map(|&s| invs[s].clone()).collect(), img))
    }

    /// Proves `key` injective in its slots from the axioms alone and, if so, declares the shared
    /// inverse functions and image predicate with their axioms (valid in every state).
    fn q_make_shared(&mut self, key: &Dynamic, slots: &[Dynamic]) -> Option<(Vec<Dynamic>, Bool)> {
        let x1: Vec<Dynamic> = slots
            .iter()
            .map(|s| self.fresh("sx1", &s.get_sort()))
            .collect();
        let x2: Vec<Dynamic> = slots
            .iter()
            .map(|s| self.fresh("sx2", &s.get_sort()))
            .collect();
        let at = |xs: &[Dynamic]| {
            let pairs: Vec<(&Dynamic, &Dynamic)> = slots.iter().zip(xs.iter()).collect();
            subst(key, &pairs)
        };
        let same = and(x1.iter().zip(x2.iter()).map(|(a, b)| eq(a, b)));
        let goal = implies(&eq(&at(&x1), &at(&x2)), &same);
        // No path condition: what is proved holds in every state.
        if self.prover.probe(&PathConds::default(), &goal) != Answer::Valid {
            return None;
        }
        let r = self.sym.qp_r.clone();
        let ref_sort = r.get_sort();
        let invs: Vec<_> = slots
            .iter()
            .map(|s| self.fresh_function("sinv", std::slice::from_ref(&ref_sort), &s.get_sort()))
            .collect();
        let img = self.fresh_function("simg", std::slice::from_ref(&ref_sort), &z3::Sort::bool());
        let img_of = |t: &Dynamic| {
            img.apply(&[t])
                .as_bool()
                .unwrap_or_else(|| Bool::from_bool(true))
        };
        // forall slots :: { key } inv_k(key) == slot_k && img(key)
        let forward = and(invs
            .iter()
            .zip(slots.iter())
            .map(|(f, s)| eq(&f.apply(&[key]), s))
            .chain(std::iter::once(img_of(key))));
        self.prover
            .add_global(quantify(slots, &[vec![key.clone()]], &forward));
        // forall r :: { inv_0(r) } { img(r) } img(r) ==> key[slots := inv(r)] == r
        let r0 = self.fresh("sr", &ref_sort);
        let inv_r0: Vec<Dynamic> = invs.iter().map(|f| f.apply(&[&r0])).collect();
        let back = at(&inv_r0);
        let pats = vec![vec![inv_r0[0].clone()], vec![img.apply(&[&r0])]];
        self.prover.add_global(quantify(
            std::slice::from_ref(&r0),
            &pats,
            &implies(&img_of(&r0), &eq(&back, &r0)),
        ));
        let inv_r = invs.iter().map(|f| f.apply(&[&r])).collect();
        Some((inv_r, img_of(&r)))
    }
}
