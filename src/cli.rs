//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "ompv",
    version,
    about = "Deductive verifier for annotated C/OpenMP programs",
    after_help = "Exit codes: 0 verified, 1 verification failed, 2 input error, 3 inconclusive."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse, type-check and verify a Viper program.
    Viper(ViperArgs),
    /// Encode the parallel regions of an annotated C/OpenMP file (e.g. into PPL).
    Encode(EncodeArgs),
    /// Verify an annotated C/OpenMP file: data-race freedom and its contracts.
    Verify(VerifyArgs),
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The C file.
    pub file: PathBuf,
    #[command(flatten)]
    pub backend: BackendArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct EncodeArgs {
    /// The C file.
    pub file: PathBuf,
    /// What to print.
    #[arg(long, value_enum, default_value_t = EncodeEmit::Ppl)]
    pub emit: EncodeEmit,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodeEmit {
    /// The PPL program of every outermost parallel region.
    Ppl,
    /// The Viper program `ompv verify` checks (the functions and every proof obligation).
    Viper,
}

#[derive(Args, Debug)]
pub struct ViperArgs {
    /// The Viper file (.vpr).
    pub file: PathBuf,
    /// Print the program instead of verifying it.
    #[arg(long, value_enum)]
    pub emit: Option<ViperEmit>,
    #[command(flatten)]
    pub backend: BackendArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct BackendArgs {
    /// Which back end verifies: ompv's own, the real Viper Silicon (needs a build with the
    /// `silicon` feature, a JDK and silicon.jar), or both, reporting any disagreement.
    #[arg(long, value_enum, default_value_t = Backend::Native)]
    pub backend: Backend,
    /// Smoke detection (native back end): also report code reached only in inconsistent states
    /// (contradictory contracts or assumptions), whose verification proves nothing.
    #[arg(long)]
    pub smoke: bool,
}

#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Per-query solver timeout in milliseconds (a timeout is reported as "unknown").
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Backend {
    /// ompv's own symbolic executor.
    Native,
    /// Viper's Silicon through JNI.
    Silicon,
    /// Both; a difference in verdict or in the (error id, line) set is an error of its own.
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ViperEmit {
    /// The program in canonical Viper syntax (after parsing and type checking).
    Viper,
}
