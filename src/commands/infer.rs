//! `ompv infer FILE.c`: the file with every specification ompv infers written in, as VerCors-style
//! comments at the places a user would write them (function contracts before the function,
//! iteration contracts after the loop header, loop invariants before inner loops). Constructs left
//! without a specification are named on stderr. The output verifies as the input does: the
//! written specifications are then the user's, and checked.

use super::encode::failure_report;
use super::input;
use super::inputs;
use super::run::print_report;
use crate::cli::{Format, InferArgs};
use crate::exit::ExitCode;
use crate::output;
use viper::SourceMap;

pub fn run(args: &InferArgs) -> ExitCode {
    let input = inputs::one_c_file(&args.file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let program = match input::load(&input, &mut sources) {
        Ok(p) => p,
        Err(failures) => {
            print_report(&failure_report(&name, sources, &failures), Format::Text);
            return ExitCode::InputError;
        }
    };
    // The user's file is the first one registered.
    let Some(file) = sources.get(viper::FileId(0)) else {
        return ExitCode::InputError;
    };
    output::out(&with_insertions(file.text(), &program.inference.insertions));
    for (at, why) in &program.inference.missing {
        output::errln(&format!("{name}:{}:{}: note: {why}", at.line, at.column));
    }
    ExitCode::Verified
}

/// `text` with each insertion's text placed at its byte offset (several at one offset in order).
pub fn with_insertions(text: &str, insertions: &[openmp::infer::Insertion]) -> String {
    let mut sorted: Vec<&openmp::infer::Insertion> = insertions
        .iter()
        .filter(|i| i.offset <= text.len() && text.is_char_boundary(i.offset))
        .collect();
    sorted.sort_by_key(|i| i.offset);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for i in sorted {
        out.push_str(&text[at..i.offset]);
        out.push_str(&i.text);
        at = i.offset;
    }
    out.push_str(&text[at..]);
    out
}
