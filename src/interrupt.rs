//! Ctrl-C. Z3's own SIGINT handler is off (`ctrl_c=false` in every solver: it is not
//! thread-safe), so ompv handles the signal: the first one stops the run — the worker processes
//! checking files are killed, which interrupts their solvers, no new file is started, and what
//! was decided so far is printed, with exit code 130 — and a second one exits at once.
//!
//! A worker process keeps the default action (SIGINT ends it), so a Ctrl-C at a terminal,
//! which reaches the whole process group, stops the workers' solvers at once too. With
//! `OMPV_IN_PROCESS=1` the solvers run in the ompv process, which cannot stop them safely: the
//! first Ctrl-C exits at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// The exit code of a run stopped by SIGINT (128 + the signal's number, as shells report it).
pub const EXIT_CODE: i32 = 130;

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler in the process the user started. `graceful`: files are checked in
/// worker processes, so the first Ctrl-C can stop the run and still print its answers.
pub fn install(graceful: bool) {
    let handler = move || {
        if !graceful || REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_CODE);
        }
    };
    if let Err(e) = ctrlc::set_handler(handler) {
        tracing::warn!("cannot handle Ctrl-C: {e}");
    }
}

/// Whether the run was asked to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Records that the run was asked to stop: a worker was ended by SIGINT (a Ctrl-C at the
/// terminal reaches it as it reaches ompv, and may do so first).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}
