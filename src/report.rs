//! Printing results: rustc-style diagnostics with source snippets, or one JSON object.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use serde::Serialize;
use viper::{SourceMap, Span};

/// One reported problem, independent of output format.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Machine-readable id (e.g. `assert.failed:assertion.false`, `parser.error`).
    pub id: String,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Secondary locations with a note each.
    pub related: Vec<(Span, String)>,
    pub notes: Vec<String>,
}

impl Problem {
    pub fn error(id: impl Into<String>, span: Span, message: impl Into<String>) -> Problem {
        Problem {
            id: id.into(),
            severity: Severity::Error,
            span,
            message: message.into(),
            related: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// Writes problems as rustc-style diagnostics to stderr.
pub fn emit_text(sources: &SourceMap, problems: &[Problem]) {
    let mut files = SimpleFiles::new();
    let mut ids = Vec::new();
    let mut i = 0;
    while let Some(f) = sources.get(viper::FileId(i)) {
        ids.push(files.add(f.name().to_string(), f.text().to_string()));
        i += 1;
    }
    let writer = termcolor::StandardStream::stderr(termcolor::ColorChoice::Auto);
    let config = term::Config::default();
    for p in problems {
        let mut d = Diagnostic::new(p.severity)
            .with_code(p.id.clone())
            .with_message(&p.message);
        let mut labels = Vec::new();
        if let Some(&fid) = ids.get(p.span.file.0 as usize) {
            if !p.span.is_dummy() {
                labels.push(Label::primary(
                    fid,
                    p.span.start as usize..p.span.end as usize,
                ));
            }
        }
        for (s, m) in &p.related {
            if let Some(&fid) = ids.get(s.file.0 as usize) {
                if !s.is_dummy() {
                    labels.push(
                        Label::secondary(fid, s.start as usize..s.end as usize).with_message(m),
                    );
                }
            }
        }
        d = d.with_labels(labels).with_notes(p.notes.clone());
        let _ = term::emit_to_write_style(&mut writer.lock(), &config, &files, &d);
    }
}

/// A problem in JSON form: `{"id", "line", "column", "message"}`.
#[derive(Serialize)]
pub struct JsonError {
    pub id: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl From<&Problem> for JsonError {
    fn from(p: &Problem) -> JsonError {
        JsonError {
            id: p.id.clone(),
            line: p.span.line,
            column: p.span.column,
            message: p.message.clone(),
        }
    }
}

/// A related location in JSON: `{"line", "column", "message"}`.
#[derive(Serialize)]
pub struct JsonRelated {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// A diagnostic of `ompv verify` in JSON: `{"kind", "message", "line", "column", "related"}`.
#[derive(Serialize)]
pub struct JsonDiagnostic {
    pub kind: String,
    pub message: String,
    pub line: u32,
    pub column: u32,
    pub related: Vec<JsonRelated>,
}

impl From<&Problem> for JsonDiagnostic {
    fn from(p: &Problem) -> JsonDiagnostic {
        JsonDiagnostic {
            kind: p.id.clone(),
            message: p.message.clone(),
            line: p.span.line,
            column: p.span.column,
            related: p
                .related
                .iter()
                .map(|(s, m)| JsonRelated {
                    line: s.line,
                    column: s.column,
                    message: m.clone(),
                })
                .collect(),
        }
    }
}
