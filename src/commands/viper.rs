//! `ompv viper FILE.vpr`: parse, type-check, print or verify a Viper program.

use crate::backend::{self, Answer};
use crate::cli::{Backend, Format, ViperArgs, ViperEmit};
use crate::exit::ExitCode;
use crate::report::{self, JsonError, Problem};
use serde::Serialize;
use std::time::Instant;
use viper::verifier::VerifyOptions;
use viper::{InputError, SourceMap};

/// `--emit viper --format json`: the canonical program; nothing is verified, so no verdict.
#[derive(Serialize)]
struct JsonEmit<'a> {
    file: &'a str,
    viper: String,
}

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
            if let Some(ViperEmit::Viper) = args.emit {
                match front_end(&text, file) {
                    Ok(program) => {
                        let printed = viper::print(&program);
                        match args.output.format {
                            Format::Text => print!("{printed}"),
                            Format::Json => {
                                let out = JsonEmit {
                                    file: &name,
                                    viper: printed,
                                };
                                println!("{}", serde_json::to_string(&out).expect("serialises"));
                            }
                        }
                        return ExitCode::Verified;
                    }
                    Err(answer) => (answer.code, answer.problems),
                }
            } else {
                let answer = dispatch(&sources, file, args);
                (answer.code, answer.problems)
            }
        }
    };
    match args.output.format {
        Format::Text => {
            report::emit_text(&sources, &problems);
            match (args.emit, args.backend.backend) {
                (None, Backend::Silicon) => eprintln!("{name}: {} (Silicon)", code.verdict()),
                (None, Backend::Both) if code != ExitCode::InputError => {
                    eprintln!("{name}: {} (native and Silicon agree)", code.verdict())
                }
                _ => eprintln!("{name}: {}", code.verdict()),
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

/// Runs the chosen back end(s). Silicon reads the file as written (through Silver's own parser);
/// `--emit` never involves a back end.
fn dispatch(sources: &SourceMap, file: viper::FileId, args: &ViperArgs) -> Answer {
    let source = sources.get(file).expect("file was just registered");
    match args.backend.backend {
        Backend::Native => check(source.text(), file, args),
        Backend::Silicon => backend::submit_silicon_source(source, file).wait(),
        Backend::Both => {
            let silicon = backend::submit_silicon_source(source, file);
            let native = check(source.text(), file, args);
            backend::compare(native, silicon.wait())
        }
    }
}

/// Parses and type-checks; an `Err` carries the input errors.
fn front_end(text: &str, file: viper::FileId) -> Result<viper::ast::Program, Answer> {
    let mut program = viper::parse(text, file)
        .map_err(|e| Answer::new(ExitCode::InputError, vec![input_problem(&e)]))?;
    viper::typecheck(&mut program).map_err(|errs| Answer::input_errors(&errs))?;
    Ok(program)
}

fn check(text: &str, file: viper::FileId, args: &ViperArgs) -> Answer {
    let program = match front_end(text, file) {
        Ok(p) => p,
        Err(answer) => return answer,
    };
    let options = VerifyOptions {
        timeout_ms: Some(args.output.timeout),
        smoke: args.backend.smoke,
        ..VerifyOptions::default()
    };
    backend::native(&program, &options)
}
