//! The value of a reduction variable after its construct, in the proof (see `omp::data_sharing::reduction`
//! for the OpenMP rules).
//!
//! For a loop block whose iterations contribute `c(i)` to `x` (`op`, identity `id`):
//!
//! - its par-block method starts the private copy of `x` at `id` and checks at the end of the
//!   iteration that the copy holds `id op c(i)`;
//! - in the sequentialized run, right after the block, a new variable records the combination
//!   of all contributions, `g = c(lo) op … op c(hi - 1)` (`lower::bigop`; for `&&`/`||`, a
//!   `forall`/`exists`), evaluated in the state after the block: `c(i)` only reads what
//!   iteration `i` holds a permission to when it ends, which nothing changes before the block
//!   ends;
//! - the update block beside a loop with its own clause assumes `x == old(x) op id op g`; a
//!   region with the clause assumes the same after its end, with the variables of all its loops
//!   (when no other code of the region uses the copy, and the region is checked in place).

use super::{Lowerer, Repr};
use crate::c::ast::{Type, VarId};
use crate::error::FrontError;
use crate::omp::data_sharing::reduction::identity;
use crate::omp::OmpBlock;
use crate::omp::{Contribution, ContributionValue, Scope};
use crate::pragma::ReductionOp;
use ppl::obligations::build::*;
use ppl::obligations::{BlockKey, IterRange, Role};
use viper::ast::{BinaryOp, Expr as VExpr, Stmt as VStmt, StmtKind as VKind, Type as VType};
use viper::Span;

/// A contribution of a block's iterations, lowered over the block's iteration variable.
#[derive(Clone, Debug)]
pub(crate) struct Lowered {
    pub var: VarId,
    pub op: ReductionOp,
    pub scope: Scope,
    /// `c(i)`.
    pub value: VExpr,
    pub id: i128,
    /// The clause that states it, or the loop's pragma when ompv read it off the code.
    pub span: Span,
    pub stated: bool,
}

/// A recorded combination of contributions (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Ghost {
    /// The pragma of the loop.
    pub pragma: Span,
    pub var: VarId,
    pub scope: Scope,
    pub op: ReductionOp,
    pub id: i128,
    /// The variable holding the combination.
    pub name: String,
}

/// Whether `op` combines truth values (`&&`, `||`).
fn logical(op: ReductionOp) -> bool {
    matches!(op, ReductionOp::And | ReductionOp::Or)
}

fn combine_of(op: ReductionOp) -> super::bigop::Combine {
    use super::bigop::Combine as C;
    match op {
        ReductionOp::Add | ReductionOp::Sub => C::Sum,
        ReductionOp::Mul => C::Product,
        ReductionOp::Max => C::Max,
        ReductionOp::Min => C::Min,
        ReductionOp::BitAnd => C::BitAnd,
        ReductionOp::BitOr => C::BitOr,
        // (Truth values are combined with quantifiers.)
        ReductionOp::BitXor | ReductionOp::And | ReductionOp::Or => C::BitXor,
    }
}

fn lit(v: i128, span: Span) -> VExpr {
    VExpr::new(
        viper::ast::ExprKind::IntLit(num_bigint::BigInt::from(v)),
        span,
    )
}

/// `a op b` for integers (`id op e` is `e` for `+` and `*`, whose identities are the
/// mathematical ones).
fn apply(op: ReductionOp, id: i128, a: VExpr, b: VExpr, span: Span) -> VExpr {
    let is_unit = |e: &VExpr| matches!(&e.kind, viper::ast::ExprKind::IntLit(v) if *v == num_bigint::BigInt::from(id));
    if matches!(op, ReductionOp::Add | ReductionOp::Sub | ReductionOp::Mul) {
        if is_unit(&a) {
            return b;
        }
        if is_unit(&b) {
            return a;
        }
    }
    combine_of(op).apply(a, b, span)
}

/// `e != 0`.
fn truth(e: VExpr, span: Span) -> VExpr {
    bin(BinaryOp::Ne, e, int(0, span), span)
}

impl Lowerer<'_> {
    /// The contributions of block `ob` with a known value, lowered where its contract is (the
    /// iteration variables in scope, not yet the private copies).
    pub(crate) fn lower_contributions(
        &mut self,
        ob: &OmpBlock,
    ) -> Result<Vec<Lowered>, FrontError> {
        let mut out = Vec::new();
        for c in &ob.contributions {
            let Contribution {
                var,
                op,
                scope,
                value: Some(value),
            } = c
            else {
                continue;
            };
            let ty = self.program.var(*var).ty.clone();
            let Some(id) = identity(*op, &ty) else {
                continue;
            };
            let (value, span, stated) = match value {
                ContributionValue::Stated { expr, span } => (
                    self.spec_number(expr, super::spec::SpecPos::Post { result: false })?,
                    *span,
                    true,
                ),
                ContributionValue::Read(e) => (
                    self.c_value_as(e, &Type::INT)?,
                    reduction_clause_span(ob, &self.program.var(*var).name),
                    false,
                ),
            };
            out.push(Lowered {
                var: *var,
                op: *op,
                scope: *scope,
                value,
                id,
                span,
                stated,
            });
        }
        Ok(out)
    }

    /// The value the private copy of `v` starts an iteration with, if `v` is a contribution's.
    pub(crate) fn contribution_start(list: &[Lowered], v: VarId, span: Span) -> Option<VExpr> {
        list.iter().find(|c| c.var == v).map(|c| lit(c.id, span))
    }

    /// The checks at the end of an iteration: each copy holds `id op c(i)`.
    pub(crate) fn contribution_checks(&mut self, list: &[Lowered], block: BlockKey) -> Vec<VStmt> {
        let mut out = Vec::new();
        for c in list {
            let Some(Repr::Local(copy)) = self.cur.vars.get(&c.var).cloned() else {
                continue;
            };
            let s = c.span;
            let copy = local(&copy, s);
            let claim = if logical(c.op) {
                bin(BinaryOp::Eq, truth(copy, s), truth(c.value.clone(), s), s)
            } else {
                bin(
                    BinaryOp::Eq,
                    copy,
                    apply(c.op, c.id, lit(c.id, s), c.value.clone(), s),
                    s,
                )
            };
            let shown = match c.scope {
                Scope::Lock(t) => t,
                _ => c.var,
            };
            let at = self.checks.add_clause(
                Role::Contribution {
                    block,
                    var: self.program.var(shown).name.clone(),
                },
                s,
                None,
            );
            out.push(stmt(VKind::Assert(respan(claim, at)), at));
        }
        out
    }

    /// The combinations recorded after the block's run (one per contribution), also kept in
    /// the function's state for the update block or the region's end.
    pub(crate) fn contribution_snapshots(
        &mut self,
        list: &[Lowered],
        dims: &[IterRange],
        pragma: Span,
    ) -> Result<Vec<(String, VType, VExpr)>, FrontError> {
        let mut out = Vec::new();
        let [d] = dims else {
            return Ok(out);
        };
        for c in list {
            let s = c.span;
            let name = self
                .cur
                .names
                .fresh(&format!("combined_{}", self.program.var(c.var).name));
            let (value, ty) = if logical(c.op) {
                // `&&`: every iteration's contribution is true; `||`: some is.
                let k = self.cur.names.fresh(&d.var);
                let body = ppl::obligations::subst::subst(
                    &truth(c.value.clone(), s),
                    &d.var,
                    &local(&k, s),
                );
                let range = d.contains(local(&k, s), s);
                let q = if c.op == ReductionOp::And {
                    forall(vec![decl(&k, VType::Int, s)], implies(range, body, s), s)
                } else {
                    exists(vec![decl(&k, VType::Int, s)], and(range, body, s), s)
                };
                (q, VType::Bool)
            } else {
                // A value all in the state before the block: the combination of the values
                // there.
                let (value, before) = match &c.value.kind {
                    viper::ast::ExprKind::Old { label: None, expr } => ((**expr).clone(), true),
                    _ => (c.value.clone(), false),
                };
                // A filtered-out value (a loop of step > 1) contributes the identity.
                let v = match &d.filter {
                    Some(f) => cond(f.clone(), value, lit(c.id, s), s),
                    None => value,
                };
                let combine = combine_of(c.op);
                let all =
                    match self.combine_range(combine, &d.var, v, d.lo.clone(), d.hi.clone(), s) {
                        Ok(all) if before => old(None, all, s),
                        Ok(all) => all,
                        Err(e) if c.stated => return Err(e),
                        // What ompv read off the code but cannot combine: no result.
                        Err(_) => continue,
                    };
                // `\max`/`\min` need a non-empty range: the identity over an empty one.
                let all = if combine.has_unit() {
                    all
                } else {
                    cond(
                        bin(BinaryOp::Lt, d.lo.clone(), d.hi.clone(), s),
                        all,
                        lit(c.id, s),
                        s,
                    )
                };
                (all, VType::Int)
            };
            self.cur.ghosts.push(Ghost {
                pragma,
                var: c.var,
                scope: c.scope,
                op: c.op,
                id: c.id,
                name: name.clone(),
            });
            out.push((name, ty, value));
        }
        Ok(out)
    }

    /// `x == old(x) op id op g` for the originals an update block assigns, where the loop it
    /// belongs to recorded a combination `g`.
    pub(crate) fn combined_facts(&mut self, ob: &OmpBlock) -> Result<Vec<VExpr>, FrontError> {
        let mut out = Vec::new();
        if ob.origin != crate::omp::BlockOrigin::Reduction {
            return Ok(out);
        }
        for s in &ob.body.block().stmts {
            let crate::c::ast::StmtKind::Assign { target, .. } = &s.kind else {
                continue;
            };
            let crate::c::ast::ExprKind::Var(v) = target.kind else {
                continue;
            };
            let Some(g) = self
                .cur
                .ghosts
                .iter()
                .find(|g| g.pragma == ob.pragma.span && g.var == v && g.scope == Scope::Loop)
                .cloned()
            else {
                self.cur.missing_facts = true;
                continue;
            };
            let now = self.c_value_as(target, &Type::INT)?;
            let before = old(None, now.clone(), s.span);
            let ty = self.program.var(g.var).ty.clone();
            out.push(result_fact(
                &g,
                &ty,
                now,
                before,
                std::slice::from_ref(&g.name),
                s.span,
            ));
        }
        Ok(out)
    }

    /// After a region checked in place: `x = x op id op g_1 op …` for every variable the
    /// region's own `reduction` clause names whose copy only the region's contributing loops
    /// update (instead of an unknown value).
    pub(crate) fn region_results(
        &mut self,
        r: &crate::omp::Region,
        out: &mut Vec<VStmt>,
    ) -> Vec<VarId> {
        let mut done = Vec::new();
        let ghosts = std::mem::take(&mut self.cur.ghosts);
        for v in &r.privatised {
            let info = self.program.var(*v).clone();
            let Some(crate::pragma::ReductionId::Op(op)) =
                crate::omp::data_sharing::reduction::reduction_op(&r.pragma, &info.name)
            else {
                continue;
            };
            let Some(id) = identity(op, &info.ty) else {
                continue;
            };
            // Every block that uses the copy contributes through a recorded combination.
            let mut names = Vec::new();
            let mut ok = true;
            for b in r.ppl.blocks() {
                if !matches!(
                    b.payload.sharing.get(v),
                    Some(crate::omp::sharing::Sharing::Reduction { .. })
                ) {
                    continue;
                }
                match ghosts.iter().find(|g| {
                    g.pragma == b.payload.pragma.span && g.var == *v && g.scope == Scope::Region
                }) {
                    Some(g) => names.push(g.name.clone()),
                    None => ok = false,
                }
            }
            let Some(Repr::Local(n)) = self.cur.vars.get(v).cloned() else {
                continue;
            };
            if !ok {
                continue;
            }
            let span = r.span;
            let g = Ghost {
                pragma: r.pragma.span,
                var: *v,
                scope: Scope::Region,
                op,
                id,
                name: String::new(),
            };
            let after = self.cur.names.fresh(&format!("{}_after", info.name));
            let at = self.checks.add(
                Role::Internal("the value a reduction gives its original"),
                span,
            );
            out.push(var_decl(&after, VType::Int, None, at));
            let fact = result_fact(
                &g,
                &info.ty,
                local(&after, span),
                local(&n, span),
                &names,
                span,
            );
            out.push(stmt(VKind::Inhale(respan(fact, at)), at));
            out.push(assign(&n, local(&after, span), at));
            done.push(*v);
        }
        done
    }
}

/// Whether `b` is the update block of a loop whose reductions all have a known contribution (its
/// inferred contract, permissions only, is then completed by the value it gives each original).
pub(crate) fn combined_fully(r: &crate::omp::Region, b: &ppl::BasicBlock<OmpBlock>) -> bool {
    if b.payload.origin != crate::omp::BlockOrigin::Reduction {
        return false;
    }
    let blocks = r.ppl.blocks();
    let Some(l) = blocks.iter().find(|l| {
        l.payload.pragma.span == b.payload.pragma.span
            && l.payload.origin != crate::omp::BlockOrigin::Reduction
    }) else {
        return false;
    };
    b.payload.body.block().stmts.iter().all(|s| match &s.kind {
        crate::c::ast::StmtKind::Assign { target, .. } => match target.kind {
            crate::c::ast::ExprKind::Var(v) => l
                .payload
                .contributions
                .iter()
                .any(|c| c.var == v && c.scope == Scope::Loop && c.value.is_some()),
            _ => false,
        },
        _ => true,
    })
}

/// Whether `b` is a lock block whose (inferred, exact) resource is only the permission to
/// variables in `known` (whose value after the region the proof knows).
pub(crate) fn lock_fully_known(
    b: &ppl::BasicBlock<OmpBlock>,
    known: &[VarId],
    program: &crate::c::Program,
) -> bool {
    if b.payload.origin != crate::omp::BlockOrigin::Lock || known.is_empty() {
        return false;
    }
    let names: Vec<&str> = known
        .iter()
        .map(|v| program.var(*v).name.as_str())
        .collect();
    b.payload.contract.as_ref().is_some_and(|k| {
        k.clauses.iter().all(|c| {
            c.inferred == Some(true)
                && matches!(&c.expr.kind, crate::spec::ExprKind::Perm { loc, .. }
                    if matches!(&loc.kind, crate::spec::ExprKind::Var(n) if names.contains(&n.as_str())))
        })
    })
}

/// Whether the only constructs of region `r` that change the original of `v` are loops with
/// their own `reduction` or `lastprivate` clause for it (whose update blocks assign it in the
/// region): its value after the region is what the region's code leaves, not unknown.
pub(crate) fn updated_in_region(
    r: &crate::omp::Region,
    v: VarId,
    program: &crate::c::Program,
) -> bool {
    use crate::omp::sharing::Sharing;
    let name = &program.var(v).name;
    let named_by = |p: &crate::pragma::Pragma| {
        p.clauses.iter().any(|c| match &c.kind {
            crate::pragma::ClauseKind::Reduction { items, .. }
            | crate::pragma::ClauseKind::Lastprivate { items, .. } => items
                .iter()
                .any(|i| i.is_variable() && &i.base.name == name),
            _ => false,
        })
    };
    if named_by(&r.pragma)
        || r.pragma.directive.is_parallel()
            && r.pragma.directive != crate::pragma::Directive::Parallel
    {
        return false;
    }
    let mut updated = false;
    for b in r.ppl.blocks() {
        match b.payload.sharing.get(&v) {
            Some(Sharing::Reduction { .. } | Sharing::Lastprivate { .. }) => {
                if b.payload.origin != crate::omp::BlockOrigin::Worksharing
                    || b.payload.pragma.directive.is_parallel()
                    || !named_by(&b.payload.pragma)
                {
                    return false;
                }
                updated = true;
            }
            Some(Sharing::LoopVar | Sharing::Threadprivate) => return false,
            _ => {}
        }
    }
    updated
}

impl Lowerer<'_> {
    /// After a region checked in place, before its shared variables come back from memory:
    /// `x == x_before op g_1 op …` for every variable the region's loops only update under a
    /// lock (`omp::data_sharing::lock_updates`) whose every contributing loop recorded its combination.
    /// `boxed` are the region's shared locals in memory (variable, local, allocation). Returns
    /// the variables that got their value.
    pub(crate) fn lock_results(
        &mut self,
        r: &crate::omp::Region,
        boxed: &[(VarId, String, String)],
        out: &mut Vec<VStmt>,
    ) -> Result<Vec<VarId>, FrontError> {
        let mut done = Vec::new();
        for (t, n, bx) in boxed {
            let mut names = Vec::new();
            let mut op_id = None;
            let mut ok = true;
            for b in r.ppl.blocks() {
                for c in &b.payload.contributions {
                    if c.scope != Scope::Lock(*t) {
                        continue;
                    }
                    match self
                        .cur
                        .ghosts
                        .iter()
                        .find(|g| g.pragma == b.payload.pragma.span && g.var == c.var)
                    {
                        Some(g) => {
                            names.push(g.name.clone());
                            op_id = Some((g.op, g.id));
                        }
                        None => ok = false,
                    }
                }
            }
            let (Some((op, id)), true) = (op_id, ok) else {
                continue;
            };
            let span = r.span;
            let ty = self.program.var(*t).ty.clone();
            let Some(f) = self.elem_field(&ty, span)? else {
                continue;
            };
            let now = field(
                super::viper_call(
                    super::prelude::LOC,
                    vec![local(bx, span), int(0, span)],
                    span,
                ),
                f,
                span,
            );
            let g = Ghost {
                pragma: r.pragma.span,
                var: *t,
                scope: Scope::Lock(*t),
                op,
                id,
                name: String::new(),
            };
            // (The ghosts start at the identity, so no further identity is combined in.)
            let mut v = local(n, span);
            for name in &names {
                v = apply(g.op, g.id, v, local(name, span), span);
            }
            let at = self.checks.add(
                Role::Internal("the value of a variable updated under a lock"),
                span,
            );
            out.push(stmt(
                VKind::Inhale(respan(bin(BinaryOp::Eq, now, v, span), at)),
                at,
            ));
            done.push(*t);
        }
        Ok(done)
    }
}

/// `now == before op id op g_1 op … op g_n` (for `&&`/`||`: `now == ((before != 0 && g_1 && …)
/// ? 1 : 0)`).
fn result_fact(
    g: &Ghost,
    ty: &Type,
    now: VExpr,
    before: VExpr,
    names: &[String],
    span: Span,
) -> VExpr {
    let s = span;
    if logical(g.op) {
        let parts = std::iter::once(truth(before, s)).chain(names.iter().map(|n| local(n, s)));
        let all = if g.op == ReductionOp::And {
            and_all(parts, s)
        } else {
            parts
                .reduce(|a, b| bin(BinaryOp::Or, a, b, s))
                .expect("at least the original")
        };
        return bin(BinaryOp::Eq, now, cond(all, int(1, s), int(0, s), s), s);
    }
    let mut v = apply(g.op, g.id, before, lit(g.id, s), s);
    for n in names {
        v = apply(g.op, g.id, v, local(n, s), s);
    }
    // The combination is done in the variable's type (an `unsigned char` sum wraps).
    bin(BinaryOp::Eq, now, super::value::int_result(v, ty, s), s)
}

/// The span of the `reduction` clause of the block's construct that names `name` (else the
/// pragma).
fn reduction_clause_span(ob: &OmpBlock, name: &str) -> Span {
    ob.pragma
        .clauses
        .iter()
        .find(|c| {
            matches!(&c.kind, crate::pragma::ClauseKind::Reduction { items, .. }
                if items.iter().any(|i| i.base.name == name))
        })
        .map_or(ob.pragma.span, |c| c.span)
}
