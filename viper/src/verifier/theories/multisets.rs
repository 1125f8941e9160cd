//! Multisets, axiomatised like Silicon's (after Dafny): per element sort an uninterpreted sort
//! `$Multiset<T>` with the number of occurrences of an element (`x in m` in Viper), the size, and
//! the multiset operations.

use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{FuncDecl, Sort};

use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::symbols::fresh_name;
use crate::verifier::smt::terms::*;

/// The functions of one multiset sort.
pub struct MultisetFns {
    count: FuncDecl,
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

impl MultisetFns {
    pub(crate) fn declare(ms: &Sort, elem: &Sort) -> MultisetFns {
        let f = |name: &str, args: &[&Sort], ret: &Sort| FuncDecl::new(fresh_name(name), args, ret);
        let (b, i) = (Sort::bool(), Sort::int());
        MultisetFns {
            count: f("$Multiset.count", &[ms, elem], &i),
            card: f("$Multiset.card", &[ms], &i),
            empty: f("$Multiset.empty", &[], ms),
            singleton: f("$Multiset.singleton", &[elem], ms),
            add: f("$Multiset.unionone", &[ms, elem], ms),
            union: f("$Multiset.union", &[ms, ms], ms),
            inter: f("$Multiset.intersection", &[ms, ms], ms),
            diff: f("$Multiset.difference", &[ms, ms], ms),
            subset: f("$Multiset.subset", &[ms, ms], &b),
            equal: f("$Multiset.equal", &[ms, ms], &b),
        }
    }

    pub fn count(&self, m: &Dynamic, x: &Dynamic) -> Int {
        app(&self.count, &[m, x]).as_int().unwrap_or_else(|| int(0))
    }
    pub fn card(&self, m: &Dynamic) -> Int {
        app(&self.card, &[m]).as_int().unwrap_or_else(|| int(0))
    }
    pub fn empty(&self) -> Dynamic {
        app(&self.empty, &[])
    }
    pub fn add(&self, m: &Dynamic, x: &Dynamic) -> Dynamic {
        app(&self.add, &[m, x])
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

    pub(crate) fn axioms(&self, ms: &Sort, elem: &Sort) -> Vec<Bool> {
        let a = Dynamic::new_const("$q.a", ms);
        let bb = Dynamic::new_const("$q.b", ms);
        let o = Dynamic::new_const("$q.o", elem);
        let x = Dynamic::new_const("$q.x", elem);
        let d = |v: &dyn Ast| Dynamic::from_ast(v);
        let zero = int(0);
        let one = int(1);
        let mut ax = Vec::new();
        let mut push = |vars: &[&Dynamic], pats: Vec<Vec<Dynamic>>, body: Bool| {
            let vs: Vec<Dynamic> = vars.iter().map(|v| (*v).clone()).collect();
            ax.push(quantify(&vs, &pats, &body));
        };
        let (ca, cb) = (self.count(&a, &o), self.count(&bb, &o));
        let (card_a, card_b) = (self.card(&a), self.card(&bb));
        push(&[&a, &o], vec![vec![d(&ca)]], icmp(&ca, &zero, Cmp::Ge));
        push(&[&a], vec![vec![d(&card_a)]], icmp(&card_a, &zero, Cmp::Ge));
        let c_empty = self.count(&self.empty(), &o);
        push(&[&o], vec![vec![d(&c_empty)]], eq(&d(&c_empty), &d(&zero)));
        push(&[], vec![], eq(&d(&self.card(&self.empty())), &d(&zero)));
        let sk = FuncDecl::new(fresh_name("$Multiset.skolem"), &[ms], elem);
        let w = app(&sk, &[&a]);
        push(
            &[&a],
            vec![vec![d(&card_a)]],
            and2(
                &iff(&eq(&d(&card_a), &d(&zero)), &eq(&a, &self.empty())),
                &implies(
                    &not(&eq(&d(&card_a), &d(&zero))),
                    &icmp(&self.count(&a, &w), &zero, Cmp::Gt),
                ),
            ),
        );
        // Singletons are one-element additions to the empty multiset.
        let single = app(&self.singleton, &[&x]);
        push(
            &[&x],
            vec![vec![single.clone()]],
            eq(&single, &self.add(&self.empty(), &x)),
        );
        let ax1 = self.add(&a, &x);
        let c_add = self.count(&ax1, &o);
        push(
            &[&a, &x, &o],
            vec![vec![d(&c_add)], vec![ax1.clone(), d(&ca)]],
            eq(&d(&c_add), &ite(&eq(&x, &o), &d(&iadd(&ca, &one)), &d(&ca))),
        );
        let card_add = self.card(&ax1);
        push(
            &[&a, &x],
            vec![vec![d(&card_add)], vec![ax1.clone(), d(&card_a)]],
            eq(&d(&card_add), &d(&iadd(&card_a, &one))),
        );
        push(
            &[&a, &x],
            vec![vec![ax1.clone()]],
            and2(
                &icmp(&self.count(&ax1, &x), &zero, Cmp::Gt),
                &icmp(&card_add, &zero, Cmp::Gt),
            ),
        );
        // Union, intersection, difference.
        let (un, it, df) = (self.union(&a, &bb), self.inter(&a, &bb), self.diff(&a, &bb));
        let c_un = self.count(&un, &o);
        push(
            &[&a, &bb, &o],
            vec![vec![d(&c_un)], vec![un.clone(), d(&ca), d(&cb)]],
            eq(&d(&c_un), &d(&iadd(&ca, &cb))),
        );
        let card_un = self.card(&un);
        push(
            &[&a, &bb],
            vec![
                vec![d(&card_un)],
                vec![d(&card_a), un.clone()],
                vec![d(&card_b), un.clone()],
            ],
            eq(&d(&card_un), &d(&iadd(&card_a, &card_b))),
        );
        let c_it = self.count(&it, &o);
        push(
            &[&a, &bb, &o],
            vec![vec![d(&c_it)]],
            eq(&d(&c_it), &ite(&icmp(&ca, &cb, Cmp::Le), &d(&ca), &d(&cb))),
        );
        let c_df = self.count(&df, &o);
        let minus = isub(&ca, &cb);
        push(
            &[&a, &bb, &o],
            vec![vec![d(&c_df)]],
            eq(
                &d(&c_df),
                &ite(&icmp(&minus, &zero, Cmp::Ge), &d(&minus), &d(&zero)),
            ),
        );
        // Subset and extensional equality.
        let o2 = Dynamic::new_const("$q.o2", elem);
        let (ca2, cb2) = (self.count(&a, &o2), self.count(&bb, &o2));
        let sub = self.subset(&a, &bb);
        let le_all = quantify(
            std::slice::from_ref(&o2),
            &[vec![d(&ca2)], vec![d(&cb2)]],
            &icmp(&ca2, &cb2, Cmp::Le),
        );
        push(&[&a, &bb], vec![vec![d(&sub)]], iff(&sub, &le_all));
        let equal = self.equal(&a, &bb);
        let same = quantify(
            std::slice::from_ref(&o2),
            &[vec![d(&ca2)], vec![d(&cb2)]],
            &eq(&d(&ca2), &d(&cb2)),
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
