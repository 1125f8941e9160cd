//! A simulated OpenMP thread: an OS thread running the recursive interpreter, of which exactly
//! one runs at a time. The running thread holds the world's lock (the *baton*); it hands it on
//! deterministically — round-robin to the next live thread — when it blocks (barrier, lock,
//! `ordered`), finishes, or has run a quantum of statements (so that spin-waits on flags make
//! progress). Nothing depends on timing: the same program always runs the same way.

use super::clock::VClock;
use super::env::Frame;
use super::race::{self, Ctx, Cur, Lane, Rec, Site};
use super::value::{Ptr, Ub, Value};
use super::world::{inconclusive, Runtime, Status, Stop, World, R};
use parking_lot::MutexGuard;
use viper::Span;

/// Statements a thread runs before it hands the baton on.
pub(crate) const QUANTUM: u32 = 10_000;

/// A unit of happens-before: an implicit or explicit task (SIMD lanes are tags, see
/// [`super::race`]).
#[derive(Debug)]
pub(crate) struct Unit {
    pub id: u64,
    pub slot: u32,
    pub vc: VClock,
    pub lane: Option<Lane>,
    /// Child tasks not yet waited for (`taskwait`, §15.5): ids of [`super::world::TaskEnd`].
    pub children: Vec<u32>,
    /// The taskgroups (§15.4) the unit's new tasks belong to, outermost first.
    pub taskgroups: Vec<u64>,
    /// The dependences of the unit's child tasks (§15.9.5).
    pub deps: super::tasks::Deps,
    /// Inside a `final` task (§12.3): every task it creates is included.
    pub final_: bool,
    /// A deferred explicit task of a team of two or more threads: another thread could have
    /// run it.
    pub migratable: bool,
    /// It used the identity of its thread (a threadprivate variable, `omp_get_thread_num`): on
    /// another thread it could have behaved differently.
    pub thread_bound: bool,
}

/// The team a thread belongs to.
#[derive(Clone, Debug)]
pub(crate) struct TeamCtx {
    pub id: u32,
    pub size: u32,
    pub num: u32,
    /// Nesting of parallel regions, and of those with more than one thread.
    pub level: u32,
    pub active_level: u32,
    /// `(thread number, team size)` at every enclosing level, outermost first.
    pub ancestors: Vec<(u32, u32)>,
}

/// A simulated thread.
pub(crate) struct Thread<'p, 'r> {
    pub rt: &'r Runtime<'p>,
    guard: Option<MutexGuard<'r, World<'p>>>,
    pub sim: usize,
    pub frames: Vec<Frame<'p>>,
    pub unit: Unit,
    pub team: TeamCtx,
    /// The thread's identity for threadprivate copies: thread numbers from the outermost team
    /// down, the primary thread of a team keeping its parent's identity.
    pub key: Vec<u32>,
    /// Who the thread's accesses are attributed to, and its registered id.
    pub ctx: Ctx,
    pub ctx_id: Option<u32>,
    /// Worksharing constructs this thread encountered in its current team.
    pub ws_count: u64,
    quantum: u32,
    /// The location of the `atomic` construct being executed.
    pub atomic_place: Option<Ptr>,
    /// The `nthreads-var` ICV (`omp_set_num_threads`).
    pub nthreads_var: u32,
    /// Call depth.
    pub depth: u32,
    /// The `ordered` state of the worksharing loop iteration being executed: (construct key,
    /// logical iteration, whether its ordered region has run).
    pub ordered: Option<(u64, u64, bool)>,
}

/// Deepest call nesting simulated.
pub(crate) const MAX_DEPTH: u32 = 2000;

impl<'p, 'r> Thread<'p, 'r> {
    /// A thread that has not yet taken the baton.
    pub fn new(rt: &'r Runtime<'p>, sim: usize, unit: Unit, team: TeamCtx, key: Vec<u32>) -> Self {
        let thread = team.num;
        Thread {
            rt,
            guard: None,
            sim,
            frames: Vec::new(),
            unit,
            team,
            key,
            ctx: Ctx {
                thread,
                ..Ctx::default()
            },
            ctx_id: None,
            ws_count: 0,
            quantum: QUANTUM,
            atomic_place: None,
            nthreads_var: rt.cfg.team_size.max(1),
            depth: 0,
            ordered: None,
        }
    }

    /// The shared state (the baton must be held).
    pub fn w(&mut self) -> &mut World<'p> {
        self.guard
            .as_mut()
            .expect("the running thread holds the baton")
    }

    /// Takes the lock and waits for the baton.
    pub fn acquire(&mut self) -> R<()> {
        let mut g = self.rt.world.lock();
        while g.sched.current != self.sim && g.stop.is_none() {
            self.rt.baton.wait(&mut g);
        }
        let stopped = g.stop.is_some();
        self.guard = Some(g);
        if stopped {
            return Err(Stop::Aborted);
        }
        Ok(())
    }

    /// Takes a lock guard obtained outside the baton protocol (to record a stop).
    pub fn adopt(&mut self, g: MutexGuard<'r, World<'p>>) {
        self.guard = Some(g);
    }

    /// Gives the lock up (the baton stays where the scheduler put it).
    pub fn release(&mut self) {
        self.guard = None;
    }

    /// Whether this thread holds the lock.
    pub fn holds(&self) -> bool {
        self.guard.is_some()
    }

    /// Hands the baton to the next live thread and waits until it comes back.
    pub fn yield_now(&mut self) -> R<()> {
        self.quantum = QUANTUM;
        let me = self.sim;
        let g = self.guard.as_mut().expect("holds the baton");
        let next = g.sched.next_after(me);
        if next == me {
            return if g.stop.is_some() {
                Err(Stop::Aborted)
            } else {
                Ok(())
            };
        }
        g.sched.current = next;
        self.rt.baton.notify_all();
        while g.sched.current != me && g.stop.is_none() {
            self.rt.baton.wait(g);
        }
        if g.stop.is_some() {
            return Err(Stop::Aborted);
        }
        Ok(())
    }

    /// Stops every thread with `stop` (the first reason recorded wins).
    pub fn stop_all(&mut self, stop: Stop) {
        if let Some(g) = self.guard.as_mut() {
            if g.stop.is_none() && stop != Stop::Aborted {
                g.stop = Some(stop);
            } else if g.stop.is_none() {
                g.stop = Some(Stop::Inconclusive {
                    reason: "the run was stopped".into(),
                    span: None,
                });
            }
        }
        self.rt.baton.notify_all();
    }

    /// Marks this thread finished and hands the baton on.
    pub fn finish(&mut self) {
        if let Some(g) = self.guard.as_mut() {
            g.sched.threads[self.sim] = Status::Done;
            let next = g.sched.next_after(self.sim);
            g.sched.current = next;
        }
        self.rt.baton.notify_all();
        self.guard = None;
    }

    /// One statement: the step budget, and the quantum after which the baton moves on.
    pub fn step(&mut self, span: Span) -> R<()> {
        let max = self.rt.cfg.max_steps;
        let w = self.w();
        w.steps += 1;
        w.sched.spin_fail = 0;
        if w.steps > max {
            return inconclusive(
                span,
                format!("the step budget ({max} statements) is exhausted"),
            );
        }
        self.quantum -= 1;
        if self.quantum == 0 {
            self.yield_now()?;
        }
        Ok(())
    }

    /// Blocks until `ready` holds, letting the other threads run meanwhile. When no thread can
    /// make progress the run is deadlocked in the schedule chosen: inconclusive.
    pub fn wait_until(
        &mut self,
        what: &str,
        span: Span,
        mut ready: impl FnMut(&mut World<'p>) -> bool,
    ) -> R<()> {
        loop {
            let w = self.w();
            if ready(w) {
                w.sched.spin_fail = 0;
                return Ok(());
            }
            w.sched.spin_fail += 1;
            let limit = 2 * w.sched.live() as u32 + 2;
            if w.sched.spin_fail > limit {
                return inconclusive(
                    span,
                    format!(
                        "every thread is blocked ({what}): the schedule chosen deadlocks, so \
                         nothing is known beyond this point"
                    ),
                );
            }
            self.yield_now()?;
        }
    }

    /// Undefined behaviour at `span`: inconclusive.
    pub fn ub<T>(&self, span: Span, e: Ub) -> R<T> {
        inconclusive(span, format!("undefined behaviour: {}", e.0))
    }

    /// Whether accesses must be recorded: other units may run concurrently with this one.
    pub fn tracking(&mut self) -> bool {
        if self.unit.lane.is_some() {
            return true;
        }
        let w = self.w();
        w.active_teams > 0 || w.outstanding > 0
    }

    /// The id of the current context (registered on first use).
    fn ctx_id(&mut self) -> u32 {
        if let Some(id) = self.ctx_id {
            return id;
        }
        let c = self.ctx.clone();
        let id = self.w().tracker.ctx(c);
        self.ctx_id = Some(id);
        id
    }

    /// Reads the cell `p` (an access of the expression at `span`).
    pub fn load(&mut self, p: Ptr, span: Span) -> R<Value> {
        let track = self.tracking();
        let v = match self.w().mem.cell(p) {
            Ok((o, i)) => o.cells[i],
            Err(e) => return self.ub(span, e),
        };
        if track {
            self.record(p, span, false)?;
        }
        Ok(v)
    }

    /// Writes the cell `p`.
    pub fn store(&mut self, p: Ptr, v: Value, span: Span) -> R<()> {
        let track = self.tracking();
        match self.w().mem.cell(p) {
            Ok((o, i)) => {
                if o.readonly {
                    return inconclusive(
                        span,
                        "undefined behaviour: writing a string literal or a constant",
                    );
                }
                o.cells[i] = v;
            }
            Err(e) => return self.ub(span, e),
        }
        if track {
            self.record(p, span, true)?;
        }
        Ok(())
    }

    /// Writes the cell `p` without recording an access (initialising a fresh private copy that
    /// no other unit can see yet).
    pub fn init_cell(&mut self, p: Ptr, v: Value, span: Span) -> R<()> {
        match self.w().mem.cell(p) {
            Ok((o, i)) => {
                o.cells[i] = v;
                Ok(())
            }
            Err(e) => self.ub(span, e),
        }
    }

    /// Records an access of cell `p` and reports the races it completes.
    pub fn record(&mut self, p: Ptr, span: Span, write: bool) -> R<()> {
        let atomic = self.atomic_place == Some(p);
        let ctx = self.ctx_id();
        let prog = self.rt.prog;
        let slot = self.unit.slot;
        let lane = self.unit.lane;
        let g = self.guard.as_mut().expect("holds the baton");
        let w: &mut World<'p> = g;
        let site = w.tracker.site(Site {
            span,
            write,
            atomic,
        });
        let rec = Rec {
            slot,
            clock: self.unit.vc.get(slot),
            thread: self.sim as u32,
            migratable: self.unit.migratable && !self.unit.thread_bound,
            site,
            ctx,
            write,
            atomic,
            lane,
        };
        let Ok((obj, i)) = w.mem.cell(p) else {
            return Ok(());
        };
        let rec = Rec {
            lane: if obj.lane_private { None } else { rec.lane },
            ..rec
        };
        if obj.shadow.is_empty() {
            obj.shadow = vec![Vec::new(); obj.cells.len()];
        }
        let mut hits: Vec<Rec> = Vec::new();
        race::access(
            &mut obj.shadow[i],
            &Cur {
                vc: &self.unit.vc,
                rec,
            },
            |r| hits.push(*r),
        );
        for h in hits {
            if !w.tracker.known(h.site, site) {
                let location = super::witness::location(prog, obj, i);
                w.tracker.report((h.site, h.ctx), (site, ctx), location);
            }
        }
        Ok(())
    }

    /// The context changed (a new iteration or task): the next access registers a new one.
    pub fn new_ctx(&mut self) {
        self.ctx_id = None;
    }

    /// Advances the current unit's clock (after a release).
    pub fn tick(&mut self) {
        let s = self.unit.slot;
        self.unit.vc.tick(s);
    }
}
