//! `ompv viper FILE.vpr`: parse, type-check, print or verify a Viper program.

use crate::cli::{Format, ViperArgs, ViperEmit};
use crate::exit::ExitCode;
use crate::report::{self, JsonError, Problem};
use serde::Serialize;
use std::time::Instant;
use viper::verifier::{Verdict, VerifyOptions};
use viper::{InputError, SourceMap};

#[derive(Serialize)]
struct JsonReport<'a> {
    file: &'a str,
    verdict: &'a str,
    errors: Vec<JsonError>,
    time_ms: u128,
}

fn input_problem(e: &InputError) -> Problem {
    Problem::error(e.kind.id(), e.span, &e.message)
}

pub fn run(args: &ViperArgs) -> ExitCode {
    let start = Instant::now();
    let name = args.file.display().to_string();
    let mut sources = SourceMap::new();
    let (code, problems) = match std::fs::read_to_string(&args.file) {
        Err(e) => (
            ExitCode::InputError,
            vec![Problem::error(
                "io.error",
                viper::Span::DUMMY,
                format!("cannot read {name}: {e}"),
            )],
        ),
        Ok(text) => {
            let file = sources.add(name.clone(), text.clone());
            check(&text, file, args)
        }
    };
    match args.output.format {
        Format::Text => {
            report::emit_text(&sources, &problems);
            if args.emit.is_none() || code != ExitCode::Verified {
                eprintln!("{name}: {}", code.verdict());
            }
        }
        Format::Json => {
            let r = JsonReport {
                file: &name,
                verdict: code.verdict(),
                errors: problems.iter().map(JsonError::from).collect(),
                time_ms: start.elapsed().as_millis(),
            };
            println!("{}", serde_json::to_string(&r).expect("report serialises"));
        }
    }
    code
}

fn check(text: &str, file: viper::FileId, args: &ViperArgs) -> (ExitCode, Vec<Problem>) {
    let mut program = match viper::parse(text, file) {
        Ok(p) => p,
        Err(e) => return (ExitCode::InputError, vec![input_problem(&e)]),
    };
    if let Err(errs) = viper::typecheck(&mut program) {
        return (
            ExitCode::InputError,
            errs.iter().map(input_problem).collect(),
        );
    }
    if let Some(ViperEmit::Viper) = args.emit {
        if args.output.format == Format::Text {
            print!("{}", viper::print(&program));
        }
        return (ExitCode::Verified, Vec::new());
    }
    let options = VerifyOptions {
        timeout_ms: Some(args.output.timeout),
        ..VerifyOptions::default()
    };
    match viper::verifier::verify(&program, &options) {
        Err(errs) => (
            ExitCode::InputError,
            errs.iter().map(input_problem).collect(),
        ),
        Ok(result) => {
            let problems = result
                .errors()
                .into_iter()
                .map(|e| Problem::error(e.full_id(), e.span, &e.message))
                .collect();
            let code = match result.verdict() {
                Verdict::Verified => ExitCode::Verified,
                Verdict::Failed => ExitCode::Failed,
                Verdict::Unknown => ExitCode::Unknown,
            };
            (code, problems)
        }
    }
}
