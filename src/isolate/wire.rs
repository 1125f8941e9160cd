//! The child's report on standard output: one line, `ompv-report ` and the report as JSON.

use crate::report::FileReport;
use std::io::Write;

const PREFIX: &str = "ompv-report ";

/// Writes the report (the child's last line).
pub fn send(report: &FileReport) {
    let line = match serde_json::to_string(report) {
        Ok(json) => format!("{PREFIX}{json}\n"),
        // Nothing in a report fails to serialise; if it did, the parent says the check ended
        // without a report.
        Err(_) => return,
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(line.as_bytes());
    let _ = out.flush();
}

/// The report in a child's output, if it finished one.
pub fn report_in(output: &str) -> Option<FileReport> {
    output
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(PREFIX))
        .and_then(|json| serde_json::from_str(json).ok())
}
