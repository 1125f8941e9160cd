//! The JSON format, the same for every subcommand: one object per file (one per line for many
//! files, i.e. JSON Lines).
//!
//! ```json
//! {"file": "x.c", "verdict": "failed",
//!  "errors": [{"file": "x.c", "kind": "race", "id": "exhale.failed:insufficient.permission",
//!              "severity": "error", "message": "…", "line": 9, "column": 3,
//!              "end_line": 9, "end_column": 27,
//!              "related": [{"file": "x.c", "line": 11, "column": 22, "end_line": 11,
//!                           "end_column": 26, "message": "…"}],
//!              "notes": ["Viper: exhale.failed:insufficient.permission"]}],
//!  "notes": [], "obligations": [{"name": "f", "kind": "function", "status": "failed",
//!  "time_ms": 46}], "not_verified": [], "errors_left_out": 0, "time_ms": 55}
//! ```
//!
//! Positions are 1-based; a problem without a position has `null` for all four.

use crate::report::{FileReport, ObligationStatus, Problem, Severity, Skipped};
use serde::Serialize;
use viper::Span;

/// A position range in a file.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct JsonSpan {
    pub file: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub end_line: Option<u32>,
    pub end_column: Option<u32>,
}

/// A related location.
#[derive(Clone, Debug, Serialize)]
pub struct JsonRelated {
    #[serde(flatten)]
    pub at: JsonSpan,
    pub message: String,
}

/// One problem.
#[derive(Clone, Debug, Serialize)]
pub struct JsonDiagnostic {
    #[serde(flatten)]
    pub at: JsonSpan,
    pub kind: String,
    /// Silver's id of the underlying Viper error, or the input error's id.
    pub id: String,
    pub severity: &'static str,
    pub message: String,
    pub related: Vec<JsonRelated>,
    pub notes: Vec<String>,
    /// A data race's two accesses (absent for other problems).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accesses: Vec<JsonAccess>,
    /// The accesses in DataRaceBench's form, `a[i+1]@12:10:R vs. a[i]@12:5:W`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pair: Option<String>,
    /// The element both accesses touch in the witness (`a[3]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// The further races a run of the program found that share an access with this one (for a
    /// race of the proof, they confirm it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub run_races: Vec<JsonRunRace>,
}

/// A race a run found, reported with another that shares an access with it.
#[derive(Clone, Debug, Serialize)]
pub struct JsonRunRace {
    pub accesses: Vec<JsonAccess>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pair: Option<String>,
}

/// One access of a data race.
#[derive(Clone, Debug, Serialize)]
pub struct JsonAccess {
    #[serde(flatten)]
    pub at: JsonSpan,
    /// The expression as written.
    pub expression: String,
    /// `read` or `write`.
    pub access: &'static str,
    /// Who makes it in the witness, in words.
    pub by: String,
    /// The OpenMP thread number that makes it in the witness (`null` where it names none).
    pub thread: Option<u32>,
    /// The values of the loop variables of the iteration that makes it (`{"i": 3}`; empty
    /// outside loops).
    pub iteration: serde_json::Map<String, serde_json::Value>,
}

/// The report on one file.
#[derive(Clone, Debug, Serialize)]
pub struct JsonFile<'a> {
    pub file: &'a str,
    pub verdict: &'static str,
    /// The back end that answered when it is not the native one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backend: Option<&'a str>,
    pub errors: Vec<JsonDiagnostic>,
    pub notes: &'a [String],
    pub obligations: &'a [ObligationStatus],
    pub not_verified: &'a [Skipped],
    pub errors_left_out: usize,
    /// `--max-errors N` when the file reached it (there may be more errors), else null.
    pub stopped_at: Option<usize>,
    /// C files: `true` when data-race freedom is proved (also if assertions failed), `false`
    /// when a race is certain, `null` otherwise.
    pub race_free: Option<bool>,
    pub time_ms: u128,
}

/// A program printed instead of verified (`--emit viper --format json`): no verdict.
#[derive(Clone, Debug, Serialize)]
pub struct JsonEmitted<'a> {
    pub file: &'a str,
    pub viper: &'a str,
}

/// Where a span is, in a report's files.
pub fn span(r: &FileReport, s: Span) -> JsonSpan {
    let end = r.end_of(s);
    let pos = !s.is_dummy();
    JsonSpan {
        file: r.file_of(s),
        line: pos.then_some(s.line),
        column: pos.then_some(s.column),
        end_line: end.map(|e| e.0),
        end_column: end.map(|e| e.1),
    }
}

pub fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Bug | Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
        Severity::Help => "help",
    }
}

/// One problem in JSON.
pub fn diagnostic(r: &FileReport, p: &Problem) -> JsonDiagnostic {
    JsonDiagnostic {
        at: span(r, p.span),
        kind: p.kind.clone(),
        id: p.id.clone(),
        severity: severity(p.severity),
        message: p.message.clone(),
        related: p
            .related
            .iter()
            .map(|(s, m)| JsonRelated {
                at: span(r, *s),
                message: m.clone(),
            })
            .collect(),
        notes: p.notes.clone(),
        accesses: accesses(r, &p.accesses),
        pair: crate::report::race_pair(&r.sources, &p.accesses),
        element: p.element.clone(),
        run_races: p
            .run_races
            .iter()
            .map(|c| JsonRunRace {
                accesses: accesses(r, c),
                pair: crate::report::race_pair(&r.sources, c),
            })
            .collect(),
    }
}

fn accesses(r: &FileReport, accesses: &[crate::report::RaceAccess]) -> Vec<JsonAccess> {
    accesses
        .iter()
        .map(|a| JsonAccess {
            at: span(r, a.span),
            expression: r.text_at(a.span).unwrap_or_default().to_string(),
            access: if a.write { "write" } else { "read" },
            by: a.by.clone(),
            thread: a.thread,
            iteration: a
                .iteration
                .iter()
                .map(|(n, v)| (n.clone(), number(*v)))
                .collect(),
        })
        .collect()
}

/// An integer as a JSON number (as a string beyond 64 bits, which JSON readers cannot hold).
fn number(v: i128) -> serde_json::Value {
    i64::try_from(v).map_or_else(|_| v.to_string().into(), serde_json::Value::from)
}

/// The report on one file as one line of JSON.
pub fn file_line(r: &FileReport) -> String {
    if let Some(text) = &r.emitted {
        let e = JsonEmitted {
            file: &r.name,
            viper: text,
        };
        return serde_json::to_string(&e).unwrap_or_default();
    }
    let j = JsonFile {
        file: &r.name,
        verdict: r.verdict.as_str(),
        backend: r.backend.as_deref(),
        errors: r.problems.iter().map(|p| diagnostic(r, p)).collect(),
        notes: &r.notes,
        obligations: &r.obligations,
        not_verified: &r.skipped,
        errors_left_out: r.errors_left_out,
        stopped_at: r.stopped_at,
        race_free: r.race_free,
        time_ms: r.time.as_millis(),
    };
    serde_json::to_string(&j).unwrap_or_default()
}
