//! `ompv witness` on the programs of `tests/c/witness/`: each racy program must report exactly
//! the racing pairs its first line names (`// expect: race L:C:K L:C:K; …`, K = R or W), each
//! race-free twin (`// expect: no race`) none. Plus the command's other answers: inconclusive
//! runs (exit 3, with the reason and where), input errors (exit 2), the text form of a witness,
//! and the program's arguments after `--`.

mod cli_support;

use cli_support::{ompv, root, scratch};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// An access as `line:column:R/W`.
fn access(a: &Value) -> String {
    let kind = if a["access"] == "write" { "W" } else { "R" };
    format!("{}:{}:{kind}", a["line"], a["column"])
}

/// The expected pairs of a file's first line (`None`: no race expected).
fn expected(path: &Path) -> Option<BTreeSet<String>> {
    let text = std::fs::read_to_string(path).expect("test program");
    let first = text.lines().next().unwrap_or("");
    let spec = first
        .strip_prefix("// expect: ")
        .unwrap_or_else(|| panic!("{}: no `// expect:` first line", path.display()));
    if spec == "no race" {
        return None;
    }
    let pairs = spec
        .strip_prefix("race ")
        .unwrap_or_else(|| panic!("{}: bad expectation `{spec}`", path.display()));
    Some(pairs.split(';').map(|p| normalise(p.trim())).collect())
}

/// A pair `A B` with its two accesses in (line, column, kind) order.
fn normalise(pair: &str) -> String {
    let key = |s: &str| -> (u32, u32, String) {
        let mut it = s.split(':');
        let l = it.next().and_then(|x| x.parse().ok()).expect("line");
        let c = it.next().and_then(|x| x.parse().ok()).expect("column");
        (l, c, it.next().expect("kind").to_string())
    };
    let mut v: Vec<&str> = pair.split_whitespace().collect();
    assert_eq!(v.len(), 2, "a pair is two accesses: `{pair}`");
    v.sort_by_key(|s| key(s));
    v.join(" ")
}

/// The JSON answer of `ompv witness --format json FILE`.
/// The races of a witness report (its errors of kind `race`).
fn races(j: &Value) -> impl Iterator<Item = &Value> {
    j["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "race")
}

fn witness_json(file: &str) -> (i32, Value) {
    let run = ompv(&["witness", "--format", "json", file]);
    let line = run
        .stdout
        .lines()
        .last()
        .unwrap_or_else(|| panic!("{file}: no output (exit {}): {}", run.code, run.stderr));
    let j = serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}: {e}: {line}"));
    (run.code, j)
}

#[test]
fn every_program_reports_exactly_its_expected_pairs() {
    let dir = root().join("tests/c/witness");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/c/witness")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    let (mut racy, mut clean) = (0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(root()).expect("under the root");
        let rel = rel.to_str().expect("UTF-8 path");
        let (code, j) = witness_json(rel);
        match expected(path) {
            Some(want) => {
                racy += 1;
                let got: BTreeSet<String> = races(&j)
                    .map(|r| {
                        normalise(&format!(
                            "{} {}",
                            access(&r["accesses"][0]),
                            access(&r["accesses"][1])
                        ))
                    })
                    .collect();
                if code != 1 || j["verdict"] != "failed" || got != want {
                    failures.push(format!(
                        "{rel}: exit {code}, expected {want:?}, got {got:?} ({j})"
                    ));
                }
            }
            None => {
                clean += 1;
                if code != 0 || j["verdict"] != "unknown" || j["errors"] != serde_json::json!([]) {
                    failures.push(format!("{rel}: exit {code}, expected no race, got {j}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The directory must keep both kinds: a racy program and a race-free twin per rule.
    assert!(
        racy >= 20 && clean >= 20,
        "{racy} racy, {clean} race-free programs"
    );
}

#[test]
fn a_witness_names_both_accesses_their_threads_and_iterations() {
    let (code, j) = witness_json("tests/c/witness/shifted_index.c");
    assert_eq!(code, 1);
    // The shape of `ompv verify`'s JSON: the race is an error with its accesses, in execution
    // order, and typed thread and iteration numbers.
    assert_eq!(j["verdict"], "failed");
    assert_eq!(j["race_free"], false);
    let r = &j["errors"][0];
    assert_eq!(r["kind"], "race", "{r}");
    assert_eq!(r["pair"], "a[i]@8:5:W vs. a[i + 1]@8:12:R", "{r}");
    let (first, second) = (&r["accesses"][0], &r["accesses"][1]);
    assert_ne!(first["thread"], second["thread"], "{r}");
    // One iteration reads the element the other writes: their `i` differ by one.
    let (fi, si) = (
        first["iteration"]["i"].as_i64().expect("i"),
        second["iteration"]["i"].as_i64().expect("i"),
    );
    let (reader, writer) = if first["access"] == "read" {
        (fi, si)
    } else {
        (si, fi)
    };
    assert_eq!(reader + 1, writer, "{r}");
    assert_eq!(r["element"], format!("a[{writer}]"), "{r}");

    let run = ompv(&["witness", "tests/c/witness/shifted_index.c"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("a[i]@8:5:W vs. a[i + 1]@8:12:R"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("reads a[") && run.stdout.contains("writes it"),
        "{}",
        run.stdout
    );
}

#[test]
fn no_race_is_never_presented_as_a_proof() {
    let run = ompv(&["witness", "tests/c/witness/shifted_index_twin.c"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("no race in this execution; not a proof"),
        "{}",
        run.stdout
    );
}

#[test]
fn what_the_model_cannot_run_is_inconclusive_with_the_reason_and_where() {
    let dir = scratch("witness-inconclusive");
    let cases = [
        // Undefined behaviour: an access past the end of the array.
        ("oob.c", "int a[4];\nint main(void) {\n  int k = 4;\n  a[k] = 1;\n  return 0;\n}\n", "4:"),
        // A construct outside the model.
        ("target.c", "int main(void) {\n  int x = 0;\n#pragma omp target map(tofrom: x)\n  x = 1;\n  return x;\n}\n", "target"),
        // The step budget.
        ("spin.c", "int main(void) {\n  int n = 0;\n  while (1) n = (n + 1) % 7;\n  return n;\n}\n", "budget"),
    ];
    for (name, src, needle) in cases {
        let f = dir.join(name);
        std::fs::write(&f, src).expect("write");
        let f = f.to_str().expect("UTF-8 path");
        let run = ompv(&["witness", "--max-steps", "100000", f]);
        assert_eq!(run.code, 3, "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stdout.contains("inconclusive"),
            "{name}: {}",
            run.stdout
        );
        let (code, j) = {
            let run = ompv(&["witness", "--max-steps", "100000", "--format", "json", f]);
            (
                run.code,
                serde_json::from_str::<Value>(run.stdout.trim()).expect("JSON"),
            )
        };
        assert_eq!(code, 3);
        assert_eq!(j["verdict"], "unknown");
        let e = &j["errors"][0];
        assert_eq!(e["kind"], "inconclusive", "{j}");
        assert_eq!(e["severity"], "warning", "{j}");
        let reason = e["message"].as_str().expect("reason");
        let at = format!("{}:", e["line"]);
        assert!(reason.contains(needle) || at == needle, "{name}: {j}");
    }
}

#[test]
fn input_errors_exit_2() {
    let dir = scratch("witness-input");
    let f = dir.join("bad.c");
    std::fs::write(&f, "int main(void) { return 0 }\n").expect("write");
    let run = ompv(&["witness", f.to_str().expect("UTF-8")]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    let run = ompv(&["witness", "tests/c/witness/no-such-file.c"]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
}

#[test]
fn the_program_arguments_follow_a_double_dash() {
    // The race happens only when argv[1] asks for it: the run follows the program's input.
    let dir = scratch("witness-args");
    let f = dir.join("args.c");
    let src = "#include <stdlib.h>\nint a[16];\nint main(int argc, char **argv) {\n  int d = argc > 1 ? atoi(argv[1]) : 0;\n#pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    a[i + d] = a[i] + 1;\n  return 0;\n}\n";
    std::fs::write(&f, src).expect("write");
    let f = f.to_str().expect("UTF-8");
    assert_eq!(ompv(&["witness", f]).code, 0);
    assert_eq!(ompv(&["witness", f, "--", "0"]).code, 0);
    let run = ompv(&["witness", f, "--", "1"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("@7:5:W"), "{}", run.stdout);
}
