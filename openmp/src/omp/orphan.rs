//! Orphaned OpenMP constructs: worksharing, synchronisation and tasking constructs (and lock
//! routines, `threadprivate` variables) in functions, outside the `parallel` constructs of those
//! functions. OpenMP 5.2 binds them to the innermost parallel region enclosing them *when they
//! run* (§1.2, "binding region"), so ompv verifies them in the context of each call:
//!
//! - called in a parallel region of the file: the call is inlined into the region's code
//!   ([`super::inline`]), and the region's tree and obligations cover the constructs there;
//! - run outside any parallel region (the function's own method, which calls outside regions
//!   use): the team is the initial thread alone (§1.2: the implicit parallel region). Each
//!   orphaned worksharing construct (`for`, `sections`, `single`) becomes a region of its own
//!   with `num_threads(1)`: one thread runs it, and the obligations of a region, sound for every
//!   team size, hold for it. Such a region orders its iterations less than one thread does, so a
//!   race found in it is not certain (its `approximation`). A `barrier` there is a no-op;
//!   `critical` and `atomic` need nothing (one thread); tasks stay `unsupported`.
//!
//! A function whose every call in the file is inlined (not `main`) is verified only where it is
//! called: no code of the file uses its own contract. The report says so
//! ([`NotVerified::Inlined`]).

use super::inline;
use super::RegionId;
use crate::c::ast::*;
use crate::c::convert::Program;
use crate::error::FrontErrors;
use crate::pragma::{Clause, ClauseKind, Directive, Pragma, RawExpr};
use std::collections::{BTreeMap, BTreeSet};

/// What ompv did with the orphaned constructs of a program.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Orphans {
    /// The functions inlined where they are called (into parallel regions, or into `main`: see
    /// [`super::contextual`]), with the number of calls inlined.
    pub inlined: BTreeMap<String, usize>,
    /// The regions ompv made for orphaned worksharing constructs run by a team of one thread.
    pub serial: BTreeSet<RegionId>,
}

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
        let mut errors = inlined.errors;
        errors.sort_by_key(|e| (e.span.file, e.span.start));
        errors.dedup();
        return Err(FrontErrors(errors));
    }
    out.inlined = inlined.sites;
    // Calls that remain (outside regions): those functions run on the initial thread.
    let mut called_outside = BTreeSet::new();
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            outside_calls(&b.stmts, &mut called_outside);
        }
    }
    let mut next = inline::region_ids(program).last().map_or(0, |r| r + 1);
    for f in &mut program.functions {
        if f.origin != Origin::Main || !needs.contains_key(&f.name.name) {
            continue;
        }
        let Body::Verified(b) = &mut f.body else {
            continue;
        };
        let mut body = b.clone();
        let mut serial = Vec::new();
        serialize(&mut body.stmts, &mut next, &mut serial);
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
/// a barrier nothing.
fn serialize(stmts: &mut [Stmt], next: &mut usize, serial: &mut Vec<RegionId>) {
    for s in stmts {
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
            serialize(init, next, serial);
            serialize(cond_pre, next, serial);
            serialize(step, next, serial);
        }
        super::locks::for_each_block_mut(s, &mut |b| serialize(&mut b.stmts, next, serial));
    }
}

/// `#pragma omp parallel num_threads(1)` around the construct statement `s`, as region `id`.
fn team_of_one(s: Stmt, id: RegionId) -> Stmt {
    let StmtKind::Omp(c) = &s.kind else {
        unreachable!("a construct")
    };
    let p = &c.pragma;
    let one = RawExpr {
        text: "1".into(),
        span: p.directive_span,
    };
    let pragma = Pragma {
        directive: Directive::Parallel,
        argument: None,
        clauses: vec![Clause {
            kind: ClauseKind::NumThreads(one),
            span: p.directive_span,
            keyword_span: p.directive_span,
        }],
        span: p.span,
        directive_span: p.directive_span,
        line: p.line,
    };
    let span = s.span;
    Stmt {
        kind: StmtKind::Omp(Box::new(OmpConstruct {
            pragma,
            body: OmpBody::Block {
                contract: None,
                body: Block {
                    stmts: vec![s],
                    span,
                },
            },
            region: Some(id),
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
pub fn mark_serial(regions: &mut [super::Region], orphans: &Orphans) {
    for r in regions {
        if orphans.serial.contains(&r.id) {
            r.approximation
                .get_or_insert((r.span, SERIAL_APPROXIMATION.to_string()));
        }
    }
}
