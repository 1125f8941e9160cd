//! Sequences, axiomatised like Silicon's (after Dafny): for each element sort an uninterpreted
//! sort `$Seq<T>` with functions for length, indexing, the constructors, and membership, and
//! quantified axioms with patterns on them.
//!
//! Z3's own sequence theory is not used: its operations cannot appear in quantifier patterns, and
//! linking it to uninterpreted functions by quantifiers lets its solver and E-matching feed each
//! other without bound. Membership has a separate trigger function (as Silicon's
//! `Seq_contains_trigger`) so that the membership axioms cannot instantiate each other forever.

use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{FuncDecl, Sort};

use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::symbols::fresh_name;
use crate::verifier::smt::terms::*;

/// The functions of one sequence sort.
pub struct SeqFns {
    pub elem: Sort,
    length: FuncDecl,
    empty: FuncDecl,
    singleton: FuncDecl,
    append: FuncDecl,
    index: FuncDecl,
    update: FuncDecl,
    take: FuncDecl,
    drop: FuncDecl,
    contains: FuncDecl,
    trigger: FuncDecl,
    equal: FuncDecl,
    /// Only for `$Seq<Int>`.
    range: Option<FuncDecl>,
}

fn app(f: &FuncDecl, args: &[&Dynamic]) -> Dynamic {
    let a: Vec<&dyn Ast> = args.iter().map(|x| *x as &dyn Ast).collect();
    f.apply(&a)
}

fn int_of(t: &Dynamic) -> Int {
    t.as_int().unwrap_or_else(|| Int::from_i64(0))
}

fn bool_of(t: &Dynamic) -> Bool {
    t.as_bool().unwrap_or_else(ff)
}

impl SeqFns {
    pub(crate) fn declare(seq: &Sort, elem: &Sort) -> SeqFns {
        let int = Sort::int();
        let b = Sort::bool();
        let f = |name: &str, args: &[&Sort], ret: &Sort| FuncDecl::new(fresh_name(name), args, ret);
        SeqFns {
            elem: elem.clone(),
            length: f("$Seq.length", &[seq], &int),
            empty: f("$Seq.empty", &[], seq),
            singleton: f("$Seq.singleton", &[elem], seq),
            append: f("$Seq.append", &[seq, seq], seq),
            index: f("$Seq.index", &[seq, &int], elem),
            update: f("$Seq.update", &[seq, &int, elem], seq),
            take: f("$Seq.take", &[seq, &int], seq),
            drop: f("$Seq.drop", &[seq, &int], seq),
            contains: f("$Seq.contains", &[seq, elem], &b),
            trigger: f("$Seq.trigger", &[seq, elem], &b),
            equal: f("$Seq.equal", &[seq, seq], &b),
            range: (*elem == int).then(|| f("$Seq.range", &[&int, &int], seq)),
        }
    }

    pub fn length(&self, s: &Dynamic) -> Int {
        int_of(&app(&self.length, &[s]))
    }

    pub fn empty(&self) -> Dynamic {
        app(&self.empty, &[])
    }

    pub fn singleton(&self, x: &Dynamic) -> Dynamic {
        app(&self.singleton, &[x])
    }

    pub fn append(&self, s: &Dynamic, t: &Dynamic) -> Dynamic {
        app(&self.append, &[s, t])
    }

    pub fn index(&self, s: &Dynamic, i: &Int) -> Dynamic {
        app(&self.index, &[s, &Dynamic::from_ast(i)])
    }

    pub fn update(&self, s: &Dynamic, i: &Int, v: &Dynamic) -> Dynamic {
        app(&self.update, &[s, &Dynamic::from_ast(i), v])
    }

    pub fn take(&self, s: &Dynamic, n: &Int) -> Dynamic {
        app(&self.take, &[s, &Dynamic::from_ast(n)])
    }

    pub fn drop(&self, s: &Dynamic, n: &Int) -> Dynamic {
        app(&self.drop, &[s, &Dynamic::from_ast(n)])
    }

    pub fn contains(&self, s: &Dynamic, x: &Dynamic) -> Bool {
        bool_of(&app(&self.contains, &[s, x]))
    }

    pub fn trigger(&self, s: &Dynamic, x: &Dynamic) -> Bool {
        bool_of(&app(&self.trigger, &[s, x]))
    }

    pub fn equal(&self, s: &Dynamic, t: &Dynamic) -> Bool {
        bool_of(&app(&self.equal, &[s, t]))
    }

    pub fn range(&self, lo: &Int, hi: &Int) -> Option<Dynamic> {
        let f = self.range.as_ref()?;
        Some(app(f, &[&Dynamic::from_ast(lo), &Dynamic::from_ast(hi)]))
    }

    /// The axioms (all quantified, each with patterns).
    pub(crate) fn axioms(&self, seq: &Sort) -> Vec<Bool> {
        let s = Dynamic::new_const("$q.s", seq);
        let t = Dynamic::new_const("$q.t", seq);
        let x = Dynamic::new_const("$q.x", &self.elem);
        let y = Dynamic::new_const("$q.y", &self.elem);
        let iv = Int::new_const("$q.i");
        let jv = Int::new_const("$q.j");
        let nv = Int::new_const("$q.n");
        let (i, j, n) = (
            Dynamic::from_ast(&iv),
            Dynamic::from_ast(&jv),
            Dynamic::from_ast(&nv),
        );
        let zero = int(0);
        let ge0 = |k: &Int| icmp(k, &zero, Cmp::Ge);
        let lt = |a: &Int, b: &Int| icmp(a, b, Cmp::Lt);
        let le = |a: &Int, b: &Int| icmp(a, b, Cmp::Le);
        let d = |v: &dyn Ast| Dynamic::from_ast(v);
        let len_s = self.length(&s);
        let len_t = self.length(&t);
        let in_s = |k: &Int| and2(&ge0(k), &lt(k, &len_s));
        let mut ax = Vec::new();
        let mut push = |vars: &[&Dynamic], pats: Vec<Vec<Dynamic>>, body: Bool| {
            let vs: Vec<Dynamic> = vars.iter().map(|v| (*v).clone()).collect();
            ax.push(quantify(&vs, &pats, &body));
        };
        // Length.
        push(&[&s], vec![vec![d(&len_s)]], ge0(&len_s));
        push(&[], vec![], eq(&d(&self.length(&self.empty())), &d(&zero)));
        push(
            &[&s],
            vec![vec![d(&len_s)]],
            implies(&eq(&d(&len_s), &d(&zero)), &eq(&s, &self.empty())),
        );
        let single = self.singleton(&x);
        push(
            &[&x],
            vec![vec![single.clone()]],
            and2(
                &eq(&d(&self.length(&single)), &d(&int(1))),
                &eq(&self.index(&single, &zero), &x),
            ),
        );
        // Append.
        let st = self.append(&s, &t);
        push(
            &[&s, &t],
            vec![vec![d(&self.length(&st))]],
            eq(&d(&self.length(&st)), &d(&iadd(&len_s, &len_t))),
        );
        push(
            &[&t],
            vec![vec![self.append(&self.empty(), &t)]],
            eq(&self.append(&self.empty(), &t), &t),
        );
        push(
            &[&s],
            vec![vec![self.append(&s, &self.empty())]],
            eq(&self.append(&s, &self.empty()), &s),
        );
        let at_st = self.index(&st, &iv);
        push(
            &[&s, &t, &i],
            vec![vec![at_st.clone()]],
            and2(
                &implies(&in_s(&iv), &eq(&at_st, &self.index(&s, &iv))),
                &implies(
                    &and2(&le(&len_s, &iv), &lt(&iv, &iadd(&len_s, &len_t))),
                    &eq(&at_st, &self.index(&t, &isub(&iv, &len_s))),
                ),
            ),
        );
        // Update.
        let upd = self.update(&s, &iv, &x);
        push(
            &[&s, &i, &x],
            vec![vec![d(&self.length(&upd))]],
            implies(&in_s(&iv), &eq(&d(&self.length(&upd)), &d(&len_s))),
        );
        let at_upd = self.index(&upd, &jv);
        push(
            &[&s, &i, &x, &j],
            vec![vec![at_upd.clone()]],
            implies(
                &and2(&in_s(&iv), &in_s(&jv)),
                &eq(&at_upd, &ite(&eq(&i, &j), &x, &self.index(&s, &jv))),
            ),
        );
        // Take and drop.
        let tk = self.take(&s, &nv);
        let len_tk = ite(
            &lt(&nv, &zero),
            &d(&zero),
            &ite(&le(&nv, &len_s), &n, &d(&len_s)),
        );
        push(
            &[&s, &n],
            vec![vec![d(&self.length(&tk))]],
            eq(&d(&self.length(&tk)), &len_tk),
        );
        let at_tk = self.index(&tk, &jv);
        push(
            &[&s, &n, &j],
            vec![vec![at_tk.clone()]],
            implies(
                &and([ge0(&jv), lt(&jv, &nv), lt(&jv, &len_s)]),
                &eq(&at_tk, &self.index(&s, &jv)),
            ),
        );
        let dr = self.drop(&s, &nv);
        let len_dr = ite(
            &lt(&nv, &zero),
            &d(&len_s),
            &ite(&le(&nv, &len_s), &d(&isub(&len_s, &nv)), &d(&zero)),
        );
        push(
            &[&s, &n],
            vec![vec![d(&self.length(&dr))]],
            eq(&d(&self.length(&dr)), &len_dr),
        );
        let at_dr = self.index(&dr, &jv);
        push(
            &[&s, &n, &j],
            vec![vec![at_dr.clone()]],
            implies(
                &and([ge0(&nv), ge0(&jv), lt(&jv, &isub(&len_s, &nv))]),
                &eq(&at_dr, &self.index(&s, &iadd(&jv, &nv))),
            ),
        );
        push(
            &[&s, &n],
            vec![vec![d(&self.length(&dr))]],
            implies(&icmp(&nv, &zero, Cmp::Le), &eq(&dr, &s)),
        );
        push(
            &[&s, &n],
            vec![vec![tk.clone()]],
            and2(
                &implies(&le(&len_s, &nv), &eq(&tk, &s)),
                &implies(&le(&nv, &zero), &eq(&tk, &self.empty())),
            ),
        );
        push(
            &[&s, &n],
            vec![vec![dr.clone()]],
            and2(
                &implies(&le(&len_s, &nv), &eq(&dr, &self.empty())),
                &implies(&le(&nv, &zero), &eq(&dr, &s)),
            ),
        );
        // From the elements of a sequence to those of its prefixes and suffixes.
        let at_s_i = self.index(&s, &iv);
        push(
            &[&s, &n, &i],
            vec![vec![tk.clone(), at_s_i.clone()]],
            implies(
                &and([ge0(&iv), lt(&iv, &nv), lt(&iv, &len_s)]),
                &eq(&self.index(&tk, &iv), &at_s_i),
            ),
        );
        push(
            &[&s, &n, &i],
            vec![vec![dr.clone(), at_s_i.clone()]],
            implies(
                &and([ge0(&nv), le(&nv, &iv), lt(&iv, &len_s)]),
                &eq(&self.index(&dr, &isub(&iv, &nv)), &at_s_i),
            ),
        );
        let td = self.append(&tk, &dr);
        push(
            &[&s, &n],
            vec![vec![td.clone()]],
            implies(&and2(&ge0(&nv), &le(&nv, &len_s)), &eq(&td, &s)),
        );
        // Membership: members are at some valid index, elements at valid indices are members.
        let has = self.contains(&s, &x);
        let sk = FuncDecl::new(fresh_name("$Seq.skolem"), &[seq, &self.elem], &Sort::int());
        let w = int_of(&app(&sk, &[&s, &x]));
        push(
            &[&s, &x],
            vec![vec![d(&has)]],
            implies(
                &has,
                &and([in_s(&w), eq(&self.index(&s, &w), &x), self.trigger(&s, &x)]),
            ),
        );
        let at = self.index(&s, &iv);
        push(
            &[&s, &x, &i],
            vec![vec![d(&has), at.clone()]],
            implies(&and2(&in_s(&iv), &eq(&at, &x)), &has),
        );
        push(
            &[&s, &i],
            vec![vec![at.clone()]],
            implies(&in_s(&iv), &self.trigger(&s, &at)),
        );
        let has_single = self.contains(&single, &y);
        push(
            &[&x, &y],
            vec![vec![d(&has_single)]],
            iff(&has_single, &eq(&x, &y)),
        );
        let has_app = self.contains(&st, &x);
        push(
            &[&s, &t, &x],
            vec![vec![d(&has_app)]],
            iff(
                &has_app,
                &or2(&self.contains(&s, &x), &self.contains(&t, &x)),
            ),
        );
        push(
            &[&x],
            vec![vec![d(&self.contains(&self.empty(), &x))]],
            not(&self.contains(&self.empty(), &x)),
        );
        // Extensional equality.
        let eqst = self.equal(&s, &t);
        let k = Int::new_const("$q.k");
        let pointwise = quantify(
            &[d(&k)],
            &[vec![self.index(&s, &k)], vec![self.index(&t, &k)]],
            &implies(
                &and2(&ge0(&k), &lt(&k, &len_s)),
                &eq(&self.index(&s, &k), &self.index(&t, &k)),
            ),
        );
        push(
            &[&s, &t],
            vec![vec![d(&eqst)]],
            iff(&eqst, &and2(&eq(&d(&len_s), &d(&len_t)), &pointwise)),
        );
        push(&[&s, &t], vec![vec![d(&eqst)]], implies(&eqst, &eq(&s, &t)));
        // Ranges of integers.
        if let Some(r) = self.range(&iv, &jv) {
            let len_r = ite(&lt(&iv, &jv), &d(&isub(&jv, &iv)), &d(&zero));
            push(
                &[&i, &j],
                vec![vec![d(&self.length(&r))]],
                eq(&d(&self.length(&r)), &len_r),
            );
            let at_r = self.index(&r, &nv);
            push(
                &[&i, &j, &n],
                vec![vec![at_r.clone()]],
                implies(
                    &and2(&ge0(&nv), &lt(&nv, &isub(&jv, &iv))),
                    &eq(&at_r, &d(&iadd(&iv, &nv))),
                ),
            );
            let has_r = self.contains(&r, &n);
            push(
                &[&i, &j, &n],
                vec![vec![d(&has_r)]],
                iff(&has_r, &and2(&le(&iv, &nv), &lt(&nv, &jv))),
            );
        }
        ax
    }
}
