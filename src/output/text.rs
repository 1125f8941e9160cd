//! The text format: rustc-style diagnostics with source snippets (standard error), one verdict
//! line per file and, for many files, a summary table (standard output).

use super::color::paint;
use crate::exit::Verdict;
use crate::report::{FileReport, Problem};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use std::time::Duration;
use viper::SourceMap;

/// The problems of a report rendered as rustc-style diagnostics (ANSI colours if `color`).
pub fn diagnostics(sources: &SourceMap, problems: &[Problem], color: bool) -> Vec<u8> {
    let mut files = SimpleFiles::new();
    let mut ids = Vec::new();
    let mut i = 0;
    while let Some(f) = sources.get(viper::FileId(i)) {
        ids.push(files.add(f.name().to_string(), f.text().to_string()));
        i += 1;
    }
    let mut buffer = if color {
        termcolor::Buffer::ansi()
    } else {
        termcolor::Buffer::no_color()
    };
    let config = term::Config::default();
    for p in problems {
        let mut d = Diagnostic::new(p.severity)
            .with_code(p.code())
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
        let mut notes = p.notes.clone();
        if let Some(pair) = crate::report::race_pair(sources, &p.accesses) {
            notes.insert(0, format!("race pair: {pair}"));
        }
        d = d.with_labels(labels).with_notes(notes);
        let _ = term::emit_to_write_style(&mut buffer, &config, &files, &d);
    }
    buffer.into_inner()
}

/// `3 obligations`, `1 error`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn time(d: Duration) -> String {
    format!("{} ms", d.as_millis())
}

/// The ANSI style of a verdict.
fn style(v: Verdict) -> &'static str {
    match v {
        Verdict::Verified => "1;32",
        Verdict::NothingToVerify => "1;36",
        Verdict::Failed | Verdict::Error => "1;31",
        Verdict::Unknown => "1;33",
    }
}

/// The line that ends a file's report: `examples/fusion.c: verified (3 obligations, 290 ms)`.
pub fn verdict_line(r: &FileReport, color: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(b) = &r.backend {
        parts.push(b.to_string());
    }
    let errors = r.error_count();
    let not_verified = r.not_verified();
    let names = |os: &[&crate::report::ObligationStatus]| {
        os.iter()
            .map(|o| o.proves.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match r.verdict {
        Verdict::Verified => {
            if !r.obligations.is_empty() {
                parts.push(count(r.obligations.len(), "obligation"));
            }
            let cached = r.obligations.iter().filter(|o| o.cached).count();
            if cached > 0 {
                parts.push(format!("{cached} proved before, from the cache"));
            }
        }
        Verdict::NothingToVerify => parts.push("no function with a body".into()),
        Verdict::Failed | Verdict::Unknown | Verdict::Error => {
            if errors > 0 || r.verdict != Verdict::Unknown {
                parts.push(count(errors + r.errors_left_out, "error"));
            } else if r.warning_count() > 0 {
                parts.push(count(r.warning_count() + r.errors_left_out, "warning"));
            }
            if r.race_free == Some(true) {
                parts.push("no data race: race freedom is proved, only assertions failed".into());
            }
            if r.errors_left_out > 0 {
                parts.push(format!("{} not shown", r.errors_left_out));
            }
            if let Some(n) = r.stopped_at {
                parts.push(format!(
                    "stopped after {} (--max-errors {n})",
                    count(n, "error")
                ));
            }
            if !not_verified.is_empty() {
                let word = if r.verdict == Verdict::Unknown {
                    "inconclusive"
                } else {
                    "not verified"
                };
                parts.push(format!(
                    "{} of {} {word}: {}",
                    not_verified.len(),
                    count(r.obligations.len(), "obligation"),
                    names(&not_verified)
                ));
            }
        }
    }
    // Reports that did not time anything (e.g. `encode`'s input errors) carry no time.
    if r.emitted.is_none() && !r.time.is_zero() {
        parts.push(time(r.time));
    }
    let mut line = format!(
        "{}: {}",
        r.name,
        paint(color, style(r.verdict), r.verdict.words())
    );
    if !parts.is_empty() {
        line.push_str(&format!(" ({})", parts.join("; ")));
    }
    if !r.skipped.is_empty() {
        let what: Vec<String> = r.skipped.iter().map(|s| s.describe()).collect();
        line.push_str(&format!("; not verified: {}", what.join(", ")));
    }
    line
}

/// The summary of a run over many files: how many files got each verdict, the total time, and
/// the code that was not verified. `interrupted`: the run was stopped by Ctrl-C.
pub fn summary(
    reports: &[FileReport],
    elapsed: Duration,
    interrupted: bool,
    color: bool,
) -> String {
    let mut out = format!(
        "\nsummary: {} in {:.2} s\n",
        count(reports.len(), "file"),
        elapsed.as_secs_f64()
    );
    for v in Verdict::ALL {
        let n = reports.iter().filter(|r| r.verdict == v).count();
        let label = format!("{:<18}", v.words());
        let label = if n > 0 {
            paint(color, style(v), &label)
        } else {
            label
        };
        out.push_str(&format!("  {label}{n:>5}\n"));
    }
    let skipped: Vec<String> = reports
        .iter()
        .flat_map(|r| {
            r.skipped
                .iter()
                .map(move |s| format!("  {}: {}", r.name, s.describe()))
        })
        .collect();
    if !skipped.is_empty() {
        out.push_str(&format!(
            "not verified ({}):\n{}\n",
            count(skipped.len(), "part"),
            skipped.join("\n")
        ));
    }
    let worst = Verdict::worst(reports.iter().map(|r| r.verdict));
    let (code, words) = if interrupted {
        (crate::exit::ExitCode::Interrupted.code(), "interrupted")
    } else {
        (worst.exit_code().code(), worst.words())
    };
    out.push_str(&format!("exit code {code} ({words})\n"));
    out
}
