//! What the rest of the front end handles today. The parser accepts all of OpenMP 5.2; a pragma
//! that uses anything else is reported as `unsupported`, naming the construct, until the
//! encoding of regions learns it. A data-sharing clause is handled only if the table of implicit
//! accesses ([`super::openmp`]) has an entry for it.

use crate::error::FrontError;
use crate::pragma::ast::*;

/// The directives the encoding of parallel regions handles.
const DIRECTIVES: &[Directive] = &[
    Directive::Parallel,
    Directive::For,
    Directive::ParallelFor,
    Directive::Simd,
    Directive::ForSimd,
    Directive::ParallelForSimd,
    Directive::Sections,
    Directive::ParallelSections,
    Directive::Section,
    Directive::Single,
    Directive::Barrier,
    Directive::Critical,
    Directive::Atomic,
    Directive::Flush,
    Directive::Taskyield,
    Directive::Task,
    Directive::Taskloop,
    Directive::Taskwait,
    Directive::Taskgroup,
];

/// `Ok` when the front end handles every part of `p`, else an `unsupported` error naming the
/// first part it does not handle (the directive, then the clauses in order).
pub fn check_supported(p: &Pragma) -> Result<(), FrontError> {
    if p.directive == Directive::Ordered {
        // Those in a loop with an `ordered` clause are rewritten before this check.
        return Err(FrontError::unsupported(
            p.directive_span,
            "`omp ordered` here (supported as a block, or stand-alone with `depend`/`doacross`, \
             directly in a loop construct with an `ordered` clause; not with `simd`)"
                .to_string(),
        ));
    }
    if !DIRECTIVES.contains(&p.directive) {
        return Err(FrontError::unsupported(
            p.directive_span,
            format!("OpenMP directive `{}` is not supported", p.directive.name()),
        ));
    }
    for c in &p.clauses {
        let unsupported = |what: String| Err(FrontError::unsupported(c.span, what));
        if super::openmp::is_data_clause(&c.kind) && super::openmp::clause_rule(&c.kind).is_none() {
            return Err(FrontError::unsupported(
                c.keyword_span,
                format!(
                    "OpenMP clause `{}` is not supported (ompv has no model of what it does to \
                     memory)",
                    c.kind.keyword()
                ),
            ));
        }
        match &c.kind {
            ClauseKind::Nowait
            | ClauseKind::Private(_)
            | ClauseKind::Firstprivate(_)
            | ClauseKind::Shared(_)
            | ClauseKind::Default(DefaultKind::Shared | DefaultKind::None)
            | ClauseKind::NumThreads(_)
            | ClauseKind::Simdlen(_)
            | ClauseKind::Collapse(_)
            // `critical` and `atomic`: a hint or a memory order changes nothing about which
            // accesses may race (§15.1, §15.8.1); the atomic forms only say what the statement
            // is.
            | ClauseKind::Hint(_)
            | ClauseKind::MemoryOrder(_)
            | ClauseKind::Read
            | ClauseKind::Write
            | ClauseKind::Update(None)
            | ClauseKind::Capture
            // `task`: scheduling hints and tiedness do not change which accesses may run at the
            // same time (§12.1, §12.4); `final` only affects tasks generated inside the task,
            // which ompv rejects (§12.3), `mergeable` only undeferred ones (§12.2). `if` and
            // `depend` order tasks (checked in `omp::tasking::tasks`).
            | ClauseKind::Untied
            | ClauseKind::Mergeable
            | ClauseKind::Final(_)
            | ClauseKind::Priority(_)
            | ClauseKind::Depend(_)
            // §5.7.1, §5.7.2: `copyin` copies the initial thread's `threadprivate` values before
            // the region's code runs; `copyprivate` broadcasts the `single`'s values into the
            // other threads' private copies before any of them leaves the construct's barrier.
            // Neither makes two accesses of the program overlap.
            | ClauseKind::Copyin(_) => {}
            // `taskloop` (§12.6): how iterations are grouped into tasks (see `omp::build`), and
            // whether the construct waits for them (`omp::tasking::tasks`).
            ClauseKind::Grainsize { .. } | ClauseKind::NumTasks { .. } | ClauseKind::Nogroup
                if p.directive == Directive::Taskloop => {}
            // §10.4.1: on a `simd` loop outside parallel regions, iterations `safelen` or more
            // apart are not checked against each other (`omp::build` rejects it elsewhere).
            ClauseKind::Safelen(e)
                if p.directive == Directive::Simd && crate::pragma::ast::int_literal(&e.text).is_some() => {}
            // §15.10: the loop's `ordered` blocks run one at a time, in iteration order; see
            // `omp::sync::ordered` (modelled as mutual exclusion, races then `unknown`).
            ClauseKind::Ordered(_) if p.directive.is_loop() && !p.directive.has_leaf(Directive::Simd) => {}
            // §10.3: the iterations may run in any order, at the same time, even on one thread
            // (`omp::build` checks what may be nested; the modifiers only say whether the
            // schedule is reproducible). On `simd` it also drops §10.4's forward dependences
            // (`OmpBlock::keeps_forward`).
            ClauseKind::Order(_) => {
                if p.has("safelen") {
                    return Err(FrontError::nonconforming(
                        c.span,
                        "`order(concurrent)` with `safelen` (OpenMP 5.2 §10.4: a `simd` \
                         directive with `order(concurrent)` may not have a `safelen` clause)",
                    ));
                }
                if p.has("ordered") {
                    return Err(FrontError::nonconforming(
                        c.span,
                        "`order(concurrent)` with an `ordered` clause (no iteration order is \
                         kept, and an `ordered` region may not be nested there, OpenMP 5.2 \
                         §10.3)",
                    ));
                }
            }
            ClauseKind::Copyprivate(_) if !p.nowait() => {}
            ClauseKind::If { modifier, .. }
                if p.directive == Directive::Task
                    && modifier.is_none_or(|m| m == Directive::Task) => {}
            // §3.4, §10.1.1: with a false `if` the region runs with one thread; it is checked as
            // if it ran with a team (its race reports are then not certain, see `omp::build`).
            ClauseKind::If { modifier, .. }
                if p.directive.is_parallel()
                    && modifier.is_none_or(|m| m == Directive::Parallel) => {}
            // §5.4.5: a private copy per thread; the original gets the value of the sequentially
            // last iteration (a write beside the loop, see `omp::build::combine_block`).
            ClauseKind::Lastprivate {
                conditional: false,
                items,
            } if matches!(
                p.directive,
                Directive::For
                    | Directive::ParallelFor
                    | Directive::ForSimd
                    | Directive::ParallelForSimd
                    | Directive::Simd
                    | Directive::Sections
                    | Directive::ParallelSections
            ) =>
            {
                if let Some(i) = items.iter().find(|i| !i.is_variable()) {
                    return Err(FrontError::unsupported(
                        i.span,
                        format!("`{}` in `lastprivate` (only variables are supported)", i.text),
                    ));
                }
            }
            ClauseKind::Default(k) => {
                return unsupported(format!("`default({k})` is not supported"))
            }
            ClauseKind::Schedule { modifiers, .. } => {
                if let Some(m) = modifiers.first() {
                    return unsupported(format!("schedule modifier `{m}` is not supported"));
                }
            }
            ClauseKind::Reduction {
                modifier,
                op,
                items,
            } => {
                if let Some(m) = modifier {
                    return unsupported(format!("reduction modifier `{m}` is not supported"));
                }
                if let ReductionId::User(u) = op {
                    return unsupported(format!(
                        "user-defined reduction `{}` is not supported",
                        u.name
                    ));
                }
                // Sections of a whole array variable are checked where the type is known
                // (`omp::sharing`).
                let sections_only = |i: &crate::pragma::ListItem| {
                    i.derefs == 0
                        && i.shape.is_empty()
                        && i.designators
                            .iter()
                            .all(|d| matches!(d, crate::pragma::Designator::Section { .. }))
                };
                if let Some(i) = items.iter().find(|i| !sections_only(i)) {
                    return Err(FrontError::unsupported(
                        i.span,
                        format!(
                            "`{}` in `reduction` is not supported (only variables and array \
                             sections are)",
                            i.text
                        ),
                    ));
                }
            }
            other => {
                return Err(FrontError::unsupported(
                    c.keyword_span,
                    format!("OpenMP clause `{}` is not supported", other.keyword()),
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
