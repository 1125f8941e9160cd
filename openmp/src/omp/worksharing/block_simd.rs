//! `simd` loops in the code of a block (OpenMP 5.2 §10.4): in an iteration of a worksharing
//! loop (§11.5), a `single`, a section or a task, or under a sequential statement of the code
//! every thread of a region runs. Each is a region of its own, whose team is the one thread
//! that runs the code around it (`lower::lanes`); its SIMD lanes may run at the same time.
//! (A `simd` loop at the top of a region's code is a block of the region itself, run by every
//! thread.) They are numbered here, after every rewrite of the program (inlining copies code)
//! and before the regions are built.

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::pragma::Directive;
use std::collections::BTreeSet;

/// Where a `simd` loop met in some code is a region of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lanes {
    /// Nowhere (outside regions: it is one already; nested in other constructs: not handled).
    No,
    /// Anywhere in the code (not inside a construct nested there).
    Yes,
    /// Under a statement of the code, not at its top (the code every thread of a region runs).
    BelowTop,
}

/// Where a `simd` loop is a region of its own in the code of the construct `d`.
fn lanes_in(d: Directive) -> Lanes {
    match d {
        Directive::For
        | Directive::ParallelFor
        | Directive::Single
        | Directive::Sections
        | Directive::ParallelSections
        | Directive::Section
        | Directive::Task => Lanes::Yes,
        Directive::Parallel => Lanes::BelowTop,
        _ => Lanes::No,
    }
}

/// Gives every `simd` loop in the code of a block a region number of its own (a copy that
/// repeats another's number gets a new one).
pub fn number(program: &mut Program) {
    let mut next = crate::omp::calls::inline::region_ids(program)
        .iter()
        .max()
        .map_or(0, |m| m + 1);
    let mut seen = BTreeSet::new();
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            walk(&mut b.stmts, Lanes::No, &mut seen, &mut next);
        }
    }
}

fn walk(stmts: &mut [Stmt], lanes: Lanes, seen: &mut BTreeSet<usize>, next: &mut usize) {
    for s in stmts {
        let inner = match &mut s.kind {
            StmtKind::Omp(c) => {
                let d = c.pragma.directive;
                if d == Directive::Simd && lanes == Lanes::Yes {
                    match c.region {
                        Some(r) if seen.insert(r.0) => {}
                        _ => {
                            c.region = Some(crate::omp::RegionId(*next));
                            seen.insert(*next);
                            *next += 1;
                        }
                    }
                }
                lanes_in(d)
            }
            _ if lanes == Lanes::BelowTop => Lanes::Yes,
            _ => lanes,
        };
        crate::omp::walk::for_each_block_mut(s, &mut |b| walk(&mut b.stmts, inner, seen, next));
    }
}

/// Whether `c`, met in a block's code, is a `simd` loop with a region of its own (see the
/// module documentation).
pub fn is_lanes(c: &OmpConstruct) -> bool {
    c.region.is_some() && c.pragma.directive == Directive::Simd
}

/// What a `simd` construct of its own does to the variables of the code around it, seen from
/// that code (OpenMP 5.2 §5.4): the variables its lanes work on in copies of their own, and the
/// originals it reads (a `firstprivate`, `linear` or `reduction` copy starts from the original)
/// and assigns (at its end: `lastprivate`, `linear`, `reduction`, and its loop variables).
#[derive(Debug, Default)]
pub struct LaneCopies {
    pub copies: BTreeSet<VarId>,
    pub reads: BTreeSet<VarId>,
    pub writes: BTreeSet<VarId>,
}

/// The copies of the `simd` construct `c` (referenced in its loops or body).
pub fn lane_copies(program: &Program, c: &OmpConstruct) -> LaneCopies {
    use crate::omp::sharing::{construct_sharing, ConstructKind, ConstructSharing, Referenced};
    let mut out = LaneCopies::default();
    let OmpBody::Loop(n) = &c.body else {
        return out;
    };
    let mut vars = visit::referenced(&n.body.stmts);
    vars.extend(n.loops.iter().map(|l| l.var));
    for v in vars {
        let r = Referenced {
            var: program.var(v),
            loop_var: n.loops.iter().any(|l| l.var == v),
            team_shared: false,
        };
        // (An error here is reported when the construct's own region is built.)
        let Ok(s) = construct_sharing(&c.pragma, ConstructKind::Other, &r) else {
            continue;
        };
        match s {
            ConstructSharing::Inherited
            | ConstructSharing::Shared
            | ConstructSharing::Threadprivate => continue,
            ConstructSharing::Private => {}
            ConstructSharing::Firstprivate { .. } => {
                out.reads.insert(v);
            }
            ConstructSharing::Lastprivate { firstprivate, .. } => {
                if firstprivate {
                    out.reads.insert(v);
                }
                out.writes.insert(v);
            }
            ConstructSharing::Linear { .. } | ConstructSharing::Reduction { .. } => {
                out.reads.insert(v);
                out.writes.insert(v);
            }
            // A loop declared by its `for` has no original; otherwise the original gets the
            // value after the last iteration (§5.1.1: linear, or lastprivate when collapsed).
            ConstructSharing::LoopVar { .. } => {
                if !n.loops.iter().any(|l| l.var == v && l.declares_var) {
                    out.writes.insert(v);
                }
            }
        }
        out.copies.insert(v);
    }
    out
}

/// The variables `stmts` (a block's code) reference and assign, as `visit::referenced` and
/// `visit::assigned` give them, except that a `simd` loop of its own counts with what it does
/// to the originals ([`lane_copies`]), not with its lanes' copies.
pub fn outer_vars(program: &Program, stmts: &[Stmt]) -> (BTreeSet<VarId>, BTreeSet<VarId>) {
    let mut rest = stmts.to_vec();
    let mut lanes = Vec::new();
    take_lanes(&mut rest, &mut lanes);
    let (mut refs, mut writes) = (visit::referenced(&rest), visit::assigned(&rest));
    for s in &lanes {
        let StmtKind::Omp(c) = &s.kind else { continue };
        let copies = lane_copies(program, c);
        let one = std::slice::from_ref(s);
        refs.extend(
            visit::referenced(one)
                .into_iter()
                .filter(|v| !copies.copies.contains(v) || copies.reads.contains(v)),
        );
        writes.extend(
            visit::assigned(one)
                .into_iter()
                .filter(|v| !copies.copies.contains(v)),
        );
        refs.extend(copies.writes.iter().copied());
        writes.extend(copies.writes.iter().copied());
    }
    (refs, writes)
}

/// Moves the `simd` loops of their own out of `stmts` (each leaves an empty block).
fn take_lanes(stmts: &mut [Stmt], out: &mut Vec<Stmt>) {
    for s in stmts {
        if matches!(&s.kind, StmtKind::Omp(c) if is_lanes(c)) {
            let empty = StmtKind::Block(Block {
                stmts: Vec::new(),
                span: s.span,
            });
            out.push(Stmt {
                kind: std::mem::replace(&mut s.kind, empty),
                span: s.span,
            });
            continue;
        }
        crate::omp::walk::for_each_block_mut(s, &mut |b| take_lanes(&mut b.stmts, out));
    }
}
