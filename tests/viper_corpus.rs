//! Runs every `.vpr` file under `tests/viper/` (recursively) through ompv and compares the errors
//! it reports, as (id, line) pairs, with the file's Silver-style annotations (files under
//! `tests/viper/smoke/` with smoke detection on). Files without
//! front-end errors must also survive printing: `print(parse(print(parse(x)))) == print(parse(x))`
//! and `parse(print(p)) == p` up to spans.

mod support;

use std::path::Path;
use support::annotations::{compare, FileAnnotations, OutputId};
use viper::verifier::{verify, VerifyOptions};
use viper::{FileId, InputError};

/// The tool whose known bugs (`UnexpectedOutput`/`MissingOutput`) apply to ompv's results.
const TOOL: &str = "silicon";

/// The errors ompv reports for a file, as (id, line). Files without front-end errors are verified
/// (all errors per member); an unsupported construct or an inconclusive member is reported under
/// an id that no annotation expects, so no file is skipped or passes without a verdict.
fn outcome(path: &Path) -> Vec<(String, u32)> {
    // Files under `smoke/` are verified with smoke detection, as Silver's smoke tests.
    let smoke = path.components().any(|c| c.as_os_str() == "smoke");
    let text = std::fs::read_to_string(path).expect("readable test file");
    let mut program = match viper::parse_file(path, &text, FileId(0)) {
        Ok(p) => p,
        Err(e) => return vec![located(&e)],
    };
    if let Err(errs) = viper::typecheck(&mut program) {
        return errs.iter().map(located).collect();
    }
    let options = VerifyOptions {
        smoke,
        ..VerifyOptions::default()
    };
    match verify(&program, &options) {
        Err(errs) => errs.iter().map(located).collect(),
        Ok(result) => {
            let mut out: Vec<(String, u32)> = result
                .errors()
                .iter()
                .map(|e| (e.full_id(), e.span.line))
                .collect();
            for m in &result.members {
                for u in &m.unknowns {
                    out.push((format!("unknown ({}: {u})", m.name), 0));
                }
            }
            out
        }
    }
}

fn located(e: &InputError) -> (String, u32) {
    (e.kind.id().to_string(), e.span.line)
}

/// What the annotations expect ompv to report.
fn expected(annotations: &FileAnnotations) -> Vec<(OutputId, u32)> {
    annotations.expected_for(TOOL)
}

/// Checks that printing is a fixpoint and that printed programs parse back to equal trees.
fn round_trip(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).expect("readable test file");
    let mut p1 = viper::parse_file(path, &text, FileId(0)).map_err(|e| e.message)?;
    let mut dummies = 0;
    p1.for_each_span_mut(&mut |s| dummies += usize::from(s.is_dummy()));
    if dummies > 0 {
        return Err(format!("{dummies} nodes without a source position"));
    }
    let printed = viper::print(&p1);
    let mut p2 = viper::parse(&printed, FileId(0)).map_err(|e| {
        format!(
            "printed text does not parse: {} at line {}",
            e.message, e.span.line
        )
    })?;
    let reprinted = viper::print(&p2);
    if reprinted != printed {
        return Err(format!(
            "printing is not a fixpoint:\n--- first\n{printed}\n--- second\n{reprinted}"
        ));
    }
    p1.clear_spans();
    p2.clear_spans();
    if p1 != p2 {
        return Err("the printed program parses to a different tree".into());
    }
    Ok(())
}

#[test]
fn corpus() {
    let root = support::repo_root().join("tests/viper");
    let files = support::vpr_files(&root);
    assert!(!files.is_empty(), "no test files under {}", root.display());
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let name = support::display(path);
        let text = std::fs::read_to_string(path).expect("readable test file");
        let annotations = FileAnnotations::parse(&text);
        if !annotations.malformed.is_empty() {
            failures.push(format!(
                "{name}: malformed annotations {:?}",
                annotations.malformed
            ));
            continue;
        }
        if annotations.ignored_by(TOOL) {
            continue;
        }
        checked += 1;
        let want = expected(&annotations);
        let got = outcome(path);
        let (missing, unexpected) = compare(&want, &got);
        if !missing.is_empty() || !unexpected.is_empty() {
            let want_s: Vec<String> = want.iter().map(|(id, l)| format!("{id}@{l}")).collect();
            let got_s: Vec<String> = got.iter().map(|(id, l)| format!("{id}@{l}")).collect();
            failures.push(format!(
                "{name}:\n  expected: {}\n  got:      {}",
                want_s.join(", "),
                got_s.join(", ")
            ));
        }
        let front_end_ok = !got.iter().any(|(id, _)| OutputId::parse(id).is_front_end());
        if front_end_ok {
            if let Err(e) = round_trip(path) {
                failures.push(format!("{name}: round trip: {e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} files failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
