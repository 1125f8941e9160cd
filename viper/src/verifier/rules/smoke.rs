//! Smoke detection (option `smoke`): finding the code of a method that is reached only in
//! inconsistent states, where everything, `false` included, is provable. A method that verifies
//! because its precondition, an `inhale`/`assume` or a callee's contract is contradictory proves
//! nothing; smoke detection reports it.
//!
//! The points checked are those of Silver's smoke-detection plugin, which adds `refute false` at
//! the end of every method body, after every `inhale` and `assume`, at the end of every loop body
//! and at the end of every non-empty branch of an `if`. A point fails when no path of the
//! symbolic execution reaches it in a consistent state: every path that gets there has
//! contradictory path conditions, or none gets there at all (its branch was pruned as
//! infeasible). A failed point is reported as Silver reports a failed `refute false`:
//! `refute.failed:refutation.true`, at the method (end of body), the `inhale`/`assume`, the loop,
//! or the branch.
//!
//! Only members that otherwise verify are reported on: when another error stops a path, the
//! points after it are not reached, which says nothing about consistency.

use std::collections::HashSet;

use crate::ast::*;
use crate::{ErrorKind, ErrorReason, Span};

use crate::verifier::context::{Site, Verifier};
use crate::verifier::heap::state::State;

/// A smoke-detection point of a method body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmokePoint {
    /// The end of the body (at the method's position).
    MethodEnd(Span),
    /// Right after an `inhale` or `assume` statement.
    AfterInhale(Span),
    /// The end of a loop's body (at the loop's position).
    LoopBodyEnd(Span),
    /// The end of a branch of an `if` (at the branch's block).
    BranchEnd(Span),
    /// Right before an `inhale false` / `assume false` that ends a path on purpose.
    PathEnd(Span),
}

impl SmokePoint {
    fn span(self) -> Span {
        match self {
            SmokePoint::MethodEnd(s)
            | SmokePoint::AfterInhale(s)
            | SmokePoint::LoopBodyEnd(s)
            | SmokePoint::BranchEnd(s)
            | SmokePoint::PathEnd(s) => s,
        }
    }

    fn message(self) -> &'static str {
        match self {
            SmokePoint::MethodEnd(_) => {
                "Smoke: the end of the method body is reached only in inconsistent states \
                 (contradictory precondition or assumptions, or no way out of a loop)"
            }
            SmokePoint::AfterInhale(_) => {
                "Smoke: the state after this inhale is inconsistent (it assumes something \
                 contradictory)"
            }
            SmokePoint::LoopBodyEnd(_) => {
                "Smoke: the end of this loop's body is reached only in inconsistent states"
            }
            SmokePoint::BranchEnd(_) => {
                "Smoke: the end of this branch is reached only in inconsistent states \
                 (it is dead code)"
            }
            SmokePoint::PathEnd(_) => {
                "Smoke: the code before this path's end is reached only in inconsistent states"
            }
        }
    }
}

/// The smoke points of a method, in source order; `on_purpose`: see
/// [`VerifyOptions::path_ends_on_purpose`](crate::verifier::VerifyOptions::path_ends_on_purpose).
pub fn points_of(m: &Method, on_purpose: bool) -> Vec<SmokePoint> {
    let mut out = Vec::new();
    if let Some(b) = &m.body {
        Points { on_purpose }.block(b, &mut out);
        if !(on_purpose && terminates(b)) {
            out.push(SmokePoint::MethodEnd(m.span));
        }
    }
    out
}

/// `inhale false` / `assume false`: code that ends a path on purpose (generated encodings use it
/// to check something in a branch of its own). The state before it is a smoke point; the end of
/// the branch or method it ends is not.
pub(crate) fn ends_path(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Inhale(e) | StmtKind::Assume(e) => {
            matches!(e.kind, ExprKind::BoolLit(false))
        }
        _ => false,
    }
}

/// Every path through `b` ends in `inhale false` / `assume false` (so its end is dead on purpose).
fn terminates(b: &Block) -> bool {
    b.stmts.last().is_some_and(|s| {
        ends_path(s)
            || match &s.kind {
                StmtKind::Block(inner) => terminates(inner),
                StmtKind::If {
                    then,
                    els: Some(els),
                    ..
                } => terminates(then) && terminates(els),
                _ => false,
            }
    })
}

/// Collects smoke points; path ends count as such only `on_purpose`.
struct Points {
    on_purpose: bool,
}

impl Points {
    fn block(&self, b: &Block, out: &mut Vec<SmokePoint>) {
        for s in &b.stmts {
            match &s.kind {
                _ if self.on_purpose && ends_path(s) => out.push(SmokePoint::PathEnd(s.span)),
                StmtKind::Inhale(_) | StmtKind::Assume(_) => {
                    out.push(SmokePoint::AfterInhale(s.span))
                }
                StmtKind::Block(inner) => self.block(inner, out),
                StmtKind::If { then, els, .. } => {
                    for branch in std::iter::once(then).chain(els.iter()) {
                        self.block(branch, out);
                        let ended = self.on_purpose && terminates(branch);
                        if !branch.stmts.is_empty() && !ended {
                            out.push(SmokePoint::BranchEnd(branch.span));
                        }
                    }
                }
                StmtKind::While { body, .. } => {
                    self.block(body, out);
                    out.push(SmokePoint::LoopBodyEnd(s.span));
                }
                _ => {}
            }
        }
    }
}

/// The points of the current method reached in a consistent state so far.
#[derive(Default)]
pub struct SmokeState {
    pub reached: HashSet<SmokePoint>,
}

impl Verifier<'_, '_> {
    /// Notes that a path reached `point` in state `st` (with smoke detection on).
    pub fn smoke_point(&mut self, point: SmokePoint, st: &State) {
        if !self.opts.smoke || self.smoke.reached.contains(&point) {
            return;
        }
        // Unknown counts as consistent: smoke is never reported without a proof of `false`.
        if self.feasible(st) {
            self.smoke.reached.insert(point);
        }
    }

    /// Reports the points of `m` never reached in a consistent state, if `m` otherwise verified.
    pub fn report_smoke(&mut self, m: &Method) {
        if !self.opts.smoke
            || !self.errors.is_empty()
            || !self.unknowns.is_empty()
            || self.fatal.is_some()
        {
            return;
        }
        for p in points_of(m, self.opts.path_ends_on_purpose) {
            if !self.smoke.reached.contains(&p) {
                let site = Site::new(ErrorKind::RefuteFailed, p.span());
                self.record(
                    site,
                    ErrorReason::RefutationTrue,
                    p.span(),
                    p.message().to_string(),
                    Vec::new(),
                    false,
                );
            }
        }
    }
}
