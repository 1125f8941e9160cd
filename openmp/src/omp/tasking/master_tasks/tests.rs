use super::as_single;
use crate::c::ast::{OmpBody, StmtKind};
use crate::omp::test_program::{body, parsed};
use crate::pragma::Directive;

/// The directives of the statements at the top level of `main`'s first region, after the
/// rewrite (`None` for a statement that is not a construct).
fn region_top_level(src: &str) -> Vec<Option<Directive>> {
    let mut p = parsed(src);
    as_single(&mut p);
    let StmtKind::Omp(c) = &body(&p, "main").stmts[0].kind else {
        panic!("no region")
    };
    let OmpBody::Block { body, .. } = &c.body else {
        panic!("not a block")
    };
    body.stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Omp(k) => Some(k.pragma.directive),
            StmtKind::Block(b) => b.stmts.iter().find_map(|x| match &x.kind {
                StmtKind::Omp(k) => Some(k.pragma.directive),
                _ => None,
            }),
            _ => None,
        })
        .collect()
}

fn program(block: &str) -> String {
    format!(
        "#include <omp.h>\nint a[4];\nint main(void) {{\n  #pragma omp parallel\n  {{\n{block}\n  }}\n  return 0;\n}}\n"
    )
}

#[test]
fn master_generating_tasks_becomes_single_nowait() {
    let d = region_top_level(&program(
        "#pragma omp master\n{\n#pragma omp task\na[0] = 1;\n}",
    ));
    assert_eq!(d, vec![Some(Directive::Single)]);
}

#[test]
fn other_blocks_stay() {
    // No tasks: the `if` on the thread's number stays (ompv checks it as it is).
    let d = region_top_level(&program("#pragma omp master\na[0] = 1;"));
    assert!(!d.contains(&Some(Directive::Single)), "{d:?}");
    // Another filter: with fewer threads than it, no thread runs the block.
    let d = region_top_level(&program(
        "#pragma omp masked filter(1)\n{\n#pragma omp task\na[0] = 1;\n}",
    ));
    assert!(!d.contains(&Some(Directive::Single)), "{d:?}");
    // A variable of the program, not the front end's temporary, holds the number.
    let d = region_top_level(&program(
        "int t = omp_get_thread_num();\nif (t == 0) {\n#pragma omp task\na[0] = 1;\n}",
    ));
    assert!(!d.contains(&Some(Directive::Single)), "{d:?}");
}
