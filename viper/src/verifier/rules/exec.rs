//! Executing statements: assignments, heap updates, calls by contract, loops by invariant, and
//! the specification statements.

use std::collections::HashMap;

use z3::ast::Dynamic;

use crate::ast::*;
use crate::printer::print_expr;
use crate::{ErrorKind, ErrorReason};

use super::produce::K;
use super::smoke::SmokePoint;
use super::walk::assigned_vars;
use crate::verifier::context::{Site, Verifier};
use crate::verifier::heap::chunks::Heap;
use crate::verifier::heap::heap_basic::Amount;
use crate::verifier::heap::state::State;
use crate::verifier::smt::terms::*;

impl<'a, 'p> Verifier<'a, 'p> {
    /// Executes statements in order; `k` receives each final state. (Continuations nest once
    /// per statement: the stack grows on demand, so long bodies cannot exhaust it.)
    pub fn exec_stmts(&mut self, st: State, stmts: &[Stmt], k: &mut K<'_, 'a, 'p>) {
        stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || {
            self.exec_stmts_here(st, stmts, k)
        })
    }

    fn exec_stmts_here(&mut self, st: State, stmts: &[Stmt], k: &mut K<'_, 'a, 'p>) {
        if self.halted() {
            return;
        }
        match stmts.split_first() {
            None => k(self, st),
            Some((s, rest)) => {
                self.exec(st, s, &mut |v: &mut Self, st1| v.exec_stmts(st1, rest, k))
            }
        }
    }

    pub fn exec(&mut self, mut st: State, s: &Stmt, k: &mut K<'_, 'a, 'p>) {
        if self.halted() {
            return;
        }
        match &s.kind {
            StmtKind::Block(b) => self.exec_stmts(st, &b.stmts, k),
            StmtKind::VarDecl { decl, init } => {
                let Ok(sort) = self.sort(&decl.ty, decl.span) else {
                    return;
                };
                let value = match init {
                    Some(e) => {
                        let site = Site::new(ErrorKind::AssignmentFailed, s.span);
                        match self.eval_expecting(&mut st, e, site, Some(sort.clone())) {
                            Ok(v) => v,
                            Err(_) => return,
                        }
                    }
                    None => self.fresh(&decl.name.name, &sort),
                };
                st.bind(&decl.name.name, value);
                k(self, st)
            }
            StmtKind::Assign { target, value } => {
                let site = Site::new(ErrorKind::AssignmentFailed, s.span);
                let expected = st.store.get(&target.name).map(z3::ast::Ast::get_sort);
                if let Ok(v) = self.eval_expecting(&mut st, value, site, expected) {
                    st.bind(&target.name, v);
                    k(self, st)
                }
            }
            StmtKind::FieldAssign { target, value } => {
                if self.exec_field_assign(&mut st, target, value, s).is_ok() {
                    k(self, st)
                }
            }
            StmtKind::Call {
                targets,
                method,
                args,
            } => self.exec_call(st, targets, method, args, s, k),
            StmtKind::New { target, fields } => {
                let r = self.fresh(&target.name, &self.sym.ref_sort.clone());
                st.assume(not(&eq(&r, &self.sym.null)));
                let distinct = self.new_ref_disjointness(&mut st, &r);
                st.assume(distinct);
                let ids: Vec<usize> = match fields {
                    None => (0..self.index.fields.len()).collect(),
                    Some(fs) => {
                        let mut ids = Vec::new();
                        for f in fs {
                            match self.field_id(f) {
                                Ok(id) => ids.push(id),
                                Err(_) => return,
                            }
                        }
                        ids
                    }
                };
                for fid in ids {
                    let sort = self.sym.fields[fid].sort.clone();
                    let val = self.fresh(&self.sym.fields[fid].name.clone(), &sort);
                    self.add_chunk(&mut st, fid, r.clone(), perm_write(), val);
                }
                st.bind(&target.name, r);
                k(self, st)
            }
            StmtKind::If { cond, then, els } => {
                let site = Site::new(ErrorKind::IfFailed, cond.span);
                let Ok(c) = self.eval_bool(&mut st, cond, site) else {
                    return;
                };
                for (b, taken) in self.branches(st, &c) {
                    if self.halted() {
                        return;
                    }
                    let branch = if taken { Some(then) } else { els.as_ref() };
                    match branch {
                        Some(blk) => {
                            self.exec_stmts(b, &blk.stmts, &mut |v: &mut Self, end: State| {
                                if !blk.stmts.is_empty() {
                                    v.smoke_point(SmokePoint::BranchEnd(blk.span), &end);
                                }
                                k(v, end)
                            })
                        }
                        None => k(self, b),
                    }
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => self.exec_while(st, cond, invariants, body, s.span, k),
            StmtKind::Inhale(e) | StmtKind::Assume(e) => {
                if self.opts.path_ends_on_purpose && super::smoke::ends_path(s) {
                    self.smoke_point(SmokePoint::PathEnd(s.span), &st);
                }
                let site = Site::new(ErrorKind::InhaleFailed, e.span);
                self.produce(st, e, None, site, &mut |v: &mut Self, after: State| {
                    v.smoke_point(SmokePoint::AfterInhale(s.span), &after);
                    k(v, after)
                })
            }
            StmtKind::Exhale(e) => {
                let site = Site::new(ErrorKind::ExhaleFailed, e.span);
                self.consume(st, e, site, &mut |v: &mut Self, s, _| k(v, s))
            }
            StmtKind::Assert(e) => {
                let site = Site::new(ErrorKind::AssertFailed, e.span);
                let heap = st.heap.clone();
                self.consume(st, e, site, &mut |v: &mut Self, mut s: State, _| {
                    // An assertion checks permissions without removing them.
                    s.heap = heap.clone();
                    k(v, s)
                })
            }
            StmtKind::Label { name, .. } => {
                // Label invariants are ignored, as by Silicon.
                st.labels.insert(name.name.clone(), st.heap.clone());
                k(self, st)
            }
            StmtKind::Fold(e) => {
                self.exec_fold(st, e, Site::new(ErrorKind::FoldFailed, s.span), k);
            }
            StmtKind::Unfold(e) => {
                self.exec_unfold(st, e, Site::new(ErrorKind::UnfoldFailed, s.span), k);
            }
        }
    }

    /// A new object differs from every reference the state knows: those in the store (also as
    /// elements of sets and sequences) and those of heap chunks (receivers and values).
    fn new_ref_disjointness(&mut self, st: &mut State, r: &Dynamic) -> z3::ast::Bool {
        let ref_sort = self.sym.ref_sort.clone();
        // In the order of the variables' names: the same facts in the same order on every run.
        let mut vars: Vec<(&String, &Dynamic)> = st.store.iter().collect();
        vars.sort_by(|a, b| a.0.cmp(b.0));
        let mut terms: Vec<Dynamic> = vars.into_iter().map(|(_, t)| t.clone()).collect();
        for c in &st.heap.basic {
            terms.push(c.rcv.clone());
            terms.push(c.val.clone());
        }
        for c in &st.heap.quant {
            if let Some((at, _)) = &c.singleton {
                terms.push(at.clone());
            }
        }
        let mut facts = Vec::new();
        for t in terms {
            let sort = z3::ast::Ast::get_sort(&t);
            if sort == ref_sort {
                facts.push(not(&eq(r, &t)));
            } else if let Some(f) = self.seq(&sort) {
                if f.elem == ref_sort {
                    facts.push(not(&f.contains(&t, r)));
                }
            } else if let Some(f) = self.set(&sort) {
                if f.elem == ref_sort {
                    facts.push(not(&f.member(r, &t)));
                }
            }
        }
        and(facts)
    }

    /// Adds a chunk of full or partial permission (basic or singleton quantified).
    pub fn add_chunk(
        &mut self,
        st: &mut State,
        fid: usize,
        rcv: Dynamic,
        perm: z3::ast::Real,
        val: Dynamic,
    ) {
        if self.sym.fields[fid].quantified {
            self.q_add_singleton(st, fid, rcv, perm, val);
        } else {
            self.basic_add(st, fid, rcv, perm, val);
        }
    }

    fn exec_field_assign(
        &mut self,
        st: &mut State,
        target: &Expr,
        value: &Expr,
        s: &Stmt,
    ) -> Result<(), crate::verifier::context::Stop> {
        let site = Site::new(ErrorKind::AssignmentFailed, s.span);
        let ExprKind::Field { receiver, field } = &target.kind else {
            return self.internal("a field assignment to a non-field");
        };
        let rcv = self.eval(st, receiver, site)?;
        let val = self.eval(st, value, site)?;
        let fid = self.field_id(field)?;
        let what = print_expr(target);
        let full = Amount::Exact(perm_write());
        if self.sym.fields[fid].quantified {
            self.q_take_single(st, fid, &rcv, &full, site, target.span, &what)?;
        } else {
            self.basic_take(st, fid, &rcv, &full, site, target.span, &what)?;
        }
        self.add_chunk(st, fid, rcv, perm_write(), val);
        Ok(())
    }

    fn exec_call(
        &mut self,
        mut st: State,
        targets: &[Ident],
        method: &Ident,
        args: &[Expr],
        s: &Stmt,
        k: &mut K<'_, 'a, 'p>,
    ) {
        let Some(callee) = self.index.methods.get(method.name.as_str()).copied() else {
            let _ = self.internal::<()>(format!("unknown method `{}`", method.name));
            return;
        };
        let arg_site = Site::new(ErrorKind::CallFailed, s.span);
        let mut targs = Vec::new();
        for a in args {
            match self.eval(&mut st, a, arg_site) {
                Ok(t) => targs.push(t),
                Err(_) => return,
            }
        }
        let mut callee_store: HashMap<String, Dynamic> = callee
            .args
            .iter()
            .zip(targs)
            .map(|(d, t)| (d.name.name.clone(), t))
            .collect();
        let caller_store = std::mem::take(&mut st.store);
        st.store = callee_store.clone();
        let pre_heap = st.heap.clone();
        let pre_site = Site::new(ErrorKind::CallPrecondition, s.span);
        let pres: Vec<(&Expr, Site)> = callee.pres.iter().map(|p| (p, pre_site)).collect();
        let post_site = Site::new(ErrorKind::CallFailed, s.span);
        self.consume_all(st, &pres, &mut |v: &mut Self, mut s1: State, _| {
            // The callee's results are fresh; its postcondition is produced with `old` meaning
            // the heap at the call.
            let mut rets = Vec::new();
            for r in &callee.returns {
                let Ok(sort) = v.sort(&r.ty, r.span) else {
                    return;
                };
                let t = v.fresh(&r.name.name, &sort);
                callee_store.insert(r.name.name.clone(), t.clone());
                rets.push(t);
            }
            s1.store = callee_store.clone();
            let caller_old = std::mem::replace(&mut s1.old, pre_heap.clone());
            let posts: Vec<(&Expr, Site)> = callee.posts.iter().map(|p| (p, post_site)).collect();
            let caller_store = caller_store.clone();
            v.produce_all(s1, &posts, &mut |v2: &mut Self, mut s2: State| {
                s2.store = caller_store.clone();
                s2.old = caller_old.clone();
                for (t, val) in targets.iter().zip(rets.iter()) {
                    s2.bind(&t.name, val.clone());
                }
                k(v2, s2)
            })
        })
    }

    fn havoc(&mut self, st: &mut State, vars: &[String]) {
        for name in vars {
            if let Some(old) = st.store.get(name) {
                let t = self.fresh(name, &z3::ast::Ast::get_sort(old));
                st.store.insert(name.clone(), t);
            }
        }
    }

    /// Adds the chunks of `frame` to the state's heap (they were disjoint from it before).
    fn merge_heap(&mut self, st: &mut State, frame: Heap) {
        for c in frame.basic {
            self.basic_add(st, c.field, c.rcv, c.perm, c.val);
        }
        for c in frame.quant {
            st.heap.touch(c.field);
            st.heap.quant.push(c);
        }
    }

    fn exec_while(
        &mut self,
        st: State,
        cond: &Expr,
        invs: &[Expr],
        body: &Block,
        loop_span: crate::Span,
        k: &mut K<'_, 'a, 'p>,
    ) {
        let modified: Vec<String> = assigned_vars(body).into_iter().collect();
        let wd: Vec<(&Expr, Site)> = invs
            .iter()
            .map(|i| (i, Site::new(ErrorKind::NotWellformed, i.span)))
            .collect();
        // 1. The invariant is well-defined in any state (havocked variables, empty heap).
        let mut s0 = st.clone();
        self.havoc(&mut s0, &modified);
        s0.heap = Heap::new();
        let mut wellformed = false;
        self.produce_all(s0, &wd, &mut |_: &mut Self, _| wellformed = true);
        if self.halted() {
            return;
        }
        // 2. The invariant holds on entry; what it does not take is the frame.
        let est: Vec<(&Expr, Site)> = invs
            .iter()
            .map(|i| (i, Site::new(ErrorKind::InvariantNotEstablished, i.span)))
            .collect();
        let pres: Vec<(&Expr, Site)> = invs
            .iter()
            .map(|i| (i, Site::new(ErrorKind::InvariantNotPreserved, i.span)))
            .collect();
        let cond_site = Site::new(ErrorKind::WhileFailed, cond.span);
        let edge_site = Site::new(ErrorKind::IfFailed, cond.span);
        self.consume_all(st, &est, &mut |v: &mut Self, left: State, _| {
            if !wellformed {
                return;
            }
            let frame = left.heap.clone();
            let mut sb = left;
            v.havoc(&mut sb, &modified);
            sb.heap = Heap::new();
            // 3. From an arbitrary state satisfying the invariant: one iteration preserves it,
            //    and leaving the loop continues with the frame added back.
            v.produce_all(sb, &wd, &mut |v2: &mut Self, mut si: State| {
                // Like Silicon: the condition is checked for well-definedness (`while.failed`),
                // then evaluated again to choose the loop's edges (`if.failed`).
                let mut probe = si.clone();
                let _ = v2.eval_bool(&mut probe, cond, cond_site);
                if v2.halted() {
                    return;
                }
                let Ok(c) = v2.eval_bool(&mut si, cond, edge_site) else {
                    return;
                };
                for (b, taken) in v2.branches(si, &c) {
                    if v2.halted() {
                        return;
                    }
                    if taken {
                        v2.exec_stmts(b, &body.stmts, &mut |v3: &mut Self, end: State| {
                            v3.smoke_point(SmokePoint::LoopBodyEnd(loop_span), &end);
                            v3.consume_all(end, &pres, &mut |_: &mut Self, _, _| {})
                        });
                    } else {
                        let mut out = b;
                        v2.merge_heap(&mut out, frame.clone());
                        k(v2, out);
                    }
                }
            })
        })
    }
}

/// Keeps `ErrorReason` referenced for documentation links in this module.
#[allow(dead_code)]
const _REASON: Option<ErrorReason> = None;
