use super::check;
use crate::omp::test_program::parsed;

/// The messages of the violations in `main`'s parallel region with body `body`.
fn violations(body: &str) -> Vec<String> {
    let src = format!(
        "#include <omp.h>\nint a[10];\nint main(int argc, char **argv) {{\n  #pragma omp parallel\n  {{\n{body}\n  }}\n  return 0;\n}}\n"
    );
    check(&parsed(&src))
        .into_iter()
        .map(|e| {
            assert_eq!(e.kind, crate::error::ErrorKind::Nonconforming);
            e.message
        })
        .collect()
}

fn one(body: &str, needle: &str) {
    let v = violations(body);
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].contains(needle), "{v:?}");
}

#[test]
fn barriers_closely_nested_in_regions_that_forbid_them() {
    one(
        "#pragma omp for\nfor (int i = 0; i < 10; i++) {\n#pragma omp barrier\na[i] = 1;\n}",
        "inside a worksharing-loop (`for`) region",
    );
    one(
        "#pragma omp critical\n{\n#pragma omp barrier\n}",
        "inside a `critical` region",
    );
    // (`master` is a test of the thread's number once converted.)
    one(
        "#pragma omp master\n{\n#pragma omp barrier\n}",
        "a `master`/`masked` region",
    );
    one(
        "#pragma omp single\n{\n#pragma omp task\n{\n#pragma omp barrier\n}\n}",
        "inside a `task` region",
    );
}

#[test]
fn worksharing_closely_nested_in_worksharing() {
    one(
        "#pragma omp for\nfor (int i = 0; i < 10; i++) {\n#pragma omp single\na[i] = 1;\n}",
        "a worksharing region may not be closely nested",
    );
    one(
        "#pragma omp single\n{\n#pragma omp for\nfor (int i = 0; i < 10; i++) a[i] = 1;\n}",
        "inside a `single` region",
    );
}

#[test]
fn a_parallel_region_between_makes_the_nesting_fine() {
    assert!(violations(
        "#pragma omp single\n{\n#pragma omp parallel for\nfor (int i = 0; i < 10; i++) a[i] = 1;\n}"
    )
    .is_empty());
    assert!(violations(
        "#pragma omp for\nfor (int i = 0; i < 10; i++) {\n#pragma omp parallel\n{\n#pragma omp barrier\n}\n}"
    )
    .is_empty());
    // Barriers and worksharing at the top level, or under conditions every thread evaluates
    // alike, are not restricted.
    assert!(violations(
        "#pragma omp barrier\nif (argc > 1) {\n#pragma omp single\na[0] = 1;\n}\n#pragma omp for\nfor (int i = 0; i < 10; i++) a[i] = 2;"
    )
    .is_empty());
}

#[test]
fn barriers_under_conditions_on_the_thread_number() {
    one(
        "int t = omp_get_thread_num();\nif (t == 0) {\n#pragma omp barrier\n}",
        "depends on the thread's number",
    );
    // Through another variable, in a loop's header, and for a worksharing construct.
    one(
        "int t = omp_get_thread_num();\nint n = t + 1;\nfor (int k = 0; k < n; k++) {\n#pragma omp barrier\n}",
        "§15.3.1",
    );
    one(
        "if (omp_get_thread_num() < 2) {\n#pragma omp single\na[0] = 1;\n}",
        "§11",
    );
}

#[test]
fn critical_inside_critical_of_the_same_name() {
    one(
        "#pragma omp critical(x)\n{\n#pragma omp critical(x)\na[0]++;\n}",
        "`critical(x)`",
    );
    assert!(
        violations("#pragma omp critical(x)\n{\n#pragma omp critical(y)\na[0]++;\n}").is_empty()
    );
}
