//! About ompv itself: the long version, shell completions and the man page (generated from the
//! clap definitions, so they cannot drift from the real options).

use crate::cli::Cli;
use crate::output;
use clap::CommandFactory;

/// `ompv --version`: the version, the git commit, Z3's version and whether Silicon is built in.
pub fn long_version() -> String {
    format!(
        "{} (commit {})\nZ3 {}\nSilicon back end: {}",
        env!("CARGO_PKG_VERSION"),
        env!("OMPV_GIT_COMMIT"),
        z3::full_version(),
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

/// `ompv man`: the man page in roff.
pub fn man() {
    let mut buf = Vec::new();
    if clap_mangen::Man::new(command()).render(&mut buf).is_ok() {
        output::out(&String::from_utf8_lossy(&buf));
    }
}
