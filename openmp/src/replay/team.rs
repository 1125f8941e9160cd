//! Teams and worksharing: `parallel` (§10.1), barriers (§15.3.1), the worksharing constructs
//! `for` (§11.5), `sections` (§11.3), `single` (§11.1) and `scope` (§11.2), and
//! `masked`/`master` (§10.5).
//!
//! A `parallel` construct forks a team: the encountering thread becomes thread 0 and every
//! other member is a new simulated thread whose implicit task starts with the encountering
//! task's clock (the fork edge). The region ends with a barrier, after which the members'
//! clocks are joined into the encountering thread (the join edge). Worksharing constructs have
//! no barrier on entry and an implicit one at their end unless `nowait`. `sections` gives
//! section `k` to thread `k mod T`; `single` goes to the first thread that arrives.

use super::dataenv::DataEnv;
use super::exec::Flow;
use super::thread::{TeamCtx, Thread, Unit};
use super::value::{Ptr, Value};
use super::world::{inconclusive, Status, Stop, Team, R};
use super::{MAX_TEAM, MAX_THREADS};
use crate::c::ast::*;
use crate::omp::sharing::{copyin_items, copyprivate_items, ConstructKind};
use crate::pragma::{ClauseKind, Directive};
use std::panic::{catch_unwind, AssertUnwindSafe};
use viper::Span;

/// Stack of a simulated thread (the interpreter recurses over the program).
const STACK: usize = 256 << 20;

/// The directive after the first leaf of a compound directive (`for` of `parallel for`).
pub(crate) fn rest_of(d: Directive) -> Option<Directive> {
    let leaves = d.leaves();
    if leaves.len() < 2 {
        return None;
    }
    let names: Vec<&str> = leaves[1..].iter().map(|l| l.name()).collect();
    Directive::from_name(&names.join(" "))
}

/// The associated loops of a loop construct.
pub(crate) fn loops_of(c: &OmpConstruct) -> &[CanonicalLoop] {
    match &c.body {
        OmpBody::Loop(n) => &n.loops,
        _ => &[],
    }
}

/// What a worker thread starts with.
struct Start<'p> {
    sim: usize,
    unit: Unit,
    team: TeamCtx,
    key: Vec<u32>,
    frame: super::env::Frame<'p>,
    nthreads: u32,
}

impl<'p, 'r> Thread<'p, 'r> {
    /// A `parallel` construct (alone, or the first leaf of a compound one whose remaining
    /// leaves are `rest`).
    pub fn parallel(&mut self, c: &'p OmpConstruct, rest: Option<Directive>) -> R<Flow> {
        let p = &c.pragma;
        let span = p.directive_span;
        // The number of threads (§10.1.1).
        let mut n = self.nthreads_var as i128;
        for cl in &p.clauses {
            if let ClauseKind::NumThreads(e) = &cl.kind {
                n = self.clause_int(e)?;
                if n < 1 {
                    return inconclusive(e.span, "undefined behaviour: `num_threads` below 1");
                }
            }
        }
        if let Some(cond) = p.if_for(Directive::Parallel) {
            if !self.clause_truth(cond)? {
                n = 1;
            }
        }
        if n > 1 && self.team.active_level >= self.w().max_active_levels {
            n = 1;
        }
        // The thread-limit-var ICV is implementation defined: a team never exceeds MAX_TEAM.
        let n = n.min(MAX_TEAM as i128) as u32;
        let live = self.w().sched.live();
        if live + n as usize > MAX_THREADS {
            return inconclusive(
                span,
                format!("more than {MAX_THREADS} simulated threads would be alive at once"),
            );
        }
        // copyin (§5.7.1): the primary thread's values, taken when the region starts.
        let mut copyin: Vec<(VarId, Vec<Value>)> = Vec::new();
        for item in copyin_items(p) {
            let v = self.resolve_name(&item.base.name, item.span)?;
            let src = self.var_ptr(v, item.span)?;
            let cells = self.w().mem.len(src.obj).unwrap_or(0);
            let mut vals = Vec::with_capacity(cells);
            for k in 0..cells as i64 {
                let (o, i) = match self.w().mem.cell(Ptr {
                    obj: src.obj,
                    off: k,
                }) {
                    Ok(x) => x,
                    Err(e) => return self.ub(item.span, e),
                };
                vals.push(o.cells[i]);
            }
            copyin.push((v, vals));
        }
        // The team, and the fork edge to every new member.
        let w = self.w();
        let team_id = w.next_team;
        w.next_team += 1;
        w.teams.insert(
            team_id,
            Team {
                size: n,
                ..Team::default()
            },
        );
        if n > 1 {
            w.active_teams += 1;
        }
        // Every variable the encountering task can see is shared by the new team's implicit
        // tasks unless the construct privatises it.
        self.frame().push_scope();
        let bindings = self.frame().bindings();
        for (v, mut b) in bindings {
            b.team_shared = true;
            let name = self.rt.prog.var(v).name.as_str();
            self.frame().bind(v, name, b, false);
        }
        let level = self.team.level + 1;
        let active_level = self.team.active_level + (n > 1) as u32;
        let mut ancestors = self.team.ancestors.clone();
        ancestors.push((self.team.num, self.team.size));
        let team_ctx = |num| TeamCtx {
            id: team_id,
            size: n,
            num,
            level,
            active_level,
            ancestors: ancestors.clone(),
        };
        let mut starts = Vec::new();
        for k in 1..n {
            let mut vc = self.unit.vc.clone();
            let w = self.w();
            let (slot, start) = w.slots.take(&vc);
            vc.set(slot, start);
            let id = w.fresh();
            let sim = match w.sched.threads.iter().position(|s| *s == Status::Done) {
                Some(i) => {
                    w.sched.threads[i] = Status::Live;
                    i
                }
                None => {
                    w.sched.threads.push(Status::Live);
                    w.sched.threads.len() - 1
                }
            };
            let mut key = self.key.clone();
            key.push(k);
            starts.push(Start {
                sim,
                unit: Unit {
                    id,
                    slot,
                    vc,
                    lane: None,
                    children: Vec::new(),
                    taskgroups: Vec::new(),
                    deps: Default::default(),
                    final_: false,
                    migratable: false,
                    thread_bound: false,
                },
                team: team_ctx(k),
                key,
                frame: self.frame().fork(),
                nthreads: self.nthreads_var,
            });
        }
        self.tick();
        // The primary thread's own state in the new team.
        let saved_team = std::mem::replace(&mut self.team, team_ctx(0));
        let saved_ws = std::mem::replace(&mut self.ws_count, 0);
        let saved_ctx = self.ctx.clone();
        let saved_ordered = self.ordered.take();
        let saved_children = std::mem::take(&mut self.unit.children);
        let saved_groups = std::mem::take(&mut self.unit.taskgroups);
        let saved_deps = std::mem::take(&mut self.unit.deps);
        let rt = self.rt;
        let result = std::thread::scope(|s| {
            for st in starts {
                let copyin = copyin.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("ompv-replay-{}", st.sim))
                    .stack_size(STACK)
                    .spawn_scoped(s, move || worker(rt, c, rest, st, copyin));
                if spawned.is_err() {
                    let stop = Stop::Inconclusive {
                        reason: "the system could not start a thread for the simulation".into(),
                        span: Some(span),
                    };
                    self.stop_all(stop.clone());
                    self.release();
                    return Err(stop);
                }
            }
            let r = self.implicit_task(c, rest, &copyin).and_then(|()| {
                // Wait for the other members to finish, then the join edge.
                self.wait_until("the end of a parallel region", span, |w| {
                    w.teams[&team_id].finals.len() as u32 == n - 1
                })
            });
            if let Err(e) = &r {
                self.stop_all(e.clone());
                self.release();
            }
            r
        });
        result?;
        let w = self.w();
        let team = w.teams.remove(&team_id).expect("the team");
        if n > 1 {
            w.active_teams -= 1;
        }
        for f in &team.finals {
            self.unit.vc.join(f);
        }
        self.tick();
        self.team = saved_team;
        self.ws_count = saved_ws;
        self.ctx = saved_ctx;
        self.new_ctx();
        self.ordered = saved_ordered;
        self.unit.children = saved_children;
        self.unit.taskgroups = saved_groups;
        self.unit.deps = saved_deps;
        self.pop_scope();
        Ok(Flow::Normal)
    }

    /// The implicit task of a team member: the region's data environment, its body (or the
    /// remaining leaves of a compound construct), and the barrier that ends the region.
    fn implicit_task(
        &mut self,
        c: &'p OmpConstruct,
        rest: Option<Directive>,
        copyin: &[(VarId, Vec<Value>)],
    ) -> R<()> {
        self.ctx = super::race::Ctx {
            thread: self.team.num,
            ..Default::default()
        };
        self.new_ctx();
        let span = c.pragma.directive_span;
        if self.team.num != 0 {
            for (v, vals) in copyin {
                let p = self.var_ptr(*v, span)?;
                for (k, x) in vals.iter().enumerate() {
                    self.init_cell(
                        Ptr {
                            obj: p.obj,
                            off: k as i64,
                        },
                        *x,
                        span,
                    )?;
                }
            }
        }
        let env = self.data_env(c, ConstructKind::Parallel, loops_of(c))?;
        let (flow, ran_last) = match rest {
            None => match &c.body {
                OmpBody::Block { body, .. } => (self.exec_block(body)?, true),
                _ => return inconclusive(span, "a `parallel` construct without a block"),
            },
            Some(d) => self.leaf(c, d, Some(&env))?,
        };
        if flow != Flow::Normal {
            return inconclusive(span, "control flow leaves a parallel region");
        }
        self.finish_env(env, ran_last)?;
        self.barrier(span)
    }

    /// An explicit or implicit barrier of the current team (§15.3.1): every member arrives, and
    /// every explicit task bound to the team has completed; everything before it in any member
    /// happens before everything after it in all of them.
    pub fn barrier(&mut self, span: Span) -> R<()> {
        let team = self.team.id;
        let vc = self.unit.vc.clone();
        let w = self.w();
        let t = w.teams.get_mut(&team).expect("the current team");
        t.barrier.acc.join(&vc);
        t.barrier.arrived += 1;
        let gen = t.barrier.gen;
        if t.barrier.arrived == t.size {
            let tasks = std::mem::take(&mut t.task_ends);
            let mut acc = std::mem::take(&mut t.barrier.acc);
            for id in tasks {
                w.join_task(id, &mut acc);
            }
            let t = w.teams.get_mut(&team).expect("the current team");
            t.barrier.released = acc;
            t.barrier.arrived = 0;
            t.barrier.gen += 1;
        }
        self.wait_until("a barrier", span, |w| w.teams[&team].barrier.gen != gen)?;
        let released = self.w().teams[&team].barrier.released.clone();
        self.unit.vc.join(&released);
        // The tasks this thread created are complete and joined.
        self.unit.children.clear();
        self.tick();
        Ok(())
    }

    /// A leaf (or compound) construct that does not start with `parallel`, executed by the
    /// current thread; `env` is the data environment a `parallel` leaf already made. Returns
    /// how it ended and whether this thread ran the sequentially last iteration (lexically last
    /// section), for `lastprivate`.
    pub fn leaf(
        &mut self,
        c: &'p OmpConstruct,
        d: Directive,
        env: Option<&DataEnv>,
    ) -> R<(Flow, bool)> {
        match d.leaves()[0] {
            Directive::For | Directive::Sections | Directive::Single | Directive::Scope => {
                self.worksharing(c, d, env)
            }
            Directive::Simd => self.simd(c, env).map(|f| (f, true)),
            Directive::Masked | Directive::Master => self.masked(c, rest_of(d)).map(|f| (f, true)),
            Directive::Taskloop => self.taskloop(c, d).map(|f| (f, true)),
            _ => inconclusive(
                c.pragma.directive_span,
                format!("`omp {}` is outside the replay's model", d.name()),
            ),
        }
    }

    /// A worksharing construct (§11).
    fn worksharing(
        &mut self,
        c: &'p OmpConstruct,
        d: Directive,
        outer: Option<&DataEnv>,
    ) -> R<(Flow, bool)> {
        let p = &c.pragma;
        let span = p.directive_span;
        let key = self.ws_count;
        self.ws_count += 1;
        let own = match outer {
            Some(_) => None,
            None => Some(self.data_env(c, ConstructKind::Other, loops_of(c))?),
        };
        let env = own.as_ref().or(outer).expect("one of both");
        let leaf = d.leaves()[0];
        let mut mine_single = false;
        let ran_last = match leaf {
            Directive::For => self.ws_loop(c, d, key, env)?,
            Directive::Sections => self.sections(c)?,
            Directive::Single => {
                let num = self.team.num;
                let team = self.team.id;
                let ws = self
                    .w()
                    .teams
                    .get_mut(&team)
                    .expect("team")
                    .ws
                    .entry(key)
                    .or_default();
                let winner = *ws.single.get_or_insert(num);
                mine_single = winner == num;
                if mine_single {
                    let OmpBody::Block { body, .. } = &c.body else {
                        return inconclusive(span, "`single` without a block");
                    };
                    if self.exec_block(body)? != Flow::Normal {
                        return inconclusive(span, "control flow leaves a `single` construct");
                    }
                    self.copyprivate_out(c, key)?;
                }
                true
            }
            _ => {
                // scope: every thread runs the block.
                let OmpBody::Block { body, .. } = &c.body else {
                    return inconclusive(span, "`scope` without a block");
                };
                if self.exec_block(body)? != Flow::Normal {
                    return inconclusive(span, "control flow leaves a `scope` construct");
                }
                true
            }
        };
        if let Some(env) = own {
            self.finish_env(env, ran_last)?;
        }
        if crate::semantics::openmp::ends_with_barrier(d, p) {
            self.barrier(span)?;
            if leaf == Directive::Single && !mine_single {
                self.copyprivate_in(c, key)?;
            }
        }
        self.leave_ws(key);
        Ok((Flow::Normal, ran_last))
    }

    /// This thread is done with worksharing construct `key` (its team state ends with the last).
    fn leave_ws(&mut self, key: u64) {
        let team = self.team.id;
        let w = self.w();
        let t = w.teams.get_mut(&team).expect("team");
        let size = t.size;
        let ws = t.ws.entry(key).or_default();
        ws.left += 1;
        if ws.left == size {
            t.ws.remove(&key);
        }
    }

    /// `copyprivate` (§5.7.2): the `single` thread publishes its values.
    fn copyprivate_out(&mut self, c: &'p OmpConstruct, key: u64) -> R<()> {
        let items = copyprivate_items(&c.pragma);
        if items.is_empty() {
            return Ok(());
        }
        let mut vals = Vec::new();
        for item in items {
            let v = self.resolve_name(&item.base.name, item.span)?;
            let p = self.var_ptr(v, item.span)?;
            let n = self.w().mem.len(p.obj).unwrap_or(0);
            let mut cells = Vec::new();
            for k in 0..n as i64 {
                cells.push(self.load(Ptr { obj: p.obj, off: k }, item.span)?);
            }
            vals.push((v, cells));
        }
        let team = self.team.id;
        self.w()
            .teams
            .get_mut(&team)
            .expect("team")
            .ws
            .entry(key)
            .or_default()
            .copyprivate = Some(vals);
        Ok(())
    }

    /// `copyprivate`: the other threads take the values, before leaving the barrier.
    fn copyprivate_in(&mut self, c: &'p OmpConstruct, key: u64) -> R<()> {
        if copyprivate_items(&c.pragma).is_empty() {
            return Ok(());
        }
        let team = self.team.id;
        let vals = self.w().teams[&team]
            .ws
            .get(&key)
            .and_then(|w| w.copyprivate.clone())
            .unwrap_or_default();
        let span = c.pragma.directive_span;
        for (v, cells) in vals {
            let p = self.var_ptr(v, span)?;
            for (k, x) in cells.into_iter().enumerate() {
                self.store(
                    Ptr {
                        obj: p.obj,
                        off: k as i64,
                    },
                    x,
                    span,
                )?;
            }
        }
        Ok(())
    }

    /// `sections` (§11.3): section `k` runs on thread `k mod T` (a legal schedule).
    fn sections(&mut self, c: &'p OmpConstruct) -> R<bool> {
        let OmpBody::Sections(ss) = &c.body else {
            return inconclusive(c.pragma.directive_span, "`sections` without sections");
        };
        let (t, me) = (self.team.size as usize, self.team.num as usize);
        for (k, s) in ss.iter().enumerate() {
            if k % t == me && self.exec_block(&s.body)? != Flow::Normal {
                return inconclusive(s.span, "control flow leaves a section");
            }
        }
        Ok((ss.len() - 1) % t == me)
    }

    /// `masked`/`master` (§10.5): only the thread the filter names (0 by default) runs it;
    /// no barrier.
    fn masked(&mut self, c: &'p OmpConstruct, rest: Option<Directive>) -> R<Flow> {
        let mut filter = 0;
        for cl in &c.pragma.clauses {
            if let ClauseKind::Filter(e) = &cl.kind {
                filter = self.clause_int(e)?;
            }
        }
        if self.team.num as i128 != filter {
            return Ok(Flow::Normal);
        }
        match rest {
            Some(d) => self.leaf(c, d, None).map(|(f, _)| f),
            None => match &c.body {
                OmpBody::Block { body, .. } => self.exec_block(body),
                _ => inconclusive(c.pragma.directive_span, "`masked` without a block"),
            },
        }
    }
}

/// The OS thread of a team member other than the primary thread.
fn worker<'p>(
    rt: &super::world::Runtime<'p>,
    c: &'p OmpConstruct,
    rest: Option<Directive>,
    st: Start<'p>,
    copyin: Vec<(VarId, Vec<Value>)>,
) {
    let mut t = Thread::new(rt, st.sim, st.unit, st.team, st.key);
    t.frames.push(st.frame);
    t.nthreads_var = st.nthreads;
    let r = catch_unwind(AssertUnwindSafe(|| {
        t.acquire()?;
        t.implicit_task(c, rest, &copyin)
    }));
    if !t.holds() {
        let g = rt.world.lock();
        t.adopt(g);
    }
    match r {
        Ok(Ok(())) => {
            let team = t.team.id;
            let vc = t.unit.vc.clone();
            let slot = t.unit.slot;
            let w = t.w();
            w.slots.give_back(slot, vc.get(slot));
            if let Some(team) = w.teams.get_mut(&team) {
                team.finals.push(vc);
            }
        }
        Ok(Err(Stop::Aborted)) => {}
        Ok(Err(e)) => t.stop_all(e),
        Err(_) => t.stop_all(Stop::Inconclusive {
            reason: "the replay crashed (a bug of ompv)".into(),
            span: None,
        }),
    }
    t.finish();
}
