//! libFuzzer target: programs generated from the fuzzer's bytes, or corpus-like texts with edits,
//! through parser, type checker and verifier (`tests/support/vipergen.rs`). A panic, an abort
//! (stack overflow) or a violated property is a finding.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/vipergen.rs"]
mod vipergen;

/// A few corpus programs to mutate (the fuzzer also mutates its own inputs).
const SEEDS: &[&str] = &[
    include_str!("../../tests/viper/soundness/nullary_function_post.vpr"),
    include_str!("../../tests/viper/soundness/division_typing.vpr"),
    include_str!("../../tests/viper/backend/qp_arrays.vpr"),
    include_str!("../../tests/viper/backend/loops.vpr"),
    include_str!("../../tests/viper/frontend/consistency_trigger_variables.vpr"),
];

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let text = match data.first() {
        // Raw text: the parser's robustness.
        Some(0) => String::from_utf8_lossy(&data[1..]).into_owned(),
        Some(1) => {
            let corpus: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
            vipergen::mutated(&mut u, &corpus).unwrap_or_default()
        }
        _ => vipergen::program(&mut u).unwrap_or_default(),
    };
    if let Err(why) = vipergen::check(&text) {
        panic!("{why}\n--- input\n{text}");
    }
});
