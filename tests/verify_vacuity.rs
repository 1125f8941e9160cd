//! No C program is verified vacuously: every test program and example that `ompv verify` proves
//! is proved again with smoke detection (`--smoke`), which fails where the proof's code is
//! reached only in inconsistent states (a contradictory initial state, contract or assumption
//! of the encoding would make every check pass).

mod verify_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use verify_support::root;

/// Every `.c` file under `dir`, recursively, except input-error fixtures.
fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "errors") {
                c_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "c") {
            out.push(p);
        }
    }
}

/// `ompv verify FILES --format json` (with `--smoke` if asked) in one run: each file's verdict
/// and its JSON line, in the order given. One run for all files lets ompv spread them over the
/// cores, which a loop of single-file runs does not.
fn verdicts(files: &[PathBuf], smoke: bool) -> Vec<(String, String)> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ompv"));
    // Every proof found again: no cache shared between runs or tests.
    cmd.env("OMPV_NO_CACHE", "1")
        .arg("verify")
        .args(files)
        .args(["--format", "json"]);
    if smoke {
        cmd.arg("--smoke");
    }
    let out = cmd.current_dir(root()).output().expect("ompv runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), files.len(), "one report per file: {stdout}");
    files
        .iter()
        .zip(lines)
        .map(|(f, line)| {
            let json: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            assert_eq!(json["file"].as_str(), f.to_str(), "reports in input order");
            let verdict = json["verdict"].as_str().unwrap_or_default().to_string();
            (verdict, line.to_string())
        })
        .collect()
}

fn verdict(file: &Path, smoke: bool) -> (String, String) {
    verdicts(&[file.to_path_buf()], smoke).remove(0)
}

#[test]
fn every_verified_c_program_is_verified_with_smoke_detection() {
    let mut files = Vec::new();
    c_files(&root().join("examples"), &mut files);
    c_files(&root().join("tests/c"), &mut files);
    assert!(files.len() > 20, "the test programs are found");
    let verified: Vec<PathBuf> = files
        .iter()
        .zip(verdicts(&files, false))
        .filter(|(_, (v, _))| v == "verified")
        .map(|(f, _)| f.clone())
        .collect();
    assert!(
        verified.len() > 10,
        "some programs verify ({})",
        verified.len()
    );
    let vacuous: Vec<String> = verified
        .iter()
        .zip(verdicts(&verified, true))
        .filter(|(_, (v, _))| v != "verified")
        .map(|(f, (v, out))| format!("{}: {v}: {out}", f.display()))
        .collect();
    assert!(
        vacuous.is_empty(),
        "vacuous proofs:\n{}",
        vacuous.join("\n")
    );
}

/// The check itself can fail: a program whose precondition contradicts itself verifies, and
/// smoke detection rejects it.
#[test]
fn a_contradictory_contract_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("contradiction.c");
    std::fs::write(
        &f,
        "/*@ requires n > 0 && n < 0; ensures \\result == 7; @*/\nint f(int n)\n{\n  return 1;\n}\n",
    )
    .unwrap();
    assert_eq!(verdict(&f, false).0, "verified");
    assert_eq!(verdict(&f, true).0, "failed");
}
