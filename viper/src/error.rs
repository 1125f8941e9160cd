//! Errors: input errors (syntax, types, unsupported features) and verification errors with Silver's
//! `<error>:<reason>` identifiers.

use crate::Span;
use std::fmt;

/// What kind of input error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputErrorKind {
    /// Id `parser.error`.
    Parser,
    /// Id `typechecker.error`.
    Typechecker,
    /// Id `consistency.error`: a well-typed program that breaks one of Silver's consistency
    /// rules (e.g. a trigger missing a quantified variable, a heap access in a domain axiom).
    Consistency,
    /// Id `unsupported`: a construct the verifier does not handle; never silently skipped.
    Unsupported,
}

impl InputErrorKind {
    pub fn id(self) -> &'static str {
        match self {
            InputErrorKind::Parser => "parser.error",
            InputErrorKind::Typechecker => "typechecker.error",
            InputErrorKind::Consistency => "consistency.error",
            InputErrorKind::Unsupported => "unsupported",
        }
    }
}

/// An error in the input program, found before verification starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", kind.id())]
pub struct InputError {
    pub kind: InputErrorKind,
    pub span: Span,
    pub message: String,
}

impl InputError {
    pub fn parser(span: Span, message: impl Into<String>) -> InputError {
        InputError {
            kind: InputErrorKind::Parser,
            span,
            message: message.into(),
        }
    }

    pub fn typechecker(span: Span, message: impl Into<String>) -> InputError {
        InputError {
            kind: InputErrorKind::Typechecker,
            span,
            message: message.into(),
        }
    }

    pub fn consistency(span: Span, message: impl Into<String>) -> InputError {
        InputError {
            kind: InputErrorKind::Consistency,
            span,
            message: message.into(),
        }
    }

    pub fn unsupported(span: Span, message: impl Into<String>) -> InputError {
        InputError {
            kind: InputErrorKind::Unsupported,
            span,
            message: message.into(),
        }
    }
}

/// The failing operation of a verification error (the part of the id before the colon).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ErrorKind {
    AssertFailed,
    ExhaleFailed,
    InhaleFailed,
    PostconditionViolated,
    CallPrecondition,
    ApplicationPrecondition,
    AssignmentFailed,
    InvariantNotEstablished,
    InvariantNotPreserved,
    /// A specification (pre/postcondition, invariant, function body) that is not well-defined.
    NotWellformed,
    FoldFailed,
    UnfoldFailed,
    /// The condition of an `if` is not well-defined.
    IfFailed,
    /// The condition of a `while` is not well-defined.
    WhileFailed,
    /// An argument of a method call is not well-defined.
    CallFailed,
    /// A function body (or its postcondition check) is not well-defined.
    FunctionNotWellformed,
    /// A predicate body is not well-defined.
    PredicateNotWellformed,
    /// Smoke detection (option `smoke`): a point of a method body is reached only in
    /// inconsistent states, i.e. `false` holds there (Silver's `refute false` failing).
    RefuteFailed,
}

impl ErrorKind {
    /// Every kind, for reverse look-up by id.
    pub const ALL: [ErrorKind; 18] = [
        ErrorKind::AssertFailed,
        ErrorKind::ExhaleFailed,
        ErrorKind::InhaleFailed,
        ErrorKind::PostconditionViolated,
        ErrorKind::CallPrecondition,
        ErrorKind::ApplicationPrecondition,
        ErrorKind::AssignmentFailed,
        ErrorKind::InvariantNotEstablished,
        ErrorKind::InvariantNotPreserved,
        ErrorKind::NotWellformed,
        ErrorKind::FoldFailed,
        ErrorKind::UnfoldFailed,
        ErrorKind::IfFailed,
        ErrorKind::WhileFailed,
        ErrorKind::CallFailed,
        ErrorKind::FunctionNotWellformed,
        ErrorKind::PredicateNotWellformed,
        ErrorKind::RefuteFailed,
    ];

    /// The kind whose Silver id is `id`.
    pub fn from_id(id: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.id() == id)
    }

    pub fn id(self) -> &'static str {
        match self {
            ErrorKind::AssertFailed => "assert.failed",
            ErrorKind::ExhaleFailed => "exhale.failed",
            ErrorKind::InhaleFailed => "inhale.failed",
            ErrorKind::PostconditionViolated => "postcondition.violated",
            ErrorKind::CallPrecondition => "call.precondition",
            ErrorKind::ApplicationPrecondition => "application.precondition",
            ErrorKind::AssignmentFailed => "assignment.failed",
            ErrorKind::InvariantNotEstablished => "invariant.not.established",
            ErrorKind::InvariantNotPreserved => "invariant.not.preserved",
            ErrorKind::NotWellformed => "not.wellformed",
            ErrorKind::FoldFailed => "fold.failed",
            ErrorKind::UnfoldFailed => "unfold.failed",
            ErrorKind::IfFailed => "if.failed",
            ErrorKind::WhileFailed => "while.failed",
            ErrorKind::CallFailed => "call.failed",
            ErrorKind::FunctionNotWellformed => "function.not.wellformed",
            ErrorKind::PredicateNotWellformed => "predicate.not.wellformed",
            ErrorKind::RefuteFailed => "refute.failed",
        }
    }
}

/// Why an operation failed (the part of the id after the colon).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ErrorReason {
    AssertionFalse,
    InsufficientPermission,
    DivisionByZero,
    QpNotInjective,
    NegativePermission,
    /// The amount of a `fold`, `unfold` or `unfolding` is not positive.
    PermissionNotPositive,
    SeqIndexNegative,
    SeqIndexExceedsLength,
    /// The refuted assertion (for smoke detection: `false`) holds.
    RefutationTrue,
}

impl ErrorReason {
    /// Every reason, for reverse look-up by id.
    pub const ALL: [ErrorReason; 9] = [
        ErrorReason::AssertionFalse,
        ErrorReason::InsufficientPermission,
        ErrorReason::DivisionByZero,
        ErrorReason::QpNotInjective,
        ErrorReason::NegativePermission,
        ErrorReason::PermissionNotPositive,
        ErrorReason::SeqIndexNegative,
        ErrorReason::SeqIndexExceedsLength,
        ErrorReason::RefutationTrue,
    ];

    /// The reason whose Silver id is `id`.
    pub fn from_id(id: &str) -> Option<ErrorReason> {
        ErrorReason::ALL.into_iter().find(|r| r.id() == id)
    }

    pub fn id(self) -> &'static str {
        match self {
            ErrorReason::AssertionFalse => "assertion.false",
            ErrorReason::InsufficientPermission => "insufficient.permission",
            ErrorReason::DivisionByZero => "division.by.zero",
            ErrorReason::QpNotInjective => "qp.not.injective",
            ErrorReason::NegativePermission => "negative.permission",
            ErrorReason::PermissionNotPositive => "permission.not.positive",
            ErrorReason::SeqIndexNegative => "seq.index.negative",
            ErrorReason::SeqIndexExceedsLength => "seq.index.length",
            ErrorReason::RefutationTrue => "refutation.true",
        }
    }
}

/// A failed proof obligation, located like Silicon locates it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VerificationError {
    pub kind: ErrorKind,
    pub reason: ErrorReason,
    /// Where the error is reported: the failing statement, postcondition or invariant clause, or
    /// function application.
    pub span: Span,
    /// The offending sub-node (e.g. the `acc` that lacked permission, the conjunct that was false).
    pub reason_span: Span,
    pub message: String,
    /// Values of variables in a counterexample, when the solver gave a model (name, value).
    pub model: Vec<(String, String)>,
    /// The solver gave up for an incompleteness reason (quantifiers, non-linear arithmetic)
    /// instead of finding a counterexample: the obligation may hold. (Silicon does not say;
    /// its errors are `false` here.)
    #[serde(default)]
    pub incomplete: bool,
}

impl VerificationError {
    /// The Silver-style identifier, e.g. `assert.failed:assertion.false`.
    pub fn full_id(&self) -> String {
        format!("{}:{}", self.kind.id(), self.reason.id())
    }
}

impl fmt::Display for VerificationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}:{}): {}",
            self.full_id(),
            self.span.line,
            self.span.column,
            self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for k in ErrorKind::ALL {
            assert_eq!(ErrorKind::from_id(k.id()), Some(k));
        }
        for r in ErrorReason::ALL {
            assert_eq!(ErrorReason::from_id(r.id()), Some(r));
        }
        assert_eq!(
            ErrorKind::from_id("while.failed"),
            Some(ErrorKind::WhileFailed)
        );
        assert_eq!(ErrorKind::from_id("no.such.error"), None);
    }
}
