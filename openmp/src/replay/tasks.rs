//! Explicit tasks (§12.5), `taskloop` (§12.6), `taskwait` (§15.5), `taskgroup` (§15.4) and
//! task dependences (§15.9.5).
//!
//! The thread that generates a task runs it at once (a legal schedule: task creation is a task
//! scheduling point), but the task is a happens-before unit of its own: forked from the
//! generating point and unordered with the generating task's continuation until a `taskwait`
//! (its children), the end of a `taskgroup` (all its descendants), a barrier (every task of the
//! team) or the end of the region joins it. An undeferred task (`if(false)`) or an included one
//! (generated inside a `final` task) is joined at once. `depend` orders a task after the
//! earlier sibling tasks whose dependences on the same storage conflict with its own;
//! `mutexinoutset` siblings exclude each other (a lock per item).

use super::dataenv::DataEnv;
use super::exec::Flow;
use super::hash_map::HashMap;
use super::race::LoopKind;
use super::thread::{Thread, Unit};
use super::value::{ObjId, Ptr};
use super::world::{inconclusive, LockKey, TaskEnd, R};
use crate::c::ast::*;
use crate::omp::sharing::ConstructKind;
use crate::pragma::{ClauseKind, DependType, Dependence, Directive};
use viper::Span;

/// The dependences of earlier sibling tasks on one storage location.
#[derive(Debug, Default, Clone)]
struct DepEntry {
    /// The last task with `out`/`inout` on it.
    out: Option<u32>,
    /// Tasks with `in` since then.
    ins: Vec<u32>,
    /// Tasks with `mutexinoutset` since then.
    mutex: Vec<u32>,
    /// Tasks with `inoutset` since then.
    inoutset: Vec<u32>,
}

/// The dependences of the child tasks of one task (sibling tasks), per object: the cells
/// `[off, off + len)` each list item names, with the tasks that named them.
#[derive(Debug, Default, Clone)]
pub(crate) struct Deps {
    map: HashMap<ObjId, Vec<(i64, u64, DepEntry)>>,
}

impl Deps {
    /// The earlier siblings a new task with dependence `kind` on the `len` cells at `p` waits
    /// for (§15.9.5): those whose list items match or overlap it with a conflicting type.
    /// Items that only partly overlap are all taken into account (more edges, never fewer).
    fn predecessors(&self, kind: DependType, p: Ptr, len: u64) -> Vec<u32> {
        let mut out = Vec::new();
        for (off, n, e) in self.map.get(&p.obj).into_iter().flatten() {
            if !overlaps(*off, *n, p.off, len) {
                continue;
            }
            out.extend(e.out);
            match kind {
                DependType::In => {
                    out.extend(&e.mutex);
                    out.extend(&e.inoutset);
                }
                DependType::Mutexinoutset => {
                    out.extend(&e.ins);
                    out.extend(&e.inoutset);
                }
                DependType::Inoutset => {
                    out.extend(&e.ins);
                    out.extend(&e.mutex);
                }
                _ => {
                    out.extend(&e.ins);
                    out.extend(&e.mutex);
                    out.extend(&e.inoutset);
                }
            }
        }
        out
    }

    /// Records task `t`'s dependence on the `len` cells at `p`.
    fn record(&mut self, kind: DependType, p: Ptr, len: u64, t: u32) {
        let items = self.map.entry(p.obj).or_default();
        let k = match items.iter().position(|(o, n, _)| *o == p.off && *n == len) {
            Some(k) => k,
            None => {
                items.push((p.off, len, DepEntry::default()));
                items.len() - 1
            }
        };
        let e = &mut items[k].2;
        match kind {
            DependType::In => e.ins.push(t),
            DependType::Mutexinoutset => e.mutex.push(t),
            DependType::Inoutset => e.inoutset.push(t),
            _ => {
                *e = DepEntry {
                    out: Some(t),
                    ..DepEntry::default()
                }
            }
        }
    }
}

/// Whether the cell ranges `[a, a + n)` and `[b, b + m)` share a cell.
fn overlaps(a: i64, n: u64, b: i64, m: u64) -> bool {
    let (a, b) = (a as i128, b as i128);
    a < b + m.max(1) as i128 && b < a + n.max(1) as i128
}

impl<'p> Thread<'p, '_> {
    /// Generates a task and runs it at once: `setup` makes its data environment (run by the
    /// generating unit), `body` runs in the task. Returns the task's id.
    #[allow(clippy::too_many_arguments)]
    fn spawn_task(
        &mut self,
        c: &'p OmpConstruct,
        deps: &[(DependType, Ptr, u64)],
        final_: bool,
        joined_at_once: bool,
        ran_last: bool,
        env_kind: ConstructKind,
        body: &mut dyn FnMut(&mut Self, &DataEnv) -> R<()>,
    ) -> R<u32> {
        let span = c.pragma.directive_span;
        let env = self.data_env(c, env_kind, super::team::loops_of(c))?;
        let creator = self.unit.vc.clone();
        let w = self.w();
        let (slot, start) = w.slots.take(&creator);
        let mut vc = self.unit.vc.clone();
        vc.set(slot, start);
        for (kind, p, len) in deps {
            for t in self.unit.deps.predecessors(*kind, *p, *len) {
                let end = &self.w().tasks[t as usize].vc;
                vc.join(end);
            }
        }
        let id = self.w().fresh();
        let child = Unit {
            id,
            slot,
            vc,
            lane: None,
            children: Vec::new(),
            taskgroups: self.unit.taskgroups.clone(),
            deps: Default::default(),
            final_,
            migratable: !joined_at_once && self.team.size > 1,
            thread_bound: false,
        };
        self.tick();
        let parent = std::mem::replace(&mut self.unit, child);
        let saved_ctx = self.ctx.clone();
        self.ctx.task = Some(c.pragma.line);
        self.new_ctx();
        let saved_ordered = self.ordered.take();
        // One mutex per object and generating task: tasks whose items merely overlap exclude each
        // other too (more exclusion than OpenMP requires only hides races), tasks of other
        // generating tasks do not (they are not siblings).
        let mut mutexes: Vec<Ptr> = deps
            .iter()
            .filter(|(k, _, _)| *k == DependType::Mutexinoutset)
            .map(|(_, p, _)| Ptr { obj: p.obj, off: 0 })
            .collect();
        mutexes.sort_by_key(|p| (p.obj, p.off));
        mutexes.dedup();
        let mut r = Ok(());
        for m in &mutexes {
            r = r.and_then(|()| {
                self.lock_acquire(
                    LockKey::Mutex(parent.id, *m),
                    false,
                    "a `mutexinoutset` dependence",
                    span,
                )
            });
        }
        let r = r.and_then(|()| body(self, &env));
        let r = r.and_then(|()| {
            for m in &mutexes {
                self.lock_release(
                    LockKey::Mutex(parent.id, *m),
                    "a `mutexinoutset` dependence",
                    span,
                )?;
            }
            Ok(())
        });
        let child = std::mem::replace(&mut self.unit, parent);
        self.ctx = saved_ctx;
        self.new_ctx();
        self.ordered = saved_ordered;
        r?;
        self.finish_env(env, ran_last)?;
        let team = self.team.id;
        let w = self.w();
        w.slots.give_back(child.slot, child.vc.get(child.slot));
        let tid = w.tasks.len() as u32;
        w.tasks.push(TaskEnd {
            vc: child.vc,
            joined: false,
        });
        w.outstanding += 1;
        if let Some(t) = w.teams.get_mut(&team) {
            t.task_ends.push(tid);
        }
        for g in self.unit.taskgroups.clone() {
            if let Some(list) = self.w().taskgroups.get_mut(&g) {
                list.push(tid);
            }
        }
        self.unit.children.push(tid);
        for (kind, p, len) in deps {
            self.unit.deps.record(*kind, *p, *len, tid);
        }
        if joined_at_once {
            let mut vc = std::mem::take(&mut self.unit.vc);
            self.w().join_task(tid, &mut vc);
            self.unit.vc = vc;
        }
        Ok(tid)
    }

    /// The storage named by the `depend` clauses of a task, evaluated by the generating task.
    fn dependences(&mut self, c: &'p OmpConstruct) -> R<Vec<(DependType, Ptr, u64)>> {
        let mut out = Vec::new();
        for cl in &c.pragma.clauses {
            if let ClauseKind::Depend(d) = &cl.kind {
                match d {
                    Dependence::Locators {
                        iterator: None,
                        kind,
                        items,
                    } => {
                        if *kind == DependType::Depobj {
                            return inconclusive(
                                cl.span,
                                "`depobj` dependences are outside the replay's model",
                            );
                        }
                        for item in items {
                            if item.has_section() {
                                return inconclusive(
                                    item.span,
                                    "array sections in `depend` are outside the replay's model",
                                );
                            }
                            let raw = crate::pragma::RawExpr {
                                text: item.text.clone(),
                                span: item.span,
                            };
                            let (p, t) = self.clause_place(&raw)?;
                            let len = match super::layout::cells(self.rt.prog, &t) {
                                Ok(n) => n,
                                Err(e) => return inconclusive(item.span, e),
                            };
                            out.push((*kind, p, len));
                        }
                    }
                    _ => {
                        return inconclusive(
                            cl.span,
                            "this `depend` clause is outside the replay's model",
                        )
                    }
                }
            }
        }
        Ok(out)
    }

    /// Clauses of task-generating constructs the model does not cover.
    fn unsupported_task_clauses(&self, c: &'p OmpConstruct) -> R<()> {
        for cl in &c.pragma.clauses {
            match &cl.kind {
                ClauseKind::Detach(_) => {
                    return inconclusive(cl.span, "`detach` is outside the replay's model")
                }
                ClauseKind::InReduction { .. } | ClauseKind::TaskReduction { .. } => {
                    return inconclusive(cl.span, "task reductions are outside the replay's model")
                }
                ClauseKind::Reduction { .. }
                    if c.pragma.directive.has_leaf(Directive::Taskloop) =>
                {
                    return inconclusive(
                        cl.span,
                        "`taskloop` reductions are outside the replay's model",
                    )
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether the task is undeferred (`if(false)`, §12.5) and whether it is final (§12.3).
    fn task_flags(&mut self, c: &'p OmpConstruct, leaf: Directive) -> R<(bool, bool)> {
        let mut undeferred = false;
        if let Some(cond) = c.pragma.if_for(leaf) {
            undeferred = !self.clause_truth(cond)?;
        }
        let mut final_ = self.unit.final_;
        for cl in &c.pragma.clauses {
            if let ClauseKind::Final(e) = &cl.kind {
                final_ |= self.clause_truth(e)?;
            }
        }
        // A task generated inside a final task is included: it runs at once and the generating
        // task waits for it.
        Ok((undeferred || self.unit.final_, final_))
    }

    /// `task` (§12.5).
    pub fn task(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        self.unsupported_task_clauses(c)?;
        let OmpBody::Block { body, .. } = &c.body else {
            return inconclusive(c.pragma.directive_span, "`task` without a block");
        };
        let (undeferred, final_) = self.task_flags(c, Directive::Task)?;
        let deps = self.dependences(c)?;
        let span = c.pragma.directive_span;
        self.spawn_task(
            c,
            &deps,
            final_,
            undeferred,
            true,
            ConstructKind::Task,
            &mut |t, _env| match t.exec_block(body)? {
                Flow::Normal => Ok(()),
                _ => inconclusive(span, "control flow leaves a task"),
            },
        )?;
        Ok(Flow::Normal)
    }

    /// `taskwait` (§15.5): the current task's child tasks are complete.
    pub fn taskwait(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        if c.pragma.nowait() {
            return inconclusive(
                c.pragma.directive_span,
                "`taskwait nowait` is outside the replay's model",
            );
        }
        // With `depend` (§15.5), the taskwait acts as an included task with those dependences:
        // only its predecessor tasks among the children are complete afterwards; the other
        // children stay unordered with what follows.
        let deps = self.dependences(c)?;
        if !deps.is_empty() {
            let mut vc = std::mem::take(&mut self.unit.vc);
            for (kind, p, len) in &deps {
                for t in self.unit.deps.predecessors(*kind, *p, *len) {
                    vc.join(&self.w().tasks[t as usize].vc);
                }
            }
            self.unit.vc = vc;
            return Ok(Flow::Normal);
        }
        let children = std::mem::take(&mut self.unit.children);
        let mut vc = std::mem::take(&mut self.unit.vc);
        for t in children {
            self.w().join_task(t, &mut vc);
        }
        self.unit.vc = vc;
        Ok(Flow::Normal)
    }

    /// Runs `body` as a taskgroup (§15.4): at its end, every task generated in it and all their
    /// descendants are complete.
    fn in_taskgroup(&mut self, span: Span, body: &mut dyn FnMut(&mut Self) -> R<Flow>) -> R<Flow> {
        let g = self.w().fresh();
        self.w().taskgroups.insert(g, Vec::new());
        self.unit.taskgroups.push(g);
        let r = body(self);
        self.unit.taskgroups.retain(|x| *x != g);
        let tasks = self.w().taskgroups.remove(&g).unwrap_or_default();
        let f = r?;
        let mut vc = std::mem::take(&mut self.unit.vc);
        for t in tasks {
            self.w().join_task(t, &mut vc);
        }
        self.unit.vc = vc;
        let _ = span;
        Ok(f)
    }

    /// `taskgroup`.
    pub fn taskgroup(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        let OmpBody::Block { body, .. } = &c.body else {
            return inconclusive(c.pragma.directive_span, "`taskgroup` without a block");
        };
        self.in_taskgroup(c.pragma.directive_span, &mut |t| t.exec_block(body))
    }

    /// `taskloop` (§12.6): the iterations are divided into tasks (`grainsize`, `num_tasks`, or
    /// one task per iteration, the implementation's choice), inside an implicit taskgroup
    /// unless `nogroup`.
    pub fn taskloop(&mut self, c: &'p OmpConstruct, d: Directive) -> R<Flow> {
        self.unsupported_task_clauses(c)?;
        let OmpBody::Loop(nest) = &c.body else {
            return inconclusive(c.pragma.directive_span, "`taskloop` without a loop");
        };
        let span = c.pragma.directive_span;
        let space = self.space(nest, span)?;
        let total = space.total;
        let mut parts = total.max(1);
        for cl in &c.pragma.clauses {
            match &cl.kind {
                ClauseKind::Grainsize { size, .. } => {
                    let g = self.clause_int(size)?.max(1) as u64;
                    parts = (total / g).max(1);
                }
                ClauseKind::NumTasks { count, .. } => {
                    let k = self.clause_int(count)?.max(1) as u64;
                    parts = k.min(total).max(1);
                }
                _ => {}
            }
        }
        let simd = d.has_leaf(Directive::Simd);
        let (undeferred, final_) = self.task_flags(c, Directive::Taskloop)?;
        let nogroup = c
            .pragma
            .clauses
            .iter()
            .any(|cl| matches!(cl.kind, ClauseKind::Nogroup));
        let mut run = |t: &mut Self| -> R<Flow> {
            let mut start = 0u64;
            for k in 0..parts {
                let len = total / parts + u64::from(k < total % parts);
                let (a, b) = (start, start + len);
                start = b;
                if a == b {
                    continue;
                }
                let space = space.clone();
                t.spawn_task(
                    c,
                    &[],
                    final_,
                    undeferred,
                    b == total,
                    ConstructKind::Task,
                    &mut |t, env| {
                        t.frame().push_scope();
                        let ptrs = t.loop_var_ptrs(nest, Some(env))?;
                        let base = t.ctx.iters.len();
                        let instance = if simd {
                            let w = t.w();
                            w.simd_instances += 1;
                            Some(w.simd_instances)
                        } else {
                            None
                        };
                        for i in a..b {
                            t.set_iteration(&space, &ptrs, i, LoopKind::Taskloop, base, span)?;
                            t.linear_step(env, i, span)?;
                            if let Some(inst) = instance {
                                t.unit.lane = Some(Self::lane(c, inst, i, 0));
                            }
                            let f = if instance.is_some() {
                                t.exec_lane_body(&nest.body)
                            } else {
                                t.exec_block(&nest.body)
                            };
                            t.unit.lane = None;
                            if !matches!(f?, Flow::Normal | Flow::Continue) {
                                return inconclusive(span, "control flow leaves a `taskloop`");
                            }
                        }
                        t.ctx.iters.truncate(base);
                        t.pop_scope();
                        Ok(())
                    },
                )?;
            }
            Ok(Flow::Normal)
        };
        if nogroup {
            run(self)
        } else {
            self.in_taskgroup(span, &mut run)
        }
    }
}
