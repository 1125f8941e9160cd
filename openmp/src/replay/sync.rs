//! Synchronisation constructs (§15): `critical` (§15.2: one lock per name, unnamed ones share
//! one), `atomic` (§15.8.4), `flush` (§15.8.5) and `ordered` (§15.10.2).
//!
//! Releases and acquires become happens-before edges in the order the execution performs them.
//! Every atomic operation is also treated as an acquire and a release on its location, and every
//! `flush` as an acquire and a release of one global fence: OpenMP guarantees less, so these
//! edges can only hide races, never invent them.

use super::exec::Flow;
use super::race::Phase;
use super::thread::Thread;
use super::value::Ptr;
use super::world::{inconclusive, LockKey, R};
use crate::c::ast::*;
use crate::c::print::print_expr;
use crate::pragma::{ClauseKind, Directive};
use viper::Span;

impl<'p> Thread<'p, '_> {
    /// A synchronisation construct.
    pub fn sync(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        let p = &c.pragma;
        let span = p.directive_span;
        match p.directive {
            Directive::Critical => {
                let name = p.critical_name().map_or(String::new(), |n| n.name.clone());
                let key = LockKey::Critical(name);
                self.lock_acquire(key.clone(), false, "a `critical` construct", span)?;
                let OmpBody::Block { body, .. } = &c.body else {
                    return inconclusive(span, "`critical` without a block");
                };
                let f = self.exec_block(body)?;
                self.lock_release(key, "a `critical` construct", span)?;
                Ok(f)
            }
            Directive::Atomic => self.atomic(c),
            Directive::Flush => {
                let fence = self.w().fence.clone();
                self.unit.vc.join(&fence);
                let vc = self.unit.vc.clone();
                self.w().fence.join(&vc);
                self.tick();
                Ok(Flow::Normal)
            }
            Directive::Barrier => {
                self.barrier(span)?;
                Ok(Flow::Normal)
            }
            Directive::Ordered => self.ordered_block(c),
            _ => inconclusive(
                span,
                format!("`omp {}` is outside the replay's model", p.directive.name()),
            ),
        }
    }

    /// Starts an atomic access of `p`: it acquires the location.
    pub fn atomic_begin(&mut self, p: Ptr) {
        if let Some(vc) = self.w().atomics.get(&p).cloned() {
            self.unit.vc.join(&vc);
        }
        self.atomic_place = Some(p);
    }

    /// Ends an atomic access of `p`: it releases the location.
    pub fn atomic_end(&mut self, p: Ptr) {
        self.atomic_place = None;
        let vc = self.unit.vc.clone();
        self.w().atomics.entry(p).or_default().join(&vc);
        self.tick();
    }

    /// `atomic` (§15.8.4): the accesses of its statement to the atomic location are atomic;
    /// the other reads of the statement (`x += a[i]` reads `a[i]`) are not.
    fn atomic(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        let span = c.pragma.directive_span;
        let OmpBody::Block { body, .. } = &c.body else {
            return inconclusive(span, "`atomic` without a statement");
        };
        if c.pragma
            .clauses
            .iter()
            .any(|cl| matches!(cl.kind, ClauseKind::Compare))
        {
            return inconclusive(span, "`atomic compare` is outside the replay's model");
        }
        let read = c
            .pragma
            .clauses
            .iter()
            .any(|cl| matches!(cl.kind, ClauseKind::Read));
        let Some(loc) = atomic_location(&body.stmts, read, self.rt.prog) else {
            return inconclusive(
                span,
                "the location of this `atomic` construct is not recognised",
            );
        };
        let place = self.place(loc)?;
        self.atomic_begin(place);
        let r = self.exec_block(body);
        self.atomic_end(place);
        r
    }

    /// An `ordered` region (§15.10.2): with `simd`, in the iteration order of the enclosing
    /// `simd` loop; otherwise the regions of a worksharing loop with the `ordered` clause run
    /// one iteration after the other, in iteration order.
    fn ordered_block(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        let span = c.pragma.directive_span;
        let OmpBody::Block { body, .. } = &c.body else {
            return inconclusive(span, "`ordered` without a block");
        };
        let simd = c
            .pragma
            .clauses
            .iter()
            .any(|cl| matches!(cl.kind, ClauseKind::Simd));
        if simd {
            let Some(mut lane) = self.unit.lane else {
                return inconclusive(span, "`ordered simd` outside a `simd` loop");
            };
            lane.phase = Phase::InOrdered;
            self.unit.lane = Some(lane);
            let f = self.exec_block(body);
            lane.phase = Phase::After;
            self.unit.lane = Some(lane);
            return f;
        }
        let Some((key, k, false)) = self.ordered else {
            return inconclusive(
                span,
                "an `ordered` region outside an iteration of a loop with the `ordered` clause (or a \
                 second one in the same iteration)",
            );
        };
        let lane = self.unit.lane.take();
        self.ordered_turn(key, k, span)?;
        let f = self.exec_block(body);
        self.unit.lane = lane;
        self.ordered_pass(key, k);
        self.ordered = Some((key, k, true));
        f
    }

    /// Waits until iteration `k` may run its ordered region, and acquires the previous one's.
    fn ordered_turn(&mut self, key: u64, k: u64, span: Span) -> R<()> {
        let team = self.team.id;
        self.wait_until("an `ordered` region", span, |w| {
            w.teams[&team].ws.get(&key).map_or(0, |s| s.ordered_next) == k
        })?;
        let vc = self
            .w()
            .teams
            .get_mut(&team)
            .expect("team")
            .ws
            .entry(key)
            .or_default()
            .ordered_vc
            .clone();
        self.unit.vc.join(&vc);
        Ok(())
    }

    /// Lets iteration `k + 1` run its ordered region.
    fn ordered_pass(&mut self, key: u64, k: u64) {
        let team = self.team.id;
        let vc = self.unit.vc.clone();
        let ws = self
            .w()
            .teams
            .get_mut(&team)
            .expect("team")
            .ws
            .entry(key)
            .or_default();
        ws.ordered_vc = vc;
        ws.ordered_next = k + 1;
        self.tick();
    }

    /// The end of an iteration of an `ordered` loop: if it ran no ordered region, it still
    /// passes the turn on in order.
    pub fn end_ordered_iteration(&mut self, span: Span) -> R<()> {
        if let Some((key, k, false)) = self.ordered {
            self.ordered_turn(key, k, span)?;
            self.ordered_pass(key, k);
        }
        self.ordered = None;
        Ok(())
    }
}

/// The atomic location of an `atomic` construct's statements: for `read`, the expression read
/// by `v = x`; otherwise the variable updated (`x++`, `x op= e`, `x = x op e`, `x = e`), which
/// for a capture (`v = x++`, `{v = x; x += e;}`) is the target that is also read.
fn atomic_location<'p>(
    stmts: &'p [Stmt],
    read: bool,
    prog: &crate::c::Program,
) -> Option<&'p Expr> {
    let synthetic =
        |e: &Expr| matches!(e.kind, ExprKind::Var(v) if prog.var(v).storage == Storage::Synthetic);
    let strip = |mut e: &'p Expr| {
        while let ExprKind::Cast(inner) = &e.kind {
            e = inner;
        }
        e
    };
    let assigns: Vec<(&'p Expr, &'p Expr)> = stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Assign { target, value } => Some((target, value)),
            _ => None,
        })
        .collect();
    if read {
        return assigns.first().map(|(_, v)| strip(v));
    }
    let targets: Vec<&'p Expr> = assigns
        .iter()
        .map(|(t, _)| *t)
        .filter(|t| !synthetic(t))
        .collect();
    let printed = |e: &Expr| print_expr(e, prog);
    let mut reads = Vec::new();
    for (_, v) in &assigns {
        collect_lvalues(v, &mut reads);
    }
    let read_texts: Vec<String> = reads.iter().map(|e| printed(e)).collect();
    targets
        .iter()
        .find(|t| read_texts.contains(&printed(t)))
        .or_else(|| targets.first())
        .copied()
}

/// The lvalues an expression reads.
fn collect_lvalues<'p>(e: &'p Expr, out: &mut Vec<&'p Expr>) {
    match &e.kind {
        ExprKind::Var(_)
        | ExprKind::Index { .. }
        | ExprKind::Deref(_)
        | ExprKind::Member { .. } => out.push(e),
        _ => {}
    }
    match &e.kind {
        ExprKind::Index { base, index } => {
            collect_lvalues(base, out);
            collect_lvalues(index, out);
        }
        ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Unary { arg: a, .. }
        | ExprKind::Cast(a)
        | ExprKind::Member { base: a, .. } => collect_lvalues(a, out),
        ExprKind::Binary { lhs, rhs, .. } => {
            collect_lvalues(lhs, out);
            collect_lvalues(rhs, out);
        }
        ExprKind::Cond { cond, then, els } => {
            collect_lvalues(cond, out);
            collect_lvalues(then, out);
            collect_lvalues(els, out);
        }
        ExprKind::PureCall { args, .. } => args.iter().for_each(|a| collect_lvalues(a, out)),
        _ => {}
    }
}
