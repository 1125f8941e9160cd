//! Benchmark of `ompv verify` on every example (the whole command: reading, lowering, verifying
//! all obligations in parallel, reporting). Run with
//! `cargo bench --bench verify_examples`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("examples/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".c"))
        .collect();
    v.sort();
    v
}

fn verify(c: &mut Criterion) {
    let mut g = c.benchmark_group("ompv_verify");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    for name in examples() {
        let file = format!("examples/{name}");
        g.bench_function(name.trim_end_matches(".c"), |b| {
            b.iter(|| {
                let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
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
