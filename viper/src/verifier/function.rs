//! Functions: checking a function's well-definedness and postcondition, and the axioms that
//! describe it to Z3 (Silicon's design: a snapshot argument for the heap it reads, a limited
//! version used for recursive calls so that definitions unfold finitely, and a stateless
//! version for triggers).

use z3::ast::{Ast, Bool, Dynamic};

use crate::ast::*;
use crate::ErrorKind;

use super::context::{Mode, Site, Verifier};
use super::heap::state::State;
use super::rules::eval::conjoin;
use super::smt::quant::{covers, quantify};
use super::smt::terms::*;
use super::smt::triggers::valid_pattern_argument;

impl Verifier<'_, '_> {
    /// Checks that the function's body is well-defined under its precondition and satisfies its
    /// postcondition.
    pub fn verify_function(&mut self, f: &Function) {
        let decls: Vec<&LocalDecl> = f.args.iter().collect();
        let Some(st) = self.initial_state(&decls) else {
            return;
        };
        self.mode.in_function = Some(f.name.name.clone());
        let pres: Vec<(&Expr, Site)> = f
            .pres
            .iter()
            .map(|p| (p, Site::new(ErrorKind::NotWellformed, p.span)))
            .collect();
        let body_site = Site::new(ErrorKind::FunctionNotWellformed, f.span);
        let wd_posts: Vec<(&Expr, Site)> = f
            .posts
            .iter()
            .map(|p| (p, Site::new(ErrorKind::NotWellformed, p.span)))
            .collect();
        self.produce_all(st, &pres, &mut |v: &mut Self, s1: State| {
            // As in Silicon, the postcondition must first be well-defined for any result (an
            // abstract function's postcondition is only that); the body is checked against it
            // only then.
            let Ok(sort) = v.sort(&f.ret, f.span) else {
                return;
            };
            let mut s2 = s1.clone();
            s2.bind("result", v.fresh("result", &sort));
            let before = v.failures();
            v.produce_all(s2, &wd_posts, &mut |_: &mut Self, _| {});
            if v.halted() || v.failures() > before {
                return;
            }
            let Some(b) = &f.body else {
                return;
            };
            let mut s3 = s1;
            let Ok(result) = v.eval(&mut s3, b, body_site) else {
                return;
            };
            s3.bind("result", result);
            let posts: Vec<(&Expr, Site)> = f
                .posts
                .iter()
                .map(|p| (p, Site::new(ErrorKind::PostconditionViolated, p.span)))
                .collect();
            v.consume_all(s3, &posts, &mut |_: &mut Self, _, _| {});
        });
        self.mode.in_function = None;
    }

    /// Asserts the axioms of every domain.
    pub fn add_domain_axioms(&mut self) {
        let domains = self.index.domains.clone();
        let saved = std::mem::replace(
            &mut self.mode,
            Mode {
                unchecked: true,
                ..Mode::default()
            },
        );
        for (di, d) in domains.iter().enumerate() {
            if !d.type_params.is_empty() {
                continue;
            }
            for (ai, ax) in d.axioms.iter().enumerate() {
                if !self.scope.axioms.contains(&(di, ai)) {
                    continue;
                }
                let mut st = State::new();
                let site = Site::new(ErrorKind::NotWellformed, ax.span);
                match self.eval_bool(&mut st, &ax.expr, site) {
                    Ok(t) => {
                        self.prover.add_global(t);
                    }
                    Err(_) => break,
                }
            }
        }
        self.mode = saved;
        self.instantiate_declared_domains();
    }

    /// Asserts the axioms of the functions of the member's scope, in program order. Definitional
    /// axioms are left out for the function being verified (its body is what is checked against
    /// its postcondition: with the axiom, a wrong body would make that check vacuous), for the
    /// rest of its recursion cycle and for functions that did not verify; postconditions are left
    /// out for functions whose specification is ill-formed (see [`super::scope::Scope`]).
    pub fn add_function_axioms(&mut self) {
        let names = self.scope.functions.clone();
        for name in names {
            if self.halted() {
                return;
            }
            let Some(f) = self.index.functions.get(name.as_str()).copied() else {
                continue;
            };
            let (axioms, postcondition, definition) = self.function_axioms(f);
            for ax in axioms {
                self.prover.add_global(ax);
            }
            if !self.scope.no_postcondition.contains(&name) {
                for ax in postcondition {
                    self.prover.add_global(ax);
                }
            }
            if !self.scope.no_definition.contains(&name) {
                for ax in definition {
                    self.prover.add_global(ax);
                }
            }
        }
    }

    /// The axioms of a function: those that hold whatever its body and specification (the
    /// relation to its limited and stateless versions, definitions of auxiliary symbols), its
    /// postcondition, and its definitional axiom (the function equals its body).
    fn function_axioms(&mut self, f: &Function) -> (Vec<Bool>, Vec<Bool>, Vec<Bool>) {
        let name = f.name.name.clone();
        let heap_dependent = self.sym.functions[&name].heap_dependent;
        let mut vars: Vec<Dynamic> = Vec::new();
        if self.sym.functions[&name].snapshot_arg {
            vars.push(self.fresh("s", &self.sym.snap_sort.clone()));
        }
        let mut st = State::new();
        for a in &f.args {
            let Ok(sort) = self.sort(&a.ty, a.span) else {
                return (Vec::new(), Vec::new(), Vec::new());
            };
            let t = self.fresh(&a.name.name, &sort);
            st.bind(&a.name.name, t.clone());
            vars.push(t);
        }
        let refs: Vec<&dyn Ast> = vars.iter().map(|v| v as &dyn Ast).collect();
        let fs = &self.sym.functions[&name];
        let app = fs.decl.apply(&refs);
        let lim = fs.limited.apply(&refs);
        let Some(pre_app) = fs.pre.apply(&refs).as_bool() else {
            return (Vec::new(), Vec::new(), Vec::new());
        };
        let mut axioms = vec![quantify(&vars, &[vec![app.clone()]], &eq(&app, &lim))];
        let mut stateless = None;
        if heap_dependent {
            let plain: Vec<&dyn Ast> = refs[1..].to_vec();
            let s = fs.stateless.apply(&plain);
            if let Some(b) = s.as_bool() {
                axioms.push(quantify(&vars, &[vec![lim.clone()]], &b));
            }
            stateless = Some(s);
        }
        // As in Silicon, the definition of a recursive function also applies where an instance
        // its body unfolds around a recursive call is folded or unfolded and a (limited)
        // application exists: a definition unrolls once per fold or unfold, not only once per
        // full application.
        let recursive = heap_dependent && self.index.recursive.contains(name.as_str());
        let saved = std::mem::replace(
            &mut self.mode,
            Mode {
                unchecked: true,
                in_function: Some(name.clone()),
                abstraction: vars.clone(),
                ..Mode::default()
            },
        );
        let base = st.pc.clone();
        let guard0 = if f.pres.is_empty() {
            tt()
        } else {
            pre_app.clone()
        };
        self.axiom_ctx = Some((guard0, base.clone()));
        let defs_before = self.abstract_defs.len();
        let snap = if heap_dependent {
            Some(vars[0].clone())
        } else {
            None
        };
        let mut per_branch: Vec<Bool> = Vec::new();
        let mut definition: Vec<Bool> = Vec::new();
        let site = Site::new(ErrorKind::NotWellformed, f.span);
        // Per branch of the precondition: under `f%precondition(s, args)` and the branch
        // conditions, the function equals its body and satisfies its postcondition; the
        // preconditions of applications in them hold as well.
        let has_pre = !f.pres.is_empty();
        let mut branch = |v: &mut Self, mut b: State| {
            // A function without precondition is defined for all arguments.
            let mut guard = if has_pre {
                vec![pre_app.clone()]
            } else {
                Vec::new()
            };
            guard.extend(b.pc.branch_conds_since(&base));
            let guard = and(guard);
            if let Some(body) = &f.body {
                let before = b.pc.clone();
                let outer = v.pred_triggers.replace(Vec::new());
                let value = v.eval(&mut b, body, site);
                let unfolded = std::mem::replace(&mut v.pred_triggers, outer).unwrap_or_default();
                if let Ok(t) = value {
                    if t.get_sort() == app.get_sort() {
                        let mut cons = vec![eq(&app, &t)];
                        cons.extend(b.pc.since(&before));
                        let mut patterns = vec![vec![app.clone()]];
                        if recursive {
                            patterns.extend(predicate_patterns(&unfolded, &stateless, &vars));
                        }
                        definition.push(quantify(&vars, &patterns, &implies(&guard, &and(cons))));
                    }
                }
            }
            b.bind("result", lim.clone());
            let before = b.pc.clone();
            let mut posts = Vec::new();
            for p in &f.posts {
                match v.eval_bool(&mut b, p, site) {
                    Ok(t) => posts.push(t),
                    Err(_) => return,
                }
            }
            posts.extend(b.pc.since(&before));
            if !posts.is_empty() {
                per_branch.push(quantify(
                    &vars,
                    &[vec![lim.clone()]],
                    &implies(&guard, &and(posts)),
                ));
            }
        };
        match conjoin(&f.pres) {
            Some(pre) => self.produce(st, &pre, snap, site, &mut branch),
            None => branch(self, st),
        }
        let defs: Vec<Bool> = self.abstract_defs.drain(defs_before..).collect();
        self.mode = saved;
        self.axiom_ctx = None;
        axioms.extend(defs);
        (axioms, per_branch, definition)
    }
}

/// The extra patterns of a recursive function's definition: `{f%stateless(args), P%trigger(s',
/// args')}` for each instance `P(args')` its body unfolds outermost, whose snapshot `s'` is
/// part of the function's snapshot. Terms with interpreted operations (or not mentioning every
/// variable) cannot be patterns and are left out.
fn predicate_patterns(
    unfolded: &[Dynamic],
    stateless: &Option<Dynamic>,
    vars: &[Dynamic],
) -> Vec<Vec<Dynamic>> {
    let Some(stateless) = stateless else {
        return Vec::new();
    };
    unfolded
        .iter()
        .filter(|t| pattern_safe(t, vars))
        .map(|t| vec![stateless.clone(), t.clone()])
        .filter(|p| covers(p, vars))
        .collect()
}

/// Whether `t`, a predicate trigger term, may be part of a pattern: its arguments are built
/// from the variables by uninterpreted functions only (snapshot projections, sort wrappers).
fn pattern_safe(t: &Dynamic, vars: &[Dynamic]) -> bool {
    t.kind() == z3::AstKind::App && t.children().iter().all(|c| valid_pattern_argument(c, vars))
}
