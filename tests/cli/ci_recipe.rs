//! The CI recipe `examples/ci/code-scanning.yml` does what the README says: its `Verify` step,
//! run as written on a small source tree, writes a SARIF log with the tree's race in it, and the
//! upload step sends that file whatever the exit code.

use crate::cli_support;

use serde_json::Value;

const RECIPE: &str = include_str!("../../examples/ci/code-scanning.yml");

/// The value of `key:` in the step named `name` (one-line values only).
fn step_value<'a>(name: &str, key: &str) -> Option<&'a str> {
    let mut in_step = false;
    for line in RECIPE.lines() {
        let t = line.trim();
        if let Some(n) = t.strip_prefix("- name: ") {
            in_step = n == name;
        } else if t.starts_with("- ") {
            in_step = false;
        }
        if in_step {
            if let Some(v) = t.strip_prefix(&format!("{key}: ")) {
                return Some(v);
            }
        }
    }
    None
}

#[test]
fn the_verify_step_writes_the_sarif_the_upload_step_sends() {
    let command = step_value("Verify", "run").expect("a Verify step with a one-line run");
    let rest = command.strip_prefix("ompv ").expect("the step runs ompv");
    let sarif = command
        .rsplit("> ")
        .next()
        .expect("the step writes a file")
        .trim();
    assert_eq!(step_value("Upload the answers", "sarif_file"), Some(sarif));
    assert_eq!(step_value("Upload the answers", "if"), Some("always()"));
    assert!(RECIPE.contains("security-events: write"), "upload needs it");

    let dir = cli_support::scratch("ci-recipe");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    for example in ["fail_race_shift.c", "fusion.c"] {
        std::fs::copy(
            cli_support::root().join("examples").join(example),
            dir.join("src").join(example),
        )
        .unwrap();
    }
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' {rest}", cli_support::bin()))
        .current_dir(&dir)
        .env("OMPV_NO_CACHE", "1")
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(1), "the race fails the step");
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(sarif)).expect("SARIF written"))
            .expect("one JSON document");
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 1, "{results:#?}");
    assert_eq!(results[0]["ruleId"], "race");
    let at = &results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(at["uri"], "src/fail_race_shift.c");
    assert_eq!(at["uriBaseId"], "SRCROOT");
}
