//! What a run found about one input file, independent of the output format: its verdict, the
//! problems (with source spans), the obligations and the code that was not verified. The
//! formats are in [`crate::output`]. Reports serialise (see [`crate::isolate`]).

use crate::exit::Verdict;
pub use codespan_reporting::diagnostic::Severity;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use viper::{SourceMap, Span};

/// One reported problem.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Problem {
    /// What went wrong in the terms of the input (`race`, `permission`, `syntax`, ...).
    pub kind: String,
    /// The finer machine-readable id: Silver's `<error>:<reason>` for verification errors (e.g.
    /// `exhale.failed:insufficient.permission`), else the front end's (`spec.syntax`,
    /// `parser.error`, ...).
    pub id: String,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Secondary locations with a note each.
    pub related: Vec<(Span, String)>,
    pub notes: Vec<String>,
    /// Whether text output names the problem by its id rather than its kind (Viper programs
    /// are read by people who know Silver's ids).
    pub by_id: bool,
    /// For a data race: its two accesses, the one made first in the witness first.
    pub accesses: Vec<RaceAccess>,
    /// For a data race with a witness: the element both access (`a[3]`, `` `sum` ``).
    pub element: Option<String>,
    /// For a data race: the further races a run of the program found that share an access with
    /// it, each its two accesses (for a race of the proof, they confirm it). They are reported
    /// here, not again on their own.
    pub run_races: Vec<Vec<RaceAccess>>,
}

/// One of the two accesses of a data race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceAccess {
    /// The access in the source (the expression that reads or writes).
    pub span: Span,
    pub write: bool,
    /// Who makes it in the witness: `iteration i = 3 of the loop at line 12`.
    pub by: String,
    /// The OpenMP thread number that makes it in the witness, where the witness names one.
    pub thread: Option<u32>,
    /// The values of the loop variables of the iteration that makes it (outermost first).
    pub iteration: Vec<(String, i128)>,
}

impl Problem {
    /// An error of the given kind and id.
    pub fn error(
        kind: impl Into<String>,
        id: impl Into<String>,
        span: Span,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            kind: kind.into(),
            id: id.into(),
            severity: Severity::Error,
            span,
            message: message.into(),
            related: Vec::new(),
            notes: Vec::new(),
            by_id: false,
            accesses: Vec::new(),
            element: None,
            run_races: Vec::new(),
        }
    }

    /// An error of a Viper program: its kind follows from Silver's id.
    pub fn viper(id: impl Into<String>, span: Span, message: impl Into<String>) -> Problem {
        let id = id.into();
        let kind = crate::kind::Kind::of_viper_id(&id);
        let mut p = Problem::error(kind.as_str(), id, span, message);
        p.by_id = true;
        p
    }

    /// A usage error (the command line asks for something ompv does not do).
    pub fn usage(message: impl Into<String>) -> Problem {
        Problem::error("usage", "usage.error", Span::DUMMY, message)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The name a diagnostic shows in brackets (`error[race]`): the kind, or Silver's id where
    /// that is what the reader knows (Viper programs, internal and back-end errors).
    pub fn code(&self) -> &str {
        if self.by_id || self.kind == "internal" || self.kind == "backend" {
            &self.id
        } else {
            &self.kind
        }
    }
}

/// One obligation (a generated member) and its outcome.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ObligationStatus {
    /// The Viper member that holds it.
    pub name: String,
    /// What it proves, in the terms of the C source (`function \`main\``, `the contract of
    /// each iteration of the loop at line 12`).
    pub proves: String,
    pub kind: String,
    pub status: String,
    pub time_ms: u128,
    /// Whether its proof was taken from the cache (a proof of the same obligation found before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cached: bool,
}

/// Code the file contains that is not verified.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    /// `spec_ignore` or `requires false`.
    pub reason: String,
    /// What was skipped: `function \`main\``, `code`.
    pub what: String,
    pub line: u32,
    pub end_line: u32,
}

impl Skipped {
    /// `function \`main\` (lines 3–9, requires false)`.
    pub fn describe(&self) -> String {
        let lines = if self.line == self.end_line {
            format!("line {}", self.line)
        } else {
            format!("lines {}–{}", self.line, self.end_line)
        };
        format!("{} ({lines}, {})", self.what, self.reason)
    }
}

/// Everything a run found about one input.
#[derive(Debug, Serialize, Deserialize)]
pub struct FileReport {
    /// The file as the user named it (`<stdin>` for standard input).
    pub name: String,
    /// The sources the spans point into.
    pub sources: SourceMap,
    pub verdict: Verdict,
    pub problems: Vec<Problem>,
    /// Notes that belong to no location (inconclusive obligations, hints).
    pub notes: Vec<String>,
    /// The obligations (for C files).
    pub obligations: Vec<ObligationStatus>,
    /// Code that is not verified.
    pub skipped: Vec<Skipped>,
    /// Which back end answered, when it is not the native one (`Silicon`, `native and Silicon
    /// agree`).
    pub backend: Option<String>,
    /// Errors left out by `--max-errors`.
    pub errors_left_out: usize,
    /// `--max-errors N` when this file reached it: there may be more errors than reported.
    pub stopped_at: Option<usize>,
    pub time: Duration,
    /// A program printed instead of a verdict (`--emit`).
    pub emitted: Option<String>,
    /// For C files: whether data-race freedom is proved (`Some(true)`), a race is certain
    /// (`Some(false)`), or neither (see `commands::verify::race_free`).
    pub race_free: Option<bool>,
}

impl FileReport {
    /// A report with a verdict and nothing else yet.
    pub fn new(name: &str, sources: SourceMap, verdict: Verdict) -> FileReport {
        FileReport {
            name: name.to_string(),
            sources,
            verdict,
            problems: Vec::new(),
            notes: Vec::new(),
            obligations: Vec::new(),
            skipped: Vec::new(),
            backend: None,
            errors_left_out: 0,
            stopped_at: None,
            time: Duration::ZERO,
            emitted: None,
            race_free: None,
        }
    }

    /// Number of errors reported.
    pub fn error_count(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// The obligations that were not verified (failed or inconclusive).
    pub fn not_verified(&self) -> Vec<&ObligationStatus> {
        self.obligations
            .iter()
            .filter(|o| o.status != "verified")
            .collect()
    }

    /// Keeps the first `max` errors (all if `None`), counting those left out; notes when the
    /// limit was reached (the back end stops looking, too).
    pub fn limit_errors(&mut self, max: Option<usize>) {
        let Some(max) = max else { return };
        if self.error_count() >= max {
            self.stopped_at = Some(max);
        }
        let mut seen = 0;
        let before = self.problems.len();
        self.problems.retain(|p| {
            if !p.is_error() {
                return true;
            }
            seen += 1;
            seen <= max
        });
        self.errors_left_out += before - self.problems.len();
    }

    /// An `unknown` file has no certain error: its problems say what may go wrong, so they are
    /// warnings (`warning[race]: possible data race: …`), never errors. Called once the verdict
    /// is final.
    pub fn mark_uncertain(&mut self) {
        if self.verdict != Verdict::Unknown {
            return;
        }
        for p in self.problems.iter_mut().filter(|p| p.is_error()) {
            p.severity = Severity::Warning;
            if p.message.starts_with("data race") {
                p.message.insert_str(0, "possible ");
            }
        }
    }

    /// Number of warnings reported.
    pub fn warning_count(&self) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
            .count()
    }

    /// The name of the file a span points into (the report's own name for positionless spans).
    pub fn file_of(&self, span: Span) -> String {
        if span.is_dummy() {
            return self.name.clone();
        }
        self.sources
            .get(span.file)
            .map_or_else(|| self.name.clone(), |f| f.name().to_string())
    }

    /// The source text a span covers (`None` without a position).
    pub fn text_at(&self, span: Span) -> Option<&str> {
        text_at(&self.sources, span)
    }

    /// The 1-based line and column of the end of a span (`None` without a position).
    pub fn end_of(&self, span: Span) -> Option<(u32, u32)> {
        if span.is_dummy() {
            return None;
        }
        let f = self.sources.get(span.file)?;
        Some(f.line_col(span.end.max(span.start) as usize))
    }
}

/// The source text a span covers (`None` without a position).
pub fn text_at(sources: &SourceMap, span: Span) -> Option<&str> {
    if span.is_dummy() {
        return None;
    }
    let f = sources.get(span.file)?;
    f.text().get(span.start as usize..span.end as usize)
}

/// A race's pair of accesses in DataRaceBench's form: `a[i]@12:5:W vs. a[i + 1]@12:10:R` (the
/// expression, line:column, read or write), in the one order `ompv witness` uses too.
pub fn race_pair(sources: &SourceMap, accesses: &[RaceAccess]) -> Option<String> {
    let text = |a: &RaceAccess| {
        let t = text_at(sources, a.span)?;
        Some(t.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    match accesses {
        [a, b] => {
            let (ta, tb) = (text(a)?, text(b)?);
            Some(openmp::replay::drb_pair([
                (ta.as_str(), a.span.line, a.span.column, a.write),
                (tb.as_str(), b.span.line, b.span.column, b.write),
            ]))
        }
        _ => None,
    }
}
