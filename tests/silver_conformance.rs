//! Conformance of ompv with Silver's own test corpus, measured the way Silver's test harness measures
//! Silicon.
//!
//! Silver's test files are not part of this repository. Extract (for example)
//! `src/test/resources/{all/basic,all/permissions,all/inhale_exhale,all/functions,all/domains,
//! quantifiedpermissions}` of viperproject/silver into a directory and run
//!
//! ```text
//! OMPV_SILVER_TESTS=/path/to/dir cargo test --test silver_conformance -- --ignored --nocapture
//! ```
//!
//! Optional: `OMPV_SILVER_FILTER=substring` (only files whose path contains it),
//! `OMPV_SILVER_MIN_PASSED=percent` (fail unless that share of the compared files passes),
//! `OMPV_SILVER_TIMEOUT_MS=ms` (per-query solver timeout).
//!
//! For each file: ompv parses and type-checks it. A file is *excluded* (with its reason) when Silver
//! tells Silicon to ignore it, when ompv reports `unsupported`, or when ompv's front end reports an
//! error the file does not expect. Otherwise the file is verified and its (id, line) outputs are
//! matched against the annotations as Silver's `OutputMatcher` does for Silicon:
//! `ExpectedOutput` must be reported, `UnexpectedOutput(id, /silicon/...)` (a known false alarm of
//! Silicon) is expected too, `MissingOutput(id, /silicon/...)` (an error Silicon is known to miss)
//! cancels the matching `ExpectedOutput` and must not be reported, `IgnoreOthers` accepts anything
//! on its line; annotations for other tools (Carbon) are ignored. Any other output fails the file.
//!
//! The test fails if ompv panics on some file, if the directory holds no test file, or if the
//! optional minimum pass share is not met.

// The annotation reader below duplicates the one of tests/support/annotations.rs (branch `lang`),
// which was not on `main` when this runner was written; switch to it once both are merged.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use viper::verifier::{verify, VerifyOptions};
use viper::{FileId, InputError, InputErrorKind};

/// The tool name Silver's annotations use for the verifier whose behaviour ompv follows.
const TOOL: &str = "silicon";

// ---------------------------------------------------------------------------------------------
// Annotations

/// An output id `key` or `key:reason`; an annotation without reason matches any reason.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OutputId {
    key: String,
    reason: Option<String>,
}

impl OutputId {
    fn parse(s: &str) -> OutputId {
        match s.split_once(':') {
            Some((k, r)) => OutputId {
                key: k.trim().to_string(),
                reason: Some(r.trim().to_string()),
            },
            None => OutputId {
                key: s.trim().to_string(),
                reason: None,
            },
        }
    }

    /// Whether a reported full id matches this annotated id. Silver's `consistency.error` is what
    /// ompv's type checker reports as `typechecker.error`.
    fn matches(&self, reported: &str) -> bool {
        let got = OutputId::parse(reported);
        let key_ok = self.key == got.key
            || (self.key == "consistency.error" && got.key == "typechecker.error");
        key_ok
            && match (&self.reason, &got.reason) {
                (None, _) => true,
                (Some(a), Some(b)) => a == b,
                (Some(_), None) => false,
            }
    }

    fn is_front_end(&self) -> bool {
        matches!(
            self.key.as_str(),
            "parser.error" | "typechecker.error" | "consistency.error"
        )
    }
}

impl std::fmt::Display for OutputId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.reason {
            Some(r) => write!(f, "{}:{r}", self.key),
            None => f.write_str(&self.key),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum AnnKind {
    Expected,
    /// Silicon wrongly reports this output (a known bug): a Silicon-like tool reports it too.
    Unexpected,
    /// Silicon is known to miss this output.
    Missing,
    /// Any output on this line is accepted.
    IgnoreOthers,
}

#[derive(Clone, Debug)]
struct Annotation {
    kind: AnnKind,
    id: OutputId,
    /// The line the annotation refers to: the next line that is neither a comment nor an annotation.
    line: u32,
}

#[derive(Debug, Default)]
struct FileAnnotations {
    located: Vec<Annotation>,
    /// `IgnoreFile(/silicon/...)` or `IgnoreFileList(...)` present.
    ignored: bool,
    malformed: Vec<String>,
}

/// `/tool/issue/N/` → tool.
fn tool_of(reference: &str) -> Option<String> {
    let parts: Vec<&str> = reference.trim().trim_matches('/').split('/').collect();
    match parts.as_slice() {
        [tool, "issue", n] if n.parse::<u32>().is_ok() => Some(tool.to_ascii_lowercase()),
        _ => None,
    }
}

/// Reads one annotation (the text after `//:: `); `None` if malformed. Annotations for other tools
/// come back as `Some(None)`.
fn parse_annotation(text: &str) -> Option<Option<(AnnKind, OutputId)>> {
    if text == "IgnoreOthers" {
        return Some(Some((AnnKind::IgnoreOthers, OutputId::parse(""))));
    }
    let open = text.find('(')?;
    let name = &text[..open];
    let inner = text[open + 1..].strip_suffix(')')?;
    match name {
        "ExpectedOutput" => Some(Some((AnnKind::Expected, OutputId::parse(inner)))),
        "UnexpectedOutput" | "MissingOutput" => {
            let (id, reference) = inner.split_once(',')?;
            let tool = tool_of(reference)?;
            let kind = if name == "UnexpectedOutput" {
                AnnKind::Unexpected
            } else {
                AnnKind::Missing
            };
            Some((tool == TOOL).then(|| (kind, OutputId::parse(id))))
        }
        _ => None,
    }
}

impl FileAnnotations {
    fn parse(text: &str) -> FileAnnotations {
        let mut out = FileAnnotations::default();
        let mut pending: Vec<(AnnKind, OutputId)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i as u32 + 1;
            let line = raw.trim();
            if let Some(rest) = line.strip_prefix("//::") {
                let rest = rest.trim();
                if let Some(reference) = rest
                    .strip_prefix("IgnoreFileList(")
                    .or_else(|| rest.strip_prefix("IgnoreFile("))
                {
                    let listed = rest.starts_with("IgnoreFileList");
                    match reference.strip_suffix(')').and_then(tool_of) {
                        Some(tool) if listed || tool == TOOL => out.ignored = true,
                        Some(_) => {}
                        None => out.malformed.push(format!("line {n}: {line}")),
                    }
                    continue;
                }
                match parse_annotation(rest) {
                    Some(Some(a)) => pending.push(a),
                    Some(None) => {}
                    None => out.malformed.push(format!("line {n}: {line}")),
                }
            } else if line.starts_with("//") {
                // Comments between annotations and their line are skipped, as in Silver.
            } else {
                out.located
                    .extend(
                        pending
                            .drain(..)
                            .map(|(kind, id)| Annotation { kind, id, line: n }),
                    );
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Matching (Silver's OutputMatcher, for Silicon)

/// Compares reported (id, line) outputs with the annotations; returns the mismatches.
fn mismatches(ann: &FileAnnotations, actual: &[(String, u32)]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut remaining: Vec<&Annotation> = ann
        .located
        .iter()
        .filter(|a| matches!(a.kind, AnnKind::Expected | AnnKind::Unexpected))
        .collect();
    for (id, line) in actual {
        let here: Vec<&Annotation> = ann
            .located
            .iter()
            .filter(|a| a.line == *line && (a.kind == AnnKind::IgnoreOthers || a.id.matches(id)))
            .collect();
        if here.iter().any(|a| a.kind == AnnKind::Missing) {
            problems.push(format!(
                "{id} at line {line}: annotated as missed by Silicon but reported"
            ));
        } else if let Some(a) = here
            .iter()
            .find(|a| matches!(a.kind, AnnKind::Expected | AnnKind::Unexpected))
        {
            if let Some(i) = remaining.iter().position(|r| std::ptr::eq(*r, *a)) {
                remaining.remove(i);
            }
        } else if here.is_empty() {
            problems.push(format!("unexpected {id} at line {line}"));
        }
    }
    let mut missing_ok: Vec<&Annotation> = ann
        .located
        .iter()
        .filter(|a| a.kind == AnnKind::Missing)
        .collect();
    for a in remaining {
        if a.kind == AnnKind::Expected {
            if let Some(i) = missing_ok
                .iter()
                .position(|m| m.line == a.line && m.id == a.id)
            {
                missing_ok.remove(i);
                continue;
            }
        }
        problems.push(format!("missing {} at line {}", a.id, a.line));
    }
    problems
}

// ---------------------------------------------------------------------------------------------
// Running ompv

enum FileResult {
    Excluded(String),
    Passed,
    Failed(Vec<String>),
    Panicked(String),
}

/// A short, stable description of why ompv does not handle a file (for grouping the totals).
fn reason_of(errors: &[InputError]) -> String {
    let first = &errors[0];
    let message: String = first.message.chars().take(90).collect();
    format!("{}: {message}", first.kind.id())
}

fn run_file(text: &str, options: &VerifyOptions) -> FileResult {
    let ann = FileAnnotations::parse(text);
    if ann.ignored {
        return FileResult::Excluded("IgnoreFile for Silicon".into());
    }
    if !ann.malformed.is_empty() {
        return FileResult::Excluded(format!("malformed annotations: {:?}", ann.malformed));
    }
    let expects_front_end = ann.located.iter().any(|a| a.id.is_front_end());

    let front_end = |errors: Vec<InputError>| -> FileResult {
        if errors.iter().any(|e| e.kind == InputErrorKind::Unsupported) {
            let unsupported: Vec<InputError> = errors
                .into_iter()
                .filter(|e| e.kind == InputErrorKind::Unsupported)
                .collect();
            return FileResult::Excluded(reason_of(&unsupported));
        }
        if !expects_front_end {
            return FileResult::Excluded(format!("front end: {}", reason_of(&errors)));
        }
        let actual: Vec<(String, u32)> = errors
            .iter()
            .map(|e| (e.kind.id().to_string(), e.span.line))
            .collect();
        verdict(mismatches(&ann, &actual))
    };

    let mut program = match viper::parse(text, FileId(0)) {
        Ok(p) => p,
        Err(e) => return front_end(vec![e]),
    };
    if let Err(errors) = viper::typecheck(&mut program) {
        return front_end(errors);
    }
    match verify(&program, options) {
        Err(errors) => front_end(errors),
        Ok(result) => {
            let actual: Vec<(String, u32)> = result
                .errors()
                .iter()
                .map(|e| (e.full_id(), e.span.line))
                .collect();
            let mut problems = mismatches(&ann, &actual);
            for m in result.members.iter().filter(|m| !m.unknowns.is_empty()) {
                problems.push(format!("inconclusive in {}: {:?}", m.name, m.unknowns));
            }
            verdict(problems)
        }
    }
}

fn verdict(problems: Vec<String>) -> FileResult {
    if problems.is_empty() {
        FileResult::Passed
    } else {
        FileResult::Failed(problems)
    }
}

fn vpr_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            vpr_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "vpr" || e == "sil") {
            out.push(path);
        }
    }
}

#[test]
#[ignore = "needs a local copy of Silver's test corpus (set OMPV_SILVER_TESTS)"]
fn silver_conformance() {
    let dir = std::env::var("OMPV_SILVER_TESTS").expect(
        "set OMPV_SILVER_TESTS to a directory holding Silver's test files (see this file's header)",
    );
    let dir = PathBuf::from(dir);
    let filter = std::env::var("OMPV_SILVER_FILTER").unwrap_or_default();
    let mut options = VerifyOptions::default();
    if let Ok(ms) = std::env::var("OMPV_SILVER_TIMEOUT_MS") {
        options.timeout_ms = Some(ms.parse().expect("OMPV_SILVER_TIMEOUT_MS must be a number"));
    }

    let mut files = Vec::new();
    vpr_files(&dir, &mut files);
    files.sort();
    files.retain(|f| f.to_string_lossy().contains(&filter));
    assert!(!files.is_empty(), "no .vpr files under {}", dir.display());

    let mut excluded: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut passed, mut failed) = (Vec::new(), Vec::new());
    let mut panicked = Vec::new();
    let mut report = String::new();
    let start = Instant::now();
    for file in &files {
        let name = file
            .strip_prefix(&dir)
            .unwrap_or(file)
            .display()
            .to_string();
        let Ok(text) = std::fs::read_to_string(file) else {
            excluded
                .entry("not UTF-8 text".into())
                .or_default()
                .push(name);
            continue;
        };
        let t0 = Instant::now();
        let result =
            catch_unwind(AssertUnwindSafe(|| run_file(&text, &options))).unwrap_or_else(|p| {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                FileResult::Panicked(msg)
            });
        let ms = t0.elapsed().as_millis();
        match result {
            FileResult::Excluded(reason) => {
                let _ = writeln!(report, "EXCLUDED {name}: {reason}");
                excluded.entry(reason).or_default().push(name);
            }
            FileResult::Passed => {
                let _ = writeln!(report, "PASS     {name} ({ms} ms)");
                passed.push(name);
            }
            FileResult::Failed(problems) => {
                let _ = writeln!(report, "FAIL     {name} ({ms} ms)");
                for p in &problems {
                    let _ = writeln!(report, "           {p}");
                }
                failed.push(name);
            }
            FileResult::Panicked(msg) => {
                let _ = writeln!(report, "PANIC    {name}: {msg}");
                panicked.push(name);
            }
        }
    }

    let compared = passed.len() + failed.len() + panicked.len();
    let n_excluded: usize = excluded.values().map(Vec::len).sum();
    let share = if compared == 0 {
        0.0
    } else {
        100.0 * passed.len() as f64 / compared as f64
    };
    let _ = writeln!(report, "\nexcluded files by reason:");
    for (reason, names) in &excluded {
        let _ = writeln!(report, "  {:4}  {reason}", names.len());
    }
    let _ = writeln!(
        report,
        "\nfiles: {}, excluded: {n_excluded}, compared: {compared}, passed: {}, failed: {}, \
         panicked: {} — {share:.1}% of the compared files pass ({:.1} s)",
        files.len(),
        passed.len(),
        failed.len(),
        panicked.len(),
        start.elapsed().as_secs_f64()
    );
    println!("{report}");

    assert!(panicked.is_empty(), "ompv panicked on {panicked:?}");
    if let Ok(min) = std::env::var("OMPV_SILVER_MIN_PASSED") {
        let min: f64 = min
            .parse()
            .expect("OMPV_SILVER_MIN_PASSED must be a number");
        assert!(
            share >= min,
            "{share:.1}% of the compared files pass, less than the required {min}%"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Tests of the runner's own logic (they run without Silver's files)

#[cfg(test)]
mod matcher_tests {
    use super::*;

    fn actual(v: &[(&str, u32)]) -> Vec<(String, u32)> {
        v.iter().map(|(i, l)| (i.to_string(), *l)).collect()
    }

    #[test]
    fn annotations_refer_to_the_next_code_line() {
        let a = FileAnnotations::parse(
            "method m()\n{\n  //:: ExpectedOutput(assert.failed:assertion.false)\n  // comment\n  assert false\n}\n",
        );
        assert_eq!(a.located.len(), 1);
        assert_eq!(a.located[0].line, 5);
        assert!(a.malformed.is_empty());
    }

    #[test]
    fn expected_outputs_must_be_reported_exactly() {
        let a =
            FileAnnotations::parse("//:: ExpectedOutput(assert.failed:assertion.false)\nx\ny\n");
        assert!(mismatches(&a, &actual(&[("assert.failed:assertion.false", 2)])).is_empty());
        assert_eq!(mismatches(&a, &actual(&[])).len(), 1);
        assert_eq!(
            mismatches(&a, &actual(&[("assert.failed:assertion.false", 3)])).len(),
            2
        );
        assert_eq!(
            mismatches(
                &a,
                &actual(&[
                    ("assert.failed:assertion.false", 2),
                    ("exhale.failed:insufficient.permission", 3)
                ])
            )
            .len(),
            1
        );
    }

    #[test]
    fn id_without_reason_matches_any_reason() {
        let a = FileAnnotations::parse("//:: ExpectedOutput(assert.failed)\nx\n");
        assert!(mismatches(&a, &actual(&[("assert.failed:division.by.zero", 2)])).is_empty());
    }

    #[test]
    fn silicon_specific_annotations_are_honoured_and_carbon_ones_ignored() {
        let text = "//:: ExpectedOutput(assert.failed:assertion.false)\n\
                    //:: MissingOutput(assert.failed:assertion.false, /Silicon/issue/12/)\n\
                    x\n\
                    //:: UnexpectedOutput(exhale.failed:insufficient.permission, /silicon/issue/3/)\n\
                    y\n\
                    //:: UnexpectedOutput(call.precondition:assertion.false, /carbon/issue/7/)\n\
                    z\n";
        let a = FileAnnotations::parse(text);
        // Silicon misses line 3 and wrongly reports line 5.
        assert!(
            mismatches(&a, &actual(&[("exhale.failed:insufficient.permission", 5)])).is_empty()
        );
        // Reporting what Silicon is known to miss is a mismatch, as in Silver's harness.
        assert_eq!(
            mismatches(
                &a,
                &actual(&[
                    ("assert.failed:assertion.false", 3),
                    ("exhale.failed:insufficient.permission", 5)
                ])
            )
            .len(),
            1
        );
        // Carbon's annotation expects nothing from a Silicon-like tool.
        assert_eq!(
            mismatches(
                &a,
                &actual(&[
                    ("exhale.failed:insufficient.permission", 5),
                    ("call.precondition:assertion.false", 7)
                ])
            )
            .len(),
            1
        );
    }

    #[test]
    fn ignore_annotations() {
        let a = FileAnnotations::parse("//:: IgnoreFile(/silicon/issue/1/)\nx\n");
        assert!(a.ignored);
        let a = FileAnnotations::parse("//:: IgnoreFile(/carbon/issue/1/)\nx\n");
        assert!(!a.ignored);
        let a = FileAnnotations::parse("//:: IgnoreOthers\nx\n");
        assert!(mismatches(&a, &actual(&[("assert.failed:assertion.false", 2)])).is_empty());
    }

    #[test]
    fn consistency_errors_match_type_errors() {
        let a = FileAnnotations::parse("//:: ExpectedOutput(consistency.error)\nx\n");
        assert!(mismatches(&a, &actual(&[("typechecker.error", 2)])).is_empty());
    }

    #[test]
    fn malformed_annotations_are_detected() {
        let a = FileAnnotations::parse("//:: ExpectedOutput(assert.failed\nx\n");
        assert_eq!(a.malformed.len(), 1);
    }
}
