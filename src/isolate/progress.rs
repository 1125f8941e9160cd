//! The child's progress on standard output: a line when the verifier starts an obligation (a
//! member of the Viper program) and one when it is done, so that the parent can name what was
//! being checked when the child crashed. The lines come from the verifier's `tracing` span per
//! member ([`viper::verifier::MEMBER_SPAN_TARGET`]), read by a layer of this process's
//! subscriber.

use std::fmt::Write as _;
use std::io::Write;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::registry::LookupSpan;

pub(super) const START: &str = "ompv-progress start ";
pub(super) const END: &str = "ompv-progress end ";

/// Makes a child abort (`SIGABRT`) when it starts the obligation this variable names, as a
/// crash in Z3 would end it: `tests/cli/isolation.rs` checks what the run then reports.
pub const ABORT_IN: &str = "OMPV_TEST_ABORT_IN";

/// Makes a child hang when it starts the obligation this variable names, as a solver query
/// that never ends would: for the tests of `--file-timeout` and Ctrl-C.
pub const HANG_IN: &str = "OMPV_TEST_HANG_IN";

/// Whether a test hook ([`ABORT_IN`], [`HANG_IN`]) is set.
pub fn test_hooks() -> bool {
    std::env::var_os(ABORT_IN).is_some() || std::env::var_os(HANG_IN).is_some()
}

/// The layer that writes the progress lines (and runs the test hooks).
pub struct Progress {
    /// Whether to write the lines (in a child); else only the hooks run.
    pub lines: bool,
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Progress {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, _: Context<'_, S>) {
        let mut name = MemberName(String::new());
        attrs.record(&mut name);
        if self.lines {
            line(&format!("{START}{} {}\n", id.into_u64(), name.0));
        }
        // For the tests of crash isolation: a native crash while this obligation is checked.
        if std::env::var_os(ABORT_IN).is_some_and(|m| m == name.0.as_str()) {
            std::process::abort();
        }
        if std::env::var_os(HANG_IN).is_some_and(|m| m == name.0.as_str()) {
            loop {
                std::thread::park();
            }
        }
    }

    fn on_close(&self, id: Id, _: Context<'_, S>) {
        if !self.lines {
            return;
        }
        line(&format!("{END}{}\n", id.into_u64()));
    }
}

/// Written at once: a crash right after must not lose it.
fn line(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// The span's `name` field.
struct MemberName(String);

impl Visit for MemberName {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "name" {
            self.0 = value.to_string();
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "name" {
            let _ = write!(self.0, "{value:?}");
        }
    }
}

/// The obligations started and not ended in lines of a child's output, in the order they
/// started.
pub fn running<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut open: Vec<(&str, &str)> = Vec::new();
    for l in lines {
        if let Some(rest) = l.strip_prefix(START) {
            let (id, name) = rest.split_once(' ').unwrap_or((rest, ""));
            open.push((id, name));
        } else if let Some(id) = l.strip_prefix(END) {
            open.retain(|(o, _)| *o != id);
        }
    }
    open.into_iter().map(|(_, n)| n.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_obligations_are_those_started_and_not_ended() {
        let out = format!(
            "{START}1 main\n{START}2 par_1\n{END}1\nnoise\n{START}3 par_2\n{END}3\n{START}1 f\n"
        );
        assert_eq!(running(out.lines()), ["par_1", "f"]);
        assert!(running("".lines()).is_empty());
    }
}
