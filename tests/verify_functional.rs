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
