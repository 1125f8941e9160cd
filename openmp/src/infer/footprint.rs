//! The footprint of one execution of a basic block (one iteration, or one thread's run): every
//! location its code reads or writes, as a condition on the location's indices in terms of the
//! block's iteration variables and the values the region does not change.
//!
//! An access `a[e]` inside inner loops `for (j = lo; j < hi; j++)` and under conditions `g`
//! contributes the locations `k` with `exists j: lo <= j < hi && g && k == e`. The inner loop
//! variables are eliminated by solving `k == e` for them when `e` is linear in them (exactly:
//! `j == k - rest` for a coefficient 1, with a divisibility condition for other coefficients);
//! a variable the index does not mention only needs its loop to run (`lo < hi`). Whatever ompv
//! cannot express exactly — an index or condition that reads memory or a variable the code
//! changes, a call, a loop that is not in canonical form — is over-approximated (the whole
//! object, a dropped condition), and the footprint is then marked inexact: a conflict found
//! through it is not reported as a race.

use super::access::{dims_of, object_of, pointer_base, Access, Inner, Members, ZERO};
use crate::c::ast::*;
use crate::c::names::fresh;
use crate::c::visit;
use crate::c::Program;
use crate::omp::{walk::lock_of, LockName};
use crate::spec::build as s;
use crate::spec::{BinOp as SOp, Expr as SExpr};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use viper::Span;

/// The footprint of a block: per base variable, its write and read locations, and whether
/// every part is exact.
#[derive(Clone, Debug, Default)]
pub struct Footprint {
    /// Clauses (`context …`) in the order of the bases' first accesses, each with its exactness.
    pub clauses: Vec<(SExpr, bool)>,
    /// Something the footprint cannot describe at all (the block gets no inferred contract).
    pub failure: Option<(Span, String)>,
    /// Accesses made while holding a lock (inside `critical`, the location of an `atomic`):
    /// they are the lock's resource, not the block's.
    pub locked: Vec<Locked>,
    /// The accesses the clauses describe (outside locks).
    pub(super) accesses: Vec<Access>,
    /// Pointers in memory whose own locations the code reads.
    pub(super) pointers: Vec<VarId>,
}

/// An access made under a lock.
#[derive(Clone, Debug, PartialEq)]
pub struct Locked {
    pub lock: LockName,
    pub base: VarId,
    /// The number of indices of the access (0 for a scalar).
    pub dims: usize,
    pub write: bool,
    pub span: Span,
}

/// What the walk of a block needs to know.
pub struct Env<'p> {
    pub program: &'p Program,
    /// How a variable whose value is fixed during the block appears in a specification.
    pub fixed: HashMap<VarId, SExpr>,
    /// Variables that are the block's own (declared in it, or private copies): their objects
    /// need no permission from outside.
    pub own: BTreeSet<VarId>,
    /// Bound variables must avoid these names.
    pub taken: super::taken::Taken,
    /// The span inferred clauses get.
    pub span: Span,
    /// Whether the code runs on a known thread (`omp_get_thread_num()` is the block's thread:
    /// its thread dimension, or the thread that runs an iteration of a worksharing loop).
    pub thread: bool,
    /// The names of the block's iteration variables (its dimensions): a location read at an
    /// index that one value can take for two iterations (`a[i % 2]`) is read as part of its
    /// whole object.
    pub iteration: Vec<String>,
    /// Shared local variables the region writes: the region keeps them in memory, so their
    /// accesses need permissions like any location's.
    pub boxed: BTreeSet<VarId>,
    /// The objects each lock protects (those its code writes); `None` while they are being
    /// found out (then every access under a lock is the lock's).
    pub lock_bases: Option<HashMap<LockName, BTreeSet<VarId>>>,
    /// What the file's functions access (a call needs what its callee's contract asks for).
    pub summaries: &'p super::summary::Summaries,
    /// The numbers of elements of the allocations fixed pointer variables hold, where known
    /// ([`super::lengths`]): a whole object's range.
    pub lengths: HashMap<VarId, SExpr>,
}

struct Walker<'e, 'p> {
    env: &'e mut Env<'p>,
    /// The inner-loop depth at which each variable of the code is declared.
    depth: HashMap<VarId, usize>,
    /// Variables assigned exactly once in the code.
    once: BTreeSet<VarId>,
    /// Variables assigned only at the top level of the code (in the order the walk meets them).
    straight: BTreeSet<VarId>,
    loops: Vec<Inner>,
    guards: Vec<SExpr>,
    /// Inside something that makes accesses inexact (unknown loop, dropped condition, `break`).
    inexact_depth: usize,
    accesses: Vec<Access>,
    /// Pointer variables in memory the code reads (their own locations, not their objects).
    pointers: Vec<VarId>,
    failure: Option<(Span, String)>,
    /// The locks held, innermost last; for `atomic`, the locations it protects.
    locks: Vec<(LockName, Option<Vec<Expr>>)>,
    locked: Vec<Locked>,
}

/// The footprint of `code`.
pub fn footprint(env: &mut Env<'_>, code: &[Stmt]) -> Footprint {
    footprint_with_reads(env, code, &[])
}

/// The footprint of `code` run after reads of the whole objects of `reads` (what a clause
/// reads when the block's construct starts, `OmpBlock::implicit`), each at its span.
pub fn footprint_with_reads(
    env: &mut Env<'_>,
    code: &[Stmt],
    reads: &[(VarId, Span)],
) -> Footprint {
    let mut counts: HashMap<VarId, usize> = HashMap::new();
    visit::each_stmt(code, &mut |st| {
        let target = match &st.kind {
            StmtKind::Assign { target, .. } => visit::whole_var(target),
            StmtKind::Call {
                target: Some(t), ..
            } => visit::whole_var(t),
            StmtKind::Alloc { target, .. } => visit::whole_var(target),
            StmtKind::Decl { var, init: Some(_) } => Some(*var),
            _ => None,
        };
        if let Some(v) = target {
            *counts.entry(v).or_default() += 1;
        }
        if let StmtKind::Loop { init, step, .. } = &st.kind {
            // Loop headers assign their variable more than once.
            for x in init.iter().chain(step) {
                if let Some(v) = match &x.kind {
                    StmtKind::Assign { target, .. } => visit::whole_var(target),
                    StmtKind::Decl { var, .. } => Some(*var),
                    _ => None,
                } {
                    *counts.entry(v).or_default() += 2;
                }
            }
        }
    });
    let variant: Vec<VarId> = counts
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(v, _)| *v)
        .collect();
    let once = counts
        .iter()
        .filter(|(_, n)| **n == 1)
        .map(|(v, _)| *v)
        .collect();
    // Variables assigned only by statements at the top level of the code: the walk meets those
    // assignments in the order they run, once each, so their value is known after each.
    let mut top: HashMap<VarId, usize> = HashMap::new();
    for st in code {
        let target = match &st.kind {
            StmtKind::Assign { target, .. } => visit::whole_var(target),
            StmtKind::Decl { var, init: Some(_) } => Some(*var),
            _ => None,
        };
        if let Some(v) = target {
            *top.entry(v).or_default() += 1;
        }
    }
    let straight = counts
        .iter()
        .filter(|(v, n)| top.get(v) == Some(n))
        .map(|(v, _)| *v)
        .collect();
    for v in &variant {
        env.fixed.remove(v);
    }
    let mut w = Walker {
        env,
        depth: HashMap::new(),
        once,
        straight,
        loops: Vec::new(),
        guards: Vec::new(),
        inexact_depth: 0,
        accesses: Vec::new(),
        pointers: Vec::new(),
        failure: None,
        locks: Vec::new(),
        locked: Vec::new(),
    };
    for &(v, span) in reads {
        // (Exact: the whole object is read, by every run of the block.)
        w.accesses.push(Access {
            base: v,
            indices: vec![None; dims_of(&w.env.program.var(v).ty)],
            members: Vec::new(),
            write: false,
            loops: Vec::new(),
            guards: Vec::new(),
            exact: true,
            span,
        });
    }
    w.stmts(code);
    let failure = w.failure.take();
    let accesses = std::mem::take(&mut w.accesses);
    let pointers = std::mem::take(&mut w.pointers);
    let locked = std::mem::take(&mut w.locked);
    if let Some(f) = failure {
        return Footprint {
            clauses: Vec::new(),
            failure: Some(f),
            locked,
            accesses: Vec::new(),
            pointers: Vec::new(),
        };
    }
    let mut fp = described(w.env, accesses, pointers);
    fp.locked = locked;
    fp
}

/// The footprint of the accesses `accesses` and the pointers in memory `pointers` the code
/// reads (their own locations: half a permission each, first, since the clauses of the objects
/// read through them need it).
pub(super) fn described(
    env: &mut Env<'_>,
    accesses: Vec<Access>,
    pointers: Vec<VarId>,
) -> Footprint {
    let mut fp = clauses(env, &accesses);
    let span = env.span;
    let own: Vec<(SExpr, bool)> = pointers
        .iter()
        .map(|p| {
            let name = s::var(&env.program.var(*p).name, span);
            (s::perm(name, s::half(span), span), false)
        })
        .collect();
    fp.clauses.splice(0..0, own);
    fp.accesses = accesses;
    fp.pointers = pointers;
    fp
}

impl Walker<'_, '_> {
    fn fail(&mut self, span: Span, why: impl Into<String>) {
        if self.failure.is_none() {
            self.failure = Some((span, why.into()));
        }
    }

    fn stmts(&mut self, ss: &[Stmt]) {
        for st in ss {
            self.stmt(st);
        }
    }

    /// Walks nested code: what it defines is not known after it (it may not have run).
    fn nested(&mut self, ss: &[Stmt]) {
        let saved = self.env.fixed.clone();
        self.stmts(ss);
        self.env.fixed = saved;
    }

    fn stmt(&mut self, st: &Stmt) {
        match &st.kind {
            StmtKind::Decl { var, init } => {
                self.depth.insert(*var, self.loops.len());
                if let Some(Init::Expr(e)) = init {
                    self.reads(e);
                    self.define(*var, e);
                } else if let Some(Init::List(items)) = init {
                    self.init_reads(items);
                }
                self.env.own.insert(*var);
            }
            StmtKind::Assign { target, value } => {
                self.reads(value);
                match visit::whole_var(target) {
                    Some(v) if !self.in_memory(v) => self.define(v, value),
                    _ => self.write(target),
                }
            }
            StmtKind::Call {
                target,
                callee,
                args,
            } => {
                for a in args {
                    self.reads(a);
                }
                if let Some(t) = target {
                    if callee.name == "omp_get_thread_num" && self.env.thread {
                        if let Some(v) = visit::whole_var(t) {
                            if self.once.contains(&v) {
                                self.env.fixed.insert(
                                    v,
                                    SExpr {
                                        kind: crate::spec::ExprKind::ThreadNum,
                                        span: self.env.span,
                                    },
                                );
                            }
                        }
                    }
                    if visit::whole_var(t).is_none_or(|v| self.in_memory(v)) {
                        self.write(t);
                    }
                }
                let Some(f) = self.env.program.function(&callee.name) else {
                    return;
                };
                if f.origin == Origin::Library {
                    // What the routine reads or writes through its arguments and of its hidden
                    // state.
                    match crate::c::library::accesses(self.env.program, &callee.name, args, st.span)
                    {
                        Some(a) => {
                            for e in &a.effects {
                                self.library_effect(e);
                            }
                        }
                        None if callee.name.starts_with("omp_") => {}
                        None => self.fail(
                            callee.span,
                            format!("a call of `{}`, which ompv has no model of", callee.name),
                        ),
                    }
                    return;
                }
                // A call of a function with a footprint: the footprint, arguments put in.
                let cf = self.env.summaries.get(&callee.name);
                if let Some(cf) = cf.and_then(|c| c.footprint.as_ref()) {
                    if self.locks.is_empty() && self.call_footprint(cf, args) {
                        return;
                    }
                }
                // A call of a function of the file: the objects its contract asks for. An
                // inferred contract asks for what the callee may reach (half of what it only
                // reads); one of the user's may ask for anything of its pointer arguments and
                // globals.
                let inferred = f
                    .contract
                    .as_ref()
                    .is_none_or(|c| c.clauses.iter().all(|c| c.inferred.is_some()));
                let summary = self
                    .env
                    .summaries
                    .get(&callee.name)
                    .filter(|_| inferred)
                    .cloned();
                for (k, a) in args.iter().enumerate() {
                    if !a.ty.decay().is_pointer() {
                        continue;
                    }
                    let write = match &summary {
                        Some(cs) if !cs.params.contains(&k) => continue,
                        Some(cs) => cs.writes_param(k),
                        None => true,
                    };
                    match object_of(a) {
                        Some(base) => self.whole(base, write),
                        None => {
                            self.fail(a.span, "a pointer argument ompv cannot trace to an object")
                        }
                    }
                }
                let globals: Vec<(VarId, bool)> = match &summary {
                    Some(cs) => cs
                        .globals
                        .iter()
                        .map(|g| (*g, cs.written_globals.contains(g)))
                        .collect(),
                    None => self
                        .env
                        .program
                        .globals
                        .iter()
                        .filter(|g| !self.env.program.var(g.var).threadprivate)
                        .map(|g| (g.var, true))
                        .collect(),
                };
                for (g, write) in globals {
                    self.whole(g, write);
                }
            }
            StmtKind::Alloc { target, count, .. } => {
                self.reads(count);
                if let Some(v) = visit::whole_var(target) {
                    self.env.own.insert(v);
                    self.env.fixed.remove(&v);
                } else {
                    self.write(target);
                }
            }
            StmtKind::Free(p) => {
                if let Some((base, _)) = pointer_base(p) {
                    self.whole(base, true);
                }
            }
            StmtKind::MemSet { target, count, .. } => {
                if let Some(c) = count {
                    self.reads(c);
                }
                match pointer_base(target) {
                    Some((base, _)) => self.whole(base, true),
                    None => self.fail(target.span, "`memset` of an object ompv cannot name"),
                }
            }
            StmtKind::MemCpy { dst, src, count } => {
                if let Some(c) = count {
                    self.reads(c);
                }
                for (p, w) in [(dst, true), (src, false)] {
                    match pointer_base(p) {
                        Some((base, _)) => self.whole(base, w),
                        None => self.fail(p.span, "`memcpy` of an object ompv cannot name"),
                    }
                }
            }
            StmtKind::CAssert(e) => self.reads(e),
            StmtKind::If { cond, then, els } => {
                self.reads(cond);
                let g = self.spec(cond);
                let (pos, negated) = match &g {
                    Some(g) => (Some(g.clone()), Some(s::not(g.clone(), g.span))),
                    None => (None, None),
                };
                self.guarded(pos, &then.stmts);
                if let Some(e) = els {
                    self.guarded(negated, &e.stmts);
                }
            }
            StmtKind::Loop {
                init,
                cond_pre,
                cond,
                step,
                body,
                ..
            } => self.loop_stmt(init, cond_pre, cond.as_ref(), step, body),
            StmtKind::Break | StmtKind::Continue | StmtKind::Return(None) => {}
            StmtKind::Return(Some(e)) => self.reads(e),
            StmtKind::Block(b) => self.nested(&b.stmts),
            StmtKind::Assert(_) | StmtKind::SpecIgnored => {}
            StmtKind::Omp(c) => match &c.body {
                OmpBody::Block { body, .. } if lock_of(&c.pragma).is_some() => {
                    let lock = lock_of(&c.pragma).expect("a lock");
                    let protected = (lock == LockName::Atomic)
                        .then(|| atomic_locations(self.env.program, &c.pragma, &body.stmts));
                    self.locks.push((lock, protected));
                    self.nested(&body.stmts);
                    self.locks.pop();
                }
                OmpBody::Block { body, .. } => self.nested(&body.stmts),
                // A `simd` loop in the block's code: the block's thread runs all its lanes, in
                // the footprint as the plain loops (its own region checks the lanes), with the
                // lanes' copies as locals of the loops and the originals read and assigned as
                // the construct says (§5.4).
                OmpBody::Loop(n) if crate::omp::worksharing::block_simd::is_lanes(c) => {
                    let program = self.env.program;
                    let copies = crate::omp::worksharing::block_simd::lane_copies(program, c);
                    let at = n.loops.first().map_or(st.span, |l| l.header);
                    let var = |v: VarId| Expr {
                        kind: ExprKind::Var(v),
                        ty: program.var(v).ty.clone(),
                        span: at,
                    };
                    for &v in &copies.reads {
                        if self.in_memory(v) && !self.env.own.contains(&v) {
                            self.reads(&var(v));
                        }
                    }
                    let fresh: Vec<VarId> = copies
                        .copies
                        .iter()
                        .copied()
                        .filter(|v| self.env.own.insert(*v))
                        .collect();
                    let plain = crate::c::canonical::plain_nest(&n.loops, &n.body, &|v| {
                        program.var(v).ty.clone()
                    });
                    self.stmt(&plain);
                    for v in &fresh {
                        self.env.own.remove(v);
                    }
                    for &v in &copies.writes {
                        if self.in_memory(v) && !self.env.own.contains(&v) {
                            self.write(&var(v));
                        }
                    }
                }
                OmpBody::Loop(n) => {
                    self.inexact_depth += 1;
                    self.nested(&n.body.stmts);
                    self.inexact_depth -= 1;
                }
                OmpBody::Sections(ss) => {
                    for sec in ss {
                        self.nested(&sec.body.stmts);
                    }
                }
                OmpBody::None => {}
            },
        }
    }

    fn init_reads(&mut self, items: &[Init]) {
        for i in items {
            match i {
                Init::Expr(e) => self.reads(e),
                Init::List(l) => self.init_reads(l),
            }
        }
    }

    /// `stmts` under condition `g` (`None`: a condition ompv cannot express).
    fn guarded(&mut self, g: Option<SExpr>, stmts: &[Stmt]) {
        match g {
            Some(g) => {
                self.guards.push(g);
                self.nested(stmts);
                self.guards.pop();
            }
            None => {
                self.inexact_depth += 1;
                self.nested(stmts);
                self.inexact_depth -= 1;
            }
        }
    }

    /// Records that the local `v` holds `e` (if `v` is assigned only here and `e` is
    /// expressible), so that indices using `v` can be expressed.
    fn define(&mut self, v: VarId, e: &Expr) {
        // One definition per run of the innermost loop around it: the variable must be declared
        // at that depth (or outside the code, with no loop around the definition).
        let depth = self.depth.get(&v).copied().unwrap_or(0);
        let top_level =
            self.straight.contains(&v) && self.loops.is_empty() && self.guards.is_empty();
        if !(self.once.contains(&v) || top_level) || depth != self.loops.len() {
            self.env.fixed.remove(&v);
            return;
        }
        match self.spec(e) {
            Some(x) => {
                self.env.fixed.insert(v, x);
            }
            None => {
                self.env.fixed.remove(&v);
            }
        }
    }

    fn loop_stmt(
        &mut self,
        init: &[Stmt],
        cond_pre: &[Stmt],
        cond: Option<&Expr>,
        step: &[Stmt],
        body: &Block,
    ) {
        for st in init {
            // The loop variable's assignment is its range, not a definition.
            match &st.kind {
                StmtKind::Assign { target, value } => {
                    self.reads(value);
                    // A loop variable in memory (shared, say) is written by every run.
                    if visit::whole_var(target).is_some_and(|v| self.in_memory(v)) {
                        self.write(target);
                    }
                }
                StmtKind::Decl {
                    init: Some(Init::Expr(e)),
                    var,
                } => {
                    self.reads(e);
                    self.env.own.insert(*var);
                }
                _ => self.stmt(st),
            }
        }
        for st in cond_pre {
            self.stmt(st);
        }
        if let Some(c) = cond {
            self.reads(c);
        }
        let saved = self.env.fixed.clone();
        let inner = self.canonical(init, cond_pre, cond, step, body);
        match inner {
            Some(l) => {
                // The loop's range is a condition of everything in its body.
                self.guards.push(l.range.clone());
                self.loops.push(l);
                self.nested(&body.stmts);
                self.loops.pop();
                self.guards.pop();
            }
            None => {
                self.inexact_depth += 1;
                self.nested(&body.stmts);
                self.inexact_depth -= 1;
            }
        }
        self.env.fixed = saved;
        for st in step {
            if let StmtKind::Assign { target, value } = &st.kind {
                self.reads(value);
                if visit::whole_var(target).is_some_and(|v| self.in_memory(v)) {
                    self.write(target);
                }
            }
        }
    }

    /// The loop as a canonical inner loop: `v = lo; v < hi (<=, >, >=); v += c` with `lo` and
    /// `hi` fixed and `v` changed only by the step.
    fn canonical(
        &mut self,
        init: &[Stmt],
        cond_pre: &[Stmt],
        cond: Option<&Expr>,
        step: &[Stmt],
        body: &Block,
    ) -> Option<Inner> {
        let span = self.env.span;
        let cl = crate::c::canonical::of_for(init, cond_pre, cond, step, span, span)?;
        let (v, lo, op, bound, stepv) = (cl.var, &cl.lower, cl.test, &cl.bound, cl.step);
        if self.in_memory(v) || visit::assigned(&body.stmts).contains(&v) {
            return None;
        }
        let lo = self.spec(lo)?;
        let hi = self.spec(bound)?;
        let name = self.fresh_name(&self.env.program.var(v).name.clone());
        let x = s::var(&name, span);
        // The values the variable takes: [l, h) and (if the step is not ±1) every |step|-th.
        let (l, h) = match (op, stepv > 0) {
            (BinOp::Lt, true) => (lo.clone(), hi),
            (BinOp::Le, true) => (lo.clone(), s::add(hi, s::int(1, span), span)),
            (BinOp::Gt, false) => (
                s::add(hi, s::int(1, span), span),
                s::add(lo.clone(), s::int(1, span), span),
            ),
            (BinOp::Ge, false) => (hi, s::add(lo.clone(), s::int(1, span), span)),
            _ => return None,
        };
        let mut range = s::in_range(x.clone(), l.clone(), h.clone(), span);
        if stepv.abs() != 1 {
            let off = if stepv > 0 {
                s::sub(x.clone(), lo, span)
            } else {
                s::sub(lo, x.clone(), span)
            };
            range = s::and(
                range,
                s::bin(
                    SOp::Eq,
                    s::bin(SOp::Mod, off, s::int(stepv.abs(), span), span),
                    s::int(0, span),
                    span,
                ),
                span,
            );
        }
        self.env.fixed.insert(v, x);
        Some(Inner {
            name,
            range,
            nonempty: s::bin(SOp::Lt, l, h, span),
        })
    }

    /// An access of a library routine through an argument: the object it points to, or all
    /// of the allocation it points into.
    fn library_effect(&mut self, e: &crate::c::library::Effect<'_>) {
        use crate::c::library::{Extent, Target};
        let arg = match e.target {
            Target::Arg(a) => a,
            Target::State(state) => {
                // (As an access of the global: under a lock, the lock's.)
                if let Some(v) = self.env.program.hidden_state(state) {
                    let g = Expr {
                        kind: ExprKind::Var(v),
                        ty: self.env.program.var(v).ty.clone(),
                        span: e.span,
                    };
                    self.access(&g, e.write);
                }
                return;
            }
            Target::Global(v) => {
                self.whole(v, e.write);
                return;
            }
        };
        if e.extent == Extent::One {
            if let ExprKind::AddrOf(lv) = &arg.kind {
                if e.write {
                    self.write(lv);
                } else {
                    self.access(lv, false);
                }
                return;
            }
        }
        match object_of(arg) {
            Some(base) => self.whole(base, e.write),
            None => self.fail(
                arg.span,
                "a pointer argument of a library routine ompv cannot trace to an object",
            ),
        }
    }

    fn fresh_name(&mut self, base: &str) -> String {
        let mut k = 0;
        loop {
            let n = if k == 0 {
                format!("{base}_")
            } else {
                format!("{base}_{k}")
            };
            if self.env.taken.insert(n.clone()) {
                return n;
            }
            k += 1;
        }
    }

    fn in_memory(&self, v: VarId) -> bool {
        self.env.program.var(v).in_memory() || self.env.boxed.contains(&v)
    }

    /// The accesses of evaluating `e` (reads).
    fn reads(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(v) => {
                if self.in_memory(*v) && !matches!(e.ty, Type::Array { .. } | Type::Struct(_)) {
                    self.access(e, false);
                }
            }
            ExprKind::Index { base, index } => {
                self.reads(index);
                if matches!(e.ty, Type::Array { .. }) {
                    // A row: no element is read.
                    self.reads_pointer(base);
                } else {
                    self.reads_pointer(base);
                    self.access(e, false);
                }
            }
            ExprKind::Deref(p) => {
                self.reads_pointer(p);
                if !matches!(e.ty, Type::Array { .. }) {
                    self.access(e, false);
                }
            }
            ExprKind::Member { base, .. } => {
                self.struct_reads(base);
                match e.ty {
                    // An array member: a row, no element read.
                    Type::Array { .. } => {}
                    Type::Struct(_) => self.fail(e.span, "a struct member of struct type"),
                    _ => self.access(e, false),
                }
            }
            ExprKind::AddrOf(inner) => self.addr_reads(inner),
            _ => e.for_each_child(&mut |c| self.reads(c)),
        }
    }

    /// Reads made when evaluating a pointer-valued expression (its index parts, pointers loaded
    /// from memory).
    fn reads_pointer(&mut self, p: &Expr) {
        match &p.kind {
            ExprKind::Var(_) => {
                if !matches!(p.ty, Type::Array { .. }) {
                    self.reads(p);
                }
            }
            _ => self.reads(p),
        }
    }

    /// Reads made when taking the address of an lvalue (its indices, not its value).
    fn addr_reads(&mut self, lv: &Expr) {
        match &lv.kind {
            ExprKind::Index { base, index } => {
                self.reads(index);
                self.reads_pointer(base);
            }
            ExprKind::Deref(p) => self.reads_pointer(p),
            ExprKind::Member { base, .. } => self.struct_reads(base),
            _ => {}
        }
    }

    /// A write to the lvalue `lv`.
    fn write(&mut self, lv: &Expr) {
        self.addr_reads(lv);
        if matches!(lv.kind, ExprKind::Member { .. })
            && matches!(lv.ty, Type::Struct(_) | Type::Array { .. })
        {
            self.fail(lv.span, "a struct member of struct or array type");
            return;
        }
        self.access(lv, true);
    }

    /// Reads made when reaching the struct object `e` (its indices, pointers loaded).
    fn struct_reads(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(_) => {}
            ExprKind::Index { .. } | ExprKind::Deref(_) => self.addr_reads(e),
            _ => self.reads(e),
        }
    }

    /// Records an access to the location `e` (a variable in memory, an element).
    fn access(&mut self, e: &Expr, write: bool) {
        let Some(Path { base, idx, members }) = location_path(self.env.program, e) else {
            self.fail(e.span, "an access ompv cannot trace to an object");
            return;
        };
        if self.env.own.contains(&base) {
            return;
        }
        // Under a lock: the lock's resource (for `atomic`, only the location it updates).
        if let Some((lock, protected)) = self.locks.last() {
            let covered = match protected {
                None => true,
                Some(ls) => ls.iter().any(|l| same_location(self.env.program, l, e)),
            } && self
                .env
                .lock_bases
                .as_ref()
                .is_none_or(|m| m.get(lock).is_some_and(|bs| bs.contains(&base)));
            if covered {
                let dims = idx.len();
                self.locked.push(Locked {
                    lock: lock.clone(),
                    base,
                    dims,
                    write,
                    span: e.span,
                });
                return;
            }
        }
        let var = self.env.program.var(base);
        if idx.is_empty() && !write && dims_of(&var.ty) > 0 {
            // Reading a pointer variable in memory reads its own location, not what it points
            // to: half a permission to that location, no access of the object.
            if !self.pointers.contains(&base) {
                self.pointers.push(base);
            }
            return;
        }
        if var.ty.is_pointer() && !self.env.fixed.contains_key(&base) {
            self.fail(
                e.span,
                format!("`{}`, a pointer the code changes", var.name),
            );
            return;
        }
        let mut exact = self.inexact_depth == 0;
        let mut indices = Vec::new();
        for i in idx {
            let x = self.spec(i);

            exact &= x.is_some();
            indices.push(x);
        }
        if !members.is_empty() && indices.iter().any(Option::is_none) {
            // A member at an index ompv cannot express: the whole dimension would need the
            // length of a member array, which specifications do not name.
            self.fail(e.span, "a struct member at an index ompv cannot express");
            return;
        }
        self.accesses.push(Access {
            base,
            indices,
            members,
            write,
            loops: self.loops.clone(),
            guards: self.guards.clone(),
            exact,
            span: e.span,
        });
    }

    /// `e` as a specification expression over fixed values, if it is one.
    fn spec(&self, e: &Expr) -> Option<SExpr> {
        spec_of(&self.env.fixed, self.env.span, e)
    }

    /// The accesses of a call of a function with footprint `cf`; false (nothing recorded) if
    /// they cannot be put in terms of the caller.
    fn call_footprint(&mut self, cf: &super::callee::CalleeFootprint, args: &[Expr]) -> bool {
        let mut values = Vec::new();
        let mut objects = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let (value, object) = if a.ty.decay().is_pointer() {
                let Some(o) = self.arg_object(a) else {
                    // Needed only if the callee reaches the parameter's object.
                    let pv = cf.params.get(k).map(|(v, _)| *v);
                    if cf.accesses.iter().any(|x| Some(x.base) == pv) {
                        return false;
                    }
                    values.push(None);
                    objects.push(None);
                    continue;
                };
                (None, Some(o))
            } else if a.ty.is_integer() {
                // The parameter holds the argument converted to its type: the same value only
                // if that type holds every value of the argument's (C11 6.3.1.3).
                let param = cf.params.get(k).map(|(v, _)| &self.env.program.var(*v).ty);
                let keeps = match (a.ty.int_range(), param.and_then(|t| t.int_range())) {
                    (Some((lo, hi)), Some((plo, phi))) => plo <= lo && hi <= phi,
                    _ => false,
                };
                (self.spec(a).filter(|_| keeps), None)
            } else {
                (None, None)
            };
            values.push(value);
            objects.push(object);
        }
        let program = self.env.program;
        let globals = self.env.fixed.clone();
        let taken = &mut self.env.taken;
        let mut fresh_name = |base: &str| fresh(taken, base);
        let Some(accesses) =
            super::callee::instantiate(program, cf, &values, &objects, &globals, &mut fresh_name)
        else {
            return false;
        };
        for mut a in accesses {
            if self.env.own.contains(&a.base) {
                continue;
            }
            let var = self.env.program.var(a.base);
            if var.ty.is_pointer() && !self.env.fixed.contains_key(&a.base) {
                return false;
            }
            a.exact &= self.inexact_depth == 0;
            let mut loops = self.loops.clone();
            loops.append(&mut a.loops);
            a.loops = loops;
            let mut guards = self.guards.clone();
            guards.append(&mut a.guards);
            a.guards = guards;
            self.accesses.push(a);
        }
        for p in &cf.pointers {
            if !self.env.own.contains(p) && !self.pointers.contains(p) {
                self.pointers.push(*p);
            }
        }
        true
    }

    /// What a pointer argument points into, in the caller's terms.
    fn arg_object(&self, a: &Expr) -> Option<super::callee::ArgObject> {
        use super::callee::{ArgObject, Offset};
        let rows = |me: &Self, rows: Vec<&Expr>| rows.iter().map(|r| me.spec(r)).collect();
        match &a.kind {
            ExprKind::AddrOf(lv) => match &lv.kind {
                ExprKind::Index { base, index } => {
                    let (b, r) = pointer_base(base)?;
                    Some(ArgObject {
                        base: b,
                        prefix: rows(self, r),
                        offset: self.spec(index).map_or(Offset::Unknown, Offset::By),
                    })
                }
                ExprKind::Var(v) => Some(ArgObject {
                    base: *v,
                    prefix: Vec::new(),
                    offset: Offset::Zero,
                }),
                _ => None,
            },
            ExprKind::Binary {
                op: op @ (BinOp::Add | BinOp::Sub),
                lhs,
                rhs,
            } if lhs.ty.decay().is_pointer() && rhs.ty.is_integer() => {
                let mut o = self.arg_object(lhs)?;
                if o.prefix.len() >= self.dims(o.base) {
                    // A scalar's address plus something: not an element ompv can name.
                    return None;
                }
                let span = self.env.span;
                let k = self.spec(rhs).map(|k| match op {
                    BinOp::Sub => s::neg(k, span),
                    _ => k,
                });
                o.offset = match (o.offset, k) {
                    (Offset::Zero, Some(k)) => Offset::By(k),
                    (Offset::By(off), Some(k)) => Offset::By(s::add(off, k, span)),
                    _ => Offset::Unknown,
                };
                Some(o)
            }
            _ => {
                let (b, r) = pointer_base(a)?;
                Some(ArgObject {
                    base: b,
                    prefix: rows(self, r),
                    offset: Offset::Zero,
                })
            }
        }
    }

    fn dims(&self, v: VarId) -> usize {
        dims_of(&self.env.program.var(v).ty)
    }

    /// Every element of `base`'s object (a call, `memset`).
    fn whole(&mut self, base: VarId, write: bool) {
        if self.env.own.contains(&base) {
            return;
        }
        let dims = dims_of(&self.env.program.var(base).ty);
        // Inside `critical` or a lock (not `atomic`, which protects one location): the lock's.
        if let Some((lock, None)) = self.locks.last() {
            let covered = self
                .env
                .lock_bases
                .as_ref()
                .is_none_or(|m| m.get(lock).is_some_and(|bs| bs.contains(&base)));
            if covered {
                self.locked.push(Locked {
                    lock: lock.clone(),
                    base,
                    dims,
                    write,
                    span: self.env.span,
                });
                return;
            }
        }
        self.accesses.push(Access {
            base,
            indices: vec![None; dims],
            members: Vec::new(),
            write,
            loops: Vec::new(),
            guards: Vec::new(),
            exact: false,
            span: self.env.span,
        });
    }
}

/// A memory location's variable, indices and struct members.
struct Path<'e> {
    base: VarId,
    idx: Vec<&'e Expr>,
    members: Members,
}

/// The path of a memory location: `x`, `a[i]`, `a[i][j]`, `*p`, and with a struct member
/// `s.f`, `a[i].f`, `p->f`, `s.v[j]` (not a member of a member).
fn location_path<'e>(program: &Program, e: &'e Expr) -> Option<Path<'e>> {
    match &e.kind {
        ExprKind::Var(v) => Some(Path {
            base: *v,
            idx: Vec::new(),
            members: Vec::new(),
        }),
        ExprKind::Index { base, index } => {
            let mut p = pointer_path(program, base)?;
            p.idx.push(index);
            Some(p)
        }
        ExprKind::Deref(q) => {
            let mut p = pointer_path(program, q)?;
            if !p.idx.is_empty() || !p.members.is_empty() {
                return None;
            }
            p.idx.push(&ZERO);
            Some(p)
        }
        ExprKind::Member { base, field } => {
            let mut p = struct_path(program, base)?;
            p.members
                .push((p.idx.len(), field_name(program, base, *field)?));
            Some(p)
        }
        _ => None,
    }
}

/// The path of a pointer-valued expression (an array row, an array member).
fn pointer_path<'e>(program: &Program, p: &'e Expr) -> Option<Path<'e>> {
    match &p.kind {
        ExprKind::Member { base, field } if matches!(p.ty, Type::Array { .. }) => {
            let mut q = struct_path(program, base)?;
            if !q.members.is_empty() {
                return None;
            }
            q.members
                .push((q.idx.len(), field_name(program, base, *field)?));
            Some(q)
        }
        _ => {
            let (base, idx) = pointer_base(p)?;
            Some(Path {
                base,
                idx,
                members: Vec::new(),
            })
        }
    }
}

/// The path of a struct object (`s`, `a[i]`, `*p`).
fn struct_path<'e>(program: &Program, e: &'e Expr) -> Option<Path<'e>> {
    match &e.kind {
        ExprKind::Member { .. } => None,
        _ => location_path(program, e).filter(|p| p.members.is_empty()),
    }
}

/// The name of member `field` of the struct `base` has.
fn field_name(program: &Program, base: &Expr, field: usize) -> Option<String> {
    let Type::Struct(id) = &base.ty else {
        return None;
    };
    let def = program.structs.get(id.0 as usize)?;
    Some(def.fields.get(field)?.name.clone())
}

/// Whether two lvalues designate the same location in every state (the same base and the same
/// index expressions, side-effect free).
fn same_location(program: &Program, a: &Expr, b: &Expr) -> bool {
    match (location_path(program, a), location_path(program, b)) {
        (Some(x), Some(y)) => {
            x.base == y.base
                && x.members == y.members
                && x.idx.len() == y.idx.len()
                && x.idx.iter().zip(&y.idx).all(|(p, q)| same_expr(p, q))
        }
        _ => same_expr(a, b) && matches!(a.kind, ExprKind::Member { .. }),
    }
}

/// `e` (an integer expression of the code) in the terms of a specification, with the values of
/// the variables fixed during a block (`fixed`); `None` if it reads anything else.
pub(super) fn spec_of(fixed: &HashMap<VarId, SExpr>, span: Span, e: &Expr) -> Option<SExpr> {
    Some(match &e.kind {
        ExprKind::Int(v) => s::int(*v, span),
        ExprKind::Var(v) => fixed.get(v)?.clone(),
        // An integer conversion is taken to keep the value: where it wraps (C11 6.3.1.3),
        // the code's access is not the contract's location and the body's check fails.
        ExprKind::Cast(inner) if e.ty.is_integer() && inner.ty.is_integer() => {
            return spec_of(fixed, span, inner)
        }
        ExprKind::Unary { op, arg } => {
            let a = spec_of(fixed, span, arg)?;
            match op {
                UnOp::Neg => s::neg(a, span),
                UnOp::Not => s::not(a, span),
                UnOp::BitNot => return None,
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let l = spec_of(fixed, span, lhs)?;
            let r = spec_of(fixed, span, rhs)?;
            let sop = match op {
                BinOp::Add => SOp::Add,
                BinOp::Sub => SOp::Sub,
                BinOp::Mul => SOp::Mul,
                BinOp::Div => SOp::Div,
                BinOp::Mod => SOp::Mod,
                BinOp::Lt => SOp::Lt,
                BinOp::Le => SOp::Le,
                BinOp::Gt => SOp::Gt,
                BinOp::Ge => SOp::Ge,
                BinOp::Eq => SOp::Eq,
                BinOp::Ne => SOp::Ne,
                BinOp::And => SOp::And,
                BinOp::Or => SOp::Or,
                _ => return None,
            };
            if !lhs.ty.is_integer() || !rhs.ty.is_integer() {
                return None;
            }
            s::bin(sop, l, r, span)
        }
        ExprKind::Cond { cond, then, els } => crate::spec::Expr {
            kind: crate::spec::ExprKind::Cond {
                cond: Box::new(spec_of(fixed, span, cond)?),
                then: Box::new(spec_of(fixed, span, then)?),
                els: Box::new(spec_of(fixed, span, els)?),
            },
            span,
        },
        _ => return None,
    })
}

/// Whether two expressions are the same up to spans.
pub(crate) fn same_expr(a: &Expr, b: &Expr) -> bool {
    use ExprKind as K;
    match (&a.kind, &b.kind) {
        (K::Int(x), K::Int(y)) => x == y,
        (K::Float(x), K::Float(y)) => x == y,
        (K::Var(x), K::Var(y)) => x == y,
        (K::Null, K::Null) => true,
        (
            K::Index {
                base: b1,
                index: i1,
            },
            K::Index {
                base: b2,
                index: i2,
            },
        ) => same_expr(b1, b2) && same_expr(i1, i2),
        (K::Deref(x), K::Deref(y)) | (K::AddrOf(x), K::AddrOf(y)) | (K::Cast(x), K::Cast(y)) => {
            same_expr(x, y)
        }
        (K::Unary { op: o1, arg: x }, K::Unary { op: o2, arg: y }) => o1 == o2 && same_expr(x, y),
        (
            K::Binary {
                op: o1,
                lhs: l1,
                rhs: r1,
            },
            K::Binary {
                op: o2,
                lhs: l2,
                rhs: r2,
            },
        ) => o1 == o2 && same_expr(l1, l2) && same_expr(r1, r2),
        (K::Member { base: x, field: f }, K::Member { base: y, field: g }) => {
            f == g && same_expr(x, y)
        }
        _ => false,
    }
}

/// The locations an `atomic` construct accesses atomically (OpenMP 5.2 §15.8.4): `x` of its
/// form. For `atomic read` (`v = x;`) the location read; for an update or capture
/// (`x++`, `v = x++`, `x = x + e`) the assigned locations the construct also reads; for
/// `atomic write` (`x = e;`) the assigned location. Other accesses of the statement (`e`, `v`)
/// are not atomic.
pub fn atomic_locations(program: &Program, p: &crate::pragma::Pragma, stmts: &[Stmt]) -> Vec<Expr> {
    let read = p
        .clauses
        .iter()
        .any(|c| c.kind == crate::pragma::ClauseKind::Read);
    let mut targets: Vec<Expr> = Vec::new();
    let mut values: Vec<Expr> = Vec::new();
    crate::c::visit::each_stmt(stmts, &mut |s| {
        if let StmtKind::Assign { target, value } = &s.kind {
            targets.push(target.clone());
            collect_lvalues(value, &mut values);
        }
    });
    if read {
        return values;
    }
    let updated: Vec<Expr> = targets
        .iter()
        .filter(|t| values.iter().any(|v| same_location(program, t, v)))
        .cloned()
        .collect();
    if updated.is_empty() {
        targets
    } else {
        updated
    }
}

/// The lvalues an expression reads.
fn collect_lvalues(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Index { .. } | ExprKind::Deref(_) => out.push(e.clone()),
        _ => {}
    }
    e.for_each_child(&mut |c| collect_lvalues(c, out));
}

/// The specification expression of an object's location with indices `ks`.
fn location_expr(base: &SExpr, ks: &[SExpr], span: Span) -> SExpr {
    let mut e = ks
        .iter()
        .fold(base.clone(), |acc, k| s::index(acc, k.clone(), span));
    // The location points at the access it comes from (a scalar's too).
    e.span = span;
    e
}

/// The location `base[ks…]` with the struct members at their places (`a[k0].f`, `s.v[k0]`);
/// with fewer indices than the object has, the row they reach.
fn member_location(base: &SExpr, ks: &[SExpr], members: &[(usize, String)], span: Span) -> SExpr {
    let member = |e: SExpr, name: &str| SExpr {
        kind: crate::spec::ExprKind::Member {
            base: Box::new(e),
            field: crate::spec::Ident {
                name: name.to_string(),
                span,
            },
        },
        span,
    };
    let mut e = base.clone();
    for (d, k) in ks.iter().enumerate() {
        for (_, m) in members.iter().filter(|(at, _)| *at == d) {
            e = member(e, m);
        }
        e = s::index(e, k.clone(), span);
    }
    for (_, m) in members.iter().filter(|(at, _)| *at == ks.len()) {
        e = member(e, m);
    }
    e.span = span;
    e
}

/// The extent of dimension `d` of an object: `\pointer_length(a)`, `\pointer_length(a[k0])`.
fn extent(base: &SExpr, ks: &[SExpr], d: usize, span: Span) -> SExpr {
    s::length(location_expr(base, &ks[..d], span), span)
}

/// Whole-object permission of `base` (spec name `name`): `Perm(x, p)` for a scalar, a
/// quantified permission over all elements otherwise.
pub fn whole_object(
    name: &SExpr,
    dims: usize,
    write: bool,
    taken: &mut super::taken::Taken,
    span: Span,
) -> SExpr {
    whole_object_of_length(name, dims, write, None, taken, span)
}

/// [`whole_object`], with the number of elements of the first dimension `length` when it is
/// known (see [`super::lengths`]) instead of the object's `\length`.
pub fn whole_object_of_length(
    name: &SExpr,
    dims: usize,
    write: bool,
    length: Option<&SExpr>,
    taken: &mut super::taken::Taken,
    span: Span,
) -> SExpr {
    let amount = if write { s::write(span) } else { s::half(span) };
    if dims == 0 {
        return s::perm(name.clone(), amount, span);
    }
    let ks: Vec<String> = (0..dims).map(|d| fresh(taken, &format!("k{d}"))).collect();
    let kv: Vec<SExpr> = ks.iter().map(|k| s::var(k, span)).collect();
    let mut body = s::perm(location_expr(name, &kv, span), amount, span);
    for d in (0..dims).rev() {
        let extent = match length {
            Some(l) if d == 0 => l.clone(),
            _ => extent(name, &kv, d, span),
        };
        let range = s::in_range(kv[d].clone(), s::int(0, span), extent, span);
        body = s::forall_star(&ks[d], range, body, span);
    }
    body
}

/// Beyond this many accesses to one object in one block, its footprint is the whole object.
const MAX_ACCESSES_PER_OBJECT: usize = 16;

/// The clauses of a footprint: per base, the write locations with full permission and the
/// locations only read with half a permission.
fn clauses(env: &mut Env<'_>, accesses: &[Access]) -> Footprint {
    let span = env.span;
    // One object per variable and struct member (`a[i].f` and `a[i].g` are apart).
    type Key = (VarId, Members);
    let mut order: Vec<Key> = Vec::new();
    let mut by_key: BTreeMap<Key, Vec<Access>> = BTreeMap::new();
    for a in accesses {
        let key = (a.base, a.members.clone());
        if !by_key.contains_key(&key) {
            order.push(key.clone());
        }
        by_key.entry(key).or_default().push(a.clone());
    }
    // A struct accessed both whole (`a[i] = s`) and by member, or by a member too often to
    // describe: its whole object, so that no location gets two permissions.
    let mut whole: Vec<VarId> = Vec::new();
    for (base, members) in &order {
        let mixed = order.iter().any(|(b, m)| b == base && m.is_empty())
            && order.iter().any(|(b, m)| b == base && !m.is_empty());
        let many = by_key[&(*base, members.clone())].len() > MAX_ACCESSES_PER_OBJECT;
        if (mixed || (many && !members.is_empty())) && !whole.contains(base) {
            whole.push(*base);
        }
    }
    // Accesses of one object with fewer indices than others (a row `a[i]` of `a[i][j]`) cover
    // whole trailing dimensions.
    for accs in by_key.values_mut() {
        let dims = accs.iter().map(|a| a.indices.len()).max().unwrap_or(0);
        for a in accs.iter_mut() {
            if a.indices.len() < dims {
                a.exact = false;
                a.indices.resize(dims, None);
            }
        }
    }
    // An object only read, at an index two iterations (or two threads) may share: quantified
    // over the iterations, such a permission would ask for one location twice (not
    // injective); the iterations share a fraction of the whole object instead.
    for (base, members) in &order {
        let accs = &by_key[&(*base, members.clone())];
        if members.is_empty()
            && !whole.contains(base)
            && accs.iter().all(|a| !a.write)
            && accs.iter().any(|a| {
                a.indices
                    .iter()
                    .flatten()
                    .any(|e| shared_index(e, &env.iteration, env.thread))
            })
        {
            whole.push(*base);
        }
    }
    let mut out = Vec::new();
    let mut done: Vec<VarId> = Vec::new();
    for key in order {
        let base = key.0;
        let accs = &by_key[&key];
        let var = env.program.var(base);
        let name = s::var(&var.name, span);
        if whole.contains(&base) {
            if !done.contains(&base) {
                done.push(base);
                let all: Vec<&Access> = accesses.iter().filter(|a| a.base == base).collect();
                let write = all.iter().any(|a| a.write);
                let at = all.iter().find(|a| a.write).unwrap_or(&all[0]).span;
                out.push((
                    whole_of(env, &name, base, dims_of(&var.ty), write, at),
                    false,
                ));
            }
            continue;
        }
        let members = &key.1;
        let dims = accs[0].indices.len();
        // Each clause excludes the locations of those before it, so the clauses grow with the
        // square of the number of accesses: beyond a few dozen (tiled, unrolled code), the
        // whole object (an over-approximation) keeps the footprint small.
        if accs.len() > MAX_ACCESSES_PER_OBJECT {
            let write = accs.iter().any(|a| a.write);
            let at = accs.iter().find(|a| a.write).unwrap_or(&accs[0]).span;
            out.push((whole_of(env, &name, base, dims, write, at), false));
            continue;
        }
        let ks: Vec<String> = (0..dims)
            .map(|d| fresh(&mut env.taken, &format!("k{d}")))
            .collect();
        let kv: Vec<SExpr> = ks.iter().map(|k| s::var(k, span)).collect();
        // One clause per access, minus the locations of the clauses before it (writes first),
        // so that no location gets more than one permission.
        let mut sorted: Vec<&Access> = accs.iter().filter(|a| a.write).collect();
        sorted.extend(accs.iter().filter(|a| !a.write));
        // A location gets at most one clause of each iteration. Read through k access
        // expressions that each reach it from at most one iteration (a stencil's neighbours
        // `a[i - 1]`, `a[i]`, `a[i + 1]`), it is read by at most k iterations: 1/k each keeps
        // their sum within a whole permission (half when k <= 2). Only completeness depends on
        // this: every permission is still checked.
        let reads = sorted.iter().filter(|a| !a.write).count() as i128;
        let mut before: Vec<SExpr> = Vec::new();
        let mut all_exact = true;
        for a in sorted {
            let (c, exact, slice) = condition_and_slice(a, &name, &kv, members, span);
            all_exact &= exact;
            if before.iter().any(s::is_true) {
                // A clause before covers every location (a scalar's): nothing is left.
                continue;
            }
            // The same locations as a clause before (a read of what is written): nothing new.
            if before.iter().any(|b| s::same(b, &c)) {
                continue;
            }
            // The locations of this clause, and (for a row slice) how `ks[d]` gives them.
            let (mut cond, mut at_loc) = (c.clone(), kv.clone());
            if let Some(sl) = &slice {
                cond = sl.cond.clone();
                at_loc[sl.dim] = s::add(sl.row.clone(), kv[sl.dim].clone(), span);
            }
            for b in &before {
                let b = match &slice {
                    Some(sl) => s::subst(b, &ks[sl.dim], &at_loc[sl.dim]),
                    None => b.clone(),
                };
                cond = s::and(cond, s::not(b, span), span);
            }
            before.push(c);
            let at = a.span;
            let amount = match (a.write, reads) {
                (true, _) => s::write(at),
                (false, 0..=2) => s::half(at),
                (false, k) => s::frac(1, k, at),
            };
            let body = s::perm(member_location(&name, &at_loc, members, at), amount, at);
            let clause = one_point(&ks, cond, body, at);
            // A condition that reduced to `false` (a read of what a write before covers).
            let vacuous = matches!(&clause.kind,
                crate::spec::ExprKind::Binary { op: SOp::Implies, lhs, .. }
                    if matches!(simplify(lhs).kind, crate::spec::ExprKind::Bool(false)));
            if !vacuous {
                out.push((clause, all_exact));
            }
        }
    }
    Footprint {
        clauses: out,
        failure: None,
        locked: Vec::new(),
        accesses: Vec::new(),
        pointers: Vec::new(),
    }
}

/// The whole object of `base` (named `name` in specifications), of its known length if any.
fn whole_of(
    env: &mut Env<'_>,
    name: &SExpr,
    base: VarId,
    dims: usize,
    write: bool,
    at: Span,
) -> SExpr {
    let length = env.lengths.get(&base).cloned();
    whole_object_of_length(name, dims, write, length.as_ref(), &mut env.taken, at)
}

/// The name that stands for `omp_get_thread_num()` where expressions are compared as linear
/// forms (no variable of C has it).
const THREAD: &str = "\u{1}thread";

/// Whether the index `e` may be one value for two iterations of the block (with iteration
/// variables `iteration`), or for two threads (with `thread`, for `omp_get_thread_num()`): it
/// mentions them other than as `c * v + rest` of one variable `v`, with `c != 0` and `rest`
/// free of the others (`i`, `i + 1`, `2 * t`, `n - 1 - i` are one-to-one; `i % 2`, `i / 2`,
/// `idx[i]`, `i + t` are not).
fn shared_index(e: &SExpr, iteration: &[String], thread: bool) -> bool {
    fn thread_as_var(e: &mut SExpr) {
        if matches!(e.kind, crate::spec::ExprKind::ThreadNum) {
            *e = s::var(THREAD, e.span);
        } else {
            s::for_each_child_mut(e, &mut thread_as_var);
        }
    }
    let mut e = e.clone();
    thread_as_var(&mut e);
    let mut vars: Vec<&str> = iteration.iter().map(String::as_str).collect();
    if thread {
        vars.push(THREAD);
    }
    let mentioned: Vec<&str> = vars.into_iter().filter(|v| s::mentions(&e, v)).collect();
    match mentioned.as_slice() {
        [] => false,
        [v] => !matches!(s::linear(&e, v), Some((c, _)) if c != 0),
        _ => true,
    }
}

/// A slice of a row of a flat 2-D array, `a[r + j]` for the `j` of an inner loop with `r` a
/// product of fixed values (`i * n`): the dimension `d` of the access, `r`, and the condition
/// of the access with `ks[d]` standing for `j` (the location is `r + ks[d]`). Quantified over
/// `j` rather than over the location, the permission's receiver `loc(a, i*n + j)` has an
/// inverse by row and column, which the regions of all iterations share.
struct RowSlice {
    dim: usize,
    row: SExpr,
    cond: SExpr,
}

/// The condition on the location variables `ks` under which access `a` touches location
/// `ks`, whether it is exact, and the access as a [`RowSlice`] when it is one.
fn condition_and_slice(
    a: &Access,
    base: &SExpr,
    ks: &[SExpr],
    members: &[(usize, String)],
    span: Span,
) -> (SExpr, bool, Option<RowSlice>) {
    let (c, exact, slice) = condition_keeping(a, base, ks, members, None, span);
    let Some((dim, row)) = slice else {
        return (c, exact, None);
    };
    let (cond, _, _) = condition_keeping(a, base, ks, members, Some(dim), span);
    (c, exact, Some(RowSlice { dim, row, cond }))
}

/// Whether `e` multiplies two terms neither of which is a literal (`i * n`).
fn has_symbolic_product(e: &SExpr) -> bool {
    use crate::spec::ExprKind as K;
    match &e.kind {
        K::Binary {
            op: SOp::Mul,
            lhs,
            rhs,
        } if !matches!(lhs.kind, K::Int(_)) && !matches!(rhs.kind, K::Int(_)) => true,
        K::Binary { lhs, rhs, .. } => has_symbolic_product(lhs) || has_symbolic_product(rhs),
        K::Unary { arg, .. } => has_symbolic_product(arg),
        _ => false,
    }
}

/// The condition of access `a` at location `ks`; with `keep = Some(d)`, the loop variable that
/// dimension `d`'s index is solved for stands as `ks[d]` itself (see [`RowSlice`]). Also the
/// dimension and row of a row slice, when the access is one.
fn condition_keeping(
    a: &Access,
    base: &SExpr,
    ks: &[SExpr],
    members: &[(usize, String)],
    keep: Option<usize>,
    span: Span,
) -> (SExpr, bool, Option<(usize, SExpr)>) {
    let mut slice: Option<(usize, SExpr)> = None;
    let mut exact = a.exact;
    let dims = ks.len();
    // Equations k_d == index_d (None: the whole dimension).
    let mut eqs: Vec<Option<SExpr>> = a.indices.clone();
    let mut cons: Vec<SExpr> = a.guards.clone();
    for l in a.loops.iter().rev() {
        // Solve an equation for the loop variable.
        let mut solved = None;
        for (d, e) in eqs.iter().enumerate() {
            let Some(e) = e else { continue };
            if let Some((c, rest)) = s::linear(e, &l.name) {
                if c != 0 {
                    solved = Some((d, c, rest));
                    break;
                }
            }
        }
        match solved {
            Some((d, c, rest)) => {
                let k = ks[d].clone();
                if c == 1
                    && slice.is_none()
                    && has_symbolic_product(&rest)
                    && !a.loops.iter().any(|o| s::mentions(&rest, &o.name))
                {
                    slice = Some((d, rest.clone()));
                }
                let value = match c {
                    _ if keep == Some(d) => k,
                    1 => s::sub(k, rest, span),
                    -1 => s::sub(rest, k, span),
                    _ => {
                        let diff = s::sub(k, rest, span);
                        cons.push(s::bin(
                            SOp::Eq,
                            s::bin(SOp::Mod, diff.clone(), s::int(c, span), span),
                            s::int(0, span),
                            span,
                        ));
                        s::bin(SOp::Div, diff, s::int(c, span), span)
                    }
                };
                // k_d is now described by the (substituted) constraints.
                for x in cons.iter_mut() {
                    *x = s::subst(x, &l.name, &value);
                }
                for e in eqs.iter_mut().flatten() {
                    *e = s::subst(e, &l.name, &value);
                }
                // Mark the dimension as solved (not "whole").
                solved_dims_push(&mut eqs, d);
            }
            None => {
                // An index the variable occurs in other than with a constant coefficient
                // (`B[k * n + j]`, the variable `k`): that dimension is taken whole.
                for e in eqs.iter_mut() {
                    if e.as_ref().is_some_and(|e| s::mentions(e, &l.name)) {
                        *e = None;
                        exact = false;
                    }
                }
                // The loop variable does not occur in the indices: the access happens for some
                // value of it, which needs the loop to run; conditions on it are dropped.
                let before = cons.len();
                cons.retain(|c| !s::mentions(c, &l.name));
                // Dropping the range itself loses nothing once `nonempty` holds; dropping
                // another condition over-approximates.
                if cons.len() + 1 < before {
                    exact = false;
                }
                cons.push(l.nonempty.clone());
            }
        }
    }
    let mut parts = Vec::new();
    for (d, e) in eqs.iter().enumerate() {
        match e {
            Some(e) if !is_solved(e) => parts.push(s::bin(SOp::Eq, ks[d].clone(), e.clone(), span)),
            Some(_) => {}
            None => {
                // Not expressible: the whole dimension.
                {
                    exact = false;
                    parts.push(s::in_range(
                        ks[d].clone(),
                        s::int(0, span),
                        s::length(member_location(base, &ks[..d], members, span), span),
                        span,
                    ));
                }
            }
        }
    }
    let _ = dims;
    parts.extend(cons);
    (s::and_all(parts, span), exact, slice)
}

/// Marks dimension `d` as solved by a loop variable (its condition is in the constraints).
fn solved_dims_push(eqs: &mut [Option<SExpr>], d: usize) {
    eqs[d] = Some(SExpr {
        kind: crate::spec::ExprKind::Bool(true),
        span: Span::DUMMY,
    });
}

fn is_solved(e: &SExpr) -> bool {
    matches!(e.kind, crate::spec::ExprKind::Bool(true)) && e.span == Span::DUMMY
}

/// `(\forall* k…; cond; body)` with every `k` that `cond` fixes by an equation `k == e`
/// substituted away (the one-point rule): `(\forall* k; k == e && c; P(k))` is `c[e/k] ==>
/// P(e)`.
fn one_point(ks: &[String], cond: SExpr, body: SExpr, span: Span) -> SExpr {
    let mut conjuncts = Vec::new();
    flatten_and(cond, &mut conjuncts);
    let mut body = body;
    let mut remaining: Vec<String> = Vec::new();
    for k in ks {
        let pos = conjuncts.iter().position(|c| match &c.kind {
            crate::spec::ExprKind::Binary {
                op: SOp::Eq,
                lhs,
                rhs,
            } => {
                matches!(&lhs.kind, crate::spec::ExprKind::Var(n) if n == k)
                    && !s::mentions(rhs, k)
                    && !ks.iter().any(|other| s::mentions(rhs, other))
            }
            _ => false,
        });
        match pos {
            Some(p) => {
                let eq = conjuncts.remove(p);
                let crate::spec::ExprKind::Binary { rhs, .. } = eq.kind else {
                    unreachable!("an equation")
                };
                for c in conjuncts.iter_mut() {
                    *c = simplify(&s::subst(c, k, &rhs));
                }
                body = s::subst(&body, k, &rhs);
            }
            None => remaining.push(k.clone()),
        }
    }
    let cond = s::and_all(conjuncts.into_iter().filter(|c| !s::is_true(c)), span);
    if remaining.is_empty() {
        if s::is_true(&cond) {
            return body;
        }
        return s::bin(SOp::Implies, cond, body, span);
    }
    let mut out = body;
    for (i, k) in remaining.iter().enumerate().rev() {
        let filter = if i + 1 == remaining.len() {
            cond.clone()
        } else {
            s::tt(span)
        };
        out = s::forall_star(k, filter, out, span);
    }
    out
}

fn flatten_and(e: SExpr, out: &mut Vec<SExpr>) {
    match e.kind {
        crate::spec::ExprKind::Binary {
            op: SOp::And,
            lhs,
            rhs,
        } => {
            flatten_and(*lhs, out);
            flatten_and(*rhs, out);
        }
        _ => out.push(e),
    }
}

/// Folds comparisons of linear expressions whose difference is a constant (`i + 1 == i` is
/// `false`), and the negations and conjunctions around them.
fn simplify(e: &SExpr) -> SExpr {
    use crate::spec::ExprKind as K;
    let span = e.span;
    let boolean = |b: bool| SExpr {
        kind: K::Bool(b),
        span,
    };
    match &e.kind {
        K::Binary { op, lhs, rhs } => {
            let (l, r) = (simplify(lhs), simplify(rhs));
            match op {
                SOp::Eq | SOp::Ne | SOp::Lt | SOp::Le | SOp::Gt | SOp::Ge => {
                    if let Some(d) = constant_difference(&l, &r) {
                        let v = match op {
                            SOp::Eq => d == 0,
                            SOp::Ne => d != 0,
                            SOp::Lt => d < 0,
                            SOp::Le => d <= 0,
                            SOp::Gt => d > 0,
                            _ => d >= 0,
                        };
                        return boolean(v);
                    }
                    s::bin(*op, l, r, span)
                }
                SOp::And => match (&l.kind, &r.kind) {
                    (K::Bool(false), _) | (_, K::Bool(false)) => boolean(false),
                    (K::Bool(true), _) => r,
                    (_, K::Bool(true)) => l,
                    _ => s::bin(SOp::And, l, r, span),
                },
                SOp::Or => match (&l.kind, &r.kind) {
                    (K::Bool(true), _) | (_, K::Bool(true)) => boolean(true),
                    (K::Bool(false), _) => r,
                    (_, K::Bool(false)) => l,
                    _ => s::bin(SOp::Or, l, r, span),
                },
                _ => s::bin(*op, l, r, span),
            }
        }
        K::Unary {
            op: crate::spec::UnOp::Not,
            arg,
        } => match simplify(arg).kind {
            K::Bool(b) => boolean(!b),
            other => s::not(
                SExpr {
                    kind: other,
                    span: arg.span,
                },
                span,
            ),
        },
        _ => e.clone(),
    }
}

/// `l - r` if it is a constant (both sides linear with the same variable coefficients).
fn constant_difference(l: &SExpr, r: &SExpr) -> Option<i128> {
    let (lc, lv) = linear_form(l)?;
    let (rc, rv) = linear_form(r)?;
    let mut diff = lv;
    for (k, v) in rv {
        *diff.entry(k).or_default() -= v;
    }
    if diff.values().all(|c| *c == 0) {
        Some(lc - rc)
    } else {
        None
    }
}

/// `e` as a constant and coefficients of variables, if it is linear.
fn linear_form(e: &SExpr) -> Option<(i128, BTreeMap<String, i128>)> {
    use crate::spec::ExprKind as K;
    Some(match &e.kind {
        K::Int(v) => (*v as i128, BTreeMap::new()),
        K::Var(n) => (0, BTreeMap::from([(n.clone(), 1)])),
        // The thread number is one value within a block: `t == t` is true.
        K::ThreadNum => (0, BTreeMap::from([(THREAD.to_string(), 1)])),
        K::Unary {
            op: crate::spec::UnOp::Neg,
            arg,
        } => {
            let (c, m) = linear_form(arg)?;
            (-c, m.into_iter().map(|(k, v)| (k, -v)).collect())
        }
        K::Binary { op, lhs, rhs } => {
            let (lc, lm) = linear_form(lhs)?;
            let (rc, rm) = linear_form(rhs)?;
            match op {
                SOp::Add | SOp::Sub => {
                    let sign = if *op == SOp::Add { 1 } else { -1 };
                    let mut m = lm;
                    for (k, v) in rm {
                        *m.entry(k).or_default() += sign * v;
                    }
                    (lc + sign * rc, m)
                }
                SOp::Mul if lm.values().all(|c| *c == 0) => {
                    (lc * rc, rm.into_iter().map(|(k, v)| (k, v * lc)).collect())
                }
                SOp::Mul if rm.values().all(|c| *c == 0) => {
                    (lc * rc, lm.into_iter().map(|(k, v)| (k, v * rc)).collect())
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}
