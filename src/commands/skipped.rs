//! The code of a C file that is not verified: functions inside `spec_ignore { … }` or with the
//! contract `requires false`, and statements between `spec_ignore {` and `spec_ignore }`. A
//! verdict never hides them: they are counted and named in every report.

use crate::report::Skipped;
use openmp::c::{Block, Body, NotVerified, Origin, StmtKind};
use viper::{SourceMap, Span};

/// Everything of `program` that is not verified, in source order.
pub fn of_program(program: &openmp::Program, sources: &SourceMap) -> Vec<Skipped> {
    let end_line = |s: Span| {
        sources
            .get(s.file)
            .map_or(s.line, |f| f.line_col(s.end as usize).0)
    };
    let mut out = Vec::new();
    for f in &program.functions {
        if f.origin != Origin::Main {
            continue;
        }
        match &f.body {
            Body::NotVerified(why) => {
                let reason = match why {
                    NotVerified::SpecIgnore => "spec_ignore",
                    NotVerified::RequiresFalse => "requires false",
                    // Its code is verified at every call (each one inlined): nothing of it
                    // goes unchecked.
                    NotVerified::Inlined => continue,
                };
                out.push(Skipped {
                    reason: reason.into(),
                    what: format!("function `{}`", f.name.name),
                    line: f.span.line,
                    end_line: end_line(f.span),
                });
            }
            Body::Verified(b) => block(b, program, &mut |s| {
                out.push(Skipped {
                    reason: "spec_ignore".into(),
                    what: format!("code in `{}`", f.name.name),
                    line: s.line,
                    end_line: end_line(s),
                })
            }),
            Body::Prototype => {}
        }
    }
    out.sort_by_key(|s| s.line);
    out
}

fn block(b: &Block, program: &openmp::Program, found: &mut dyn FnMut(Span)) {
    openmp::c::visit::each_stmt(&b.stmts, &mut |s| {
        if s.kind == StmtKind::SpecIgnored {
            found(s.span);
        }
    });
    // The code of regions is walked above (it is in the function's body, as constructs); the
    // blocks of regions hold the same code.
    let _ = program;
}
