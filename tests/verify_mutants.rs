//! Mutation tests: small edits of the verified examples. Mutants that remove synchronisation
//! the program needs, shift an index, or lower a permission fraction below what the code uses
//! must be rejected (with the kind and line given here); mutants that only add synchronisation
//! must still verify.
//!
//! The mutants (file, what, find → replace, expected):

mod verify_support;

use verify_support::{root, scratch, verify};

/// What a mutant must give.
#[derive(Clone, Copy, Debug)]
enum Expect {
    Verified,
    /// Rejected with an error of this kind at this line.
    Rejected(&'static str, u64),
}
use Expect::*;

struct Mutant {
    file: &'static str,
    what: &'static str,
    find: &'static str,
    replace: &'static str,
    expect: Expect,
}

const MUTANTS: &[Mutant] = &[
    // --- listing7.c: (L1 ⊕ L2) || L3
    Mutant {
        file: "listing7",
        what: "remove synchronisation: L1 schedule(static) -> schedule(dynamic) under the fusion",
        find: "#pragma omp for schedule(static) nowait",
        replace: "#pragma omp for schedule(dynamic) nowait",
        expect: Rejected("race", 35),
    },
    Mutant {
        file: "listing7",
        what: "add synchronisation: L1 without nowait (L1 ; L2)",
        find: "#pragma omp for schedule(static) nowait",
        replace: "#pragma omp for schedule(static)",
        expect: Verified,
    },
    Mutant {
        file: "listing7",
        what: "shift an index: L2 adds b[i + 1]",
        find: "{ c[i] = c[i] + b[i]; }",
        replace: "{ c[i] = c[i] + b[i + 1]; }",
        expect: Rejected("permission", 39),
    },
    Mutant {
        file: "listing7",
        what: "lower a fraction: L1 writes c[i] with half a permission",
        find: "context Perm(c[i], write) ** Perm(a[i], 1\\4);",
        replace: "context Perm(c[i], 1\\2) ** Perm(a[i], 1\\4);",
        expect: Rejected("permission", 33),
    },
    // --- fusion.c: two fused loops
    Mutant {
        file: "fusion",
        what: "remove synchronisation: schedule(static) -> schedule(dynamic) under the fusion",
        find: "#pragma omp for schedule(static) nowait",
        replace: "#pragma omp for schedule(dynamic) nowait",
        expect: Rejected("race", 20),
    },
    Mutant {
        file: "fusion",
        what: "add synchronisation: no nowait (a barrier between the loops)",
        find: "#pragma omp for schedule(static) nowait",
        replace: "#pragma omp for schedule(static)",
        expect: Verified,
    },
    Mutant {
        file: "fusion",
        what: "shift an index: the second loop reads b[i + 1]",
        find: "c[i] = 2 * b[i];",
        replace: "c[i] = 2 * b[i + 1];",
        expect: Rejected("permission", 23),
    },
    Mutant {
        file: "fusion",
        what: "lower a fraction: the function holds half of b",
        find: "\\pointer(b, n, write)",
        replace: "\\pointer(b, n, 1\\2)",
        expect: Rejected("iteration-contract", 17),
    },
    // --- barrier_shift.c: a barrier between a loop and a loop reading a shifted element
    Mutant {
        file: "barrier_shift",
        what: "remove synchronisation: nowait on the first loop",
        find: "#pragma omp for\n    for (int i = 0;",
        replace: "#pragma omp for nowait\n    for (int i = 0;",
        expect: Rejected("race", 20),
    },
    Mutant {
        file: "barrier_shift",
        what: "shift an index: the second loop reads a[i - 2]",
        find: "b[i] = a[i - 1];",
        replace: "b[i] = a[i - 2];",
        expect: Rejected("permission", 23),
    },
    Mutant {
        file: "barrier_shift",
        what: "lower a fraction: the first loop writes with half a permission",
        find: "context Perm(a[i], write);",
        replace: "context Perm(a[i], 1\\2);",
        expect: Rejected("permission", 18),
    },
    // --- single_after_loop.c
    Mutant {
        file: "single_after_loop",
        what: "remove synchronisation: nowait on the loop before the single",
        find: "#pragma omp for",
        replace: "#pragma omp for nowait",
        expect: Rejected("race", 20),
    },
    Mutant {
        file: "single_after_loop",
        what: "shift an index: the single reads a[n - 2]",
        find: "*last = a[n - 1];",
        replace: "*last = a[n - 2];",
        expect: Rejected("permission", 25),
    },
    Mutant {
        file: "single_after_loop",
        what: "lower a fraction: the single writes *last with half a permission",
        find: "context Perm(a[n - 1], 1\\2) ** Perm(*last, write);",
        replace: "context Perm(a[n - 1], 1\\2) ** Perm(*last, 1\\2);",
        expect: Rejected("permission", 25),
    },
    // --- private_scalar.c
    Mutant {
        file: "private_scalar",
        what: "remove the privatisation of t (shared by all iterations)",
        find: "#pragma omp parallel for private(t)",
        replace: "#pragma omp parallel for",
        // Reported at the loop's pragma, the write to `t` as the related location.
        expect: Rejected("race", 13),
    },
    Mutant {
        file: "private_scalar",
        what: "shift an index: read a[i + 1]",
        find: "t = a[i] * f;",
        replace: "t = a[i + 1] * f;",
        expect: Rejected("permission", 17),
    },
    Mutant {
        file: "private_scalar",
        what: "lower a fraction: half a permission to a[i]",
        find: "context Perm(a[i], write);",
        replace: "context Perm(a[i], 1\\2);",
        expect: Rejected("permission", 18),
    },
    // --- copy_zero.c
    Mutant {
        file: "copy_zero",
        what: "shift an index: copy src[i + 1]",
        find: "dst[i] = src[i];",
        replace: "dst[i] = src[i + 1];",
        expect: Rejected("permission", 15),
    },
    Mutant {
        file: "copy_zero",
        what: "lower a fraction: the zeroing region holds half of a",
        find: "/*@ context \\pointer(a, n, write);\n        ensures",
        replace: "/*@ context \\pointer(a, n, 1\\2);\n        ensures",
        expect: Rejected("region-contract", 26),
    },
    // --- sections.c
    Mutant {
        file: "sections",
        what: "shift an index: the first section writes a[i + 1]",
        find: "{ a[i] = 1; }",
        replace: "{ a[i + 1] = 1; }",
        expect: Rejected("permission", 23),
    },
    Mutant {
        file: "sections",
        what: "lower a fraction: the first section holds half of a",
        find: "/*@ requires n >= 0;\n          context \\pointer(a, n, write);",
        replace: "/*@ requires n >= 0;\n          context \\pointer(a, n, 1\\2);",
        expect: Rejected("loop-invariant", 21),
    },
    // --- after_region.c
    Mutant {
        file: "after_region",
        what: "shift an index: read a[1] after the region",
        find: "int x = a[2];",
        replace: "int x = a[1];",
        expect: Rejected("postcondition", 8),
    },
    Mutant {
        file: "after_region",
        what: "lower a fraction: the region holds half of a",
        find: "/*@ context \\pointer(a, n, write);",
        replace: "/*@ context \\pointer(a, n, 1\\2);",
        expect: Rejected("region-contract", 14),
    },
    // --- calls_twice.c
    Mutant {
        file: "calls_twice",
        what: "lower a fraction: the caller holds half of a",
        find: "context \\pointer(a, n, write);\n  ensures (\\forall int k; 0 <= k && k < n; a[k] == \\old(a[k]) + 2);",
        replace: "context \\pointer(a, n, 1\\2);\n  ensures (\\forall int k; 0 <= k && k < n; a[k] == \\old(a[k]) + 2);",
        expect: Rejected("precondition", 24),
    },
    Mutant {
        file: "calls_twice",
        what: "shift an index: increment a[i + 1]",
        find: "a[i] = a[i] + 1;",
        replace: "a[i] = a[i + 1] + 1;",
        expect: Rejected("permission", 15),
    },
    // --- a failing example fixed by adding synchronisation
    Mutant {
        file: "fail_dynamic_nowait",
        what: "add synchronisation: no nowait after the dynamic loop",
        find: "#pragma omp for schedule(dynamic) nowait",
        replace: "#pragma omp for schedule(dynamic)",
        expect: Verified,
    },
];

#[test]
fn mutants() {
    let dir = scratch("mutants");
    let mut failures = Vec::new();
    for (k, m) in MUTANTS.iter().enumerate() {
        let src = std::fs::read_to_string(root().join(format!("examples/{}.c", m.file)))
            .expect("example");
        assert!(
            src.contains(m.find),
            "mutant {k} ({}: {}): `{}` does not occur",
            m.file,
            m.what,
            m.find
        );
        let path = dir.join(format!("{}_m{k}.c", m.file));
        std::fs::write(&path, src.replacen(m.find, m.replace, 1)).expect("write mutant");
        let r = verify(&path);
        let ok = match m.expect {
            Verified => r.verdict == "verified" && r.code == 0,
            Rejected(kind, line) => {
                r.verdict == "failed"
                    && r.code == 1
                    && r.errors.iter().any(|e| e.kind == kind && e.line == line)
            }
        };
        if !ok {
            failures.push(format!(
                "mutant {k} ({}: {}): expected {:?}, got {} {:?}",
                m.file,
                m.what,
                m.expect,
                r.verdict,
                r.kinds_and_lines()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
