//! Writing results: results go to standard output, diagnostics to standard error (as rustc and
//! cargo do). A closed pipe (`ompv … | head`) ends the output quietly; it never panics and
//! never changes the exit code.
//!
//! - [`color`]: whether each stream is coloured (`--color`, `NO_COLOR`, a terminal check);
//! - [`text`]: rustc-style diagnostics, verdict lines and the summary of many files;
//! - [`json`]: one JSON object per file (JSON Lines for many files);
//! - [`sarif`]: one SARIF 2.1.0 log for all files.

pub mod color;
pub mod json;
pub mod sarif;
pub mod text;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);
static STDERR_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `s` to a stream unless it was found closed; a write error closes it for the rest of
/// the run (the reader went away: nothing more can be said there).
fn write_to(closed: &AtomicBool, mut w: impl Write, s: &[u8]) {
    if closed.load(Ordering::Relaxed) {
        return;
    }
    if w.write_all(s).and_then(|_| w.flush()).is_err() {
        closed.store(true, Ordering::Relaxed);
    }
}

/// Writes to standard output (results).
pub fn out(s: &str) {
    write_to(&STDOUT_CLOSED, std::io::stdout().lock(), s.as_bytes());
}

/// Writes a line to standard output.
pub fn outln(s: &str) {
    out(&format!("{s}\n"));
}

/// Writes raw bytes to standard error (diagnostics).
pub fn err_bytes(s: &[u8]) {
    write_to(&STDERR_CLOSED, std::io::stderr().lock(), s);
}

/// Writes a line to standard error.
pub fn errln(s: &str) {
    err_bytes(format!("{s}\n").as_bytes());
}
