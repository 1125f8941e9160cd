//! `--format sarif`: the log of failing and erroneous files validates against the SARIF 2.1.0
//! JSON schema (the copy of the OASIS schema shipped inside the `serde-sarif` crate, found
//! through `cargo metadata`), and carries what the text output says.

use crate::cli_support;

use cli_support::ompv;
use serde_json::Value;
use std::path::PathBuf;

/// The SARIF 2.1.0 schema of the `serde-sarif` dependency.
fn schema() -> Value {
    // Only the packages of this platform: those of others (Windows crates) are not downloaded
    // by a build here, and the run is offline.
    let rustc = std::process::Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    let host = String::from_utf8_lossy(&rustc.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc names its host");
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .args(["--filter-platform", &host])
        .current_dir(cli_support::root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata JSON");
    let manifest = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .and_then(|p| p["manifest_path"].as_str())
        .expect("serde-sarif is a dependency");
    let path = PathBuf::from(manifest)
        .parent()
        .expect("crate directory")
        .join("src/schema.json");
    let text = std::fs::read_to_string(&path).expect("the schema file of serde-sarif");
    let mut schema: Value = serde_json::from_str(&text).expect("schema JSON");
    assert_eq!(
        schema["title"],
        "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    );
    // The published schema's `language` pattern (of `run` and `toolComponent`, which ompv never
    // sets) has an unbalanced `]` that the validator's draft-07 meta-schema check rejects; only
    // those two keywords are dropped.
    assert_eq!(drop_pattern(&mut schema, BROKEN_LANGUAGE_PATTERN), 2);
    schema
}

const BROKEN_LANGUAGE_PATTERN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";

/// Removes every `"pattern": pattern` from `v`; returns how many.
fn drop_pattern(v: &mut Value, pattern: &str) -> usize {
    match v {
        Value::Object(m) => {
            let mut n = 0;
            if m.get("pattern").and_then(Value::as_str) == Some(pattern) {
                m.remove("pattern");
                n += 1;
            }
            n + m
                .values_mut()
                .map(|x| drop_pattern(x, pattern))
                .sum::<usize>()
        }
        Value::Array(a) => a.iter_mut().map(|x| drop_pattern(x, pattern)).sum(),
        _ => 0,
    }
}

fn validate(log: &Value) {
    let validator = jsonschema::validator_for(&schema()).expect("the schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "invalid SARIF: {errors:#?}\n{log:#}");
}

#[test]
fn a_failing_example_validates() {
    let r = ompv(&[
        "verify",
        "examples/fail_race_shift.c",
        "examples/fail_syntax.c",
        "examples/fusion.c",
        "--format",
        "sarif",
    ]);
    assert_eq!(r.code, 2);
    let log: Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    validate(&log);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "ompv");
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2, "{results:#?}");
    let race = &results[0];
    assert_eq!(race["ruleId"], "race");
    assert_eq!(race["level"], "error");
    assert_eq!(
        race["properties"]["id"],
        "exhale.failed:insufficient.permission"
    );
    let loc = &race["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "examples/fail_race_shift.c");
    assert_eq!(loc["region"]["startLine"], 9);
    assert_eq!(loc["region"]["endColumn"], 27);
    assert_eq!(
        race["relatedLocations"][0]["physicalLocation"]["region"]["startLine"],
        11
    );
    assert_eq!(results[1]["ruleId"], "syntax");
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["race", "syntax"]);
    assert_eq!(run["invocations"][0]["exitCode"], 2);
    // Code scanning resolves relative names against a base the log defines.
    assert_eq!(loc["artifactLocation"]["uriBaseId"], "SRCROOT");
    let base = run["originalUriBaseIds"]["SRCROOT"]["uri"]
        .as_str()
        .expect("SRCROOT");
    assert!(
        base.starts_with("file:///") && base.ends_with('/'),
        "{base}"
    );
    let prints: Vec<&str> = results
        .iter()
        .map(|r| {
            r["partialFingerprints"]["ompvFingerprint/v1"]
                .as_str()
                .expect("a fingerprint")
        })
        .collect();
    assert_ne!(prints[0], prints[1]);
}

/// The SARIF results of `ompv verify race.c` on `text`, run in `dir`.
fn results_in(dir: &std::path::Path, text: &str) -> Vec<Value> {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("race.c"), text).unwrap();
    let out = std::process::Command::new(cli_support::bin())
        .args(["verify", "race.c", "--format", "sarif"])
        .env("OMPV_NO_CACHE", "1")
        .current_dir(dir)
        .output()
        .unwrap();
    let log: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    validate(&log);
    log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .clone()
}

/// A result keeps its fingerprint when the code above it moves (code scanning would otherwise
/// close it and open a new one), and a different race gets a different one.
#[test]
fn fingerprints_do_not_depend_on_line_numbers() {
    let dir = cli_support::scratch("sarif-fingerprints");
    let text =
        std::fs::read_to_string(cli_support::root().join("examples/fail_race_shift.c")).unwrap();
    let print = |r: &Value| r["partialFingerprints"]["ompvFingerprint/v1"].clone();
    let line = |r: &Value| r["locations"][0]["physicalLocation"]["region"]["startLine"].clone();
    let before = results_in(&dir.join("before"), &text);
    let moved = results_in(&dir.join("moved"), &format!("\n\n// moved down\n{text}"));
    assert_eq!(before.len(), 1, "{before:#?}");
    assert_eq!(moved.len(), 1, "{moved:#?}");
    assert_ne!(line(&before[0]), line(&moved[0]));
    assert_eq!(print(&before[0]), print(&moved[0]));
    let other = results_in(&dir.join("other"), &text.replace("a[i + 1]", "a[i + 2]"));
    assert_eq!(other.len(), 1, "{other:#?}");
    assert_ne!(print(&before[0]), print(&other[0]));
}

#[test]
fn notes_and_viper_files_validate_too() {
    let dir = cli_support::scratch("sarif");
    let ignored = dir.join("ignored file.c");
    std::fs::write(&ignored, cli_support::IGNORED_RACE).unwrap();
    let empty = dir.join("empty.c");
    std::fs::write(&empty, "").unwrap();
    let r = ompv(&[
        "verify",
        ignored.to_str().unwrap(),
        empty.to_str().unwrap(),
        "examples/listing7.c",
        "--timeout",
        "0.001",
        "--format",
        "sarif",
    ]);
    assert_eq!(r.code, 3);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    validate(&log);
    let notes: Vec<&str> = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications")
        .iter()
        .map(|n| n["message"]["text"].as_str().unwrap())
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("not verified: code in `f`")),
        "{notes:#?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("nothing to verify")),
        "{notes:#?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("inconclusive")),
        "{notes:#?}"
    );
    let uri = log["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]["locations"][0]
        ["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.ends_with("ignored%20file.c"), "{uri}");

    let vpr = dir.join("a.vpr");
    std::fs::write(&vpr, "method m(x: Int)\n{\n  assert x > 0\n}\n").unwrap();
    let r = ompv(&["viper", vpr.to_str().unwrap(), "--format", "sarif"]);
    assert_eq!(r.code, 1);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    validate(&log);
    assert_eq!(log["runs"][0]["results"][0]["ruleId"], "assertion");
    // A command-line error in SARIF.
    let r = ompv(&["verify", "--format", "sarif", "--nonsense"]);
    assert_eq!(r.code, 2);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    validate(&log);
    assert_eq!(log["runs"][0]["results"][0]["ruleId"], "usage");
}

#[test]
fn an_invalid_log_is_rejected() {
    // The validation itself can fail: a result without a message is not SARIF.
    let bad = serde_json::json!({
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "ompv"}}, "results": [{"ruleId": "race"}]}]
    });
    let validator = jsonschema::validator_for(&schema()).expect("the schema compiles");
    assert!(!validator.is_valid(&bad));
}

/// A race found on inferred footprints carries its two accesses as a code flow of two threads
/// (each access with who makes it and the element), and every rule's help is the whole
/// explanation of its kind.
#[test]
fn a_race_is_a_code_flow_of_two_threads_and_rules_explain_their_kind() {
    let run = ompv(&[
        "verify",
        "tests/c/races/library_zero_neighbour.c",
        "--format",
        "sarif",
    ]);
    let log: Value = serde_json::from_str(&run.stdout).expect("SARIF JSON");
    validate(&log);
    let r = &log["runs"][0];
    let race = &r["results"][0];
    assert_eq!(race["ruleId"], "race", "{race}");
    let threads = race["codeFlows"][0]["threadFlows"]
        .as_array()
        .unwrap_or_else(|| panic!("a code flow: {race}"));
    assert_eq!(threads.len(), 2, "{race}");
    let lines: Vec<(u64, String)> = threads
        .iter()
        .map(|t| {
            let l = &t["locations"][0]["location"];
            (
                l["physicalLocation"]["region"]["startLine"]
                    .as_u64()
                    .unwrap(),
                l["message"]["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut got: Vec<u64> = lines.iter().map(|l| l.0).collect();
    got.sort();
    assert_eq!(got, [11, 12], "both accesses: {lines:?}");
    assert!(
        lines.iter().all(|(_, m)| m.contains("writes a[")),
        "{lines:?}"
    );
    assert_ne!(threads[0]["id"], threads[1]["id"], "{race}");
    let rule = r["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == "race")
        .expect("the race rule");
    let help = rule["help"]["text"].as_str().unwrap();
    assert!(
        help.contains("How to fix") && help.contains("ompv explain --kind race"),
        "{help}"
    );
}
