//! `ompv verify` on the examples: every verified example verifies (exit 0) with all its
//! obligations verified; every failing variant is rejected with exactly the expected kinds and
//! lines (exit 1 for verification failures, 2 for input errors).

mod verify_support;

use std::path::Path;
use verify_support::{examples, verify};

/// Examples that must verify.
const VERIFIED: &[&str] = &[
    "after_region",
    "barrier_shift",
    "calls_twice",
    "copy_zero",
    "fusion",
    "listing7",
    "private_scalar",
    "sections",
    "single_after_loop",
];

/// An expected error: kind, line, lines of its related locations.
type Expected = (&'static str, u64, &'static [u64]);

/// Failing variants: the exact `(kind, line, related lines)` of every reported error.
const REJECTED: &[(&str, &[Expected])] = &[
    // A parallel loop reading a[i + 1] while writing a[i].
    ("fail_race_shift", &[("race", 9, &[11])]),
    // Fused loops, the second reads the element the first writes one index further.
    ("fail_fused_shift", &[("race", 17, &[12, 19])]),
    // `nowait` with `schedule(dynamic)` before a dependent loop: parallel composition.
    ("fail_dynamic_nowait", &[("race", 17, &[12, 19])]),
    // Two sections writing the same element.
    ("fail_sections_same", &[("race", 15, &[10, 17])]),
    // `for nowait` followed by a `single` writing an element the loop writes.
    ("fail_single_nowait", &[("race", 16, &[11, 18])]),
    // A shared scalar written in a parallel loop.
    ("fail_shared_scalar", &[("race", 10, &[14])]),
    // A wrong region postcondition.
    ("fail_region_post", &[("region-contract", 11, &[])]),
    // An iteration body that does not establish its postcondition.
    ("fail_iteration_post", &[("iteration-contract", 10, &[])]),
    // A region contract with too little permission.
    ("fail_region_perm", &[("region-contract", 11, &[14])]),
    // A read without permission, at the access.
    ("fail_read_perm", &[("permission", 12, &[])]),
    // A call without enough permission, at the call.
    ("fail_call_perm", &[("precondition", 18, &[6])]),
    // Input errors.
    ("fail_syntax", &[("syntax", 10, &[])]),
    ("fail_unsupported", &[("unsupported", 10, &[])]),
];

fn example(name: &str) -> String {
    format!("examples/{name}.c")
}

#[test]
fn every_example_is_listed() {
    let listed: Vec<String> = VERIFIED
        .iter()
        .copied()
        .chain(REJECTED.iter().map(|(n, _)| *n))
        .map(example)
        .collect();
    for p in examples() {
        let rel = format!("examples/{}", p.file_name().unwrap().to_string_lossy());
        assert!(
            listed.contains(&rel),
            "{rel} has no expectation in this test"
        );
    }
}

#[test]
fn verified_examples_verify() {
    for name in VERIFIED {
        let r = verify(Path::new(&example(name)));
        assert_eq!(r.verdict, "verified", "{name}: {:#}", r.json);
        assert_eq!(r.code, 0, "{name}");
        assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
        let obligations = r.json["obligations"].as_array().expect("obligations");
        assert!(!obligations.is_empty(), "{name}: no obligations");
        for o in obligations {
            assert_eq!(o["status"], "verified", "{name}: {o}");
            let kind = o["kind"].as_str().unwrap();
            assert!(
                ["par-block", "disjoint", "sequentialize", "function"].contains(&kind),
                "{name}: {o}"
            );
            assert!(o["time_ms"].is_u64() && o["name"].is_string());
        }
        assert!(r.json["time_ms"].is_u64());
        assert_eq!(r.json["file"], example(name).as_str());
    }
}

#[test]
fn failing_variants_are_rejected_with_kind_and_line() {
    for (name, expected) in REJECTED {
        let r = verify(Path::new(&example(name)));
        let input_error = expected
            .iter()
            .all(|(k, _, _)| ["syntax", "unsupported", "type"].contains(k));
        if input_error {
            assert_eq!(
                (r.verdict.as_str(), r.code),
                ("error", 2),
                "{name}: {:#}",
                r.json
            );
        } else {
            assert_eq!(
                (r.verdict.as_str(), r.code),
                ("failed", 1),
                "{name}: {:#}",
                r.json
            );
        }
        let got: Vec<(String, u64, Vec<u64>)> = r
            .errors
            .iter()
            .map(|e| {
                let mut rel = e.related.clone();
                rel.sort();
                (e.kind.clone(), e.line, rel)
            })
            .collect();
        let want: Vec<(String, u64, Vec<u64>)> = expected
            .iter()
            .map(|(k, l, rel)| (k.to_string(), *l, rel.to_vec()))
            .collect();
        assert_eq!(got, want, "{name}: {:#}", r.json);
    }
}

#[test]
fn races_name_the_iterations_and_the_element() {
    // The counterexample gives concrete iterations: i and i + 1 conflict on a[i + 1].
    let r = verify(Path::new("examples/fail_race_shift.c"));
    let m = &r.errors[0].message;
    assert!(
        m.starts_with("data race: iteration i = ")
            && m.contains(" of the loop at line 9 ")
            && m.contains(" a[")
            && m.contains(" while iteration i = "),
        "{m}"
    );
    let r = verify(Path::new("examples/fail_single_nowait.c"));
    let m = &r.errors[0].message;
    assert!(
        m.contains("of the loop at line 11 on thread ")
            && m.contains(" writes a[0] while the `single` at line 16 writes it"),
        "{m}"
    );
    // A shared scalar: both iterations write `t`.
    let r = verify(Path::new("examples/fail_shared_scalar.c"));
    let m = &r.errors[0].message;
    assert!(
        m.starts_with("data race: iteration i = ")
            && m.contains(" writes `t` while iteration i = "),
        "{:?}",
        r.errors
    );
    // A member of a struct variable is named as written, and the conflicting permission is
    // another section's, not another iteration's.
    let r = verify(Path::new("tests/c/races/struct_members_sections_same.c"));
    let e = &r.errors[0];
    assert!(
        e.message
            .contains("the section at line 16 writes `s.v` while the section at line 18 writes it"),
        "{:?}",
        r.errors
    );
    assert!(
        e.related.contains(&19)
            && r.json["errors"][0]["related"]
                .as_array()
                .expect("related")
                .iter()
                .any(|x| x["message"]
                    == "this permission conflicts with the one the section at line 16 holds"),
        "{:#}",
        r.json
    );
}
