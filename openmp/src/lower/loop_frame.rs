//! What a sequential loop's invariants say about the variables it does not compute: a loop
//! forgets the values of the locations its invariants hold and of the locals it writes, and
//! with them the lengths of the objects pointers point to. The values before the loop are
//! recorded and an invariant says what becomes of them: they stay ([`Lowerer::frame_unchanged`])
//! or the loop only exchanges them among its variables ([`Lowerer::frame_permuted`], the double
//! buffer of a stencil). Each such invariant is checked like any other: choosing when to state
//! one is a guess, and a wrong guess costs a proof, never soundness.

use super::{Lowerer, Repr};
use crate::c::ast::*;
use crate::c::visit;
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use std::collections::BTreeSet;
use viper::ast::{BinaryOp, Expr as VExpr, Stmt as VStmt};
use viper::Span;

impl Lowerer<'_> {
    /// Variables in memory (globals, locals whose address is taken) that a loop cannot change,
    /// and whose location its invariants hold a permission to: a loop forgets the values of the
    /// locations its invariants hold, so their values before the loop are recorded and an
    /// invariant says they stay (a global pointer keeps pointing to the object whose length the
    /// code allocated, say). Each is checked like any invariant.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn frame_unchanged(
        &mut self,
        init: &[Stmt],
        cond_pre: &[Stmt],
        c: Option<&Expr>,
        step: &[Stmt],
        body: &Block,
        invariants: &mut Vec<VExpr>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let mut code: Vec<Stmt> = body.stmts.clone();
        code.extend(init.iter().cloned());
        code.extend(cond_pre.iter().cloned());
        code.extend(step.iter().cloned());
        // Every variable in memory here, whether the loop reads it or not: a loop inside whose
        // invariants hold its location forgets its value too.
        let mut candidates: std::collections::BTreeSet<VarId> = self
            .cur
            .vars
            .iter()
            .chain(self.shared.reprs.iter())
            .filter(|(_, r)| matches!(r, Repr::Memory(_)))
            .map(|(v, _)| *v)
            .collect();
        candidates.extend(crate::c::visit::referenced(&code));
        if let Some(c) = c {
            let mut vs = Vec::new();
            c.vars(&mut vs);
            candidates.extend(vs);
        }
        let written = crate::omp::effects::written(self.program, &code);
        let held = invariants.clone();
        for v in candidates {
            let info = self.program.var(v).clone();
            if written.contains(&v) || matches!(info.ty, Type::Array { .. } | Type::Struct(_)) {
                continue;
            }
            let Some(Repr::Memory(obj)) = self.repr(&v).cloned() else {
                continue;
            };
            let Some((loc, when)) = self.held_location(&info.ty, obj, &held, span)? else {
                continue;
            };
            let Some(ty) = super::viper_type(&info.ty) else {
                continue;
            };
            let snap = self.snapshot(&info.name, ty, loc.clone(), when.as_ref(), span, out);
            let at = self
                .checks
                .add_clause(Role::LoopInvariant, span, Some(true));
            let same = bin(viper::ast::BinaryOp::Eq, loc, local(&snap, span), span);
            let same = match when {
                Some(c) => implies(c, same, span),
                None => same,
            };
            invariants.push(respan(same, at));
        }
        Ok(())
    }

    /// Pointer variables a loop only exchanges among themselves (`tmp = a; a = b; b = tmp;`):
    /// after the loop each holds one of their values before it, in some order, so the lengths
    /// of the objects they point to are known again (every permutation is one case of the
    /// invariant; two or three variables). Copies through temporaries declared in the loop
    /// count; any other write to one of them (an allocation, arithmetic, a call that assigns
    /// it) means the loop computes new pointers, and nothing is said.
    pub(super) fn frame_permuted(
        &mut self,
        code: &[Stmt],
        invariants: &mut Vec<VExpr>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let Some(vars) = exchanged(self.program, code) else {
            return Ok(());
        };
        let held = invariants.clone();
        let mut now = Vec::new();
        for &v in &vars {
            let info = self.program.var(v).clone();
            let Some(ty) = super::viper_type(&info.ty) else {
                return Ok(());
            };
            let value = match self.repr(&v).cloned() {
                Some(Repr::Local(n)) => local(&n, span),
                // Read in the invariant only with the permission another invariant holds.
                Some(Repr::Memory(obj)) => match self.held_location(&info.ty, obj, &held, span)? {
                    Some((loc, None)) => loc,
                    _ => return Ok(()),
                },
                None => return Ok(()),
            };
            now.push((info.name, ty, value));
        }
        let mut before = Vec::new();
        for (name, ty, value) in &now {
            before.push(self.snapshot(name, ty.clone(), value.clone(), None, span, out));
        }
        let cases = permutations(now.len()).into_iter().map(|order| {
            and_all(
                order.iter().enumerate().map(|(i, &j)| {
                    bin(
                        BinaryOp::Eq,
                        now[i].2.clone(),
                        local(&before[j], span),
                        span,
                    )
                }),
                span,
            )
        });
        let at = self
            .checks
            .add_clause(Role::LoopInvariant, span, Some(true));
        invariants.push(respan(or_all(cases, span), at));
        Ok(())
    }

    /// The location of a scalar of type `ty` in memory (the object `obj`), if an invariant in
    /// `held` holds a permission to it: always (`None`), or only under a condition (a thread's
    /// `thread == 0 ==> acc(…)`), which a read of the location then needs too.
    fn held_location(
        &mut self,
        ty: &Type,
        obj: VExpr,
        held: &[VExpr],
        span: Span,
    ) -> Result<Option<(VExpr, Option<VExpr>)>, FrontError> {
        let Some(f) = self.elem_field(ty, span)? else {
            return Ok(None);
        };
        let loc = field(
            super::viper_call(super::prelude::LOC, vec![obj, int(0, span)], span),
            f,
            span,
        );
        let printed = viper::printer::print_expr(&loc);
        Ok(held
            .iter()
            .find_map(|h| permission_condition(h, &printed))
            .map(|when| (loc, when)))
    }

    /// A local `<name>_before_loop` holding `value` where the loop starts (only where `when`
    /// holds, if given: elsewhere its value is any).
    fn snapshot(
        &mut self,
        name: &str,
        ty: viper::ast::Type,
        value: VExpr,
        when: Option<&VExpr>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> String {
        let snap = self.cur.names.fresh(&format!("{name}_before_loop"));
        let at = self
            .checks
            .add(Role::Internal("value before the loop"), span);
        match when {
            None => out.push(var_decl(&snap, ty, Some(value), at)),
            Some(c) => {
                out.push(var_decl(&snap, ty, None, at));
                out.push(stmt(
                    viper::ast::StmtKind::If {
                        cond: c.clone(),
                        then: block(vec![assign(&snap, value, at)], at),
                        els: None,
                    },
                    at,
                ));
            }
        }
        snap
    }
}

/// Whether assertion `e` holds a permission to location `loc` (printed): `Some(None)` when it
/// does in every state, `Some(Some(c))` when only where `c` holds (`c ==> acc(loc)`), `None`
/// when not at its top level (conjunctions and implications).
fn permission_condition(e: &VExpr, loc: &str) -> Option<Option<VExpr>> {
    use viper::ast::ExprKind;
    match &e.kind {
        ExprKind::Acc { loc: l, .. } => (viper::printer::print_expr(l) == loc).then_some(None),
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => permission_condition(left, loc).or_else(|| permission_condition(right, loc)),
        ExprKind::Binary {
            op: BinaryOp::Implies,
            left,
            right,
        } => permission_condition(right, loc).map(|inner| {
            Some(match inner {
                None => (**left).clone(),
                Some(c) => and((**left).clone(), c, e.span),
            })
        }),
        _ => None,
    }
}

/// The pointer variables from outside `code` (a loop's code) that it writes, if it only ever
/// assigns them copies of each other, directly or through pointer temporaries it declares; two
/// or three of them (more would make too many cases).
fn exchanged(program: &crate::c::Program, code: &[Stmt]) -> Option<Vec<VarId>> {
    let pointer = |v: &VarId| matches!(program.var(*v).ty, Type::Ptr(_));
    let declared = visit::declared(code);
    let outer: BTreeSet<VarId> = crate::omp::effects::written(program, code)
        .into_iter()
        .filter(|v| pointer(v) && !declared.contains(v))
        .collect();
    if !(2..=3).contains(&outer.len()) {
        return None;
    }
    let copied = |e: &Expr| {
        let mut e = e;
        while let ExprKind::Cast(inner) = &e.kind {
            e = inner;
        }
        visit::whole_var(e)
    };
    // The temporaries whose values flow into the variables, to a fixed point.
    let mut flow = outer.clone();
    loop {
        let mut more = Vec::new();
        visit::each_stmt(code, &mut |s| {
            let (target, value) = match &s.kind {
                StmtKind::Assign { target, value } => (visit::whole_var(target), Some(value)),
                StmtKind::Decl {
                    var,
                    init: Some(Init::Expr(e)),
                } => (Some(*var), Some(e)),
                _ => (None, None),
            };
            if let (Some(t), Some(w)) = (target, value.and_then(copied)) {
                if flow.contains(&t) && declared.contains(&w) && pointer(&w) && !flow.contains(&w) {
                    more.push(w);
                }
            }
        });
        if more.is_empty() {
            break;
        }
        flow.extend(more);
    }
    let mut only_copies = true;
    visit::each_stmt(code, &mut |s| {
        let ok = match &s.kind {
            StmtKind::Assign { target, value } => match visit::whole_var(target) {
                Some(t) if flow.contains(&t) => copied(value).is_some_and(|w| flow.contains(&w)),
                _ => true,
            },
            StmtKind::Decl { var, init } if flow.contains(var) => match init {
                None => true,
                Some(Init::Expr(e)) => copied(e).is_some_and(|w| flow.contains(&w)),
                Some(Init::List(_)) => false,
            },
            // A call may assign one of them (`p = next(p)`, or a global in the callee).
            StmtKind::Call { .. } => {
                crate::omp::effects::written(program, std::slice::from_ref(s)).is_disjoint(&flow)
            }
            StmtKind::Alloc { target, .. } => {
                visit::whole_var(target).is_none_or(|t| !flow.contains(&t))
            }
            _ => true,
        };
        only_copies &= ok;
    });
    only_copies.then(|| outer.into_iter().collect())
}

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn permutations_are_all_orders_once() {
        let ps = super::permutations(3);
        assert_eq!(ps.len(), 6);
        let distinct: std::collections::BTreeSet<_> = ps.iter().collect();
        assert_eq!(distinct.len(), 6);
        assert!(ps.iter().all(|p| {
            let mut q = p.clone();
            q.sort();
            q == vec![0, 1, 2]
        }));
    }
}
