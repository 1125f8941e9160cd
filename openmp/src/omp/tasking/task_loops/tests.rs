//! Which loops of tasks become one task per iteration (OpenMP 5.2 §12.5, §5.1.1, §4.4.1).

use super::*;
use viper::SourceMap;

/// The loops of tasks in `main`'s body of `src` after [`desugar`]: for each rewritten one, the
/// name of its variable; `None` for a loop left as it was.
fn rewritten(body: &str) -> Vec<Option<String>> {
    let src = format!(
        "void work(int *a, int k);\nint main(int argc, char **argv) {{\n  int n = argc; int i; \
         int a[100];\n{body}\n  return 0;\n}}\n"
    );
    let mut program = crate::omp::test_program::parsed(&src);
    desugar(&mut program);
    let b = crate::omp::test_program::body(&program, "main");
    let mut out = Vec::new();
    visit::each_stmt(&b.stmts, &mut |s| match &s.kind {
        StmtKind::Omp(c) if is_task_per_iteration(c) => {
            let OmpBody::Loop(n) = &c.body else {
                unreachable!()
            };
            out.push(Some(program.vars[n.loops[0].var.0 as usize].name.clone()));
        }
        StmtKind::Omp(c) if c.pragma.directive == Directive::Task => out.push(None),
        _ => {}
    });
    out
}

#[test]
fn a_loop_declaring_its_variable_generates_a_task_per_iteration() {
    let got = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {\n    \
         #pragma omp task\n    a[k] = k;\n  }",
    );
    assert_eq!(got, vec![Some("k".to_string())]);
}

#[test]
fn the_generating_loop_stays_with_an_empty_body_after_the_tasks() {
    let src = "int main(int argc, char **argv) {\n  int a[10];\n  #pragma omp parallel\n  \
               #pragma omp single\n  for (int k = 0; k < 10; k++) {\n    #pragma omp task\n    \
               a[k] = k;\n  }\n  return 0;\n}\n";
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    let mut program = crate::parse_c(&mut sm, f, &Default::default()).expect("parses");
    desugar(&mut program);
    let crate::c::ast::Body::Verified(b) = &program.functions[0].body else {
        panic!("verified")
    };
    let mut shapes = Vec::new();
    visit::each_stmt(&b.stmts, &mut |s| {
        if let StmtKind::Block(b) = &s.kind {
            shapes.push(
                b.stmts
                    .iter()
                    .map(|s| match &s.kind {
                        StmtKind::Omp(c) if is_task_per_iteration(c) => "tasks",
                        StmtKind::Loop { body, .. } if body.stmts.is_empty() => "empty loop",
                        _ => "other",
                    })
                    .collect::<Vec<_>>(),
            );
        }
    });
    assert!(shapes.contains(&vec!["tasks", "empty loop"]), "{shapes:?}");
}

#[test]
fn a_variable_declared_outside_must_be_firstprivate_if_the_task_reads_it() {
    // §5.1.1: `i` is shared in the region (declared outside it), so the task's `i` is the shared
    // one, which the loop goes on incrementing: not one value per task.
    let shared = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (i = 0; i < n; i++) {\n    \
         #pragma omp task\n    a[i] = i;\n  }",
    );
    assert_eq!(shared, vec![None]);
    let copied = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (i = 0; i < n; i++) {\n    \
         #pragma omp task firstprivate(i)\n    a[i] = i;\n  }",
    );
    assert_eq!(copied, vec![Some("i".to_string())]);
    // A task that does not use the variable does not care.
    let unused = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (i = 0; i < n; i++) {\n    \
         #pragma omp task\n    a[0] = 1;\n  }",
    );
    assert_eq!(unused, vec![Some("i".to_string())]);
}

#[test]
fn a_clause_sharing_the_variable_keeps_the_loop() {
    for clauses in ["shared(k)", "private(k)", "default(shared)"] {
        let got = rewritten(&format!(
            "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {{\n    \
             #pragma omp task {clauses}\n    a[k] = k;\n  }}"
        ));
        assert_eq!(got, vec![None], "{clauses}");
    }
}

#[test]
fn ordering_clauses_and_other_code_keep_the_loop() {
    // §15.9.5: `depend` orders tasks of different iterations; an `if` that may be false makes
    // some undeferred (§12.5).
    for clauses in ["depend(inout: a[k])", "if(n > 4)"] {
        let got = rewritten(&format!(
            "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {{\n    \
             #pragma omp task {clauses}\n    a[k] = k;\n  }}"
        ));
        assert_eq!(got, vec![None], "{clauses}");
    }
    let more = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {\n    \
         a[k] = 0;\n    #pragma omp task\n    a[k] = k;\n  }",
    );
    assert_eq!(more, vec![None]);
    let not_canonical = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k *= 2) {\n    \
         #pragma omp task\n    a[0] = k;\n  }",
    );
    assert_eq!(not_canonical, vec![None]);
}

#[test]
fn a_task_assigning_the_variable_keeps_the_loop() {
    let got = rewritten(
        "#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {\n    \
         #pragma omp task\n    { k = k + 1; a[0] = k; }\n  }",
    );
    assert_eq!(got, vec![None]);
}

#[test]
fn a_variable_private_to_the_thread_is_firstprivate_in_the_task() {
    // §5.1.1: `i` is private in the region (a clause, or declared in it), so not shared in the
    // enclosing context of the task.
    for region in [
        "#pragma omp parallel private(i)",
        "#pragma omp parallel firstprivate(i)",
    ] {
        let got = rewritten(&format!(
            "{region}\n#pragma omp single\n  for (i = 0; i < n; i++) {{\n    \
             #pragma omp task\n    a[i] = i;\n  }}"
        ));
        assert_eq!(got, vec![Some("i".to_string())], "{region}");
    }
    let declared = rewritten(
        "#pragma omp parallel\n  {\n  int j;\n#pragma omp single\n  for (j = 0; j < n; j++) {\n    \
         #pragma omp task\n    a[j] = j;\n  }\n  }",
    );
    assert_eq!(declared, vec![Some("j".to_string())]);
    // A static variable declared in the region is shared (§5.1.1), and so is it in the task.
    let static_local = rewritten(
        "#pragma omp parallel\n  {\n  static int j;\n#pragma omp single\n  for (j = 0; j < n; j++) {\n    \
         #pragma omp task\n    a[j] = j;\n  }\n  }",
    );
    assert_eq!(static_local, vec![None]);
    // A `private` clause on a construct elsewhere says nothing about this loop.
    let elsewhere = rewritten(
        "#pragma omp parallel private(i)\n  a[0] = 0;\n#pragma omp parallel\n#pragma omp single\n  \
         for (i = 0; i < n; i++) {\n    #pragma omp task\n    a[i] = i;\n  }",
    );
    assert_eq!(elsewhere, vec![None]);
}
