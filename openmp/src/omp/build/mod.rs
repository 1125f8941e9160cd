//! Building the PPL program of every outermost parallel region (thesis Fig. 4.6, extended to the
//! code OpenMP programs put in a region outside worksharing constructs).
//!
//! The statements of a region's body are cut into *jobs*: a worksharing loop, a `sections`, a
//! `single`, a `simd` loop (run by every thread), or a run of other statements (run by every
//! thread: a block over the thread numbers). Explicit barriers cut the body into phases, which
//! run one after the other. Within a phase, `ppl::compose` joins adjacent jobs: fusion for two
//! `omp for` loops with `nowait` and the same static schedule on the same range (iteration `i`
//! of both on the same thread) and for consecutive pieces of code every thread runs (the same
//! thread runs them in order); parallel composition after a construct with `nowait` or after
//! code every thread runs (no barrier follows it); sequential composition after a construct's
//! implied barrier.

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::error::{FrontError, FrontErrors};
use crate::omp::ast::*;
use crate::omp::program::Orphans;
use crate::omp::sharing::{attributes, BlockContext};
use crate::omp::walk::{construct_stmts, lock_of};
use crate::pragma::{Directive, Pragma, ScheduleKind};
use ppl::{BasicBlock, BlockId, BlockKind, Iteration, Op, Part, Ppl};
use std::collections::BTreeSet;
use viper::Span;

/// The clauses of a translated job that the composition conditions look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobInfo {
    pub origin: BlockOrigin,
    pub directive: Directive,
    pub nowait: bool,
    /// `schedule(kind[, chunk])`, the chunk as written.
    pub schedule: Option<(ScheduleKind, Option<String>)>,
    /// The loop's iteration space as printed, for loop jobs.
    pub range: Option<String>,
    /// The loop's `order(concurrent)` clause, if any.
    pub order: Option<Span>,
    /// For a loop job of one loop: its number of logical iterations (§4.4.2), as an affine form
    /// of its bounds.
    pub trips: Option<crate::c::canonical::Affine>,
}

/// `fusiable` of Fig. 4.6: two plain `omp for` loops, both `schedule(static)` (with the same
/// chunk), the first with `nowait`, over the same iteration space or one loop each with the
/// same number of logical iterations (OpenMP 5.2 §11.5.3 guarantees the same assignment of
/// logical iterations to threads only then). Also: two consecutive pieces of code
/// every thread runs (the same thread runs both, in order).
/// Not with `order(concurrent)` on either loop (§10.3): one thread's iterations of it may run at
/// the same time, and with `unconstrained` they need not go to the same threads in both loops.
pub fn fusible(x: &JobInfo, y: &JobInfo) -> bool {
    x.order.is_none() && y.order.is_none() && fusible_schedules(x, y)
}

/// [`fusible`] but for `order` clauses.
fn fusible_schedules(x: &JobInfo, y: &JobInfo) -> bool {
    let every_thread = |j: &JobInfo| {
        matches!(
            j.origin,
            BlockOrigin::Replicated | BlockOrigin::ReplicatedSimd
        )
    };
    if every_thread(x) && every_thread(y) {
        return true;
    }
    let is_static = |j: &JobInfo| matches!(j.schedule, Some((ScheduleKind::Static, _)));
    let chunk = |j: &JobInfo| j.schedule.as_ref().and_then(|s| s.1.clone());
    x.directive == Directive::For
        && y.directive == Directive::For
        && x.nowait
        && is_static(x)
        && is_static(y)
        && chunk(x) == chunk(y)
        && ((x.range.is_some() && x.range == y.range) || (x.trips.is_some() && x.trips == y.trips))
}

/// `par_able` of Fig. 4.6: no barrier after the first part.
pub fn par_able(x: &JobInfo, _y: &JobInfo) -> bool {
    x.nowait
}

type Job = Part<OmpBlock, JobInfo>;

/// What the rewriting passes before [`regions`] found out, for the building of the regions.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// Orphaned constructs: where each function was inlined (`omp::calls::orphan`, `omp::calls::contextual`).
    pub orphans: Orphans,
    /// Regions checked by an approximation, with where and why (`omp::worksharing::region_loops`,
    /// `omp::tasking::master_tasks`).
    pub loop_approximations: std::collections::BTreeMap<RegionId, (Span, String)>,
    /// Loops whose `ordered` blocks became critical sections (`omp::sync::ordered`).
    pub ordered_loops: Vec<Span>,
}

/// Builds the PPL program of every outermost parallel region of `c`, rewritten by the passes
/// before it (`crate::pipeline` runs them).
pub fn regions(mut c: Program, rewritten: Rewritten) -> Result<crate::omp::Program, FrontErrors> {
    let program = &mut c;
    let Rewritten {
        orphans,
        loop_approximations,
        ordered_loops,
    } = rewritten;
    let mut b = Builder {
        program,
        ordered_loops,
        next: 0,
        errors: Vec::new(),
        regions: Vec::new(),
        approx: None,
        loop_approximations,
        masked_used: BTreeSet::new(),
        task_graphs: 0,
        task_order: BTreeSet::new(),
        lock_users: Vec::new(),
        function: String::new(),
        thread_number_vars: BTreeSet::new(),
        thread_numbers: BTreeSet::new(),
    };
    let functions: Vec<(String, Block)> = b
        .program
        .functions
        .iter()
        .filter_map(|f| match &f.body {
            Body::Verified(body) => Some((f.name.name.clone(), body.clone())),
            _ => None,
        })
        .collect();
    // What the encoding does not handle yet is reported before anything is built (the C program
    // itself is fine: other consumers of the front end may still use it).
    for (_, body) in &functions {
        visit::each_stmt(&body.stmts, &mut |s| {
            if let StmtKind::Omp(c) = &s.kind {
                if let Err(e) = crate::semantics::check_supported(&c.pragma) {
                    b.errors.push(e);
                }
            }
        });
    }
    // `threadprivate` (§5.2): each thread's copy is its own, which the blocks of a region model
    // as private data. A function using one outside a region of its own has every call in a
    // region inlined (`omp::calls::orphan`): on its own it runs on the initial thread, whose copy is
    // the original.
    if !b.errors.is_empty() {
        return Err(FrontErrors::sorted(std::mem::take(&mut b.errors)));
    }
    for (name, body) in &functions {
        visit::each_stmt(&body.stmts, &mut |s| {
            if let StmtKind::Omp(c) = &s.kind {
                if let Some(id) = c.region {
                    match b.region(name, c, id) {
                        Ok(r) => b.regions.push(r),
                        Err(e) => b.errors.push(e),
                    }
                }
            }
        });
    }
    // Orphaned constructs: worksharing or synchronisation outside any parallel region.
    for (_, body) in &functions {
        b.orphans(&body.stmts, false);
    }
    // A `master` contract whose code is verified only inlined elsewhere (its names would not
    // be the callee's there) is reported rather than dropped.
    for (v, c) in &b.program.masked_contracts {
        if !b.masked_used.contains(v) && b.errors.is_empty() {
            b.errors.push(FrontError::unsupported(
                c.span,
                "a contract at the start of `omp master`/`masked` in a function verified only \
                 where it is called",
            ));
        }
    }
    let mut regions = std::mem::take(&mut b.regions);
    let errors = std::mem::take(&mut b.errors);
    if !errors.is_empty() {
        return Err(FrontErrors::sorted(errors));
    }
    regions.sort_by_key(|r| r.id);
    crate::omp::calls::orphan::mark_serial(&mut regions, &orphans);
    Ok(crate::omp::Program {
        c,
        regions,
        orphans,
    })
}

/// The violations of OpenMP's nesting rules in `program` (`omp::nesting`), if any.
pub fn conforming(program: &Program) -> Result<(), FrontErrors> {
    let errors = crate::omp::nesting::check(program);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(FrontErrors::sorted(errors))
    }
}

struct Builder<'p> {
    program: &'p Program,
    /// The next block id of the region being built.
    next: usize,
    errors: Vec<FrontError>,
    regions: Vec<Region>,
    /// The loops whose `ordered` constructs `omp::sync::ordered` rewrote (their order is dropped).
    ordered_loops: Vec<Span>,
    /// Where the region being built over-approximates OpenMP's order, and why.
    approx: Option<(Span, String)>,
    /// Regions that `omp::worksharing::region_loops` made approximations, with where and why.
    loop_approximations: std::collections::BTreeMap<RegionId, (Span, String)>,
    /// The `master`/`masked` contracts ([`Program::masked_contracts`]) given to a block.
    masked_used: BTreeSet<VarId>,
    /// How many task graphs were built: each names its `mutexinoutset` locks after its number.
    task_graphs: usize,
    /// Pairs of blocks of the region being built that its task graphs order although its tree
    /// does not (a task order that is not series-parallel, see [`crate::omp::tasking::tasks::TaskGraph`]).
    task_order: BTreeSet<(BlockId, BlockId)>,
    /// The lock blocks of the region being built, each with the blocks that use its lock in the
    /// part it runs beside ([`Builder::attach_lock`]).
    lock_users: Vec<(BlockId, BTreeSet<BlockId>)>,
    /// The function whose region is being built.
    function: String,
    /// Variables of the region being built that hold their thread's number: declared in the
    /// region, assigned only by one `v = omp_get_thread_num();`, address never taken.
    thread_number_vars: BTreeSet<VarId>,
    /// Those of them the region's code has assigned so far, at its top level.
    thread_numbers: BTreeSet<VarId>,
}

/// Where a block stands: the constructs around it and the region's declarations.
struct Ctx<'a> {
    constructs: Vec<Pragma>,
    region_decls: &'a BTreeSet<VarId>,
}

impl Builder<'_> {
    fn region(
        &mut self,
        function: &str,
        c: &OmpConstruct,
        id: RegionId,
    ) -> Result<Region, FrontError> {
        self.next = 0;
        self.function = function.to_string();
        self.approx = None;
        self.task_order.clear();
        self.lock_users.clear();
        let all_stmts = construct_stmts(c);
        crate::omp::sync::locks::check_shared(&all_stmts, &c.pragma, self.program)?;
        self.clause_reads_stable(c, &all_stmts)?;
        let region_decls = visit::declared(&all_stmts);
        self.thread_number_vars = thread_number_vars(self.program, &all_stmts, &region_decls);
        self.thread_numbers.clear();
        let ctx = Ctx {
            constructs: vec![c.pragma.clone()],
            region_decls: &region_decls,
        };
        let (ppl, contract) = match self.tree(c, &ctx)? {
            (Some(t), contract) => (t, contract),
            (None, contract) => {
                // A region without any code: nothing can race. An empty sequential block keeps the
                // region in the program (its contract is still checked).
                let block = self.block(
                    &c.pragma,
                    BlockOrigin::Replicated,
                    None,
                    Vec::new(),
                    BlockBody::Code(Block {
                        stmts: Vec::new(),
                        span: c.span,
                    }),
                    c.span,
                    &ctx,
                )?;
                (Ppl::Block(block), contract)
            }
        };
        // Resource invariants of the region's locks: in its contract, or the iteration contract
        // of a combined `parallel` loop (§15.2, §18.9; thesis ch. 6).
        let mut invariants = Vec::new();
        let contract = contract.and_then(|mut k| {
            invariants.extend(take_invariants(&mut k.clauses));
            (!k.clauses.is_empty()).then_some(k)
        });
        let mut ppl = ppl;
        take_block_invariants(&mut ppl, &c.pragma, &mut invariants)?;
        let ppl = self.with_locks(ppl, c);
        let ppl = crate::omp::sync::locks::attach_invariants(ppl, invariants)?;
        let pairs = self.exact_pairs(&ppl);
        // OpenMP 5.2 §5.3: the original of a privatised variable changes only through clauses
        // that say so (`lastprivate`, `reduction`); a loop variable's original is unspecified
        // after a worksharing loop (and the last value plus one after a `simd` loop).
        let mut privatised = BTreeSet::new();
        for b in ppl.blocks() {
            for (v, s) in &b.payload.sharing {
                // The initial thread's `threadprivate` copy is the original (§5.2).
                let changes = s.updates_original()
                    || matches!(
                        s,
                        crate::omp::sharing::Sharing::LoopVar
                            | crate::omp::sharing::Sharing::Threadprivate
                    );
                if changes && !region_decls.contains(v) {
                    privatised.insert(*v);
                }
            }
        }
        let mut approximation = self
            .approx
            .take()
            .or_else(|| self.loop_approximations.get(&id).cloned());
        if let Some(k) = c.pragma.clauses.iter().find(|k| {
            matches!(&k.kind, crate::pragma::ClauseKind::If { cond, .. } if !matches!(cond.text.trim(), "1" | "true"))
        }) {
            // §3.4, §10.1.1: a false `if` clause makes the team one thread; the region is
            // checked as if it ran with a team, so a race found in it may not happen.
            approximation.get_or_insert((
                k.span,
                "the region runs with one thread when this condition is false: it is checked as \
                 if it ran with a team"
                    .into(),
            ));
        }
        if approximation.is_none() {
            // §15.10.2: the `ordered` blocks of a loop also run in iteration order, which orders
            // code around them; ompv keeps only their mutual exclusion (`omp::sync::ordered`).
            // `ordered(n)` associates n loops but partitions only the collapsed ones (§4.4.4,
            // §11.5): ompv lets all n run at the same time, more than OpenMP does.
            let doacross = |p: &Pragma| {
                crate::omp::sync::ordered::is_ordered_loop(p)
                    && p.associated_loops().unwrap_or(1) > p.collapse().unwrap_or(1)
            };
            let dropped = |p: &Pragma| self.ordered_loops.contains(&p.span) || doacross(p);
            let mut ordered = dropped(&c.pragma).then_some(c.pragma.span);
            visit::each_stmt(&all_stmts, &mut |s| match &s.kind {
                StmtKind::Omp(k) if dropped(&k.pragma) => {
                    ordered.get_or_insert(k.pragma.span);
                }
                _ => {}
            });
            approximation = ordered.map(|span| {
                (
                    span,
                    "this loop's `ordered` regions and doacross dependences order its iterations, and \
                     `ordered(n)` does not collapse loops; ompv keeps only the mutual exclusion of \
                     `ordered` blocks, so a race it finds may not happen"
                        .to_string(),
                )
            });
        }
        for b in ppl.blocks() {
            if approximation.is_none() {
                approximation = waiting_loop(&b.payload.body.block().stmts).map(|w| {
                    (
                        w,
                        "this loop waits for another thread: the synchronisation may order the \
                         accesses"
                            .to_string(),
                    )
                });
            }
        }
        Ok(Region {
            approximation,
            id,
            function: function.to_string(),
            pragma: c.pragma.clone(),
            contract,
            ppl,
            pairs,
            privatised: privatised.into_iter().collect(),
            span: c.span,
        })
    }

    /// The region's tree with the blocks of its locks: each lock holds its resource in parallel
    /// with the smallest parts of the tree whose code uses the lock. Between such parts (after a
    /// barrier, say) no thread can hold the lock, and the resource is the region's again.
    fn with_locks(&mut self, ppl: Ppl<OmpBlock>, c: &OmpConstruct) -> Ppl<OmpBlock> {
        let mut locks: Vec<(LockName, Pragma, BTreeSet<BlockId>)> = Vec::new();
        for b in ppl.blocks() {
            visit::each_stmt(&b.payload.body.block().stmts, &mut |s| {
                if let StmtKind::Omp(k) = &s.kind {
                    if let Some(l) = lock_of(&k.pragma) {
                        match locks.iter_mut().find(|(x, ..)| *x == l) {
                            Some(e) => {
                                e.2.insert(b.id);
                            }
                            None => locks.push((l, k.pragma.clone(), BTreeSet::from([b.id]))),
                        }
                    }
                }
            });
        }
        let mut ppl = ppl;
        for (l, p, users) in locks {
            ppl = self.attach_lock(ppl, &users, &l, &p, c.span);
        }
        ppl
    }

    /// The expressions of clauses met in region `c` (a chunk size, a task's `if`, a `depend`
    /// subscript, see [`crate::omp::data_sharing::clause_reads`]) must read nothing the region may change: their
    /// reads are not accesses of the proof, and fusion compares chunk sizes by their text.
    fn clause_reads_stable(&self, c: &OmpConstruct, stmts: &[Stmt]) -> Result<(), FrontError> {
        let written: BTreeSet<&str> = crate::omp::effects::written(self.program, stmts)
            .into_iter()
            .map(|v| self.program.var(v).name.as_str())
            .collect();
        let check = |p: &Pragma, region: bool| -> Result<(), FrontError> {
            for r in crate::omp::data_sharing::clause_reads::reads(p, region) {
                if let Some(n) = r.names.iter().find(|n| written.contains(n.as_str())) {
                    return Err(FrontError::unsupported(
                        r.span,
                        format!(
                            "`{}` reads `{n}`, which the region may change: ompv does not \
                             check the reads of a clause's expressions",
                            r.keyword
                        ),
                    ));
                }
            }
            Ok(())
        };
        check(&c.pragma, true)?;
        let mut err = Ok(());
        visit::each_stmt(stmts, &mut |s| {
            if let (Ok(()), StmtKind::Omp(k)) = (&err, &s.kind) {
                err = check(&k.pragma, false);
            }
        });
        err
    }

    /// The relation of every two blocks of `ppl` for the race checks. The tree of a task order
    /// that is not series-parallel has fewer orders than OpenMP's (sound for the run of the
    /// blocks); the checks take the exact order of the task graphs. A lock block runs beside a
    /// part of the tree; a block of that part that the exact order puts before every block
    /// using the lock there, or after every one, never runs while a thread holds the lock.
    fn exact_pairs(&self, ppl: &Ppl<OmpBlock>) -> Vec<ppl::BlockPair> {
        let seq = ppl::happens_before(ppl, Op::Seq);
        let before =
            |a: BlockId, b: BlockId| seq.contains(&(a, b)) || self.task_order.contains(&(a, b));
        let mut pairs = ppl::block_pairs(ppl);
        for p in &mut pairs {
            if p.relation != ppl::Relation::Parallel {
                continue;
            }
            let lock_apart = |l: BlockId, x: BlockId| {
                self.lock_users.iter().any(|(id, users)| {
                    *id == l
                        && !users.is_empty()
                        && (users.iter().all(|&u| before(x, u))
                            || users.iter().all(|&u| before(u, x)))
                })
            };
            if before(p.a, p.b) || before(p.b, p.a) || lock_apart(p.a, p.b) || lock_apart(p.b, p.a)
            {
                p.relation = ppl::Relation::Ordered;
            }
        }
        pairs
    }

    /// `t` with the lock `l` held in parallel with the smallest parts that contain `users`.
    fn attach_lock(
        &mut self,
        t: Ppl<OmpBlock>,
        users: &BTreeSet<BlockId>,
        l: &LockName,
        p: &Pragma,
        span: Span,
    ) -> Ppl<OmpBlock> {
        let uses = |t: &Ppl<OmpBlock>| t.blocks().iter().any(|b| users.contains(&b.id));
        match t {
            Ppl::Comp { op, parts } if op == Op::Seq => Ppl::Comp {
                op,
                parts: parts
                    .into_iter()
                    .map(|q| {
                        if uses(&q) {
                            self.attach_lock(q, users, l, p, span)
                        } else {
                            q
                        }
                    })
                    .collect(),
            },
            Ppl::Comp { op, parts }
                if op == Op::Par && parts.iter().filter(|q| uses(q)).count() == 1 =>
            {
                Ppl::Comp {
                    op,
                    parts: parts
                        .into_iter()
                        .map(|q| {
                            if uses(&q) {
                                self.attach_lock(q, users, l, p, span)
                            } else {
                                q
                            }
                        })
                        .collect(),
                }
            }
            other => {
                let id = BlockId(self.next);
                self.next += 1;
                let lock = Ppl::Block(BasicBlock {
                    id,
                    kind: BlockKind::Seq,
                    line: p.line,
                    span: p.span,
                    iterations: Vec::new(),
                    payload: OmpBlock {
                        origin: BlockOrigin::Lock,
                        pragma: p.clone(),
                        contract: None,
                        dims: Vec::new(),
                        body: BlockBody::Code(Block {
                            stmts: Vec::new(),
                            span,
                        }),
                        sharing: Default::default(),
                        lock: Some(l.clone()),
                        contributions: Vec::new(),
                        stages: Vec::new(),
                        team_of_one: false,
                        thread_numbers: BTreeSet::new(),
                        implicit: Vec::new(),
                    },
                });
                let beside = other
                    .blocks()
                    .iter()
                    .map(|b| b.id)
                    .filter(|b| users.contains(b))
                    .collect();
                self.lock_users.push((id, beside));
                Ppl::join(Op::Par, lock, other)
            }
        }
    }

    /// The tree of a (possibly nested) parallel construct and the contract at its start.
    fn tree(
        &mut self,
        c: &OmpConstruct,
        ctx: &Ctx<'_>,
    ) -> Result<(Option<Ppl<OmpBlock>>, Option<crate::spec::Contract>), FrontError> {
        let p = &c.pragma;
        match (&c.body, p.directive) {
            (OmpBody::Loop(n), Directive::ParallelFor | Directive::ParallelForSimd) => {
                let job = self.loop_job(p, n, c.span, BlockOrigin::Worksharing, ctx)?;
                Ok((Some(job.ppl), None))
            }
            (OmpBody::Loop(n), Directive::Simd) => {
                if p.has("safelen") && p.associated_loops() != Some(1) {
                    return Err(unsupported_safelen(p, "with more than one associated loop"));
                }
                let job = self.loop_job(p, n, c.span, BlockOrigin::Simd, ctx)?;
                Ok((Some(job.ppl), None))
            }
            (OmpBody::Sections(ss), Directive::ParallelSections) => {
                let job = self.sections_job(p, ss, ctx)?;
                Ok((job.map(|j| j.ppl), None))
            }
            (OmpBody::Block { contract, body }, Directive::Parallel) => {
                let t = self.region_body(p, body, ctx)?;
                Ok((t, contract.clone()))
            }
            _ => Err(FrontError::unsupported(
                p.directive_span,
                format!("`omp {}` as a parallel region", p.directive.name()),
            )),
        }
    }

    /// The jobs of a `parallel { … }` body, composed.
    fn region_body(
        &mut self,
        p: &Pragma,
        body: &Block,
        ctx: &Ctx<'_>,
    ) -> Result<Option<Ppl<OmpBlock>>, FrontError> {
        let mut phases: Vec<Vec<Job>> = vec![Vec::new()];
        let mut code: Vec<Stmt> = Vec::new();
        for s in &body.stmts {
            let StmtKind::Omp(c) = &s.kind else {
                self.check_replicated(s)?;
                // (A declaration with a conversion, `long t = omp_get_thread_num();`, is a
                // block of a temporary's call and the copy.)
                let mut found = Vec::new();
                visit::each_plain_stmt(std::slice::from_ref(s), &mut |x| found.push(x));
                for x in found {
                    if let Some(v) = thread_number_of(self.program, x, &self.thread_numbers) {
                        if self.thread_number_vars.contains(&v) {
                            self.thread_numbers.insert(v);
                        }
                    }
                }
                code.push(s.clone());
                continue;
            };
            let q = &c.pragma;
            if q.directive == Directive::Barrier {
                // OpenMP 5.2 §15.3.1: every thread of the team waits until all have arrived, so
                // what comes before happens before what comes after: a new phase.
                if let Some(j) = self.replicated_job(p, &mut code, ctx)? {
                    phases.last_mut().expect("a phase").push(j);
                }
                phases.push(Vec::new());
                continue;
            }
            let job = match (&c.body, q.directive) {
                (OmpBody::Loop(n), Directive::For | Directive::ForSimd) => {
                    Some(self.loop_job(q, n, c.span, BlockOrigin::Worksharing, &nested(ctx, q))?)
                }
                (OmpBody::Loop(n), Directive::Simd) if q.has("safelen") => {
                    return Err(unsupported_safelen(q, "run by every thread of a team"));
                }
                (OmpBody::Loop(n), Directive::Simd) => Some(self.loop_job(
                    q,
                    n,
                    c.span,
                    BlockOrigin::ReplicatedSimd,
                    &nested(ctx, q),
                )?),
                (OmpBody::Sections(ss), Directive::Sections) => {
                    self.sections_job(q, ss, &nested(ctx, q))?
                }
                (OmpBody::Block { contract, body }, Directive::Single) => {
                    Some(self.single_job(q, contract, body, c.span, &nested(ctx, q))?)
                }
                (OmpBody::Loop(n), Directive::ParallelFor | Directive::ParallelForSimd) => {
                    self.check_nested(q, n, ctx)?;
                    Some(self.loop_job(
                        q,
                        n,
                        c.span,
                        BlockOrigin::NestedParallel,
                        &nested(ctx, q),
                    )?)
                }
                (_, d) if d.is_parallel() => {
                    return Err(FrontError::unsupported(
                        q.directive_span,
                        format!(
                            "`omp {}` directly inside a parallel region (every thread would start \
                             a nested team); nest it in a `single` or `section`",
                            d.name()
                        ),
                    ))
                }
                (
                    _,
                    Directive::Task
                    | Directive::Taskloop
                    | Directive::Taskwait
                    | Directive::Taskgroup,
                ) => {
                    return Err(FrontError::unsupported(
                        q.directive_span,
                        format!(
                            "`omp {}` run by every thread of the team (tasks are supported in the \
                             code of a `single` or `section`)",
                            q.directive.name()
                        ),
                    ))
                }
                _ => {
                    // Anything else is code every thread runs.
                    self.check_replicated(s)?;
                    code.push(s.clone());
                    continue;
                }
            };
            if let Some(j) = self.replicated_job(p, &mut code, ctx)? {
                phases.last_mut().expect("a phase").push(j);
            }
            phases.last_mut().expect("a phase").extend(job);
        }
        if let Some(j) = self.replicated_job(p, &mut code, ctx)? {
            phases.last_mut().expect("a phase").push(j);
        }
        // Two loops that would be fused but for `order(concurrent)`: whether §11.5.3's same
        // assignment of iterations to threads still orders one thread's iterations of both when
        // each loop's may run at the same time, ompv does not decide, so a race found between
        // them is not certain.
        let unpaired: std::cell::Cell<Option<Span>> = std::cell::Cell::new(None);
        let composed: Vec<Ppl<OmpBlock>> = phases
            .into_iter()
            .filter_map(|jobs| {
                ppl::compose(
                    jobs,
                    |x, y| {
                        let (x, y) = (&x.clauses, &y.clauses);
                        let fused = fusible(x, y);
                        if !fused && fusible_schedules(x, y) {
                            unpaired.set(unpaired.get().or(x.order).or(y.order));
                        }
                        fused
                    },
                    |x, y| par_able(&x.clauses, &y.clauses),
                )
                .map(|j| j.ppl)
            })
            .collect();
        if let Some(at) = unpaired.get() {
            self.approx.get_or_insert((
                at,
                "`order(concurrent)` on one of two `for` loops with the same static schedule: \
                 ompv does not pair their iterations on the same thread"
                    .into(),
            ));
        }
        Ok(Ppl::fold(Op::Seq, composed))
    }

    /// Code every thread runs must not contain worksharing constructs or barriers below other
    /// statements (every thread would have to meet them in the same order).
    fn check_replicated(&self, s: &Stmt) -> Result<(), FrontError> {
        let mut err = None;
        let mut inner = Vec::new();
        s.for_each_block(&mut |b| inner.extend(b.stmts.iter().cloned()));
        visit::each_stmt(&inner, &mut |x| {
            if err.is_some() {
                return;
            }
            if let StmtKind::Omp(c) = &x.kind {
                let d = c.pragma.directive;
                let what = match d {
                    Directive::For
                    | Directive::ForSimd
                    | Directive::Sections
                    | Directive::Single => Some("a worksharing construct"),
                    Directive::Barrier => Some("a barrier"),
                    Directive::Task
                    | Directive::Taskloop
                    | Directive::Taskwait
                    | Directive::Taskgroup => Some("a tasking construct"),
                    d if d.is_parallel() => Some("a nested parallel region"),
                    _ => None,
                };
                if let Some(w) = what {
                    err = Some(FrontError::unsupported(
                        c.pragma.directive_span,
                        format!(
                            "{w} (`omp {}`) inside a statement of a parallel region (only at the \
                             top level of the region's body, or in a `for` loop that is the \
                             region's whole body and ends with a barrier)",
                            d.name()
                        ),
                    ));
                }
            }
        });
        match err {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The variables private to each thread of the region at `ctx`: declared in the region, or
    /// named in a privatising clause of an enclosing construct.
    fn outer_private(&self, ctx: &Ctx<'_>) -> BTreeSet<VarId> {
        let mut out: BTreeSet<VarId> = ctx.region_decls.clone();
        for p in &ctx.constructs {
            for c in &p.clauses {
                if !crate::semantics::openmp::privatises(&c.kind) {
                    continue;
                }
                for i in c.kind.items() {
                    out.extend(
                        self.program
                            .vars
                            .iter()
                            .enumerate()
                            .filter(|(_, v)| v.name == i.base.name)
                            .map(|(k, _)| VarId(k as u32)),
                    );
                }
            }
        }
        out
    }

    /// A `parallel for` nested in a region's code: what ompv models of it. Reductions and
    /// `lastprivate` would update a variable of the outer thread at the nested region's end,
    /// concurrently with the other outer threads; a variable private to the outer thread that
    /// the nested team writes would be shared by that team. Both are `unsupported`.
    fn check_nested(&self, p: &Pragma, n: &LoopNest, ctx: &Ctx<'_>) -> Result<(), FrontError> {
        for c in &p.clauses {
            if matches!(
                c.kind,
                crate::pragma::ClauseKind::Reduction { .. }
                    | crate::pragma::ClauseKind::Lastprivate { .. }
                    | crate::pragma::ClauseKind::Copyin(_)
            ) {
                return Err(FrontError::unsupported(
                    c.span,
                    format!(
                        "`{}` on a `parallel` nested in a parallel region",
                        c.kind.keyword()
                    ),
                ));
            }
        }
        let outer = self.outer_private(ctx);
        let mut inner: BTreeSet<VarId> = visit::declared(&n.body.stmts);
        inner.extend(n.loops.iter().map(|l| l.var));
        let privatised: BTreeSet<&str> = p
            .private_vars()
            .chain(p.firstprivate_vars())
            .map(|i| i.name.as_str())
            .collect();
        for v in visit::assigned(&n.body.stmts) {
            let name = self.program.var(v).name.as_str();
            if outer.contains(&v) && !inner.contains(&v) && !privatised.contains(name) {
                return Err(FrontError::unsupported(
                    p.directive_span,
                    format!(
                        "a `parallel` nested in a parallel region that writes `{name}`, a variable \
                         of the outer thread its whole nested team shares"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The code collected in `code` (if any) as a job every thread runs.
    fn replicated_job(
        &mut self,
        p: &Pragma,
        code: &mut Vec<Stmt>,
        ctx: &Ctx<'_>,
    ) -> Result<Option<Job>, FrontError> {
        if code.is_empty() {
            return Ok(None);
        }
        let stmts = std::mem::take(code);
        let span = stmts
            .iter()
            .map(|s| s.span)
            .reduce(Span::join)
            .unwrap_or(p.span);
        let contract = self.masked_contract(&stmts);
        let block = self.block(
            p,
            BlockOrigin::Replicated,
            contract,
            vec![Dim::Thread],
            BlockBody::Code(Block { stmts, span }),
            span,
            ctx,
        )?;
        Ok(Some(Part {
            ppl: Ppl::Block(block),
            clauses: JobInfo {
                origin: BlockOrigin::Replicated,
                directive: p.directive,
                nowait: true,
                schedule: None,
                range: None,
                order: None,
                trips: None,
            },
        }))
    }

    /// The contracts of the `master`/`masked` blocks in code every thread runs, joined: the
    /// contract of that code (each clause already guarded by the filter thread).
    fn masked_contract(&mut self, stmts: &[Stmt]) -> Option<crate::spec::Contract> {
        let ids = self.program.masked_in(stmts);
        self.masked_used.extend(ids.iter().copied());
        ids.iter()
            .map(|v| self.program.masked_contracts[v].clone())
            .reduce(|mut a, b| {
                a.span = a.span.join(b.span);
                a.clauses.extend(b.clauses);
                a
            })
    }

    fn loop_job(
        &mut self,
        p: &Pragma,
        n: &LoopNest,
        span: Span,
        origin: BlockOrigin,
        ctx: &Ctx<'_>,
    ) -> Result<Job, FrontError> {
        if p.directive.has_leaf(Directive::Simd) {
            simd_body(&n.body.stmts)?;
        }
        if p.has("order") {
            self.order_concurrent_body(&n.body.stmts)?;
        }
        let mut dims: Vec<Dim> = n
            .loops
            .iter()
            .map(|l| Dim::Loop(Box::new(l.clone())))
            .collect();
        if matches!(
            origin,
            BlockOrigin::ReplicatedSimd | BlockOrigin::NestedParallel
        ) {
            dims.insert(0, Dim::Thread);
        }
        let range = Some(
            n.loops
                .iter()
                .map(|l| self.range_text(l))
                .collect::<Vec<_>>()
                .join(" × "),
        );
        let mut block = self.block(
            p,
            origin,
            n.contract.clone(),
            dims,
            BlockBody::Loop(n.clone()),
            span,
            ctx,
        )?;
        if matches!(origin, BlockOrigin::Worksharing | BlockOrigin::Simd) && n.loops.len() == 1 {
            // What the iterations contribute to the construct's reductions (§5.5.8); the
            // `\contribution` clauses of the contract say it (they leave the contract).
            let mut contract = block.payload.contract.take();
            block.payload.contributions = crate::omp::data_sharing::reduction::contributions(
                self.program,
                p,
                &block.payload.sharing,
                &[n.loops[0].var],
                &n.body.stmts,
                &mut contract,
            );
            let taken = block.payload.contributions.iter().any(|c| {
                matches!(
                    c.value,
                    Some(crate::omp::ast::ContributionValue::Stated { .. })
                )
            });
            block.payload.contract = contract.filter(|c| !(taken && c.clauses.is_empty()));
            // A ghost of a shared variable updated under a lock is the loop's own copy, like a
            // reduction's (`omp::data_sharing::lock_updates`).
            for c in &block.payload.contributions {
                if let crate::omp::ast::Scope::Lock(_) = c.scope {
                    block.payload.sharing.insert(
                        c.var,
                        crate::omp::sharing::Sharing::Reduction {
                            op: crate::pragma::ReductionId::Op(c.op),
                            clause: p.span,
                        },
                    );
                }
            }
        }
        // A ghost the loop does not account for (above) is a private variable that says nothing.
        for (v, s) in block.payload.sharing.iter_mut() {
            if *s == crate::omp::sharing::Sharing::Shared
                && crate::omp::ghosts::ghost_of(self.program, *v).is_some()
            {
                *s = crate::omp::sharing::Sharing::Private { clause: p.span };
            }
        }
        if origin == BlockOrigin::NestedParallel {
            // A variable private to the outer thread is that thread's copy in its nested team
            // (read only there: `check_nested`), whatever the inner clauses call it.
            let outer = self.outer_private(ctx);
            // (A `firstprivate` copy of it starts from that thread's value, which ompv does not
            // know: an arbitrary value, as for the thread's own blocks.)
            for (v, s) in block.payload.sharing.iter_mut() {
                if outer.contains(v)
                    && matches!(
                        s,
                        crate::omp::sharing::Sharing::Shared
                            | crate::omp::sharing::Sharing::Firstprivate { .. }
                    )
                {
                    *s = crate::omp::sharing::Sharing::ThreadLocal;
                }
            }
        }
        let combine = if p.directive.is_parallel() {
            // The region's end updates the originals: nothing of the region runs then.
            None
        } else {
            self.combine_block(p, &[&block], span, ctx)?
        };
        let schedule = p.schedule().map(|(k, c)| (k, c.map(str::to_string)));
        Ok(Part {
            clauses: JobInfo {
                origin,
                directive: p.directive,
                // A `simd` loop run by every thread has no barrier after it (§10.4), and a
                // nested `parallel for` ends with a barrier of its own team only.
                nowait: !crate::semantics::openmp::ends_with_barrier(p.directive, p)
                    || origin == BlockOrigin::NestedParallel,
                // A loop with a reduction is not fused with another: its update of the
                // originals runs beside both.
                schedule: if combine.is_some() { None } else { schedule },
                order: p.clauses_named("order").next().map(|c| c.span),
                range,
                trips: match n.loops.as_slice() {
                    [l] => crate::c::canonical::trip_count(l),
                    _ => None,
                },
            },
            ppl: match combine {
                Some(c) => Ppl::join(Op::Par, Ppl::Block(block), Ppl::Block(c)),
                None => Ppl::Block(block),
            },
        })
    }

    /// The update of the originals of a worksharing loop's `reduction` variables (OpenMP 5.2
    /// §5.5.8: each thread's private copy is combined into the original, at the latest at the
    /// barrier that ends the construct) and `lastprivate` variables (§5.4.5: the thread that runs
    /// the sequentially last iteration assigns the original). The threads combine under a lock of the
    /// implementation's, so the updates do not race with each other, but they do race with any
    /// code that accesses the original while the loop runs: a block of its own, in parallel with
    /// the loop, that writes each original once.
    fn combine_block(
        &mut self,
        p: &Pragma,
        blocks: &[&BasicBlock<OmpBlock>],
        span: Span,
        ctx: &Ctx<'_>,
    ) -> Result<Option<BasicBlock<OmpBlock>>, FrontError> {
        use crate::omp::sharing::Sharing;
        let mut stmts = Vec::new();
        for c in &p.clauses {
            let items = match &c.kind {
                crate::pragma::ClauseKind::Reduction { items, .. }
                | crate::pragma::ClauseKind::Lastprivate { items, .. } => items,
                _ => continue,
            };
            for item in items {
                let found = blocks
                    .iter()
                    .flat_map(|b| &b.payload.sharing)
                    .find(|(v, sh)| {
                        matches!(sh, Sharing::Reduction { .. } | Sharing::Lastprivate { .. })
                            && self.program.var(**v).name == item.base.name
                    });
                // §5.4.5, §5.5.8: the original is assigned even when the loop never uses the
                // variable (with the last iteration's indeterminate copy, or combined with the
                // identity).
                let v = match found {
                    Some((&v, _)) => v,
                    None => self.unreferenced_item(item, ctx)?,
                };
                let ty = self.program.var(v).ty.clone();
                let is_array = matches!(ty, Type::Array { .. });
                let e = Expr {
                    kind: ExprKind::Var(v),
                    ty,
                    span: item.span,
                };
                // An array's original gets new values in every element: a write of the whole
                // object (as `memset` with unknown bytes).
                let kind = if is_array {
                    StmtKind::MemSet {
                        target: e,
                        count: None,
                        zero: false,
                    }
                } else {
                    StmtKind::Assign {
                        target: e.clone(),
                        value: e,
                    }
                };
                stmts.push(Stmt {
                    kind,
                    span: item.span,
                });
            }
        }
        if stmts.is_empty() {
            return Ok(None);
        }
        // The originals as the enclosing constructs see them (not the loop's copies).
        let outer = Ctx {
            constructs: ctx.constructs[..ctx.constructs.len().saturating_sub(1)].to_vec(),
            region_decls: ctx.region_decls,
        };
        // Every thread runs a `simd` loop that is not shared out, and updates the originals it
        // sees at its end (§5.4.5, §5.5.8): one update per thread.
        let dims = if blocks
            .iter()
            .any(|b| b.payload.origin == BlockOrigin::ReplicatedSimd)
        {
            vec![Dim::Thread]
        } else {
            Vec::new()
        };
        let block = self.block(
            p,
            BlockOrigin::Reduction,
            None,
            dims,
            BlockBody::Code(Block { stmts, span }),
            span,
            &outer,
        )?;
        Ok(Some(block))
    }

    /// The variable a `reduction`/`lastprivate` item names that the construct's code does not
    /// use: the only variable of that name the function can see (its parameters and
    /// declarations, the globals). ompv keeps no scopes here; a name declared twice is
    /// `unsupported` rather than guessed.
    fn unreferenced_item(
        &self,
        item: &crate::pragma::ListItem,
        ctx: &Ctx<'_>,
    ) -> Result<VarId, FrontError> {
        let name = item.base.name.as_str();
        let mut seen: BTreeSet<VarId> = ctx.region_decls.clone();
        if let Some(f) = self.program.function(&self.function) {
            seen.extend(f.params.iter().map(|p| p.var));
            if let Body::Verified(b) = &f.body {
                seen.extend(visit::declared(&b.stmts));
            }
        }
        seen.extend(
            (0..self.program.vars.len())
                .map(|k| VarId(k as u32))
                .filter(|&v| self.program.var(v).storage == Storage::Global),
        );
        let found: Vec<VarId> = seen
            .into_iter()
            .filter(|&v| self.program.var(v).name == name)
            .collect();
        match found.as_slice() {
            [v] => Ok(*v),
            _ => Err(FrontError::unsupported(
                item.span,
                format!(
                    "`{name}`, which the construct's code does not use, in a `reduction` or \
                     `lastprivate` clause where ompv cannot tell which variable of that name it \
                     is"
                ),
            )),
        }
    }

    /// `sections`: the parallel composition of its sections (a section whose body is a single
    /// parallel region contributes that region's program).
    fn sections_job(
        &mut self,
        p: &Pragma,
        ss: &[Section],
        ctx: &Ctx<'_>,
    ) -> Result<Option<Job>, FrontError> {
        let mut parts = Vec::new();
        for s in ss {
            let q = s.pragma.clone().unwrap_or_else(|| p.clone());
            let sctx = if s.pragma.is_some() {
                nested(ctx, &q)
            } else {
                nested(ctx, p)
            };
            let t = self.sec(
                &q,
                &s.contract,
                &s.body,
                s.span,
                BlockOrigin::Section,
                &sctx,
            )?;
            parts.extend(t);
        }
        // §5.4.5: the thread that runs the lexically last section assigns the `lastprivate`
        // originals; §5.5.8: every thread combines its `reduction` copies. Beside the sections,
        // like a loop's update (a combined `parallel sections` updates them at the region's end).
        if !p.directive.is_parallel() {
            let blocks: Vec<&BasicBlock<OmpBlock>> =
                parts.iter().flat_map(|t| t.blocks()).collect();
            if let Some(c) = self.combine_block(p, &blocks, p.span, ctx)? {
                parts.push(Ppl::Block(c));
            }
        }
        Ok(Ppl::fold(Op::Par, parts).map(|ppl| Part {
            ppl,
            clauses: JobInfo {
                origin: BlockOrigin::Section,
                directive: p.directive,
                nowait: !crate::semantics::openmp::ends_with_barrier(p.directive, p),
                schedule: None,
                range: None,
                order: None,
                trips: None,
            },
        }))
    }

    fn single_job(
        &mut self,
        p: &Pragma,
        contract: &Option<crate::spec::Contract>,
        body: &Block,
        span: Span,
        ctx: &Ctx<'_>,
    ) -> Result<Job, FrontError> {
        let t = self.sec(p, contract, body, span, BlockOrigin::Single, ctx)?;
        let ppl = match t {
            Some(t) => t,
            None => Ppl::Block(self.block(
                p,
                BlockOrigin::Single,
                None,
                Vec::new(),
                BlockBody::Code(body.clone()),
                span,
                ctx,
            )?),
        };
        Ok(Part {
            ppl,
            clauses: JobInfo {
                origin: BlockOrigin::Single,
                directive: p.directive,
                nowait: !crate::semantics::openmp::ends_with_barrier(p.directive, p),
                schedule: None,
                range: None,
                order: None,
                trips: None,
            },
        })
    }

    /// `sec` of Fig. 4.6: the body of a `section` or `single`: sequential code becomes a
    /// sequential block; a body that is one parallel region becomes that region's program.
    fn sec(
        &mut self,
        p: &Pragma,
        contract: &Option<crate::spec::Contract>,
        body: &Block,
        span: Span,
        origin: BlockOrigin,
        ctx: &Ctx<'_>,
    ) -> Result<Option<Ppl<OmpBlock>>, FrontError> {
        let (only, critical) = match body.stmts.as_slice() {
            [only] => match nested_in_critical(only) {
                Some((region, at)) => (Some(region), Some(at)),
                None => (Some(only), None),
            },
            _ => (None, None),
        };
        if let Some(only) = only {
            if let StmtKind::Omp(c) = &only.kind {
                if c.pragma.directive.is_parallel() {
                    if let Some(at) = critical {
                        // Dropping a lock only allows more interleavings: race freedom proved
                        // without it holds with it, a race found may be one it excludes.
                        self.approx.get_or_insert((
                            at,
                            "ompv does not model this `critical` around a nested parallel \
                             region; a race it finds there may be one the lock excludes"
                                .into(),
                        ));
                    }
                    if let Some(k) = contract {
                        return Err(FrontError::unsupported(
                            k.span,
                            "a contract on a `section`/`single` whose body is a parallel region \
                             (only basic blocks and outermost regions carry contracts)",
                        ));
                    }
                    let inner = nested(ctx, &c.pragma);
                    let (t, k) = self.tree(c, &inner)?;
                    if let Some(k) = k {
                        return Err(FrontError::unsupported(
                            k.span,
                            "a contract on a nested parallel region (only basic blocks and \
                             outermost regions carry contracts)",
                        ));
                    }
                    return Ok(t);
                }
            }
        }
        if crate::omp::walk::generates_tasks(&body.stmts) {
            if let Some(k) = contract {
                return Err(FrontError::unsupported(
                    k.span,
                    "a contract on a `single`/`section` that generates tasks (give the tasks \
                     contracts of their own)",
                ));
            }
            return self.tasks(p, body, ctx).map(Some);
        }
        for s in &body.stmts {
            self.check_sequential(s)?;
        }
        Ok(Some(Ppl::Block(self.block(
            p,
            origin,
            contract.clone(),
            Vec::new(),
            BlockBody::Code(body.clone()),
            span,
            ctx,
        )?)))
    }

    /// Sequential code that generates tasks: a block per piece of the generating code and per
    /// task, composed as the tasks' order says (see [`crate::omp::tasking::tasks`]).
    fn tasks(
        &mut self,
        p: &Pragma,
        body: &Block,
        ctx: &Ctx<'_>,
    ) -> Result<Ppl<OmpBlock>, FrontError> {
        let g = crate::omp::tasking::tasks::graph(&body.stmts, &self.program.vars)?;
        let graph = self.task_graphs;
        self.task_graphs += 1;
        if g.nodes.is_empty() {
            // Nothing but `taskwait`s: one thread runs no code.
            return Ok(Ppl::Block(self.no_generating_code(p, body.span, ctx)?));
        }
        if let Some(a) = g.approximation.clone() {
            self.approx.get_or_insert(a);
        }
        // The copies of the construct's `firstprivate` items are made when it starts (§5.4.4),
        // before its first task is created: with no code before that task, an empty piece of
        // generating code makes those reads.
        let start = if matches!(
            g.nodes.first(),
            Some(crate::omp::tasking::tasks::Node::Code(_))
        ) {
            None
        } else {
            let b = self.no_generating_code(p, p.span, ctx)?;
            if b.payload.implicit.is_empty() {
                // (Not needed: its number goes to the next block, as if it never was.)
                self.next -= 1;
                None
            } else {
                Some(b)
            }
        };
        let mut leaves: Vec<Option<Ppl<OmpBlock>>> = Vec::new();
        for (n, exclusive) in g.nodes.iter().zip(&g.exclusive) {
            let block = match n {
                crate::omp::tasking::tasks::Node::Code(stmts) => {
                    for s in stmts {
                        self.check_sequential(s)?;
                    }
                    let span = stmts
                        .iter()
                        .map(|s| s.span)
                        .reduce(Span::join)
                        .unwrap_or(body.span);
                    let code = Block {
                        stmts: stmts.clone(),
                        span,
                    };
                    Ppl::Block(self.block(
                        p,
                        BlockOrigin::Generating,
                        None,
                        Vec::new(),
                        BlockBody::Code(code),
                        span,
                        ctx,
                    )?)
                }
                crate::omp::tasking::tasks::Node::Task(c)
                    if c.pragma.directive == Directive::Taskloop =>
                {
                    let OmpBody::Loop(n) = &c.body else {
                        return Err(FrontError::omp_syntax(
                            c.pragma.directive_span,
                            "`omp taskloop` without a loop",
                        ));
                    };
                    self.taskloop(c, n, ctx)?
                }
                crate::omp::tasking::tasks::Node::Task(c)
                    if crate::omp::tasking::task_loops::is_task_per_iteration(c) =>
                {
                    let OmpBody::Loop(n) = &c.body else {
                        unreachable!("a task per iteration has a loop nest")
                    };
                    for s in &n.body.stmts {
                        self.check_sequential(s)?;
                    }
                    self.no_threadprivate_in_task(c, &n.body)?;
                    let job = self.loop_job(
                        &c.pragma,
                        n,
                        c.span,
                        BlockOrigin::TaskPerIteration,
                        &nested(ctx, &c.pragma),
                    )?;
                    job.ppl
                }
                crate::omp::tasking::tasks::Node::Task(c) => {
                    let OmpBody::Block { contract, body } = &c.body else {
                        return Err(FrontError::omp_syntax(
                            c.pragma.directive_span,
                            "`omp task` without a structured block",
                        ));
                    };
                    // A task that generates tasks of its own and waits for all of them (§15.5,
                    // §15.4): its code and its child tasks, ordered as they say, complete when it
                    // does, so together they take the task's place.
                    if crate::omp::walk::generates_tasks(&body.stmts)
                        && contract.is_none()
                        && exclusive.is_empty()
                        && !visit::referenced(&body.stmts)
                            .into_iter()
                            .any(|v| self.program.var(v).threadprivate)
                        && crate::omp::tasking::tasks::graph(&body.stmts, &self.program.vars)
                            .is_ok_and(|g| g.all_waited)
                    {
                        let inner = nested(ctx, &c.pragma);
                        leaves.push(Some(self.tasks(&c.pragma, body, &inner)?));
                        continue;
                    }
                    for s in &body.stmts {
                        self.check_sequential(s)?;
                    }
                    self.no_threadprivate_in_task(c, body)?;
                    // §15.9.5: mutually exclusive siblings (`mutexinoutset`) hold a lock each.
                    let body = crate::omp::tasking::tasks::hold_locks(
                        body,
                        exclusive,
                        graph,
                        c.pragma.span,
                    );
                    Ppl::Block(self.block(
                        &c.pragma,
                        BlockOrigin::Task,
                        contract.clone(),
                        Vec::new(),
                        BlockBody::Code(body),
                        c.span,
                        &nested(ctx, &c.pragma),
                    )?)
                }
            };
            leaves.push(Some(block));
        }
        // The exact order of the nodes, block by block (the tree may have less of it).
        let ids: Vec<Vec<BlockId>> = leaves
            .iter()
            .map(|l| l.iter().flat_map(|t| t.blocks()).map(|b| b.id).collect())
            .collect();
        for (i, row) in g.before.iter().enumerate() {
            for (j, &ordered) in row.iter().enumerate() {
                if ordered {
                    for &a in &ids[i] {
                        self.task_order.extend(ids[j].iter().map(|&b| (a, b)));
                    }
                }
            }
        }
        fn build(
            t: &crate::omp::tasking::tasks::Sp,
            leaves: &mut [Option<Ppl<OmpBlock>>],
        ) -> Ppl<OmpBlock> {
            use crate::omp::tasking::tasks::Sp;
            let (op, parts) = match t {
                Sp::Leaf(i) => return leaves[*i].take().expect("each node once"),
                Sp::Seq(ps) => (Op::Seq, ps),
                Sp::Par(ps) => (Op::Par, ps),
            };
            let parts: Vec<_> = parts.iter().map(|q| build(q, leaves)).collect();
            Ppl::fold(op, parts).expect("a composition has parts")
        }
        let tree = build(&g.tree, &mut leaves);
        let Some(start) = start else {
            return Ok(tree);
        };
        for row in &ids {
            self.task_order.extend(row.iter().map(|&b| (start.id, b)));
        }
        Ok(Ppl::join(Op::Seq, Ppl::Block(start), tree))
    }

    /// A piece of the generating code of `p` with no statements: the reads `p`'s clauses make
    /// when it starts, by the thread that runs it.
    fn no_generating_code(
        &mut self,
        p: &Pragma,
        span: Span,
        ctx: &Ctx<'_>,
    ) -> Result<BasicBlock<OmpBlock>, FrontError> {
        let code = Block {
            stmts: Vec::new(),
            span,
        };
        self.block(
            p,
            BlockOrigin::Generating,
            None,
            Vec::new(),
            BlockBody::Code(code),
            span,
            ctx,
        )
    }

    /// OpenMP 5.2 §10.3: in the region of a loop with `order(concurrent)` only
    /// order-concurrent-nestable constructs may be nested (`parallel`, `simd`, `loop`, `atomic`),
    /// and a `threadprivate` variable referenced there has unspecified behaviour. A construct that
    /// is not nestable makes the program non-conforming (an error); what ompv does not check
    /// (constructs in called functions, `threadprivate` data) is `unsupported`. The iterations
    /// themselves are checked as any two of them may run at the same time, which is exactly what
    /// the clause allows, so nothing else changes.
    fn order_concurrent_body(&self, stmts: &[Stmt]) -> Result<(), FrontError> {
        only_constructs(
            stmts,
            |c| {
                let d = c.pragma.directive;
                d.leaves().first() == Some(&Directive::Parallel)
                    || matches!(d, Directive::Simd | Directive::Loop | Directive::Atomic)
            },
            "a loop with `order(concurrent)`",
            "OpenMP 5.2 §10.3 allows only `parallel`, `simd`, `loop` and `atomic` there: the \
             iterations may run at the same time, even on one thread",
        )?;
        let mut err = None;
        visit::each_stmt(stmts, &mut |s| {
            if err.is_some() {
                return;
            }
            let StmtKind::Call { callee, .. } = &s.kind else {
                return;
            };
            let has_constructs = self.program.functions.iter().any(|f| {
                f.name.name == callee.name
                    && match &f.body {
                        Body::Verified(b) => {
                            let mut any = false;
                            visit::each_stmt(&b.stmts, &mut |x| {
                                any |= matches!(x.kind, StmtKind::Omp(_));
                            });
                            any
                        }
                        _ => false,
                    }
            });
            if has_constructs {
                err = Some(FrontError::unsupported(
                    callee.span,
                    format!(
                        "a call of `{}`, a function with OpenMP constructs, inside a loop \
                         with `order(concurrent)` (ompv does not check its constructs \
                         against OpenMP 5.2 §10.3)",
                        callee.name
                    ),
                ));
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        let threadprivate = |s: &Stmt| {
            visit::referenced(std::slice::from_ref(s))
                .into_iter()
                .find(|v| self.program.var(*v).threadprivate)
        };
        match stmts
            .iter()
            .find_map(|s| threadprivate(s).map(|v| (s.span, v)))
        {
            Some((at, v)) => Err(FrontError::unsupported(
                at,
                format!(
                    "the `threadprivate` variable `{}` inside a loop with `order(concurrent)` (its \
                     behaviour is unspecified there, OpenMP 5.2 §10.3)",
                    self.program.var(v).name
                ),
            )),
            None => Ok(()),
        }
    }

    /// A task may run on any thread of the team: which copy of a `threadprivate` variable it
    /// uses is not known.
    fn no_threadprivate_in_task(&self, c: &OmpConstruct, body: &Block) -> Result<(), FrontError> {
        match visit::referenced(&body.stmts)
            .into_iter()
            .find(|v| self.program.var(*v).threadprivate)
        {
            Some(v) => Err(FrontError::unsupported(
                c.pragma.directive_span,
                format!(
                    "a task using the `threadprivate` variable `{}` (it runs with the copy of \
                     whichever thread executes it)",
                    self.program.var(v).name
                ),
            )),
            None => Ok(()),
        }
    }

    /// A `taskloop` (OpenMP 5.2 §12.6): its loop as a block whose iterations all may run at the
    /// same time (the implementation chooses how many tasks run which iterations).
    fn taskloop(
        &mut self,
        c: &OmpConstruct,
        n: &LoopNest,
        ctx: &Ctx<'_>,
    ) -> Result<Ppl<OmpBlock>, FrontError> {
        let p = &c.pragma;
        for k in &p.clauses {
            use crate::pragma::ClauseKind as K;
            match &k.kind {
                // §12.6: with a grain size or a number of tasks, some iterations must share a
                // task (and run one after another): ompv still lets any two run at the same time.
                K::Grainsize { .. } | K::NumTasks { .. } => {
                    self.approx.get_or_insert((
                        k.span,
                        "this clause makes some iterations share a task, one after another; \
                         ompv checks them as if any two could run at the same time"
                            .into(),
                    ));
                }
                K::Lastprivate { .. }
                | K::Reduction { .. }
                | K::InReduction { .. }
                | K::If { .. } => {
                    return Err(FrontError::unsupported(
                        k.span,
                        format!("`{}` on `omp taskloop`", k.kind.keyword()),
                    ));
                }
                _ => {}
            }
        }
        for s in &n.body.stmts {
            self.check_sequential(s)?;
        }
        let job = self.loop_job(p, n, c.span, BlockOrigin::Taskloop, &nested(ctx, p))?;
        Ok(job.ppl)
    }

    /// Code run by one thread must not contain worksharing constructs, barriers or regions.
    fn check_sequential(&self, s: &Stmt) -> Result<(), FrontError> {
        let mut err = None;
        visit::each_stmt(std::slice::from_ref(s), &mut |x| {
            if err.is_some() {
                return;
            }
            if let StmtKind::Omp(c) = &x.kind {
                let d = c.pragma.directive;
                if matches!(
                    d,
                    Directive::Task
                        | Directive::Taskloop
                        | Directive::Taskwait
                        | Directive::Taskgroup
                ) {
                    err = Some(FrontError::unsupported(
                        c.pragma.directive_span,
                        format!(
                            "`omp {}` here (tasks are supported at the top level of a `single` or \
                             `section` body or of a `taskgroup` there, as the whole body of a \
                             canonical `for` loop there, and not inside a task)",
                            d.name()
                        ),
                    ));
                } else if d == Directive::Barrier {
                    // §17 (nesting of regions): a barrier may not be closely nested in a
                    // worksharing or task region; the team could not all meet it.
                    err = Some(FrontError::nonconforming(
                        c.pragma.directive_span,
                        "`omp barrier` inside a `single` or `section`: only one thread would \
                         meet it (OpenMP 5.2 §17)",
                    ));
                } else if (d.is_parallel()
                    || d.is_loop()
                    || matches!(d, Directive::Sections | Directive::Single))
                    && !crate::omp::worksharing::block_simd::is_lanes(c)
                {
                    err = Some(FrontError::unsupported(
                        c.pragma.directive_span,
                        format!(
                            "`omp {}` inside a `single` or `section` (only a whole parallel region \
                             as its only statement)",
                            d.name()
                        ),
                    ));
                }
            }
        });
        match err {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// A basic block with its data-sharing attributes.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &mut self,
        p: &Pragma,
        origin: BlockOrigin,
        contract: Option<crate::spec::Contract>,
        dims: Vec<Dim>,
        body: BlockBody,
        span: Span,
        ctx: &Ctx<'_>,
    ) -> Result<BasicBlock<OmpBlock>, FrontError> {
        let code = body.block();
        let mut block_decls = visit::declared(&code.stmts);
        let mut referenced = visit::referenced(&code.stmts);
        let loop_vars: Vec<VarId> = dims
            .iter()
            .filter_map(|d| match d {
                Dim::Loop(l) => Some(l.var),
                Dim::Thread => None,
            })
            .collect();
        for d in &dims {
            if let Dim::Loop(l) = d {
                referenced.insert(l.var);
                let mut vs = Vec::new();
                l.lower.vars(&mut vs);
                l.bound.vars(&mut vs);
                referenced.extend(vs);
                if l.declares_var {
                    block_decls.insert(l.var);
                }
            }
        }
        let bctx = BlockContext {
            constructs: &ctx.constructs,
            region_decls: ctx.region_decls,
            block_decls: &block_decls,
            loop_vars: &loop_vars,
        };
        let program = self.program;
        let sharing = attributes(&bctx, &referenced, &|v| program.var(v))?;
        self.worksharing_items_shared(&sharing, ctx)?;
        let implicit = self.implicit_reads(origin, &sharing, ctx)?;
        let kind = match origin {
            BlockOrigin::Single
            | BlockOrigin::Section
            | BlockOrigin::Task
            | BlockOrigin::Generating
            | BlockOrigin::Lock => BlockKind::Seq,
            // Once, or once per thread beside a `simd` loop every thread runs.
            BlockOrigin::Reduction if dims.is_empty() => BlockKind::Seq,
            BlockOrigin::Simd => BlockKind::Vec,
            _ => BlockKind::Par,
        };
        let iterations = dims
            .iter()
            .map(|d| match d {
                Dim::Thread => Iteration {
                    var: "thread".into(),
                    lower: "0".into(),
                    upper: "team size".into(),
                },
                Dim::Loop(l) => {
                    let (lower, upper) = self.bounds_text(l);
                    Iteration {
                        var: self.program.var(l.var).name.clone(),
                        lower,
                        upper,
                    }
                }
            })
            .collect();
        let id = BlockId(self.next);
        self.next += 1;
        let line = if origin == BlockOrigin::Replicated {
            span.line
        } else {
            p.line
        };
        Ok(BasicBlock {
            id,
            kind,
            line,
            span,
            iterations,
            payload: OmpBlock {
                origin,
                pragma: p.clone(),
                contract,
                dims,
                body,
                sharing,
                lock: None,
                contributions: Vec::new(),
                stages: Vec::new(),
                team_of_one: ctx.constructs.first().is_some_and(team_of_one),
                thread_numbers: if origin == BlockOrigin::Worksharing {
                    self.thread_numbers.clone()
                } else {
                    BTreeSet::new()
                },
                implicit,
            },
        })
    }

    /// The originals a block reads when its construct starts (the accesses
    /// `semantics::openmp` realises [`Realised::InTheBlocks`]): the `firstprivate` items of the
    /// constructs around it inside the region, where the original is shared by the team around
    /// that construct (a thread's own variable cannot race). Not on the region's own pragma,
    /// whose copies are made before any of its code runs, nor on tasks: the thread that
    /// generates a task reads the originals there (`omp::tasking::creation_reads`).
    ///
    /// [`Realised::InTheBlocks`]: crate::semantics::openmp::Realised::InTheBlocks
    /// The variable a clause's list item names, and its data-sharing attribute around the
    /// `k`-th construct of the block's nest (what the construct's copies start from).
    fn attribute_around(
        &self,
        item: &crate::pragma::ListItem,
        k: usize,
        sharing: &std::collections::BTreeMap<VarId, crate::omp::sharing::Sharing>,
        ctx: &Ctx<'_>,
    ) -> Result<(VarId, Option<crate::omp::sharing::Sharing>), FrontError> {
        let program = self.program;
        let named = sharing
            .keys()
            .copied()
            .find(|v| program.var(*v).name == item.base.name);
        let v = match named {
            Some(v) => v,
            None => self.unreferenced_item(item, ctx)?,
        };
        let around = BlockContext {
            constructs: &ctx.constructs[..k],
            region_decls: ctx.region_decls,
            block_decls: &BTreeSet::new(),
            loop_vars: &[],
        };
        let mut outer = attributes(&around, &BTreeSet::from([v]), &|v| program.var(v))?;
        Ok((v, outer.remove(&v)))
    }

    /// OpenMP 5.2 §5.4.4, §5.4.5, §5.5.8: a variable private in a `parallel` region may not
    /// be `firstprivate`, `lastprivate` or a reduction item of a worksharing construct bound to
    /// that region.
    fn worksharing_items_shared(
        &self,
        sharing: &std::collections::BTreeMap<VarId, crate::omp::sharing::Sharing>,
        ctx: &Ctx<'_>,
    ) -> Result<(), FrontError> {
        use crate::semantics::openmp::shared_in_binding_region;
        for (k, p) in ctx.constructs.iter().enumerate().skip(1) {
            // A construct inside a `parallel` nested in the region binds to that one.
            if !p.directive.is_worksharing()
                || ctx.constructs[1..k]
                    .iter()
                    .any(|q| q.directive.is_parallel())
            {
                continue;
            }
            for c in &p.clauses {
                let Some((items, section)) = shared_in_binding_region(c) else {
                    continue;
                };
                for item in items {
                    let (_, outer) = self.attribute_around(item, k, sharing, ctx)?;
                    // (A `threadprivate` item breaks §5.2's own rule, checked with it.)
                    if !matches!(
                        outer,
                        Some(
                            crate::omp::sharing::Sharing::Shared
                                | crate::omp::sharing::Sharing::Threadprivate
                        )
                    ) {
                        return Err(FrontError::nonconforming(
                            item.span,
                            format!(
                                "`{}` is private in the enclosing `parallel` region: it may not \
                                 appear in `{}` on the `omp {}` bound to that region (OpenMP \
                                 5.2 {section})",
                                item.base.name,
                                c.kind.keyword(),
                                p.directive.name()
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn implicit_reads(
        &self,
        origin: BlockOrigin,
        sharing: &std::collections::BTreeMap<VarId, crate::omp::sharing::Sharing>,
        ctx: &Ctx<'_>,
    ) -> Result<Vec<ImplicitRead>, FrontError> {
        use crate::semantics::openmp::{clause_rule, leaves_of_clause, read_at_start, Realised};
        let mut out: Vec<ImplicitRead> = Vec::new();
        // A task's body reads no copy of the constructs around it: the thread that met them
        // did (the generating code of a `single` that generates tasks is one such thread).
        if matches!(
            origin,
            BlockOrigin::Task
                | BlockOrigin::Taskloop
                | BlockOrigin::TaskPerIteration
                | BlockOrigin::Lock
                | BlockOrigin::Reduction
        ) {
            return Ok(out);
        }
        for (k, p) in ctx.constructs.iter().enumerate() {
            if matches!(p.directive, Directive::Task | Directive::Taskloop) {
                continue;
            }
            for c in &p.clauses {
                if clause_rule(&c.kind).and_then(|r| r.nested) != Some(Realised::InTheBlocks) {
                    continue;
                }
                // The region's own `parallel` copies before its threads run (nothing runs
                // beside it), but on `parallel for` the clause applies to the `for` (§17.2),
                // whose threads copy the shared original as each of them starts it.
                if k == 0 && leaves_of_clause(p.directive, &c.kind).contains(&0) {
                    continue;
                }
                for item in read_at_start(c) {
                    // §5.4.5: an item also `lastprivate` is updated after every copy has been
                    // initialised; the update (a block beside the construct that writes it)
                    // races with whatever the reads could race with.
                    let last = p.clauses.iter().any(|k| {
                        matches!(&k.kind, crate::pragma::ClauseKind::Lastprivate { items, .. }
                            if items.iter().any(|i| i.base.name == item.base.name))
                    });
                    if last {
                        continue;
                    }
                    let (v, outer) = self.attribute_around(item, k, sharing, ctx)?;
                    if outer == Some(crate::omp::sharing::Sharing::Shared)
                        && !out.iter().any(|r| r.var == v)
                    {
                        out.push(ImplicitRead {
                            var: v,
                            // (The clause, where the replay puts the read too.)
                            span: c.span,
                            clause: c.kind.keyword(),
                        });
                    }
                }
            }
        }
        Ok(out)
    }

    /// The iteration space of a loop as printed bounds `[lower, upper)` (for increasing loops
    /// of step 1; otherwise the written bounds and step).
    fn bounds_text(&self, l: &CanonicalLoop) -> (String, String) {
        use crate::c::print::print_expr;
        let p = |e: &Expr| print_expr(e, self.program);
        match (l.test, l.step) {
            (BinOp::Lt, 1) => (p(&l.lower), p(&l.bound)),
            (BinOp::Le, 1) => (p(&l.lower), format!("{} + 1", p(&l.bound))),
            _ => (
                p(&l.lower),
                format!("{} {} (step {})", l.test.symbol(), p(&l.bound), l.step),
            ),
        }
    }

    fn range_text(&self, l: &CanonicalLoop) -> String {
        let (a, b) = self.bounds_text(l);
        format!("[{a}, {b})")
    }

    /// Worksharing and synchronisation constructs outside parallel regions (orphaned): they
    /// bind to a team ompv does not see; unsupported, except inside functions not verified.
    fn orphans(&mut self, stmts: &[Stmt], in_region: bool) {
        for s in stmts {
            if let StmtKind::Omp(c) = &s.kind {
                if c.region.is_some() || in_region {
                    continue;
                }
                // One thread runs these as plain code (`omp::calls::orphan`).
                if crate::omp::calls::orphan::sequential_ok(c.pragma.directive) {
                    s.for_each_block(&mut |b| self.orphans(&b.stmts, in_region));
                    continue;
                }
                if !c.pragma.directive.is_parallel() {
                    self.errors.push(FrontError::unsupported(
                        c.pragma.directive_span,
                        format!(
                            "`omp {}` outside a parallel region (an orphaned construct)",
                            c.pragma.directive.name()
                        ),
                    ));
                    continue;
                }
            }
            s.for_each_block(&mut |b| self.orphans(&b.stmts, in_region));
        }
    }
}

/// The first loop in `stmts` that may wait for another thread: its body publishes or observes
/// a value through a lock or an atomic operation (a variable it assigns under one) that the
/// loop also reads elsewhere — its condition, a test before `break` — or its body has a
/// `flush`. Busy-waiting like this orders accesses in ways ompv's permissions do not follow.
pub fn waiting_loop(stmts: &[Stmt]) -> Option<Span> {
    let mut found = None;
    visit::each_stmt(stmts, &mut |s| {
        if found.is_some() {
            return;
        }
        let StmtKind::Loop { body, cond, .. } = &s.kind else {
            return;
        };
        let mut published = BTreeSet::new();
        let mut flush = false;
        visit::each_stmt(&body.stmts, &mut |x| {
            if let StmtKind::Omp(c) = &x.kind {
                if c.pragma.directive == Directive::Flush {
                    flush = true;
                }
                if let (Some(_), OmpBody::Block { body, .. }) = (lock_of(&c.pragma), &c.body) {
                    published.extend(visit::assigned(&body.stmts));
                }
            }
        });
        let mut read = BTreeSet::new();
        if let Some(c) = cond {
            let mut vs = Vec::new();
            c.vars(&mut vs);
            read.extend(vs);
        }
        visit::each_stmt(&body.stmts, &mut |x| {
            if let StmtKind::If { cond, .. } = &x.kind {
                let mut vs = Vec::new();
                cond.vars(&mut vs);
                read.extend(vs);
            }
        });
        if flush || published.iter().any(|v| read.contains(v)) {
            found = Some(s.span);
        }
    });
    found
}

/// `critical { parallel … }`: the nested region and the `critical`'s directive (§15.2 allows a
/// `parallel` region inside a `critical` one; the lock is held while the nested team runs).
fn nested_in_critical(s: &Stmt) -> Option<(&Stmt, Span)> {
    let StmtKind::Omp(c) = &s.kind else {
        return None;
    };
    let OmpBody::Block {
        contract: None,
        body,
    } = &c.body
    else {
        return None;
    };
    match body.stmts.as_slice() {
        [inner] if c.pragma.directive == Directive::Critical => match &inner.kind {
            StmtKind::Omp(r) if r.pragma.directive.is_parallel() => {
                Some((inner, c.pragma.directive_span))
            }
            _ => None,
        },
        _ => None,
    }
}

/// OpenMP 5.2 §10.4: the only constructs a `simd` region may encounter are `atomic`, `simd`,
/// `loop`, `scan` and `ordered simd` (a `critical` or a lock would have lanes of one thread wait
/// for each other); anything else makes the program non-conforming.
fn simd_body(stmts: &[Stmt]) -> Result<(), FrontError> {
    only_constructs(
        stmts,
        |c| {
            matches!(
                c.pragma.directive,
                Directive::Atomic | Directive::Simd | Directive::Loop | Directive::Scan
            ) || (c.pragma.directive == Directive::Ordered && c.pragma.has("simd"))
        },
        "a `simd` loop",
        "OpenMP 5.2 §10.4 allows only `atomic`, `simd`, `loop`, `scan` and `ordered simd` there",
    )
}

/// The first OpenMP construct of `stmts` (at any depth) that `allowed` refuses, as an error: the
/// program does not conform. The message says it stands inside `inside` and what `rule` allows.
fn only_constructs(
    stmts: &[Stmt],
    allowed: impl Fn(&OmpConstruct) -> bool,
    inside: &str,
    rule: &str,
) -> Result<(), FrontError> {
    let mut err = None;
    visit::each_stmt(stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            if err.is_none() && !allowed(c) {
                let what = if lock_name_is_lock(&c.pragma) {
                    "a lock (`omp_set_lock`)".to_string()
                } else {
                    format!("`omp {}`", c.pragma.directive.name())
                };
                err = Some(FrontError::nonconforming(
                    c.pragma.directive_span,
                    format!("{what} inside {inside} ({rule})"),
                ));
            }
        }
    });
    err.map_or(Ok(()), Err)
}

/// Whether a `critical` stands for an OpenMP lock (`omp::sync::locks`).
fn lock_name_is_lock(p: &Pragma) -> bool {
    p.critical_name()
        .is_some_and(|n| crate::omp::critical_names::lock_var(&n.name).is_some())
}

/// `safelen` where ompv would have to drop it (and so report races that cannot happen).
fn unsupported_safelen(p: &Pragma, where_: &str) -> FrontError {
    let at = p
        .clauses
        .iter()
        .find(|c| c.kind.keyword() == "safelen")
        .map_or(p.directive_span, |c| c.span);
    FrontError::unsupported(
        at,
        format!("`safelen` on a `simd` loop {where_} (supported on a one-loop `simd` outside parallel regions)"),
    )
}

/// Takes the `resource_invariant` clauses out of `clauses`.
fn take_invariants(clauses: &mut Vec<crate::spec::Clause>) -> Vec<crate::spec::Clause> {
    let (inv, rest): (Vec<_>, Vec<_>) = std::mem::take(clauses)
        .into_iter()
        .partition(|c| c.kind == crate::spec::ClauseKind::ResourceInvariant);
    *clauses = rest;
    inv
}

/// Takes the `resource_invariant` clauses out of the blocks' contracts: allowed only in the
/// iteration contract of a combined `parallel` loop (the region's construct).
fn take_block_invariants(
    t: &mut Ppl<OmpBlock>,
    region: &Pragma,
    out: &mut Vec<crate::spec::Clause>,
) -> Result<(), FrontError> {
    match t {
        Ppl::Block(b) => {
            let Some(k) = &mut b.payload.contract else {
                return Ok(());
            };
            let inv = take_invariants(&mut k.clauses);
            if let Some(first) = inv.first() {
                if b.payload.pragma.span != region.span {
                    return Err(FrontError::spec_syntax(
                        first.span,
                        "a `resource_invariant` belongs to the contract at the start of a parallel \
                         region (or of a combined `parallel` loop)",
                    ));
                }
            }
            if k.clauses.is_empty() && !inv.is_empty() {
                b.payload.contract = None;
            }
            out.extend(inv);
            Ok(())
        }
        Ppl::Comp { parts, .. } => parts
            .iter_mut()
            .try_for_each(|p| take_block_invariants(p, region, out)),
    }
}

/// The context of a construct nested in `ctx`'s.
fn nested<'a>(ctx: &Ctx<'a>, p: &Pragma) -> Ctx<'a> {
    let mut constructs = ctx.constructs.clone();
    constructs.push(p.clone());
    Ctx {
        constructs,
        region_decls: ctx.region_decls,
    }
}

/// The variable `v` of a statement `v = omp_get_thread_num();`, or of a copy `v = w` (under
/// integer conversions) of a variable `w` of `known`, if `v` holds every thread number (an
/// integer type of rank `int` or more).
fn thread_number_of(program: &Program, s: &Stmt, known: &BTreeSet<VarId>) -> Option<VarId> {
    let (v, copied) = match &s.kind {
        StmtKind::Call {
            target: Some(t),
            callee,
            ..
        } if callee.name == "omp_get_thread_num" => return visit::whole_var(t),
        StmtKind::Assign { target, value } => (visit::whole_var(target)?, value),
        StmtKind::Decl {
            var,
            init: Some(Init::Expr(value)),
        } => (*var, value),
        _ => return None,
    };
    let wide = matches!(program.var(v).ty, Type::Int { rank, .. } if rank >= IntRank::Int);
    let ExprKind::Var(w) = crate::c::canonical::strip(copied).kind else {
        return None;
    };
    (wide && known.contains(&w)).then_some(v)
}

/// The variables declared in a region (`decls`, private to each thread) that `stmts` assign
/// once, with `v = omp_get_thread_num();`, whose address is never taken and that no clause of
/// a construct names (`lastprivate`, `copyprivate`, `reduction`, `linear` write the thread's
/// variable without an assignment, OpenMP 5.2 §5.4.5, §5.7.2, §5.5.8, §5.4.6): after that
/// statement each holds its thread's number (§18.2.4).
fn thread_number_vars(
    program: &Program,
    stmts: &[Stmt],
    decls: &BTreeSet<VarId>,
) -> BTreeSet<VarId> {
    let mut by_call: BTreeSet<VarId> = BTreeSet::new();
    let mut count: std::collections::BTreeMap<VarId, usize> = Default::default();
    let mut in_clauses: BTreeSet<String> = BTreeSet::new();
    // Copies of thread numbers too (`long t = omp_get_thread_num();` copies a temporary).
    loop {
        let before = by_call.len();
        visit::each_stmt(stmts, &mut |s| {
            if let Some(v) = thread_number_of(program, s, &by_call) {
                by_call.insert(v);
            }
        });
        if by_call.len() == before {
            break;
        }
    }
    visit::each_stmt(stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            for cl in &c.pragma.clauses {
                in_clauses.extend(cl.kind.items().iter().map(|i| i.base.name.clone()));
            }
        }
        let target = match &s.kind {
            StmtKind::Assign { target, .. } | StmtKind::Alloc { target, .. } => {
                visit::whole_var(target)
            }
            StmtKind::Call {
                target: Some(t), ..
            } => visit::whole_var(t),
            StmtKind::Decl { var, init: Some(_) } => Some(*var),
            _ => None,
        };
        if let Some(v) = target {
            *count.entry(v).or_default() += 1;
        }
    });
    by_call
        .into_iter()
        .filter(|v| {
            decls.contains(v)
                && count.get(v) == Some(&1)
                && !program.var(*v).in_memory()
                && !in_clauses.contains(&program.var(*v).name)
        })
        .collect()
}

/// Whether a region's pragma makes a team of one thread (`num_threads(1)`).
fn team_of_one(p: &Pragma) -> bool {
    p.clauses.iter().any(|c| {
        matches!(&c.kind, crate::pragma::ClauseKind::NumThreads(e)
            if e.text.trim().parse::<i64>() == Ok(1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(d: Directive, nowait: bool, sched: Option<ScheduleKind>, range: &str) -> JobInfo {
        JobInfo {
            origin: BlockOrigin::Worksharing,
            directive: d,
            nowait,
            schedule: sched.map(|k| (k, None)),
            range: Some(range.into()),
            order: None,
            trips: None,
        }
    }

    #[test]
    fn fusion_needs_plain_for_static_nowait_and_equal_ranges() {
        let s = Some(ScheduleKind::Static);
        let a = info(Directive::For, true, s, "N");
        let b = info(Directive::For, false, s, "N");
        assert!(fusible(&a, &b));
        assert!(!fusible(&b, &a), "the first needs nowait");
        assert!(!fusible(
            &info(Directive::For, true, Some(ScheduleKind::Dynamic), "N"),
            &b
        ));
        assert!(
            !fusible(&a, &info(Directive::For, false, None, "N")),
            "both need schedule(static)"
        );
        assert!(!fusible(&info(Directive::ForSimd, true, s, "N"), &b));
        assert!(
            !fusible(&a, &info(Directive::For, false, s, "M")),
            "ranges must agree"
        );
        let mut chunked = a.clone();
        chunked.schedule = Some((ScheduleKind::Static, Some("4".into())));
        assert!(!fusible(&chunked, &b), "chunks must agree");
        // §10.3: one thread's iterations of a loop with `order(concurrent)` may run at the same
        // time: not fused, whichever of the two has it.
        let mut concurrent = a.clone();
        concurrent.order = Some(Span::default());
        assert!(!fusible(&concurrent, &b) && fusible_schedules(&concurrent, &b));
        let mut concurrent_b = b.clone();
        concurrent_b.order = Some(Span::default());
        assert!(!fusible(&a, &concurrent_b));
        assert!(par_able(&a, &b));
        assert!(!par_able(&b, &a));
    }

    #[test]
    fn code_every_thread_runs_is_fused_with_the_next_such_code_only() {
        let r = JobInfo {
            origin: BlockOrigin::Replicated,
            directive: Directive::Parallel,
            nowait: true,
            schedule: None,
            range: None,
            trips: None,
            order: None,
        };
        let w = info(Directive::For, false, Some(ScheduleKind::Static), "N");
        assert!(fusible(&r, &r));
        assert!(!fusible(&r, &w) && !fusible(&w, &r));
        assert!(par_able(&r, &w), "no barrier after replicated code");
    }
}
