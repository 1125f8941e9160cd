//! Orphaned OpenMP constructs: worksharing, synchronisation and tasking constructs (and lock
//! routines, `threadprivate` variables) in functions, outside the `parallel` constructs of those
//! functions. OpenMP 5.2 binds them to the innermost parallel region enclosing them *when they
//! run* (§1.2, "binding region"), so ompv verifies them in the context of each call:
//!
//! - called in a parallel region of the file: the call is inlined into the region's code
//!   ([`crate::omp::calls::inline`]), and the region's tree and obligations cover the constructs there;
//! - run outside any parallel region (the function's own method, which calls outside regions
//!   use): the team is the initial thread alone (§1.2: the implicit parallel region). Each
//!   orphaned worksharing construct (`for`, `sections`, `single`) becomes a region of its own
//!   with `num_threads(1)`: one thread runs it, and the obligations of a region, sound for every
//!   team size, hold for it. Such a region orders its iterations less than one thread does, so a
//!   race found in it is not certain (its `approximation`). A `barrier` there is a no-op;
//!   `critical` and `atomic` need nothing (one thread). Code with tasks becomes a `single`
//!   construct in such a region ([`tasking_range`], [`implicit_task_defaults`]); nested tasks
//!   stay `unsupported`, as inside regions.
//!
//! A function whose every call in the file is inlined (not `main`) is verified only where it is
//! called: no code of the file uses its own contract. The report says so
//! ([`NotVerified::Inlined`]).

use crate::c::ast::*;
use crate::c::Program;
use crate::error::FrontErrors;
use crate::omp::calls::inline;
use crate::omp::program::Orphans;
use crate::omp::RegionId;
use crate::pragma::{Clause, ClauseKind, Directive, ListItem, Pragma, RawExpr};
use crate::spec::Ident;
use std::collections::BTreeSet;

/// The approximation a region for an orphaned construct carries (see the module documentation).
pub const SERIAL_APPROXIMATION: &str =
    "outside any parallel region this construct runs on a team of one thread, which runs its \
     code one part after another; ompv checks it as if the parts could run at the same time";

/// Inlines the calls of functions with orphaned constructs in parallel regions, and gives the
/// orphaned worksharing constructs that remain their team of one thread.
pub fn resolve(program: &mut Program) -> Result<Orphans, FrontErrors> {
    let needs = inline::needing(program);
    let mut out = Orphans::default();
    if needs.is_empty() {
        return Ok(out);
    }
    let inlined = inline::inline_regions(program, &needs);
    if !inlined.errors.is_empty() {
        return Err(FrontErrors::sorted(inlined.errors));
    }
    out.inlined = inlined.sites;
    // Calls that remain (outside regions): those functions run on the initial thread.
    let mut called_outside = BTreeSet::new();
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            let mut calls = BTreeSet::new();
            outside_calls(&b.stmts, &mut calls);
            // A self-contained recursive function's calls of itself are covered by the check of
            // its inlined copies (see `recursive_tasks`): they need no method of their own.
            let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
            if calls.contains(&f.name.name)
                && crate::omp::calls::recursive_tasks::self_contained(
                    program,
                    &f.name.name,
                    &params,
                    b,
                )
                .is_ok()
            {
                calls.remove(&f.name.name);
            }
            called_outside.extend(calls);
        }
    }
    let mut next = inline::region_ids(program).last().map_or(0, |r| r + 1);
    let vars = program.vars.clone();
    for f in &mut program.functions {
        if f.origin != Origin::Main || !needs.contains_key(&f.name.name) {
            continue;
        }
        let Body::Verified(b) = &mut f.body else {
            continue;
        };
        let mut body = b.clone();
        let mut serial = Vec::new();
        let main = f.name.name == "main";
        serialize(&mut body.stmts, &mut next, &mut serial, &vars, main);
        let only_inlined = out.inlined.contains_key(&f.name.name)
            && !called_outside.contains(&f.name.name)
            && f.name.name != "main";
        if only_inlined {
            // Verified where it is called; no call needs its own contract.
            f.body = Body::NotVerified(NotVerified::Inlined);
            continue;
        }
        *b = body;
        out.serial.extend(serial);
    }
    Ok(out)
}

/// The functions called in `stmts` outside parallel regions.
fn outside_calls(stmts: &[Stmt], out: &mut BTreeSet<String>) {
    for s in stmts {
        match &s.kind {
            StmtKind::Omp(c) if c.region.is_some() => continue,
            StmtKind::Call { callee, .. } => {
                out.insert(callee.name.clone());
            }
            _ => {}
        }
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &s.kind
        {
            outside_calls(init, out);
            outside_calls(cond_pre, out);
            outside_calls(step, out);
        }
        s.for_each_block(&mut |b| outside_calls(&b.stmts, out));
    }
}

/// Gives the orphaned constructs of `stmts` (outside regions) their team of one thread: a
/// worksharing construct becomes a region of its own (ids from `next`, recorded in `serial`),
/// a barrier nothing, and the code from the first tasking construct on a region (see
/// [`tasking_range`]).
fn serialize(
    stmts: &mut Vec<Stmt>,
    next: &mut usize,
    serial: &mut Vec<RegionId>,
    vars: &[Var],
    main_body: bool,
) {
    if let Some(range) = tasking_range(stmts, main_body, vars) {
        let id = RegionId(*next);
        *next += 1;
        serial.push(id);
        let mut code: Vec<Stmt> = stmts.drain(range.clone()).collect();
        implicit_task_defaults(&mut code, vars);
        let after = crate::c::visit::referenced(&stmts[range.start..]);
        let hoisted = hoist_decls(&mut code, &after, vars);
        let at = range.start;
        stmts.insert(at, team_of_one(single(code), id));
        for (k, d) in hoisted.into_iter().enumerate() {
            stmts.insert(at + k, d);
        }
    }
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &s.kind {
            if c.region.is_some() {
                continue;
            }
            match c.pragma.directive {
                Directive::For | Directive::ForSimd | Directive::Sections | Directive::Single => {
                    let id = RegionId(*next);
                    *next += 1;
                    serial.push(id);
                    let inner = std::mem::replace(
                        s,
                        Stmt {
                            kind: StmtKind::SpecIgnored,
                            span: s.span,
                        },
                    );
                    *s = team_of_one(inner, id);
                    continue;
                }
                // §15.3.1: the one thread meets itself.
                Directive::Barrier => {
                    s.kind = StmtKind::Block(Block {
                        stmts: Vec::new(),
                        span: s.span,
                    });
                    continue;
                }
                _ => {}
            }
        }
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &mut s.kind
        {
            serialize(init, next, serial, vars, false);
            serialize(cond_pre, next, serial, vars, false);
            serialize(step, next, serial, vars, false);
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| {
            serialize(&mut b.stmts, next, serial, vars, false)
        });
    }
}

/// The statements of a block that orphaned tasking constructs (`task`, `taskloop`, `taskwait`,
/// `taskgroup`) make a region of one thread: from the first statement with such a construct
/// to the last, when that is a `taskwait` without clauses; else (only in the body of `main`,
/// whose end waits for every task) to the end of the block, without a `return` of a constant
/// that ends it.
///
/// One thread generates the tasks and runs them (§1.2: the implicit parallel region has a team
/// of one thread). As code of a `single` construct in a region of one thread, ompv checks the
/// tasks as running at the same time as the code that follows them until a `taskwait` or the
/// end of the block, which orders less than OpenMP does (§12.9: a task runs at scheduling
/// points of the same thread). `None` when that code has a jump out of it or constructs that
/// may not be nested in `single` (worksharing, `barrier`, `parallel`): those stay
/// `unsupported`.
fn tasking_range(stmts: &[Stmt], main_body: bool, vars: &[Var]) -> Option<std::ops::Range<usize>> {
    let start = stmts.iter().position(has_tasking)?;
    let last = stmts.iter().rposition(has_tasking)?;
    let waits_for_all = matches!(&stmts[last].kind, StmtKind::Omp(c)
        if c.pragma.directive == Directive::Taskwait && c.pragma.clauses.is_empty());
    let mut end = stmts.len();
    if waits_for_all {
        // §15.5: every child task of the block is complete after a `taskwait` without clauses.
        end = last + 1;
    } else {
        // Tasks nothing waits for may run after the block, while code ompv would see after
        // the region runs: only at the end of `main`, before a `return` reading nothing.
        if let Some(StmtKind::Return(e)) = stmts.last().map(|s| &s.kind) {
            end -= 1;
            let mut read = Vec::new();
            if let Some(e) = e {
                e.vars(&mut read);
            }
            if !read.is_empty() {
                return None;
            }
        }
        if !main_body {
            return None;
        }
    }
    let code = &stmts[start..end];
    if end < stmts.len() && !hoistable(code, &crate::c::visit::referenced(&stmts[end..]), vars) {
        return None;
    }
    let mut nestable = true;
    crate::c::visit::each_stmt(code, &mut |s| match &s.kind {
        StmtKind::Return(_) => nestable = false,
        StmtKind::Omp(c) => {
            let d = c.pragma.directive;
            nestable &= c.region.is_none() && (is_tasking(d) || sequential_ok(d));
        }
        _ => {}
    });
    (nestable && !jumps_out(code)).then_some(start..end)
}

/// Writes out the data-sharing OpenMP gives, outside any parallel construct, to the automatic
/// variables of the function that a task mentions without a clause for them: they are private
/// to the initial task (§5.1.1: variables of automatic storage declared in the implicit parallel
/// region's scope), so firstprivate in the task it generates (§5.1.1, the rule for task
/// generating constructs). In the region ompv puts around the code they would be shared. That
/// is kept for a variable the task only reads (and whose address is never taken): the task
/// reads the original instead of a copy, which is the same value unless the original is
/// written while the task may run, and that write is then a conflict ompv reports (as
/// `unknown`, see [`SERIAL_APPROXIMATION`]). A variable the task writes gets `firstprivate`, so
/// that its writes stay in its copy. Globals and `static` locals stay shared. A task with a
/// `default` clause is left as written.
fn implicit_task_defaults(stmts: &mut [Stmt], vars: &[Var]) {
    for s in stmts {
        if let StmtKind::Omp(c) = &s.kind {
            if matches!(c.pragma.directive, Directive::Task | Directive::Taskloop) {
                let mut body = Vec::new();
                s.for_each_block(&mut |b| body.extend(b.stmts.iter().cloned()));
                if let StmtKind::Omp(c) = &mut s.kind {
                    add_firstprivate(c, &body, vars);
                }
                continue;
            }
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| {
            implicit_task_defaults(&mut b.stmts, vars)
        });
    }
}

/// Adds `firstprivate` for the automatic variables `body` (the task's code) mentions that no
/// data-sharing clause of the task names.
fn add_firstprivate(c: &mut OmpConstruct, body: &[Stmt], vars: &[Var]) {
    let p = &c.pragma;
    if p.clauses
        .iter()
        .any(|cl| matches!(cl.kind, ClauseKind::Default(_)))
    {
        return;
    }
    let inner = crate::c::visit::declared(body);
    let named = |name: &str| {
        p.clauses
            .iter()
            .any(|cl| crate::semantics::openmp::names_attribute(&cl.kind) && cl.kind.names(name))
    };
    let mut loop_vars = BTreeSet::new();
    if let OmpBody::Loop(n) = &c.body {
        loop_vars.extend(n.loops.iter().map(|l| l.var));
    }
    let written = crate::c::visit::assigned(body);
    let items: Vec<ListItem> = crate::c::visit::referenced(body)
        .into_iter()
        .filter(|v| !inner.contains(v) && !loop_vars.contains(v))
        .filter(|v| written.contains(v) || vars[v.0 as usize].addr_taken)
        .map(|v| &vars[v.0 as usize])
        .filter(|v| matches!(v.storage, Storage::Param | Storage::Local) && !v.threadprivate)
        .map(|v| &v.name)
        .filter(|name| !named(name))
        .map(|name| ListItem {
            text: name.clone(),
            span: p.directive_span,
            base: Ident {
                name: name.clone(),
                span: p.directive_span,
            },
            derefs: 0,
            shape: Vec::new(),
            designators: Vec::new(),
        })
        .collect();
    if !items.is_empty() {
        let span = c.pragma.directive_span;
        c.pragma.clauses.push(Clause {
            kind: ClauseKind::Firstprivate(items),
            span,
            keyword_span: span,
        });
    }
}

/// Whether the declarations of `code` (at its top level) of the variables in `used` can be
/// moved before it: scalars (no array, whose length may be computed by the code before it, no
/// struct), initialised by an expression or not at all.
fn hoistable(code: &[Stmt], used: &BTreeSet<VarId>, vars: &[Var]) -> bool {
    code.iter().all(|s| match &s.kind {
        StmtKind::Decl { var, init } if used.contains(var) => {
            matches!(init, None | Some(Init::Expr(_)))
                && matches!(
                    vars[var.0 as usize].ty,
                    Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr(_)
                )
        }
        _ => true,
    })
}

/// Moves the declarations of the variables in `used` out of `code` (the code after it uses
/// them): each becomes a declaration without initialiser, returned to go before the
/// region, and an assignment of its initialiser where it stood. Only for [`hoistable`] code.
fn hoist_decls(code: &mut [Stmt], used: &BTreeSet<VarId>, vars: &[Var]) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in code {
        let StmtKind::Decl { var, init } = &mut s.kind else {
            continue;
        };
        if !used.contains(var) {
            continue;
        }
        let var = *var;
        let init = init.take();
        out.push(Stmt {
            kind: StmtKind::Decl { var, init: None },
            span: s.span,
        });
        crate::omp::data_sharing::hoist::initialise_in_place(s, var, init, vars);
    }
    out
}

/// Whether a statement is or contains an orphaned tasking construct (a loop generating tasks,
/// for example).
fn has_tasking(s: &Stmt) -> bool {
    let mut found = false;
    crate::c::visit::each_stmt(std::slice::from_ref(s), &mut |s| {
        found |= matches!(&s.kind, StmtKind::Omp(c)
            if c.region.is_none() && is_tasking(c.pragma.directive));
    });
    found
}

fn is_tasking(d: Directive) -> bool {
    matches!(
        d,
        Directive::Task | Directive::Taskloop | Directive::Taskwait | Directive::Taskgroup
    )
}

/// Whether `stmts` has a `break` or `continue` outside the loops in it.
fn jumps_out(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Break | StmtKind::Continue => true,
        StmtKind::Loop { .. } => false,
        _ => {
            let mut found = false;
            s.for_each_block(&mut |b| found |= jumps_out(&b.stmts));
            found
        }
    })
}

/// `#pragma omp single` around `code` (not empty), placed at its first tasking construct.
fn single(code: Vec<Stmt>) -> Stmt {
    let span = code
        .iter()
        .map(|s| s.span)
        .reduce(viper::Span::join)
        .expect("the range is not empty");
    let mut first = None;
    crate::c::visit::each_stmt(&code, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            first.get_or_insert_with(|| c.pragma.clone());
        }
    });
    let at = first.expect("the range has a tasking construct");
    construct(&at, Directive::Single, Vec::new(), code, span, None)
}

/// `#pragma omp parallel num_threads(1)` around the construct statement `s`, as region `id`.
fn team_of_one(s: Stmt, id: RegionId) -> Stmt {
    let StmtKind::Omp(c) = &s.kind else {
        unreachable!("a construct")
    };
    let at = c.pragma.clone();
    let one = Clause {
        kind: ClauseKind::NumThreads(RawExpr {
            text: "1".into(),
            span: at.directive_span,
        }),
        span: at.directive_span,
        keyword_span: at.directive_span,
    };
    let span = s.span;
    construct(&at, Directive::Parallel, vec![one], vec![s], span, Some(id))
}

/// A construct ompv makes around `stmts`, its pragma placed where the pragma `at` stands.
fn construct(
    at: &Pragma,
    directive: Directive,
    clauses: Vec<Clause>,
    stmts: Vec<Stmt>,
    span: viper::Span,
    region: Option<RegionId>,
) -> Stmt {
    let pragma = Pragma {
        directive,
        argument: None,
        clauses,
        span: at.span,
        directive_span: at.directive_span,
        line: at.line,
    };
    Stmt {
        kind: StmtKind::Omp(Box::new(OmpConstruct {
            pragma,
            body: OmpBody::Block {
                contract: None,
                body: Block { stmts, span },
            },
            region,
            span,
        })),
        span,
    }
}

/// Constructs one thread outside any parallel region runs as plain code.
pub fn sequential_ok(d: Directive) -> bool {
    matches!(
        d,
        Directive::Critical | Directive::Atomic | Directive::Flush | Directive::Taskyield
    )
}

/// Marks the regions made for orphaned constructs as approximating OpenMP's order.
pub fn mark_serial(regions: &mut [crate::omp::Region], orphans: &Orphans) {
    for r in regions {
        if orphans.serial.contains(&r.id) {
            r.approximation
                .get_or_insert((r.span, SERIAL_APPROXIMATION.to_string()));
        }
    }
}
