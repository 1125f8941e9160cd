//! Sequence indexing and membership as uninterpreted functions linked to Z3's sequence theory.
//!
//! Z3 does not use its interpreted sequence operations as quantifier patterns, so quantifiers over
//! sequence elements (`forall i, j :: ... ==> s[i] != s[j]`, `forall x :: x in s ==> ...`) would
//! never be instantiated. Indexing and membership are therefore applications of functions
//! `$Seq.index` and `$Seq.contains` (per element sort). Each application evaluated outside a
//! quantifier is equated with the interpreted operation by a ground fact; a quantified link
//! would let Z3's sequence solver and E-matching feed each other without bound. Quantified
//! axioms relate the two functions: elements at valid indices are members, and every member is
//! at some valid index.

use z3::ast::{Ast, Bool, Dynamic, Int, Seq};
use z3::{FuncDecl, Sort};

use super::context::{quantify, Verifier};
use super::state::State;
use super::symbols::fresh_name;
use super::terms::*;

/// The functions of one element sort.
pub struct SeqFns {
    index: FuncDecl,
    contains: FuncDecl,
    /// `contains` as used in patterns (like Silicon's `Seq_contains_trigger`), so that the axioms
    /// below cannot feed each other.
    trigger: FuncDecl,
}

impl Verifier<'_, '_> {
    fn seq_fns(&mut self, seq_sort: &Sort) -> &SeqFns {
        let key = seq_sort.to_string();
        if !self.seq_fns.contains_key(&key) {
            let elem = seq_elem_sort(seq_sort);
            let index = FuncDecl::new(fresh_name("$Seq.index"), &[seq_sort, &Sort::int()], &elem);
            let contains = FuncDecl::new(
                fresh_name("$Seq.contains"),
                &[seq_sort, &elem],
                &Sort::bool(),
            );
            let trigger = FuncDecl::new(
                fresh_name("$Seq.trigger"),
                &[seq_sort, &elem],
                &Sort::bool(),
            );
            let s = Dynamic::new_const("$seq.s", seq_sort);
            let i = Dynamic::from_ast(&Int::new_const("$seq.i"));
            let x = Dynamic::new_const("$seq.x", &elem);
            let sq = s.as_seq();
            let at = index.apply(&[&s, &i]);
            let has = contains.apply(&[&s, &x]);
            let witness =
                FuncDecl::new(fresh_name("$Seq.witness"), &[seq_sort, &elem], &Sort::int());
            let trig = |t: &Dynamic| trigger.apply(&[&s, t]).as_bool().unwrap_or_else(tt);
            if let (Some(sq), Some(ii), Some(has_b)) = (sq, i.as_int(), has.as_bool()) {
                let in_range =
                    |k: &Int| and2(&icmp(k, &int(0), Cmp::Ge), &icmp(k, &sq.length(), Cmp::Lt));
                // Members are at some valid index.
                let w = witness.apply(&[&s, &x]);
                let at_w = index.apply(&[&s, &w]);
                if let Some(wi) = w.as_int() {
                    let body = implies(&has_b, &and([in_range(&wi), eq(&at_w, &x), trig(&x)]));
                    self.prover.add_global(quantify(
                        &[s.clone(), x.clone()],
                        &[vec![has.clone()]],
                        &body,
                    ));
                }
                // Elements at valid indices are members.
                let body = implies(&and2(&in_range(&ii), &eq(&at, &x)), &has_b);
                self.prover.add_global(quantify(
                    &[s.clone(), x.clone(), i.clone()],
                    &[vec![has.clone(), at.clone()]],
                    &body,
                ));
                let body = implies(&in_range(&ii), &trig(&at));
                self.prover.add_global(quantify(
                    &[s.clone(), i.clone()],
                    &[vec![at.clone()]],
                    &body,
                ));
            }
            self.seq_fns.insert(
                key.clone(),
                SeqFns {
                    index,
                    contains,
                    trigger,
                },
            );
        }
        &self.seq_fns[&key]
    }

    /// `s[i]`
    pub fn seq_index(&mut self, st: &mut State, s: &Seq, i: &Int) -> Dynamic {
        let fns = self.seq_fns(&s.get_sort());
        let t = fns.index.apply(&[s, i]);
        if !self.depends_on_skolem(&Dynamic::from_ast(s))
            && !self.depends_on_skolem(&Dynamic::from_ast(i))
        {
            st.assume(eq(&t, &s.nth(i)));
        }
        t
    }

    /// `x in s`
    pub fn seq_contains(&mut self, st: &mut State, s: &Seq, x: &Dynamic) -> Bool {
        let in_trigger = self.mode.in_trigger;
        let fns = self.seq_fns(&s.get_sort());
        if in_trigger {
            if let Some(t) = fns.trigger.apply(&[s, x]).as_bool() {
                return t;
            }
        }
        let native = s.contains(Seq::unit(x));
        let Some(t) = fns.contains.apply(&[s, x]).as_bool() else {
            return native;
        };
        if !self.depends_on_skolem(&Dynamic::from_ast(s)) && !self.depends_on_skolem(x) {
            st.assume(iff(&t, &native));
        }
        t
    }
}

impl Verifier<'_, '_> {
    /// A pattern term for `t`: membership becomes its trigger version.
    pub fn as_trigger_term(&self, t: &Dynamic) -> Dynamic {
        let Ok(d) = t.safe_decl() else {
            return t.clone();
        };
        if !d.name().starts_with("$Seq.contains") || t.num_children() != 2 {
            return t.clone();
        }
        let kids = t.children();
        match self.seq_fns.get(&kids[0].get_sort().to_string()) {
            Some(f) => f.trigger.apply(&[&kids[0], &kids[1]]),
            None => t.clone(),
        }
    }
}

/// The element sort of a sequence sort.
fn seq_elem_sort(seq: &Sort) -> Sort {
    // The element sort is recovered from the sort of an element of an empty-sequence constant.
    let probe = Dynamic::new_const("$seq.probe", seq);
    match probe.as_seq() {
        Some(s) => s.nth(Int::from_i64(0)).get_sort(),
        None => Sort::int(),
    }
}
