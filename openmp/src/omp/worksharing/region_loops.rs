//! A parallel region whose body is a loop around worksharing constructs (a time-step loop:
//! `parallel { for (t = …) { … #pragma omp for … } }`), as that loop around one region per
//! iteration.
//!
//! OpenMP 5.2 §11 (work-distribution constructs): every thread of the team meets the same
//! worksharing regions and barrier regions in the same order, so every thread runs the same
//! iterations of such a loop, and the implicit barrier at the end of a worksharing construct
//! without `nowait` (§11.5, §11.3, §11.1) or an explicit `barrier` (§15.3.1) separates what
//! the team does in one iteration from what it does in the next. When the loop's last
//! statement is such a barrier, the team's accesses of iteration t all happen before those of
//! iteration t + 1, just as with one region per iteration (its end joins the team, §10.1).
//! So `parallel { for (h) S }` is rewritten into `for (h) parallel S` when
//! - the region's body is the loop, after declarations without initialiser (moved into each
//!   new region: private to its threads, §5.1.1), and has no contract;
//!   code `R` after the loop becomes a region of its own, `for (h) parallel S; parallel R`,
//!   with the same clauses and declarations: the loop's last barrier orders all its steps
//!   before `R` just as the end of the last step's region does, and between them the threads
//!   only test the header, which reads private and unchanged values;
//! - the region has only `private`, `firstprivate`, `shared`, `default(shared|none)`,
//!   `proc_bind` and a constant `num_threads` (a `reduction`, `lastprivate`, `copyin` or `if`
//!   would act once, not per iteration);
//! - the loop is a `for` (or a counted `while`: `T v = e; while (c) { S; v = … }`, read as
//!   `for (T v = e; c; v = …) { S }` when nothing after the loop uses `v`) whose variable is
//!   private to each thread (declared in the region or
//!   named in `private`/`firstprivate`), which its body does not assign and whose address it
//!   passes only to functions that read through it; its header reads only that variable and
//!   locals the region does not write (so every thread computes the same iterations, and
//!   reading them races with nothing);
//! - the body ends with a worksharing construct without `nowait` or a `barrier`, leaves the
//!   loop only at its end (no `break`, `continue` or `return` for it), and uses no
//!   `threadprivate` variable (whose copies live on across regions);
//! - no `firstprivate` variable other than the loop's is assigned or has its address taken.
//!
//! In the new loop the variable is the function's own (a fresh one when the region privatised
//! a variable of the function, whose original stays unchanged, §5.4.3), and each new region
//! gets it `firstprivate`: every thread reads the value of the iteration, as before.
//!
//! One thing differs: a private variable (other than the loop's) keeps its value from one
//! iteration to the next in the original, while each new region starts it uninitialised
//! (§5.4.3). When the body may read such a variable before assigning it, the new regions
//! read any value: proofs still hold for the original, but a race found may not happen, so
//! the region is marked an approximation. Likewise for the region of the code after the loop
//! when it may read a private value (the loop variable's, or one the loop assigned).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::c::ast::{
    Block, Body, Expr, ExprKind, LoopKind, OmpBody, OmpConstruct, Stmt, StmtKind, Storage, Var,
    VarId,
};
use crate::c::rewrite::{self, Rewriter};
use crate::c::visit;
use crate::pragma::{Clause, ClauseKind, DefaultKind, Directive, ListItem};
use crate::spec::Ident;
use viper::Span;

use crate::omp::data_sharing::reduction::mentions;
use crate::omp::RegionId;

/// Rewrites every region of `program` that qualifies (see the module documentation); returns
/// the regions that became approximations, with where and why.
pub fn desugar(program: &mut crate::c::Program) -> BTreeMap<RegionId, (Span, String)> {
    let mut out = BTreeMap::new();
    let read_only = read_only_params(program);
    let mut next_region = crate::omp::calls::inline::region_ids(program)
        .iter()
        .max()
        .map_or(0, |m| m + 1);
    let mut vars = std::mem::take(&mut program.vars);
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            rewrite_in(
                &mut b.stmts,
                &mut vars,
                &read_only,
                &mut next_region,
                &mut out,
            );
        }
    }
    program.vars = vars;
    out
}

/// For each function with a verified body: which of its pointer parameters it only reads
/// through (never assigns, writes through, passes on or lets escape).
type ReadOnly = HashMap<String, Vec<bool>>;

/// Regions that became approximations, with where and why.
type Approximations = Vec<(RegionId, (Span, String))>;

fn rewrite_in(
    stmts: &mut [Stmt],
    vars: &mut Vec<Var>,
    read_only: &ReadOnly,
    next_region: &mut usize,
    out: &mut BTreeMap<RegionId, (Span, String)>,
) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &s.kind {
            if c.region.is_some() {
                if let Some((rewritten, approx)) = hoisted(c, vars, read_only, next_region) {
                    out.extend(approx);
                    *s = rewritten;
                }
                // Regions are outermost: nothing inside them is rewritten here.
                continue;
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| {
            rewrite_in(&mut b.stmts, vars, read_only, next_region, out)
        });
    }
}

/// The statements of `b`, looking through a block that is its only statement.
fn unbraced(b: &Block) -> &[Stmt] {
    match b.stmts.as_slice() {
        [Stmt {
            kind: StmtKind::Block(inner),
            ..
        }] => unbraced(inner),
        ss => ss,
    }
}

/// The variables named in clauses of kind `pick` of `clauses`.
fn named(clauses: &[Clause], pick: fn(&ClauseKind) -> Option<&Vec<ListItem>>) -> Vec<&str> {
    clauses
        .iter()
        .filter_map(|k| pick(&k.kind))
        .flatten()
        .filter(|i| i.is_variable())
        .map(|i| i.base.name.as_str())
        .collect()
}

fn private_items(k: &ClauseKind) -> Option<&Vec<ListItem>> {
    match k {
        ClauseKind::Private(v) => Some(v),
        _ => None,
    }
}

fn firstprivate_items(k: &ClauseKind) -> Option<&Vec<ListItem>> {
    match k {
        ClauseKind::Firstprivate(v) => Some(v),
        _ => None,
    }
}

/// The rewritten statement and the approximation it makes, if `c` qualifies.
fn hoisted(
    c: &OmpConstruct,
    vars: &mut Vec<Var>,
    read_only: &ReadOnly,
    next_region: &mut usize,
) -> Option<(Stmt, Approximations)> {
    if c.pragma.directive != Directive::Parallel {
        return None;
    }
    let OmpBody::Block {
        contract: None,
        body,
    } = &c.body
    else {
        return None;
    };
    for k in &c.pragma.clauses {
        match &k.kind {
            ClauseKind::Private(_)
            | ClauseKind::Firstprivate(_)
            | ClauseKind::Shared(_)
            | ClauseKind::ProcBind(_)
            | ClauseKind::Default(DefaultKind::Shared | DefaultKind::None) => {}
            ClauseKind::NumThreads(e) if e.text.trim().parse::<u64>().is_ok() => {}
            _ => return None,
        }
    }
    // The shape: declarations without initialiser, the loop, then any code.
    let stmts = unbraced(body);
    let first = stmts
        .iter()
        .position(|d| !matches!(&d.kind, StmtKind::Decl { init: None, .. }))?;
    let (decls, tail) = stmts.split_at(first);
    let (lp, rest) = match counted_while(tail) {
        Some((f, counter)) => {
            // The counter's declaration moves into the loop's header: nothing after the loop
            // may use it.
            let rest = &tail[2..];
            if visit::referenced(rest).contains(&counter) {
                return None;
            }
            (f, rest)
        }
        None => {
            let (l, r) = tail.split_first()?;
            (l.clone(), r)
        }
    };
    let lp = &lp;
    let mut declared = BTreeSet::new();
    for d in decls {
        if let StmtKind::Decl { var, .. } = &d.kind {
            declared.insert(*var);
        }
    }
    let StmtKind::Loop {
        kind: LoopKind::For,
        init,
        cond_pre,
        cond: Some(cond),
        step,
        spec,
        body: loop_body,
    } = &lp.kind
    else {
        return None;
    };
    if !cond_pre.is_empty() {
        return None;
    }
    // The loop variable: what the first statement of the header declares or assigns.
    let v = match init.first().map(|s| &s.kind) {
        Some(StmtKind::Decl { var, init: Some(_) }) => {
            declared.insert(*var);
            *var
        }
        Some(StmtKind::Assign { target, .. }) => visit::whole_var(target)?,
        _ => return None,
    };
    let var = |x: VarId| &vars[x.0 as usize];
    let name = var(v).name.clone();
    let privatised_by_clause = named(&c.pragma.clauses, private_items).contains(&name.as_str())
        || named(&c.pragma.clauses, firstprivate_items).contains(&name.as_str());
    if !(declared.contains(&v) || privatised_by_clause)
        || (var(v).addr_taken && !address_only_read(&loop_body.stmts, v, read_only))
        || var(v).threadprivate
        || !matches!(var(v).storage, Storage::Local | Storage::Param)
    {
        return None;
    }
    let region_stmts: Vec<Stmt> = stmts.to_vec();
    let written = visit::assigned(&region_stmts);
    let private_names = named(&c.pragma.clauses, private_items);
    let s = &loop_body.stmts;
    if visit::assigned(s).contains(&v) {
        return None;
    }
    // The header: assignments of the loop variable from values every thread computes alike.
    let stable = |e: &Expr| {
        stable_expr(e, v, &|x| {
            let d = var(x);
            matches!(d.storage, Storage::Local | Storage::Param)
                && !d.addr_taken
                && !d.threadprivate
                && !written.contains(&x)
                && !declared.contains(&x)
                && !private_names.contains(&d.name.as_str())
        })
    };
    for st in init.iter().chain(step) {
        let ok = match &st.kind {
            StmtKind::Decl {
                var: x,
                init: Some(crate::c::ast::Init::Expr(e)),
            } => *x == v && stable(e),
            StmtKind::Assign { target, value } => {
                visit::whole_var(target) == Some(v) && stable(value)
            }
            _ => false,
        };
        if !ok {
            return None;
        }
    }
    if !stable(cond) {
        return None;
    }
    if !ends_with_barrier(s) || leaves_loop(s, 0) {
        return None;
    }
    let referenced = visit::referenced(s);
    if referenced.iter().any(|x| var(*x).threadprivate) {
        return None;
    }
    let assigned_in_body = visit::assigned(s);
    let firstprivate = named(&c.pragma.clauses, firstprivate_items);
    for x in &referenced {
        let d = var(*x);
        if *x != v
            && firstprivate.contains(&d.name.as_str())
            && (assigned_in_body.contains(x) || d.addr_taken)
        {
            return None;
        }
    }
    // Private variables that may carry a value from one iteration to the next.
    let uninitialised: BTreeSet<VarId> = referenced
        .iter()
        .copied()
        .filter(|x| {
            *x != v && (declared.contains(x) || private_names.contains(&var(*x).name.as_str()))
        })
        .collect();
    let carried = live_in(s, &uninitialised, &mut BTreeSet::new());
    let mut approx: Approximations = Vec::new();
    if let (Some(id), Some(x)) = (c.region, carried) {
        approx.push((
            id,
            (
                lp.span,
                format!(
                    "`{}` may keep its value from one iteration of this loop to the next, which \
                     ompv does not model (it checks each iteration with any value): a race found \
                     may not happen",
                    var(x).name
                ),
            ),
        ));
    }
    // Code after the loop: a region of its own, with the same clauses and declarations. What
    // the team does in the loop happens before it in both forms (the loop's last barrier, or the
    // end of its last region); a private value the loop leaves for it is not modelled.
    let rest_region = if rest.is_empty() {
        None
    } else {
        let id = RegionId(*next_region);
        *next_region += 1;
        let mut after: BTreeSet<VarId> = declared.clone();
        after.insert(v);
        after.extend(
            visit::referenced(rest)
                .into_iter()
                .filter(|x| private_names.contains(&var(*x).name.as_str())),
        );
        if let Some(x) = live_in(rest, &after, &mut BTreeSet::new()) {
            approx.push((
                id,
                (
                    rest[0].span,
                    format!(
                        "`{}` may keep its value from the loop before this code into it, which \
                         ompv does not model (it checks that code with any value): a race found \
                         may not happen",
                        var(x).name
                    ),
                ),
            ));
        }
        let mut body_stmts: Vec<Stmt> = decls.to_vec();
        body_stmts.extend(rest.iter().cloned());
        Some(Stmt {
            kind: StmtKind::Omp(Box::new(OmpConstruct {
                pragma: c.pragma.clone(),
                body: OmpBody::Block {
                    contract: None,
                    body: Block {
                        stmts: body_stmts,
                        span: body.span,
                    },
                },
                region: Some(id),
                span: c.span,
            })),
            span: c.span,
        })
    };

    // The loop variable of the new loop: the function's own, or a fresh one standing for the
    // private copy (the function's variable must keep its value).
    let mut header_init = init.clone();
    let mut header_step = step.clone();
    let mut header_cond = cond.clone();
    let mut region_body: Vec<Stmt> = decls
        .iter()
        .filter(|d| !matches!(&d.kind, StmtKind::Decl { var, .. } if *var == v))
        .cloned()
        .collect();
    region_body.extend(s.iter().cloned());
    let mut outer = Vec::new();
    if privatised_by_clause && !declared.contains(&v) {
        let mut fresh = var(v).clone();
        fresh.storage = Storage::Local;
        let nv = VarId(vars.len() as u32);
        vars.push(fresh);
        let mut r = Rename { from: v, to: nv };
        rewrite::stmts(&mut header_init, &mut r);
        rewrite::stmts(&mut header_step, &mut r);
        rewrite::expr(&mut header_cond, &mut r);
        rewrite::stmts(&mut region_body, &mut r);
        outer.push(Stmt {
            kind: StmtKind::Decl {
                var: nv,
                init: None,
            },
            span: lp.span,
        });
    } else if let Some(d) = decls
        .iter()
        .find(|d| matches!(&d.kind, StmtKind::Decl { var, .. } if *var == v))
    {
        outer.push(d.clone());
    }
    let mut pragma = c.pragma.clone();
    for k in &mut pragma.clauses {
        if let ClauseKind::Private(items) | ClauseKind::Firstprivate(items) = &mut k.kind {
            items.retain(|i| i.base.name != name);
        }
    }
    pragma.clauses.retain(|k| {
        !matches!(&k.kind, ClauseKind::Private(i) | ClauseKind::Firstprivate(i) if i.is_empty())
    });
    let at = lp.span;
    pragma.clauses.push(Clause {
        kind: ClauseKind::Firstprivate(vec![ListItem {
            text: name.clone(),
            span: at,
            base: Ident {
                name: name.clone(),
                span: at,
            },
            derefs: 0,
            shape: Vec::new(),
            designators: Vec::new(),
        }]),
        span: at,
        keyword_span: at,
    });
    let region = Stmt {
        kind: StmtKind::Omp(Box::new(OmpConstruct {
            pragma,
            body: OmpBody::Block {
                contract: None,
                body: Block {
                    stmts: region_body,
                    span: loop_body.span,
                },
            },
            region: c.region,
            span: c.span,
        })),
        span: c.span,
    };
    outer.push(Stmt {
        kind: StmtKind::Loop {
            kind: LoopKind::For,
            init: header_init,
            cond_pre: Vec::new(),
            cond: Some(header_cond),
            step: header_step,
            spec: spec.clone(),
            body: Block {
                stmts: vec![region],
                span: loop_body.span,
            },
        },
        span: lp.span,
    });
    outer.extend(rest_region);
    Some((
        Stmt {
            kind: StmtKind::Block(Block {
                stmts: outer,
                span: c.span,
            }),
            span: c.span,
        },
        approx,
    ))
}

/// A counted `while` loop, `T v = e; while (c) { S; v = … }` (the counter declared with its first
/// value just before the loop, assigned last in its body), as `for (T v = e; c; v = …) { S }`:
/// the same steps, since the conditions of [`hoisted`] reject a body that leaves the loop
/// early (a `continue` would skip the assignment in one form and not in the other) or assigns
/// the counter elsewhere. Also the counter.
fn counted_while(tail: &[Stmt]) -> Option<(Stmt, VarId)> {
    let [decl, lp, ..] = tail else {
        return None;
    };
    let StmtKind::Decl {
        var: v,
        init: Some(crate::c::ast::Init::Expr(_)),
    } = &decl.kind
    else {
        return None;
    };
    let StmtKind::Loop {
        kind: LoopKind::While,
        init,
        cond_pre,
        cond: Some(cond),
        step,
        spec,
        body,
    } = &lp.kind
    else {
        return None;
    };
    if !init.is_empty() || !cond_pre.is_empty() || !step.is_empty() {
        return None;
    }
    let stmts = unbraced(body);
    let (last, before) = stmts.split_last()?;
    match &last.kind {
        StmtKind::Assign { target, .. } if visit::whole_var(target) == Some(*v) => {}
        _ => return None,
    }
    let for_loop = Stmt {
        kind: StmtKind::Loop {
            kind: LoopKind::For,
            init: vec![decl.clone()],
            cond_pre: Vec::new(),
            cond: Some(cond.clone()),
            step: vec![last.clone()],
            spec: spec.clone(),
            body: Block {
                stmts: before.to_vec(),
                span: body.span,
            },
        },
        span: lp.span,
    };
    Some((for_loop, *v))
}

/// Whether `e` reads nothing but `v`, variables `ok` accepts and constants, with no access to
/// memory.
fn stable_expr(e: &Expr, v: VarId, ok: &dyn Fn(VarId) -> bool) -> bool {
    let here = match &e.kind {
        ExprKind::Var(x) => *x == v || ok(*x),
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::SizeOf(_)
        | ExprKind::Unary { .. }
        | ExprKind::Binary { .. }
        | ExprKind::Cond { .. }
        | ExprKind::Cast(_)
        | ExprKind::PureCall { .. } => true,
        _ => false,
    };
    let mut children = true;
    e.for_each_child(&mut |c| children &= stable_expr(c, v, ok));
    here && children
}

/// Whether the last statement of `s` ends with a barrier of the team: a worksharing construct
/// without `nowait` or a `barrier`.
fn ends_with_barrier(s: &[Stmt]) -> bool {
    match s.last().map(|x| &x.kind) {
        Some(StmtKind::Block(b)) => ends_with_barrier(&b.stmts),
        Some(StmtKind::Omp(c)) => match c.pragma.directive {
            Directive::Barrier => true,
            Directive::For | Directive::ForSimd | Directive::Sections | Directive::Single => {
                !c.pragma.has("nowait")
            }
            _ => false,
        },
        _ => false,
    }
}

/// Whether `s` may leave the loop it is the body of other than at its end: a `return`, or a
/// `break`/`continue` not inside an inner loop (`depth` inner loops around `s`).
fn leaves_loop(s: &[Stmt], depth: usize) -> bool {
    s.iter().any(|x| match &x.kind {
        StmtKind::Return(_) => true,
        StmtKind::Break | StmtKind::Continue => depth == 0,
        StmtKind::Loop { body, .. } => leaves_loop(&body.stmts, depth + 1),
        StmtKind::If { then, els, .. } => {
            leaves_loop(&then.stmts, depth)
                || els.as_ref().is_some_and(|e| leaves_loop(&e.stmts, depth))
        }
        StmtKind::Block(b) => leaves_loop(&b.stmts, depth),
        StmtKind::Omp(c) => match &c.body {
            OmpBody::Block { body, .. } => leaves_loop(&body.stmts, depth),
            // A worksharing loop's body is the body of a loop.
            OmpBody::Loop(n) => leaves_loop(&n.body.stmts, depth + 1),
            OmpBody::Sections(ss) => ss.iter().any(|x| leaves_loop(&x.body.stmts, depth)),
            OmpBody::None => false,
        },
        _ => false,
    })
}

/// A variable of `vars` that `s` may read before assigning it (conservatively: any mention
/// not after a plain assignment or declaration of it in the same sequence, or the loop variable
/// of an inner loop or worksharing loop). `set` holds the variables assigned so far.
fn live_in(s: &[Stmt], vars: &BTreeSet<VarId>, set: &mut BTreeSet<VarId>) -> Option<VarId> {
    let read = |e: &Expr, set: &BTreeSet<VarId>| {
        let mut vs = Vec::new();
        e.vars(&mut vs);
        vs.into_iter()
            .find(|x| vars.contains(x) && !set.contains(x))
    };
    for x in s {
        match &x.kind {
            StmtKind::Assign { target, value } => {
                if let Some(r) = read(value, set) {
                    return Some(r);
                }
                match visit::whole_var(target) {
                    Some(t) => {
                        set.insert(t);
                    }
                    None => {
                        if let Some(r) = read(target, set) {
                            return Some(r);
                        }
                    }
                }
            }
            StmtKind::Call {
                target: Some(target),
                args,
                ..
            } if visit::whole_var(target).is_some() => {
                if let Some(r) = args.iter().find_map(|a| read(a, set)) {
                    return Some(r);
                }
                set.extend(visit::whole_var(target));
            }
            StmtKind::Decl { var, .. } => {
                let mut inner = Vec::new();
                visit::stmt_exprs(x, &mut |e| inner.push(e.clone()));
                if let Some(r) = inner.iter().find_map(|e| read(e, set)) {
                    return Some(r);
                }
                set.insert(*var);
            }
            StmtKind::Block(b) => {
                if let Some(r) = live_in(&b.stmts, vars, set) {
                    return Some(r);
                }
            }
            StmtKind::Loop {
                init,
                cond_pre,
                cond,
                step,
                body,
                ..
            } => {
                // The loop's own statements run with what its initialisation assigns; nothing
                // it assigns counts after it (it may not run).
                let mut inner = set.clone();
                if let Some(r) = live_in(init, vars, &mut inner) {
                    return Some(r);
                }
                let mut rest: Vec<Stmt> = cond_pre.clone();
                rest.extend(body.stmts.iter().cloned());
                rest.extend(step.iter().cloned());
                if let Some(r) = cond.as_ref().and_then(|c| read(c, &inner)) {
                    return Some(r);
                }
                if let Some(r) = live_in(&rest, vars, &mut inner) {
                    return Some(r);
                }
            }
            StmtKind::Omp(c) => {
                // The construct's own loop variables are private to it.
                let mut inner = set.clone();
                if let OmpBody::Loop(n) = &c.body {
                    inner.extend(n.loops.iter().map(|l| l.var));
                    for l in &n.loops {
                        for e in [&l.lower, &l.bound] {
                            if let Some(r) = read(e, set) {
                                return Some(r);
                            }
                        }
                    }
                }
                let mut body = Vec::new();
                x.for_each_block(&mut |b| body.extend(b.stmts.iter().cloned()));
                if let Some(r) = live_in(&body, vars, &mut inner) {
                    return Some(r);
                }
            }
            _ => {
                if let Some(r) = visit::referenced(std::slice::from_ref(x))
                    .into_iter()
                    .find(|y| vars.contains(y) && !set.contains(y))
                {
                    return Some(r);
                }
            }
        }
    }
    None
}

/// Whether every `&v` in `s` is an argument of a call for a parameter the callee only reads
/// through.
fn address_only_read(s: &[Stmt], v: VarId, read_only: &ReadOnly) -> bool {
    let is_addr = |e: &Expr| matches!(&e.kind, ExprKind::AddrOf(x) if matches!(x.kind, ExprKind::Var(y) if y == v));
    let mut ok = true;
    visit::each_stmt(s, &mut |x| {
        if let StmtKind::Call {
            target,
            callee,
            args,
        } = &x.kind
        {
            for (k, a) in args.iter().enumerate() {
                if is_addr(a) {
                    ok &= read_only
                        .get(&callee.name)
                        .and_then(|ps| ps.get(k))
                        .copied()
                        .unwrap_or(false);
                } else {
                    ok &= !takes_address(a, v);
                }
            }
            ok &= target.as_ref().is_none_or(|t| !takes_address(t, v));
        } else {
            visit::stmt_exprs(x, &mut |e| ok &= !takes_address(e, v));
        }
    });
    ok
}

/// Whether `e` contains `&v`.
fn takes_address(e: &Expr, v: VarId) -> bool {
    if let ExprKind::AddrOf(x) = &e.kind {
        if matches!(x.kind, ExprKind::Var(y) if y == v) {
            return true;
        }
    }
    let mut found = false;
    e.for_each_child(&mut |c| found |= takes_address(c, v));
    found
}

fn read_only_params(program: &crate::c::Program) -> ReadOnly {
    let mut out = HashMap::new();
    for f in &program.functions {
        let Body::Verified(b) = &f.body else {
            continue;
        };
        let flags = f
            .params
            .iter()
            .map(|p| {
                program.vars[p.var.0 as usize].ty.is_pointer() && only_read_through(&b.stmts, p.var)
            })
            .collect();
        out.insert(f.name.name.clone(), flags);
    }
    out
}

/// Whether `stmts` use pointer `p` only to read what it points to (`*p`, `p[e]` as values) and
/// contain no OpenMP construct.
fn only_read_through(stmts: &[Stmt], p: VarId) -> bool {
    let mut ok = true;
    visit::each_stmt(stmts, &mut |x| match &x.kind {
        StmtKind::Omp(_) => ok = false,
        StmtKind::Assign { target, value } => {
            ok &= !mentions(target, p) && reads_through_only(value, p);
        }
        StmtKind::Call { target, args, .. } => {
            ok &= target.as_ref().is_none_or(|t| !mentions(t, p));
            ok &= args.iter().all(|a| reads_through_only(a, p));
        }
        StmtKind::Alloc { .. }
        | StmtKind::Free(_)
        | StmtKind::MemSet { .. }
        | StmtKind::MemCpy { .. } => {
            visit::stmt_exprs(x, &mut |e| ok &= !mentions(e, p));
        }
        _ => visit::stmt_exprs(x, &mut |e| ok &= reads_through_only(e, p)),
    });
    ok
}

/// Whether `e` mentions `p` only as `*p` or `p[i]` (an element's value).
fn reads_through_only(e: &Expr, p: VarId) -> bool {
    match &e.kind {
        ExprKind::Var(x) => *x != p,
        ExprKind::Deref(x) if matches!(x.kind, ExprKind::Var(y) if y == p) => true,
        ExprKind::Index { base, index } if matches!(base.kind, ExprKind::Var(y) if y == p) => {
            reads_through_only(index, p)
        }
        ExprKind::AddrOf(_) => !mentions(e, p),
        _ => {
            let mut ok = true;
            e.for_each_child(&mut |c| ok &= reads_through_only(c, p));
            ok
        }
    }
}

/// Replaces one variable by another.
struct Rename {
    from: VarId,
    to: VarId,
}

impl Rewriter for Rename {
    fn declared(&mut self, v: &mut VarId) {
        if *v == self.from {
            *v = self.to;
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        if let ExprKind::Var(v) = &mut e.kind {
            if *v == self.from {
                *v = self.to;
            }
        }
    }
}

#[cfg(test)]
mod tests;
