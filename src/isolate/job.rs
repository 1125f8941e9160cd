//! One file checked in a worker of its own that another thread can stop: `ompv lsp` starts a
//! [`Job`] when a file is opened or saved and [cancels](Cancel::cancel) it when the file changes.

use super::lines::Lines;
use super::outcome::{not_checked, outcome};
use super::spawn::{child_with, path_line, CHILD_WORKER};
use crate::report::FileReport;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A check of one file in a worker started with the arguments of a `verify` command.
pub struct Job {
    child: Arc<Mutex<Child>>,
    cancelled: Arc<AtomicBool>,
    lines: Lines,
    name: String,
}

/// Stops a [`Job`] from another thread.
#[derive(Clone)]
pub struct Cancel {
    child: Arc<Mutex<Child>>,
    cancelled: Arc<AtomicBool>,
}

impl Cancel {
    /// Kills the job's worker; its [`Job::wait`] then returns `None`.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        if let Ok(mut child) = self.child.lock() {
            let _ = child.kill();
        }
    }
}

impl Job {
    /// Starts a worker with `verify_args` (a `verify` command line, without the program name)
    /// and sends it `path`; `name` names the file in the report.
    pub fn start(
        verify_args: Vec<OsString>,
        path: &Path,
        name: &str,
    ) -> Result<(Job, Cancel), Box<FileReport>> {
        let Some(line) = path_line(path) else {
            return Err(Box::new(not_checked(
                name,
                std::io::Error::other("the path is not valid Unicode"),
            )));
        };
        let mut child = child_with(verify_args, CHILD_WORKER, Stdio::piped())
            .map_err(|e| Box::new(not_checked(name, e)))?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Box::new(not_checked(
                name,
                std::io::Error::other("the worker has no pipes"),
            )));
        };
        // One file: closing standard input after it ends the worker once it has answered.
        let sent = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
        drop(stdin);
        if let Err(e) = sent {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Box::new(not_checked(name, e)));
        }
        let child = Arc::new(Mutex::new(child));
        let cancelled = Arc::new(AtomicBool::new(false));
        let cancel = Cancel {
            child: child.clone(),
            cancelled: cancelled.clone(),
        };
        let job = Job {
            child,
            cancelled,
            lines: Lines::of(stdout),
            name: name.to_string(),
        };
        Ok((job, cancel))
    }

    /// The report, waiting at most `limit`; `None` when the job was cancelled.
    pub fn wait(self, limit: Option<Duration>) -> Option<FileReport> {
        let waited = self.lines.report(limit);
        if self.cancelled.load(Ordering::SeqCst) {
            let mut child = self.child.lock().ok()?;
            let _ = child.wait();
            return None;
        }
        let mut child = self.child.lock().ok()?;
        let report = outcome(&self.name, &mut child, waited, limit);
        let _ = child.wait();
        (!self.cancelled.load(Ordering::SeqCst)).then_some(report)
    }
}
