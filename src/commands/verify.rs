//! `ompv verify FILE.c`: lowers the annotated C/OpenMP program to Viper with the proof
//! obligations of its parallel regions, verifies every member with the native back end (members
//! in parallel), and reports each failure in C terms.
//!
//! Exit codes: 0 verified, 1 verification failed, 2 input error, 3 inconclusive.

use super::input;
use crate::cli::{Format, VerifyArgs};
use crate::diagnose::{self, Diagnostic, Kind};
use crate::exit::ExitCode;
use crate::report::{self, JsonDiagnostic, Problem};
use openmp::lower::Lowered;
use ppl::obligations::checks::is_check_span;
use serde::Serialize;
use std::collections::HashMap;
use std::time::Instant;
use viper::verifier::{ProgramResult, Verdict, VerifyOptions};
use viper::{SourceMap, Span};

/// One obligation (a generated member) and its outcome.
#[derive(Clone, Debug, Serialize)]
pub struct ObligationStatus {
    pub name: String,
    pub kind: &'static str,
    pub status: &'static str,
    pub time_ms: u128,
}

/// Everything a run found.
#[derive(Debug)]
pub struct Outcome {
    pub code: ExitCode,
    pub diagnostics: Vec<Diagnostic>,
    pub obligations: Vec<ObligationStatus>,
    /// Inconclusive obligations and why (solver timeouts, `unknown` answers).
    pub unknowns: Vec<(String, String)>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    file: &'a str,
    verdict: &'a str,
    errors: Vec<JsonDiagnostic>,
    obligations: &'a [ObligationStatus],
    time_ms: u128,
}

pub fn run(args: &VerifyArgs) -> ExitCode {
    let start = Instant::now();
    let name = args.file.display().to_string();
    let mut sources = SourceMap::new();
    let options = VerifyOptions {
        timeout_ms: Some(args.output.timeout),
        ..VerifyOptions::default()
    };
    let outcome = verify_file(&args.file, &name, &mut sources, &options);
    let problems: Vec<Problem> = outcome.diagnostics.iter().map(problem).collect();
    match args.output.format {
        Format::Text => {
            report::emit_text(&sources, &problems);
            for (name, why) in &outcome.unknowns {
                eprintln!("note: obligation `{name}` is inconclusive: {why}");
            }
            let failed = outcome
                .obligations
                .iter()
                .filter(|o| o.status != "verified")
                .count();
            let summary = if outcome.obligations.is_empty() {
                String::new()
            } else {
                format!(
                    " ({} obligation(s), {} not verified, {} ms)",
                    outcome.obligations.len(),
                    failed,
                    start.elapsed().as_millis()
                )
            };
            eprintln!("{name}: {}{summary}", outcome.code.verdict());
        }
        Format::Json => {
            let r = JsonReport {
                file: &name,
                verdict: outcome.code.verdict(),
                errors: problems.iter().map(JsonDiagnostic::from).collect(),
                obligations: &outcome.obligations,
                time_ms: start.elapsed().as_millis(),
            };
            println!("{}", serde_json::to_string(&r).expect("report serialises"));
        }
    }
    outcome.code
}

fn problem(d: &Diagnostic) -> Problem {
    let mut p = Problem::error(d.kind.as_str(), d.span, &d.message);
    p.related = d.related.clone();
    p.notes = d.notes.clone();
    p
}

/// Reads, lowers and verifies a C file.
pub fn verify_file(
    path: &std::path::Path,
    name: &str,
    sources: &mut SourceMap,
    options: &VerifyOptions,
) -> Outcome {
    let lowered = match input::load(path, name, sources).and_then(|p| input::lower(&p)) {
        Ok(l) => l,
        Err(failures) => {
            return Outcome {
                code: ExitCode::InputError,
                diagnostics: failures
                    .into_iter()
                    .map(|f| Diagnostic::new(Kind::of_input(f.kind), f.span, f.message))
                    .collect(),
                obligations: Vec::new(),
                unknowns: Vec::new(),
            }
        }
    };
    verify_lowered(&lowered, options)
}

/// Verifies a lowered program and explains the result.
pub fn verify_lowered(lowered: &Lowered, options: &VerifyOptions) -> Outcome {
    match viper::verifier::verify(&lowered.program, options) {
        Err(errs) => Outcome {
            code: ExitCode::InputError,
            diagnostics: errs
                .into_iter()
                .map(|e| {
                    let span = if is_check_span(e.span) {
                        lowered.checks.get(e.span).map_or(Span::DUMMY, |c| c.span)
                    } else {
                        e.span
                    };
                    Diagnostic::new(
                        Kind::Unsupported,
                        span,
                        format!("the verifier cannot check this program: {}", e.message),
                    )
                })
                .collect(),
            obligations: Vec::new(),
            unknowns: Vec::new(),
        },
        Ok(result) => explain(lowered, &result),
    }
}

/// The diagnostics, obligations and exit code of a verification result.
pub fn explain(lowered: &Lowered, result: &ProgramResult) -> Outcome {
    let errors = result.errors();
    let diagnostics = diagnose::diagnose(lowered, &errors);
    let members: HashMap<&str, _> = result
        .members
        .iter()
        .map(|m| (m.name.as_str(), m))
        .collect();
    let obligations: Vec<ObligationStatus> = lowered
        .obligations
        .iter()
        .map(|(name, kind)| {
            let m = members.get(name.as_str());
            ObligationStatus {
                name: name.clone(),
                kind: kind.as_str(),
                status: m.map_or("unknown", |m| m.verdict().as_str()),
                time_ms: m.map_or(0, |m| m.time.as_millis()),
            }
        })
        .collect();
    let unknown =
        result.verdict() == Verdict::Unknown || obligations.iter().any(|o| o.status == "unknown");
    let code = if !diagnostics.is_empty() || result.verdict() == Verdict::Failed {
        ExitCode::Failed
    } else if unknown {
        ExitCode::Unknown
    } else {
        ExitCode::Verified
    };
    let unknowns = result
        .members
        .iter()
        .flat_map(|m| m.unknowns.iter().map(|u| (m.name.clone(), u.clone())))
        .collect();
    Outcome {
        code,
        diagnostics,
        obligations,
        unknowns,
    }
}
