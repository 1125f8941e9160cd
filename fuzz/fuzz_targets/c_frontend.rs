//! libFuzzer target: C programs with OpenMP pragmas generated from the fuzzer's bytes, or
//! corpus-like texts with edits (`tests/support/cgen.rs`), through the C front end (preprocessor,
//! C, pragma and specification parsers, regions, tasks, inference), the lowering to Viper and a
//! short run of the program (the replay behind `ompv witness`). A panic or an abort is a finding.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use viper::SourceMap;

#[path = "../../tests/support/cgen.rs"]
mod cgen;

/// A few corpus programs to mutate (the fuzzer also mutates its own inputs).
const SEEDS: &[&str] = &[
    include_str!("../../tests/c/races/task_depend.c"),
    include_str!("../../tests/c/races/critical_sum.c"),
    include_str!("../../tests/c/races/lastprivate.c"),
    include_str!("../../tests/c/races/ordered.c"),
    include_str!("../../examples/listing7.c"),
];

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let text = match data.first() {
        // Raw text: the parsers' robustness.
        Some(0) => String::from_utf8_lossy(&data[1..]).into_owned(),
        Some(1) => {
            let corpus: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
            cgen::mutated(&mut u, &corpus).unwrap_or_default()
        }
        _ => cgen::program(&mut u).unwrap_or_default(),
    };
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.c", text.clone());
    if let Ok(program) = openmp::parse_file(&mut sources, file, &Default::default()) {
        let _ = openmp::lower::lower(&program);
    }
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.c", text);
    if let Ok(program) = openmp::parse_c(&mut sources, file, &Default::default()) {
        let config = openmp::replay::ReplayConfig {
            max_steps: 20_000,
            ..Default::default()
        };
        let _ = openmp::replay::replay(&program, &sources, &config);
    }
});
