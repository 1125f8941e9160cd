//! Calls in parallel regions of functions with orphaned OpenMP constructs, analysed in the
//! context of the call.
//!
//! An orphaned construct (a `for`, `critical`, `barrier`, `single`, task, lock routine… in a
//! function, outside any `parallel` construct of that function) binds to the innermost parallel
//! region that encloses it *when it runs* (OpenMP 5.2 §1.2, "binding region"; §11, §15): what it
//! means depends on the call. ompv therefore verifies such a call where it stands: the callee's
//! body replaces the call in the region's code, with its locals and parameters renamed (each
//! call has its own), so that the region's tree, data-sharing attributes and obligations see the
//! constructs as if they were written there. Non-recursive functions only; a recursive one, or
//! one that returns before its end, stays `unsupported`.
//!
//! - A parameter whose argument has a value the callee cannot change (no memory read, caller
//!   variables outside memory) and that the callee never assigns is replaced by the argument
//!   (`*q` with `q = &x` becomes `x`: the region's rules then see `x`, as OpenMP does);
//!   any other parameter is a fresh local initialised with its argument.
//! - The callee's locals are fresh variables of the caller, declared where the call stood:
//!   inside the region, so private to each thread (OpenMP 5.2 §5.1.2: locals of a called routine
//!   are private). Names clashing with the caller's get a suffix, also in specifications and
//!   clauses (both name variables by their spelling).
//! - Variables with static storage the callee uses are the originals (§5.1.2: shared in called
//!   routines). If a construct around the call privatises a variable of that name, the inlined
//!   code would see the private copy: `unsupported`.
//! - `return e;` at the end of the body (or of the branches of a final `if`) assigns the call's
//!   target; a `return` elsewhere is `unsupported`.

use crate::c::ast::*;
use crate::c::rewrite::{self, Rewriter};
use crate::c::Program;
use crate::error::FrontError;
use crate::omp::names::{pragma_words, spec_names, words};
use crate::omp::walk::construct_stmts;
use crate::pragma::{DirectiveArg, Pragma};
use crate::semantics::openmp::privatises;
use crate::spec;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use viper::Span;

/// Lock routines (OpenMP 5.2 §18.9): orphaned synchronisation like `critical`.
const LOCK_ROUTINES: &[&str] = &[
    "omp_set_lock",
    "omp_unset_lock",
    "omp_test_lock",
    "omp_set_nest_lock",
    "omp_unset_nest_lock",
    "omp_test_nest_lock",
];

/// How deep calls are inlined into one another, and how many statements one function may grow
/// by: beyond that the program is rejected rather than blown up.
const MAX_DEPTH: usize = 16;
const MAX_STATEMENTS: usize = 20_000;

/// The functions whose calls in parallel regions are inlined, each with the place that makes it
/// necessary (its first orphaned construct, lock routine or `threadprivate` variable, or a call
/// of such a function), and the functions it calls outside its own regions.
pub(crate) fn needing(program: &Program) -> BTreeMap<String, Span> {
    let mut direct: BTreeMap<String, Span> = BTreeMap::new();
    let mut calls: BTreeMap<String, Vec<(String, Span)>> = BTreeMap::new();
    for f in &program.functions {
        let (Origin::Main, Body::Verified(b)) = (f.origin, &f.body) else {
            continue;
        };
        let mut reason = None;
        let mut callees = Vec::new();
        scan(program, &b.stmts, &mut reason, &mut callees);
        if let Some(r) = reason {
            direct.insert(f.name.name.clone(), r);
        }
        calls.insert(f.name.name.clone(), callees);
    }
    // Through calls, to a fixed point.
    loop {
        let mut changed = false;
        for (f, callees) in &calls {
            if direct.contains_key(f) {
                continue;
            }
            if let Some((_, at)) = callees.iter().find(|(g, _)| direct.contains_key(g)) {
                direct.insert(f.clone(), *at);
                changed = true;
            }
        }
        if !changed {
            return direct;
        }
    }
}

/// The first thing in `stmts` (outside parallel regions) that binds to the caller's team, and
/// the calls there.
fn scan(
    program: &Program,
    stmts: &[Stmt],
    reason: &mut Option<Span>,
    callees: &mut Vec<(String, Span)>,
) {
    for s in stmts {
        match &s.kind {
            StmtKind::Omp(c) if c.region.is_some() => continue,
            StmtKind::Omp(c) => {
                reason.get_or_insert(c.pragma.directive_span);
            }
            StmtKind::Call { callee, .. } => {
                if LOCK_ROUTINES.contains(&callee.name.as_str()) {
                    reason.get_or_insert(callee.span);
                }
                callees.push((callee.name.clone(), s.span));
            }
            _ => {}
        }
        if let StmtKind::Decl { var, .. } = &s.kind {
            if program.var(*var).threadprivate {
                reason.get_or_insert(s.span);
            }
        }
        crate::c::visit::stmt_exprs(s, &mut |e| {
            let mut vs = Vec::new();
            e.vars(&mut vs);
            if vs.iter().any(|v| program.var(*v).threadprivate) {
                reason.get_or_insert(e.span);
            }
        });
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &s.kind
        {
            scan(program, init, reason, callees);
            scan(program, cond_pre, reason, callees);
            scan(program, step, reason, callees);
        }
        s.for_each_block(&mut |b| scan(program, &b.stmts, reason, callees));
    }
}

/// A function as it is copied into its callers.
#[derive(Clone)]
struct Callee {
    params: Vec<VarId>,
    ret: Type,
    body: Block,
    /// For a recursive function: whether it is self-contained (see
    /// [`crate::omp::calls::recursive_tasks`]), else where and why not.
    recursion: Option<Result<(), (Span, String)>>,
}

/// The verified functions of the file whose names `wanted` accepts, as they are copied.
fn callees(program: &Program, wanted: impl Fn(&str) -> bool) -> HashMap<String, Callee> {
    program
        .functions
        .iter()
        .filter(|f| f.origin == Origin::Main && wanted(&f.name.name))
        .filter_map(|f| match &f.body {
            Body::Verified(b) => {
                let name = &f.name.name;
                let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
                let recursion =
                    crate::omp::calls::recursive_tasks::is_recursive(name, b).then(|| {
                        crate::omp::calls::recursive_tasks::self_contained(
                            program, name, &params, b,
                        )
                    });
                Some((
                    name.clone(),
                    Callee {
                        params,
                        ret: f.ret.clone(),
                        body: b.clone(),
                        recursion,
                    },
                ))
            }
            _ => None,
        })
        .collect()
}

/// What inlining did.
#[derive(Debug, Default)]
pub(crate) struct Inlined {
    /// How many calls of each function were inlined.
    pub sites: BTreeMap<String, usize>,
    pub errors: Vec<FrontError>,
}

/// Inlines, in every parallel region of every verified function, the calls of the functions of
/// `needs` (see [`needing`]).
pub(crate) fn inline_regions(program: &mut Program, needs: &BTreeMap<String, Span>) -> Inlined {
    let callees = callees(program, |n| needs.contains_key(n));
    let mut out = Inlined::default();
    for k in 0..program.functions.len() {
        let f = &program.functions[k];
        if f.origin != Origin::Main || !f.is_verified() {
            continue;
        }
        let caller = f.name.name.clone();
        let Body::Verified(mut body) =
            std::mem::replace(&mut program.functions[k].body, Body::Prototype)
        else {
            continue;
        };
        let taken = program
            .vars
            .iter()
            .filter(|v| v.function.is_none() || v.function.as_deref() == Some(caller.as_str()))
            .map(|v| v.name.clone())
            .collect();
        let mut inl = Inliner {
            program,
            callees: &callees,
            caller,
            taken,
            stack: Vec::new(),
            constructs: Vec::new(),
            region_assigned: BTreeSet::new(),
            grown: 0,
            out: &mut out,
            sequential: false,
        };
        inl.regions(&mut body.stmts);
        program.functions[k].body = Body::Verified(body);
    }
    out
}

/// Inlines, in the top-level statements of `main` (outside its parallel regions), the calls of
/// the functions named in `names`: their parallel regions are then verified with what `main`
/// knows at the call (the arguments' values, the objects' sizes). Calls that cannot be inlined
/// stay calls. Regions copied more than once get ids of their own.
pub(crate) fn inline_into_main(program: &mut Program, names: &BTreeSet<String>) -> Inlined {
    let mut out = Inlined::default();
    let Some(k) = program
        .functions
        .iter()
        .position(|f| f.name.name == "main" && f.origin == Origin::Main && f.is_verified())
    else {
        return out;
    };
    let callees = callees(program, |n| names.contains(n));
    let Body::Verified(mut body) =
        std::mem::replace(&mut program.functions[k].body, Body::Prototype)
    else {
        return out;
    };
    let taken = program
        .vars
        .iter()
        .filter(|v| v.function.is_none() || v.function.as_deref() == Some("main"))
        .map(|v| v.name.clone())
        .collect();
    let statics: BTreeSet<VarId> = (0..program.vars.len())
        .map(|i| VarId(i as u32))
        .filter(|v| {
            matches!(
                program.var(*v).storage,
                Storage::Global | Storage::StaticLocal
            )
        })
        .collect();
    let mut inl = Inliner {
        program,
        callees: &callees,
        caller: "main".to_string(),
        taken,
        stack: Vec::new(),
        constructs: Vec::new(),
        region_assigned: BTreeSet::new(),
        grown: 0,
        out: &mut out,
        sequential: true,
    };
    let mut i = 0;
    while i < body.stmts.len() {
        let name = match &body.stmts[i].kind {
            StmtKind::Call { callee, .. } if callees.contains_key(&callee.name) => {
                callee.name.clone()
            }
            _ => {
                i += 1;
                continue;
            }
        };
        // An argument stands for its parameter only if the callee cannot change it: not a
        // variable the callee assigns, nor a static one when the callee calls other code.
        let callee_body = &callees[&name].body.stmts;
        let mut changed = crate::c::visit::assigned(callee_body);
        let mut calls_out = false;
        crate::c::visit::each_stmt(callee_body, &mut |s| {
            calls_out |= matches!(s.kind, StmtKind::Call { .. });
        });
        if calls_out {
            changed.extend(statics.iter().copied());
        }
        inl.region_assigned = changed;
        match inl.expand(&body.stmts[i], &name) {
            Ok(new) => {
                let n = new.len();
                body.stmts.splice(i..i + 1, new);
                i += n;
                *inl.out.sites.entry(name).or_default() += 1;
            }
            Err(_) => i += 1,
        }
    }
    // `main` is out of the program while it is rewritten: these are the other functions' ids.
    let others = region_ids(inl.program);
    let next = others.iter().max().map_or(0, |m| m + 1);
    renumber_copied_regions(&mut body.stmts, others, next);
    inl.program.functions[k].body = Body::Verified(body);
    out
}

/// The region ids of the program's verified functions.
pub(crate) fn region_ids(program: &Program) -> BTreeSet<usize> {
    let mut ids = BTreeSet::new();
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            crate::c::visit::each_stmt(&b.stmts, &mut |s| {
                if let StmtKind::Omp(c) = &s.kind {
                    if let Some(r) = c.region {
                        ids.insert(r.0);
                    }
                }
            });
        }
    }
    ids
}

/// Gives every region of `stmts` whose id is in `seen` or an earlier region's a fresh id from
/// `next` on.
fn renumber_copied_regions(stmts: &mut [Stmt], mut seen: BTreeSet<usize>, mut next: usize) {
    fn walk(stmts: &mut [Stmt], seen: &mut BTreeSet<usize>, next: &mut usize) {
        for s in stmts {
            if let StmtKind::Omp(c) = &mut s.kind {
                if let Some(r) = &mut c.region {
                    if !seen.insert(r.0) {
                        *r = crate::omp::RegionId(*next);
                        seen.insert(*next);
                        *next += 1;
                    }
                    // (A region may hold regions of its own: the `simd` loops in its
                    // blocks' code.)
                }
            }
            for_each_list_mut(s, &mut |l| walk(l, seen, next));
        }
    }
    walk(stmts, &mut seen, &mut next);
}

struct Inliner<'a> {
    program: &'a mut Program,
    callees: &'a HashMap<String, Callee>,
    /// The function whose regions are being rewritten.
    caller: String,
    /// Variable names visible in the caller (its own, the globals, those inlining added).
    taken: BTreeSet<String>,
    /// The functions being inlined, outermost first (with the call's line).
    stack: Vec<(String, u32)>,
    /// The OpenMP constructs around the code being rewritten, outermost first, with the
    /// variables of their associated loops.
    constructs: Vec<(Pragma, Vec<VarId>)>,
    /// The variables the code of the region being rewritten assigns (declared outside it).
    region_assigned: BTreeSet<VarId>,
    /// Statements added to the caller so far.
    grown: usize,
    out: &'a mut Inlined,
    /// Calls are inlined in sequential code ([`inline_into_main`]), not in regions.
    sequential: bool,
}

impl Inliner<'_> {
    /// Finds the outermost parallel regions in `stmts` and rewrites their code.
    fn regions(&mut self, stmts: &mut [Stmt]) {
        for s in stmts {
            if let StmtKind::Omp(c) = &mut s.kind {
                if c.region.is_some() {
                    self.construct(c);
                    continue;
                }
            }
            for_each_list_mut(s, &mut |l| self.regions(l));
        }
    }

    /// Rewrites the code of construct `c` (inside a region).
    fn construct(&mut self, c: &mut OmpConstruct) {
        let loops = match &c.body {
            OmpBody::Loop(n) => n.loops.iter().map(|l| l.var).collect(),
            _ => Vec::new(),
        };
        if self.constructs.is_empty() {
            let stmts = construct_stmts(c);
            let declared = crate::c::visit::declared(&stmts);
            self.region_assigned = crate::c::visit::assigned(&stmts)
                .into_iter()
                .filter(|v| !declared.contains(v))
                .collect();
        }
        self.constructs.push((c.pragma.clone(), loops));
        match &mut c.body {
            OmpBody::Block { body, .. } => self.code(&mut body.stmts),
            OmpBody::Loop(n) => self.code(&mut n.body.stmts),
            OmpBody::Sections(ss) => {
                for s in ss {
                    if let Some(p) = &s.pragma {
                        self.constructs.push((p.clone(), Vec::new()));
                    }
                    self.code(&mut s.body.stmts);
                    if s.pragma.is_some() {
                        self.constructs.pop();
                    }
                }
            }
            OmpBody::None => {}
        }
        self.constructs.pop();
    }

    /// Inlines the calls in `stmts` (code of a region) that need it.
    fn code(&mut self, stmts: &mut Vec<Stmt>) {
        let mut i = 0;
        while i < stmts.len() {
            let call = match &stmts[i].kind {
                StmtKind::Call { callee, .. } if self.callees.contains_key(&callee.name) => {
                    Some(callee.name.clone())
                }
                _ => None,
            };
            if let Some(name) = call {
                match self.expand(&stmts[i], &name) {
                    Ok(new) => {
                        let n = new.len();
                        stmts.splice(i..i + 1, new);
                        i += n;
                        *self.out.sites.entry(name).or_default() += 1;
                    }
                    Err(e) => {
                        self.out.errors.push(e);
                        i += 1;
                    }
                }
                continue;
            }
            if let StmtKind::Omp(c) = &mut stmts[i].kind {
                self.construct(c);
            } else {
                for_each_list_mut(&mut stmts[i], &mut |l| self.code(l));
            }
            i += 1;
        }
    }

    /// The statements that replace the call `call` of `name`.
    fn expand(&mut self, call: &Stmt, name: &str) -> Result<Vec<Stmt>, FrontError> {
        let StmtKind::Call { target, args, .. } = &call.kind else {
            unreachable!("only calls are expanded")
        };
        let at = call.span;
        let callee = self.callees[name].clone();
        let chain = || {
            let mut s = String::new();
            for (f, line) in &self.stack {
                s.push_str(&format!(" (in `{f}`, called at line {line})"));
            }
            s
        };
        // A self-contained recursive function (see `recursive_tasks`).
        let contained = callee.recursion.as_ref().is_some_and(|r| r.is_ok());
        if self.stack.iter().any(|(f, _)| f == name) && contained {
            return Ok(self.opaque_call(call, &callee));
        }
        if self.stack.iter().any(|(f, _)| f == name) || name == self.caller {
            let why = match &callee.recursion {
                Some(Err((_, why))) => format!(
                    " (a recursive function is verified when it touches nothing but its own \
                     numbers and waits for its tasks; `{name}` does not: {why})"
                ),
                _ => String::new(),
            };
            return Err(FrontError::unsupported(
                at,
                format!(
                    "a recursive call of `{name}`{} in a parallel region: `{name}` has OpenMP \
                     constructs that bind to the region of the call, and ompv verifies such calls \
                     inline{why}",
                    chain()
                ),
            ));
        }
        if self.stack.len() >= MAX_DEPTH || self.grown > MAX_STATEMENTS {
            return Err(FrontError::unsupported(
                at,
                format!(
                    "calls of functions with OpenMP constructs nested too deeply in a parallel \
                     region (ompv verifies them inline, up to {MAX_DEPTH} levels)"
                ),
            ));
        }
        if args.len() != callee.params.len() {
            return Err(FrontError::type_error(
                at,
                format!("`{name}` called with the wrong number of arguments"),
            ));
        }
        self.check_statics(&callee, name, at)?;
        let mut body = callee.body.clone();
        else_after_returns(&mut body.stmts);
        // The names the callee's specifications and clauses use.
        let spec_names = spec_names(&body.stmts);
        let pragma_names = pragma_words(&body.stmts);
        let assigned = crate::c::visit::assigned(&body.stmts);

        // Parameters: the argument itself, or a fresh local.
        let mut subst: HashMap<VarId, Expr> = HashMap::new();
        let mut fresh: HashMap<VarId, VarId> = HashMap::new();
        let mut renamed: HashMap<String, String> = HashMap::new();
        let mut prologue: Vec<(VarId, Option<Expr>)> = Vec::new();
        let mut arguments: Vec<Stmt> = Vec::new();
        // A self-contained recursive function is checked for any values of its parameters,
        // which then stand for those of every call (see `recursive_tasks`); the arguments are
        // still evaluated.
        let any_values = contained;
        for (p, a) in callee.params.iter().zip(args) {
            let info = self.program.var(*p).clone();
            let in_memory = |v: VarId| self.program.var(v).in_memory();
            let stable = !a.reads_memory(&in_memory) && self.unchanging(a);
            if any_values {
                let v = self.fresh_var(*p, &mut renamed, &spec_names);
                fresh.insert(*p, v);
                prologue.push((v, None));
                arguments.push(self.argument_read(a, &info.ty, at));
            } else if stable
                && !assigned.contains(p)
                && !info.in_memory()
                && !spec_names.contains(&info.name)
                && !pragma_names.contains(&info.name)
            {
                subst.insert(*p, convert(a.clone(), &info.ty));
            } else {
                let v = self.fresh_var(*p, &mut renamed, &spec_names);
                fresh.insert(*p, v);
                prologue.push((v, Some(convert(a.clone(), &info.ty))));
            }
        }
        // Locals (static ones are the program's single object).
        for v in crate::c::visit::declared(&body.stmts) {
            if self.program.var(v).storage == Storage::StaticLocal {
                continue;
            }
            let n = self.fresh_var(v, &mut renamed, &spec_names);
            fresh.insert(v, n);
        }
        // The callee's specifications may name globals: the caller must not hide them.
        for n in &spec_names {
            let local_of_callee = renamed.contains_key(n)
                || callee
                    .params
                    .iter()
                    .chain(crate::c::visit::declared(&callee.body.stmts).iter())
                    .any(|v| &self.program.var(*v).name == n);
            let caller_local = self
                .program
                .vars
                .iter()
                .any(|v| v.function.as_deref() == Some(self.caller.as_str()) && &v.name == n);
            if !local_of_callee && caller_local {
                return Err(FrontError::unsupported(
                    at,
                    format!(
                        "a specification of `{name}` names `{n}`, which `{}` declares too \
                         (ompv verifies this call inline, where the names would clash)",
                        self.caller
                    ),
                ));
            }
        }
        // Types of fresh variables may mention other variables (variable-length arrays).
        let mut r = Renamer {
            fresh: &fresh,
            subst: &subst,
            names: &renamed,
            keep_regions: self.constructs.is_empty() && self.caller == "main" && self.sequential,
        };
        for v in fresh.values() {
            let mut ty = self.program.var(*v).ty.clone();
            rewrite::ty(&mut ty, &mut r);
            self.program.vars[v.0 as usize].ty = ty;
        }
        rewrite::stmts(&mut body.stmts, &mut r);
        if let Some(w) = leftover_names(&body.stmts, &renamed) {
            return Err(FrontError::unsupported(
                w.1,
                format!(
                    "a clause naming `{}` in `{name}`, called in a parallel region where that name \
                     is taken (ompv verifies the call inline and renames the variable)",
                    w.0
                ),
            ));
        }
        // The return value.
        let result = target
            .clone()
            .map(|t| (t, callee.ret.clone()))
            .filter(|_| !callee.ret.is_void());
        tail_returns(&mut body.stmts, result.as_ref(), name)?;

        let mut out: Vec<Stmt> = arguments;
        out.extend(prologue.into_iter().map(|(v, init)| Stmt {
            kind: StmtKind::Decl {
                var: v,
                init: init.map(Init::Expr),
            },
            span: at,
        }));
        out.extend(body.stmts);
        self.grown += count_stmts(&out);
        self.stack.push((name.to_string(), at.line));
        self.code(&mut out);
        self.stack.pop();
        Ok(out)
    }

    /// A fresh local of the caller named after `base`, of type `ty`, declared at `at`.
    fn temp(&mut self, base: &str, ty: &Type, at: Span) -> VarId {
        let name = crate::c::names::fresh(&mut self.taken, base);
        self.program
            .new_var(Var::local(name, ty.clone(), &self.caller, at))
    }

    /// The evaluation of argument `a` for a parameter of type `ty`, into a temporary nothing
    /// else reads: the call's reads of the caller's variables stay where they were.
    fn argument_read(&mut self, a: &Expr, ty: &Type, at: Span) -> Stmt {
        let v = self.temp("argument", ty, at);
        Stmt {
            kind: StmtKind::Decl {
                var: v,
                init: Some(Init::Expr(convert(a.clone(), ty))),
            },
            span: at,
        }
    }

    /// A recursive call of a self-contained function (see `recursive_tasks`) as what it does to
    /// its caller: it evaluates its arguments and gives its target (if any) an arbitrary value.
    fn opaque_call(&mut self, call: &Stmt, callee: &Callee) -> Vec<Stmt> {
        let StmtKind::Call { target, args, .. } = &call.kind else {
            unreachable!("only calls are expanded")
        };
        let at = call.span;
        let mut stmts: Vec<Stmt> = callee
            .params
            .iter()
            .zip(args)
            .map(|(p, a)| {
                let ty = self.program.var(*p).ty.clone();
                self.argument_read(a, &ty, at)
            })
            .collect();
        if let Some(t) = target.as_ref().filter(|_| !callee.ret.is_void()) {
            let r = self.temp("result", &callee.ret, at);
            stmts.push(Stmt {
                kind: StmtKind::Decl { var: r, init: None },
                span: at,
            });
            let value = Expr {
                kind: ExprKind::Var(r),
                ty: callee.ret.clone(),
                span: at,
            };
            stmts.push(Stmt {
                kind: StmtKind::Assign {
                    target: t.clone(),
                    value: convert(value, &t.ty),
                },
                span: at,
            });
        }
        vec![Stmt {
            kind: StmtKind::Block(Block { stmts, span: at }),
            span: at,
        }]
    }

    /// Whether `e` (which reads no memory) keeps its value while the callee runs: none of its
    /// variables is a shared one the region assigns (another thread could change it after the
    /// call; the parameter holds the value at the call). Variables private to the thread only
    /// its own code changes, and not during the call.
    fn unchanging(&self, e: &Expr) -> bool {
        let mut vs = Vec::new();
        e.vars(&mut vs);
        vs.iter().all(|v| {
            if !self.region_assigned.contains(v) {
                return true;
            }
            let name = &self.program.var(*v).name;
            self.constructs.iter().any(|(p, loops)| {
                loops.contains(v)
                    || p.clauses
                        .iter()
                        .any(|c| privatises(&c.kind) && c.kind.names(name))
            })
        })
    }

    /// A fresh variable of the caller standing for `v` of the callee (renamed if the name is
    /// taken; the renaming is recorded in `renamed`).
    fn fresh_var(
        &mut self,
        v: VarId,
        renamed: &mut HashMap<String, String>,
        spec_names: &BTreeSet<String>,
    ) -> VarId {
        let mut info = self.program.var(v).clone();
        let name = match renamed.get(&info.name) {
            Some(n) => n.clone(),
            None => {
                let n = if self.taken.contains(&info.name) {
                    let mut avoid = self.taken.clone();
                    avoid.extend(spec_names.iter().cloned());
                    crate::c::names::fresh(&mut avoid, &info.name)
                } else {
                    info.name.clone()
                };
                if n != info.name {
                    renamed.insert(info.name.clone(), n.clone());
                }
                self.taken.insert(n.clone());
                n
            }
        };
        info.name = name;
        info.function = Some(self.caller.clone());
        if info.storage == Storage::Param {
            info.storage = Storage::Local;
        }
        let id = VarId(self.program.vars.len() as u32);
        self.program.vars.push(info);
        id
    }

    /// Variables with static storage the callee uses are the originals (OpenMP 5.2 §5.1.2);
    /// the inlined code must not fall under a clause (or loop) of the call's context that
    /// privatises a variable of the same name.
    fn check_statics(&self, callee: &Callee, name: &str, at: Span) -> Result<(), FrontError> {
        let used = crate::c::visit::referenced(&callee.body.stmts);
        for v in used {
            let info = self.program.var(v);
            if !matches!(info.storage, Storage::Global | Storage::StaticLocal) || info.threadprivate
            {
                continue;
            }
            for (p, loops) in &self.constructs {
                let named = p
                    .clauses
                    .iter()
                    .any(|c| privatises(&c.kind) && c.kind.names(&info.name));
                let looped = loops.iter().any(|l| self.program.var(*l).name == info.name);
                if named || looped {
                    return Err(FrontError::unsupported(
                        at,
                        format!(
                            "`{name}`, called here, uses the shared variable `{}` while `omp {}` \
                             at line {} makes a variable of that name private (OpenMP 5.2 §5.1.2: \
                             a called function sees the original); ompv verifies this call inline \
                             and cannot tell the two apart",
                            info.name,
                            p.directive.name(),
                            p.line
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Calls `f` on every statement list directly inside `s` (blocks, and a loop's header lists).
fn for_each_list_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    if let StmtKind::Loop {
        init,
        cond_pre,
        step,
        ..
    } = &mut s.kind
    {
        f(init);
        f(cond_pre);
        f(step);
    }
    crate::omp::walk::for_each_block_mut(s, &mut |b| f(&mut b.stmts));
}

/// `e` converted to `ty` (as a call converts an argument to its parameter's type); an array
/// passed for a pointer stays the array (it decays where it is used).
pub(crate) fn convert(e: Expr, ty: &Type) -> Expr {
    if e.ty == *ty || (e.ty.is_array() && e.ty.decay() == *ty) {
        return e;
    }
    let span = e.span;
    Expr {
        kind: ExprKind::Cast(Box::new(e)),
        ty: ty.clone(),
        span,
    }
}

/// Renames the callee's variables in its copy: fresh variables, arguments for parameters, new
/// spellings in specifications and clauses.
struct Renamer<'a> {
    fresh: &'a HashMap<VarId, VarId>,
    subst: &'a HashMap<VarId, Expr>,
    names: &'a HashMap<String, String>,
    /// The call is outside any parallel region: the callee's regions stay regions.
    keep_regions: bool,
}

impl Rewriter for Renamer<'_> {
    fn declared(&mut self, v: &mut VarId) {
        if let Some(n) = self.fresh.get(v) {
            *v = *n;
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Var(v) => {
                if let Some(n) = self.fresh.get(v) {
                    *v = *n;
                } else if let Some(a) = self.subst.get(v) {
                    let span = e.span;
                    *e = a.clone();
                    // Diagnostics point at the use in the callee.
                    e.span = span;
                }
            }
            // `*&x` is `x`, `&*p` is `p`, `(&a[i])[k]` is `a[i + k]` (after substitution).
            ExprKind::Deref(inner) => {
                if let ExprKind::AddrOf(x) = &inner.kind {
                    let span = e.span;
                    *e = (**x).clone();
                    e.span = span;
                }
            }
            ExprKind::AddrOf(inner) => {
                if let ExprKind::Deref(p) = &inner.kind {
                    if p.ty == e.ty {
                        let span = e.span;
                        *e = (**p).clone();
                        e.span = span;
                    }
                }
            }
            ExprKind::Index { base, index } => {
                if let ExprKind::AddrOf(x) = &base.kind {
                    if let ExprKind::Index { base: b, index: i } = &x.kind {
                        if !x.ty.is_array() && i.ty.is_integer() && index.ty.is_integer() {
                            let sum = Expr {
                                kind: ExprKind::Binary {
                                    op: BinOp::Add,
                                    lhs: i.clone(),
                                    rhs: index.clone(),
                                },
                                ty: Type::common(&i.ty, &index.ty),
                                span: index.span,
                            };
                            let span = e.span;
                            let ty = e.ty.clone();
                            *e = Expr {
                                kind: ExprKind::Index {
                                    base: b.clone(),
                                    index: Box::new(sum),
                                },
                                ty,
                                span,
                            };
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn spec(&mut self, e: &mut spec::Expr) {
        rename_spec(e, self.names);
    }

    fn pragma(&mut self, p: &mut Pragma) {
        let mut fix = |i: &mut crate::pragma::ListItem| {
            if let Some(n) = self.names.get(&i.base.name) {
                i.text = i.text.replacen(&i.base.name, n, 1);
                i.base.name = n.clone();
            }
        };
        for c in &mut p.clauses {
            c.kind.items_mut().iter_mut().for_each(&mut fix);
        }
        if let Some(DirectiveArg::List(items)) = &mut p.argument {
            items.iter_mut().for_each(&mut fix);
        }
    }

    fn construct(&mut self, c: &mut OmpConstruct) {
        // Constructs of the copy are part of the caller's region (a `parallel` there is nested);
        // outside regions, a copied region stays one (renumbered afterwards).
        if !self.keep_regions {
            c.region = None;
        }
    }
}

/// Renames the free variables of a specification expression.
fn rename_spec(e: &mut spec::Expr, names: &HashMap<String, String>) {
    match &mut e.kind {
        spec::ExprKind::Var(n) => {
            if let Some(m) = names.get(n) {
                *n = m.clone();
            }
        }
        spec::ExprKind::Quant { var, .. } if names.contains_key(&var.name) => {}
        _ => crate::spec::build::for_each_child_mut(e, &mut |c| rename_spec(c, names)),
    }
}

/// A renamed variable still named in a clause after renaming (in an expression of the clause,
/// which ompv keeps as text), with the clause's span.
fn leftover_names(stmts: &[Stmt], renamed: &HashMap<String, String>) -> Option<(String, Span)> {
    let mut found = None;
    crate::c::visit::each_stmt(stmts, &mut |s| {
        if found.is_some() {
            return;
        }
        if let StmtKind::Omp(c) = &s.kind {
            let pragmas = std::iter::once(&c.pragma).chain(match &c.body {
                OmpBody::Sections(ss) => ss.iter().filter_map(|x| x.pragma.as_ref()).collect(),
                _ => Vec::new(),
            });
            for p in pragmas {
                for cl in &p.clauses {
                    let text = cl.to_string();
                    let hit = words(&text).find(|w| renamed.contains_key(w));
                    if let Some(w) = hit {
                        found = Some((w, cl.span));
                        return;
                    }
                }
            }
        }
    });
    found
}

/// `if (c) { …; return e; } rest` as `if (c) { …; return e; } else { rest }` (C11 6.8.6.4: the
/// `return` leaves the function, so `rest` runs exactly when `c` is false), at the top level of
/// `stmts` and in the `else` parts this makes: the early `return` of a base case then ends a
/// branch of the body's last statement, where [`tail_returns`] handles it.
fn else_after_returns(stmts: &mut Vec<Stmt>) {
    let Some(k) = stmts.iter().position(|s| {
        matches!(&s.kind, StmtKind::If { then, els: None, .. }
            if matches!(then.stmts.last(), Some(Stmt { kind: StmtKind::Return(_), .. })))
    }) else {
        return;
    };
    if k + 1 == stmts.len() {
        return;
    }
    let mut rest: Vec<Stmt> = stmts.drain(k + 1..).collect();
    else_after_returns(&mut rest);
    let span = rest
        .iter()
        .map(|s| s.span)
        .reduce(Span::join)
        .expect("statements follow");
    if let StmtKind::If { els, .. } = &mut stmts[k].kind {
        *els = Some(Block { stmts: rest, span });
    }
}

/// Turns the `return`s at the end of the body into assignments of the call's target (`result`:
/// the target and the function's return type); a `return` anywhere else is unsupported.
fn tail_returns(
    stmts: &mut [Stmt],
    result: Option<&(Expr, Type)>,
    name: &str,
) -> Result<(), FrontError> {
    let n = stmts.len();
    for (k, s) in stmts.iter_mut().enumerate() {
        let last = k + 1 == n;
        match &mut s.kind {
            StmtKind::Return(value) if last => {
                let span = s.span;
                *s = match (value.take(), result) {
                    (Some(v), Some((t, ret))) => Stmt {
                        kind: StmtKind::Assign {
                            target: t.clone(),
                            value: convert(convert(v, ret), &t.ty),
                        },
                        span,
                    },
                    _ => Stmt {
                        kind: StmtKind::Block(Block {
                            stmts: Vec::new(),
                            span,
                        }),
                        span,
                    },
                };
            }
            StmtKind::If { then, els, .. } if last => {
                tail_returns(&mut then.stmts, result, name)?;
                if let Some(e) = els {
                    tail_returns(&mut e.stmts, result, name)?;
                }
            }
            StmtKind::Block(b) if last => tail_returns(&mut b.stmts, result, name)?,
            _ => {
                let mut early = None;
                crate::c::visit::each_stmt(std::slice::from_ref(s), &mut |x| {
                    if matches!(x.kind, StmtKind::Return(_)) {
                        early.get_or_insert(x.span);
                    }
                });
                if let Some(at) = early {
                    return Err(FrontError::unsupported(
                        at,
                        format!(
                            "a `return` before the end of `{name}`, a function with OpenMP \
                             constructs called in a parallel region (ompv verifies such calls \
                             inline)"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

fn count_stmts(stmts: &[Stmt]) -> usize {
    let mut n = 0;
    crate::c::visit::each_stmt(stmts, &mut |_| n += 1);
    n
}
