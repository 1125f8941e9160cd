//! A child's standard output, line by line, waited for with a time limit and with an eye on
//! Ctrl-C: its progress lines until its report comes.

use super::wire;
use crate::report::FileReport;
use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
