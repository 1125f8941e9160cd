//! A worker process, from both sides: the parent hands a [`Worker`] one file at a time, and the
//! child [`serve`]s the files named on its standard input.

use super::{not_checked, path_line, path_of_line, wire, CHILD_WORKER};
use crate::input::Input;
use crate::report::FileReport;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
        let mut child = super::child(CHILD_WORKER, Stdio::piped())?;
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
        super::outcome(name, &mut self.child, waited, limit)
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

/// How waiting for a child's report ended.
pub(super) enum Waited {
    Report(Box<FileReport>),
    /// The child's output ended without a report; its progress lines.
    Ended(Vec<String>),
    /// The time limit passed; the progress lines so far.
    TimedOut(Vec<String>),
    /// Ctrl-C.
    Interrupted,
}

/// The lines of a child's standard output, read on a thread of their own so that the parent
/// can wait for them with a time limit and notice a Ctrl-C.
pub(super) struct Lines(mpsc::Receiver<String>);

/// How often a parent waiting for a report looks whether the run was interrupted.
const POLL: Duration = Duration::from_millis(50);

impl Lines {
    pub(super) fn of(stdout: impl Read + Send + 'static) -> Lines {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Lines(rx)
    }

    /// Waits for the next report, for at most `limit`.
    pub(super) fn report(&self, limit: Option<Duration>) -> Waited {
        let deadline = limit.map(|l| Instant::now() + l);
        let mut progress = Vec::new();
        loop {
            if crate::interrupt::requested() {
                return Waited::Interrupted;
            }
            let wait = match deadline {
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(left) => left.min(POLL),
                    None => return Waited::TimedOut(progress),
                },
                None => POLL,
            };
            match self.0.recv_timeout(wait) {
                Ok(line) => match wire::report_in(&line) {
                    Some(r) => return Waited::Report(Box::new(r)),
                    None => progress.push(line),
                },
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Waited::Ended(progress),
            }
        }
    }
}

/// The worker's loop: checks each file named on standard input with `check` and sends its
/// report, until standard input ends.
pub fn serve(check: impl Fn(&Input) -> FileReport) {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let report = match path_of_line(&line) {
            Some(path) => check(&Input::File(path.into())),
            None => super::failed(&line, "the worker was sent no path".into()),
        };
        wire::send(&report);
    }
}
