//! The race-witness replay: a deterministic concrete execution of a C/OpenMP program under a
//! model of OpenMP 5.2's concurrency, with a happens-before race detector. Every race it
//! reports is a pair of conflicting accesses to the same memory cell that the execution it ran
//! performed without happens-before order between them — a real race of an execution OpenMP
//! allows. It proves nothing: "no race observed" is about one execution only.
//!
//! # The execution
//!
//! The program runs from `main` (`argc = 1 + args`, `argv` as given). Every variable is an
//! object of memory cells, and so is every allocation ([`memory`], [`layout`]); uninitialised
//! memory reads as 0, a feasible value. Undefined behaviour — an access outside an object, a
//! null, dangling or uninitialised pointer, signed overflow, division by zero ([`value`]) — ends
//! the run as *inconclusive*, naming it, as does a construct or library routine outside the
//! model, and the step and memory budgets.
//!
//! Every OpenMP thread is a simulated thread: an OS thread running the interpreter, exactly one
//! at a time, handing a baton on round-robin when it blocks or after a quantum of statements
//! ([`thread`]). The schedule is therefore deterministic and independent of timing.
//!
//! # The model of OpenMP (5.2)
//!
//! Where OpenMP leaves a choice to the implementation, the replay makes one a conforming
//! implementation may make; where it is unsure, it adds happens-before edges (fewer races
//! reported) or stops as inconclusive.
//!
//! - `parallel` (§10.1): a team of `num_threads` threads, else the `nthreads-var` ICV
//!   ([`ReplayConfig::team_size`], `omp_set_num_threads`); one thread with `if(false)` or
//!   beyond `max-active-levels` (unlimited unless the program lowers it). Fork and join edges;
//!   an implicit barrier at the end. Nested regions get teams of their own ([`team`]).
//! - Data sharing (§5.1, §5.4, §5.5.8, §5.7): attributes from
//!   [`crate::omp::sharing::construct_sharing`]; copies per implicit task, thread or task, not
//!   per iteration ([`dataenv`]).
//! - Worksharing (§11): no barrier on entry, one at the end unless `nowait`; the schedules of
//!   [`loops`]; `sections` round-robin; `single` to the first thread to arrive; `ordered`
//!   regions in iteration order.
//! - `simd` (§10.4): every thread that encounters it runs the whole loop; its iterations are
//!   SIMD lanes, unordered with each other unless `safelen` or `ordered simd` orders them.
//! - Synchronisation (§15): barriers, `critical`, locks, `atomic`, `flush`, `taskwait`,
//!   `taskgroup` as happens-before edges in execution order ([`sync`], [`builtins`]).
//! - Tasks (§12): run at once by the generating thread, but unordered with the generating
//!   task's continuation until joined ([`tasks`]).
//!
//! The detector ([`race`]) keeps, per cell, the recent accesses with their units' epochs and
//! reports each pair of source accesses once, with its first occurrence ([`witness`]).
//!
//! The files of this folder are one unit: one interpreter, whose `Thread`'s methods are split by
//! the part of C or OpenMP they run (expressions, statements, teams, tasks, data environments,
//! built-ins) and call each other's, over one state (`World`, its memory, clocks and race
//! tracker).

mod builtins;
mod clause;
mod clock;
mod construct;
mod dataenv;
mod env;
mod eval;
mod exec;
mod hash_map;
mod layout;
mod loops;
mod memory;
mod race;
mod sync;
mod tasks;
mod team;
mod thread;
mod value;
mod witness;
mod world;

#[cfg(test)]
mod tests;

use crate::c::ast::Origin as FnOrigin;
use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use clock::{Slots, VClock};
use env::Frame;
use hash_map::HashMap;
use memory::{Memory, Origin};
use parking_lot::{Condvar, Mutex};
use race::Tracker;
use std::panic::{catch_unwind, AssertUnwindSafe};
use thread::{TeamCtx, Thread, Unit};
use value::{Ptr, Value};
use viper::{SourceMap, Span};
use world::{inconclusive, Runtime, Sched, Status, Stop, Team, World, R};

/// The largest team the replay forms (the implementation-defined `thread-limit-var`).
pub const MAX_TEAM: u32 = 32;
/// The most simulated threads alive at once.
pub const MAX_THREADS: usize = 128;

/// A race's pair of accesses in DataRaceBench's notation, `a[i]@12:5:W vs. a[i+1]@12:10:R`:
/// each access as (expression, line, column, writes), in one fixed order, by position (a write
/// before a read at the same position), whichever access a run or a proof saw first.
pub fn drb_pair(mut accesses: [(&str, u32, u32, bool); 2]) -> String {
    accesses.sort_by_key(|&(_, line, column, write)| (line, column, !write));
    let one = |(text, line, column, write): (&str, u32, u32, bool)| {
        let rw = if write { "W" } else { "R" };
        format!("{text}@{line}:{column}:{rw}")
    };
    format!("{} vs. {}", one(accesses[0]), one(accesses[1]))
}

/// How to run the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayConfig {
    /// Threads of a team without `num_threads` (the initial `nthreads-var`).
    pub team_size: u32,
    /// Statements executed before the run stops as inconclusive.
    pub max_steps: u64,
    /// Memory cells alive at once before the run stops as inconclusive.
    pub max_cells: u64,
    /// The program's arguments (`argv[1..]`).
    pub args: Vec<String>,
    /// How loops whose schedule is the implementation's choice are distributed.
    pub schedule: Unspecified,
}

/// The distribution the replay picks for a loop whose schedule OpenMP 5.2 leaves to the
/// implementation (§11.5.3: no `schedule` clause, `auto`, `runtime`; `dynamic` without a chunk
/// size hands out single iterations in an order that depends on timing). Both are schedules a
/// conforming implementation may produce; each separates different pairs of iterations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unspecified {
    /// One iteration at a time, round-robin (`static, 1`): neighbouring iterations on
    /// different threads.
    #[default]
    RoundRobin,
    /// One contiguous block per thread (`static`): iterations far apart on different threads.
    Blocks,
}

impl Default for ReplayConfig {
    fn default() -> Self {
        ReplayConfig {
            team_size: 4,
            max_steps: 2_000_000,
            max_cells: 1 << 23,
            args: Vec::new(),
            schedule: Unspecified::RoundRobin,
        }
    }
}

/// One access of a race.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    /// The expression accessed.
    pub span: Span,
    /// The expression as written.
    pub text: String,
    pub write: bool,
    pub atomic: bool,
    /// The OpenMP thread number of the thread that made it.
    pub thread: u32,
    /// The values of the enclosing worksharing, `simd` and `taskloop` loop variables.
    pub iteration: Vec<(String, i128)>,
    /// Who made it, in words ("iteration i = 3 of the loop at line 12, thread 1").
    pub unit: String,
}

/// Two accesses that race, the first in execution order first.
#[derive(Clone, Debug, PartialEq)]
pub struct RacePair {
    pub first: Access,
    pub second: Access,
    /// The storage both access (`a[5]`, `sum`, `p->x`).
    pub location: String,
}

/// What the replay found.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayOutcome {
    /// Races of the execution (real races; the run may have stopped early afterwards).
    Races(Vec<RacePair>),
    /// The program ran to its end without a race. Not a proof: other executions may race.
    NoRaceObserved { steps: u64 },
    /// The run could not be completed in the model and found no race before stopping.
    Inconclusive { reason: String, span: Option<Span> },
}

/// The `main` function the replay runs, if the program defines one.
fn main_of(program: &Program) -> Option<&Function> {
    program.functions.iter().find(|f| {
        f.name.name == "main" && f.origin == FnOrigin::Main && !matches!(f.body, Body::Prototype)
    })
}

/// Whether the program has a `main` to run (a library file has none).
pub fn has_main(program: &Program) -> bool {
    main_of(program).is_some()
}

/// Runs `program` (its spans point into `sources`) and reports the races of that execution.
pub fn replay(program: &Program, sources: &SourceMap, cfg: &ReplayConfig) -> ReplayOutcome {
    let Some(main) = main_of(program) else {
        return ReplayOutcome::Inconclusive {
            reason: "the program has no `main` function to run".into(),
            span: None,
        };
    };
    let mut funcs = HashMap::default();
    for f in &program.functions {
        if f.origin == FnOrigin::Main && !matches!(f.body, Body::Prototype) {
            funcs.insert(f.name.name.as_str(), f);
        }
    }
    let global_names = program
        .globals
        .iter()
        .filter(|g| program.var(g.var).storage == Storage::Global)
        .map(|g| (program.var(g.var).name.as_str(), g.var))
        .collect();
    let mut referenced = HashMap::default();
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            visit::each_stmt(&b.stmts, &mut |s| {
                if let StmtKind::Omp(c) = &s.kind {
                    let one = std::slice::from_ref(s);
                    let declared = visit::declared(one);
                    let used: Vec<VarId> = visit::referenced(one)
                        .into_iter()
                        .filter(|v| !declared.contains(v))
                        .collect();
                    referenced.insert(&**c as *const OmpConstruct as usize, used);
                }
            });
        }
    }
    let mut teams = HashMap::default();
    teams.insert(
        0,
        Team {
            size: 1,
            ..Team::default()
        },
    );
    let world = World {
        mem: Memory::new(cfg.max_cells),
        tracker: Tracker::default(),
        slots: Slots::default(),
        sched: Sched {
            current: 0,
            threads: vec![Status::Live],
            spin_fail: 0,
        },
        teams,
        next_team: 1,
        locks: HashMap::default(),
        atomics: HashMap::default(),
        fence: VClock::default(),
        tasks: Vec::new(),
        taskgroups: HashMap::default(),
        next_id: 0,
        globals: HashMap::default(),
        threadprivate: HashMap::default(),
        strings: HashMap::default(),
        stop: None,
        steps: 0,
        active_teams: 0,
        outstanding: 0,
        max_active_levels: u32::MAX,
        rand: 1,
        simd_instances: 0,
        _p: std::marker::PhantomData,
    };
    let rt = Runtime {
        prog: program,
        sources,
        cfg,
        world: Mutex::new(world),
        baton: Condvar::new(),
        funcs,
        global_names,
        referenced,
    };
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("ompv-replay-0".into())
            .stack_size(256 << 20)
            .spawn_scoped(s, || initial_thread(&rt, main));
        if spawned.is_err() {
            rt.world.lock().stop = Some(Stop::Inconclusive {
                reason: "the system could not start a thread for the simulation".into(),
                span: None,
            });
        }
    });
    let world = rt.world.into_inner();
    let races = witness::pairs(program, sources, &world.tracker);
    if !races.is_empty() {
        return ReplayOutcome::Races(races);
    }
    match world.stop {
        Some(Stop::Inconclusive { reason, span }) => ReplayOutcome::Inconclusive { reason, span },
        Some(Stop::Aborted) => ReplayOutcome::Inconclusive {
            reason: "the run was stopped".into(),
            span: None,
        },
        Some(Stop::Exit) | None => ReplayOutcome::NoRaceObserved { steps: world.steps },
    }
}

/// The initial thread: globals, then `main`.
fn initial_thread<'p>(rt: &Runtime<'p>, main: &'p Function) {
    let unit = Unit {
        id: 0,
        slot: 0,
        vc: {
            let mut v = VClock::default();
            v.set(0, 1);
            v
        },
        lane: None,
        children: Vec::new(),
        taskgroups: Vec::new(),
        deps: Default::default(),
        final_: false,
        migratable: false,
        thread_bound: false,
    };
    let team = TeamCtx {
        id: 0,
        size: 1,
        num: 0,
        level: 0,
        active_level: 0,
        ancestors: Vec::new(),
    };
    let mut t = Thread::new(rt, 0, unit, team, Vec::new());
    let r = catch_unwind(AssertUnwindSafe(|| -> R<()> {
        t.acquire()?;
        // Slot 0 is the initial thread's.
        let taken = t.w().slots.take(&VClock::default());
        debug_assert_eq!(taken.0, 0);
        t.init_globals()?;
        run_main(&mut t, main)
    }));
    if !t.holds() {
        let g = rt.world.lock();
        t.adopt(g);
    }
    match r {
        Ok(Ok(())) | Ok(Err(Stop::Aborted)) => {}
        Ok(Err(e)) => t.stop_all(e),
        Err(_) => t.stop_all(Stop::Inconclusive {
            reason: "the replay crashed (a bug of ompv)".into(),
            span: None,
        }),
    }
    t.finish();
}

/// Calls `main` with `argc` and `argv`.
fn run_main<'p>(t: &mut Thread<'p, '_>, main: &'p Function) -> R<()> {
    let Body::Verified(body) = &main.body else {
        return inconclusive(main.span, "the body of `main` is not kept by the front end");
    };
    let args = &t.rt.cfg.args;
    let mut frame = Frame::new("main");
    frame.push_scope();
    t.frames.push(frame);
    let mut strings = vec![Value::Null; args.len() + 2];
    let name =
        t.rt.sources
            .get(t.rt.prog.file)
            .map_or("a.out".to_string(), |f| f.name().to_string());
    let all: Vec<String> = std::iter::once(name).chain(args.iter().cloned()).collect();
    for (k, a) in all.iter().enumerate() {
        let p = t.new_string(a.as_bytes(), Origin::Argv(k), main.span)?;
        strings[k] = Value::Ptr(p);
    }
    let argv = match t.w().mem.alloc(
        strings.len() as u64,
        Value::Null,
        Origin::Internal("argv"),
        None,
    ) {
        Ok(o) => o,
        Err(m) => return inconclusive(main.span, m),
    };
    for (k, v) in strings.into_iter().enumerate() {
        t.init_cell(
            Ptr {
                obj: argv,
                off: k as i64,
            },
            v,
            main.span,
        )?;
    }
    for (k, param) in main.params.iter().enumerate() {
        let p = t.declare(param.var, None, param.span)?;
        let ty = &t.rt.prog.var(param.var).ty;
        let v = match k {
            0 if ty.is_integer() => Value::Int(all.len() as i128),
            1 if ty.decay().is_pointer() => Value::Ptr(Ptr { obj: argv, off: 0 }),
            _ => {
                return inconclusive(
                    param.span,
                    "`main` with parameters other than `argc` and `argv`",
                )
            }
        };
        t.init_cell(p, v, param.span)?;
    }
    t.exec_block(body)?;
    Ok(())
}
