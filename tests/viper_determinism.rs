//! Determinism: the full JSON output of `ompv` (verdict, every error with its position, message
//! and counterexample, obligations) is the same with 1 and with 8 worker threads
//! (`OMPV_THREADS`), for every program of the Viper corpus (`tests/viper/**`, those under
//! `smoke/` with `--smoke`) and every C example (`examples/*.c`). Only the measured times
//! (`time_ms`) may differ.

mod support;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The JSON report of one run, without its times.
fn report(args: &[&str], file: &Path, threads: usize) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        .args(args)
        .arg(file)
        .args(["--format", "json"])
        .env("OMPV_THREADS", threads.to_string())
        .output()
        .expect("ompv runs");
    let code = out.status.code();
    assert!(
        matches!(code, Some(0..=3)),
        "{}: exit status {:?}",
        file.display(),
        out.status
    );
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: not JSON ({e}): {}",
            file.display(),
            String::from_utf8_lossy(&out.stdout)
        )
    });
    strip_times(&mut v);
    v
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
    let mut runs: Vec<(Vec<&str>, std::path::PathBuf)> = Vec::new();
    for f in support::vpr_files(&root.join("tests/viper")) {
        let smoke = f.components().any(|c| c.as_os_str() == "smoke");
        let args = if smoke {
            vec!["viper", "--smoke"]
        } else {
            vec!["viper"]
        };
        runs.push((args, f));
    }
    let mut examples: Vec<_> = std::fs::read_dir(root.join("examples"))
        .expect("examples directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    examples.sort();
    assert!(!examples.is_empty());
    for f in examples {
        runs.push((vec!["verify"], f));
    }
    let mut differences = Vec::new();
    for (args, file) in &runs {
        let one = report(args, file, 1);
        let eight = report(args, file, 8);
        if one != eight {
            differences.push(format!(
                "{}:\n  1 thread:  {one}\n  8 threads: {eight}",
                support::display(file)
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} programs differ:\n{}",
        differences.len(),
        runs.len(),
        differences.join("\n")
    );
}
