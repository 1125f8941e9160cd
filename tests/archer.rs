//! Archer, LLVM's OpenMP-aware ThreadSanitizer, as an oracle that shares nothing with ompv's model
//! of OpenMP: it runs the compiled program (clang 14, LLVM's OpenMP runtime) and watches every
//! access. `scripts/archer.py` compiles and runs; this test compares its reports with ompv's
//! verdicts on every complete C program (one with `main`) under `tests/c` and `examples`:
//!
//! - a program ompv proves race-free runs with teams of 1, 2, 4 and 8 threads, and any report
//!   fails the test unless the program says why Archer is wrong (`// archer: false report — …`);
//! - a program ompv reports a race in must make Archer report a race with teams of 2, 4 and 8
//!   (five runs each in both modes of the script, then ten more if none reported), unless it says why the runs cannot show it (`// archer: no report — …`:
//!   the race needs a schedule the runs do not take, or is in uninstrumented C library code,
//!   where the library table of `openmp/src/semantics/libc.rs` is the oracle);
//! - a program Archer cannot build or run says why (`// archer: cannot run — …`).
//!
//! Archer is dynamic: a report is a race that happened, no report proves nothing. So only the
//! first rule checks ompv's soundness; the second checks that ompv's races are real where a run
//! can show them. `scripts/setup.sh` installs clang 14 and libarcher.so.

mod verify_support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use verify_support::{root, verify_json_all};

/// Every `.c` file under `dir`, recursively, sorted.
fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            c_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "c") {
            out.push(p);
        }
    }
}

/// The complete programs Archer can run: the C files under `tests/c` and `examples` with a
/// `main` (paths relative to the repository root). Nonconforming programs are left to ompv.
fn programs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    c_files(&root().join("tests/c"), &mut files);
    c_files(&root().join("examples"), &mut files);
    files
        .into_iter()
        .filter(|f| !f.starts_with(root().join("tests/c/errors")))
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("readable");
            text.contains("int main(") || text.contains("int main (")
        })
        .map(|f| {
            f.strip_prefix(root())
                .expect("under the root")
                .to_path_buf()
        })
        .collect()
}

/// `race_free` of ompv's report on each file: `Some(true)` proved, `Some(false)` a certain race,
/// `None` neither.
fn ompv_verdicts(files: &[PathBuf]) -> BTreeMap<PathBuf, Option<bool>> {
    files
        .iter()
        .zip(verify_json_all(files))
        .map(|(file, json)| (file.clone(), json["race_free"].as_bool()))
        .collect()
}

/// Archer's answer on each file: `Ok(Some((l1, l2)))` a race between those lines, `Ok(None)` no
/// report, `Err(why)` it could not build or run the program.
type Answer = Result<Option<(u64, u64)>, String>;

fn archer(files: &[&PathBuf], threads: &str, runs: u32) -> BTreeMap<PathBuf, Answer> {
    if files.is_empty() {
        return BTreeMap::new();
    }
    let out = Command::new("python3")
        .arg("scripts/archer.py")
        .args(["--threads", threads, "--runs", &runs.to_string()])
        .args(files)
        .current_dir(root())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "scripts/archer.py failed (run scripts/setup.sh): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let answers: BTreeMap<PathBuf, Answer> = stdout
        .lines()
        .map(|l| {
            let (file, verdict) = l.split_once(": ").expect("FILE: verdict");
            let answer = if verdict == "no race" {
                Ok(None)
            } else if let Some(lines) = verdict.strip_prefix("race ") {
                let (a, b) = lines.split_once(' ').expect("two lines");
                Ok(Some((a.parse().expect("line"), b.parse().expect("line"))))
            } else {
                Err(verdict.to_string())
            };
            (PathBuf::from(file), answer)
        })
        .collect();
    assert_eq!(answers.len(), files.len(), "one answer per file: {stdout}");
    answers
}

/// The reason a program gives after `// archer: {what} — `, if it gives one.
fn marker(file: &Path, what: &str) -> Option<String> {
    let text = std::fs::read_to_string(root().join(file)).expect("readable");
    let prefix = format!("// archer: {what} — ");
    text.lines()
        .find_map(|l| l.trim().strip_prefix(&prefix).map(str::to_string))
}

/// Runs per team size for a racy program (each in both of `scripts/archer.py`'s modes).
const RACY_RUNS: u32 = 5;

#[test]
fn archer_agrees_with_every_verdict_on_a_complete_program() {
    let files = programs();
    assert!(files.len() >= 200, "only {} programs", files.len());
    let verdicts = ompv_verdicts(&files);
    let proved: Vec<&PathBuf> = files
        .iter()
        .filter(|f| verdicts[*f] == Some(true))
        .collect();
    let racy: Vec<&PathBuf> = files
        .iter()
        .filter(|f| verdicts[*f] == Some(false))
        .collect();
    let on_proved = archer(&proved, "1,2,4,8", 1);
    let mut on_racy = archer(&racy, "2,4,8", RACY_RUNS);
    // A race a run shows only now and then gets a second chance before it counts as missed.
    let missed: Vec<&PathBuf> = on_racy
        .iter()
        .filter(|(f, a)| matches!(a, Ok(None)) && marker(f, "no report").is_none())
        .map(|(f, _)| racy.iter().copied().find(|r| *r == f).expect("racy"))
        .collect();
    let again = archer(&missed, "2,4,8", 2 * RACY_RUNS);
    on_racy.extend(again);

    let mut failures = Vec::new();
    let (mut confirmed, mut excused) = (0, 0);
    for (file, answer) in on_proved.iter().chain(&on_racy) {
        let proved = verdicts[file] == Some(true);
        match answer {
            Err(why) => {
                if marker(file, "cannot run").is_none() {
                    failures.push(format!("{}: Archer: {why}", file.display()));
                }
            }
            Ok(Some((l1, l2))) if proved => {
                if marker(file, "false report").is_none() {
                    failures.push(format!(
                        "{}: ompv proves it race-free, Archer reports a race between lines \
                         {l1} and {l2}",
                        file.display()
                    ));
                }
            }
            Ok(Some(_)) => confirmed += 1,
            Ok(None) if proved => {}
            Ok(None) => {
                if marker(file, "no report").is_none() {
                    failures.push(format!(
                        "{}: ompv reports a race, Archer none in {} runs",
                        file.display(),
                        3 * (RACY_RUNS + 2 * RACY_RUNS) * 2
                    ));
                } else {
                    excused += 1;
                }
            }
        }
    }
    // The marks are about Archer, not ompv: a mark on a program whose verdict does not need it
    // is stale.
    for file in &files {
        let proved = verdicts[file] == Some(true);
        if marker(file, "false report").is_some() && !proved {
            failures.push(format!(
                "{}: `archer: false report` on a program ompv does not prove",
                file.display()
            ));
        }
        if marker(file, "no report").is_some() && verdicts[file] != Some(false) {
            failures.push(format!(
                "{}: `archer: no report` on a program ompv does not report",
                file.display()
            ));
        }
    }
    eprintln!(
        "archer: {} programs; {} proved race-free, {} racy ({confirmed} confirmed by Archer, \
         {excused} marked as beyond its runs)",
        files.len(),
        proved.len(),
        racy.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The oracle must be able to see races at all.
    assert!(
        confirmed * 2 >= racy.len(),
        "Archer confirms only {confirmed} of {} races",
        racy.len()
    );
}
