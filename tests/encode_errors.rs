//! Input errors of `ompv encode`: every error class, with its kind, id, line and column, through
//! the CLI's JSON output and exit code 2.

use std::process::Command;

fn encode_json(file: &str) -> (i32, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(["encode", file, "--emit", "ppl", "--format", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("ompv runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap_or(-1), v)
}

/// `tests/c/errors/NAME.c` fails with exactly one error of this kind, id and position, whose
/// message contains `needle`.
fn expect_error(name: &str, kind: &str, id: &str, line: u64, column: u64, needle: &str) {
    let file = format!("tests/c/errors/{name}.c");
    let (code, v) = encode_json(&file);
    assert_eq!(code, 2, "{file}: {v}");
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["file"], file.as_str());
    let errors = v["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{file}: {v}");
    let e = &errors[0];
    assert_eq!(e["kind"], kind, "{file}: {e}");
    assert_eq!(e["id"], id, "{file}: {e}");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(line), Some(column)),
        "{file}: {e}"
    );
    let message = e["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(needle),
        "{file}: `{message}` lacks `{needle}`"
    );
}

#[test]
fn malformed_pragmas() {
    expect_error(
        "bad_schedule",
        "syntax",
        "omp.syntax",
        3,
        37,
        "schedule kind",
    );
    expect_error(
        "bad_clause_place",
        "syntax",
        "omp.syntax",
        4,
        7,
        "`nowait` is not allowed on `omp parallel for`",
    );
    expect_error(
        "section_outside",
        "syntax",
        "omp.syntax",
        5,
        17,
        "outside `omp sections`",
    );
}

/// Programs that break a restriction of OpenMP 5.2 are errors of their own kind, naming the rule.
#[test]
fn nonconforming_programs() {
    // OpenMP 5.2 §5.4.4, §5.4.5, §5.5.8: a variable private in a `parallel` region may not be
    // `firstprivate`, `lastprivate` or a reduction item of a worksharing construct bound to it.
    for (name, line, column, clause) in [
        (
            "firstprivate_private_in_region",
            10,
            33,
            "`firstprivate` on the `omp single`",
        ),
        (
            "lastprivate_private_in_region",
            16,
            29,
            "`lastprivate` on the `omp for`",
        ),
        (
            "reduction_private_in_region",
            9,
            31,
            "`reduction` on the `omp for`",
        ),
    ] {
        expect_error(
            name,
            "nonconforming",
            "omp.nonconforming",
            line,
            column,
            &format!(
                "is private in the enclosing `parallel` region: it may not appear in {clause}"
            ),
        );
    }
    // OpenMP 5.2 §5.4: a list item in two data-sharing attribute clauses of one construct
    // (after §17.2's split of a compound directive's clauses among its leaves).
    for (name, line, column, clash) in [
        (
            "private_and_lastprivate",
            10,
            40,
            "`t` is in a `private` and a `lastprivate` clause of `omp for`;",
        ),
        (
            "shared_and_firstprivate_task",
            9,
            41,
            "`x` is in a `shared` and a `firstprivate` clause of `omp task`;",
        ),
        (
            "reduction_and_private_compound",
            8,
            50,
            "`s` is in a `reduction` and a `private` clause of `omp parallel for` (both apply \
             to its `for` construct, §17.2)",
        ),
    ] {
        expect_error(
            name,
            "nonconforming",
            "omp.nonconforming",
            line,
            column,
            clash,
        );
    }
    // OpenMP 5.2 §10.4: a `critical` (or a lock) inside a `simd` loop would make the lanes of one
    // thread wait for each other; the program does not conform.
    expect_error(
        "simd_critical",
        "nonconforming",
        "omp.nonconforming",
        6,
        13,
        "inside a `simd` loop",
    );
    // OpenMP 5.2 §10.3: only `parallel`, `simd`, `loop` and `atomic` may be nested in a loop with
    // `order(concurrent)`; §10.4: such a `simd` loop may not have `safelen`; and no `ordered`
    // clause beside it (no iteration order is kept).
    expect_error(
        "order_concurrent_critical",
        "nonconforming",
        "omp.nonconforming",
        6,
        13,
        "inside a loop with `order(concurrent)`",
    );
    // The same for a construct in a function called there (inlined into the region).
    expect_error(
        "order_concurrent_call",
        "nonconforming",
        "omp.nonconforming",
        4,
        13,
        "inside a loop with `order(concurrent)`",
    );
    expect_error(
        "order_concurrent_safelen",
        "nonconforming",
        "omp.nonconforming",
        4,
        18,
        "with `safelen`",
    );
    expect_error(
        "order_concurrent_ordered",
        "nonconforming",
        "omp.nonconforming",
        4,
        34,
        "with an `ordered` clause",
    );
    // §17: a `barrier` closely nested in a worksharing loop (the threads would each have to meet
    // it once per iteration they run), a worksharing construct closely nested in another, a
    // `barrier` in a `critical` region, a `critical` nested in one of the same name.
    expect_error(
        "barrier_in_for",
        "nonconforming",
        "omp.nonconforming",
        8,
        19,
        "inside a worksharing-loop (`for`) region",
    );
    expect_error(
        "single_in_for",
        "nonconforming",
        "omp.nonconforming",
        7,
        19,
        "a worksharing region may not be closely nested",
    );
    expect_error(
        "barrier_in_critical",
        "nonconforming",
        "omp.nonconforming",
        10,
        19,
        "inside a `critical` region",
    );
    expect_error(
        "critical_same_name",
        "nonconforming",
        "omp.nonconforming",
        10,
        19,
        "`critical(update)`",
    );
    // The same through a call in the loop (checked with the callee inlined into the region).
    expect_error(
        "barrier_in_called_function",
        "nonconforming",
        "omp.nonconforming",
        7,
        15,
        "inside a worksharing-loop (`for`) region",
    );
    // §15.3.1: a barrier that only some threads meet (a condition on the thread's number).
    expect_error(
        "barrier_divergent",
        "nonconforming",
        "omp.nonconforming",
        10,
        19,
        "`t`, which depends on the thread's number",
    );
}

#[test]
fn malformed_specifications() {
    expect_error(
        "bad_spec",
        "syntax",
        "spec.syntax",
        2,
        54,
        "expected an expression",
    );
    expect_error(
        "bad_iteration_spec",
        "syntax",
        "spec.syntax",
        6,
        9,
        "expected `;`",
    );
    expect_error(
        "spec_not_attached",
        "syntax",
        "spec.syntax",
        4,
        7,
        "not attached",
    );
}

#[test]
fn unsupported_directives_and_clauses() {
    // OpenMP 5.2 §10.3: a `threadprivate` variable referenced in a loop with `order(concurrent)`
    // has unspecified behaviour; ompv does not verify such a loop.
    expect_error(
        "order_concurrent_threadprivate",
        "unsupported",
        "unsupported",
        9,
        5,
        "`threadprivate` variable `counter`",
    );
    // OpenMP 5.2 §15.9.5: an `iterator` modifier stands for a list item per iteration, which the
    // task order does not expand (`depobj` likewise).
    expect_error(
        "unsupported_depend_iterator",
        "unsupported",
        "unsupported",
        10,
        18,
        "without `iterator`",
    );
    // OpenMP 5.2 §12.5, §15.9.5: clause expressions are evaluated by the thread that meets the
    // construct; their reads are not accesses of the proof, so nothing in the region may change
    // what they read.
    expect_error(
        "unsupported_clause_read",
        "unsupported",
        "unsupported",
        12,
        18,
        "`if` reads `x`",
    );
    expect_error(
        "unsupported_depend_subscript_read",
        "unsupported",
        "unsupported",
        12,
        18,
        "`depend` reads `i`",
    );
    expect_error(
        "unsupported_directive",
        "unsupported",
        "unsupported",
        8,
        19,
        "directive `cancel`",
    );
    // `linear` is rewritten on combined `parallel for` and on `simd` outside regions; on a `for`
    // inside a region it is not handled (see `omp::data_sharing::linear`).
    expect_error(
        "unsupported_clause",
        "unsupported",
        "unsupported",
        5,
        19,
        "`linear`",
    );
    // A resource invariant names a lock: one no construct of the region takes is a misspelling.
    expect_error(
        "invariant_unknown_lock",
        "type",
        "type",
        6,
        9,
        "no construct of this parallel region takes the lock",
    );
    // Tasks generated inside a task that does not wait for them (they may outlive it: OpenMP
    // 5.2 §15.5) are not modelled.
    // A lock declared in the region is each thread's own (OpenMP 5.2 §5.1.1): it excludes
    // nothing, and is not taken for a lock of the team.
    expect_error(
        "unsupported_private_lock",
        "unsupported",
        "unsupported",
        8,
        5,
        "private to each thread",
    );
    // OpenMP 5.2 §15.10.2: an `ordered` block binds to a loop region with an `ordered` clause;
    // anywhere else the program does not conform.
    expect_error(
        "unsupported_ordered",
        "unsupported",
        "unsupported",
        6,
        13,
        "`omp ordered` here",
    );
    // OpenMP 5.2 §10.4.1: `safelen` limits which iterations of one thread's `simd` loop run at
    // the same time; every thread of a team runs this loop, and ompv does not split the pairs.
    expect_error(
        "unsupported_safelen",
        "unsupported",
        "unsupported",
        5,
        18,
        "`safelen` on a `simd` loop run by every thread",
    );
    // OpenMP 5.2 §4.4.1 allows non-rectangular collapsed nests; the proof does not model them
    // (it used to emit a Viper program reading the outer variable out of scope).
    expect_error(
        "unsupported_nonrectangular",
        "unsupported",
        "unsupported",
        9,
        5,
        "a non-rectangular loop nest",
    );
    // OpenMP 5.2 §5.5.8: only part of the array would be private; taking the whole would hide
    // races on the rest.
    expect_error(
        "unsupported_reduction_partial_section",
        "unsupported",
        "unsupported",
        8,
        40,
        "the section's length is not the array's",
    );
    expect_error(
        "unsupported_nested_task",
        "unsupported",
        "unsupported",
        8,
        19,
        "`omp task` here",
    );
    // OpenMP 5.2 §12.9: a task outside any region that nothing waits for may run after its
    // function returns; only at the end of `main` is that the end of the program.
    expect_error(
        "unsupported_orphan_task_escapes",
        "unsupported",
        "unsupported",
        8,
        13,
        "`omp task` outside a parallel region",
    );
    // OpenMP 5.2 §10.5: a `master` block is code of the thread that runs it; its contract joins
    // the contract of the region's code around it, which an orphaned `master` has none of.
    expect_error(
        "unsupported_master_contract",
        "unsupported",
        "unsupported",
        5,
        5,
        "orphaned `omp master`",
    );
}

#[test]
fn non_canonical_loops() {
    expect_error(
        "noncanonical_step",
        "syntax",
        "omp.syntax",
        4,
        26,
        "canonical form",
    );
    expect_error(
        "noncanonical_cond",
        "syntax",
        "omp.syntax",
        6,
        5,
        "toward the bound",
    );
}

#[test]
fn unsupported_c_constructs() {
    expect_error(
        "unsupported_goto",
        "unsupported",
        "unsupported",
        4,
        14,
        "`goto`",
    );
    expect_error(
        "unsupported_fnptr",
        "unsupported",
        "unsupported",
        1,
        15,
        "function pointers",
    );
    expect_error(
        "unsupported_struct",
        "unsupported",
        "unsupported",
        3,
        10,
        "struct passed by value",
    );
    expect_error(
        "unsupported_union",
        "unsupported",
        "unsupported",
        1,
        1,
        "`union`",
    );
    expect_error(
        "unsupported_realloc",
        "unsupported",
        "unsupported",
        6,
        3,
        "`realloc`",
    );
}

#[test]
fn type_errors() {
    expect_error(
        "type_undeclared",
        "type",
        "type",
        5,
        12,
        "undeclared identifier `m`",
    );
    expect_error("type_spec_name", "type", "type", 1, 22, "unknown name `b`");
}

#[test]
fn text_errors_name_the_location() {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(["encode", "tests/c/errors/bad_schedule.c"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("ompv runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tests/c/errors/bad_schedule.c:3:37"), "{err}");
    assert!(err.contains("error[syntax]"), "{err}");
    // Only the verdict line goes to stdout.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.trim_end(),
        "tests/c/errors/bad_schedule.c: error (1 error)"
    );
}

#[test]
fn unreadable_file_is_an_input_error() {
    let (code, v) = encode_json("tests/c/errors/does_not_exist.c");
    assert_eq!(code, 2);
    assert_eq!(v["errors"][0]["kind"], "io");
}
