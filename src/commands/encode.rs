//! `ompv encode FILE.c --emit ppl|viper`: the PPL program of every outermost parallel region, or
//! the Viper program `ompv verify` checks. Input errors are reported as by `ompv verify` (the
//! same JSON shape).

use super::input::{self, InputFailure};
use super::inputs;
use super::run::print_report;
use crate::cli::{EncodeArgs, EncodeEmit, EncodeFormat, Format};
use crate::exit::{ExitCode, Verdict};
use crate::kind::Kind;
use crate::output;
use crate::report::{FileReport, Problem};
use serde::Serialize;
use viper::SourceMap;

/// The generated Viper program in JSON.
#[derive(Serialize)]
struct JsonViper<'a> {
    file: &'a str,
    viper: String,
}

pub fn run(args: &EncodeArgs) -> ExitCode {
    let input = inputs::one_c_file(&args.file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let result = input::load(&input, &args.build, &mut sources).and_then(|read| {
        input::print_warnings(&name, &read.warnings);
        let program = read.program;
        match args.emit {
            EncodeEmit::Ppl => Ok(match args.format {
                EncodeFormat::Text => openmp::render::text(&program),
                EncodeFormat::Json => serde_json::to_string(&openmp::render::json(&name, &program))
                    .unwrap_or_default(),
            }),
            EncodeEmit::Viper => {
                let lowered = input::lower(&program, openmp::lower::Options::default())?;
                let text = viper::print(&lowered.program);
                Ok(match args.format {
                    EncodeFormat::Text => text,
                    EncodeFormat::Json => serde_json::to_string(&JsonViper {
                        file: &name,
                        viper: text,
                    })
                    .unwrap_or_default(),
                })
            }
        }
    });
    match result {
        Ok(out) => {
            match args.format {
                EncodeFormat::Json => output::outln(&out),
                EncodeFormat::Text => output::out(&out),
            }
            ExitCode::Verified
        }
        Err(failures) => {
            let r = failure_report(&name, sources, &failures);
            let format = match args.format {
                EncodeFormat::Text => Format::Text,
                EncodeFormat::Json => Format::Json,
            };
            print_report(&r, format);
            ExitCode::InputError
        }
    }
}

/// The report on an input that could not be encoded.
pub fn failure_report(name: &str, sources: SourceMap, failures: &[InputFailure]) -> FileReport {
    let mut r = FileReport::new(name, sources, Verdict::Error);
    r.problems = failures
        .iter()
        .map(|f| {
            Problem::error(
                Kind::of_input(f.kind).as_str(),
                f.id.clone(),
                f.span,
                &f.message,
            )
        })
        .collect();
    r
}
