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
pub mod progress;
mod signal;
pub mod wire;
pub mod worker;

use crate::exit::Verdict;
use crate::input::Input;
use crate::report::{FileReport, Problem};
use std::ffi::OsString;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use viper::{SourceMap, Span};
use worker::Waited;

/// Set (to `1`) in a worker: it checks the files named on its standard input.
pub const CHILD_WORKER: &str = "OMPV_CHILD_WORKER";
/// Set (to `1`) in the child that checks standard input.
pub const CHILD_STDIN: &str = "OMPV_CHILD_STDIN";

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

/// A child process of this executable with the same arguments and `var` set.
fn child(var: &str, stdin: Stdio) -> std::io::Result<std::process::Child> {
    child_with(std::env::args_os().skip(1), var, stdin)
}

/// A child process of this executable with the arguments `args` and `var` set.
fn child_with(
    args: impl IntoIterator<Item = OsString>,
    var: &str,
    stdin: Stdio,
) -> std::io::Result<std::process::Child> {
    Command::new(std::env::current_exe()?)
        .args(args)
        .env(var, "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
}

/// Checks standard input in a child process that inherits it, for at most `limit`.
pub fn check_stdin_in_child(limit: Option<Duration>) -> FileReport {
    let name = Input::Stdin.name();
    let mut child = match child(CHILD_STDIN, Stdio::inherit()) {
        Ok(c) => c,
        Err(e) => return not_checked(&name, e),
    };
    let waited = match child.stdout.take() {
        Some(stdout) => worker::Lines::of(stdout).report(limit),
        None => Waited::Ended(Vec::new()),
    };
    outcome(&name, &mut child, waited, limit)
}

/// The report on `name` once waiting for its child's report ended: the report itself, or why
/// there is none. A child that is still running is killed.
fn outcome(name: &str, child: &mut Child, waited: Waited, limit: Option<Duration>) -> FileReport {
    match waited {
        Waited::Report(r) => *r,
        Waited::Interrupted => {
            let _ = child.kill();
            let _ = child.wait();
            interrupted(name)
        }
        Waited::TimedOut(progress) => {
            let _ = child.kill();
            let _ = child.wait();
            let running = progress::running(progress.iter().map(String::as_str));
            timed_out(name, limit.unwrap_or_default(), &running)
        }
        Waited::Ended(progress) => {
            let status = child.wait();
            if status.as_ref().is_ok_and(|s| signal::is_interrupt(*s)) {
                // A Ctrl-C at the terminal reached the child, maybe before ompv.
                crate::interrupt::request();
                return interrupted(name);
            }
            let running = progress::running(progress.iter().map(String::as_str));
            crashed(name, status, &running)
        }
    }
}

/// The note on a file whose check was stopped by Ctrl-C.
const INTERRUPTED: &str = "interrupted (Ctrl-C) before its check finished";

/// The report on a file whose check was stopped by Ctrl-C: `unknown`.
fn interrupted(name: &str) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Unknown);
    r.notes.push(INTERRUPTED.into());
    r
}

/// Whether the check of this report's file was stopped by Ctrl-C.
pub fn was_interrupted(r: &FileReport) -> bool {
    r.notes.iter().any(|n| n == INTERRUPTED)
}

/// The report on a file whose check ran out of `--file-timeout`: `unknown`, never a verdict.
fn timed_out(name: &str, limit: Duration, running: &[String]) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Unknown);
    let what = match running {
        [] => String::new(),
        many => format!(" while the solver checked {}", quoted(many)),
    };
    r.notes.push(format!(
        "the check of {name} ran out of time{what}: it took longer than the time limit of a \
         file, {} s (`--file-timeout`)",
        limit.as_secs_f64()
    ));
    r.time = limit;
    r
}

/// `` `a`, `b` ``.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|m| format!("`{m}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The report on a file whose check could not start.
pub fn not_checked(name: &str, e: std::io::Error) -> FileReport {
    failed(name, format!("cannot start a process to check {name}: {e}"))
}

/// The report on a file whose child process ended without a report: how it ended, and which
/// obligations were being checked.
fn crashed(
    name: &str,
    status: std::io::Result<std::process::ExitStatus>,
    running: &[String],
) -> FileReport {
    let how = match status {
        Ok(s) => signal::describe(s),
        Err(e) => format!("could not be waited for ({e})"),
    };
    let what = match running {
        [] => format!("while checking {name}"),
        [one] => format!("while the solver checked obligation `{one}` of {name}"),
        many => format!(
            "while the solver checked the obligations {} of {name}",
            quoted(many)
        ),
    };
    let mut r = failed(
        name,
        format!("ompv crashed {what}: the process checking it {how}"),
    );
    r.problems[0].notes.push(
        "this is a bug of ompv or of its solver, Z3; please report it. The other files of the \
         run are not affected"
            .into(),
    );
    r
}

/// The report on a file whose check could not finish: an error, never a verdict.
fn failed(name: &str, message: String) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Error);
    r.problems.push(Problem::error(
        "internal",
        "internal.crash",
        Span::DUMMY,
        message,
    ));
    r
}

/// A path as a worker reads it: a JSON string, `None` when it is not Unicode.
fn path_line(path: &std::path::Path) -> Option<String> {
    path.to_str().and_then(|p| serde_json::to_string(p).ok())
}

/// A path line read back.
fn path_of_line(line: &str) -> Option<OsString> {
    serde_json::from_str::<String>(line)
        .ok()
        .map(OsString::from)
}
