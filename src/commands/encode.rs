//! `ompv encode FILE.c --emit ppl|viper`: the PPL program of every outermost parallel region, or
//! the Viper program `ompv verify` checks.

use super::input::{self, InputFailure};
use crate::cli::{EncodeArgs, EncodeEmit, Format};
use crate::exit::ExitCode;
use crate::report::{self, Problem};
use serde::Serialize;
use viper::SourceMap;

/// An input error in JSON: `{"kind", "id", "line", "column", "message"}`.
#[derive(Serialize)]
struct JsonError<'a> {
    kind: &'a str,
    id: &'a str,
    line: u32,
    column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct JsonErrors<'a> {
    file: &'a str,
    verdict: &'a str,
    errors: Vec<JsonError<'a>>,
}

/// The generated Viper program in JSON.
#[derive(Serialize)]
struct JsonViper<'a> {
    file: &'a str,
    viper: String,
}

pub fn run(args: &EncodeArgs) -> ExitCode {
    let name = args.file.display().to_string();
    let mut sources = SourceMap::new();
    let result = input::load(&args.file, &name, &mut sources).and_then(|program| match args.emit {
        EncodeEmit::Ppl => Ok(match args.format {
            Format::Text => openmp::render::text(&program),
            Format::Json => serde_json::to_string(&openmp::render::json(&name, &program))
                .expect("encoding serialises"),
        }),
        EncodeEmit::Viper => {
            let lowered = input::lower(&program)?;
            let text = viper::print(&lowered.program);
            Ok(match args.format {
                Format::Text => text,
                Format::Json => serde_json::to_string(&JsonViper {
                    file: &name,
                    viper: text,
                })
                .expect("encoding serialises"),
            })
        }
    });
    match result {
        Ok(out) => {
            if args.format == Format::Json {
                println!("{out}");
            } else {
                print!("{out}");
            }
            ExitCode::Verified
        }
        Err(failures) => {
            report_failures(&name, &sources, &failures, args.format);
            ExitCode::InputError
        }
    }
}

fn report_failures(name: &str, sources: &SourceMap, failures: &[InputFailure], format: Format) {
    match format {
        Format::Text => {
            let problems: Vec<Problem> = failures
                .iter()
                .map(|f| Problem::error(f.id.clone(), f.span, &f.message))
                .collect();
            report::emit_text(sources, &problems);
            eprintln!("{name}: error");
        }
        Format::Json => {
            let r = JsonErrors {
                file: name,
                verdict: ExitCode::InputError.verdict(),
                errors: failures
                    .iter()
                    .map(|f| JsonError {
                        kind: f.kind,
                        id: &f.id,
                        line: f.span.line,
                        column: f.span.column,
                        message: &f.message,
                    })
                    .collect(),
            };
            println!("{}", serde_json::to_string(&r).expect("report serialises"));
        }
    }
}
