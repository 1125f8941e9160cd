//! Where `verify` and `viper` keep the proofs of the native back end (see
//! `viper::verifier::Cache`): `--cache-dir`, else `proofs` in ompv's cache folder; none with
//! `--no-cache` or `OMPV_NO_CACHE` set.

use crate::cli::BackendArgs;
use viper::verifier::Cache;

/// The proof cache the arguments ask for, if any.
pub fn of(args: &BackendArgs) -> Option<Cache> {
    if args.no_cache || std::env::var_os("OMPV_NO_CACHE").is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let dir = args
        .cache_dir
        .clone()
        .or_else(|| openmp::source::cpp::user_cache_dir().map(|d| d.join("proofs")))?;
    Some(Cache { dir, tool: tool() })
}

/// This build of ompv: its version, commit, and the size and time of its executable (a build
/// from changed sources has the same commit but not the same executable).
fn tool() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| std::fs::metadata(p).ok())
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} bytes, modified {modified}", m.len())
        })
        .unwrap_or_else(|| "unknown executable".into());
    format!(
        "ompv {} (commit {}); {exe}",
        env!("CARGO_PKG_VERSION"),
        env!("OMPV_GIT_COMMIT")
    )
}
