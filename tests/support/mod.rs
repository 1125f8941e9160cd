//! Helpers shared by the integration tests (each test file includes this with `mod support;`).
// Not every test file uses every helper.
#![allow(dead_code)]

pub mod annotations;
pub mod edits;

use std::path::{Path, PathBuf};

/// The repository root (where `Cargo.toml` of the `ompv` package is).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// All `.vpr` files under `dir`, recursively, in a stable order.
pub fn vpr_files(dir: &Path) -> Vec<PathBuf> {
    files_ending(dir, "vpr")
}

/// All files with extension `ext` under `dir`, recursively, in a stable order.
pub fn files_ending(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, ext, &mut out);
    out.sort();
    out
}

fn collect(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The path relative to the repository root, for messages.
pub fn display(path: &Path) -> String {
    path.strip_prefix(repo_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A deterministic PRNG (splitmix64) filling fuzzer byte buffers, for the fuzz tests.
pub fn fuzz_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut s = seed;
    (0..len)
        .map(|_| {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as u8
        })
        .collect()
}

/// The fuzz tests' run: `OMPV_FUZZ_SECONDS` (a time budget; without it, the short run) and the
/// first seed (`OMPV_FUZZ_SEED`; else the clock for a timed run, 1 for the short one).
pub fn fuzz_run() -> (Option<std::time::Duration>, u64) {
    let budget = std::env::var("OMPV_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map(std::time::Duration::from_secs);
    let first = std::env::var("OMPV_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| match budget {
            Some(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            None => 1,
        });
    (budget, first)
}
