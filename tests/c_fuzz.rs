//! Fuzzing the C side with structured random input: OpenMP programs generated from fuzzer bytes
//! and corpus programs with random edits (`tests/support/cgen.rs`, the same generator as the
//! cargo-fuzz target `c_frontend` in `fuzz/`), through `ompv verify` without annotations. Each
//! input must get an answer (exit code 0–3, one JSON object, no `internal` error), and a proof
//! must agree with a run: when ompv proves a program race-free, `ompv witness` — which runs the
//! program under OpenMP's semantics, independently of the proof — must not find a race in it,
//! and neither must Archer (`scripts/archer.py`: the compiled program under LLVM's
//! ThreadSanitizer, with teams of 1, 2, 4 and 8 threads), which shares nothing with ompv's model.
//!
//! The default run is short (deterministic seeds). `OMPV_FUZZ_SECONDS=600` runs for that long
//! with seeds from the clock and prints the figures; `OMPV_FUZZ_SEED` fixes the first seed.

#[path = "support/cgen.rs"]
mod cgen;
mod support;

use arbitrary::Unstructured;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Inputs of the short run.
const SHORT_RUN: u64 = 40;

fn json_of(args: &[&str], file: &Path) -> Result<(i32, serde_json::Value), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(args)
        .arg(file)
        .output()
        .map_err(|e| format!("ompv does not run: {e}"))?;
    let code = out.status.code().unwrap_or(-1);
    if !(0..=3).contains(&code) {
        return Err(format!(
            "`ompv {}` exit code {code}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let v = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("`ompv {}` printed no JSON object: {e}", args.join(" ")))?;
    Ok((code, v))
}

/// What one input must satisfy; `Ok(true)` when ompv proved it race-free.
fn check(file: &Path, generated: bool) -> Result<bool, String> {
    let (_, v) = json_of(&["verify", "--format", "json", "--timeout", "5"], file)?;
    let verdict = v["verdict"].as_str().unwrap_or_default();
    if !["verified", "failed", "unknown", "error"].contains(&verdict) {
        return Err(format!("verdict `{verdict}`"));
    }
    if let Some(e) = v["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| e["kind"] == "internal")
    {
        return Err(format!("internal error: {e}"));
    }
    if v["race_free"] != true {
        return Ok(false);
    }
    let (_, w) = json_of(&["witness", "--format", "json"], file)?;
    if w["verdict"] == "failed" {
        return Err(format!(
            "proved race-free, but a run of it races: {}",
            w["errors"]
        ));
    }
    // A mutant of a corpus program that is marked as beyond Archer (it crashes on the program,
    // or reports what clang 14 itself writes, see tests/archer.rs) keeps the mark: for it, the
    // run above is the cross-check.
    let text = std::fs::read_to_string(file).unwrap_or_default();
    // (Without the dash: the mutator may drop it from the comment.)
    let beyond_archer = ["// archer: cannot run", "// archer: false report"]
        .iter()
        .any(|m| text.lines().any(|l| l.trim_start().starts_with(m)));
    if !generated && beyond_archer {
        return Ok(true);
    }
    let out = Command::new("python3")
        .arg(support::repo_root().join("scripts/archer.py"))
        .args(["--threads", "1,2,4,8", "--runs", "1", "--jobs", "1"])
        .arg(file)
        .output()
        .map_err(|e| format!("scripts/archer.py does not run: {e}"))?;
    let answer = String::from_utf8_lossy(&out.stdout);
    let answer = answer
        .trim()
        .split_once(": ")
        .map(|(_, a)| a)
        .unwrap_or_default();
    // A generated program is valid C and OpenMP 5.2 that clang 14 builds, so a proof of one it
    // rejects is a proof of an invalid program. (A mutated corpus program with an OpenMP 5.1
    // clause clang 14 does not know is left to the run.)
    if answer.starts_with("error: clang") && generated {
        return Err(format!(
            "proved race-free, but clang rejects the program: {answer}"
        ));
    }
    if answer.starts_with("error: clang") {
        eprintln!(
            "c fuzz: {}: Archer cannot build it: {answer}",
            file.display()
        );
        return Ok(true);
    }
    if !out.status.success() || answer != "no race" {
        return Err(format!(
            "proved race-free, but Archer answers `{answer}` {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(true)
}

#[test]
fn random_openmp_programs_get_an_answer_and_proofs_agree_with_runs() {
    let root = support::repo_root();
    let corpus: Vec<String> = support::files_ending(&root.join("tests/c/races"), "c")
        .iter()
        .chain(&support::files_ending(&root.join("examples"), "c"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let (budget, first) = support::fuzz_run();
    let dir = tempfile::tempdir().expect("temporary directory");
    let start = Instant::now();
    let (mut generated, mut mutated, mut proved) = (0u64, 0u64, 0u64);
    let mut verdicts = std::collections::BTreeMap::<String, u64>::new();
    let mut failures = Vec::new();
    let mut seed = first;
    loop {
        let done = match budget {
            Some(b) => start.elapsed() >= b,
            None => seed >= first + SHORT_RUN,
        };
        if done {
            break;
        }
        let data = support::fuzz_bytes(seed, 2048);
        let mut u = Unstructured::new(&data);
        let made = seed % 4 != 3;
        let text = if !made {
            mutated += 1;
            cgen::mutated(&mut u, &corpus)
        } else {
            generated += 1;
            cgen::program(&mut u)
        }
        .unwrap_or_default();
        let file = dir.path().join(format!("fuzz{seed}.c"));
        std::fs::write(&file, &text).expect("writable");
        match check(&file, made) {
            Ok(p) => {
                proved += p as u64;
                *verdicts
                    .entry(if p { "race-free" } else { "other" }.into())
                    .or_default() += 1;
            }
            Err(why) => failures.push(format!("seed {seed}: {why}\n--- input\n{text}")),
        }
        seed += 1;
    }
    if budget.is_some() {
        println!(
            "c fuzz: {} inputs in {:.0} s ({generated} generated, {mutated} mutated; {proved} \
             proved race-free and run by ompv witness and Archer), {} failures, seeds \
             {first}..{seed}",
            seed - first,
            start.elapsed().as_secs_f64(),
            failures.len()
        );
    }
    // The generator must produce programs the proof handles, or the cross-check checks nothing.
    assert!(
        budget.is_some() || proved >= 5,
        "only {proved} of {} inputs proved race-free: {verdicts:?}",
        seed - first
    );
    assert!(
        failures.is_empty(),
        "{} failing inputs:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
