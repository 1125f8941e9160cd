//! Sets, axiomatised like Silicon's (after Dafny): per element sort an uninterpreted sort
//! `$Set<T>` with membership, cardinality and the set operations, and quantified axioms with
//! patterns on them.

use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{FuncDecl, Sort};

use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::symbols::fresh_name;
use crate::verifier::smt::terms::*;

/// The functions of one set sort.
pub struct SetFns {
    pub elem: Sort,
    member: FuncDecl,
    card: FuncDecl,
    empty: FuncDecl,
    singleton: FuncDecl,
    add: FuncDecl,
    union: FuncDecl,
    inter: FuncDecl,
    diff: FuncDecl,
    subset: FuncDecl,
    equal: FuncDecl,
}

fn app(f: &FuncDecl, args: &[&Dynamic]) -> Dynamic {
    let a: Vec<&dyn Ast> = args.iter().map(|x| *x as &dyn Ast).collect();
    f.apply(&a)
}

impl SetFns {
    pub(crate) fn declare(set: &Sort, elem: &Sort) -> SetFns {
        let f = |name: &str, args: &[&Sort], ret: &Sort| FuncDecl::new(fresh_name(name), args, ret);
        let (b, i) = (Sort::bool(), Sort::int());
        SetFns {
            elem: elem.clone(),
            member: f("$Set.in", &[elem, set], &b),
            card: f("$Set.card", &[set], &i),
            empty: f("$Set.empty", &[], set),
            singleton: f("$Set.singleton", &[elem], set),
            add: f("$Set.unionone", &[set, elem], set),
            union: f("$Set.union", &[set, set], set),
            inter: f("$Set.intersection", &[set, set], set),
            diff: f("$Set.difference", &[set, set], set),
            subset: f("$Set.subset", &[set, set], &b),
            equal: f("$Set.equal", &[set, set], &b),
        }
    }

    pub fn member(&self, x: &Dynamic, s: &Dynamic) -> Bool {
        app(&self.member, &[x, s]).as_bool().unwrap_or_else(ff)
    }
    pub fn card(&self, s: &Dynamic) -> Int {
        app(&self.card, &[s]).as_int().unwrap_or_else(|| int(0))
    }
    pub fn empty(&self) -> Dynamic {
        app(&self.empty, &[])
    }
    pub fn singleton(&self, x: &Dynamic) -> Dynamic {
        app(&self.singleton, &[x])
    }
    pub fn add(&self, s: &Dynamic, x: &Dynamic) -> Dynamic {
        app(&self.add, &[s, x])
    }
    pub fn union(&self, a: &Dynamic, b: &Dynamic) -> Dynamic {
        app(&self.union, &[a, b])
    }
    pub fn inter(&self, a: &Dynamic, b: &Dynamic) -> Dynamic {
        app(&self.inter, &[a, b])
    }
    pub fn diff(&self, a: &Dynamic, b: &Dynamic) -> Dynamic {
        app(&self.diff, &[a, b])
    }
    pub fn subset(&self, a: &Dynamic, b: &Dynamic) -> Bool {
        app(&self.subset, &[a, b]).as_bool().unwrap_or_else(ff)
    }
    pub fn equal(&self, a: &Dynamic, b: &Dynamic) -> Bool {
        app(&self.equal, &[a, b]).as_bool().unwrap_or_else(ff)
    }

    pub(crate) fn axioms(&self, set: &Sort) -> Vec<Bool> {
        let a = Dynamic::new_const("$q.a", set);
        let bb = Dynamic::new_const("$q.b", set);
        let o = Dynamic::new_const("$q.o", &self.elem);
        let x = Dynamic::new_const("$q.x", &self.elem);
        let d = |v: &dyn Ast| Dynamic::from_ast(v);
        let zero = int(0);
        let mut ax = Vec::new();
        let mut push = |vars: &[&Dynamic], pats: Vec<Vec<Dynamic>>, body: Bool| {
            let vs: Vec<Dynamic> = vars.iter().map(|v| (*v).clone()).collect();
            ax.push(quantify(&vs, &pats, &body));
        };
        let card_a = self.card(&a);
        let card_b = self.card(&bb);
        push(&[&a], vec![vec![d(&card_a)]], icmp(&card_a, &zero, Cmp::Ge));
        let in_empty = self.member(&o, &self.empty());
        push(&[&o], vec![vec![d(&in_empty)]], not(&in_empty));
        push(&[], vec![], eq(&d(&self.card(&self.empty())), &d(&zero)));
        let sk = FuncDecl::new(fresh_name("$Set.skolem"), &[set], &self.elem);
        let witness = app(&sk, &[&a]);
        push(
            &[&a],
            vec![vec![d(&card_a)]],
            and2(
                &iff(&eq(&d(&card_a), &d(&zero)), &eq(&a, &self.empty())),
                &implies(
                    &not(&eq(&d(&card_a), &d(&zero))),
                    &self.member(&witness, &a),
                ),
            ),
        );
        // Singletons and adding one element.
        let single = self.singleton(&x);
        push(
            &[&x],
            vec![vec![single.clone()]],
            and2(
                &self.member(&x, &single),
                &eq(&d(&self.card(&single)), &d(&int(1))),
            ),
        );
        let in_single = self.member(&o, &single);
        push(
            &[&x, &o],
            vec![vec![d(&in_single)]],
            iff(&in_single, &eq(&x, &o)),
        );
        let ax1 = self.add(&a, &x);
        let in_add = self.member(&o, &ax1);
        push(
            &[&a, &x, &o],
            vec![vec![d(&in_add)]],
            iff(&in_add, &or2(&eq(&o, &x), &self.member(&o, &a))),
        );
        push(&[&a, &x], vec![vec![ax1.clone()]], self.member(&x, &ax1));
        push(
            &[&a, &x, &o],
            vec![vec![ax1.clone(), d(&self.member(&o, &a))]],
            implies(&self.member(&o, &a), &self.member(&o, &ax1)),
        );
        let card_add = self.card(&ax1);
        push(
            &[&a, &x],
            vec![vec![d(&card_add)]],
            eq(
                &d(&card_add),
                &ite(
                    &self.member(&x, &a),
                    &d(&card_a),
                    &d(&iadd(&card_a, &int(1))),
                ),
            ),
        );
        // Union, intersection, difference.
        let un = self.union(&a, &bb);
        let it = self.inter(&a, &bb);
        let df = self.diff(&a, &bb);
        let in_a = self.member(&o, &a);
        let in_b = self.member(&o, &bb);
        let in_un = self.member(&o, &un);
        push(
            &[&a, &bb, &o],
            vec![vec![d(&in_un)]],
            iff(&in_un, &or2(&in_a, &in_b)),
        );
        push(
            &[&a, &bb, &o],
            vec![vec![un.clone(), d(&in_a)]],
            implies(&in_a, &in_un),
        );
        push(
            &[&a, &bb, &o],
            vec![vec![un.clone(), d(&in_b)]],
            implies(&in_b, &in_un),
        );
        let in_it = self.member(&o, &it);
        push(
            &[&a, &bb, &o],
            vec![
                vec![d(&in_it)],
                vec![it.clone(), d(&in_a)],
                vec![it.clone(), d(&in_b)],
            ],
            iff(&in_it, &and2(&in_a, &in_b)),
        );
        let in_df = self.member(&o, &df);
        push(
            &[&a, &bb, &o],
            vec![vec![d(&in_df)], vec![df.clone(), d(&in_a)]],
            iff(&in_df, &and2(&in_a, &not(&in_b))),
        );
        push(
            &[&a, &bb, &o],
            vec![vec![df.clone(), d(&in_b)]],
            implies(&in_b, &not(&in_df)),
        );
        let un2 = self.union(&un, &bb);
        push(&[&a, &bb], vec![vec![un2.clone()]], eq(&un2, &un));
        let un3 = self.union(&a, &un);
        push(&[&a, &bb], vec![vec![un3.clone()]], eq(&un3, &un));
        let it2 = self.inter(&it, &bb);
        push(&[&a, &bb], vec![vec![it2.clone()]], eq(&it2, &it));
        let it3 = self.inter(&a, &it);
        push(&[&a, &bb], vec![vec![it3.clone()]], eq(&it3, &it));
        let (c_un, c_it, c_df) = (self.card(&un), self.card(&it), self.card(&df));
        push(
            &[&a, &bb],
            vec![vec![d(&c_un)], vec![d(&c_it)]],
            eq(&d(&iadd(&c_un, &c_it)), &d(&iadd(&card_a, &card_b))),
        );
        let c_df2 = self.card(&self.diff(&bb, &a));
        push(
            &[&a, &bb],
            vec![vec![d(&c_df)]],
            and2(
                &eq(&d(&iadd(&iadd(&c_df, &c_df2), &c_it)), &d(&c_un)),
                &eq(&d(&c_df), &d(&isub(&card_a, &c_it))),
            ),
        );
        // Subset and extensional equality.
        let o2 = Dynamic::new_const("$q.o2", &self.elem);
        let (in_a2, in_b2) = (self.member(&o2, &a), self.member(&o2, &bb));
        let sub = self.subset(&a, &bb);
        let all_in = quantify(
            std::slice::from_ref(&o2),
            &[vec![d(&in_a2)], vec![d(&in_b2)]],
            &implies(&in_a2, &in_b2),
        );
        push(&[&a, &bb], vec![vec![d(&sub)]], iff(&sub, &all_in));
        let equal = self.equal(&a, &bb);
        let same = quantify(
            std::slice::from_ref(&o2),
            &[vec![d(&in_a2)], vec![d(&in_b2)]],
            &iff(&in_a2, &in_b2),
        );
        push(&[&a, &bb], vec![vec![d(&equal)]], iff(&equal, &same));
        push(
            &[&a, &bb],
            vec![vec![d(&equal)]],
            implies(&equal, &eq(&a, &bb)),
        );
        ax
    }
}
