//! `ompv witness FILE.c [-- ARGS…]`: runs the program once under ompv's model of OpenMP and
//! reports the data races of that execution, each as a pair of accesses in DataRaceBench's form
//! (`a[i+1]@12:10:R vs. a[i]@12:5:W`) with the witness in words. A race reported is real: the
//! two accesses happen in an execution OpenMP allows, unordered. No race is not a proof.
//!
//! Exit codes: 1 races found, 0 no race in this execution, 3 inconclusive (the run could not be
//! completed in the model: the reason and where), 2 input errors.

use super::encode::failure_report;
use super::inputs;
use super::run::print_report;
use crate::cli::{Format, WitnessArgs, WitnessFormat, WitnessSchedule};
use crate::exit::ExitCode;
use crate::exit::Verdict;
use crate::output;
use crate::report::{FileReport, Problem, Severity};
use openmp::replay::{self, ReplayConfig, ReplayOutcome, Unspecified};
use std::time::Instant;
use viper::{SourceMap, Span};

/// The outcome as a report in `ompv verify`'s shape: the races as errors (verdict `failed`,
/// `race_free` false), a run that could not finish as a warning at where it stopped, and no
/// race as a note (verdict `unknown`: one execution proves nothing; the exit code stays 0).
fn report(
    name: &str,
    sources: SourceMap,
    outcome: &ReplayOutcome,
    time: std::time::Duration,
) -> FileReport {
    let mut r = FileReport::new(name, sources, Verdict::Unknown);
    r.time = time;
    match outcome {
        ReplayOutcome::Races(ps) => {
            r.verdict = Verdict::Failed;
            r.race_free = Some(false);
            r.problems = ps.iter().map(super::settle::problem).collect();
        }
        ReplayOutcome::NoRaceObserved { steps } => r.notes.push(format!(
            "no race in this execution; not a proof ({steps} steps)"
        )),
        ReplayOutcome::Inconclusive { reason, span } => {
            r.problems.push(inconclusive(reason, *span));
        }
    }
    r
}

/// The warning on a run that could not be completed in the model.
fn inconclusive(reason: &str, span: Option<Span>) -> Problem {
    let mut p = Problem::error(
        "inconclusive",
        "replay.inconclusive",
        span.unwrap_or(Span::DUMMY),
        reason.to_string(),
    );
    p.severity = Severity::Warning;
    p
}

pub fn run(args: &WitnessArgs) -> ExitCode {
    let start = Instant::now();
    let input = inputs::one_c_file(&args.file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let program = match super::input::load_with(&input, &args.build, &mut sources, openmp::parse_c)
    {
        Ok(read) => {
            super::input::print_warnings(&name, &read.warnings);
            read.program
        }
        Err(failures) => {
            let r = failure_report(&name, sources, &failures);
            let format = match args.format {
                WitnessFormat::Text => Format::Text,
                WitnessFormat::Json => Format::Json,
            };
            print_report(&r, format);
            return ExitCode::InputError;
        }
    };
    let defaults = ReplayConfig::default();
    let cfg = ReplayConfig {
        team_size: args.threads,
        max_steps: args.max_steps.unwrap_or(defaults.max_steps),
        max_cells: args.max_cells.unwrap_or(defaults.max_cells),
        args: args.args.clone(),
        schedule: match args.schedule {
            WitnessSchedule::RoundRobin => Unspecified::RoundRobin,
            WitnessSchedule::Blocks => Unspecified::Blocks,
        },
    };
    let outcome = replay::replay(&program, &sources, &cfg);
    let time_ms = start.elapsed().as_millis();
    let code = match &outcome {
        ReplayOutcome::Races(_) => ExitCode::Failed,
        ReplayOutcome::NoRaceObserved { .. } => ExitCode::Verified,
        ReplayOutcome::Inconclusive { .. } => ExitCode::Unknown,
    };
    match args.format {
        WitnessFormat::Json => {
            let r = report(&name, sources, &outcome, start.elapsed());
            output::outln(&output::json::file_line(&r));
        }
        WitnessFormat::Text => match &outcome {
            ReplayOutcome::Races(ps) => {
                for p in ps {
                    output::outln(&format!("{name}: race on {}: {}", p.location, p.drb()));
                    output::outln(&format!("  {}", p.words()));
                }
                output::outln(&format!(
                    "{name}: {} racing pair{} found in one execution ({time_ms} ms)",
                    ps.len(),
                    if ps.len() == 1 { "" } else { "s" }
                ));
            }
            ReplayOutcome::NoRaceObserved { steps } => output::outln(&format!(
                "{name}: no race in this execution; not a proof ({steps} steps, {time_ms} ms)"
            )),
            ReplayOutcome::Inconclusive { reason, span } => {
                let p = inconclusive(reason, *span);
                let c = output::color::get();
                output::err_bytes(&output::text::diagnostics(&sources, &[p], c.stderr));
                let at = span.map_or(String::new(), |s| {
                    format!(" at line {}:{}", s.line, s.column)
                });
                output::outln(&format!(
                    "{name}: inconclusive: no race found before the run stopped{at} ({time_ms} ms)"
                ));
            }
        },
    }
    code
}
