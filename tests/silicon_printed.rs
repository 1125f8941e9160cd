//! Programs ompv builds itself reach Silicon as printed Viper text; Silicon's positions in that text
//! must map back to the spans of the program's own nodes. Checked on every `.vpr` file under
//! `tests/viper/` that ompv parses and type-checks: Silicon's answer for the printed program,
//! mapped back, must equal its answer for the file as written in ids and lines, and every error
//! must land on a real position of the file. (Columns are not compared: where ompv's spans and
//! Silver's positions start differently, e.g. at a parenthesis, the mapped error is at ompv's span,
//! which is what the native back end reports too.)
#![cfg(feature = "silicon")]

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use viper::silicon::{Silicon, SiliconResult};
use viper::{FileId, SourceFile};

fn located(r: &SiliconResult) -> BTreeSet<(String, u32)> {
    r.errors
        .iter()
        .map(|e| (e.full_id(), e.span.line))
        .chain(r.other_errors.iter().map(|e| (e.id.clone(), e.span.line)))
        .collect()
}

#[test]
fn printed_programs_report_at_the_original_positions() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/viper");
    let mut files = support::vpr_files(&corpus);
    // Files Silicon does not finish, or answers differently from run to run, are listed in
    // tests/backend-known-differences.txt as `[not run on Silicon]` / `[Silicon unstable]`; files
    // whose errors lie inside expanded macros (`[macro lines]`) print without the macros, so this
    // Silicon places those errors at the use instead of in the macro's body.
    let known = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/backend-known-differences.txt"),
    )
    .unwrap_or_default();
    let not_run: Vec<&str> = known
        .lines()
        .filter(|l| {
            l.contains("[not run on Silicon]")
                || l.contains("[Silicon unstable]")
                || l.contains("[macro lines]")
        })
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    files.retain(|p| {
        let rel = p.strip_prefix(&corpus).unwrap_or(p).display().to_string();
        !not_run.contains(&rel.as_str())
    });
    let silicon = Silicon::global().expect("Silicon is set up (run scripts/setup.sh --silicon)");
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut timed_out = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let file = FileId(i as u32);
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(mut program) = viper::parse(&text, file) else {
            continue;
        };
        if viper::typecheck(&mut program).is_err() {
            continue;
        }
        let source = SourceFile::new(path.display().to_string(), text);
        let direct = silicon.verify_source(&source, file).unwrap();
        if direct.is_rejected() {
            continue;
        }
        // A Silicon time-out (OMPV_SILICON_TIMEOUT) leaves nothing to compare; it is reported.
        if !direct.inconclusive.is_empty() {
            timed_out.push(path.display().to_string());
            continue;
        }
        let printed = match silicon.verify_program(&program) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if !printed.inconclusive.is_empty() {
            timed_out.push(format!("{} (printed)", path.display()));
            continue;
        }
        checked += 1;
        if printed.is_rejected() || located(&printed) != located(&direct) {
            failures.push(format!(
                "{}:\n    as written: {:?}\n    printed:    {:?} {:?}",
                path.display(),
                located(&direct),
                located(&printed),
                printed.input_errors
            ));
        }
        for e in &printed.errors {
            assert_eq!(e.span.file, file, "{}", path.display());
            assert!(!e.span.is_dummy(), "{}: {e:?}", path.display());
            assert!(e.span.start < e.span.end, "{}: {e:?}", path.display());
        }
    }
    eprintln!(
        "printed-program positions: {checked} files checked; Silicon inconclusive on {}: {timed_out:?}",
        timed_out.len()
    );
    assert!(
        checked > 0,
        "no file under tests/viper parses and type-checks"
    );
    assert!(
        timed_out.len() * 10 <= checked,
        "Silicon was inconclusive on more than a tenth of the files: {timed_out:?}"
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
