//! Checking input files in child processes. A crash that no `catch_unwind` can stop — Z3 dying
//! of a signal inside `Z3_solver_check`, an abort in C++ code, running out of memory — then ends
//! only the check of the file it happened in: the other files of the run still get their
//! answers, and the crashed one gets an error naming the obligations the solver was checking.
//!
//! The parent runs its own executable again with the same arguments, as a [`worker`] per job.
//! A worker reads the paths of the files to check, one JSON string a line, on standard input,
//! and writes on standard output a line per obligation it starts and ends ([`progress`]) and
//! each file's report as one JSON line ([`wire`]). When a worker dies, the file it was
//! checking gets the crash as its report, and a new worker takes the files after it. Standard
//! input as an input (`-`) is checked by a child of its own that reads it
//! ([`CHILD_STDIN`]). Diagnostics of children (`OMPV_LOG`) go to the shared standard error.
//!
//! `OMPV_IN_PROCESS=1` checks every file in the ompv process itself (for a debugger).

pub mod job;
mod lines;
pub mod outcome;
pub mod progress;
mod signal;
mod spawn;
pub mod wire;
pub mod worker;

use crate::input::Input;
use crate::report::FileReport;
use lines::{Lines, Waited};
use outcome::{not_checked, outcome};
use spawn::child;
pub use spawn::{CHILD_STDIN, CHILD_WORKER};
use std::process::Stdio;
use std::time::Duration;

/// What this process is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The process the user started.
    Parent,
    /// A worker checking the files its parent names.
    Worker,
    /// A child checking standard input.
    StdinChild,
}

/// This process's role, from its environment.
pub fn role() -> Role {
    if std::env::var_os(CHILD_WORKER).is_some() {
        Role::Worker
    } else if std::env::var_os(CHILD_STDIN).is_some() {
        Role::StdinChild
    } else {
        Role::Parent
    }
}

/// Whether files are checked in child processes: in the parent, unless `OMPV_IN_PROCESS=1`
/// asks for one process.
pub fn enabled() -> bool {
    role() == Role::Parent && std::env::var("OMPV_IN_PROCESS").map_or(true, |v| v != "1")
}

/// Checks standard input in a child process that inherits it, for at most `limit`.
pub fn check_stdin_in_child(limit: Option<Duration>) -> FileReport {
    let name = Input::Stdin.name();
    let mut child = match child(CHILD_STDIN, Stdio::inherit()) {
        Ok(c) => c,
        Err(e) => return not_checked(&name, e),
    };
    let waited = match child.stdout.take() {
        Some(stdout) => Lines::of(stdout).report(limit),
        None => Waited::Ended(Vec::new()),
    };
    outcome(&name, &mut child, waited, limit)
}
