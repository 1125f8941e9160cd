//! Which `if`s with tasks become guarded straight-line code (OpenMP 5.2 §12.5, §15.5).

use super::*;

/// The `single` body of `main` after [`flatten`], for the generating code `code` (variables
/// `n`, `a`, `b` are declared before the region).
fn flattened(code: &str) -> Vec<Stmt> {
    let src = format!(
        "int main(int argc, char **argv) {{\n int n = argc; int a = 0, b = 0;\n\
         #pragma omp parallel\n {{\n#pragma omp single\n {{\n{code}\n }}\n }}\n return a + b;\n}}\n"
    );
    let mut program = crate::omp::test_program::parsed(&src);
    flatten(&mut program);
    let b = crate::omp::test_program::body(&program, "main");
    let mut single = None;
    crate::c::visit::each_stmt(&b.stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            if c.pragma.directive == Directive::Single {
                if let OmpBody::Block { body, .. } = &c.body {
                    single = Some(body.stmts.clone());
                }
            }
        }
    });
    single.expect("a single")
}

/// Whether the generating code has its tasks at its top level (no `if` holds one).
fn tasks_at_top_level(stmts: &[Stmt]) -> bool {
    stmts
        .iter()
        .all(|s| !matches!(s.kind, StmtKind::If { .. }) || !has_tasks(std::slice::from_ref(s)))
}

const TASKS: &str = "#pragma omp task shared(a)\n a = n;\n#pragma omp task shared(b)\n b = n;\n";

#[test]
fn a_closed_branch_with_tasks_is_guarded() {
    let code =
        format!("if (n > 10) {{\n int k = n;\n{TASKS}#pragma omp taskwait\n }} else {{ a = 1; }}");
    let out = flattened(&code);
    assert!(tasks_at_top_level(&out));
    // The guard, the guarded declaration, two tasks, the taskwait, the other branch.
    let tasks = out
        .iter()
        .filter(|s| matches!(&s.kind, StmtKind::Omp(c) if c.pragma.directive == Directive::Task))
        .count();
    assert_eq!(tasks, 2);
    let kept_decl = out.iter().any(|s| {
        matches!(
            &s.kind,
            StmtKind::Decl {
                init: Some(Init::Expr(Expr {
                    kind: ExprKind::Cond { .. },
                    ..
                })),
                ..
            }
        )
    });
    assert!(kept_decl, "the initialiser is evaluated under the guard");
}

#[test]
fn a_branch_that_leaves_its_tasks_running_stays() {
    let code = format!("if (n > 10) {{\n{TASKS} }}\n a = a + 1;");
    assert!(!tasks_at_top_level(&flattened(&code)));
}

#[test]
fn tasks_running_before_the_if_keep_it() {
    // The taskwait of the branch would also wait for the task before the `if` (§15.5), which
    // the guarded code would do in both branches.
    let code = format!(
        "#pragma omp task shared(a)\n a = 2;\nif (n > 10) {{\n{TASKS}#pragma omp taskwait\n }}"
    );
    assert!(!tasks_at_top_level(&flattened(&code)));
}

#[test]
fn nested_closed_branches_are_guarded_inside_out() {
    let code = format!("if (n > 0) {{\n if (n > 10) {{\n{TASKS}#pragma omp taskwait\n }}\n}}");
    assert!(tasks_at_top_level(&flattened(&code)));
}

#[test]
fn contracts_naming_a_guard_are_recognised() {
    assert!(mentions_guard("context !ompv_branch ==> Perm(a, write);"));
    assert!(mentions_guard("context ompv_branch_1 ==> Perm(a, write);"));
    assert!(!mentions_guard(
        "context my_ompv_branch ==> Perm(a, write);"
    ));
}

#[test]
fn a_taskgroup_closes_a_branch() {
    // §15.4: the end of the `taskgroup` waits for the tasks generated in it.
    let code = format!("if (n > 10) {{\n#pragma omp taskgroup\n {{\n{TASKS} }}\n }}");
    assert!(tasks_at_top_level(&flattened(&code)));
}
