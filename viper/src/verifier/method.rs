//! Verifying a method: its contract is well-formed, and its body establishes the postcondition
//! from the precondition.

use crate::ast::*;
use crate::ErrorKind;

use super::context::{Site, Verifier};
use super::heap::chunks::Heap;
use super::heap::state::State;
use super::rules::smoke::SmokePoint;

impl Verifier<'_, '_> {
    /// A state binding the given declarations to fresh values.
    pub fn initial_state(&mut self, decls: &[&LocalDecl]) -> Option<State> {
        let mut st = State::new();
        for d in decls {
            let sort = self.sort(&d.ty, d.span).ok()?;
            let t = self.fresh(&d.name.name, &sort);
            st.bind(&d.name.name, t);
        }
        Some(st)
    }

    pub fn verify_method(&mut self, m: &Method) {
        let decls: Vec<&LocalDecl> = m.args.iter().chain(m.returns.iter()).collect();
        let Some(st) = self.initial_state(&decls) else {
            return;
        };
        let pres: Vec<(&Expr, Site)> = m
            .pres
            .iter()
            .map(|p| (p, Site::new(ErrorKind::NotWellformed, p.span)))
            .collect();
        let wd_posts: Vec<(&Expr, Site)> = m
            .posts
            .iter()
            .map(|p| (p, Site::new(ErrorKind::NotWellformed, p.span)))
            .collect();
        let posts: Vec<(&Expr, Site)> = m
            .posts
            .iter()
            .map(|p| (p, Site::new(ErrorKind::PostconditionViolated, p.span)))
            .collect();
        self.produce_all(st, &pres, &mut |v: &mut Self, mut s1: State| {
            s1.old = s1.heap.clone();
            // The postcondition must be well-defined on its own (with `old` as the pre-state).
            let mut s2 = s1.clone();
            s2.heap = Heap::new();
            let before = v.failures();
            v.produce_all(s2, &wd_posts, &mut |_: &mut Self, _| {});
            // Like Silicon, the body is not verified against an ill-formed postcondition.
            if v.halted() || v.failures() > before {
                return;
            }
            if let Some(body) = &m.body {
                v.exec_stmts(s1, &body.stmts, &mut |v2: &mut Self, end: State| {
                    v2.smoke_point(SmokePoint::MethodEnd(m.span), &end);
                    v2.consume_all(end, &posts, &mut |_: &mut Self, _, _| {})
                });
            }
        });
        self.report_smoke(m);
    }
}
