//! Annotated C programs of the kinds people parallelise (`tests/c/annotated/`): 2-D `double`
//! stencils over global arrays sized by macros, `main(argc, argv)` with `malloc`, parameters that
//! may alias. Each file states its answer on its first line — `// expect: verified`,
//! `// expect: unknown`, or `// expect: failed L…` with the lines of every error — and most come
//! with mutants (an off-by-one index or bound, a wrong value, a fraction too large, an aliasing
//! call) that must fail where stated.

mod verify_support;

use std::collections::BTreeSet;
use verify_support::{root, verify};

#[test]
fn annotated_programs_get_their_expected_answer() {
    let dir = root().join("tests/c/annotated");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/c/annotated")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let (mut verified, mut failed) = (0, 0);
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap_or(f).to_path_buf();
        let text = std::fs::read_to_string(f).expect("readable");
        let first = text.lines().next().unwrap_or_default();
        let want = first
            .strip_prefix("// expect: ")
            .unwrap_or_else(|| panic!("{}: no expectation", rel.display()));
        let r = verify(&rel);
        let lines: BTreeSet<u64> = r.json["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e["line"].as_u64())
            .collect();
        let ok = if want == "verified" {
            verified += 1;
            r.verdict == "verified"
        } else if want == "unknown" {
            // Never verified, and no wrong definite answer.
            r.verdict == "unknown"
        } else {
            failed += 1;
            let at: BTreeSet<u64> = want
                .strip_prefix("failed")
                .unwrap_or_else(|| panic!("{}: unknown expectation `{want}`", rel.display()))
                .split_whitespace()
                .map(|l| l.parse().expect("a line number"))
                .collect();
            r.verdict == "failed" && lines == at
        };
        if !ok {
            failures.push(format!(
                "{}: expected {want}, got {} at lines {lines:?}: {}",
                rel.display(),
                r.verdict,
                r.json["errors"]
            ));
        }
    }
    assert!(
        verified >= 3 && failed >= 5,
        "{verified} verified, {failed} failing"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
