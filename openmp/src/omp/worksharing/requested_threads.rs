//! The number of threads `omp_set_num_threads(n)` requests for the regions after it.
//!
//! OpenMP 5.2 §18.2.1: the routine sets the first element of the `nthreads-var` ICV of the
//! task that calls it; §10.1.1: a `parallel` construct without a `num_threads` clause requests
//! that many threads, and its team has at most the number requested (as with the clause, which
//! ompv already reads so: the team size `T` is `1 <= T <= n`). ompv uses the bound only where
//! the call certainly sets the ICV the region reads: the program's only call of the routine,
//! a statement of `main`'s body itself (not under a condition or in a loop) with a constant
//! argument, and outermost regions of `main` that start after it (nested regions read the next
//! element of the list, which the routine does not set).

use crate::c::ast::{Body, StmtKind};
use crate::c::visit;
use crate::c::Program;
use viper::Span;

/// The bound on the team of a region of `function` spanning `region`, if `omp_set_num_threads`
/// gives one (see the module documentation).
pub fn bound(program: &Program, function: &str, region: Span) -> Option<i128> {
    if function != "main" {
        return None;
    }
    let mut calls = 0;
    for f in &program.functions {
        if let Body::Verified(b) = &f.body {
            visit::each_stmt(&b.stmts, &mut |s| {
                if matches!(&s.kind, StmtKind::Call { callee, .. } if callee.name == ROUTINE) {
                    calls += 1;
                }
            });
        }
    }
    if calls != 1 {
        return None;
    }
    let Body::Verified(main) = &program.function("main")?.body else {
        return None;
    };
    main.stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Call { callee, args, .. }
            if callee.name == ROUTINE
                && s.span.file == region.file
                && s.span.end <= region.start =>
        {
            match args.as_slice() {
                [a] => match crate::c::constant::eval_const(a) {
                    Some(n) if n >= 1 => Some(n),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    })
}

const ROUTINE: &str = "omp_set_num_threads";

#[cfg(test)]
mod tests;
