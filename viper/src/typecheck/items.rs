//! Typing declarations: which rules hold in which part of a member.

use super::exprs::{Checker, Ctx, LocalKind, PermBan};
use super::names;
use super::ty::Ty;
use crate::ast::*;
use std::collections::HashMap;

const NO_OLD_IN_PRE: &str = "`old` expressions are not allowed in preconditions";
const NO_LABELLED_OLD_IN_PRE: &str = "labelled `old` expressions are not allowed in preconditions";
const NO_LABELLED_OLD_IN_POST: &str =
    "labelled `old` expressions are not allowed in postconditions";
const NO_OLD_IN_FUNCTION: &str = "`old` expressions are not allowed in functions";
const NO_OLD_IN_PREDICATE: &str = "`old` expressions are not allowed in predicate bodies";
const NO_OLD_IN_AXIOM: &str = "`old` expressions are not allowed in domain axioms";
/// Silver's type checker: `perm` in contracts only inside an inhale-exhale assertion (which ompv
/// does not support).
pub(super) const NO_PERM_IN_CONTRACT: PermBan = (
    "`perm(..)` is not allowed in preconditions, postconditions and invariants",
    false,
);
const NO_PERM_IN_FUNCTION_POST: PermBan = (
    "`perm(..)` is not allowed in function postconditions",
    false,
);
/// Silver's consistency check.
const NO_PERM_IN_FUNCTION_BODY: PermBan = ("`perm(..)` is not allowed in function bodies", true);

impl Checker<'_> {
    pub(super) fn item(&mut self, item: &Item) {
        match item {
            Item::Field(f) => {
                self.check_type(&f.ty, f.span);
            }
            Item::Method(m) => self.method(m),
            Item::Function(f) => self.function(f),
            Item::Predicate(p) => self.predicate(p),
            Item::Domain(d) => self.domain(d),
        }
    }

    fn method(&mut self, m: &Method) {
        self.member_locals = names::member_locals(
            self.env,
            m.args.iter().chain(&m.returns),
            m.body.as_ref(),
            self.errors,
        );
        if let Some(b) = &m.body {
            self.labels = names::labels(b, self.errors);
        }
        self.scopes.push(HashMap::new());
        for a in &m.args {
            let t = self.check_type(&a.ty, a.span);
            self.declare(&a.name.name, t, LocalKind::MethodArg);
        }
        let pre = Ctx {
            old: Err(NO_OLD_IN_PRE),
            labelled_old: Err(NO_LABELLED_OLD_IN_PRE),
            result: false,
            result_consistency: false,
            perm: Err(NO_PERM_IN_CONTRACT),
            axiom: false,
        };
        // Results are in scope in the precondition only to be reported (a consistency error).
        self.method_returns = m.returns.iter().map(|r| r.name.name.clone()).collect();
        for r in &m.returns {
            let t = Ty::from_ast(&r.ty);
            self.declare(&r.name.name, t, LocalKind::Var);
        }
        self.in_precondition = true;
        for e in &m.pres {
            self.top(e, None, pre);
        }
        self.in_precondition = false;
        for r in &m.returns {
            let t = self.check_type(&r.ty, r.span);
            self.declare(&r.name.name, t, LocalKind::Var);
        }
        let post = Ctx {
            old: Ok(()),
            labelled_old: Err(NO_LABELLED_OLD_IN_POST),
            ..pre
        };
        for e in &m.posts {
            self.top(e, None, post);
        }
        if let Some(b) = &m.body {
            let body = Ctx {
                old: Ok(()),
                labelled_old: Ok(()),
                perm: Ok(()),
                ..pre
            };
            self.block(b, body);
        }
        self.method_returns.clear();
        self.scopes.clear();
    }

    fn function(&mut self, f: &Function) {
        self.member_locals = names::member_locals(self.env, f.args.iter(), None, self.errors);
        self.scopes.push(HashMap::new());
        for a in &f.args {
            let t = self.check_type(&a.ty, a.span);
            self.declare(&a.name.name, t, LocalKind::MemberArg);
        }
        let ret = self.check_type(&f.ret, f.name.span);
        self.result_ty = Some(ret.clone());
        let pre = Ctx {
            old: Err(NO_OLD_IN_PRE),
            labelled_old: Err(NO_OLD_IN_PRE),
            result: false,
            result_consistency: false,
            perm: Err(NO_PERM_IN_CONTRACT),
            axiom: false,
        };
        for e in &f.pres {
            self.top(e, None, pre);
        }
        let post = Ctx {
            old: Err(NO_OLD_IN_FUNCTION),
            labelled_old: Err(NO_OLD_IN_FUNCTION),
            result: true,
            result_consistency: false,
            perm: Err(NO_PERM_IN_FUNCTION_POST),
            axiom: false,
        };
        for e in &f.posts {
            self.top(e, Some(&Ty::Bool), post);
        }
        if let Some(b) = &f.body {
            let body = Ctx {
                old: Err(NO_OLD_IN_FUNCTION),
                labelled_old: Err(NO_OLD_IN_FUNCTION),
                result: false,
                result_consistency: true,
                perm: Err(NO_PERM_IN_FUNCTION_BODY),
                axiom: false,
            };
            self.top(b, Some(&ret), body);
        }
        self.result_ty = None;
        self.scopes.clear();
    }

    fn predicate(&mut self, p: &Predicate) {
        self.member_locals = names::member_locals(self.env, p.args.iter(), None, self.errors);
        self.scopes.push(HashMap::new());
        for a in &p.args {
            let t = self.check_type(&a.ty, a.span);
            self.declare(&a.name.name, t, LocalKind::MemberArg);
        }
        if let Some(b) = &p.body {
            let ctx = Ctx {
                old: Err(NO_OLD_IN_PREDICATE),
                labelled_old: Err(NO_OLD_IN_PREDICATE),
                result: false,
                result_consistency: false,
                perm: Err(("`perm(..)` is not allowed in predicate bodies", true)),
                axiom: false,
            };
            self.top(b, None, ctx);
        }
        self.scopes.clear();
    }

    fn domain(&mut self, d: &Domain) {
        let mut seen: HashMap<&str, crate::Span> = HashMap::new();
        for t in &d.type_params {
            if let Some(first) = seen.get(t.name.as_str()) {
                names::report_duplicate(self.errors, &t.name, *first, t.span);
            } else {
                seen.insert(&t.name, t.span);
            }
        }
        self.type_params = d.type_params.iter().map(|t| t.name.clone()).collect();
        for f in &d.functions {
            let mut arg_names: HashMap<&str, crate::Span> = HashMap::new();
            for a in &f.args {
                self.check_type(&a.ty, a.span);
                if let Some(n) = &a.name {
                    if let Some(first) = arg_names.get(n.name.as_str()) {
                        names::report_duplicate(self.errors, &n.name, *first, n.span);
                    } else {
                        arg_names.insert(&n.name, n.span);
                    }
                }
            }
            self.check_type(&f.ret, f.name.span);
        }
        // `perm(..)` in an axiom reads the heap: reported by the consistency check.
        let ctx = Ctx {
            old: Err(NO_OLD_IN_AXIOM),
            labelled_old: Err(NO_OLD_IN_AXIOM),
            result: false,
            result_consistency: false,
            perm: Ok(()),
            axiom: true,
        };
        self.generated_axioms = crate::parser::is_adt_domain(d);
        for a in &d.axioms {
            self.member_locals.clear();
            self.scopes.push(HashMap::new());
            self.top(&a.expr, Some(&Ty::Bool), ctx);
            self.scopes.clear();
        }
        self.generated_axioms = false;
        self.type_params.clear();
    }
}
