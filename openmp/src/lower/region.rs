//! A parallel region: its blocks lowered to [`ViperBlock`]s and its obligations built by
//! [`ppl::obligations::region_obligations`].
//!
//! - The team: a region has `T >= 1` threads (at most the `num_threads` value); a block every
//!   thread runs has a dimension `0 <= t < T` for the thread number.
//! - Data of a block follow the data-sharing attributes of [`crate::omp::sharing`]: loop
//!   variables are the iteration's coordinates; private copies start every iteration with an
//!   arbitrary value (a thread's copy holds whatever its previous iterations left), `firstprivate`
//!   copies with the original value if the region never writes the variable; declared variables
//!   are locals of the iteration.
//! - Shared variables live in memory while the region runs: a local variable of the function that
//!   some block writes is moved into an allocation of its own at the region's entry (and back at
//!   its end), so that writing it needs permission like any other location. Every block asks for
//!   the permissions to the shared scalars it uses (write if it writes them, half if it only
//!   reads them), and the region for all of them: two iterations that may run at the same time
//!   and write the same shared variable (or one writes what the other reads) fail the
//!   disjointness check — a data race, reported with the two iterations.

use super::prelude::{self, LOC};
use super::spec::SpecPos;
use super::value::Class;
use super::{viper_call, BlockCtx, Lowerer, Repr};
use crate::c::ast::*;
use crate::c::visit;
use crate::error::FrontError;
use crate::omp::sharing::Sharing;
use crate::omp::{BlockBody, Dim, OmpBlock, RegionId};
use crate::Program;
use ppl::obligations::build::*;
use ppl::obligations::{
    region_obligations, BlockInfo, IterRange, RegionContract, RegionInfo, RegionInput, Role,
    SpecClause, ViperBlock,
};
use ppl::BasicBlock;
use std::collections::{BTreeMap, BTreeSet};
use viper::ast::{
    BinaryOp, Expr as VExpr, LocalDecl, PermLit, Stmt as VStmt, StmtKind as VKind, Type as VType,
};
use viper::Span;

impl Lowerer<'_> {
    /// Lowers the region of `c` where the function reaches it: its obligations are added to the
    /// program, the statements the function runs in its place to `out`.
    pub(crate) fn region(
        &mut self,
        c: &OmpConstruct,
        id: RegionId,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let program = self.program;
        let r = program
            .regions
            .iter()
            .find(|r| r.id == id)
            .ok_or_else(|| FrontError::unsupported(c.span, "this parallel region"))?;
        let span = r.span;
        let internal = |l: &mut Self, what| l.checks.add(Role::Internal(what), span);
        let saved_vars = self.cur.vars.clone();
        let saved_lanes = std::mem::take(&mut self.cur.lanes);
        // (The update block of a loop's reductions says all about their values when every
        // iteration's contribution is known; `combined_facts` reports it if not.)
        let inferred: Vec<&BasicBlock<OmpBlock>> = r
            .ppl
            .blocks()
            .into_iter()
            .filter(|b| {
                !super::reduction::combined_fully(r, b)
                    && b.payload
                        .contract
                        .as_ref()
                        .is_none_or(|k| k.clauses.iter().any(|c| c.inferred.is_some()))
            })
            .collect();

        // The team size.
        let team = self.cur.names.fresh("team_size");
        let at = internal(self, "team size");
        out.push(var_decl(&team, VType::Int, None, at));
        let mut team_facts = vec![bin(BinaryOp::Ge, local(&team, span), int(1, span), span)];
        let bound = self.num_threads(r)?;
        let team_bounded = bound.is_some();
        if let Some(k) = bound {
            team_facts.push(bin(BinaryOp::Le, local(&team, span), k, span));
        }
        let at = internal(self, "team size");
        out.push(stmt(
            VKind::Inhale(respan(and_all(team_facts.clone(), span), at)),
            at,
        ));

        // The shapes of the objects in scope (their lengths) hold everywhere in the region; those
        // the region's code names are stated (all of them would make every block's contract
        // grow with the number of globals of the program).
        let named: BTreeSet<VarId> = r
            .ppl
            .blocks()
            .iter()
            .flat_map(|b| b.payload.sharing.keys().copied())
            .collect();
        // (`named` is ordered, so the facts are too.)
        let objects: Vec<(VarId, VExpr)> = named
            .iter()
            .filter_map(|v| match self.repr(v) {
                Some(Repr::Memory(obj)) => Some((*v, obj.clone())),
                _ => None,
            })
            .collect();
        for (v, obj) in objects {
            let ty = self.program.var(v).ty.clone();
            if matches!(ty, Type::Array { .. }) {
                team_facts.push(self.shape_facts(obj, &ty, span)?);
            }
        }

        // Written anywhere in the region (for `firstprivate` and shared variables).
        let blocks: Vec<&BasicBlock<OmpBlock>> = r.ppl.blocks();
        let mut written = BTreeSet::new();
        for b in &blocks {
            written.extend(visit::assigned(&b.payload.body.block().stmts));
        }
        // A pointer the function knows to start an allocation (its elements are `loc(p, i)`)
        // still does in the region if no block assigns it: the blocks are told, so that a call
        // of a function that asks for such a pointer (`work(a, lo, hi)`, in a program where
        // some pointer may point into the middle of an allocation) can be made. Checked here,
        // where the function knows it.
        let mut bases = Vec::new();
        for v in &named {
            if !self.needs_offsets || !self.cur.base_ptrs.contains(v) || written.contains(v) {
                continue;
            }
            if let Some(Repr::Local(n)) = self.repr(v) {
                bases.push(super::prelude::starts_allocation(local(n, span), span));
            }
        }
        if !bases.is_empty() {
            let fact = and_all(bases, span);
            let at = internal(self, "pointers that start allocations");
            out.push(stmt(VKind::Assert(respan(fact.clone(), at)), at));
            team_facts.push(fact);
        }
        // Shared local variables some block writes move into memory for the region.
        let mut boxed: Vec<(VarId, String, String)> = Vec::new();
        for b in &blocks {
            for (v, s) in &b.payload.sharing {
                if *s != Sharing::Shared || !written.contains(v) {
                    continue;
                }
                if boxed.iter().any(|(x, _, _)| x == v) {
                    continue;
                }
                if let Some(Repr::Local(n)) = self.repr(v).cloned() {
                    let bx = self
                        .cur
                        .names
                        .fresh(&format!("{}_shared", self.program.var(*v).name));
                    boxed.push((*v, n, bx));
                }
            }
        }
        for (v, n, bx) in &boxed {
            let ty = self.program.var(*v).ty.clone();
            self.allocate(bx, &ty, false, span, out)?;
            self.cur.vars.insert(*v, Repr::Memory(local(bx, span)));
            let target = Expr {
                kind: ExprKind::Var(*v),
                ty,
                span,
            };
            self.store(&target, local(n, span), span, out)?;
        }
        // Loop bounds that read memory (a global `len`, say) are read once, at the entry: the
        // region must not change what they read. Nor what a bound reads that is not in memory:
        // a `firstprivate` copy a thread changes, a global a called function assigns.
        let mut may_write = BTreeSet::new();
        for b in &blocks {
            may_write.extend(crate::omp::effects::written(
                self.program,
                &b.payload.body.block().stmts,
            ));
        }
        let mut bound_args: Vec<(String, VType)> = Vec::new();
        for b in &blocks {
            let own: Vec<VarId> = b
                .payload
                .dims
                .iter()
                .filter_map(|d| match d {
                    Dim::Loop(l) => Some(l.var),
                    Dim::Thread => None,
                })
                .collect();
            for d in &b.payload.dims {
                let Dim::Loop(l) = d else { continue };
                for e in [&l.lower, &l.bound] {
                    let mut vs = Vec::new();
                    e.vars(&mut vs);
                    if let Some(v) = vs
                        .iter()
                        .find(|v| may_write.contains(v) && !own.contains(v))
                    {
                        return Err(FrontError::unsupported(
                            e.span,
                            format!(
                                "a bound of a parallel loop that reads `{}`, which the region \
                                 may change (the proof takes its value at the region's entry)",
                                self.program.var(*v).name
                            ),
                        ));
                    }
                    let in_memory = |v: VarId| matches!(self.repr(&v), Some(Repr::Memory(_)));
                    if !e.reads_memory(&in_memory) {
                        continue;
                    }
                    let mut vs = Vec::new();
                    e.vars(&mut vs);
                    if has_index(e) || vs.iter().any(|v| written.contains(v)) {
                        return Err(FrontError::unsupported(
                            e.span,
                            "a bound of a parallel loop that reads an array element or a variable \
                             the region writes",
                        ));
                    }
                    let val = self.c_value_as(e, &Type::INT)?;
                    let n = self.cur.names.fresh("bound");
                    let at = internal(self, "loop bound at the region's entry");
                    out.push(var_decl(&n, VType::Int, Some(val), at));
                    self.cur.bounds.insert(e.span, n.clone());
                    bound_args.push((n, VType::Int));
                }
            }
        }
        // Values at the entry of variables the blocks copy (`firstprivate`) but may not read.
        let mut entry: BTreeMap<VarId, String> = BTreeMap::new();
        for b in &blocks {
            for (v, s) in &b.payload.sharing {
                if let Sharing::Firstprivate { .. } = s {
                    if let Some(Repr::Memory(_)) = self.repr(v) {
                        if entry.contains_key(v) || written.contains(v) {
                            continue;
                        }
                        let info = self.program.var(*v).clone();
                        if let Some(vty) = super::viper_type(&info.ty) {
                            if matches!(info.ty, Type::Array { .. } | Type::Struct(_)) {
                                continue;
                            }
                            let e = Expr {
                                kind: ExprKind::Var(*v),
                                ty: info.ty.clone(),
                                span,
                            };
                            let val = self.c_value_as(&e, &info.ty)?;
                            let n = self.cur.names.fresh(&format!("{}_at_entry", info.name));
                            let at = internal(self, "value at the region's entry");
                            out.push(var_decl(&n, vty, Some(val), at));
                            entry.insert(*v, n);
                        }
                    }
                }
            }
        }

        // The arguments of every member: the function's variables in scope, the boxes, the team.
        let mut args: Vec<LocalDecl> = Vec::new();
        let mut seen = BTreeSet::new();
        let mut in_scope: Vec<(VarId, Repr)> =
            self.cur.vars.iter().map(|(k, v)| (*k, v.clone())).collect();
        in_scope.sort_by_key(|(k, _)| *k);
        for (v, repr) in &in_scope {
            let info = self.program.var(*v);
            let name = match repr {
                Repr::Local(n) => n.clone(),
                Repr::Memory(e) => match &e.kind {
                    viper::ast::ExprKind::Local(n) => n.clone(),
                    _ => continue,
                },
            };
            let ty = match repr {
                Repr::Memory(_) => prelude::array_type(),
                Repr::Local(_) => match super::viper_type(&info.ty) {
                    Some(t) => t,
                    None => continue,
                },
            };
            if seen.insert(name.clone()) {
                args.push(decl(&name, ty, span));
            }
        }
        for n in entry.values() {
            let v = entry
                .iter()
                .find(|(_, x)| *x == n)
                .map(|(v, _)| *v)
                .unwrap();
            let ty = super::viper_type(&self.program.var(v).ty).unwrap();
            args.push(decl(n, ty, span));
        }
        for (n, t) in &bound_args {
            args.push(decl(n, t.clone(), span));
        }
        args.push(decl(&team, VType::Int, span));

        let key = self.checks.add_region(RegionInfo {
            function: self.cur.name.clone(),
            line: r.line(),
            pragma: r.pragma.span,
            contract: r.contract.as_ref().map(|c| c.span),
            names: self.cur.renamed.clone(),
            scalars: Default::default(),
            approximation: r.approximation.clone(),
        });

        // The resource of every lock of the region, over the region's variables (not a block's
        // private copies of them).
        let mut locks = std::collections::BTreeMap::new();
        let mut invariants = std::collections::BTreeMap::new();
        for b in &blocks {
            let Some(l) = &b.payload.lock else { continue };
            let clauses: Vec<&crate::spec::Clause> = b
                .payload
                .contract
                .iter()
                .flat_map(|c| c.clauses.iter())
                .collect();
            let lowered = self.spec_clauses(clauses, SpecPos::Pre)?;
            if let Some(c) = lowered.iter().find(|c| c.inferred.is_none()) {
                invariants.insert(l.clone(), c.span);
            }
            locks.insert(
                l.clone(),
                and_all(lowered.into_iter().map(|c| c.expr), b.span),
            );
        }
        let saved_locks = std::mem::replace(&mut self.cur.locks, locks);
        let saved_invariants = std::mem::replace(&mut self.cur.invariants, invariants);
        // Diagnostics name a shared scalar in memory by its variable.
        // (The function's variables, and the globals the region names: the others cannot be
        // part of a race in it.)
        let in_memory: Vec<(VarId, Repr)> = self
            .cur
            .vars
            .iter()
            .map(|(v, r)| (*v, r.clone()))
            .chain(named.iter().filter_map(|v| {
                let global = !self.cur.vars.contains_key(v);
                global.then(|| self.shared.reprs.get(v).map(|r| (*v, r.clone())))?
            }))
            .collect();
        for (v, repr) in in_memory {
            let info = self.program.var(v);
            if let Repr::Memory(obj) = repr {
                // A struct variable is one object too: its members are named `s.f`.
                if !matches!(info.ty, Type::Array { .. }) {
                    self.cur
                        .scalar_objects
                        .insert(viper::printer::print_expr(&obj), info.name.clone());
                }
            }
        }

        // Blocks first: their lowering may rename variables the region info should know.
        self.cur.ghosts.clear();
        let saved_team = self.cur.team.replace(team.clone());
        let ctx = RegionCtx {
            written: &written,
            entry: &entry,
            team_bounded,
        };
        let mut region_scalars: BTreeMap<String, (VExpr, bool)> = BTreeMap::new();
        let ppl = {
            let mut lower = |b: BasicBlock<OmpBlock>| {
                let r = self.block(&b, &ctx);
                if let Ok((_, scalars)) = &r {
                    for (k, (loc, w, _)) in scalars {
                        let e = region_scalars
                            .entry(k.clone())
                            .or_insert((loc.clone(), false));
                        e.1 |= *w;
                    }
                }
                r.map(|(vb, _)| vb)
            };
            r.ppl.clone().try_map_blocks(&mut lower)
        };
        self.cur.team = saved_team;
        self.cur.locks = saved_locks;
        self.cur.invariants = saved_invariants;
        let ppl = ppl?;
        self.checks.regions[key.0 as usize].names = self.cur.renamed.clone();
        self.checks.regions[key.0 as usize].scalars = std::mem::take(&mut self.cur.scalar_objects);

        // The region's contract, with the permissions to the shared scalars the blocks use.
        let everywhere = self.cur.everywhere.clone();
        let scalar_perms: Vec<SpecClause> = region_scalars
            .values()
            .map(|(loc, _)| SpecClause {
                expr: acc(loc.clone(), perm_lit(PermLit::Write, span), span),
                span: r.pragma.span,
                inferred: None,
            })
            .collect();
        let contract = match &r.contract {
            None => None,
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                let mut pre = self.spec_clauses(pre, SpecPos::Pre)?;
                let mut post = self.spec_clauses(post, SpecPos::Post { result: false })?;
                // The shared scalars' permissions the contract does not give already.
                let extra: Vec<SpecClause> = scalar_perms
                    .iter()
                    .filter(|s| !mentions_loc(&pre, &s.expr))
                    .cloned()
                    .collect();
                pre.extend(extra.iter().cloned());
                post.extend(extra);
                Some(RegionContract { pre, post })
            }
        };
        let base = format!("{}__r{}", self.method_name(&self.cur.name), r.line());
        let mut prefix = base.clone();
        let mut k = 1;
        while !self.region_prefixes.insert(prefix.clone()) {
            k += 1;
            prefix = format!("{base}_{k}");
        }
        let input = RegionInput {
            key,
            prefix,
            args,
            facts: team_facts,
            contract,
            ppl,
            pairs: r.pairs.clone(),
            span,
        };
        let obligations = region_obligations(&input, &mut self.cur.names, &mut self.checks)
            .map_err(|e| {
                FrontError::unsupported(e.span, format!("{} in an iteration contract", e.what))
            })?;
        // A block left without a contract holds nothing: its failures are not certain.
        if r.ppl
            .blocks()
            .iter()
            .any(|b| self.program.inference.uninferred.contains(&b.span))
        {
            for m in &obligations.members {
                self.approximate.insert(m.method.name.name.clone());
            }
        }
        // A block running a `simd` loop of its own ([`super::lanes`]): the same.
        if std::mem::replace(&mut self.cur.lanes, saved_lanes) {
            for m in &obligations.members {
                self.approximate.insert(m.method.name.name.clone());
            }
        }
        self.cur.pending.extend(obligations.members);
        out.extend(obligations.in_place);
        let lock_known = if r.contract.is_none() {
            self.lock_results(r, &boxed, out)?
        } else {
            Vec::new()
        };
        // The function's checks after the region are not definite if some block's contract is
        // inferred: it says nothing about values. (A lock's inferred resource is only the
        // permission to variables whose value after the region is known here.)
        if inferred
            .iter()
            .any(|b| !super::reduction::lock_fully_known(b, &lock_known, self.program))
        {
            let method = self.method_name(&self.cur.name);
            self.approximate.insert(method);
        }

        // Shared variables come back from memory.
        for (v, n, _) in &boxed {
            let ty = self.program.var(*v).ty.clone();
            let e = Expr {
                kind: ExprKind::Var(*v),
                ty: ty.clone(),
                span,
            };
            let val = self.c_value_as(&e, &ty)?;
            let at = internal(self, "shared variable after the region");
            out.push(assign(n, val, at));
        }
        self.cur.vars = saved_vars;
        self.cur.bounds.clear();
        // Reductions whose result is known (a region checked in place: its blocks' runs are in
        // the function).
        let known = if r.contract.is_none() {
            self.region_results(r, out)
        } else {
            self.cur.ghosts.clear();
            Vec::new()
        };
        if std::mem::take(&mut self.cur.missing_facts) {
            let method = self.method_name(&self.cur.name);
            self.approximate.insert(method);
        }
        // Variables the region privatises (or whose originals it updates) have unknown values
        // (those a loop's update block assigns in the region have the value it leaves), except
        // `lastprivate` originals whose value the loop's code says.
        let last = crate::omp::data_sharing::lastprivate::last_values(self.program, r);
        for v in &r.privatised {
            if known.contains(v) || super::reduction::updated_in_region(r, *v, self.program) {
                continue;
            }
            let n = match self.repr(v).cloned() {
                Some(Repr::Local(n)) => n,
                Some(Repr::Memory(obj)) => {
                    // A variable in memory (a global, a local whose address is taken): its
                    // location gets an unknown value, keeping whatever permission the function
                    // holds to it.
                    let info = self.program.var(*v).clone();
                    if matches!(info.ty, Type::Array { .. } | Type::Struct(_)) {
                        // Every element gets an unknown value: giving up and taking back write
                        // permission to each. The function must hold it (it does for its own
                        // arrays); where it does not, the check fails and the answer is
                        // `unknown`, never a value ompv made up.
                        let at = internal(self, "havoc");
                        let perms =
                            self.object_perms(obj, &info.ty, perm_lit(PermLit::Write, span), span)?;
                        out.push(stmt(VKind::Exhale(perms.clone()), at));
                        out.push(stmt(VKind::Inhale(perms), at));
                        continue;
                    }
                    let Some(f) = self.elem_field(&info.ty, span)? else {
                        continue;
                    };
                    let loc = field(viper_call(LOC, vec![obj, int(0, span)], span), f, span);
                    let p = self.cur.names.fresh("held");
                    let at = internal(self, "havoc");
                    out.push(var_decl(
                        &p,
                        VType::Perm,
                        Some(VExpr::new(
                            viper::ast::ExprKind::PermOf(Box::new(loc.clone())),
                            span,
                        )),
                        at,
                    ));
                    out.push(stmt(
                        VKind::Exhale(acc(loc.clone(), local(&p, span), at)),
                        at,
                    ));
                    out.push(stmt(VKind::Inhale(acc(loc, local(&p, span), at)), at));
                    continue;
                }
                None => continue,
            };
            let Some(ty) = super::viper_type(&self.program.var(*v).ty) else {
                continue;
            };
            let fresh = self
                .cur
                .names
                .fresh(&format!("{}_after", self.program.var(*v).name));
            let at = internal(self, "havoc");
            out.push(var_decl(&fresh, ty, None, at));
            out.push(assign(&n, local(&fresh, span), at));
            if let Some(l) = last.get(v) {
                let runs = self.c_truth(&l.runs)?;
                let value = self.c_value_as(&l.value, &self.program.var(*v).ty.clone())?;
                let at = internal(self, "lastprivate value");
                let fact = implies(
                    runs,
                    bin(viper::ast::BinaryOp::Eq, local(&n, span), value, span),
                    span,
                );
                out.push(stmt(VKind::Inhale(fact), at));
            }
        }
        Ok(())
    }

    /// The number of threads the region requests, if a constant: its `num_threads(k)` clause,
    /// else an `omp_set_num_threads(k)` before it (`omp::worksharing::requested_threads`). Its team has at
    /// most that many threads (OpenMP 5.2 §10.1.1).
    fn num_threads(&mut self, r: &crate::omp::Region) -> Result<Option<VExpr>, FrontError> {
        for c in &r.pragma.clauses {
            if let crate::pragma::ClauseKind::NumThreads(e) = &c.kind {
                if let Ok(n) = e.text.trim().parse::<i64>() {
                    return Ok(Some(int(n, e.span)));
                }
                return Ok(None);
            }
        }
        let requested =
            crate::omp::worksharing::requested_threads::bound(self.program, &r.function, r.span);
        Ok(requested
            .and_then(|n| i64::try_from(n).ok())
            .map(|n| int(n, r.pragma.span)))
    }

    /// Lowers one basic block; also returns the shared scalar locations it uses (with whether
    /// it writes them), keyed by their printed form.
    #[allow(clippy::type_complexity)]
    fn block(
        &mut self,
        b: &BasicBlock<OmpBlock>,
        ctx: &RegionCtx<'_>,
    ) -> Result<(ViperBlock, BTreeMap<String, (VExpr, bool, bool)>), FrontError> {
        let saved_vars = self.cur.vars.clone();
        let saved_block = self.cur.block.take();
        let saved_flags = std::mem::take(&mut self.cur.flags);
        self.cur.spec_scope.push(Vec::new());
        let r = self.block_in_scope(b, ctx);
        self.cur.spec_scope.pop();
        self.cur.flags = saved_flags;
        self.cur.block = saved_block;
        self.cur.vars = saved_vars;
        r
    }

    #[allow(clippy::type_complexity)]
    fn block_in_scope(
        &mut self,
        b: &BasicBlock<OmpBlock>,
        ctx: &RegionCtx<'_>,
    ) -> Result<(ViperBlock, BTreeMap<String, (VExpr, bool, bool)>), FrontError> {
        let ob = &b.payload;
        let span = b.span;
        let team = self.cur.team.clone().expect("inside a region");
        // The iteration space.
        let mut dims = Vec::new();
        // Each loop dimension's Viper variable, lower bound and step.
        let mut lowers: Vec<(String, VExpr, i128)> = Vec::new();
        let mut dim_names = Vec::new();
        let mut thread = None;
        // A thread of the team, `0 <= t < T`.
        let team_thread = |t: &str| IterRange {
            var: t.to_string(),
            lo: int(0, span),
            hi: local(&team, span),
            filter: None,
        };
        for d in &ob.dims {
            match d {
                Dim::Thread => {
                    let t = self.cur.names.fresh("thread");
                    dims.push(team_thread(&t));
                    dim_names.push(("thread".to_string(), t.clone()));
                    thread = Some(t);
                }
                Dim::Loop(l) => {
                    for bound in [&l.lower, &l.bound] {
                        let mut vs = Vec::new();
                        bound.vars(&mut vs);
                        if let Some(v) = vs.iter().find(|v| {
                            ob.sharing
                                .get(v)
                                .is_some_and(|s| s.is_private() && *s != Sharing::LoopVar)
                                && !matches!(ob.sharing.get(v), Some(Sharing::Firstprivate { .. }))
                        }) {
                            return Err(FrontError::unsupported(
                                bound.span,
                                format!(
                                    "a bound of a parallel loop that uses the private variable `{}`",
                                    self.program.var(*v).name
                                ),
                            ));
                        }
                    }
                    let value = |l: &mut Self, e: &Expr| match l.cur.bounds.get(&e.span) {
                        Some(n) => Ok(local(n, e.span)),
                        None => l.c_value_as(e, &Type::INT),
                    };
                    let lo = value(self, &l.lower)?;
                    let bound = value(self, &l.bound)?;
                    let v = self.fresh_var(l.var);
                    lowers.push((v.clone(), lo.clone(), l.step));
                    let range = iteration_range(&v, lo, bound, l.test, l.step, span);
                    dims.push(range);
                    dim_names.push((self.program.var(l.var).name.clone(), v.clone()));
                    self.cur.vars.insert(l.var, Repr::Local(v));
                    self.spec_declare(l.var);
                }
            }
        }
        // §11.5.3: with `schedule(static, c)` the chunks go to the threads round-robin, in the
        // order of the thread numbers: chunk `k` (logical iterations `k*c .. k*c + c - 1`) to
        // thread `k mod T`. Only for one associated loop and a constant chunk.
        let schedule_thread = match (ob.pragma.schedule(), lowers.as_slice()) {
            (Some((crate::pragma::ScheduleKind::Static, Some(c))), [(v, lo, step)])
                if ob.one_thread_per_iteration() =>
            {
                crate::pragma::ast::int_literal(c)
                    .filter(|c| *c > 0)
                    .map(|c| {
                        let i = local(v, span);
                        let logical = if *step > 0 {
                            bin(
                                BinaryOp::Div,
                                bin(BinaryOp::Sub, i, lo.clone(), span),
                                int(*step as i64, span),
                                span,
                            )
                        } else {
                            bin(
                                BinaryOp::Div,
                                bin(BinaryOp::Sub, lo.clone(), i, span),
                                int(-*step as i64, span),
                                span,
                            )
                        };
                        let chunk = bin(BinaryOp::Div, logical, int(c as i64, span), span);
                        bin(BinaryOp::Mod, chunk, local(&team, span), span)
                    })
            }
            _ => None,
        };
        // (A thread dimension starts at 0 with step 1; a loop at its lower bound.)
        let mut starts: Vec<Option<(VExpr, i64)>> = Vec::new();
        let mut loops = lowers.iter();
        for d in &ob.dims {
            starts.push(match d {
                Dim::Thread => None,
                Dim::Loop(_) => loops.next().map(|(_, lo, step)| (lo.clone(), *step as i64)),
            });
        }
        // The thread that runs an iteration of a worksharing loop: not a dimension (one thread
        // runs each iteration), named by `omp_get_thread_num()` in the iteration.
        let runner = match thread {
            None if ob.one_thread_per_iteration() => {
                let t = self.cur.names.fresh("thread");
                thread = Some(t.clone());
                dim_names.push(("thread".to_string(), t.clone()));
                Some(team_thread(&t))
            }
            _ => None,
        };
        self.cur.block = Some(BlockCtx { thread });

        // The iteration contract (it sees the function's variables and the iteration variables, not
        // the block's private copies).
        let everywhere = self.cur.everywhere.clone();
        let (mut pre, mut post) = match &ob.contract {
            None => (
                self.spec_clauses(everywhere.iter(), SpecPos::Pre)?,
                self.spec_clauses(everywhere.iter(), SpecPos::Post { result: false })?,
            ),
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                (
                    self.spec_clauses(pre, SpecPos::Pre)?,
                    self.spec_clauses(post, SpecPos::Post { result: false })?,
                )
            }
        };
        // The footprints of the statements of an iteration that keeps forward dependences
        // (`infer::stages`), seen like the contract.
        let mut stage_pres = Vec::new();
        for c in &ob.stages {
            stage_pres.push(self.spec_clauses(c.clauses.iter(), SpecPos::Pre)?);
        }
        // What the iterations contribute to reductions (also seen by the contract's names).
        let contributions = self.lower_contributions(ob)?;
        let assumed = self.combined_facts(ob)?;
        let mut body: Vec<VStmt> = Vec::new();
        // What the construct's clauses read of the originals when it starts (`firstprivate`
        // copies, OpenMP 5.2 §5.4.4): before the copies hide them. A local the region keeps out
        // of memory is written by no block, so nothing can race with the read.
        for r in &ob.implicit {
            let Some(Repr::Memory(obj)) = self.repr(&r.var).cloned() else {
                continue;
            };
            let info = self.program.var(r.var).clone();
            let at = self.checks.add(
                Role::ClauseRead {
                    clause: r.clause.to_string(),
                    var: info.name.clone(),
                },
                r.span,
            );
            let read = self.object_read(obj, &info.ty, r.span)?;
            body.push(stmt(VKind::Assert(respan(read, at)), at));
        }
        // Private data: locals of the block's method.
        for (v, s) in &ob.sharing {
            let info = self.program.var(*v).clone();
            let fresh_copy = match s {
                Sharing::Shared | Sharing::LoopVar | Sharing::Local => continue,
                // A reduction copy that is only updated: the iteration's contribution starts
                // from the identity (`lower::reduction`).
                Sharing::Reduction { .. } if contributions.iter().any(|c| c.var == *v) => {
                    Self::contribution_start(&contributions, *v, span)
                }
                // The thread's number, which the region's code stored before the loop.
                Sharing::ThreadLocal if ob.thread_numbers.contains(v) => {
                    runner.as_ref().map(|t| local(&t.var, span))
                }
                Sharing::Firstprivate { .. } if !ctx.written.contains(v) => {
                    // Initialised from the original, which the region never changes.
                    // (An array or struct copy is a fresh object whose values are not known.)
                    match (self.repr(v).cloned(), ctx.entry.get(v)) {
                        (_, Some(n)) => Some(local(n, span)),
                        (Some(Repr::Local(n)), _) => Some(local(&n, span)),
                        _ => None,
                    }
                }
                _ => None,
            };
            let name = self.fresh_var(*v);
            if info.in_memory() && !matches!(info.storage, Storage::Global | Storage::StaticLocal)
                || matches!(info.ty, Type::Array { .. } | Type::Struct(_))
            {
                self.allocate(&name, &info.ty, false, span, &mut body)?;
                self.cur.vars.insert(*v, Repr::Memory(local(&name, span)));
            } else {
                let Some(vty) = super::viper_type(&info.ty) else {
                    continue;
                };
                let at = self.checks.add(Role::Internal("private variable"), span);
                body.push(var_decl(&name, vty, fresh_copy, at));
                self.cur.vars.insert(*v, Repr::Local(name));
            }
            self.spec_declare(*v);
        }

        // Permissions to the shared scalars in memory the block uses (outside locks: what it
        // accesses only under a lock is the lock's).
        let code = ob.body.block();
        let (reads, writes) =
            crate::omp::worksharing::block_simd::outer_vars(self.program, &code.stmts);
        let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
        lock_refs(self.program, &code.stmts, &mut inside, &mut outside);
        let mut scalars: BTreeMap<String, (VExpr, bool, bool)> = BTreeMap::new();
        for v in &reads {
            if ob.sharing.get(v) != Some(&Sharing::Shared) {
                continue;
            }
            if inside.contains(v) && !outside.contains(v) {
                continue;
            }
            let info = self.program.var(*v).clone();
            if matches!(info.ty, Type::Array { .. } | Type::Struct(_)) {
                continue;
            }
            let Some(Repr::Memory(obj)) = self.repr(v).cloned() else {
                continue;
            };
            let Some(f) = self.elem_field(&info.ty, span)? else {
                continue;
            };
            self.cur
                .scalar_objects
                .insert(viper::printer::print_expr(&obj), info.name.clone());
            // The permission is shown at the variable's first use in the block.
            let at = first_use(&code.stmts, *v).unwrap_or(span);
            let loc = field(viper_call(LOC, vec![obj, int(0, at)], at), f, at);
            let key = viper::printer::print_expr(&loc);
            if mentions_loc(&pre, &loc) {
                continue;
            }
            let exact = code.stmts.iter().any(|s| mentions_directly(s, *v));
            scalars.insert(key, (loc, writes.contains(v), exact));
        }
        let pragma_span = ob.pragma.span;
        // First: the other clauses may read these locations (a global pointer `a` in
        // `Perm(a[i], write)`), which needs the permission before it.
        let (mut scalar_pre, mut scalar_post) = (Vec::new(), Vec::new());
        for (loc, w, exact) in scalars.values() {
            let at = loc.span;
            let amount = if *w {
                perm_lit(PermLit::Write, at)
            } else {
                bin(BinaryOp::PermDiv, int(1, at), int(2, at), at)
            };
            // Exact when every iteration reaches the access (it is not under a condition): then
            // it says no more than the code, like a specification of the user's.
            let clause = SpecClause {
                expr: acc(loc.clone(), amount, at),
                span: pragma_span,
                inferred: if *exact { None } else { Some(false) },
            };
            scalar_pre.push(clause.clone());
            scalar_post.push(clause);
        }
        pre.splice(0..0, scalar_pre);
        post.splice(0..0, scalar_post);

        // The block's description (its permissions are filled in by the obligations).
        // §11.5.3: with `schedule(static)` and no chunk, or `guided`, which iterations share a
        // thread is the implementation's choice within rules of chunk sizes; with at most `k`
        // threads a conflicting pair found may be one that always shares a thread. (Without a
        // bound, a team as large as the loop puts any two iterations on two threads; other
        // schedules may give any iteration to any thread; `static, c` is exact above.)
        let schedule_uncertain = (ob.one_thread_per_iteration() && ctx.team_bounded)
            .then(|| match ob.pragma.schedule() {
                Some((crate::pragma::ScheduleKind::Static, None)) => Some(
                    "the loop's `schedule(static)` with a bounded team may keep the two \
                     iterations on one thread (OpenMP 5.2 §11.5.3)",
                ),
                Some((crate::pragma::ScheduleKind::Guided, _)) => Some(
                    "the loop's `schedule(guided)` with a bounded team may keep the two \
                     iterations on one thread (OpenMP 5.2 §11.5.3)",
                ),
                _ => None,
            })
            .flatten()
            .map(str::to_string);
        let key = self.checks.add_block(BlockInfo {
            schedule_uncertain,
            name: b.name(),
            construct: match &ob.lock {
                Some(l) => l.describe(),
                None => ob.origin.describe().to_string(),
            },
            kind: b.kind,
            line: b.line,
            pragma: ob.pragma.span,
            vars: dim_names,
            atoms: Vec::new(),
            invariant: ob
                .lock
                .as_ref()
                .and(ob.contract.as_ref())
                .and_then(|k| k.clauses.iter().find(|c| c.inferred.is_none()))
                .map(|c| c.span),
        });

        // The code: a loop body may `continue` to the next iteration.
        let has_continue = {
            let mut any = false;
            fn walk(ss: &[Stmt], any: &mut bool) {
                for s in ss {
                    match &s.kind {
                        StmtKind::Continue => *any = true,
                        StmtKind::Loop { .. } => {}
                        _ => s.for_each_block(&mut |b| walk(&b.stmts, any)),
                    }
                }
            }
            walk(&code.stmts, &mut any);
            any
        };
        if matches!(ob.body, BlockBody::Loop(_)) && has_continue {
            let cnt = self.cur.names.fresh("continue");
            let at = self.checks.add(Role::Internal("loop flag"), span);
            body.push(var_decl(&cnt, VType::Bool, Some(bool_lit(false, at)), at));
            self.cur.flags.loops.push((None, Some(cnt)));
        }
        // Statement by statement when the iteration has stages (no statement leaves the
        // iteration early there, so this is what lowering them together gives).
        let split = !stage_pres.is_empty()
            && stage_pres.len() == code.stmts.len()
            && scalars.is_empty()
            && !has_continue;
        let prelude_len = body.len();
        let mut cuts = Vec::new();
        let r = self.scoped(|l| {
            if !split {
                return l.stmts(&code.stmts, &mut body);
            }
            for s in &code.stmts {
                let start = body.len();
                l.stmts(std::slice::from_ref(s), &mut body)?;
                cuts.push(start..body.len());
            }
            Ok(())
        });
        r?;
        let stages = split.then(|| ppl::obligations::Stages {
            prelude: body[..prelude_len].to_vec(),
            parts: stage_pres
                .into_iter()
                .zip(cuts)
                .zip(&code.stmts)
                .map(|((pre, cut), s)| ppl::obligations::Stage {
                    pre,
                    code: body[cut].to_vec(),
                    span: s.span,
                })
                .collect(),
        });
        let checks = self.contribution_checks(&contributions, key);
        body.extend(checks);
        let snapshots = self.contribution_snapshots(&contributions, &dims, ob.pragma.span)?;
        let _ = Class::Int;
        // §10.4.1: iterations of a `simd` loop at least `safelen` apart (in the logical
        // iteration space) never run at the same time.
        let window = match (ob.origin, ob.dims.as_slice(), ob.pragma.safelen()) {
            (crate::omp::BlockOrigin::Simd, [Dim::Loop(l)], Some(Some(n))) => {
                i64::try_from(l.step.unsigned_abs())
                    .ok()
                    .and_then(|s| s.checked_mul(i64::try_from(n).ok()?))
            }
            _ => None,
        };
        Ok((
            ViperBlock {
                key,
                dims,
                pre,
                post,
                body: block(body, b.span),
                window,
                snapshots,
                assumed,
                stages,
                // §11.5.3 (same logical iteration, same thread) for loops; the thread for code
                // every thread runs.
                fused_dims: match ob.dims.first() {
                    Some(Dim::Thread) => 1,
                    _ => ob.dims.len(),
                },
                thread: runner,
                schedule_thread,
                starts,
                thread_dim: matches!(ob.dims.first(), Some(Dim::Thread)),
            },
            scalars,
        ))
    }

    /// An OpenMP construct in the code of a function or block.
    pub(crate) fn omp_stmt(
        &mut self,
        c: &OmpConstruct,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        if let Some(id) = c.region {
            if self.cur.team.is_some() {
                if crate::omp::worksharing::block_simd::is_lanes(c) {
                    return self.lanes(c, id, out);
                }
                return Err(FrontError::unsupported(
                    c.pragma.directive_span,
                    "a parallel region inside a parallel region here",
                ));
            }
            return self.region(c, id, out);
        }
        let _ = span;
        if let (Some(lock), OmpBody::Block { body, .. }) =
            (crate::omp::walk::lock_of(&c.pragma), &c.body)
        {
            return self.under_lock(lock, c, body, out);
        }
        // `flush` (§15.8.5) and `taskyield` (§12.7) change nothing ompv's model depends on: race
        // freedom never relies on a flush, and a task scheduling point orders nothing.
        if matches!(
            c.pragma.directive,
            crate::pragma::Directive::Flush | crate::pragma::Directive::Taskyield
        ) {
            return Ok(());
        }
        Err(FrontError::unsupported(
            c.pragma.directive_span,
            format!("`omp {}` at this place", c.pragma.directive.name()),
        ))
    }
}

impl Lowerer<'_> {
    /// `critical` / `atomic` inside a block: the lock's resource is lent to the block for the
    /// body (thesis ch. 6: inhale the resource invariant, run, exhale it). Outside a parallel
    /// region, mutual exclusion changes nothing for the one thread.
    fn under_lock(
        &mut self,
        lock: crate::omp::LockName,
        c: &OmpConstruct,
        body: &Block,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let Some(resource) = self.cur.locks.get(&lock).cloned() else {
            if self.cur.team.is_some() {
                return Err(FrontError::unsupported(
                    c.pragma.directive_span,
                    format!(
                        "`omp {}` in code whose parallel region ompv does not see here",
                        c.pragma.directive.name()
                    ),
                ));
            }
            return self.scoped(|l| l.stmts(&body.stmts, out));
        };
        let nestable = matches!(&lock, crate::omp::LockName::Critical(Some(n))
            if crate::omp::critical_names::is_nestable(n));
        if nestable && self.cur.held.contains(&lock) {
            // §18.9.4: setting a nestable lock the thread owns only counts up; it already holds
            // the lock's resource.
            return self.scoped(|l| l.stmts(&body.stmts, out));
        }
        if self.cur.held.contains(&lock) {
            // §15.2: a thread that enters a critical region it is already in deadlocks.
            return Err(FrontError::omp_syntax(
                c.pragma.directive_span,
                format!(
                    "{} nested in itself: the thread would wait for itself forever (OpenMP 5.2 \
                     §15.2)",
                    lock.describe()
                ),
            ));
        }
        let at = self
            .checks
            .add(Role::Internal("lock acquired"), c.pragma.span);
        out.push(stmt(VKind::Inhale(respan(resource.clone(), at)), at));
        self.cur.held.push(lock.clone());
        let r = self.scoped(|l| l.stmts(&body.stmts, out));
        self.cur.held.pop();
        r?;
        let at = self.checks.add(
            Role::LockRelease {
                lock: lock.describe(),
                invariant: self.cur.invariants.get(&lock).copied(),
            },
            c.pragma.span,
        );
        out.push(stmt(VKind::Exhale(respan(resource, at)), at));
        Ok(())
    }
}

/// The variables `stmts` reference under a lock (all of a `critical` body; the updated variable
/// of an `atomic`) and those they reference elsewhere.
fn lock_refs(
    program: &Program,
    stmts: &[Stmt],
    inside: &mut BTreeSet<VarId>,
    outside: &mut BTreeSet<VarId>,
) {
    use crate::omp::LockName;
    for s in stmts {
        if let StmtKind::Omp(c) = &s.kind {
            if let (Some(l), OmpBody::Block { body, .. }) =
                (crate::omp::walk::lock_of(&c.pragma), &c.body)
            {
                let all = visit::referenced(&body.stmts);
                if l == LockName::Atomic {
                    let protected: BTreeSet<VarId> =
                        crate::infer::footprint::atomic_locations(program, &c.pragma, &body.stmts)
                            .iter()
                            .filter_map(visit::whole_var)
                            .collect();
                    for v in all {
                        if protected.contains(&v) {
                            inside.insert(v);
                        } else {
                            outside.insert(v);
                        }
                    }
                } else {
                    inside.extend(all);
                }
                continue;
            }
        }
        if let StmtKind::Decl { var, .. } = &s.kind {
            outside.insert(*var);
        }
        visit::stmt_exprs(s, &mut |e| {
            let mut vs = Vec::new();
            e.vars(&mut vs);
            outside.extend(vs);
        });
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &s.kind
        {
            lock_refs(program, init, inside, outside);
            lock_refs(program, cond_pre, inside, outside);
            lock_refs(program, step, inside, outside);
        }
        s.for_each_block(&mut |b| lock_refs(program, &b.stmts, inside, outside));
    }
}

/// What the blocks of one region share.
struct RegionCtx<'a> {
    /// Variables some code of the region assigns.
    written: &'a BTreeSet<VarId>,
    /// Variables in memory copied by `firstprivate`: their values at the region's entry.
    entry: &'a BTreeMap<VarId, String>,
    /// Whether the team has at most a known number of threads (`num_threads(k)`).
    team_bounded: bool,
}

/// The values the variable of a canonical loop takes, as an [`IterRange`] over `v`.
fn iteration_range(
    v: &str,
    lo: VExpr,
    bound: VExpr,
    test: BinOp,
    step: i128,
    span: Span,
) -> IterRange {
    let one = || int(1, span);
    let (l, h, anchor) = match test {
        BinOp::Lt => (lo.clone(), bound, lo),
        BinOp::Le => (lo.clone(), bin(BinaryOp::Add, bound, one(), span), lo),
        BinOp::Gt => (
            bin(BinaryOp::Add, bound, one(), span),
            bin(BinaryOp::Add, lo.clone(), one(), span),
            lo,
        ),
        BinOp::Ge => (bound, bin(BinaryOp::Add, lo.clone(), one(), span), lo),
        // `!=` with a step of ±1: up to (or down to) the bound.
        _ if step > 0 => (lo.clone(), bound, lo),
        _ => (
            bin(BinaryOp::Add, bound, one(), span),
            bin(BinaryOp::Add, lo.clone(), one(), span),
            lo,
        ),
    };
    let filter = (step.abs() != 1).then(|| {
        // (v - anchor) % |step| == 0, with Viper's Euclidean `%`.
        bin(
            BinaryOp::Eq,
            bin(
                BinaryOp::Mod,
                bin(BinaryOp::Sub, local(v, span), anchor, span),
                super::literal::int_lit(step.abs(), span),
                span,
            ),
            int(0, span),
            span,
        )
    });
    IterRange {
        var: v.to_string(),
        lo: l,
        hi: h,
        filter,
    }
}

/// Whether some clause holds an `acc` of the location `loc`.
fn mentions_loc(clauses: &[SpecClause], loc: &VExpr) -> bool {
    let printed = viper::printer::print_expr(loc);
    clauses.iter().any(|c| {
        let mut found = false;
        find_acc(&c.expr, &printed, &mut found);
        found
    })
}

fn find_acc(e: &VExpr, printed: &str, found: &mut bool) {
    if let viper::ast::ExprKind::Acc { loc, .. } = &e.kind {
        if viper::printer::print_expr(loc) == printed {
            *found = true;
        }
    }
    e.for_each_child(&mut |x| find_acc(x, printed, found));
}

/// The span of the first occurrence of variable `v` in `stmts`.
fn first_use(stmts: &[Stmt], v: VarId) -> Option<Span> {
    let mut found = None;
    visit::each_stmt(stmts, &mut |s| {
        if found.is_some() {
            return;
        }
        visit::stmt_exprs(s, &mut |e| {
            if found.is_none() {
                found = find_var(e, v);
            }
        });
    });
    found
}

fn find_var(e: &Expr, v: VarId) -> Option<Span> {
    if e.kind == ExprKind::Var(v) {
        return Some(e.span);
    }
    let mut found = None;
    e.for_each_child(&mut |c| {
        if found.is_none() {
            found = find_var(c, v);
        }
    });
    found
}

/// Whether an expression indexes or dereferences anything.
fn has_index(e: &Expr) -> bool {
    if matches!(
        e.kind,
        ExprKind::Index { .. } | ExprKind::Deref(_) | ExprKind::Member { .. }
    ) {
        return true;
    }
    let mut any = false;
    e.for_each_child(&mut |c| any |= has_index(c));
    any
}

/// Whether statement `s` itself (not a statement nested in it, except a loop's header) mentions
/// variable `v`: every run of the enclosing code that reaches `s` accesses `v`.
fn mentions_directly(s: &Stmt, v: VarId) -> bool {
    let mut found = false;
    visit::stmt_exprs(s, &mut |e| found |= find_var(e, v).is_some());
    if let StmtKind::Loop { init, .. } = &s.kind {
        found |= init.iter().any(|x| mentions_directly(x, v));
    }
    found
}
