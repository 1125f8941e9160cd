//! End-to-end tests of `ompv viper` through the built binary: exit codes, JSON reports and the
//! canonical text of `--emit viper`.

use crate::support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::annotations::FileAnnotations;

fn ompv(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(args)
        .output()
        .expect("the ompv binary runs")
}

fn corpus(name: &str) -> PathBuf {
    support::repo_root().join("tests/viper/frontend").join(name)
}

/// Writes `text` to a fresh file in the system's temporary directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ompv-cli-viper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temporary file");
    path
}

fn json_report(path: &Path) -> (i32, Value) {
    let out = ompv(&[
        "viper",
        path.to_str().unwrap(),
        "--emit",
        "viper",
        "--format",
        "json",
    ]);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let report: Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {stdout}"));
    (out.status.code().expect("exit code"), report)
}

/// Checks the shape of a report for an input error and returns its errors.
fn input_error_report(path: &Path) -> Vec<Value> {
    let (code, report) = json_report(path);
    assert_eq!(code, 2, "{report}");
    assert_eq!(report["file"], path.to_str().unwrap());
    assert_eq!(report["verdict"], "error");
    assert!(report["time_ms"].is_u64(), "{report}");
    let errors = report["errors"].as_array().expect("an error list").clone();
    assert!(!errors.is_empty());
    for e in &errors {
        for key in ["id", "message"] {
            assert!(e[key].is_string(), "{e}");
        }
        for key in ["line", "column"] {
            assert!(e[key].as_u64().is_some_and(|n| n >= 1), "{e}");
        }
    }
    errors
}

#[test]
fn syntax_error_is_reported_as_json_with_exit_code_2() {
    let path = temp_file("syntax.vpr", "method m()\n{\n  var x: Int\n  x = 5\n}\n");
    let errors = input_error_report(&path);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["id"], "parser.error");
    assert_eq!(errors[0]["line"], 4);
    assert_eq!(errors[0]["column"], 5);
    assert!(errors[0]["message"].as_str().unwrap().contains("`:=`"));
}

#[test]
fn type_errors_are_reported_as_json_with_exit_code_2() {
    let path = temp_file(
        "types.vpr",
        "method m(a: Int)\n{\n  a := 1\n  assert a == true\n}\n",
    );
    let errors = input_error_report(&path);
    let located: Vec<(String, u64, u64)> = errors
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_string(),
                e["line"].as_u64().unwrap(),
                e["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        located,
        [
            ("typechecker.error".to_string(), 3, 3),
            ("typechecker.error".to_string(), 4, 10)
        ]
    );
}

#[test]
fn corpus_files_with_errors_report_their_annotated_lines() {
    for name in [
        "parse_missing_paren.vpr",
        "consistency_wildcard.vpr",
        "type_mismatch.vpr",
    ] {
        let path = corpus(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut want: Vec<u64> = FileAnnotations::parse(&text)
            .expected_for("silicon")
            .iter()
            .map(|(_, l)| u64::from(*l))
            .collect();
        let mut got: Vec<u64> = input_error_report(&path)
            .iter()
            .map(|e| e["line"].as_u64().unwrap())
            .collect();
        want.dedup();
        got.dedup();
        assert!(!want.is_empty());
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn emit_viper_prints_the_canonical_text() {
    let path = corpus("fields_methods.vpr");
    let out = ompv(&["viper", path.to_str().unwrap(), "--emit", "viper"]);
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).expect("UTF-8 output");
    let text = std::fs::read_to_string(&path).unwrap();
    let program = viper::parse(&text, viper::FileId(0)).unwrap();
    assert_eq!(printed, viper::print(&program));
    assert!(printed.starts_with("field val: Int\nfield next: Ref\nfield flag: Bool\n\nmethod set("));
    // The printed text is itself canonical.
    let again = temp_file("printed.vpr", &printed);
    let out = ompv(&["viper", again.to_str().unwrap(), "--emit", "viper"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), printed);
}

#[test]
fn emit_viper_prints_resolved_fractions() {
    let path = temp_file(
        "fractions.vpr",
        "field f: Int\nmethod m(x: Ref) requires acc(x.f, 1/2) { var n: Int := 7/2 }\n",
    );
    let out = ompv(&["viper", path.to_str().unwrap(), "--emit", "viper"]);
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("requires acc(x.f, 1 / 2)"), "{printed}");
    assert!(printed.contains("var n: Int := 7 / 2"), "{printed}");
}

#[test]
fn text_format_errors_go_to_stderr_with_exit_code_2() {
    let path = temp_file("text.vpr", "method m() {\n  assert 1 +\n}\n");
    let out = ompv(&["viper", path.to_str().unwrap(), "--emit", "viper"]);
    assert_eq!(out.status.code(), Some(2));
    // Only the verdict line is a result (stdout); the diagnostic goes to stderr.
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains("text.vpr: error (1 error"), "{stdout}");
    assert!(!stdout.contains("parser.error"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("parser.error"), "{stderr}");
    assert!(stderr.contains("expected an expression"), "{stderr}");
}

#[test]
fn missing_file_is_an_input_error() {
    let out = ompv(&["viper", "/nonexistent/file.vpr", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn emit_viper_json_carries_the_program_and_no_verdict() {
    let path = corpus("fields_methods.vpr");
    let out = ompv(&[
        "viper",
        path.to_str().unwrap(),
        "--emit",
        "viper",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let text = std::fs::read_to_string(&path).unwrap();
    let program = viper::parse(&text, viper::FileId(0)).unwrap();
    assert_eq!(v["viper"].as_str(), Some(viper::print(&program).as_str()));
    // Nothing was verified, so nothing may claim a verdict.
    assert!(v.get("verdict").is_none(), "{v}");
}

/// The verdict, exit code and error ids of `ompv <args> FILE --format json`.
fn run_json(args: &[&str], path: &Path) -> (i32, String, Vec<String>) {
    let mut all: Vec<&str> = args.to_vec();
    all.push(path.to_str().unwrap());
    all.extend(["--format", "json"]);
    let out = ompv(&all);
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let ids = report["errors"]
        .as_array()
        .expect("an error list")
        .iter()
        .map(|e| {
            e["id"]
                .as_str()
                .or_else(|| e["kind"].as_str())
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    (
        out.status.code().expect("exit code"),
        report["verdict"].as_str().unwrap_or_default().to_string(),
        ids,
    )
}

#[test]
fn smoke_flag_reports_vacuous_proofs_in_viper_and_c() {
    let vpr = temp_file(
        "smoke.vpr",
        "method m(x: Int)\n  requires x > 0 && x < 0\n{\n  assert x == 7\n}\n",
    );
    assert_eq!(run_json(&["viper"], &vpr), (0, "verified".into(), vec![]));
    let (code, verdict, ids) = run_json(&["viper", "--smoke"], &vpr);
    assert_eq!((code, verdict.as_str()), (1, "failed"));
    assert_eq!(ids, ["refute.failed:refutation.true"]);
    // A consistent program stays verified with smoke detection.
    let fine = temp_file(
        "fine.vpr",
        "method m(x: Int)\n  requires x > 0\n{\n  assert x >= 1\n}\n",
    );
    assert_eq!(
        run_json(&["viper", "--smoke"], &fine),
        (0, "verified".into(), vec![])
    );

    let c = temp_file(
        "smoke.c",
        "/*@ requires n > 0 && n < 0; ensures \\result == 1; @*/\nint f(int n)\n{\n  return 1;\n}\n",
    );
    assert_eq!(run_json(&["verify"], &c).0, 0);
    let (code, verdict, ids) = run_json(&["verify", "--smoke"], &c);
    assert_eq!((code, verdict.as_str()), (1, "failed"));
    assert!(
        !ids.is_empty() && ids.iter().all(|k| k == "refute.failed:refutation.true"),
        "{ids:?}"
    );
    let out = ompv(&["verify", "--smoke", c.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let kinds: Vec<&str> = report["errors"]
        .as_array()
        .expect("an error list")
        .iter()
        .map(|e| e["kind"].as_str().unwrap_or_default())
        .collect();
    assert!(kinds.iter().all(|k| *k == "smoke"), "{kinds:?}");
    let c_fine = temp_file(
        "fine.c",
        "/*@ requires n > 0; ensures \\result == n; @*/\nint f(int n)\n{\n  return n;\n}\n",
    );
    assert_eq!(run_json(&["verify", "--smoke"], &c_fine).0, 0);
}
