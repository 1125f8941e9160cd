//! One problem of the C program, as the diagnosis of a Viper error gives it.

use crate::kind::Kind;
use viper::Span;

/// One problem to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub kind: Kind,
    /// The finer id: Silver's `<error>:<reason>` of the Viper error behind it, or the input
    /// error's id; empty if there is none.
    pub id: String,
    /// Where it is reported (a C span; dummy if none).
    pub span: Span,
    pub message: String,
    /// Other locations with a note each.
    pub related: Vec<(Span, String)>,
    pub notes: Vec<String>,
    /// Whether the problem is certain. A check that fails in specifications ompv inferred
    /// (which may over-approximate what the code does) only makes the verdict `unknown`.
    pub definite: bool,
    /// For a data race: the two accesses of the witness.
    pub accesses: Vec<crate::report::RaceAccess>,
    /// For a data race: the element both access in the witness.
    pub element: Option<String>,
}

impl Diagnostic {
    pub fn new(kind: Kind, span: Span, message: String) -> Diagnostic {
        Diagnostic {
            kind,
            id: String::new(),
            span,
            message,
            related: Vec::new(),
            notes: Vec::new(),
            definite: true,
            accesses: Vec::new(),
            element: None,
        }
    }

    /// Adds a related location (if there is one).
    pub fn with_related(mut self, span: Option<Span>, note: &str) -> Diagnostic {
        if let Some(s) = span {
            if !s.is_dummy() && s != self.span {
                self.related.push((s, note.to_string()));
            }
        }
        self
    }
}
