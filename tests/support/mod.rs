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
