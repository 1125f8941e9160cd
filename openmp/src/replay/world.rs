//! The state all simulated threads share: memory, the race detector, the happens-before state
//! of synchronisation objects, teams and tasks, and the scheduler's baton. It lives in one
//! mutex; exactly one simulated thread holds it at a time (see [`super::thread`]).

use super::clock::{Slots, VClock};
use super::hash_map::HashMap;
use super::memory::Memory;
use super::race::Tracker;
use super::value::{ObjId, Ptr, Value};
use super::ReplayConfig;
use crate::c::ast::*;
use crate::c::Program;
use parking_lot::{Condvar, Mutex};
use viper::{SourceMap, Span};

/// Why the execution stops early.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Stop {
    /// The program cannot be run further in the model (undefined behaviour, a construct outside
    /// the model, a budget): no verdict about races beyond those already found.
    Inconclusive { reason: String, span: Option<Span> },
    /// The program ended (`exit`, `abort`, a failed `assert`).
    Exit,
    /// Another thread stopped the run (its reason is in [`World::stop`]).
    Aborted,
}

pub(crate) type R<T> = Result<T, Stop>;

/// An inconclusive stop at `span`.
pub(crate) fn inconclusive<T>(span: Span, reason: impl Into<String>) -> R<T> {
    Err(Stop::Inconclusive {
        reason: reason.into(),
        span: (!span.is_dummy()).then_some(span),
    })
}

/// The status of a simulated thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Live,
    Done,
}

/// The baton: which simulated thread runs.
#[derive(Debug, Default)]
pub(crate) struct Sched {
    pub current: usize,
    pub threads: Vec<Status>,
    /// Consecutive failed checks of blocked threads since the last step of any thread.
    pub spin_fail: u32,
}

impl Sched {
    /// The next live thread after `me` in round-robin order (`me` itself if it is the only one).
    pub fn next_after(&self, me: usize) -> usize {
        let n = self.threads.len();
        (1..=n)
            .map(|k| (me + k) % n)
            .find(|&t| self.threads[t] == Status::Live)
            .unwrap_or(me)
    }

    pub fn live(&self) -> usize {
        self.threads.iter().filter(|s| **s == Status::Live).count()
    }
}

/// A team barrier (§15.3.1): arrivals of the current episode and the clock of the last release.
#[derive(Debug, Default)]
pub(crate) struct Barrier {
    pub arrived: u32,
    pub gen: u64,
    pub acc: VClock,
    pub released: VClock,
}

/// Team-wide state of one worksharing construct (keyed by its sequence number in the team).
#[derive(Debug, Default)]
pub(crate) struct WsState {
    /// `single`: the thread that executes it.
    pub single: Option<u32>,
    /// `ordered`: the logical iteration whose ordered region may run next, and the clock the
    /// previous one released.
    pub ordered_next: u64,
    pub ordered_vc: VClock,
    /// `copyprivate`: the values the `single` thread broadcasts.
    pub copyprivate: Option<Vec<(VarId, Vec<Value>)>>,
    /// Threads that have left the construct (the state is dropped when all have).
    pub left: u32,
}

/// A team of threads.
#[derive(Debug, Default)]
pub(crate) struct Team {
    pub size: u32,
    pub barrier: Barrier,
    /// Explicit tasks bound to the team that have not yet been joined by a barrier.
    pub task_ends: Vec<u32>,
    pub ws: HashMap<u64, WsState>,
    /// The final clocks of the members that finished.
    pub finals: Vec<VClock>,
}

/// A lock (`omp_lock_t`, `omp_nest_lock_t`, a `critical` name, a `mutexinoutset` dependence).
#[derive(Debug, Default)]
pub(crate) struct Lock {
    /// The unit that owns it.
    pub owner: Option<u64>,
    /// Nesting count of a nest lock.
    pub count: u32,
    /// The clock of the last release.
    pub vc: VClock,
    /// Initialised (`omp_init_lock`) and not destroyed.
    pub init: bool,
}

/// Identifies a lock.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LockKey {
    Object(Ptr),
    Critical(String),
    /// The `mutexinoutset` dependences of the child tasks of one task (unit id) on one object:
    /// only sibling tasks exclude each other (OpenMP 5.2 §15.9.5).
    Mutex(u64, Ptr),
}

/// A finished explicit task.
#[derive(Debug)]
pub(crate) struct TaskEnd {
    pub vc: VClock,
    /// Whether some unit has joined it (for knowing when no concurrency is left).
    pub joined: bool,
}

/// The shared state.
pub(crate) struct World<'p> {
    pub mem: Memory,
    pub tracker: Tracker,
    pub slots: Slots,
    pub sched: Sched,
    pub teams: HashMap<u32, Team>,
    pub next_team: u32,
    pub locks: HashMap<LockKey, Lock>,
    /// Release clocks of atomically accessed locations (every atomic operation is treated as
    /// acquire and release on its location).
    pub atomics: HashMap<Ptr, VClock>,
    /// The clock of the global fence `flush` acquires and releases.
    pub fence: VClock,
    pub tasks: Vec<TaskEnd>,
    /// Tasks registered with each active taskgroup.
    pub taskgroups: HashMap<u64, Vec<u32>>,
    pub next_id: u64,
    /// Objects of globals and static locals.
    pub globals: HashMap<VarId, ObjId>,
    /// Copies of threadprivate variables: (thread identity, variable).
    pub threadprivate: HashMap<(Vec<u32>, VarId), ObjId>,
    /// String literals by span.
    pub strings: HashMap<(u32, u32, u32), ObjId>,
    pub stop: Option<Stop>,
    pub steps: u64,
    /// Teams of more than one thread that are running.
    pub active_teams: u32,
    /// Explicit tasks not yet joined by any unit.
    pub outstanding: u64,
    /// Teams with more than one thread nested inside each other (for `max-active-levels`).
    pub max_active_levels: u32,
    pub rand: u64,
    pub simd_instances: u32,
    pub _p: std::marker::PhantomData<&'p ()>,
}

impl<'p> World<'p> {
    /// A fresh id (units, taskgroups).
    pub fn fresh(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Joins the end of task `t` into `vc`. The first join frees the task's clock: whoever
    /// needs the task's end later (a barrier, a taskgroup, a sibling's dependence) is ordered
    /// after the unit that joined it, whose clock includes it from now on.
    pub fn join_task(&mut self, t: u32, vc: &mut VClock) {
        let end = &mut self.tasks[t as usize];
        vc.join(&end.vc);
        if !end.joined {
            end.joined = true;
            end.vc = VClock::default();
            self.outstanding -= 1;
        }
    }
}

/// What the threads share without the lock: the program and precomputed tables.
pub(crate) struct Runtime<'p> {
    pub prog: &'p Program,
    pub sources: &'p SourceMap,
    pub cfg: &'p ReplayConfig,
    pub world: Mutex<World<'p>>,
    pub baton: Condvar,
    /// Function definitions by name.
    pub funcs: HashMap<&'p str, &'p Function>,
    /// Globals by name (for clause expressions).
    pub global_names: HashMap<&'p str, VarId>,
    /// Variables each OpenMP construct references (keyed by the construct's address), without
    /// those it declares.
    pub referenced: HashMap<usize, Vec<VarId>>,
}
