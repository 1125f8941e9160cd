//! `ompv encode FILE.c --emit ppl`: the PPL program of every outermost parallel region.

use crate::cli::{EncodeArgs, EncodeEmit, Format};
use crate::exit::ExitCode;
use crate::report::{self, Problem};
use serde::Serialize;
use viper::{SourceMap, Span};

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

/// One error with its kind (`syntax`, `unsupported`, `type`, or `io` for an unreadable file).
struct Failure {
    kind: &'static str,
    id: &'static str,
    span: Span,
    message: String,
}

pub fn run(args: &EncodeArgs) -> ExitCode {
    let name = args.file.display().to_string();
    let mut sources = SourceMap::new();
    let result = match std::fs::read_to_string(&args.file) {
        Err(e) => Err(vec![Failure {
            kind: "io",
            id: "io.error",
            span: Span::DUMMY,
            message: format!("cannot read {name}: {e}"),
        }]),
        Ok(text) => {
            let file = sources.add(name.clone(), text);
            let dir = args.file.parent().filter(|d| !d.as_os_str().is_empty());
            openmp::parse_file(&mut sources, file, dir).map_err(|errs| {
                errs.0
                    .into_iter()
                    .map(|e| Failure {
                        kind: e.kind.as_str(),
                        id: e.id,
                        span: e.span,
                        message: e.message,
                    })
                    .collect()
            })
        }
    };
    match result {
        Ok(program) => {
            match (args.emit, args.format) {
                (EncodeEmit::Ppl, Format::Text) => print!("{}", openmp::render::text(&program)),
                (EncodeEmit::Ppl, Format::Json) => println!(
                    "{}",
                    serde_json::to_string(&openmp::render::json(&name, &program))
                        .expect("encoding serialises")
                ),
            }
            ExitCode::Verified
        }
        Err(failures) => {
            match args.format {
                Format::Text => {
                    let problems: Vec<Problem> = failures
                        .iter()
                        .map(|f| Problem::error(f.id, f.span, &f.message))
                        .collect();
                    report::emit_text(&sources, &problems);
                    eprintln!("{name}: error");
                }
                Format::Json => {
                    let r = JsonErrors {
                        file: &name,
                        verdict: ExitCode::InputError.verdict(),
                        errors: failures
                            .iter()
                            .map(|f| JsonError {
                                kind: f.kind,
                                id: f.id,
                                line: f.span.line,
                                column: f.span.column,
                                message: &f.message,
                            })
                            .collect(),
                    };
                    println!("{}", serde_json::to_string(&r).expect("report serialises"));
                }
            }
            ExitCode::InputError
        }
    }
}
