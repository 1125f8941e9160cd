//! Robustness of the C side: every C test program and example, truncated at many points and with
//! random token deletions, goes through the whole front end (preprocessor, C and pragma parsers,
//! specifications, regions and tasks, inference), the lowering to Viper and a short replay run.
//! Nothing may panic, and every error must point into a file.

mod support;

use std::path::Path;
use support::edits::exercise;
use viper::SourceMap;

/// Variants over all files.
const BUDGET: usize = 1500;
const MIN_PER_FILE: usize = 4;

/// One variant through the C pipeline.
fn run(text: &str, dir: &Path) -> Result<(), String> {
    let mut sources = SourceMap::new();
    let file = sources.add("variant.c", text.to_string());
    let program = match openmp::parse_file(&mut sources, file, &openmp::Build::in_dir(Some(dir))) {
        Ok(p) => p,
        Err(errs) => {
            for e in &errs.0 {
                if !e.span.is_dummy() && sources.get(e.span.file).is_none() {
                    return Err(format!("error in no file: {}", e.message));
                }
            }
            return Ok(());
        }
    };
    let _ = openmp::lower::lower(&program);
    // A short run of the program (the replay behind `ompv witness`).
    let mut sources = SourceMap::new();
    let file = sources.add("variant.c", text.to_string());
    if let Ok(p) = openmp::parse_c(&mut sources, file, &openmp::Build::in_dir(Some(dir))) {
        let cfg = openmp::replay::ReplayConfig {
            max_steps: 20_000,
            ..Default::default()
        };
        let _ = openmp::replay::replay(&p, &sources, &cfg);
    }
    Ok(())
}

#[test]
fn truncated_and_mangled_c_programs_do_not_break_ompv() {
    let root = support::repo_root();
    let mut files = support::files_ending(&root.join("tests/c"), "c");
    files.extend(support::files_ending(&root.join("examples"), "c"));
    assert!(files.len() >= 50, "only {} C files", files.len());
    let per_file = (BUDGET / files.len()).max(MIN_PER_FILE);
    let half = per_file / 2;
    let (total, failures) = exercise(&files, 0xc0de_0000, half, per_file - half, &|path, v| {
        run(v, path.parent().expect("a directory"))
    });
    assert!(total >= 1000, "only {total} variants");
    assert!(
        failures.is_empty(),
        "{} of {total} variants failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
