//! Annotated OpenMP programs whose synchronisation carries a functional property
//! (`tests/c/functional/`): reductions whose result the contract states (`\sum`, `\product`,
//! `\max`, `\forall`/`\exists` for `&&`/`||`, per-thread partial results combined into a
//! `parallel`'s reduction), and `critical` sections and locks with resource invariants.
//!
//! Each file states its answer on its first line — `// expect: verified`, `// expect: unknown`,
//! or `// expect: failed KIND:LINE …` with the kind and line of every error — and cites the
//! OpenMP 5.2 rule it relies on. Most correct programs come with mutants that must be rejected
//! where stated: a variable missing from the `reduction` clause or a missing `critical` (a race),
//! the wrong operator or initial value (the postcondition), a wrong contribution (the iteration
//! contract), the wrong lock, an invariant not re-established at the end of a critical section.

mod verify_support;

use std::collections::BTreeSet;
use verify_support::{root, verify};

#[test]
fn functional_programs_get_their_expected_answer() {
    let dir = root().join("tests/c/functional");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/c/functional")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let (mut verified, mut failed) = (0, 0);
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap_or(f).to_path_buf();
        let text = std::fs::read_to_string(f).expect("readable");
        assert!(
            text.contains("OpenMP 5.2 §"),
            "{}: cites no rule of the specification",
            rel.display()
        );
        let first = text.lines().next().unwrap_or_default();
        let want = first
            .strip_prefix("// expect: ")
            .unwrap_or_else(|| panic!("{}: no expectation", rel.display()));
        let r = verify(&rel);
        let got: BTreeSet<(String, u64)> = r.kinds_and_lines().into_iter().collect();
        let ok = if want == "verified" {
            verified += 1;
            r.verdict == "verified" && r.code == 0
        } else if want == "unknown" {
            r.verdict == "unknown"
        } else {
            failed += 1;
            let at: BTreeSet<(String, u64)> = want
                .strip_prefix("failed")
                .unwrap_or_else(|| panic!("{}: unknown expectation `{want}`", rel.display()))
                .split_whitespace()
                .map(|p| {
                    let (k, l) = p.split_once(':').expect("KIND:LINE");
                    (k.to_string(), l.parse().expect("a line number"))
                })
                .collect();
            r.verdict == "failed" && r.code == 1 && got == at
        };
        if !ok {
            failures.push(format!(
                "{}: expected {want}, got {} with {got:?}",
                rel.display(),
                r.verdict
            ));
        }
    }
    assert!(
        verified >= 6 && failed >= 10,
        "{verified} verified, {failed} failing"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `ompv encode --emit ppl` shows what the proof uses: the contributions of loop blocks to
/// reductions and to variables updated under a lock, and the locks' resources (text and JSON).
#[test]
fn the_ppl_view_shows_contributions_and_lock_resources() {
    let run = |file: &str, json: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"));
        cmd.args(["encode", file, "--emit", "ppl"]);
        if json {
            cmd.args(["--format", "json"]);
        }
        let out = cmd.current_dir(root()).output().expect("ompv runs");
        assert!(out.status.success(), "{file}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let text = run("tests/c/functional/sum_spec.c", false);
    assert!(
        text.contains(
            "contributes to the region's reduction of `res` (+): a[i] (read off the code)"
        ),
        "{text}"
    );
    let text = run("tests/c/functional/sum_spec_drain.c", false);
    assert!(
        text.contains("contributes to the region's reduction of `res` (+): \\old(a[i]) (stated)"),
        "{text}"
    );
    let text = run("tests/c/functional/critical_invariant.c", false);
    assert!(
        text.contains(
            "omp critical(bank)  the lock of the `critical(bank)` section, holding its resource invariant"
        ),
        "{text}"
    );
    assert!(
        text.contains("context Perm(balance, write) ** balance >= 0;"),
        "{text}"
    );
    let text = run("tests/c/functional/critical_counter.c", false);
    assert!(
        text.contains(
            "contributes to the updates under the lock of `cnt` (+): 1 (read off the code)"
        ),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run("tests/c/functional/reduction_in_region.c", true)).expect("JSON");
    let tree = json["regions"][0]["tree"].to_string();
    assert!(tree.contains("\"updates_originals\":true"), "{tree}");
    assert!(
        tree.contains("contributes to the loop's reduction of `s` (+): a[i] (read off the code)"),
        "{tree}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run("tests/c/functional/lock_test_nest.c", true)).expect("JSON");
    let tree = json["regions"][0]["tree"].to_string();
    assert!(
        tree.contains("\"lock\":\"the code holding the lock `l`\""),
        "{tree}"
    );
}
