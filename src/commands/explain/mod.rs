//! `ompv explain FILE.c`: a teaching view of how a file is verified — for each parallel region,
//! its PPL tree, the happens-before relation, the iteration pairs of every pair of blocks that
//! may run at the same time, the permission accounting of each pair, and what every obligation
//! proves. `--emit dot` draws the trees and happens-before for Graphviz, `--emit viper` prints
//! the Viper program with the C line of every check. `ompv explain --kind KIND` explains an
//! error kind.

pub mod accounting;
pub mod annotate;
pub mod dot;
pub mod kinds;
pub mod model;
pub mod text;

use super::encode::failure_report;
use super::input;
use super::inputs;
use super::run::print_report;
use crate::cli::{ExplainArgs, ExplainEmit, Format};
use crate::exit::ExitCode;
use crate::output;
use crate::report::{FileReport, Problem};
use viper::SourceMap;

pub fn run(args: &ExplainArgs) -> ExitCode {
    if let Some(kind) = &args.kind {
        return match kinds::explain(kind) {
            Ok(t) => {
                output::out(&t);
                ExitCode::Verified
            }
            Err(e) => {
                let mut r = FileReport::new(
                    "<command line>",
                    SourceMap::new(),
                    crate::exit::Verdict::Error,
                );
                r.problems.push(Problem::usage(e));
                print_report(&r, Format::Text);
                ExitCode::InputError
            }
        };
    }
    let Some(file) = &args.file else {
        return ExitCode::InputError;
    };
    let input = inputs::one_c_file(file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let loaded = input::load(&input, &args.build, &mut sources).and_then(|read| {
        input::print_warnings(&name, &read.warnings);
        let program = read.program;
        input::lower(&program, openmp::lower::Options::default()).map(|lowered| (program, lowered))
    });
    let (program, lowered) = match loaded {
        Ok(x) => x,
        Err(failures) => {
            print_report(&failure_report(&name, sources, &failures), Format::Text);
            return ExitCode::InputError;
        }
    };
    let out = match args.emit {
        ExplainEmit::Text => {
            let mut obligations = model::obligations(&lowered);
            let regions = model::regions(&program, &lowered, &mut obligations);
            text::render(&name, &obligations.functions, &regions)
        }
        ExplainEmit::Dot => dot::render(&name, &program),
        ExplainEmit::Viper => annotate::render(&lowered.program, &lowered.checks),
    };
    output::out(&out);
    ExitCode::Verified
}
