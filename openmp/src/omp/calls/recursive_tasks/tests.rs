//! Which recursive task functions are self-contained (OpenMP 5.2 §5.1.2, §12.5, §15.4, §15.5).

use super::*;

/// Whether `f` of `src` (a file that also declares the global `g`) is self-contained.
fn contained(f: &str) -> Result<(), String> {
    let src = format!("int g;\n{f}\nint main(void) {{ return 0; }}\n");
    let program = crate::omp::test_program::parsed(&src);
    let b = crate::omp::test_program::body(&program, "f");
    assert!(is_recursive("f", b));
    let params: Vec<VarId> = program
        .function("f")
        .expect("f")
        .params
        .iter()
        .map(|p| p.var)
        .collect();
    self_contained(&program, "f", &params, b).map_err(|(_, why)| why)
}

const FIB: &str = "int f(int n) {\n int i, j;\n if (n < 2) return n;\n\
                   #pragma omp task shared(i)\n i = f(n - 1);\n\
                   #pragma omp task shared(j)\n j = f(n - 2);\n\
                   #pragma omp taskwait\n return i + j;\n}";

#[test]
fn fibonacci_with_a_taskwait_is_self_contained() {
    assert_eq!(contained(FIB), Ok(()));
}

#[test]
fn a_task_not_waited_for_before_the_return_is_not() {
    let f = FIB.replace("#pragma omp taskwait\n", "");
    assert!(contained(&f).unwrap_err().contains("no `taskwait`"));
}

#[test]
fn a_taskgroup_waits_like_a_taskwait() {
    let f = FIB
        .replace(
            "#pragma omp task shared(i)",
            "#pragma omp taskgroup\n{\n#pragma omp task shared(i)",
        )
        .replace("#pragma omp taskwait\n", "}\n");
    assert_eq!(contained(&f), Ok(()));
}

#[test]
fn globals_pointers_and_other_calls_are_not_its_own() {
    let global = FIB.replace("int i, j;", "int i, j; g = n;");
    assert!(contained(&global).unwrap_err().contains("`g`"));
    let pointer = "int f(int *p) { int i; if (*p < 2) return 1;\n\
                   #pragma omp task shared(i)\n i = f(p);\n#pragma omp taskwait\n return i; }";
    assert!(contained(pointer).is_err());
    let call = FIB.replace("return i + j;", "return i + f(j);");
    assert_eq!(contained(&call), Ok(()), "calls of itself");
    let sequential = "int h(int x) { if (x < 2) return x; return h(x - 1) + h(x - 2); }\n"
        .to_string()
        + &FIB.replace("if (n < 2) return n;", "if (n < 20) return h(n);");
    assert_eq!(
        contained(&sequential),
        Ok(()),
        "a sequential version below a cutoff"
    );
    let other = "int h(int x) { return x + g; }\n".to_string() + &FIB.replace("i + j", "h(i) + j");
    let why = contained(&other).unwrap_err();
    assert!(why.contains("calls `h`"), "{why}");
}

#[test]
fn a_worksharing_construct_binds_to_the_callers_team() {
    let f = FIB.replace("#pragma omp taskwait", "#pragma omp barrier");
    assert!(contained(&f).unwrap_err().contains("omp barrier"));
}

#[test]
fn tasks_in_a_loop_or_left_running_by_a_branch_are_not_waited_for() {
    let looped = "int f(int n) { int i = 0; if (n < 2) return n;\n\
                  for (int k = 0; k < 2; k++) {\n#pragma omp task shared(i)\n i = f(n - 1);\n}\n\
                  #pragma omp taskwait\n return i; }";
    assert!(contained(looped).is_err());
    let branch = "int f(int n) { int i = 0; if (n < 2) return n;\n\
                  if (n > 5) {\n#pragma omp task shared(i)\n i = f(n - 1);\n}\n return i; }";
    assert!(contained(branch).is_err());
}
