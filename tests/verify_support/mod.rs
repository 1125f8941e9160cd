//! Helpers shared by the `verify_*` integration tests: running `ompv verify` and reading its
//! JSON report.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One reported error: kind, line, column, message, related lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Reported {
    pub kind: String,
    pub line: u64,
    pub column: u64,
    pub message: String,
    pub related: Vec<u64>,
}

/// The outcome of `ompv verify FILE --format json`.
#[derive(Clone, Debug)]
pub struct Report {
    pub code: i32,
    pub json: Value,
    pub verdict: String,
    pub errors: Vec<Reported>,
}

impl Report {
    /// `(kind, line)` of every error.
    pub fn kinds_and_lines(&self) -> Vec<(String, u64)> {
        self.errors
            .iter()
            .map(|e| (e.kind.clone(), e.line))
            .collect()
    }
}

/// Runs `ompv verify FILE --format json` (relative paths from the repository root).
pub fn verify(file: &Path) -> Report {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .arg("verify")
        .arg(file)
        .args(["--format", "json"])
        .current_dir(root())
        .output()
        .expect("ompv runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let json: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {stdout}", file.display()));
    report(file, json, out.status.code().unwrap_or(-1))
}

/// Runs `ompv verify FILES --format json` once for all files (so ompv spreads them over the
/// cores): each file's JSON report, in the order given.
pub fn verify_json_all(files: &[PathBuf]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .arg("verify")
        .args(files)
        .args(["--format", "json"])
        .current_dir(root())
        .output()
        .expect("ompv runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let jsons: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(
        jsons.len(),
        files.len(),
        "one report per file: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (file, json) in files.iter().zip(&jsons) {
        assert_eq!(
            json["file"].as_str(),
            file.to_str(),
            "reports in input order"
        );
    }
    jsons
}

/// [`verify_json_all`] read as reports, each with the exit code a run on that file alone has
/// (0 verified, 1 failed, 2 error, 3 unknown).
pub fn verify_all(files: &[PathBuf]) -> Vec<Report> {
    files
        .iter()
        .zip(verify_json_all(files))
        .map(|(file, json)| {
            let code = match json["verdict"].as_str() {
                Some("verified") => 0,
                Some("failed") => 1,
                Some("error") => 2,
                Some("unknown") => 3,
                _ => -1,
            };
            report(file, json, code)
        })
        .collect()
}

/// The report of `file` read from its JSON.
fn report(file: &Path, json: Value, code: i32) -> Report {
    // A panic inside ompv becomes an inconclusive obligation: never right for a test program.
    let notes = json["notes"].as_array().cloned().unwrap_or_default();
    let internal: Vec<&Value> = notes
        .iter()
        .filter(|n| n.as_str().is_some_and(|t| t.contains("internal error")))
        .collect();
    assert!(
        internal.is_empty(),
        "{}: internal errors: {internal:?}",
        file.display()
    );
    let errors = json["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| Reported {
            kind: e["kind"].as_str().expect("kind").to_string(),
            line: e["line"].as_u64().expect("line"),
            column: e["column"].as_u64().expect("column"),
            message: e["message"].as_str().expect("message").to_string(),
            related: e["related"]
                .as_array()
                .expect("related")
                .iter()
                .map(|r| r["line"].as_u64().expect("related line"))
                .collect(),
        })
        .collect();
    Report {
        code,
        verdict: json["verdict"].as_str().expect("verdict").to_string(),
        json,
        errors,
    }
}

/// A scratch directory for this test binary.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ompv-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

/// The example files (`examples/*.c`), sorted.
pub fn examples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    v
}

/// Runs ompv with `args` in the repository root: exit code and stdout.
pub fn ompv(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(args)
        .current_dir(root())
        .output()
        .expect("ompv runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
    )
}
