use super::accesses;
use crate::c::ast::StmtKind;
use crate::c::library::{Extent, Target};
use crate::omp::test_program::{body, parsed};

/// For each call in `main`: what its effects reach (`arg`, or a global's name), and whether the
/// call is unbounded.
fn of_calls(src: &str) -> Vec<(Vec<String>, bool)> {
    let p = parsed(src);
    let mut out = Vec::new();
    crate::c::visit::each_stmt(&body(&p, "main").stmts, &mut |s| {
        if let StmtKind::Call { callee, args, .. } = &s.kind {
            let f = p.function(&callee.name).expect("declared");
            let a = accesses(&p, f, args, s.span);
            assert!(a.opaque);
            let reached = a
                .effects
                .iter()
                .map(|e| {
                    assert!(e.write && !e.exact && e.extent == Extent::Whole);
                    match e.target {
                        Target::Arg(_) => "arg".to_string(),
                        Target::Global(v) => p.var(v).name.clone(),
                        Target::State(_) => unreachable!("no hidden state here"),
                    }
                })
                .collect();
            out.push((reached, a.unbounded.is_some()));
        }
    });
    out
}

#[test]
fn writes_all_it_reaches() {
    let calls = of_calls(
        "int g; const int c = 1; double d[3];\n\
         void f(int *a); void h(int n); void k(double **r); int *q(void);\n\
         int main(void) { int a[4]; double *r[2]; f(a); f(a + 2); h(1); k(r); q(); f(0); return 0; }",
    );
    // With the state only other files name, which every call updates.
    let globals = || ["g", "d", "ompv_state_unseen"].map(String::from).to_vec();
    let with_arg = || {
        let mut v = vec!["arg".to_string()];
        v.extend(globals());
        v
    };
    assert_eq!(
        calls,
        vec![
            (with_arg(), false),
            (with_arg(), false),
            // Not the `const` global (C11 6.7.3p6).
            (globals(), false),
            // What the rows point to is not bounded.
            (globals(), true),
            // Nor what a pointer result points to.
            (globals(), true),
            // A null pointer designates nothing.
            (globals(), false),
        ]
    );
}

#[test]
fn global_pointers_are_not_bounded() {
    let calls = of_calls("int *p; void f(void);\nint main(void) { f(); return 0; }");
    assert_eq!(calls, vec![(vec!["ompv_state_unseen".to_string()], true)]);
}

#[test]
fn the_unseen_state_exists_only_where_such_a_function_is_called() {
    let unseen = |src: &str| {
        parsed(src)
            .hidden_state(crate::semantics::libc::State::Unseen)
            .is_some()
    };
    assert!(unseen("void f(void);\nint main(void) { f(); return 0; }"));
    // Declared but not called, or defined later in the file: no such state.
    assert!(!unseen("void f(void);\nint main(void) { return 0; }"));
    assert!(!unseen(
        "void f(void);\nint main(void) { f(); return 0; }\nvoid f(void) {}"
    ));
}

#[test]
fn a_system_routine_without_an_entry_writes_through_its_arguments_only() {
    let src = "#include <sys/time.h>\nint g; int *p;\n\
               int main(void) { struct timeval tv; gettimeofday(&tv, 0); return 0; }";
    let p = parsed(src);
    let f = p
        .function("gettimeofday")
        .expect("declared by the system header");
    assert_eq!(f.origin, crate::c::ast::Origin::System);
    // Not the user's `g`, nor what `p` points to (C11 7.1.4p5).
    assert_eq!(
        of_calls(src),
        vec![(
            vec!["arg".to_string(), "ompv_state_unseen".to_string()],
            false
        )]
    );
}
