//! Running a command over many inputs: files are checked in parallel, reports are printed in
//! the order of the inputs as soon as they are ready (a progress bar on a terminal meanwhile),
//! then a summary; the exit code is the worst verdict's.

use super::inputs::Input;
use crate::cli::Format;
use crate::exit::{ExitCode, Verdict};
use crate::output::{self, color, json, sarif, text};
use crate::report::{FileReport, Problem};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Instant;
use viper::SourceMap;

/// Stack of the file workers: the front end and the lowering recurse over the program.
const STACK: usize = 256 << 20;

/// Checks every input with `check` and prints the reports in `format`.
pub fn run_all(
    inputs: &[Input],
    format: Format,
    max_errors: Option<usize>,
    check: impl Fn(&Input) -> FileReport + Sync,
) -> ExitCode {
    let start = Instant::now();
    let bar = progress(inputs.len());
    let check_one = |input: &Input| -> FileReport {
        let mut r = match input {
            Input::Invalid { name, why } => usage_error(name, why),
            _ => catch_unwind(AssertUnwindSafe(|| check(input)))
                .unwrap_or_else(|_| crashed(&input.name())),
        };
        r.limit_errors(max_errors);
        r
    };
    let mut reports: Vec<FileReport> = Vec::with_capacity(inputs.len());
    let (tx, rx) = mpsc::channel::<(usize, FileReport)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let pool = rayon::ThreadPoolBuilder::new()
                .stack_size(STACK)
                .thread_name(|i| format!("ompv-file-{i}"))
                .build();
            let work = |tx: mpsc::Sender<(usize, FileReport)>| {
                inputs
                    .par_iter()
                    .enumerate()
                    .for_each_with(tx, |tx, (i, input)| {
                        let _ = tx.send((i, check_one(input)));
                    })
            };
            match pool {
                Ok(p) => p.install(|| work(tx)),
                Err(_) => work(tx),
            }
        });
        // Print in input order as reports arrive.
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            bar.inc(1);
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                bar.suspend(|| print_report(&r, format));
                reports.push(r);
                next += 1;
            }
        }
    });
    bar.finish_and_clear();
    let worst = Verdict::worst(reports.iter().map(|r| r.verdict));
    match format {
        Format::Text if reports.len() > 1 => output::out(&text::summary(
            &reports,
            start.elapsed(),
            color::get().stdout,
        )),
        Format::Sarif => output::outln(&sarif::render(&reports)),
        _ => {}
    }
    worst.exit_code()
}

/// A progress bar on standard error when it is a terminal and there is more than one file.
fn progress(n: usize) -> ProgressBar {
    if n < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(n as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// Prints one file's report as soon as it is its turn.
pub fn print_report(r: &FileReport, format: Format) {
    let c = color::get();
    match format {
        Format::Text => {
            if let Some(program) = &r.emitted {
                output::out(program);
                return;
            }
            output::err_bytes(&text::diagnostics(&r.sources, &r.problems, c.stderr));
            for n in &r.notes {
                output::errln(&format!("{}: {n}", color::paint(c.stderr, "1;36", "note")));
            }
            output::outln(&text::verdict_line(r, c.stdout));
        }
        Format::Json => output::outln(&json::file_line(r)),
        Format::Sarif => {}
    }
}

/// The report on an argument that cannot be used.
fn usage_error(name: &str, why: &str) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Error);
    r.problems.push(Problem::usage(why));
    r
}

/// The report on a file whose check panicked (a bug of ompv): an error, never a verdict.
fn crashed(name: &str) -> FileReport {
    let mut r = FileReport::new(name, SourceMap::new(), Verdict::Error);
    r.problems.push(Problem::error(
        "internal",
        "internal.error",
        viper::Span::DUMMY,
        format!("ompv crashed while checking {name} (a bug of ompv; please report it)"),
    ));
    r
}
