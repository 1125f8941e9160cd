//! Benchmark of `ompv verify` on every example, on every program of `tests/c/functional`
//! that verifies (reductions, critical sections, locks) and on every race-free program without
//! annotations of `tests/c/races` (the whole command: reading, inferring, lowering, verifying
//! all obligations in parallel, reporting). Run with `cargo bench --bench verify_examples`, or
//! for some programs `cargo bench --bench verify_examples -- flat_`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The C files of `dir` (relative to the repository) whose text passes `keep`.
fn programs(dir: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<String> = std::fs::read_dir(root.join(dir))
        .expect("a directory of programs")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".c"))
        .filter(|n| keep(&std::fs::read_to_string(root.join(dir).join(n)).unwrap_or_default()))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    v.sort();
    v
}

fn verify(c: &mut Criterion) {
    let mut g = c.benchmark_group("ompv_verify");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    let mut files = programs("examples", |_| true);
    files.extend(programs("tests/c/functional", |text| {
        text.starts_with("// expect: verified")
    }));
    files.extend(programs("tests/c/races", |text| {
        text.starts_with("// expect: race-free")
    }));
    for file in files {
        // Programs without annotations keep their directory in the name (some share a file
        // name with an annotated program).
        let name = match file.strip_prefix("tests/c/races/") {
            Some(rest) => format!("races/{rest}"),
            None => file.rsplit('/').next().unwrap_or(&file).to_string(),
        };
        g.bench_function(name.trim_end_matches(".c"), |b| {
            b.iter(|| {
                let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
                    // Every proof found again: no cache shared between runs or tests.
                    .env("OMPV_NO_CACHE", "1")
                    .args(["verify", &file])
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .output()
                    .expect("ompv runs");
                assert!(out.status.code().is_some());
            })
        });
    }
    g.finish();
}

criterion_group!(benches, verify);
criterion_main!(benches);
