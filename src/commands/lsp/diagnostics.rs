//! A file's report as the protocol's diagnostics of that file: each problem at its primary span,
//! the other access of a race and every secondary span as related information, notes in the
//! message. What has no place in the file (a problem in a header, a note on the whole file)
//! is shown at its first line.

use super::position::Encoding;
use crate::exit::Verdict;
use crate::report::{FileReport, Problem, Severity};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    Url,
};
use std::path::{Path, PathBuf};
use viper::Span;

/// The diagnostics of `report`, the report on the file at `path`.
pub fn of_report(report: &FileReport, path: &Path, encoding: Encoding) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = report
        .problems
        .iter()
        .map(|p| of_problem(report, p, path, encoding))
        .collect();
    // An answer that is not `verified` with nothing to point at still says why.
    if out.is_empty() && report.verdict != Verdict::Verified {
        let mut message = format!("ompv: {}", report.verdict.as_str());
        for n in &report.notes {
            message.push_str("\nnote: ");
            message.push_str(n);
        }
        out.push(Diagnostic {
            range: Range::default(),
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some("ompv".into()),
            message,
            ..Diagnostic::default()
        });
    }
    out
}

fn of_problem(report: &FileReport, p: &Problem, path: &Path, encoding: Encoding) -> Diagnostic {
    let mut message = p.message.clone();
    let here = located(report, p.span, encoding).filter(|(file, _)| same_file(file, path));
    let range = match &here {
        Some((_, range)) => *range,
        None => {
            // Not in this file: say where.
            if !p.span.is_dummy() {
                message = format!(
                    "{}:{}:{}: {message}",
                    report.file_of(p.span),
                    p.span.line,
                    p.span.column
                );
            }
            Range::default()
        }
    };
    if let Some(pair) = crate::report::race_pair(&report.sources, &p.accesses) {
        message.push_str("\nrace pair: ");
        message.push_str(&pair);
    }
    for n in &p.notes {
        message.push_str("\nnote: ");
        message.push_str(n);
    }
    // A race's two accesses are related locations too, where no secondary span shows them.
    let accesses = p
        .accesses
        .iter()
        .filter(|a| !p.related.iter().any(|(s, _)| *s == a.span))
        .map(|a| {
            let what = if a.write { "written" } else { "read" };
            let by = if a.by.is_empty() {
                String::new()
            } else {
                format!(" by {}", a.by)
            };
            (a.span, format!("{what} here{by}"))
        });
    let related: Vec<DiagnosticRelatedInformation> = p
        .related
        .iter()
        .cloned()
        .chain(accesses)
        .filter_map(|(span, note)| {
            let (file, range) = located(report, span, encoding)?;
            Some(DiagnosticRelatedInformation {
                location: Location::new(Url::from_file_path(&file).ok()?, range),
                message: note,
            })
        })
        .collect();
    Diagnostic {
        range,
        severity: Some(severity(p.severity)),
        code: Some(NumberOrString::String(p.code().to_string())),
        source: Some("ompv".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Bug | Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
        Severity::Help => DiagnosticSeverity::HINT,
    }
}

/// The absolute path of the file `span` is in, and its range there.
fn located(report: &FileReport, span: Span, encoding: Encoding) -> Option<(PathBuf, Range)> {
    if span.is_dummy() {
        return None;
    }
    let file = report.sources.get(span.file)?;
    let range = encoding.range(file.text(), span.start as usize, span.end as usize);
    Some((absolute(Path::new(file.name())), range))
}

/// `path` made absolute against the working directory (the preprocessor names included files
/// relative to it).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
}
