//! `ompv viper FILE|DIR...`: parse, type-check, print or verify Viper programs.

use super::inputs::{self, Language};
use super::run::run_all;
use crate::backend::{self, Answer};
use crate::cli::{Backend, ViperArgs, ViperEmit};
use crate::exit::{ExitCode, Verdict};
use crate::input::Input;
use crate::report::{FileReport, Problem};
use std::time::Instant;
use viper::verifier::VerifyOptions;
use viper::{InputError, SourceMap};

fn input_problem(e: &InputError) -> Problem {
    Problem::viper(e.kind.id(), e.span, &e.message)
}

/// `ompv viper FILE|DIR...`.
pub fn run(args: &ViperArgs) -> ExitCode {
    let inputs = inputs::expand(&args.inputs, Language::Viper, args.walk);
    let options = VerifyOptions {
        timeout_ms: args.output.timeout_ms(),
        max_errors_per_member: args.output.max_errors(),
        smoke: args.backend.smoke,
        cache: crate::cache::of(&args.backend),
        ..VerifyOptions::default()
    };
    run_all(&inputs, &args.output, |input| check(input, args, &options))
}

/// Checks (or prints) one Viper input.
fn check(input: &Input, args: &ViperArgs, options: &VerifyOptions) -> FileReport {
    let start = Instant::now();
    let name = input.name();
    let mut sources = SourceMap::new();
    let answer = match input.read() {
        Err(message) => {
            let kind = if matches!(input, Input::Invalid { .. }) {
                "usage"
            } else {
                "io"
            };
            Answer::new(
                ExitCode::InputError,
                vec![Problem::error(
                    kind,
                    format!("{kind}.error"),
                    viper::Span::DUMMY,
                    message,
                )],
            )
        }
        Ok(text) => {
            let file = sources.add(name.clone(), text.clone());
            if let Some(ViperEmit::Viper) = args.emit {
                match front_end(&text, file) {
                    Ok(program) => {
                        let mut r = FileReport::new(&name, sources, Verdict::Verified);
                        r.emitted = Some(viper::print(&program));
                        return r;
                    }
                    Err(answer) => answer,
                }
            } else {
                dispatch(&sources, file, args, options)
            }
        }
    };
    let mut verdict = answer.code.verdict();
    if verdict == Verdict::Verified && !has_members(&sources) {
        verdict = Verdict::NothingToVerify;
    }
    let mut r = FileReport::new(&name, sources, verdict);
    r.problems = answer.problems;
    if args.emit.is_none() && answer.code != ExitCode::InputError {
        r.backend = match args.backend.backend {
            Backend::Native => None,
            Backend::Silicon => Some("Silicon".into()),
            Backend::Both => Some("native and Silicon agree".into()),
        };
    }
    r.time = start.elapsed();
    r
}

/// Whether the (only) file of `sources` declares a method or function: else there is nothing
/// to verify.
fn has_members(sources: &SourceMap) -> bool {
    let Some(f) = sources.get(viper::FileId(0)) else {
        return false;
    };
    viper::parse(f.text(), viper::FileId(0)).map_or(true, |p| {
        p.items.iter().any(|i| {
            matches!(
                i,
                viper::ast::Item::Method(_) | viper::ast::Item::Function(_)
            )
        })
    })
}

/// Runs the chosen back end(s). Silicon reads the file as written (through Silver's own parser);
/// `--emit` never involves a back end.
fn dispatch(
    sources: &SourceMap,
    file: viper::FileId,
    args: &ViperArgs,
    options: &VerifyOptions,
) -> Answer {
    let Some(source) = sources.get(file) else {
        return Answer::new(ExitCode::InputError, Vec::new());
    };
    match args.backend.backend {
        Backend::Native => check_native(source.text(), file, options),
        Backend::Silicon => backend::submit_silicon_source(source, file).wait(),
        Backend::Both => {
            let silicon = backend::submit_silicon_source(source, file);
            let native = check_native(source.text(), file, options);
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

fn check_native(text: &str, file: viper::FileId, options: &VerifyOptions) -> Answer {
    match front_end(text, file) {
        Ok(p) => backend::native(&p, options),
        Err(answer) => answer,
    }
}
