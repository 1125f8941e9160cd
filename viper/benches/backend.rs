//! Speed of the native back end on the test corpus (`tests/viper/backend` and `tests/viper/verify`).
//!
//! Besides Criterion's measurements (the whole corpus, and a few representative files), a
//! sequential pass prints the time of every member (method or function): its median, 90th
//! percentile and maximum, over all members of the corpus.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;
use viper::ast::Program;
use viper::verifier::{verify, VerifyOptions};
use viper::FileId;

fn vpr_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            vpr_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "vpr") {
            out.push(p);
        }
    }
}

/// The corpus files that parse, type-check and use only supported features.
fn corpus() -> Vec<(String, Program)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/viper");
    let mut files = Vec::new();
    vpr_files(&root.join("backend"), &mut files);
    vpr_files(&root.join("verify"), &mut files);
    let options = VerifyOptions::default();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let mut program = viper::parse(&text, FileId(0)).ok()?;
            viper::typecheck(&mut program).ok()?;
            verify(&program, &options).ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((name, program))
        })
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let k = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[k]
}

/// Verifies every file sequentially and prints statistics of the members' times.
fn member_times(files: &[(String, Program)]) {
    let options = VerifyOptions {
        parallel: false,
        ..VerifyOptions::default()
    };
    let mut times: Vec<(Duration, String)> = Vec::new();
    for (name, program) in files {
        if let Ok(result) = verify(program, &options) {
            for m in result.members {
                times.push((m.time, format!("{name}::{}", m.name)));
            }
        }
    }
    times.sort();
    let durations: Vec<Duration> = times.iter().map(|t| t.0).collect();
    eprintln!(
        "backend: {} files, {} members; per member: median {:.2?}, p90 {:.2?}, max {:.2?} ({})",
        files.len(),
        durations.len(),
        percentile(&durations, 0.5),
        percentile(&durations, 0.9),
        durations.last().copied().unwrap_or_default(),
        times.last().map(|t| t.1.as_str()).unwrap_or("-"),
    );
    for (d, name) in times.iter().rev().take(5) {
        eprintln!("  slowest: {d:.2?} {name}");
    }
}

fn backend(c: &mut Criterion) {
    let files = corpus();
    assert!(files.len() > 50, "only {} corpus files verify", files.len());
    // One warm-up pass (worker threads create their Z3 contexts), then the statistics.
    member_times(&files);
    member_times(&files);
    let mut group = c.benchmark_group("backend");
    group.sample_size(10);
    let options = VerifyOptions::default();
    group.bench_function("verify the corpus (parallel)", |b| {
        b.iter(|| {
            for (_, p) in &files {
                black_box(verify(black_box(p), &options).ok());
            }
        })
    });
    for wanted in ["qp_arrays.vpr", "loops.vpr", "calls_framing.vpr"] {
        if let Some((name, p)) = files.iter().find(|(n, _)| n == wanted) {
            group.bench_function(format!("verify {name}"), |b| {
                b.iter(|| black_box(verify(black_box(p), &options).ok()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, backend);
criterion_main!(benches);
