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
use crate::output;
use crate::report::{Problem, Severity};
use openmp::replay::{self, Access, ReplayConfig, ReplayOutcome, Unspecified};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;
use viper::{SourceMap, Span};

/// One access in JSON.
#[derive(Serialize)]
struct JsonAccess<'a> {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    expression: &'a str,
    kind: &'static str,
    atomic: bool,
    thread: u32,
    iteration: BTreeMap<&'a str, i128>,
    unit: &'a str,
}

/// One racing pair in JSON.
#[derive(Serialize)]
struct JsonRace<'a> {
    location: &'a str,
    drb: String,
    witness: String,
    first: JsonAccess<'a>,
    second: JsonAccess<'a>,
}

/// The answer on one file in JSON.
#[derive(Serialize)]
struct JsonWitness<'a> {
    file: &'a str,
    outcome: &'static str,
    races: Vec<JsonRace<'a>>,
    steps: Option<u64>,
    reason: Option<&'a str>,
    line: Option<u32>,
    column: Option<u32>,
    time_ms: u128,
}

fn end_of(sources: &SourceMap, s: Span) -> (u32, u32) {
    sources
        .get(s.file)
        .map_or((s.line, s.column), |f| f.line_col(s.end as usize))
}

fn json_access<'a>(sources: &SourceMap, a: &'a Access) -> JsonAccess<'a> {
    let (end_line, end_column) = end_of(sources, a.span);
    JsonAccess {
        line: a.span.line,
        column: a.span.column,
        end_line,
        end_column,
        expression: &a.text,
        kind: if a.write { "write" } else { "read" },
        atomic: a.atomic,
        thread: a.thread,
        iteration: a.iteration.iter().map(|(n, v)| (n.as_str(), *v)).collect(),
        unit: &a.unit,
    }
}

pub fn run(args: &WitnessArgs) -> ExitCode {
    let start = Instant::now();
    let input = inputs::one_c_file(&args.file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let program = match super::input::load_with(&input, &mut sources, openmp::parse_c) {
        Ok(p) => p,
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
            let mut j = JsonWitness {
                file: &name,
                outcome: "",
                races: Vec::new(),
                steps: None,
                reason: None,
                line: None,
                column: None,
                time_ms,
            };
            match &outcome {
                ReplayOutcome::Races(ps) => {
                    j.outcome = "races";
                    j.races = ps
                        .iter()
                        .map(|p| JsonRace {
                            location: &p.location,
                            drb: p.drb(),
                            witness: p.words(),
                            first: json_access(&sources, &p.first),
                            second: json_access(&sources, &p.second),
                        })
                        .collect();
                }
                ReplayOutcome::NoRaceObserved { steps } => {
                    j.outcome = "no-race-observed";
                    j.steps = Some(*steps);
                }
                ReplayOutcome::Inconclusive { reason, span } => {
                    j.outcome = "inconclusive";
                    j.reason = Some(reason);
                    j.line = span.map(|s| s.line);
                    j.column = span.map(|s| s.column);
                }
            }
            output::outln(&serde_json::to_string(&j).unwrap_or_default());
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
                let mut p = Problem::error(
                    "inconclusive",
                    "replay.inconclusive",
                    span.unwrap_or(Span::DUMMY),
                    reason.clone(),
                );
                p.severity = Severity::Warning;
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
