//! About ompv itself: the long version, shell completions and the man page (generated from the
//! clap definitions, so they cannot drift from the real options).

use super::run::print_report;
use crate::cli::Cli;
use crate::cli::Format;
use crate::exit::{ExitCode, Verdict};
use crate::output;
use crate::report::{FileReport, Problem};
use clap::CommandFactory;
use viper::SourceMap;

/// `ompv --version`: the version, the git commit, Z3's version and whether Silicon is built in.
pub fn long_version() -> String {
    format!(
        "{} (commit {})\nZ3 {}\nSilicon back end: {}",
        env!("CARGO_PKG_VERSION"),
        env!("OMPV_GIT_COMMIT"),
        // Some releases' own text starts with "Z3 " already.
        z3::full_version().trim_start_matches("Z3 "),
        if cfg!(feature = "silicon") {
            "built in (--backend silicon|both; needs a JDK and silicon.jar at run time)"
        } else {
            "not built in (rebuild with `cargo build --features silicon`)"
        }
    )
}

/// The clap command with the long version set.
pub fn command() -> clap::Command {
    let v: &'static str = Box::leak(long_version().into_boxed_str());
    Cli::command().version(v).long_version(v)
}

/// `ompv completions SHELL`.
pub fn completions(shell: clap_complete::Shell) {
    let mut cmd = command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "ompv", &mut buf);
    output::out(&String::from_utf8_lossy(&buf));
}

/// `ompv man [COMMAND]`: the man page of ompv or of one of its commands, in roff. The page's
/// header has a one-line version (`.TH` takes one line); the long one is `ompv --version`'s.
pub fn man(sub: Option<&str>) -> ExitCode {
    let mut top = Cli::command().version(env!("CARGO_PKG_VERSION"));
    // Built, the command has clap's own `help` subcommand, which the top page lists too.
    top.build();
    let page = match sub {
        None => top,
        Some(name) => {
            let Some(cmd) = top.find_subcommand(name).cloned() else {
                let names: Vec<String> = top
                    .get_subcommands()
                    .map(|c| format!("`{}`", c.get_name()))
                    .collect();
                let mut r = FileReport::new("<command line>", SourceMap::new(), Verdict::Error);
                r.problems.push(Problem::usage(format!(
                    "no command `{name}` (one of {})",
                    names.join(", ")
                )));
                print_report(&r, Format::Text);
                return ExitCode::InputError;
            };
            // The page of `ompv verify` is `ompv-verify(1)`, the name `ompv(1)` refers to.
            cmd.name(Box::leak(format!("ompv-{name}").into_boxed_str()) as &str)
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut buf = Vec::new();
    match clap_mangen::Man::new(page).render(&mut buf) {
        Ok(()) => {
            output::out(&String::from_utf8_lossy(&buf));
            ExitCode::Verified
        }
        Err(e) => {
            output::errln(&format!("error: cannot write the man page: {e}"));
            ExitCode::InputError
        }
    }
}
