//! Explaining one Viper verification error in terms of the C program, through the side table:
//! the error's span names the check that failed, the check's role and the error's id decide the
//! kind, and the check's source spans the location.

use super::block_name::describe;
use super::diagnostic::Diagnostic;
use super::race::race_message;
use crate::kind::Kind;
use openmp::lower::Lowered;
use ppl::obligations::checks::is_check_span;
use ppl::obligations::{BlockInfo, Checks, Owner, Role};
use viper::{ErrorKind as VKind, ErrorReason as Reason, Span, VerificationError};

/// A source span of the error's offending sub-node, if it has one.
fn reason_at(e: &VerificationError) -> Option<Span> {
    (!e.reason_span.is_dummy() && !is_check_span(e.reason_span)).then_some(e.reason_span)
}

/// One run of a block: `one iteration of the loop at line 17`, `the single at line 30`.
fn one_run(b: &BlockInfo) -> String {
    match b.kind {
        ppl::BlockKind::Seq => describe(b),
        _ => format!("one iteration of {}", describe(b)),
    }
}

fn reason_text(r: Reason) -> &'static str {
    match r {
        Reason::AssertionFalse => "it may be false",
        Reason::InsufficientPermission => "there may not be enough permission",
        Reason::DivisionByZero => "a divisor may be zero",
        Reason::QpNotInjective => {
            "a quantified permission may ask for the same element twice (it is not injective)"
        }
        Reason::NegativePermission => "a permission amount may be negative",
        Reason::PermissionNotPositive => "a permission amount may not be positive",
        Reason::SeqIndexNegative | Reason::SeqIndexExceedsLength => "an index may be out of range",
        Reason::RefutationTrue => "it is reached only in inconsistent states",
    }
}

/// A smoke report (`--smoke`): code of an obligation reached only in inconsistent states, at
/// the C construct it comes from when the lowering recorded one.
fn smoke(e: &VerificationError, lowered: &Lowered) -> Diagnostic {
    let at = if is_check_span(e.span) {
        lowered.checks.get(e.span).map_or(Span::DUMMY, |c| c.span)
    } else {
        e.span
    };
    // One message for every point of an obligation, so that its reports at one C construct
    // merge into one.
    let mut d = Diagnostic::new(
        Kind::Smoke,
        at,
        "this code is reached only in inconsistent states: the contracts or assumptions of its \
         proof obligation contradict each other, so its proof says nothing"
            .to_string(),
    );
    d.id = e.full_id();
    d.notes.push(format!("Viper: {}", e.full_id()));
    d
}

/// The kind for a failure of plain code: by the reason.
fn code_kind(r: Reason) -> Kind {
    match r {
        Reason::AssertionFalse | Reason::DivisionByZero => Kind::Assertion,
        _ => Kind::Permission,
    }
}

/// Explains one verification error.
pub fn explain(e: &VerificationError, lowered: &Lowered) -> Diagnostic {
    if e.kind == VKind::RefuteFailed {
        return smoke(e, lowered);
    }
    let checks = &lowered.checks;
    let Some(check) = checks.get(e.span) else {
        return Diagnostic::new(
            Kind::Internal,
            reason_at(e).unwrap_or(Span::DUMMY),
            format!(
                "verification failed in generated code ompv cannot map back to the program: {}",
                e
            ),
        );
    };
    let at = check.span;
    let here = reason_at(e).unwrap_or(at);
    let id = e.full_id();
    let mut d = match &check.role {
        Role::Division => Diagnostic::new(
            Kind::Assertion,
            at,
            "division by zero: the divisor may be 0".to_string(),
        ),
        Role::Overflow { ty } => Diagnostic::new(
            Kind::Assertion,
            at,
            format!(
                "signed overflow: the result may be outside the range of `{ty}` (undefined \
                 behaviour)"
            ),
        ),
        Role::Call { callee } => match e.reason {
            Reason::InsufficientPermission => Diagnostic::new(
                Kind::Precondition,
                at,
                format!("the precondition of `{callee}` may not hold at this call: not enough permission"),
            )
            .with_related(reason_at(e), "this permission is required"),
            _ => Diagnostic::new(
                Kind::Precondition,
                at,
                format!("the precondition of `{callee}` may not hold at this call"),
            )
            .with_related(reason_at(e), "this part may not hold"),
        },
        Role::Assert => match e.reason {
            Reason::AssertionFalse => {
                Diagnostic::new(Kind::Assertion, at, "this assertion may not hold".to_string())
            }
            r => Diagnostic::new(
                code_kind(r),
                here,
                format!("this assertion cannot be evaluated: {}", reason_text(r)),
            ),
        },
        Role::Statement | Role::Condition => match e.reason {
            Reason::InsufficientPermission => Diagnostic::new(
                Kind::Permission,
                here,
                "this access needs a permission that may not be held here".to_string(),
            ),
            r => Diagnostic::new(code_kind(r), here, reason_text(r).to_string()),
        },
        Role::LoopInvariant => {
            let what = match e.kind {
                VKind::InvariantNotEstablished => "may not hold when the loop starts",
                VKind::InvariantNotPreserved => "may not be preserved by the loop body",
                _ => "is not well-defined",
            };
            Diagnostic::new(
                Kind::LoopInvariant,
                at,
                format!("this loop invariant {what}: {}", reason_text(e.reason)),
            )
        }
        Role::Precondition(owner) => {
            let whose = owner_text(owner, checks);
            Diagnostic::new(
                code_kind(e.reason),
                here,
                format!(
                    "the precondition of {whose} is not well-defined: {}",
                    reason_text(e.reason)
                ),
            )
        }
        Role::Postcondition(owner) => postcondition(e, owner, at, checks),
        Role::Fit { block, .. } | Role::BlockPre { block, .. }
            if checks.block(*block).invariant.is_some() =>
        {
            let b = checks.block(*block);
            let inv = b.invariant.unwrap_or(at);
            let r = match &check.role {
                Role::Fit { region, .. } | Role::BlockPre { region, .. } => checks.region(*region),
                _ => unreachable!("matched above"),
            };
            Diagnostic::new(
                Kind::ResourceInvariant,
                inv,
                format!(
                    "the resource invariant of {} may not hold where the parallel region at line \
                     {} starts: {}",
                    b.construct,
                    r.line,
                    reason_text(e.reason)
                ),
            )
            .with_related(reason_at(e), "this part of the invariant")
        }
        Role::Fit { region, block, .. } => {
            let b = checks.block(*block);
            let r = checks.region(*region);
            match (e.reason, r.contract) {
                (Reason::InsufficientPermission, Some(contract)) => Diagnostic::new(
                    Kind::RegionContract,
                    contract,
                    format!(
                        "the contract of the parallel region at line {} does not provide the \
                         permissions that {} needs",
                        r.line,
                        one_run(b)
                    ),
                )
                .with_related(reason_at(e), "this permission is not provided"),
                (Reason::InsufficientPermission, None) => Diagnostic::new(
                    Kind::IterationContract,
                    here,
                    format!(
                        "the permissions that {} needs are not held where the parallel region at \
                         line {} starts",
                        one_run(b),
                        r.line
                    ),
                )
                .with_related(Some(b.pragma), "the block"),
                (reason, _) => Diagnostic::new(
                    Kind::IterationContract,
                    here,
                    format!(
                        "the permissions of {} cannot be taken: {}",
                        one_run(b),
                        reason_text(reason)
                    ),
                ),
            }
        }
        Role::Race { .. } if e.reason == Reason::InsufficientPermission => {
            race_message(e, &check.role, lowered)
        }
        Role::Race { second, .. } => {
            let b = checks.block(*second);
            Diagnostic::new(
                Kind::Permission,
                here,
                format!(
                    "the permissions of {} cannot be checked for conflicts: {}",
                    describe(b),
                    reason_text(e.reason)
                ),
            )
        }
        Role::BlockPre { region, block } => {
            let b = checks.block(*block);
            let r = checks.region(*region);
            match e.reason {
                Reason::InsufficientPermission if r.contract.is_some() => Diagnostic::new(
                    Kind::RegionContract,
                    r.contract.unwrap_or(at),
                    format!(
                        "running the blocks of the region at line {} in order, the permissions \
                         all iterations of {} need together are not available (check the \
                         region's contract and what the earlier blocks give back)",
                        r.line,
                        describe(b)
                    ),
                )
                .with_related(reason_at(e), "this permission is not available"),
                Reason::InsufficientPermission => Diagnostic::new(
                    Kind::IterationContract,
                    here,
                    format!(
                        "where {} starts, the permissions all its iterations need together are \
                         not available",
                        describe(b)
                    ),
                )
                .with_related(Some(b.pragma), "the block"),
                Reason::AssertionFalse => Diagnostic::new(
                    Kind::IterationContract,
                    here,
                    format!(
                        "the iteration precondition of {} may not hold where it starts",
                        describe(b)
                    ),
                )
                .with_related(Some(b.pragma), "the block"),
                reason => Diagnostic::new(
                    Kind::IterationContract,
                    here,
                    format!(
                        "the iteration preconditions of {} cannot hold together: {}",
                        describe(b),
                        reason_text(reason)
                    ),
                ),
            }
        }
        Role::BlockPost { block, .. } => {
            let b = checks.block(*block);
            Diagnostic::new(
                Kind::IterationContract,
                here,
                format!(
                    "the iteration postcondition of {} is not well-defined: {}",
                    describe(b),
                    reason_text(e.reason)
                ),
            )
        }
        Role::RegionPre(region) => {
            let r = checks.region(*region);
            Diagnostic::new(
                Kind::RegionContract,
                here,
                format!(
                    "the precondition of the parallel region at line {} may not hold where it \
                     starts: {}",
                    r.line,
                    reason_text(e.reason)
                ),
            )
            .with_related(Some(r.pragma), "the region")
        }
        Role::RegionPost(region) => {
            let r = checks.region(*region);
            Diagnostic::new(
                Kind::RegionContract,
                here,
                format!(
                    "the postcondition of the parallel region at line {} is not well-defined: {}",
                    r.line,
                    reason_text(e.reason)
                ),
            )
        }
        Role::LockRelease { lock, invariant } => Diagnostic::new(
            Kind::ResourceInvariant,
            at,
            match e.reason {
                Reason::AssertionFalse => format!(
                    "the resource invariant of {lock} may not hold at the end of this critical \
                     section: it must hold again before the lock is released"
                ),
                r => format!(
                    "{lock} cannot give the lock back its resource invariant at its end: {}",
                    reason_text(r)
                ),
            },
        )
        .with_related(reason_at(e).or(*invariant), "this part of the invariant"),
        Role::Contribution { block, var } => {
            let b = checks.block(*block);
            Diagnostic::new(
                Kind::IterationContract,
                at,
                format!(
                    "the contribution of {} to the reduction of `{var}` may not be this value: \
                     {}",
                    one_run(b),
                    reason_text(e.reason)
                ),
            )
        }
        Role::Library {
            callee,
            access,
            exact,
        } => {
            let mut d = Diagnostic::new(
                Kind::Permission,
                at,
                if *exact {
                    format!(
                        "`{callee}` {access}, and the code here may not hold a permission to it: \
                         {}",
                        reason_text(e.reason)
                    )
                } else {
                    format!("ompv cannot bound what `{callee}` accesses here: it {access}")
                },
            );
            if !*exact {
                d.definite = false;
                d.notes.push(
                    "ompv takes the routine to access all it might (a string up to the end of \
                     its object), more than it may: the problem may not be real (verdict \
                     `unknown`)"
                        .into(),
                );
            }
            d
        }
        Role::Opaque { callee, access } => {
            let mut d = Diagnostic::new(
                Kind::Permission,
                at,
                format!(
                    "`{callee}` has neither a body ompv verifies nor a contract, so ompv takes it \
                     to do all it may: it {access}, and the code here may not hold a permission \
                     to that"
                ),
            );
            d.definite = false;
            d.notes.push(format!(
                "the call may do less: the problem may not be real (verdict `unknown`); a \
                 contract on `{callee}`'s prototype says what it accesses"
            ));
            d
        }
        Role::Unmodelled { what } => {
            let mut d = Diagnostic::new(
                Kind::Unsupported,
                at,
                format!("ompv does not model {what}"),
            );
            d.definite = false;
            d.notes.push(
                "what the code does there is not checked, so nothing is proved about it (verdict \
                 `unknown`)"
                    .into(),
            );
            d
        }
        Role::ClauseRead { clause, var } => Diagnostic::new(
            Kind::Permission,
            at,
            format!(
                "the `{clause}` clause reads the original `{var}` when the construct starts \
                 (OpenMP 5.2 §5.4.4: each copy is initialised from it), and the block may not \
                 hold a permission to it: {}",
                reason_text(e.reason)
            ),
        ),
        Role::Internal(what) => Diagnostic::new(
            Kind::Internal,
            here,
            format!("a generated check ({what}) failed, which ompv does not expect: {e}"),
        ),
    };
    d.notes.push(format!("Viper: {id}"));
    d.id = id;
    d
}

fn owner_text(owner: &Owner, checks: &Checks) -> String {
    match owner {
        Owner::Function(f) => format!("`{f}`"),
        Owner::Block(b) => describe(checks.block(*b)),
        Owner::Region(r) => format!("the parallel region at line {}", checks.region(*r).line),
    }
}

fn postcondition(e: &VerificationError, owner: &Owner, at: Span, checks: &Checks) -> Diagnostic {
    // A `return` before the end of a function checks the postcondition with an exhale.
    if e.kind != VKind::PostconditionViolated && e.kind != VKind::ExhaleFailed {
        return Diagnostic::new(
            code_kind(e.reason),
            reason_at(e).unwrap_or(at),
            format!(
                "the postcondition of {} is not well-defined: {}",
                owner_text(owner, checks),
                reason_text(e.reason)
            ),
        );
    }
    let (kind, whose) = match owner {
        Owner::Function(f) => (Kind::Postcondition, format!("`{f}`")),
        Owner::Block(b) => (Kind::IterationContract, one_run(checks.block(*b))),
        Owner::Region(r) => (
            Kind::RegionContract,
            format!("the parallel region at line {}", checks.region(*r).line),
        ),
    };
    let why = match e.reason {
        Reason::AssertionFalse => String::new(),
        r => format!(": {}", reason_text(r)),
    };
    Diagnostic::new(
        kind,
        at,
        if e.kind == VKind::ExhaleFailed {
            format!("the postcondition of {whose} may not hold when it returns here{why}")
        } else {
            format!("this postcondition of {whose} may not hold{why}")
        },
    )
    .with_related(
        reason_at(e).filter(|s| *s != at && e.reason != Reason::AssertionFalse),
        "this part",
    )
}
