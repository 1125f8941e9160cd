//! Errors of the front end: every one has a kind, a machine-readable id and a location in the
//! original C file.

use viper::Span;

/// The class of an input error, as reported in JSON (`"kind"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// Malformed C, pragma or specification; also the preprocessor's errors in the program.
    Syntax,
    /// The preprocessor could not run, or ompv's headers could not be written.
    Io,
    /// A construct the verifier does not handle (named in the message).
    Unsupported,
    /// Ill-typed or unresolved names.
    Type,
    /// A program that breaks a restriction of OpenMP 5.2 (the nesting of regions, a barrier
    /// that some threads of a team may not meet): its behaviour is not defined.
    Nonconforming,
}

impl ErrorKind {
    /// `syntax`, `io`, `unsupported`, `type` or `nonconforming`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::Io => "io",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Type => "type",
            ErrorKind::Nonconforming => "nonconforming",
        }
    }
}

/// An error in the input program, located in the original source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}:{}: {} error: {message}", span.line, span.column, kind.as_str())]
pub struct FrontError {
    pub kind: ErrorKind,
    /// Finer id, e.g. `spec.syntax`, `omp.syntax`, `c.syntax`, `cpp`, `unsupported`, `type`.
    pub id: &'static str,
    pub span: Span,
    pub message: String,
}

impl FrontError {
    pub fn new(kind: ErrorKind, id: &'static str, span: Span, message: impl Into<String>) -> Self {
        FrontError {
            kind,
            id,
            span,
            message: message.into(),
        }
    }

    /// A construct the verifier does not handle.
    pub fn unsupported(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unsupported, "unsupported", span, message)
    }

    /// A program that breaks a restriction of OpenMP 5.2 (the message cites it).
    pub fn nonconforming(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Nonconforming, "omp.nonconforming", span, message)
    }

    /// An ill-typed or unresolved construct.
    pub fn type_error(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Type, "type", span, message)
    }

    /// Malformed C code.
    pub fn c_syntax(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Syntax, "c.syntax", span, message)
    }

    /// A malformed `#pragma omp`.
    pub fn omp_syntax(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Syntax, "omp.syntax", span, message)
    }

    /// A malformed specification.
    pub fn spec_syntax(span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Syntax, "spec.syntax", span, message)
    }
}

/// Several errors (the front end reports as many as it can find in one run).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s), the first: {}", .0.len(), .0.first().map(|e| e.to_string()).unwrap_or_default())]
pub struct FrontErrors(pub Vec<FrontError>);

impl FrontErrors {
    /// `errors` in the order of their positions, each once.
    pub fn sorted(mut errors: Vec<FrontError>) -> FrontErrors {
        errors.sort_by_key(|e| (e.span.file, e.span.start));
        errors.dedup();
        FrontErrors(errors)
    }
}

impl From<FrontError> for FrontErrors {
    fn from(e: FrontError) -> Self {
        FrontErrors(vec![e])
    }
}
