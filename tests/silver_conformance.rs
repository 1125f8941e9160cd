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
//! matched, as sets of (id, line), against what the annotations expect of Silicon (the reader of
//! `tests/support/annotations.rs`): `ExpectedOutput` must be reported,
//! `UnexpectedOutput(id, /silicon/...)` (a known false alarm of Silicon) is expected too,
//! `MissingOutput(id, /silicon/...)` (an error Silicon is known to miss) cancels the matching
//! `ExpectedOutput`; annotations for other tools (Carbon) are ignored. A file whose outputs differ
//! from Silicon's only where Silicon has such a known bug, and match the intended result (every
//! `ExpectedOutput`, no tool's bugs), passes too and is counted separately (`PASS*`). Any other
//! output fails the file. Files with `IgnoreOthers` (none in the directories above) are excluded.
//!
//! Files under `smoke/` are verified with smoke detection (Silver's smoke tests assume its
//! smoke-detection plugin). The summary counts failed files with an expected error missing
//! (possibly false "verified" answers) apart.
//!
//! The report ends with a table per folder (files, answered, as expected, unsound, false alarm,
//! no answer, crash; `scripts/silver-suite.sh DIR` prints it) and checks every unmet expectation
//! against the explained list `tests/silver-suite-exceptions.txt` (`OMPV_SILVER_EXPLAINED=1`:
//! an unexplained one fails the test).
//!
//! The test fails if ompv panics on some file, if the directory holds no test file, or if the
//! optional minimum pass share is not met.

mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use support::annotations::{compare, FileAnnotations};
use viper::verifier::{verify, VerifyOptions};
use viper::{FileId, InputError, InputErrorKind};

/// The projects whose annotations Silver's suite honours for Silicon, the verifier whose behaviour
/// ompv follows (Silicon's suite adds "Silicon" to Silver's own project list).
const TOOLS: &[&str] = &["silicon", "silver"];

/// Compares reported (id, line) outputs with what the annotations expect of Silicon; returns the
/// mismatches as messages.
fn mismatches(ann: &FileAnnotations, actual: &[(String, u32)]) -> Vec<String> {
    mismatches_for(ann, actual, TOOLS)
}

/// Like [`mismatches`], against what the annotations expect of `tools`; with no tools, against
/// the intended result (every `ExpectedOutput`, no tool's known bugs).
fn mismatches_for(ann: &FileAnnotations, actual: &[(String, u32)], tools: &[&str]) -> Vec<String> {
    let (missing, unexpected) = compare(&ann.expected_for_any(tools), actual);
    let mut problems: Vec<String> = missing
        .iter()
        .map(|(id, line)| format!("missing {id} at line {line}"))
        .collect();
    problems.extend(
        unexpected
            .iter()
            .map(|(id, line)| format!("unexpected {id} at line {line}")),
    );
    problems
}

// ---------------------------------------------------------------------------------------------
// Running ompv

enum FileResult {
    Excluded(String),
    Passed,
    /// Differs from Silicon only where Silicon has a known bug, and matches the intended result.
    PassedIntended(Vec<String>),
    Failed(Vec<String>),
    Panicked(String),
}

/// A short, stable description of why ompv does not handle a file (for grouping the totals).
fn reason_of(errors: &[InputError]) -> String {
    let first = &errors[0];
    let message: String = first.message.chars().take(90).collect();
    format!("{}: {message}", first.kind.id())
}

fn run_file(path: &Path, text: &str, options: &VerifyOptions, smoke: bool) -> FileResult {
    let ann = FileAnnotations::parse(text);
    if ann.ignored_by_any(TOOLS) {
        return FileResult::Excluded("IgnoreFile for Silicon".into());
    }
    if ann.ignore_others {
        return FileResult::Excluded("IgnoreOthers is not supported by this runner".into());
    }
    if !ann.malformed.is_empty() {
        return FileResult::Excluded(format!("malformed annotations: {:?}", ann.malformed));
    }
    // Front-end errors: compared when the file expects exactly such errors; a front-end error the
    // file does not expect (an unsupported syntax, a divergence from Silver's type checker)
    // excludes the file with that error as the reason.
    let front_end = |errors: Vec<InputError>| -> FileResult {
        let unsupported: Vec<InputError> = errors
            .iter()
            .filter(|e| e.kind == InputErrorKind::Unsupported)
            .cloned()
            .collect();
        if !unsupported.is_empty() {
            return FileResult::Excluded(reason_of(&unsupported));
        }
        let actual: Vec<(String, u32)> = errors
            .iter()
            .map(|e| (e.kind.id().to_string(), e.span.line))
            .collect();
        let (_, unexpected) = compare(&ann.expected_for_any(TOOLS), &actual);
        if let Some((id, line)) = unexpected.first() {
            let culprit: Vec<InputError> = errors
                .iter()
                .filter(|e| e.kind.id() == id && e.span.line == *line)
                .cloned()
                .collect();
            return FileResult::Excluded(format!("front end: {}", reason_of(&culprit)));
        }
        verdict(mismatches(&ann, &actual))
    };

    // With the file's path, so that its `import`s are resolved.
    let mut program = match viper::parse_file(path, text, FileId(0)) {
        Ok(p) => p,
        Err(e) => return front_end(vec![e]),
    };
    if let Err(errors) = viper::typecheck(&mut program) {
        return front_end(errors);
    }
    // Silver's smoke tests (directory `smoke/`) assume its smoke-detection plugin.
    let smoke_options;
    let options = if smoke {
        smoke_options = VerifyOptions {
            smoke: true,
            ..options.clone()
        };
        &smoke_options
    } else {
        options
    };
    match verify(&program, options) {
        Err(errors) => front_end(errors),
        Ok(result) => {
            let actual: Vec<(String, u32)> = result
                .errors()
                .iter()
                .map(|e| (e.full_id(), e.span.line))
                .collect();
            let inconclusive: Vec<String> = result
                .members
                .iter()
                .filter(|m| !m.unknowns.is_empty())
                .map(|m| format!("inconclusive in {}: {:?}", m.name, m.unknowns))
                .collect();
            let mut problems = mismatches(&ann, &actual);
            if !problems.is_empty()
                && inconclusive.is_empty()
                && mismatches_for(&ann, &actual, &[]).is_empty()
            {
                return FileResult::PassedIntended(problems);
            }
            problems.extend(inconclusive);
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

/// The folder a file is counted under: `all/<sub>` for files under `all/`, else the first
/// directory (`quantifiedpermissions`, `wands`, ...).
fn folder_of(name: &str) -> String {
    let parts: Vec<&str> = name.split('/').collect();
    match parts.as_slice() {
        ["all", sub, _, ..] => format!("all/{sub}"),
        [dir, _, ..] => (*dir).to_string(),
        _ => ".".to_string(),
    }
}

/// What happened to the files of one folder.
#[derive(Default)]
struct FolderStats {
    files: usize,
    /// Verified or failed (compared with the annotations).
    answered: usize,
    /// Answered as the annotations expect.
    as_expected: usize,
    /// An expected error missing.
    unsound: usize,
    /// Only unexpected errors (or an inconclusive answer).
    false_alarm: usize,
    /// Not verified: unsupported syntax, front-end divergence, ignored by Silver.
    no_answer: usize,
    crash: usize,
}

/// A reason with the name of a predicate left out (`predicate `P` is not supported` and
/// `predicate `Q` is not supported` are one reason).
fn generic_reason(reason: &str) -> String {
    match reason.split_once("predicate `") {
        Some((head, tail)) => match tail.split_once('`') {
            Some((_, rest)) => format!("{head}predicate `…`{rest}"),
            None => reason.to_string(),
        },
        None => reason.to_string(),
    }
}

/// Files whose unmet expectations are explained, with the explanation:
/// `tests/silver-suite-exceptions.txt`, one `path  reason` a line (`#` starts a comment).
fn explained_exceptions() -> BTreeMap<String, String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/silver-suite-exceptions.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (file, reason) = l.split_once(char::is_whitespace)?;
            Some((file.to_string(), reason.trim().to_string()))
        })
        .collect()
}

#[test]
#[ignore = "needs a local copy of Silver's test corpus (set OMPV_SILVER_TESTS)"]
fn silver_conformance() {
    let dir = std::env::var("OMPV_SILVER_TESTS").expect(
        "set OMPV_SILVER_TESTS to a directory holding Silver's test files (see this file's header)",
    );
    let dir = PathBuf::from(dir);
    let filter = std::env::var("OMPV_SILVER_FILTER").unwrap_or_default();
    // Silver's files are annotated for Silicon's default: a member stops at its first error.
    let mut options = VerifyOptions {
        max_errors_per_member: Some(1),
        ..VerifyOptions::default()
    };
    if let Ok(ms) = std::env::var("OMPV_SILVER_TIMEOUT_MS") {
        options.timeout_ms = Some(ms.parse().expect("OMPV_SILVER_TIMEOUT_MS must be a number"));
    }

    let mut files = support::vpr_files(&dir);
    files.retain(|f| f.to_string_lossy().contains(&filter));
    assert!(!files.is_empty(), "no .vpr files under {}", dir.display());

    let mut excluded: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut passed, mut failed) = (Vec::new(), Vec::new());
    // Files that pass because ompv gives the intended answer where Silicon has a known bug.
    let mut intended = Vec::new();
    let mut panicked = Vec::new();
    // Failed files with a missing expected error.
    let mut unsound: Vec<String> = Vec::new();
    let mut report = String::new();
    let mut folders: BTreeMap<String, FolderStats> = BTreeMap::new();
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
        let result = catch_unwind(AssertUnwindSafe(|| {
            run_file(file, &text, &options, name.starts_with("smoke/"))
        }))
        .unwrap_or_else(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            FileResult::Panicked(msg)
        });
        let ms = t0.elapsed().as_millis();
        let stats = folders.entry(folder_of(&name)).or_default();
        stats.files += 1;
        match &result {
            FileResult::Excluded(_) => stats.no_answer += 1,
            FileResult::Passed | FileResult::PassedIntended(_) => {
                stats.answered += 1;
                stats.as_expected += 1;
            }
            FileResult::Failed(problems) => {
                stats.answered += 1;
                if problems.iter().any(|p| p.starts_with("missing")) {
                    stats.unsound += 1;
                } else {
                    stats.false_alarm += 1;
                }
            }
            FileResult::Panicked(_) => stats.crash += 1,
        }
        match result {
            FileResult::Excluded(reason) => {
                let _ = writeln!(report, "EXCLUDED {name}: {reason}");
                excluded.entry(reason).or_default().push(name);
            }
            FileResult::Passed => {
                let _ = writeln!(report, "PASS     {name} ({ms} ms)");
                passed.push(name);
            }
            FileResult::PassedIntended(differences) => {
                let _ = writeln!(report, "PASS*    {name} ({ms} ms)");
                for d in &differences {
                    let _ = writeln!(report, "           Silicon's known bug, not ompv's: {d}");
                }
                passed.push(name.clone());
                intended.push(name);
            }
            FileResult::Failed(problems) => {
                let _ = writeln!(report, "FAIL     {name} ({ms} ms)");
                for p in &problems {
                    let _ = writeln!(report, "           {p}");
                }
                // An expected error that ompv does not report: a possibly false "verified".
                if problems.iter().any(|p| p.starts_with("missing")) {
                    unsound.push(name.clone());
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
    // Files without an answer, by reason, the most frequent first.
    // Reasons that differ only in a predicate's name count together.
    let mut grouped: BTreeMap<String, usize> = BTreeMap::new();
    for (reason, names) in &excluded {
        *grouped.entry(generic_reason(reason)).or_default() += names.len();
    }
    let mut reasons: Vec<(&String, usize)> = grouped.iter().map(|(r, n)| (r, *n)).collect();
    reasons.sort_by_key(|(reason, n)| (std::cmp::Reverse(*n), reason.to_string()));
    let _ = writeln!(report, "\nno answer, by reason:");
    for (reason, n) in reasons {
        let _ = writeln!(report, "  {n:4}  {reason}");
    }
    let _ = writeln!(
        report,
        "\n{:<28} {:>6} {:>8} {:>8} {:>7} {:>7} {:>9} {:>5}",
        "folder", "files", "answered", "expected", "unsound", "alarm", "no answer", "crash"
    );
    let mut total = FolderStats::default();
    for (folder, f) in &folders {
        let _ = writeln!(
            report,
            "{folder:<28} {:>6} {:>8} {:>8} {:>7} {:>7} {:>9} {:>5}",
            f.files, f.answered, f.as_expected, f.unsound, f.false_alarm, f.no_answer, f.crash
        );
        total.files += f.files;
        total.answered += f.answered;
        total.as_expected += f.as_expected;
        total.unsound += f.unsound;
        total.false_alarm += f.false_alarm;
        total.no_answer += f.no_answer;
        total.crash += f.crash;
    }
    let _ = writeln!(
        report,
        "{:<28} {:>6} {:>8} {:>8} {:>7} {:>7} {:>9} {:>5}",
        "total",
        total.files,
        total.answered,
        total.as_expected,
        total.unsound,
        total.false_alarm,
        total.no_answer,
        total.crash
    );
    // Every unmet expectation must be explained in the committed list.
    let explained = explained_exceptions();
    let unexplained: Vec<&String> = failed
        .iter()
        .filter(|f| !explained.contains_key(f.as_str()))
        .collect();
    let _ = writeln!(
        report,
        "\nunmet expectations: {}, explained in tests/silver-suite-exceptions.txt: {}, \
         unexplained: {unexplained:?}",
        failed.len(),
        failed.len() - unexplained.len()
    );
    let _ = writeln!(
        report,
        "\nfiles: {}, no answer: {n_excluded}, answered: {compared}, as expected: {} ({} of them \
         only as intended, where Silicon has a known bug), unmet: {} ({} of them with an \
         expected error missing: {unsound:?}), crashed: {} — {share:.1}% of the answered files \
         as expected ({:.1} s)",
        files.len(),
        passed.len(),
        intended.len(),
        failed.len(),
        unsound.len(),
        panicked.len(),
        start.elapsed().as_secs_f64()
    );
    println!("{report}");

    assert!(panicked.is_empty(), "ompv panicked on {panicked:?}");
    if std::env::var("OMPV_SILVER_EXPLAINED").is_ok_and(|v| v == "1") {
        assert!(
            unexplained.is_empty(),
            "unmet expectations not explained in tests/silver-suite-exceptions.txt: {unexplained:?}"
        );
    }
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
