//! A file's report from how its child ended: the report it sent, or what stopped it (a crash,
//! the time limit, Ctrl-C, a child that could not start).

use super::lines::Waited;
use super::{progress, signal};
use crate::exit::Verdict;
use crate::report::{FileReport, Problem};
use std::process::Child;
use std::time::Duration;
use viper::{SourceMap, Span};

/// The report on `name` once waiting for its child's report ended: the report itself, or why
/// there is none. A child that is still running is killed.
pub(super) fn outcome(
    name: &str,
    child: &mut Child,
    waited: Waited,
    limit: Option<Duration>,
) -> FileReport {
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
pub(super) fn interrupted(name: &str) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Unknown);
    r.notes.push(INTERRUPTED.into());
    r
}

/// Whether the check of this report's file was stopped by Ctrl-C.
pub fn was_interrupted(r: &FileReport) -> bool {
    r.notes.iter().any(|n| n == INTERRUPTED)
}

/// The report on a file whose check ran out of `--file-timeout`: `unknown`, never a verdict.
pub(super) fn timed_out(name: &str, limit: Duration, running: &[String]) -> FileReport {
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
pub(super) fn quoted(names: &[String]) -> String {
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
pub(super) fn crashed(
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
pub(super) fn failed(name: &str, message: String) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Error);
    r.problems.push(Problem::error(
        "internal",
        "internal.crash",
        Span::DUMMY,
        message,
    ));
    r
}
