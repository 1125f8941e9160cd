//! Which regions whose body is a loop around worksharing constructs become that loop around one
//! region per iteration (OpenMP 5.2 §11, §11.5, §15.3.1, §5.1.1, §5.4.3).

use super::*;

/// `main`'s body `body` (with helpers `f` and `g` and variables `n`, `i`, `t`, `k`, `a`) after
/// [`desugar`], and the approximations it made.
fn desugared(body: &str) -> (Block, BTreeMap<RegionId, (Span, String)>) {
    let src = format!(
        "int f(int *p) {{ return *p + 1; }}\nvoid g(int *p) {{ *p = 0; }}\n\
         int main(int argc, char **argv) {{\n  int n = argc; int i, t, k; int a[100];\n{body}\n  \
         return 0;\n}}\n"
    );
    let mut program = crate::omp::test_program::parsed(&src);
    let approx = desugar(&mut program);
    (
        crate::omp::test_program::body(&program, "main").clone(),
        approx,
    )
}

/// What [`desugar`] does to the region in `main`'s body `body`: `None` if it is left as it was,
/// else whether the rewritten region is an approximation.
fn rewrite(body: &str) -> Option<bool> {
    let (b, approx) = desugared(body);
    let mut hoisted = None;
    visit::each_stmt(&b.stmts, &mut |s| {
        if let StmtKind::Loop { body, .. } = &s.kind {
            if let [Stmt {
                kind: StmtKind::Omp(c),
                ..
            }] = body.stmts.as_slice()
            {
                if let Some(id) = c.region {
                    hoisted = Some(approx.contains_key(&id));
                }
            }
        }
    });
    hoisted
}

const STEP: &str = "for (t = 0; t < n; t++) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                    a[i] = a[i] + 1;\n }";

fn region(clauses: &str, body: &str) -> String {
    format!("#pragma omp parallel {clauses}\n  {{\n {body}\n  }}")
}

#[test]
fn a_private_step_variable_and_a_final_barrier_make_one_region_per_step() {
    assert_eq!(rewrite(&region("private(t)", STEP)), Some(false));
    assert_eq!(rewrite(&region("firstprivate(t)", STEP)), Some(false));
    let declared = "int s;\n for (s = 0; s < n; s++) {\n#pragma omp for\n for (i = 0; i < 100; \
                    i++) a[i] = s;\n }";
    assert_eq!(rewrite(&region("", declared)), Some(false));
    let in_header = "for (int s = 0; s < n; s++) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                     a[i] = s;\n }";
    assert_eq!(rewrite(&region("", in_header)), Some(false));
    let barrier = "for (t = 0; t < n; t++) {\n#pragma omp for nowait\n for (i = 0; i < 100; \
                   i++) a[i] = t;\n#pragma omp barrier\n }";
    assert_eq!(rewrite(&region("private(t)", barrier)), Some(false));
    let single = "for (t = 0; t < n; t++) {\n#pragma omp single\n a[0] = t;\n }";
    assert_eq!(rewrite(&region("private(t)", single)), Some(false));
}

#[test]
fn a_step_variable_the_threads_share_stays() {
    // §5.1.1: a variable of the function not named in a clause is shared: every thread steps it.
    assert_eq!(rewrite(&region("", STEP)), None);
    assert_eq!(rewrite(&region("shared(t)", STEP)), None);
}

#[test]
fn steps_not_separated_by_a_barrier_stay() {
    let last_nowait = "for (t = 0; t < n; t++) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                       a[i] = 1;\n#pragma omp for nowait\n for (i = 0; i < 100; i++) a[i] = 2;\n }";
    assert_eq!(rewrite(&region("private(t)", last_nowait)), None);
    let code_after = "for (t = 0; t < n; t++) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                      a[i] = 1;\n k = t;\n }";
    assert_eq!(rewrite(&region("private(t, k)", code_after)), None);
    let master = "for (t = 0; t < n; t++) {\n#pragma omp master\n a[0] = t;\n }";
    assert_eq!(rewrite(&region("private(t)", master)), None);
}

#[test]
fn a_header_the_threads_may_compute_differently_stays() {
    // The bound is written in the region, or private (each thread's own value).
    let written = "for (t = 0; t < n; t++) {\n#pragma omp single\n n = n - 1;\n }";
    assert_eq!(rewrite(&region("private(t)", written)), None);
    let private_bound = "for (t = 0; t < k; t++) {\n#pragma omp for\n for (i = 0; i < 100; \
                         i++) a[i] = 1;\n }";
    assert_eq!(rewrite(&region("private(t, k)", private_bound)), None);
    // A bound read from memory another thread may write.
    let memory = "for (t = 0; t < a[0]; t++) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                  a[i] = 1;\n }";
    assert_eq!(rewrite(&region("private(t)", memory)), None);
    // The body steps the variable itself.
    let assigned = "for (t = 0; t < n; t++) {\n t = t + 1;\n#pragma omp for\n for (i = 0; i < \
                    100; i++) a[i] = 1;\n }";
    assert_eq!(rewrite(&region("private(t)", assigned)), None);
}

#[test]
fn the_step_variable_may_be_passed_only_to_a_function_that_reads_through_it() {
    let reads = "for (t = 0; t < n; t++) {\n k = f(&t);\n#pragma omp for\n for (i = 0; i < \
                 100; i++) a[i] = k;\n }";
    assert_eq!(rewrite(&region("private(t, k)", reads)), Some(false));
    let writes = "for (t = 0; t < n; t++) {\n g(&t);\n#pragma omp for\n for (i = 0; i < 100; \
                  i++) a[i] = 1;\n }";
    assert_eq!(rewrite(&region("private(t)", writes)), None);
}

#[test]
fn other_shapes_and_clauses_stay() {
    let before = format!("k = 1;\n {STEP}");
    assert_eq!(rewrite(&region("private(t, k)", &before)), None);
    for clause in ["reduction(+: k)", "if(n > 1)", "num_threads(n)"] {
        assert_eq!(
            rewrite(&region(&format!("private(t) {clause}"), STEP)),
            None,
            "{clause}"
        );
    }
    assert_eq!(
        rewrite(&region("private(t) num_threads(4)", STEP)),
        Some(false)
    );
    let leaves = "for (t = 0; t < n; t++) {\n if (t == 3) break;\n#pragma omp for\n for (i = \
                  0; i < 100; i++) a[i] = 1;\n }";
    assert_eq!(rewrite(&region("private(t)", leaves)), None);
}

#[test]
fn a_private_value_carried_between_steps_makes_an_approximation() {
    // §5.4.3: each new region's `k` starts uninitialised, where the original keeps the last step's.
    let carried = "for (t = 0; t < n; t++) {\n if (t == 0) k = 1;\n#pragma omp for\n for (i = \
                   0; i < 100; i++) a[i] = k;\n }";
    assert_eq!(rewrite(&region("private(t, k)", carried)), Some(true));
    let fresh = "for (t = 0; t < n; t++) {\n k = t * 2;\n#pragma omp for\n for (i = 0; i < \
                 100; i++) a[i] = k;\n }";
    assert_eq!(rewrite(&region("private(t, k)", fresh)), Some(false));
    // A firstprivate value the body changes would start again each step: not rewritten.
    let changed = "for (t = 0; t < n; t++) {\n k = k + 1;\n#pragma omp for\n for (i = 0; i < \
                   100; i++) a[i] = k;\n }";
    assert_eq!(
        rewrite(&region("private(t) firstprivate(k)", changed)),
        None
    );
}

/// The region [`desugar`] makes of the code after the loop in `main`'s body `body`: `None` if
/// there is none, else whether it is an approximation.
fn rest(body: &str) -> Option<bool> {
    let (b, approx) = desugared(body);
    let mut found = None;
    visit::each_stmt(&b.stmts, &mut |s| {
        if let StmtKind::Block(blk) = &s.kind {
            if let [.., Stmt {
                kind: StmtKind::Loop { .. },
                ..
            }, Stmt {
                kind: StmtKind::Omp(c),
                ..
            }] = blk.stmts.as_slice()
            {
                if let Some(id) = c.region {
                    found = Some(approx.contains_key(&id));
                }
            }
        }
    });
    found
}

#[test]
fn code_after_the_loop_becomes_a_region_of_its_own() {
    // §11: the loop's last barrier orders every step before the code after it, as the end of
    // the last step's region does.
    let after = format!("{STEP}\n k = 1;");
    assert_eq!(rewrite(&region("private(t, k)", &after)), Some(false));
    assert_eq!(rest(&region("private(t, k)", &after)), Some(false));
    let single = format!("{STEP}\n#pragma omp single\n a[0] = 1;");
    assert_eq!(rest(&region("private(t)", &single)), Some(false));
    // Nothing after the loop: no second region.
    assert_eq!(rest(&region("private(t)", STEP)), None);
}

#[test]
fn a_private_value_the_loop_leaves_for_the_code_after_it_makes_an_approximation() {
    // §5.4.3: the new region's private `k` (or the step variable) starts uninitialised, where
    // the original keeps what the loop left.
    let reads_k = "for (t = 0; t < n; t++) {\n k = t;\n#pragma omp for\n for (i = 0; i < 100; \
                   i++) a[i] = k;\n }\n a[k] = 1;";
    assert_eq!(rest(&region("private(t, k)", reads_k)), Some(true));
    let reads_t = format!("{STEP}\n#pragma omp single\n a[t] = 1;");
    assert_eq!(rest(&region("private(t)", &reads_t)), Some(true));
}

#[test]
fn a_counted_while_loop_is_a_for_loop() {
    // `int s = 0; while (s < n) { …; s++; }` runs the steps of `for (int s = 0; s < n; s++)`.
    let counted = "int s = 0;\n while (s < n) {\n#pragma omp for\n for (i = 0; i < 100; i++) \
                   a[i] = s;\n s++;\n }";
    assert_eq!(rewrite(&region("", counted)), Some(false));
    // Not when the counter is stepped before the end, used after the loop, or the loop may be
    // left early.
    let early = "int s = 0;\n while (s < n) {\n s++;\n#pragma omp for\n for (i = 0; i < 100; \
                 i++) a[i] = s;\n }";
    assert_eq!(rewrite(&region("", early)), None);
    let used_after = format!("{counted}\n a[s] = 1;");
    assert_eq!(rewrite(&region("", &used_after)), None);
    let leaves = "int s = 0;\n while (s < n) {\n if (n > 5) continue;\n#pragma omp for\n for \
                  (i = 0; i < 100; i++) a[i] = s;\n s++;\n }";
    assert_eq!(rewrite(&region("", leaves)), None);
}
