//! `ompv`: a deductive verifier for annotated C/OpenMP programs.

mod backend;
mod cache;
mod cli;
mod commands;
mod compile_db;
mod diagnose;
mod exit;
mod flags;
mod input;
mod interrupt;
mod isolate;
mod kind;
mod output;
mod partition;
mod report;

use clap::FromArgMatches;
use exit::{ExitCode, Verdict};
use report::{FileReport, Problem};

fn main() {
    use tracing_subscriber::filter::{filter_fn, EnvFilter};
    use tracing_subscriber::prelude::*;
    let log = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(EnvFilter::from_env("OMPV_LOG"));
    // A child checking one file tells its parent which obligations it is checking; the test
    // hooks work in one process too.
    let child = isolate::role() != isolate::Role::Parent;
    let progress = (child || isolate::progress::test_hooks()).then(|| {
        isolate::progress::Progress { lines: child }.with_filter(filter_fn(|m| {
            m.target() == viper::verifier::MEMBER_SPAN_TARGET
        }))
    });
    tracing_subscriber::registry()
        .with(log)
        .with(progress)
        .init();
    // A panic is a bug of ompv; it still ends with an exit code of the documented range.
    let code = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        output::errln("error[internal]: ompv crashed (a bug of ompv; please report it)");
        ExitCode::InputError
    });
    std::process::exit(code.code());
}

/// The value of `--flag VALUE` or `--flag=VALUE` on the raw command line, if any.
fn raw_option(args: &[String], flag: &str) -> Option<String> {
    let eq = format!("{flag}=");
    args.iter().enumerate().find_map(|(k, a)| {
        if a == flag {
            args.get(k + 1).cloned()
        } else {
            a.strip_prefix(&eq).map(str::to_string)
        }
    })
}

fn run() -> ExitCode {
    let args = cli::compiler_spellings(std::env::args().collect());
    let clap_color = match raw_option(&args, "--color").as_deref() {
        Some("always") => clap::ColorChoice::Always,
        Some("never") => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    };
    let matches = match commands::meta::command()
        .color(clap_color)
        .try_get_matches_from(&args)
    {
        Ok(m) => m,
        Err(e) => return command_line_error(e, raw_option(&args, "--format").as_deref()),
    };
    let cli = match cli::Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => return command_line_error(e, None),
    };
    output::color::init(cli.color);
    match cli.command {
        cli::Command::Verify(args) => commands::verify::run(&args),
        cli::Command::Viper(args) => commands::viper::run(&args),
        cli::Command::Encode(args) => commands::encode::run(&args),
        cli::Command::Infer(args) => commands::infer::run(&args),
        cli::Command::Explain(args) => commands::explain::run(&args),
        cli::Command::Witness(args) => commands::witness::run(&args),
        cli::Command::Lsp(args) => commands::lsp::run(&args),
        cli::Command::Completions(args) => {
            commands::meta::completions(args.shell);
            ExitCode::Verified
        }
        cli::Command::Man(args) => commands::meta::man(args.command.as_deref()),
    }
}

/// `--help` and `--version` (exit 0), or a command-line error (exit 2): as clap prints it, or
/// in the requested machine-readable format.
fn command_line_error(e: clap::Error, format: Option<&str>) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::InputError
            } else {
                ExitCode::Verified
            };
        }
        _ => {}
    }
    let text = e.render().to_string();
    let report = || {
        let mut r = FileReport::new("<command line>", viper::SourceMap::new(), Verdict::Error);
        let message = text
            .lines()
            .next()
            .unwrap_or("")
            .trim_start_matches("error: ");
        let mut p = Problem::usage(message);
        p.notes = text
            .lines()
            .skip(1)
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        r.problems.push(p);
        r
    };
    match format {
        Some("json") => output::outln(&output::json::file_line(&report())),
        Some("sarif") => output::outln(&output::sarif::render(&[report()])),
        _ => {
            let _ = e.print();
        }
    }
    ExitCode::InputError
}
