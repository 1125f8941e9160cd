//! Loop constructs: the iteration space of a canonical loop nest (§4.4.1; `collapse(n)` is the
//! product space in lexicographic order, §4.4.3), its distribution over the team's threads
//! (§11.5.3), and the SIMD lanes of `simd` loops (§10.4).
//!
//! Schedules: `static` gives thread `t` the `t`-th block of `ceil(n/T)` iterations,
//! `static, c` chunks of `c` round-robin. The schedule of `dynamic`, `guided`, `auto`,
//! `runtime` and of a loop without `schedule` is the implementation's (or the run time's)
//! choice; the replay picks one that a conforming implementation may produce: round-robin chunks
//! of the given size (1 without one) for `dynamic`, `auto`, `runtime` and no clause (as
//! `static, 1`; `for simd` without a clause uses `static` so that each thread has one SIMD loop),
//! or, with [`super::Unspecified::Blocks`], one block per thread where no chunk size is given;
//! for `guided` chunks of `max(c, ceil(remaining/T))` iterations handed out round-robin.
//! Every thread runs its chunks in increasing order.

use super::dataenv::DataEnv;
use super::exec::Flow;
use super::race::{Lane, LoopKind, Phase};
use super::thread::Thread;
use super::value::{Ptr, Value};
use super::world::{inconclusive, R};
use crate::c::ast::*;
use crate::pragma::{ClauseKind, Directive, ScheduleKind};
use viper::Span;

/// One loop of a nest: first value, increment and number of iterations.
#[derive(Clone, Debug)]
pub(crate) struct Dim {
    pub var: VarId,
    pub lower: i128,
    pub step: i128,
    pub trip: u64,
    /// The line of the loop's construct (its pragma), by which messages name the loop.
    pub line: u32,
}

/// The logical iteration space of a loop nest.
#[derive(Clone, Debug)]
pub(crate) struct Space {
    pub dims: Vec<Dim>,
    pub total: u64,
}

impl Space {
    /// The values of the loop variables in logical iteration `k`.
    pub fn values(&self, mut k: u64) -> Vec<i128> {
        let mut out = vec![0; self.dims.len()];
        for (i, d) in self.dims.iter().enumerate().rev() {
            let idx = k.checked_rem(d.trip).unwrap_or(0);
            k = k.checked_div(d.trip).unwrap_or(0);
            out[i] = d.lower + idx as i128 * d.step;
        }
        out
    }
}

/// The number of iterations of `for (v = lower; v test bound; v += step)`.
fn trip_count(lower: i128, test: BinOp, bound: i128, step: i128) -> Option<u64> {
    let n = match test {
        BinOp::Lt if step > 0 => (bound - lower + step - 1).div_euclid(step),
        BinOp::Le if step > 0 => (bound - lower).div_euclid(step) + 1,
        BinOp::Gt if step < 0 => (lower - bound + (-step) - 1).div_euclid(-step),
        BinOp::Ge if step < 0 => (lower - bound).div_euclid(-step) + 1,
        BinOp::Ne if step == 1 => bound - lower,
        BinOp::Ne if step == -1 => lower - bound,
        _ => return None,
    };
    Some(n.max(0) as u64)
}

/// The chunks (logical iteration ranges) thread `me` of `t` runs, in order. Lazy: a loop of
/// billions of iterations stops at the step budget without its chunk list ever being built.
pub(crate) fn chunks(
    kind: Option<ScheduleKind>,
    chunk: Option<u64>,
    total: u64,
    t: u64,
    me: u64,
    simd: bool,
    unspecified: super::Unspecified,
) -> Box<dyn Iterator<Item = (u64, u64)>> {
    let t = t.max(1);
    let blocks = simd || unspecified == super::Unspecified::Blocks;
    match (kind, chunk) {
        (Some(ScheduleKind::Static), None) => block(total, t, me),
        (None | Some(ScheduleKind::Dynamic | ScheduleKind::Auto | ScheduleKind::Runtime), None)
            if blocks =>
        {
            block(total, t, me)
        }
        (Some(ScheduleKind::Guided), c) => {
            let min = c.unwrap_or(1).max(1);
            let (mut start, mut k) = (0u64, 0u64);
            Box::new(std::iter::from_fn(move || {
                while start < total {
                    let size = min.max((total - start).div_ceil(t));
                    let end = (start + size).min(total);
                    let (first, mine) = (start, k % t == me);
                    start = end;
                    k += 1;
                    if mine {
                        return Some((first, end));
                    }
                }
                None
            }))
        }
        (_, c) => {
            let c = c.unwrap_or(1).max(1);
            Box::new((me..).step_by(t as usize).map_while(move |k| {
                let a = k.checked_mul(c)?;
                (a < total).then(|| (a, a.saturating_add(c).min(total)))
            }))
        }
    }
}

/// Thread `me`'s block of `total` iterations split into `t` blocks (`static`, §11.5.3).
fn block(total: u64, t: u64, me: u64) -> Box<dyn Iterator<Item = (u64, u64)>> {
    let c = total.div_ceil(t);
    let (a, b) = (
        me.saturating_mul(c).min(total),
        (me + 1).saturating_mul(c).min(total),
    );
    Box::new(std::iter::once((a, b)).filter(|(a, b)| a < b))
}

impl<'p> Thread<'p, '_> {
    /// Evaluates the bounds of a loop nest (by the encountering thread).
    pub fn space(&mut self, nest: &'p LoopNest, span: Span) -> R<Space> {
        let mut dims = Vec::new();
        let mut total: u64 = 1;
        for (k, l) in nest.loops.iter().enumerate() {
            let mut mentioned = Vec::new();
            l.lower.vars(&mut mentioned);
            l.bound.vars(&mut mentioned);
            if nest.loops[..k].iter().any(|o| mentioned.contains(&o.var)) {
                return inconclusive(
                    l.header,
                    "a collapsed loop whose bounds depend on an outer loop variable",
                );
            }
            let lower = self
                .eval(&l.lower)?
                .as_int()
                .or_else(|x| self.ub(l.lower.span, x))?;
            let bound = self
                .eval(&l.bound)?
                .as_int()
                .or_else(|x| self.ub(l.bound.span, x))?;
            let Some(trip) = trip_count(lower, l.test, bound, l.step) else {
                return inconclusive(l.header, "a loop whose iteration count is not defined");
            };
            total = total.saturating_mul(trip);
            dims.push(Dim {
                var: l.var,
                lower,
                step: l.step,
                trip,
                // The construct's line, as the proof's messages name the loop.
                line: span.line,
            });
        }
        Ok(Space { dims, total })
    }

    /// The private objects of the loop variables (the construct's copies, or new ones).
    pub fn loop_var_ptrs(&mut self, nest: &'p LoopNest, env: Option<&DataEnv>) -> R<Vec<Ptr>> {
        let mut out = Vec::new();
        for l in &nest.loops {
            match env.and_then(|e| e.copy_of(l.var)) {
                Some(p) => out.push(p.copy),
                None => out.push(self.declare(l.var, None, l.header)?),
            }
        }
        Ok(out)
    }

    /// Enters logical iteration `k`: the loop variables get their values and accesses are
    /// attributed to the iteration.
    pub fn set_iteration(
        &mut self,
        space: &Space,
        ptrs: &[Ptr],
        k: u64,
        kind: LoopKind,
        base: usize,
        span: Span,
    ) -> R<()> {
        let vals = space.values(k);
        self.ctx.iters.truncate(base);
        for ((d, p), v) in space.dims.iter().zip(ptrs).zip(vals) {
            let t = &self.rt.prog.var(d.var).ty;
            let v = super::value::convert(Value::Int(v), &Type::INT, t)
                .or_else(|x| self.ub(span, x))?;
            self.init_cell(*p, v, span)?;
            self.ctx
                .iters
                .push((d.var, v.as_int().unwrap_or(0), d.line, kind));
        }
        self.new_ctx();
        Ok(())
    }

    /// The value of a clause's chunk size or `safelen`.
    fn positive(&mut self, e: &crate::pragma::RawExpr) -> R<u64> {
        let v = self.clause_int(e)?;
        if v < 1 {
            return inconclusive(e.span, format!("`{}` must be positive", e.text));
        }
        Ok(v as u64)
    }

    /// A new SIMD lane tag for logical iteration `k` of the `simd` loop of construct `c`.
    pub(super) fn lane(c: &OmpConstruct, instance: u32, k: u64, safelen: u64) -> Lane {
        Lane {
            instance,
            iter: k,
            safelen,
            phase: Phase::Before,
            // §10.4: lexically forward dependences are kept unless `order(concurrent)`.
            forward: !c.pragma.has("order"),
            stmt: 0,
        }
    }

    /// The body of one iteration of a `simd` loop: each access made by a top-level statement
    /// carries the statement's number in its lane.
    pub(super) fn exec_lane_body(&mut self, b: &'p Block) -> R<Flow> {
        self.frame().push_scope();
        let mut flow = Ok(Flow::Normal);
        for (k, s) in b.stmts.iter().enumerate() {
            if let Some(l) = self.unit.lane.as_mut() {
                l.stmt = u32::try_from(k).unwrap_or(u32::MAX);
            }
            flow = self.exec(s);
            if !matches!(flow, Ok(Flow::Normal)) {
                break;
            }
        }
        self.pop_scope();
        flow
    }

    /// The `safelen` of a simd construct (0 without).
    fn safelen(&mut self, c: &'p OmpConstruct) -> R<u64> {
        for cl in &c.pragma.clauses {
            if let ClauseKind::Safelen(e) = &cl.kind {
                return self.positive(e);
            }
        }
        Ok(0)
    }

    /// A worksharing loop (§11.5), possibly `for simd`: this thread's chunks. Returns whether
    /// it ran the sequentially last iteration.
    pub fn ws_loop(
        &mut self,
        c: &'p OmpConstruct,
        d: Directive,
        key: u64,
        env: &DataEnv,
    ) -> R<bool> {
        let OmpBody::Loop(nest) = &c.body else {
            return inconclusive(c.pragma.directive_span, "a loop construct without a loop");
        };
        let p = &c.pragma;
        let span = p.directive_span;
        if p.clauses
            .iter()
            .any(|cl| matches!(&cl.kind, ClauseKind::Ordered(Some(_))))
        {
            return inconclusive(
                span,
                "doacross loops (`ordered(n)`) are outside the replay's model",
            );
        }
        let ordered = p.has("ordered");
        let simd = d.has_leaf(Directive::Simd);
        let mut kind = None;
        let mut chunk = None;
        for cl in &p.clauses {
            if let ClauseKind::Schedule {
                kind: k, chunk: ch, ..
            } = &cl.kind
            {
                kind = Some(*k);
                if let Some(ch) = ch {
                    chunk = Some(self.positive(ch)?);
                }
            }
        }
        let safelen = if simd { self.safelen(c)? } else { 0 };
        let space = self.space(nest, span)?;
        let mine = chunks(
            kind,
            chunk,
            space.total,
            self.team.size as u64,
            self.team.num as u64,
            simd,
            self.rt.cfg.schedule,
        );
        self.frame().push_scope();
        let ptrs = self.loop_var_ptrs(nest, Some(env))?;
        let base = self.ctx.iters.len();
        let saved_ordered = self.ordered.take();
        let mut ran_last = false;
        for (a, b) in mine {
            let instance = if simd {
                let w = self.w();
                w.simd_instances += 1;
                Some(w.simd_instances)
            } else {
                None
            };
            for k in a..b {
                self.set_iteration(&space, &ptrs, k, LoopKind::Worksharing, base, span)?;
                self.linear_step(env, k, span)?;
                if let Some(i) = instance {
                    self.unit.lane = Some(Self::lane(c, i, k, safelen));
                }
                if ordered {
                    self.ordered = Some((key, k, false));
                }
                let f = if instance.is_some() {
                    self.exec_lane_body(&nest.body)?
                } else {
                    self.exec_block(&nest.body)?
                };
                if !matches!(f, Flow::Normal | Flow::Continue) {
                    return inconclusive(span, "control flow leaves a worksharing loop");
                }
                if ordered {
                    self.end_ordered_iteration(span)?;
                }
                ran_last |= k + 1 == space.total;
            }
            self.unit.lane = None;
        }
        self.ordered = saved_ordered;
        self.ctx.iters.truncate(base);
        self.new_ctx();
        self.pop_scope();
        Ok(ran_last)
    }

    /// A `simd` loop (§10.4), run whole by the encountering thread; its iterations are SIMD
    /// lanes.
    pub fn simd(&mut self, c: &'p OmpConstruct, outer: Option<&DataEnv>) -> R<Flow> {
        let OmpBody::Loop(nest) = &c.body else {
            return inconclusive(c.pragma.directive_span, "`simd` without a loop");
        };
        let span = c.pragma.directive_span;
        if self.unit.lane.is_some() {
            return inconclusive(span, "a `simd` loop nested in another");
        }
        let own = match outer {
            Some(_) => None,
            None => {
                Some(self.data_env(c, crate::omp::sharing::ConstructKind::Other, &nest.loops)?)
            }
        };
        let env = own.as_ref().or(outer).expect("one of both");
        let safelen = self.safelen(c)?;
        let space = self.space(nest, span)?;
        self.frame().push_scope();
        let ptrs = self.loop_var_ptrs(nest, Some(env))?;
        let base = self.ctx.iters.len();
        let instance = {
            let w = self.w();
            w.simd_instances += 1;
            w.simd_instances
        };
        for k in 0..space.total {
            self.set_iteration(&space, &ptrs, k, LoopKind::Simd, base, span)?;
            self.linear_step(env, k, span)?;
            self.unit.lane = Some(Self::lane(c, instance, k, safelen));
            let f = self.exec_lane_body(&nest.body);
            self.unit.lane = None;
            if !matches!(f?, Flow::Normal | Flow::Continue) {
                return inconclusive(span, "control flow leaves a `simd` loop");
            }
        }
        // The iteration variable of a one-loop simd is linear: after the loop it holds the value
        // the sequential loop would leave (§5.1.1, §5.4.6).
        if let [d] = space.dims.as_slice() {
            let end = d.lower + space.total as i128 * d.step;
            let t = &self.rt.prog.var(d.var).ty;
            let v = super::value::convert(Value::Int(end), &Type::INT, t)
                .or_else(|x| self.ub(span, x))?;
            self.init_cell(ptrs[0], v, span)?;
        }
        self.ctx.iters.truncate(base);
        self.new_ctx();
        self.pop_scope();
        if let Some(env) = own {
            self.finish_env(env, true)?;
        }
        Ok(Flow::Normal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Unspecified;

    #[test]
    fn trip_counts_of_canonical_loops() {
        // §4.4.1: the iteration count of a canonical loop.
        assert_eq!(trip_count(0, BinOp::Lt, 10, 1), Some(10));
        assert_eq!(trip_count(0, BinOp::Lt, 10, 3), Some(4));
        assert_eq!(trip_count(0, BinOp::Le, 10, 3), Some(4));
        assert_eq!(trip_count(10, BinOp::Gt, 0, -2), Some(5));
        assert_eq!(trip_count(10, BinOp::Ge, 0, -5), Some(3));
        assert_eq!(trip_count(5, BinOp::Lt, 0, 1), Some(0));
        assert_eq!(trip_count(0, BinOp::Ne, 4, 1), Some(4));
        assert_eq!(trip_count(0, BinOp::Lt, 4, -1), None);
    }

    fn ch(
        kind: Option<ScheduleKind>,
        chunk: Option<u64>,
        total: u64,
        t: u64,
        me: u64,
        simd: bool,
    ) -> Vec<(u64, u64)> {
        chunks(kind, chunk, total, t, me, simd, Unspecified::RoundRobin).collect()
    }

    #[test]
    fn schedules_distribute_every_iteration_once() {
        // §11.5.3: static without chunk is one block per thread; static,c round-robin.
        assert_eq!(
            ch(Some(ScheduleKind::Static), None, 10, 4, 1, false),
            [(3, 6)]
        );
        assert_eq!(
            ch(Some(ScheduleKind::Static), None, 10, 4, 3, false),
            [(9, 10)]
        );
        assert_eq!(
            ch(Some(ScheduleKind::Static), Some(2), 10, 4, 1, false),
            [(2, 4)]
        );
        assert_eq!(ch(None, None, 10, 4, 2, false), [(2, 3), (6, 7)]);
        assert_eq!(ch(None, None, 10, 4, 2, true), [(6, 9)]);
        for kind in [
            None,
            Some(ScheduleKind::Static),
            Some(ScheduleKind::Dynamic),
            Some(ScheduleKind::Guided),
        ] {
            for (chunk, mode) in [None, Some(3)]
                .into_iter()
                .flat_map(|c| [(c, Unspecified::RoundRobin), (c, Unspecified::Blocks)])
            {
                let mut seen = vec![0; 23];
                for me in 0..4 {
                    for (a, b) in chunks(kind, chunk, 23, 4, me, false, mode) {
                        for k in a..b {
                            seen[k as usize] += 1;
                        }
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{kind:?} {chunk:?}: {seen:?}");
            }
        }
        // Unspecified schedules as blocks: thread 2 of 4 runs iterations 6..9 of 10; a chunk
        // size keeps its round-robin chunks.
        assert_eq!(
            chunks(None, None, 10, 4, 2, false, Unspecified::Blocks).collect::<Vec<_>>(),
            [(6, 9)]
        );
        assert_eq!(
            chunks(
                Some(ScheduleKind::Dynamic),
                Some(2),
                10,
                4,
                1,
                false,
                Unspecified::Blocks
            )
            .collect::<Vec<_>>(),
            [(2, 4)]
        );
        // Chunks are made as the loop runs: a huge loop costs nothing before it starts.
        assert_eq!(
            chunks(
                None,
                None,
                u64::MAX / 2,
                4,
                3,
                false,
                Unspecified::RoundRobin
            )
            .nth(2),
            Some((11, 12))
        );
        // Guided: chunks shrink but never below the minimum.
        assert_eq!(
            ch(Some(ScheduleKind::Guided), Some(2), 20, 2, 0, false),
            [(0, 10), (15, 18)]
        );
        assert_eq!(
            ch(Some(ScheduleKind::Guided), Some(2), 20, 2, 1, false),
            [(10, 15), (18, 20)]
        );
    }

    #[test]
    fn collapsed_spaces_are_lexicographic() {
        let s = Space {
            dims: vec![
                Dim {
                    var: VarId(0),
                    lower: 0,
                    step: 1,
                    trip: 2,
                    line: 1,
                },
                Dim {
                    var: VarId(1),
                    lower: 10,
                    step: -2,
                    trip: 3,
                    line: 2,
                },
            ],
            total: 6,
        };
        assert_eq!(s.values(0), [0, 10]);
        assert_eq!(s.values(2), [0, 6]);
        assert_eq!(s.values(4), [1, 8]);
    }
}
