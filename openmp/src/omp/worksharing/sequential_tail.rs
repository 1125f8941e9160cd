//! The end of `main` that runs on the initial thread alone: the statements after the last one
//! that holds an OpenMP construct or calls a function of the program.
//!
//! A data race needs two accesses that may run at the same time (OpenMP 5.2 §1.4.1). Outside
//! every parallel region only the initial thread runs (§1.2), so a check that fails there is not
//! a race. It hides none either: the verifier abandons only the path on which a check fails, and
//! every path into this code has already passed through every region of `main`, whose race
//! checks come first on it. (A failure *before* a region would cut the region's checks off that
//! path, so only the code after the last one counts; calls of the program's own functions may
//! be inlined with their regions, so they end the code before the tail as regions do.)

use crate::c::ast::{Body, Origin, StmtKind};
use crate::c::visit;
use crate::c::Program;
use viper::Span;

/// The span of `main` from the end of its last statement holding a construct or a call of a
/// function of the program to the end of `main`; `None` if `main` has no body, or if some of its
/// statements do not come from its own text (code moved or inlined there by earlier passes).
pub fn of_main(program: &Program) -> Option<Span> {
    let main = program
        .functions
        .iter()
        .find(|f| f.name.name == "main" && f.origin == Origin::Main)?;
    let Body::Verified(body) = &main.body else {
        return None;
    };
    let within =
        |s: Span| s.file == main.span.file && main.span.start <= s.start && s.end <= main.span.end;
    let mut start = body.span.start;
    for s in &body.stmts {
        if !within(s.span) {
            return None;
        }
        let mut parallel = false;
        visit::each_stmt(std::slice::from_ref(s), &mut |x| match &x.kind {
            StmtKind::Omp(_) => parallel = true,
            StmtKind::Call { callee, .. } => {
                parallel |= program
                    .function(&callee.name)
                    .is_none_or(|f| f.origin != Origin::Library);
            }
            _ => {}
        });
        if parallel {
            start = start.max(s.span.end);
        }
    }
    Some(Span {
        start,
        end: main.span.end,
        ..main.span
    })
}

/// Whether `span` lies in `tail`.
pub fn contains(tail: Span, span: Span) -> bool {
    span.file == tail.file && tail.start <= span.start && span.end <= tail.end
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::SourceMap;

    fn tail_text(src: &str) -> Option<String> {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", src);
        let program = crate::parse_file(&mut sm, f, &Default::default()).expect("parses");
        // A statement's span may end before its `;`.
        of_main(&program).map(|t| {
            src[t.start as usize..t.end as usize]
                .trim_start_matches(';')
                .trim()
                .to_string()
        })
    }

    #[test]
    fn the_tail_starts_after_the_last_region_and_call_of_the_program() {
        let src = "#include <stdio.h>\nvoid g(int *a) { a[0] = 1; }\nint main() {\n  int a[4];\n  \
                   #pragma omp parallel for\n  for (int i = 0; i < 4; i++) a[i] = i;\n  \
                   g(a);\n  printf(\"%d\\n\", a[1]);\n  return 0;\n}\n";
        assert_eq!(
            tail_text(src).as_deref(),
            Some("printf(\"%d\\n\", a[1]);\n  return 0;\n}")
        );
        // Without the call, the tail starts after the region.
        let src = src.replace("  g(a);\n", "");
        assert!(tail_text(&src).unwrap().starts_with("printf"));
    }

    #[test]
    fn a_region_in_a_loop_ends_the_code_before_the_tail_with_the_loop() {
        let src = "int main() {\n  int a[4];\n  for (int k = 0; k < 2; k++) {\n    \
                   #pragma omp parallel for\n    for (int i = 0; i < 4; i++) a[i] = k;\n    \
                   a[0] = 2;\n  }\n  a[1] = 3;\n  return 0;\n}\n";
        assert!(tail_text(src).unwrap().starts_with("a[1] = 3;"));
    }
}
