//! Robustness of the C side: every C test program and example, truncated at many points and with
//! random token deletions, goes through the whole front end (preprocessor, C and pragma parsers,
//! specifications, regions and tasks, inference), the lowering to Viper and a short replay run.
//! Nothing may panic, and every error must point into a file.

mod support;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use support::edits::variants;
use viper::SourceMap;

/// Variants over all files.
const BUDGET: usize = 1500;
const MIN_PER_FILE: usize = 4;

fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("entry").path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            c_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "c") {
            out.push(p);
        }
    }
}

/// One variant through the C pipeline.
fn run(text: &str, dir: &Path) -> Result<(), String> {
    let mut sources = SourceMap::new();
    let file = sources.add("variant.c", text.to_string());
    let program = match openmp::parse_file(&mut sources, file, Some(dir)) {
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
    if let Ok(p) = openmp::parse_c(&mut sources, file, Some(dir)) {
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
    let mut files = Vec::new();
    c_files(&root.join("tests/c"), &mut files);
    c_files(&root.join("examples"), &mut files);
    assert!(files.len() >= 50, "only {} C files", files.len());
    let per_file = (BUDGET / files.len()).max(MIN_PER_FILE);
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("readable test file");
        let dir = path.parent().expect("a directory").to_path_buf();
        let seed = 0xc0de_0000 + i as u64;
        for (j, v) in variants(&text, seed, per_file / 2, per_file - per_file / 2)
            .into_iter()
            .enumerate()
        {
            total += 1;
            match catch_unwind(AssertUnwindSafe(|| run(&v, &dir))) {
                Ok(Ok(())) => {}
                Ok(Err(msg)) => {
                    failures.push(format!("{} variant {j}: {msg}", support::display(path)))
                }
                Err(_) => failures.push(format!(
                    "{} variant {j}: panic on input:\n{v}",
                    support::display(path)
                )),
            }
        }
    }
    assert!(total >= 1000, "only {total} variants");
    assert!(
        failures.is_empty(),
        "{} of {total} variants failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
