//! Reading a C file and turning it into the Viper program that `ompv verify` checks; shared by
//! `ompv encode` and `ompv verify`.

use crate::input::Input;
use openmp::lower::Lowered;
use viper::{SourceMap, Span};

/// A problem with the input: kind (`syntax`, `unsupported`, `type`, `io`, `internal`), finer id,
/// position and message.
#[derive(Clone, Debug)]
pub struct InputFailure {
    pub kind: &'static str,
    pub id: String,
    pub span: Span,
    pub message: String,
}

/// Reads, preprocesses and parses a C input (registered in `sources` under its name).
pub fn load(input: &Input, sources: &mut SourceMap) -> Result<openmp::Program, Vec<InputFailure>> {
    load_with(input, sources, openmp::parse_file)
}

/// The C front end that reads a file: with its regions built and its specifications inferred
/// (`openmp::parse_file`, giving an `openmp::Program`) or as a plain C program
/// (`openmp::parse_c`, giving an `openmp::c::Program`).
pub type Parse<P> =
    fn(&mut SourceMap, viper::FileId, Option<&std::path::Path>) -> Result<P, openmp::FrontErrors>;

/// Like [`load`], with the front end `parse`.
pub fn load_with<P>(
    input: &Input,
    sources: &mut SourceMap,
    parse: Parse<P>,
) -> Result<P, Vec<InputFailure>> {
    let text = input.read().map_err(|message| {
        let kind = if matches!(input, Input::Invalid { .. }) {
            "usage"
        } else {
            "io"
        };
        vec![InputFailure {
            kind,
            id: format!("{kind}.error"),
            span: Span::DUMMY,
            message,
        }]
    })?;
    let file = sources.add(input.name(), text);
    let dir = input.dir();
    parse(sources, file, dir.as_deref()).map_err(|errs| {
        errs.0
            .into_iter()
            .map(|e| InputFailure {
                kind: e.kind.as_str(),
                id: e.id.to_string(),
                span: e.span,
                message: e.message,
            })
            .collect()
    })
}

/// Lowers a parsed program to Viper and type-checks the result. A generated program that does
/// not type-check is a bug of ompv, reported as an `internal` error (never verified).
pub fn lower(
    program: &openmp::Program,
    options: openmp::lower::Options,
) -> Result<Lowered, Vec<InputFailure>> {
    let mut lowered = openmp::lower::lower_with(program, options).map_err(|errs| {
        errs.0
            .into_iter()
            .map(|e| InputFailure {
                kind: e.kind.as_str(),
                id: e.id.to_string(),
                span: e.span,
                message: e.message,
            })
            .collect::<Vec<_>>()
    })?;
    tracing::debug!(
        "generated Viper program:\n{}",
        viper::print(&lowered.program)
    );
    if let Err(errs) = viper::typecheck(&mut lowered.program) {
        return Err(errs
            .into_iter()
            .map(|e| InputFailure {
                kind: "internal",
                id: "internal.error".into(),
                span: Span::DUMMY,
                message: format!(
                    "the generated Viper program does not type-check (a bug of ompv): {}",
                    e.message
                ),
            })
            .collect());
    }
    Ok(lowered)
}
