//! A worker process, from both sides: the parent hands a [`Worker`] one file at a time, and the
//! child [`serve`]s the files named on its standard input.

use super::lines::{Lines, Waited};
use super::outcome::{failed, not_checked, outcome};
use super::spawn::{child, path_line, path_of_line, CHILD_WORKER};
use super::wire;
use crate::input::Input;
use crate::report::FileReport;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::time::Duration;

/// A running worker, seen from the parent.
pub struct Worker {
    child: Child,
    /// `None` once closed (when the worker is dropped).
    stdin: Option<ChildStdin>,
    /// Whether the worker died or was stopped (it checks nothing more).
    spent: bool,
    stdout: Lines,
}

impl Worker {
    /// Starts a worker.
    pub fn start() -> std::io::Result<Worker> {
        let mut child = child(CHILD_WORKER, Stdio::piped())?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(std::io::Error::other("the worker has no pipes"));
        };
        Ok(Worker {
            child,
            stdin: Some(stdin),
            spent: false,
            stdout: Lines::of(stdout),
        })
    }

    /// Checks the file at `path` (named `name` in reports), for at most `limit`. When the
    /// worker dies checking it, runs out of time or is interrupted, the report says so and the
    /// worker is [spent](Worker::spent).
    pub fn check(&mut self, path: &Path, name: &str, limit: Option<Duration>) -> FileReport {
        let Some(line) = path_line(path) else {
            return not_checked(name, std::io::Error::other("the path is not valid Unicode"));
        };
        let sent = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        let waited = match sent {
            Ok(()) => self.stdout.report(limit),
            Err(_) => Waited::Ended(Vec::new()),
        };
        if !matches!(waited, Waited::Report(_)) {
            self.spent = true;
        }
        outcome(name, &mut self.child, waited, limit)
    }

    /// Whether the worker died.
    pub fn spent(&self) -> bool {
        self.spent
    }
}

impl Drop for Worker {
    /// Closing its standard input ends the worker's loop; then it is waited for.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// The worker's loop: checks each file named on standard input with `check` and sends its
/// report, until standard input ends.
pub fn serve(check: impl Fn(&Input) -> FileReport) {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let report = match path_of_line(&line) {
            Some(path) => check(&Input::File(path.into())),
            None => failed(&line, "the worker was sent no path".into()),
        };
        wire::send(&report);
    }
}
