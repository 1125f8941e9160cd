//! What the rest of the front end handles today. The parser accepts all of OpenMP 5.2; a pragma
//! that uses anything else is reported as `unsupported`, naming the construct, until the
//! encoding of regions learns it.

use super::ast::*;
use crate::error::FrontError;

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
];

/// `Ok` when the front end handles every part of `p`, else an `unsupported` error naming the
/// first part it does not handle (the directive, then the clauses in order).
pub fn check_supported(p: &Pragma) -> Result<(), FrontError> {
    if !DIRECTIVES.contains(&p.directive) {
        return Err(FrontError::unsupported(
            p.directive_span,
            format!("OpenMP directive `{}` is not supported", p.directive.name()),
        ));
    }
    for c in &p.clauses {
        let unsupported = |what: String| Err(FrontError::unsupported(c.span, what));
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
            | ClauseKind::Capture => {}
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
                if let Some(i) = items.iter().find(|i| !i.is_variable()) {
                    return Err(FrontError::unsupported(
                        i.span,
                        format!(
                            "`{}` in `reduction` is not supported (only variables are)",
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
