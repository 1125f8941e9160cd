use super::{effects, Extent};
use crate::c::ast::StmtKind;
use crate::omp::test_program::{body, parsed};

/// `(write, extent)` of the effects of each library call in `main`, in order.
fn of_calls(src: &str) -> Vec<Vec<(bool, Extent)>> {
    let p = parsed(src);
    let mut out = Vec::new();
    crate::c::visit::each_stmt(&body(&p, "main").stmts, &mut |s| {
        if let StmtKind::Call { callee, args, .. } = &s.kind {
            out.push(
                effects(&callee.name, args)
                    .into_iter()
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
fn reads_of_character_arrays_only() {
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
            vec![],
            vec![],
            vec![(false, Rest)],
        ]
    );
}
