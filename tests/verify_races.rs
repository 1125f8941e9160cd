//! Zero-annotation race checking of small OpenMP programs, each stating its expected answer on
//! its first line and the OpenMP 5.2 rule it relies on below:
//!
//! - `// expect: race-free` — race freedom is proved (`"race_free": true`);
//! - `// expect: race L1:C1 L2:C2` — a certain race (verdict `failed`, `"race_free": false`)
//!   whose two accesses are at these positions (in either order);
//! - `// expect: unknown` — ompv can neither prove race freedom nor confirm a race (verdict
//!   `unknown`): a documented limit, never a wrong answer.
//!
//! A race is confirmed either by the proof (exact footprints) or, where the proof
//! over-approximates, by running the program (`ompv witness`); a second test checks that the run
//! finds no race in the race-free programs and finds the expected pair in the racy ones, except
//! in programs marked `// run: inconclusive …`, which the run must decline; a line
//! `// run: --schedule blocks` gives the run that option (a race only that distribution of an
//! unspecified schedule shows, as `ompv verify`'s second run does).
//!
//! Most programs come in pairs: a correct program and a mutant without the synchronisation
//! it needs (a dropped `critical`, `reduction`, `private`, barrier, `depend`, `taskwait` or
//! `taskgroup`, an added `nowait`, a shifted index), which must be reported as a race.

mod verify_support;

use std::collections::BTreeSet;
use std::path::PathBuf;
use verify_support::{root, verify, verify_all};

#[derive(Debug, PartialEq)]
enum Expect {
    RaceFree,
    Race(BTreeSet<(u64, u64)>),
    Unknown,
}

fn expectation(text: &str) -> Expect {
    let first = text.lines().next().unwrap_or_default();
    let rest = first
        .strip_prefix("// expect: ")
        .unwrap_or_else(|| panic!("first line `{first}` states no expectation"));
    match rest.trim() {
        "race-free" => Expect::RaceFree,
        "unknown" => Expect::Unknown,
        r => {
            let at: BTreeSet<(u64, u64)> = r
                .strip_prefix("race ")
                .unwrap_or_else(|| panic!("unknown expectation `{r}`"))
                .split_whitespace()
                .map(|p| {
                    let (l, c) = p.split_once(':').expect("LINE:COL");
                    (l.parse().expect("line"), c.parse().expect("column"))
                })
                .collect();
            Expect::Race(at)
        }
    }
}

/// The C files of `dir` (relative to the repository), sorted.
fn c_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// Copies the headers beside `file` into `dir`, where a copy of `file` is verified (its
/// `#include "…"` are found beside it, as the original's are).
fn copy_headers(file: &std::path::Path, dir: &std::path::Path) {
    let from = file.parent().expect("a folder");
    for e in std::fs::read_dir(from).expect("readable") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "h") {
            std::fs::copy(&p, dir.join(p.file_name().expect("a name"))).expect("writable");
        }
    }
}

/// The races of an `ompv witness --format json` report (its errors of kind `race`).
fn witness_races(v: &serde_json::Value) -> impl Iterator<Item = &serde_json::Value> {
    v["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "race")
}

/// Whether a witness run stopped before the program's end (a warning of kind `inconclusive`).
fn witness_inconclusive(v: &serde_json::Value) -> bool {
    v["verdict"] == "unknown"
        && v["errors"]
            .as_array()
            .is_some_and(|es| es.iter().any(|e| e["kind"] == "inconclusive"))
}

/// Whether a witness run ended without a race (`unknown`, nothing to report but the note).
fn witness_clean(v: &serde_json::Value) -> bool {
    v["verdict"] == "unknown" && v["errors"].as_array().is_some_and(|es| es.is_empty())
}

/// The line:column of each access in a JSON list of accesses.
fn access_set(accesses: &serde_json::Value) -> BTreeSet<(u64, u64)> {
    accesses
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| {
            (
                a["line"].as_u64().unwrap_or(0),
                a["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn race_programs_get_their_expected_answer() {
    let files = c_files("tests/c/races");
    assert!(files.len() >= 20, "only {} programs", files.len());
    let mut failures = Vec::new();
    let (mut free, mut racy) = (0, 0);
    let rels: Vec<PathBuf> = files
        .iter()
        .map(|f| f.strip_prefix(root()).unwrap_or(f).to_path_buf())
        .collect();
    for ((f, rel), r) in files.iter().zip(&rels).zip(verify_all(&rels)) {
        let text = std::fs::read_to_string(f).expect("readable");
        assert!(
            text.contains("OpenMP 5.2 §"),
            "{}: cites no rule of the specification",
            rel.display()
        );
        let want = expectation(&text);
        let race_free = r.json["race_free"].as_bool();
        let ok = match &want {
            Expect::RaceFree => {
                free += 1;
                race_free == Some(true)
            }
            Expect::Unknown => r.verdict == "unknown" && race_free.is_none(),
            Expect::Race(at) => {
                racy += 1;
                let pairs: Vec<BTreeSet<(u64, u64)>> = r.json["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|e| e["kind"] == "race")
                    .map(|e| access_set(&e["accesses"]))
                    .collect();
                // One race, one report: no pair twice, and no race of the run beside a report
                // of the proof that has one of its accesses (it confirms that report).
                let unique = pairs.iter().collect::<BTreeSet<_>>().len() == pairs.len();
                let kinds: Vec<(&serde_json::Value, &BTreeSet<(u64, u64)>)> = r.json["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|e| e["kind"] == "race")
                    .map(|e| &e["id"])
                    .zip(&pairs)
                    .collect();
                let run_beside_proof = kinds.iter().any(|(id, p)| {
                    *id == "replay.race"
                        && kinds
                            .iter()
                            .any(|(other, q)| *other != "replay.race" && !p.is_disjoint(q))
                });
                if !unique || run_beside_proof {
                    failures.push(format!("{}: a race is reported twice", rel.display()));
                }
                // The expected pair is a report's, or that of a race of a run reported with one.
                let also = r.json["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|e| e["kind"] == "race")
                    .flat_map(|e| e["run_races"].as_array().into_iter().flatten())
                    .map(|c| access_set(&c["accesses"]));
                let found = pairs.iter().cloned().chain(also).any(|p| p == *at);
                r.verdict == "failed" && race_free == Some(false) && found
            }
        };
        if !ok {
            failures.push(format!(
                "{}: expected {want:?}, got verdict {} (race_free {race_free:?}): {}",
                rel.display(),
                r.verdict,
                r.json["errors"]
            ));
        }
    }
    assert!(free >= 8 && racy >= 8, "{free} race-free and {racy} racy");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `ompv infer` writes the inferred specifications into the program; verifying the result (the
/// specifications are now the user's, and checked) gives the same answer about races: proved
/// race-free programs stay proved, racy ones stay unproved.
#[test]
fn inferred_specifications_written_back_give_the_same_answer() {
    let scratch = tempfile::tempdir().expect("temporary directory");
    let mut checked = 0;
    let mut written = 0;
    let mut failures = Vec::new();
    for f in c_files("tests/c/races") {
        let text = std::fs::read_to_string(&f).expect("readable");
        let want = expectation(&text);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
            // Every proof found again: no cache shared between runs or tests.
            .env("OMPV_NO_CACHE", "1")
            .arg("infer")
            .arg(&f)
            .output()
            .expect("ompv runs");
        if out.status.code() == Some(2) {
            // The proof does not handle the program (an unsupported construct): nothing to
            // write in; its answer came from running it, and must not be a proof.
            assert!(want != Expect::RaceFree, "{}: infer failed", f.display());
            continue;
        }
        assert!(out.status.success(), "{}: infer failed", f.display());
        let annotated = String::from_utf8(out.stdout).expect("UTF-8");
        // Code every thread runs has no place for a contract of its own in the source: such
        // programs get their specifications inferred again.
        if annotated.contains("/*@") {
            written += 1;
        }
        let copy = scratch.path().join(f.file_name().expect("a file name"));
        std::fs::write(&copy, &annotated).expect("writable");
        copy_headers(&f, scratch.path());
        let r = verify(&copy);
        let race_free = r.json["race_free"].as_bool();
        let ok = match want {
            Expect::RaceFree => race_free == Some(true),
            Expect::Race(_) | Expect::Unknown => race_free != Some(true),
        };
        checked += 1;
        if !ok {
            failures.push(format!(
                "{}: expected {want:?}; with the inferred specifications written in: verdict {} \
                 (race_free {race_free:?}) {}\n{annotated}",
                f.display(),
                r.verdict,
                r.json["errors"]
            ));
        }
    }
    assert!(
        checked >= 20 && written >= 15,
        "{checked} checked, {written} annotated"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `ompv witness` agrees with the expected answers: no race in a run of a race-free program, and
/// the expected pair among the races of a racy one (a cross-check of the proof and the replay).
#[test]
fn a_run_agrees_with_the_expected_answers() {
    let mut failures = Vec::new();
    for f in c_files("tests/c/races") {
        let text = std::fs::read_to_string(&f).expect("readable");
        let want = expectation(&text);
        let options: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// run: --"))
            .flat_map(|l| l.split_whitespace())
            .collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
            // Every proof found again: no cache shared between runs or tests.
            .env("OMPV_NO_CACHE", "1")
            .args(["witness", "--format", "json"])
            .args(options.iter().enumerate().map(|(k, o)| {
                if k % 2 == 0 {
                    format!("--{o}")
                } else {
                    o.to_string()
                }
            }))
            .arg(&f)
            .output()
            .expect("ompv runs");
        let v: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("JSON from ompv witness");
        let pairs: Vec<BTreeSet<(u64, u64)>> = witness_races(&v)
            .map(|r| access_set(&r["accesses"]))
            .collect();
        // `// run: inconclusive` (with the reason): the run cannot model the program.
        let not_modelled = text.lines().any(|l| l.starts_with("// run: inconclusive"));
        let ok = match &want {
            _ if not_modelled => witness_inconclusive(&v),
            Expect::RaceFree => witness_clean(&v),
            // One run is one schedule: it may miss a race. Only a race in a race-free program
            // contradicts the expectation.
            Expect::Unknown => true,
            // The same two lines (the run names a clause's write at the clause, the proof at its
            // list item).
            Expect::Race(at) => {
                let lines = |p: &BTreeSet<(u64, u64)>| -> BTreeSet<u64> {
                    p.iter().map(|(l, _)| *l).collect()
                };
                pairs.iter().any(|p| lines(p) == lines(at))
            }
        };
        if !ok {
            failures.push(format!(
                "{}: expected {want:?}, the run gave {v}",
                f.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The round trip of `ompv infer` over every C test program and the examples, library files
/// without `main` among them: a file that verified still verifies with the inferred
/// specifications written in (issue 42: `infer` emits contracts that verify), and outside
/// `tests/c/races` the answer about races (`race_free`) is the same. In `tests/c/races` five
/// programs change that answer: written in, an inferred footprint is the user's and taken as
/// exact, so an `unknown` race can become certain (task_firstprivate_index,
/// thread_number_variable_narrow, thread_team_of_one) and two certain ones `unknown`
/// (global_pointer_time_loop_nowait, strtok_in_sections).
#[test]
fn inferred_specifications_of_every_test_program_round_trip() {
    let scratch = tempfile::tempdir().expect("temporary directory");
    let files: Vec<PathBuf> = ["examples", "tests/c", "tests/c/verify", "tests/c/races"]
        .into_iter()
        .flat_map(c_files)
        .collect();
    let (mut originals, mut copies) = (Vec::new(), Vec::new());
    for (k, f) in files.iter().enumerate() {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
            // Every proof found again: no cache shared between runs or tests.
            .env("OMPV_NO_CACHE", "1")
            .arg("infer")
            .arg(f)
            .output()
            .expect("ompv runs");
        if out.status.code() == Some(2) {
            continue; // An input error (syntax, unsupported): nothing to write in.
        }
        // One folder per file: names repeat across the test folders.
        let dir = scratch.path().join(k.to_string());
        std::fs::create_dir_all(&dir).expect("writable");
        let copy = dir.join(f.file_name().expect("a file name"));
        std::fs::write(&copy, &out.stdout).expect("writable");
        copy_headers(f, &dir);
        originals.push(f.clone());
        copies.push(copy);
    }
    let before = verify_support::verify_json_all(&originals);
    let after = verify_support::verify_json_all(&copies);
    let mut failures = Vec::new();
    let mut library_verified = 0;
    for ((f, b), a) in originals.iter().zip(&before).zip(&after) {
        let (rb, ra) = (b["race_free"].as_bool(), a["race_free"].as_bool());
        if rb != ra && !f.starts_with(root().join("tests/c/races")) {
            failures.push(format!(
                "{}: race_free {rb:?}, with the inferred specifications written in {ra:?}",
                f.display()
            ));
        }
        if b["verdict"] == "verified" && a["verdict"] != "verified" {
            failures.push(format!(
                "{}: verified, but {} with the inferred specifications written in",
                f.display(),
                a["verdict"]
            ));
        }
        let text = std::fs::read_to_string(f).expect("readable");
        if b["verdict"] == "verified" && !text.contains("main(") {
            library_verified += 1;
        }
    }
    assert!(originals.len() >= 300, "only {} programs", originals.len());
    assert!(
        library_verified >= 2,
        "only {library_verified} library files verify"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every certain race (`"race_free": false`) in the other test programs and the examples is real
/// (issue: `failed` means a race that can happen). A program with `main` is run by `ompv
/// witness` (each loop distribution), and one run must show a race between the same two lines
/// as a certain race the proof or `verify`'s own run reports. A program without `main` (functions
/// with contracts) cannot be run; there each certain race must come from the proof (its
/// footprints are those of the user's contracts, which the proof takes as exact), never from a
/// run. `tests/c/races` has its own test above.
#[test]
fn every_certain_race_is_replayed_or_exact() {
    use rayon::prelude::*;
    let files: Vec<PathBuf> = [
        "examples",
        "tests/c",
        "tests/c/annotated",
        "tests/c/functional",
        "tests/c/verify",
        "tests/c/witness",
    ]
    .into_iter()
    .flat_map(c_files)
    .collect();
    let lines = |accesses: &serde_json::Value| -> BTreeSet<u64> {
        access_set(accesses).into_iter().map(|(l, _)| l).collect()
    };
    // A report's pair, and those of the races of verify's own run reported with it.
    let lines_of = |e: &serde_json::Value| -> Vec<BTreeSet<u64>> {
        std::iter::once(lines(&e["accesses"]))
            .chain(
                e["run_races"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| lines(&r["accesses"])),
            )
            .collect()
    };
    let outcomes: Vec<Result<bool, String>> = files
        .par_iter()
        .map(|f| {
            let report = verify(f).json;
            if report["race_free"] != false {
                return Ok(false);
            }
            let races: Vec<&serde_json::Value> = report["errors"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|e| e["kind"] == "race")
                .collect();
            let mut reasons = Vec::new();
            for schedule in ["round-robin", "blocks"] {
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_ompv"))
                    // Every proof found again: no cache shared between runs or tests.
                    .env("OMPV_NO_CACHE", "1")
                    .args(["witness", "--format", "json", "--schedule", schedule])
                    .arg(f)
                    .current_dir(root())
                    .output()
                    .expect("ompv runs");
                let run: serde_json::Value =
                    serde_json::from_slice(&out.stdout).expect("JSON from ompv witness");
                let replayed = witness_races(&run).any(|r| {
                    let pair: BTreeSet<u64> = r["accesses"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|a| a["line"].as_u64())
                        .collect();
                    races.iter().any(|e| lines_of(e).contains(&pair))
                });
                if replayed {
                    return Ok(true);
                }
                let reason = run["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|e| e["kind"] == "inconclusive")
                    .and_then(|e| e["message"].as_str());
                reasons.push(reason.unwrap_or("").to_string());
            }
            let no_main = reasons.iter().all(|r| r.contains("no `main` function"));
            let exact = !races.is_empty()
                && races
                    .iter()
                    .all(|e| !e["notes"].to_string().contains("found by running"));
            if no_main && exact {
                Ok(true)
            } else {
                Err(format!(
                    "{}: a certain race the run does not show ({reasons:?}): {}",
                    f.display(),
                    serde_json::Value::from(races.into_iter().cloned().collect::<Vec<_>>())
                ))
            }
        })
        .collect();
    let certain = outcomes.iter().filter(|o| matches!(o, Ok(true))).count();
    let failures: Vec<&String> = outcomes.iter().filter_map(|o| o.as_ref().err()).collect();
    assert!(certain >= 30, "only {certain} programs with a certain race");
    assert!(failures.is_empty(), "{failures:#?}");
}
