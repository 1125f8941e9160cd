//! `ordered` (OpenMP 5.2 §15.10) in the proof. The `ordered` regions of a loop with an `ordered`
//! clause run one at a time, in the order of the iterations (§15.10.2). ompv keeps the "one at a
//! time" — each loop's `ordered` blocks become a `critical` section with a name of their own
//! loop, so accesses inside them never race with each other — and drops the order; the
//! stand-alone `ordered` of a doacross loop (`depend(sink: …)`/`depend(source)`,
//! `doacross(…)`, §15.10.1) is dropped. Both remove synchronisation only, so a proof of race
//! freedom stays a proof; a race found in such a region may be one the order prevents, which is
//! why `omp::build` marks these regions as approximations (their races are `unknown`).

use crate::c::ast::*;
use crate::c::Program;
use crate::omp::critical_names::ORDERED_PREFIX;
use crate::omp::walk::for_each_block_mut;
use crate::pragma::{Directive, DirectiveArg, Pragma};
use viper::Span;

/// Whether `p` is a loop construct with an `ordered` clause.
pub fn is_ordered_loop(p: &Pragma) -> bool {
    p.directive.is_loop() && p.has("ordered")
}

/// Rewrites the `ordered` constructs of every loop with an `ordered` clause in `program`, and
/// returns the spans of the loop pragmas whose code had any (the loops whose order ompv drops).
/// `ordered` constructs anywhere else stay, and are reported as unsupported.
pub fn desugar(program: &mut Program) -> Vec<Span> {
    let mut rewritten = Vec::new();
    for f in &mut program.functions {
        if let Body::Verified(b) = &mut f.body {
            find_loops(&mut b.stmts, &mut rewritten);
        }
    }
    rewritten
}

fn find_loops(stmts: &mut [Stmt], rewritten: &mut Vec<Span>) {
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            if is_ordered_loop(&c.pragma) {
                let name = format!("{ORDERED_PREFIX}{}#{}", c.pragma.line, c.pragma.span.start);
                if let OmpBody::Loop(n) = &mut c.body {
                    if rewrite(&mut n.body.stmts, &name, rewritten) {
                        rewritten.push(c.pragma.span);
                    }
                }
                continue;
            }
        }
        for_each_block_mut(s, &mut |b| find_loops(&mut b.stmts, rewritten));
    }
}

/// Inside one loop: `ordered` blocks become `critical(name)`; stand-alone doacross `ordered`s
/// go. A nested loop construct has `ordered` blocks of its own (§15.10.2: they bind to the
/// innermost enclosing loop region).
/// Returns whether anything was rewritten.
fn rewrite(stmts: &mut Vec<Stmt>, name: &str, rewritten: &mut Vec<Span>) -> bool {
    let before = stmts.len();
    stmts.retain(|s| {
        !matches!(&s.kind, StmtKind::Omp(c)
            if c.pragma.directive == Directive::Ordered && c.pragma.is_stand_alone())
    });
    let mut any = stmts.len() != before;
    for s in stmts.iter_mut() {
        if let StmtKind::Omp(c) = &mut s.kind {
            if c.pragma.directive.is_loop() {
                find_loops(std::slice::from_mut(s), rewritten);
                continue;
            }
            // `threads` is what a block `ordered` means anyway (§15.10.2); `simd` is not handled.
            if c.pragma.directive == Directive::Ordered
                && c.pragma
                    .clauses
                    .iter()
                    .all(|k| k.kind.keyword() == "threads")
            {
                any = true;
                c.pragma = Pragma {
                    directive: Directive::Critical,
                    argument: Some(DirectiveArg::Name(Ident {
                        name: name.to_string(),
                        span: c.pragma.directive_span,
                    })),
                    clauses: Vec::new(),
                    ..c.pragma.clone()
                };
            }
        }
        for_each_block_mut(s, &mut |b| any |= rewrite(&mut b.stmts, name, rewritten));
    }
    any
}
