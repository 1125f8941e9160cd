//! Fuzzing the Viper pipeline (parser, type checker, verifier) with structured random input:
//! programs generated from fuzzer bytes and corpus programs with random edits
//! (`tests/support/vipergen.rs`, the same generator as the cargo-fuzz target in `fuzz/`). Each
//! input must get an answer with well-placed errors, survive printing, and verify the same with
//! its declarations reversed; a panic fails the test with the input.
//!
//! The default run is short (deterministic seeds). `OMPV_FUZZ_SECONDS=600` runs for that long
//! with seeds from the clock and prints the figures; `OMPV_FUZZ_SEED` fixes the first seed.

mod support;
#[path = "support/vipergen.rs"]
mod vipergen;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use arbitrary::Unstructured;

/// Inputs of the short run.
const SHORT_RUN: u64 = 120;

#[test]
fn random_programs_get_an_answer() {
    let corpus: Vec<String> = support::vpr_files(&support::repo_root().join("tests/viper"))
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let (budget, first) = support::fuzz_run();
    let start = Instant::now();
    let (mut generated, mut mutated, mut parsed, mut verified) = (0u64, 0u64, 0u64, 0u64);
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
        let data = support::fuzz_bytes(seed, 4096);
        let mut u = Unstructured::new(&data);
        let text = if seed % 3 == 2 {
            mutated += 1;
            vipergen::mutated(&mut u, &corpus)
        } else {
            generated += 1;
            vipergen::program(&mut u)
        }
        .unwrap_or_default();
        if let Ok(mut p) = viper::parse(&text, viper::FileId(0)) {
            parsed += 1;
            if viper::typecheck(&mut p).is_ok() {
                verified += 1;
            }
        }
        match catch_unwind(AssertUnwindSafe(|| vipergen::check(&text))) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => failures.push(format!("seed {seed}: {why}\n--- input\n{text}")),
            Err(_) => failures.push(format!("seed {seed}: panic\n--- input\n{text}")),
        }
        seed += 1;
    }
    if budget.is_some() {
        println!(
            "fuzz: {} inputs in {:.0} s ({generated} generated, {mutated} mutated; {parsed} \
             parsed, {verified} type-checked and verified), {} failures, seeds {first}..{seed}",
            seed - first,
            start.elapsed().as_secs_f64(),
            failures.len()
        );
    }
    assert!(
        failures.is_empty(),
        "{} failing inputs:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
