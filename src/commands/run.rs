//! Running a command over many inputs: files are checked in parallel, reports are printed in
//! the order of the inputs as soon as they are ready (a progress bar on a terminal meanwhile),
//! then a summary; the exit code is the worst verdict's. Each file is checked in a child
//! process of its own ([`crate::isolate`]); a child checks its one file and sends the report.

use crate::cli::{Format, OutputArgs};
use crate::exit::{ExitCode, Verdict};
use crate::input::Input;
use crate::isolate;
use crate::isolate::worker::Worker;
use crate::output::{self, color, json, sarif, text};
use crate::report::{FileReport, Problem};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use viper::SourceMap;

/// Stack of the file workers: the front end and the lowering recurse over the program.
const STACK: usize = 256 << 20;

/// Checks every input with `check` and prints the reports as `out` asks. After a Ctrl-C
/// ([`crate::interrupt`]) no new file is started; the reports so far are printed, and the
/// exit code is 130.
pub fn run_all(
    inputs: &[Input],
    out: &OutputArgs,
    check: impl Fn(&Input) -> FileReport + Sync,
) -> ExitCode {
    let start = Instant::now();
    let (format, max_errors) = (out.format, out.max_errors());
    let bar = progress(inputs);
    let in_process = |input: &Input| -> FileReport {
        let mut r = match input {
            Input::Invalid { name, why } => usage_error(name, why),
            _ => catch_unwind(AssertUnwindSafe(|| check(input)))
                .unwrap_or_else(|_| crashed(&input.name())),
        };
        r.limit_errors(max_errors);
        r.mark_uncertain();
        r
    };
    match isolate::role() {
        isolate::Role::Worker => {
            on_big_stack(|| isolate::worker::serve(in_process));
            return ExitCode::Verified;
        }
        isolate::Role::StdinChild => {
            let r = on_big_stack(|| in_process(&Input::Stdin));
            let code = r.verdict.exit_code();
            isolate::wire::send(&r);
            return code;
        }
        isolate::Role::Parent => {}
    }
    let isolated = isolate::enabled();
    crate::interrupt::install(isolated);
    let jobs = out.jobs().min(inputs.len()).max(1);
    let limit = out.file_timeout();
    if limit.is_some() && !isolated {
        let warning = color::paint(color::get().stderr, "1;33", "warning");
        output::errln(&format!(
            "{warning}: `--file-timeout` is not enforced with OMPV_IN_PROCESS=1"
        ));
    }
    let mut reports: Vec<FileReport> = Vec::with_capacity(inputs.len());
    let (tx, rx) = mpsc::channel::<(usize, FileReport)>();
    let next = AtomicUsize::new(0);
    let run = Workers {
        next: &next,
        inputs,
        check: &in_process,
        limit,
    };
    std::thread::scope(|scope| {
        if isolated {
            for _ in 0..jobs {
                let (run, tx) = (&run, tx.clone());
                scope.spawn(move || run.work(tx));
            }
            drop(tx);
        } else {
            scope.spawn(move || in_this_process(inputs, jobs, &in_process, tx));
        }
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
            if let Some(waiting) = inputs.get(next) {
                bar.set_message(waiting.name());
            }
        }
    });
    bar.finish_and_clear();
    let interrupted = crate::interrupt::requested();
    if interrupted {
        output::errln(&format!(
            "interrupted: {} of {} files checked",
            reports
                .iter()
                .filter(|r| !isolate::outcome::was_interrupted(r))
                .count(),
            inputs.len()
        ));
    }
    let worst = Verdict::worst(reports.iter().map(|r| r.verdict));
    match format {
        Format::Text if inputs.len() > 1 => output::out(&text::summary(
            &reports,
            start.elapsed(),
            interrupted,
            color::get().stdout,
        )),
        Format::Sarif => output::outln(&sarif::render(&reports)),
        _ => {}
    }
    if interrupted {
        ExitCode::Interrupted
    } else {
        worst.exit_code()
    }
}

/// Runs `f` on a thread with the stack the checks need (the main thread's is too small).
pub fn on_big_stack<T: Send>(f: impl Fn() -> T + Sync) -> T {
    let f = &f;
    std::thread::scope(|s| {
        let big = std::thread::Builder::new()
            .stack_size(STACK)
            .name("ompv-file".into())
            .spawn_scoped(s, f);
        match big {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(_) => f(),
        }
    })
}

/// Checks the inputs in this process, in parallel, sending each report with its index.
fn in_this_process(
    inputs: &[Input],
    jobs: usize,
    check: &(impl Fn(&Input) -> FileReport + Sync),
    tx: mpsc::Sender<(usize, FileReport)>,
) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(STACK)
        .thread_name(|i| format!("ompv-file-{i}"))
        .build();
    let work = |tx: mpsc::Sender<(usize, FileReport)>| {
        inputs
            .par_iter()
            .enumerate()
            .for_each_with(tx, |tx, (i, input)| {
                let _ = tx.send((i, check(input)));
            })
    };
    match pool {
        Ok(p) => p.install(|| work(tx)),
        Err(_) => work(tx),
    }
}

/// The inputs checked in worker processes, one per job, each taking the next file when it is
/// done with one; a worker that dies is replaced (see [`crate::isolate`]). Arguments that name
/// no file are answered here.
struct Workers<'s, C> {
    /// The index of the next input to take.
    next: &'s AtomicUsize,
    inputs: &'s [Input],
    check: &'s C,
    /// `--file-timeout`.
    limit: Option<Duration>,
}

impl<C: Fn(&Input) -> FileReport + Sync> Workers<'_, C> {
    /// One job's loop: takes inputs until there are none or the run is interrupted, sending
    /// each report with its index. Inputs are taken in order, so the reports sent are always
    /// those of the first inputs.
    fn work(&self, tx: mpsc::Sender<(usize, FileReport)>) {
        let mut worker: Option<Worker> = None;
        while !crate::interrupt::requested() {
            let i = self.next.fetch_add(1, Ordering::SeqCst);
            let Some(input) = self.inputs.get(i) else {
                break;
            };
            let r = match input {
                Input::File(path) => {
                    let w = match worker.take() {
                        Some(w) => Ok(w),
                        None => Worker::start(),
                    };
                    match w {
                        Ok(mut w) => {
                            let r = w.check(path, &input.name(), self.limit);
                            // A worker that crashed or was stopped is replaced.
                            if !w.spent() {
                                worker = Some(w);
                            }
                            r
                        }
                        Err(e) => isolate::outcome::not_checked(&input.name(), e),
                    }
                }
                Input::Stdin => isolate::check_stdin_in_child(self.limit),
                Input::Invalid { .. } => (self.check)(input),
            };
            let _ = tx.send((i, r));
        }
    }
}

/// How often the progress bar is redrawn while no file finishes, so that its clock runs.
const TICK: Duration = Duration::from_millis(250);

/// A progress bar on standard error when it is a terminal and there is more than one file. It
/// names the first file whose report is still to come: the one the printed output waits for.
fn progress(inputs: &[Input]) -> ProgressBar {
    if inputs.len() < 2 {
        return ProgressBar::hidden();
    }
    let bar =
        ProgressBar::with_draw_target(Some(inputs.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} files {elapsed} {wide_msg}")
    {
        bar.set_style(style);
    }
    bar.set_message(inputs[0].name());
    // Hidden when standard error is not a terminal, where it draws nothing and ticks never.
    if !bar.is_hidden() {
        bar.enable_steady_tick(TICK);
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
