//! Details of the C lowering, through `ompv verify` on the programs in `tests/c/verify/`: each
//! with its verdict and the exact `(kind, line)` of every reported error.

mod verify_support;

use std::path::Path;
use verify_support::verify;

fn check(name: &str, verdict: &str, code: i32, errors: &[(&str, u64)]) {
    let file = format!("tests/c/verify/{name}.c");
    let r = verify(Path::new(&file));
    assert_eq!(
        (r.verdict.as_str(), r.code),
        (verdict, code),
        "{file}: {:#}",
        r.json
    );
    let want: Vec<(String, u64)> = errors.iter().map(|(k, l)| (k.to_string(), *l)).collect();
    assert_eq!(r.kinds_and_lines(), want, "{file}: {:#}", r.json);
}

#[test]
fn c_division_truncates_and_zero_divisors_are_reported() {
    // The assertions about negative operands hold with C's semantics; `x % y` without
    // `y != 0` is a division by zero at the division.
    check("c_division", "failed", 1, &[("assertion", 15)]);
}

#[test]
fn returns_that_need_no_jump() {
    check("returns", "verified", 0, &[]);
    // A `return` inside a loop checks the postcondition where it returns.
    check("early_return", "failed", 1, &[("postcondition", 24)]);
}

#[test]
fn perm_on_a_scalar_is_unsupported() {
    check("perm_scalar", "error", 2, &[("unsupported", 9)]);
}

#[test]
fn scalar_writes_in_a_single_need_no_other_order() {
    // The only block of the region writes the shared `c`: nothing runs at the same time.
    check("single_writes_scalar", "verified", 0, &[]);
}

#[test]
fn loop_bounds_must_not_read_memory() {
    check("bound_reads_memory", "error", 2, &[("unsupported", 7)]);
}

#[test]
fn specifications_are_typed() {
    check(
        "spec_types",
        "error",
        2,
        &[("type", 3), ("type", 6), ("type", 9)],
    );
}

#[test]
fn firstprivate_values_and_privatised_variables_after_the_region() {
    // OpenMP 5.2 §5.4.4: a `firstprivate` copy per thread, written in the loop: the iteration
    // contract cannot rely on its initial value. After the region the original `b` is unchanged
    // (§5.3) and the loop variable `i` has an unknown value.
    check(
        "firstprivate_loopvar",
        "failed",
        1,
        &[("iteration-contract", 14), ("assertion", 20)],
    );
}

#[test]
fn simd_alone_in_a_region_is_run_by_every_thread() {
    // OpenMP 5.2 §10.4: every thread runs the whole `simd` loop: a race on every a[i].
    check("simd_runtime", "failed", 1, &[("race", 14)]);
    check("simd_shared", "verified", 0, &[]);
}

#[test]
fn requires_false_functions_are_not_verified_and_cannot_be_called() {
    check("requires_false", "failed", 1, &[("precondition", 11)]);
}

#[test]
fn reduction_variables_are_private_copies() {
    check("reduction", "verified", 0, &[]);
    // A global (or any variable in memory) the region privatises has an unknown value after it.
    check(
        "privatised_in_memory",
        "failed",
        1,
        &[("postcondition", 9), ("assertion", 25)],
    );
    // OpenMP 5.2 §5.5.8: a whole array in `reduction` is private per thread; its value after the
    // loop is not modelled (every element unknown, see tests/c/functional/reduction_array_value.c).
    check("reduction_array", "verified", 0, &[]);
    // `\contribution(x)` belongs to the iteration contract of a loop that reduces `x`.
    check("contribution_misplaced", "error", 2, &[("type", 1)]);
}

#[test]
fn a_solver_timeout_is_unknown_never_verified() {
    // With a 1 ms limit per query (`--timeout` is in seconds) the quantified-permission
    // queries of Listing 7 time out.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args([
            "verify",
            "examples/listing7.c",
            "--timeout",
            "0.001",
            "--format",
            "json",
        ])
        .current_dir(verify_support::root())
        .output()
        .expect("ompv runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert_eq!(out.status.code(), Some(3));
    assert!(v["obligations"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["status"] == "unknown"));
}

#[test]
fn a_region_inside_a_sequential_loop() {
    check("region_in_loop", "verified", 0, &[]);
}

#[cfg(not(feature = "silicon"))]
#[test]
fn silicon_needs_the_feature() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args([
            "verify",
            "examples/fusion.c",
            "--backend",
            "silicon",
            "--format",
            "json",
        ])
        .current_dir(verify_support::root())
        .output()
        .expect("ompv runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["errors"][0]["id"], "silicon.unavailable");
    assert_eq!(v["errors"][0]["kind"], "backend");
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("--features silicon"));
}

#[test]
fn bool_variables_hold_zero_or_one() {
    check("bool_locals", "verified", 0, &[]);
}

#[test]
fn floating_types_round_apart() {
    // The same constant in `float` and in `double` (and the sum of `float`s computed in
    // `double`) are not known to be equal; what every type holds exactly is.
    check(
        "float_kinds",
        "failed",
        1,
        &[("assertion", 14), ("assertion", 15), ("assertion", 19)],
    );
}

#[test]
fn polybench_allocations_are_fresh_arrays() {
    // (In a folder of their own, with the header: `ompv infer`'s round trip copies single files.)
    check("polybench/alloc", "verified", 0, &[]);
    check("polybench/alloc_short", "error", 2, &[("unsupported", 9)]);
}

#[test]
fn library_routines_write_what_they_write() {
    check("time_writes", "failed", 1, &[("assertion", 7)]);
}

/// `--check-overflow` (C11 6.5p5): a signed overflow is reported where it may happen, and only
/// there; without the option signed arithmetic is unbounded and the same program verifies.
#[test]
fn signed_overflow_is_checked_on_request() {
    let run = |file: &str, flag: bool| {
        let mut args = vec!["verify", file, "--format", "json"];
        if flag {
            args.push("--check-overflow");
        }
        let (code, out) = verify_support::ompv(&args);
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let errors: Vec<(String, u64)> = json["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| {
                (
                    e["message"].as_str().unwrap_or_default().to_string(),
                    e["line"].as_u64().unwrap_or(0),
                )
            })
            .collect();
        (
            code,
            json["verdict"].as_str().unwrap_or_default().to_string(),
            errors,
        )
    };
    let f = "tests/c/verify/signed_overflow.c";
    assert_eq!(run(f, false), (0, "verified".into(), Vec::new()));
    let (code, verdict, errors) = run(f, true);
    assert_eq!((code, verdict.as_str()), (1, "failed"), "{errors:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].1, 12, "{errors:?}");
    assert!(errors[0].0.contains("signed overflow"), "{errors:?}");
    let f = "tests/c/verify/signed_overflow_loop.c";
    assert_eq!(run(f, true), (0, "verified".into(), Vec::new()));
}
