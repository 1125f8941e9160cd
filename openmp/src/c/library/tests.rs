use super::{accesses, Extent, Target};
use crate::c::ast::StmtKind;
use crate::omp::test_program::{body, parsed};

/// `(write, extent)` of the effects of each library call in `main`, in order.
fn of_calls(src: &str) -> Vec<Vec<(bool, Extent)>> {
    let p = parsed(src);
    let mut out = Vec::new();
    crate::c::visit::each_stmt(&body(&p, "main").stmts, &mut |s| {
        if let StmtKind::Call { callee, args, .. } = &s.kind {
            out.push(
                accesses(&p, &callee.name, args, s.span)
                    .expect("an entry")
                    .effects
                    .into_iter()
                    .filter(|e| matches!(e.target, Target::Arg(_)))
                    .map(|e| (e.write, e.extent))
                    .collect(),
            );
        }
    });
    out
}

#[test]
fn writes_through_arguments() {
    let calls = of_calls(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
         int main(void) { int x; char buf[8]; unsigned s = 1; char *end;\n\
         scanf(\"%d %s\", &x, buf); sprintf(buf, \"%d\", x); strcpy(buf, \"ab\");\n\
         rand_r(&s); strtol(buf, &end, 10); strtol(\"12\", NULL, 10); return 0; }",
    );
    use Extent::*;
    assert_eq!(
        calls,
        vec![
            vec![(true, One), (true, Rest)],
            vec![(true, Rest)],
            vec![(true, Rest)],
            vec![(true, One)],
            vec![(false, Rest), (true, One)],
            vec![],
        ]
    );
}

#[test]
fn reads_of_every_string_pointer() {
    let calls = of_calls(
        "#include <stdio.h>\n#include <stdlib.h>\n\
         int main(int argc, char **argv) { char buf[8]; char *p = buf; int n = 0;\n\
         printf(\"%s %d\", buf, n); printf(\"%s\", &buf[2]); printf(\"%s\", p);\n\
         n = atoi(argv[1]); puts(buf); return 0; }",
    );
    use Extent::*;
    assert_eq!(
        calls,
        vec![
            vec![(false, Rest)],
            vec![(false, Rest)],
            vec![(false, Rest)],
            // (`argv`'s strings: no code can write them.)
            vec![],
            vec![(false, Rest)],
        ]
    );
}

#[test]
fn hidden_state_and_unbounded_accesses() {
    let p = parsed(
        "#include <stdlib.h>\n#include <string.h>\n\
         int main(void) { char s[8] = {0}; int r = rand(); srand(2); char *t = strtok(s, \",\");\n\
         t = strtok(NULL, \",\"); return r; }",
    );
    let mut seen = Vec::new();
    crate::c::visit::each_stmt(&body(&p, "main").stmts, &mut |st| {
        if let StmtKind::Call { callee, args, .. } = &st.kind {
            let a = accesses(&p, &callee.name, args, st.span).expect("an entry");
            let states: Vec<(crate::semantics::libc::State, bool)> = a
                .effects
                .iter()
                .filter_map(|e| match e.target {
                    Target::State(s) => Some((s, e.write)),
                    Target::Arg(_) | Target::Global(_) => None,
                })
                .collect();
            seen.push((callee.name.clone(), states, a.unbounded.is_some()));
        }
    });
    use crate::semantics::libc::State::*;
    assert_eq!(
        seen,
        vec![
            ("rand".to_string(), vec![(Rand, true)], false),
            ("srand".to_string(), vec![(Rand, true)], false),
            ("strtok".to_string(), vec![(Strtok, true)], false),
            ("strtok".to_string(), vec![(Strtok, true)], true),
        ]
    );
    assert!(p.hidden_state(Rand).is_some() && p.hidden_state(Strtok).is_some());
    assert!(p.hidden_state(Random).is_none());
}
