//! Diagnostics in the terms of the C program: every Viper verification error is mapped back
//! through the side table of the lowering ([`ppl::obligations::Checks`]) to a kind, a source
//! location and a message ([`classify`]); races get the iterations and element of the
//! counterexample when there is one ([`race`]).

pub mod block_name;
pub mod classify;
pub mod diagnostic;
pub mod model;
pub mod race;

pub use diagnostic::Diagnostic;

use openmp::lower::Lowered;
use ppl::obligations::Role;
use std::collections::HashSet;
use viper::VerificationError;

/// The diagnostics of a verification run: every verification error explained. A disjointness failure of a block whose single iteration
/// already lacks permissions is not reported as a race (the permission problem is).
pub fn diagnose(
    lowered: &Lowered,
    errors: &[&VerificationError],
    inferred_members: &HashSet<String>,
    opaque_members: &HashSet<String>,
    member_of: &dyn Fn(&VerificationError) -> Option<String>,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let role = |e: &VerificationError| lowered.checks.get(e.span).map(|c| &c.role);
    // Blocks whose single iteration lacks permissions, and blocks racing with themselves.
    let short: HashSet<_> = errors
        .iter()
        .filter_map(|e| match role(e) {
            Some(Role::Fit { block, .. }) => Some(*block),
            _ => None,
        })
        .collect();
    let self_racing: HashSet<_> = errors
        .iter()
        .filter_map(|e| match role(e) {
            Some(Role::Race { first, second, .. }) if first == second => Some(*first),
            _ => None,
        })
        .collect();
    for e in errors {
        tracing::debug!(error = %e, reason_span = ?e.reason_span, model = ?e.model, "verification error");
        match role(e) {
            // Not a race: one iteration alone does not get its permissions.
            Some(Role::Race { first, second, .. })
                if short.contains(first) || short.contains(second) =>
            {
                continue
            }
            // Running all iterations of such a block fails for the same reason.
            Some(Role::BlockPre { block, .. })
                if e.reason == viper::ErrorReason::InsufficientPermission
                    && (short.contains(block) || self_racing.contains(block)) =>
            {
                continue
            }
            _ => {}
        }
        let mut d = classify::explain(e, lowered);
        let check_inferred = lowered
            .checks
            .get(e.span)
            .is_some_and(|c| c.inferred.is_some());
        let member = member_of(e);
        let member_inferred = member
            .as_ref()
            .is_some_and(|m| inferred_members.contains(m));
        let member_opaque = member.as_ref().is_some_and(|m| opaque_members.contains(m));
        if !matches!(role(e), Some(Role::Race { .. })) && (check_inferred || member_inferred) {
            d.definite = false;
        }
        if member_opaque && d.definite && !matches!(role(e), Some(Role::Race { .. })) {
            // The values it checks may be those of a call ompv takes to write all it may.
            d.definite = false;
            d.notes.push(
                "the code here calls a function that has neither a body ompv verifies nor a \
                 contract, which ompv takes to write all it may: the problem may not be real \
                 (verdict `unknown`)"
                    .into(),
            );
        }
        // (Unless the diagnostic says itself why it is not certain.)
        if !d.definite && !d.notes.iter().any(|n| n.contains("(verdict `unknown`)")) {
            d.notes.push(
                "ompv inferred the specifications this check comes from, over-approximating what \
                 the code does: the problem may not be real (verdict `unknown`)"
                    .into(),
            );
        }
        out.push(d);
    }
    let mut seen = HashSet::new();
    out.retain(|d| seen.insert((d.kind, d.span, d.message.clone())));
    out.sort_by_key(|d| (d.span.line, d.span.column, d.kind));
    out
}
