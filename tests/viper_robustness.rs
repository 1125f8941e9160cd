//! Robustness of the front end: every corpus file, truncated at many points and with random
//! token deletions, goes through the parser and the type checker. Nothing may panic; every error
//! must carry a real position inside the text; whatever parses must survive printing.

mod support;

use support::edits::exercise;
use viper::{FileId, InputError};

/// Variants over the whole corpus (about two thirds truncations, one third token deletions),
/// spread evenly over the files so that the test stays fast as the corpus grows.
const BUDGET: usize = 3000;
/// At least this many truncations and deletions per file.
const MIN_PER_FILE: usize = 6;

/// Checks that an error is located inside `text`.
fn check_span(text: &str, e: &InputError) -> Result<(), String> {
    let s = e.span;
    let lines = text.lines().count() as u32 + 1;
    if s.is_dummy()
        || s.column == 0
        || s.line > lines
        || s.end as usize > text.len()
        || s.start > s.end
    {
        return Err(format!("badly located error {s:?}: {}", e.message));
    }
    Ok(())
}

/// Runs one variant through the front end.
fn run(text: &str) -> Result<(), String> {
    let mut program = match viper::parse(text, FileId(0)) {
        Err(e) => return check_span(text, &e),
        Ok(p) => p,
    };
    let printed = viper::print(&program);
    let mut again = viper::parse(&printed, FileId(0))
        .map_err(|e| format!("printed program does not parse: {}\n{printed}", e.message))?;
    let mut original = program.clone();
    original.clear_spans();
    again.clear_spans();
    if original != again {
        return Err(format!("printed program parses differently:\n{printed}"));
    }
    if let Err(errs) = viper::typecheck(&mut program) {
        for e in &errs {
            check_span(text, e)?;
        }
    }
    Ok(())
}

#[test]
fn truncated_and_mangled_inputs_do_not_break_the_front_end() {
    let files = support::vpr_files(&support::repo_root().join("tests/viper"));
    assert!(!files.is_empty());
    let cuts = (BUDGET * 2 / 3 / files.len()).max(MIN_PER_FILE);
    let deletions = (BUDGET / 3 / files.len()).max(MIN_PER_FILE);
    let (total, failures) = exercise(&files, 0x5eed_0000, cuts, deletions, &|_, v| run(v));
    assert!(total >= 2000, "only {total} variants");
    assert!(
        failures.is_empty(),
        "{} of {total} variants failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
