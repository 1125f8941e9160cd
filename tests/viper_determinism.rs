//! Determinism: the full JSON output of `ompv` (verdict, every error with its position, message
//! and counterexample, obligations) is the same with 1 and with 8 worker threads
//! (`OMPV_THREADS`), for every program of the Viper corpus (`tests/viper/**`, those under
//! `smoke/` with `--smoke`; one run each with and without, where files are also verified in
//! parallel), every C example (`examples/*.c`, one process per file) and every C test program
//! (`tests/c/**`, all in one process).
//! Only the measured times (`time_ms`) may differ.

mod support;

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// The JSON reports of one run over `files`, in input order, without their times.
fn reports(args: &[&str], files: &[PathBuf], threads: usize) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(args)
        .args(files)
        .args(["--format", "json"])
        .env("OMPV_THREADS", threads.to_string())
        .output()
        .expect("ompv runs");
    let code = out.status.code();
    assert!(
        matches!(code, Some(0..=3)),
        "{}: exit status {:?}",
        support::display(&files[0]),
        out.status
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let reports: Vec<Value> = stdout
        .lines()
        .map(|l| {
            let mut v: Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"));
            strip_times(&mut v);
            v
        })
        .collect();
    assert_eq!(reports.len(), files.len(), "one report per file: {stdout}");
    reports
}

fn strip_times(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("time_ms");
            map.values_mut().for_each(strip_times);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_times),
        _ => {}
    }
}

#[test]
fn output_does_not_depend_on_the_number_of_threads() {
    let root = support::repo_root();
    // The Viper corpus in two runs (with and without `--smoke`), where files are verified in
    // parallel too; each example in a process of its own.
    let (smoke, plain): (Vec<PathBuf>, Vec<PathBuf>) =
        support::vpr_files(&root.join("tests/viper"))
            .into_iter()
            .partition(|f| f.components().any(|c| c.as_os_str() == "smoke"));
    let mut runs: Vec<(Vec<&str>, Vec<PathBuf>)> =
        vec![(vec!["viper"], plain), (vec!["viper", "--smoke"], smoke)];
    let mut examples: Vec<_> = std::fs::read_dir(root.join("examples"))
        .expect("examples directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    examples.sort();
    assert!(!examples.is_empty());
    for f in examples {
        runs.push((vec!["verify"], vec![f]));
    }
    let mut differences = Vec::new();
    let mut programs = 0;
    for (args, files) in &runs {
        let (ones, eights) = (reports(args, files, 1), reports(args, files, 8));
        for ((file, one), eight) in files.iter().zip(ones).zip(eights) {
            programs += 1;
            if one != eight {
                differences.push(format!(
                    "{}:\n  1 thread:  {one}\n  8 threads: {eight}",
                    support::display(file)
                ));
            }
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} programs differ:\n{}",
        differences.len(),
        programs,
        differences.join("\n")
    );
}

/// Every C test program, verified in one run with 1 and with 8 threads (files in parallel too):
/// the same report per file.
#[test]
fn c_test_programs_do_not_depend_on_the_number_of_threads() {
    let root = support::repo_root();
    let dir = root.join("tests/c");
    let files = support::files_ending(&dir, "c");
    assert!(files.len() > 100, "only {} C test programs", files.len());
    let run = |threads: usize| -> std::collections::BTreeMap<String, Value> {
        let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
            // Every proof found again: no cache shared between runs or tests.
            .env("OMPV_NO_CACHE", "1")
            .arg("verify")
            .arg(&dir)
            // A query near the default 10 s limit (matmul_flat_symbolic_cleared.c takes 7 s)
            // may time out in one run and not in the other on a loaded machine: the test is
            // about the number of threads, not about load (issue 43).
            .args(["--format", "json", "--timeout", "60"])
            .env("OMPV_THREADS", threads.to_string())
            .output()
            .expect("ompv runs");
        assert!(matches!(out.status.code(), Some(0..=3)), "{:?}", out.status);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| {
                let mut v: Value = serde_json::from_str(l).expect("a JSON report per line");
                strip_times(&mut v);
                let file = v["file"].as_str().unwrap_or_default().to_string();
                (file, v)
            })
            .collect()
    };
    let (one, eight) = (run(1), run(8));
    assert_eq!(one.len(), files.len(), "one report per file");
    let differences: Vec<String> = one
        .iter()
        .filter(|(f, v)| eight.get(*f) != Some(v))
        .map(|(f, v)| format!("{f}:\n  1 thread:  {v}\n  8 threads: {:?}", eight.get(f)))
        .collect();
    assert!(
        differences.is_empty(),
        "{} of {} programs differ:\n{}",
        differences.len(),
        one.len(),
        differences.join("\n")
    );
}
