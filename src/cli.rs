//! Command-line arguments.

use crate::output::color::ColorWhen;
use crate::partition::Partition;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Text shown after `--help`.
const AFTER_HELP: &str = "Exit codes: 0 verified (or nothing to verify), 1 verification failed, \
2 input error, 3 inconclusive. With several files, the worst verdict decides \
(error > failed > unknown > verified).\n\
Environment: NO_COLOR (no colours unless --color always), OMPV_LOG (tracing filter, e.g. \
OMPV_LOG=debug), OMPV_CPP (the C preprocessor, default `cpp`; a command line), OMPV_SILICON_JAR, JAVA_HOME, \
OMPV_Z3_EXE (the Silicon back end).";

#[derive(Parser, Debug)]
#[command(
    name = "ompv",
    about = "Deductive verifier for annotated C/OpenMP programs",
    after_help = AFTER_HELP,
    disable_version_flag = true
)]
pub struct Cli {
    /// When to colour the output: `auto` colours what goes to a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, global = true)]
    pub color: ColorWhen,
    /// Print the version, the git commit, Z3's version and whether Silicon is built in.
    #[arg(short = 'V', long, action = clap::ArgAction::Version)]
    pub version: Option<bool>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Verify annotated C/OpenMP files: data-race freedom and their contracts.
    Verify(VerifyArgs),
    /// Parse, type-check and verify Viper programs.
    Viper(ViperArgs),
    /// Encode the parallel regions of an annotated C/OpenMP file (into PPL or Viper).
    Encode(EncodeArgs),
    /// Print a C/OpenMP file with the specifications ompv infers for it written in.
    Infer(InferArgs),
    /// Show how a C/OpenMP file is verified (PPL tree, happens-before, iteration pairs,
    /// permission accounting, obligations), or explain an error kind.
    Explain(ExplainArgs),
    /// Run a C/OpenMP program once under ompv's model of OpenMP and report the data races of
    /// that execution (real races, with a witness); no race found is not a proof.
    Witness(WitnessArgs),
    /// Serve ompv's diagnostics to an editor (a language server on standard input/output).
    ///
    /// Each C file is verified when it is opened and when it is saved; an edit cancels the
    /// running check. A hover on a pragma shows its PPL block and contract.
    Lsp(LspArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the man page (roff) of ompv, or of one of its commands (`ompv man verify`).
    Man(ManArgs),
}

/// How the inputs are gathered: how directories given as inputs are walked, and which share of
/// the files a run takes.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct WalkArgs {
    /// Take only one share of the inputs, to split a run over N machines as `cargo nextest
    /// --partition` does: `count:K/N` takes every N-th input from the K-th, `hash:K/N` the inputs
    /// whose name hashes to K (a new file moves no other). Every input is in exactly one share.
    #[arg(long, value_name = "[count:|hash:]K/N")]
    pub partition: Option<Partition>,
    /// Enter symbolically linked directories too (without it they are skipped, with a note).
    #[arg(long)]
    pub follow: bool,
    /// Also take files that are hidden (a name starting with `.`) or that `.gitignore`,
    /// `.ignore` or git's excludes leave out.
    #[arg(long)]
    pub no_ignore: bool,
}

/// How C files are preprocessed, as a compiler takes it (`-include` and `-std=` are also taken
/// with one dash, as `cc` spells them).
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Build")]
pub struct BuildArgs {
    /// Search DIR for headers (`#include "…"` and `<…>`), after ompv's own headers and before
    /// the system's, as `cc -I`.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a macro, as `cc -D` (`-D N=64`, `-DDEBUG`).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Undefine a macro, as `cc -U`; a name may not be both defined and undefined on the
    /// command line (ompv does not keep their order).
    #[arg(short = 'U', value_name = "NAME")]
    pub undefine: Vec<String>,
    /// Read FILE before the first line of each file, as `cc -include`.
    #[arg(long = "include", value_name = "FILE")]
    pub include_file: Vec<PathBuf>,
    /// The C standard the files are preprocessed for, as `cc -std=` (`c99`, `gnu11`, …).
    #[arg(long, value_name = "STANDARD")]
    pub std: Option<String>,
    /// Read BUILD_DIR/compile_commands.json: each file is preprocessed with the options its
    /// entry gives (then the options above), and without FILE arguments every C file it lists
    /// is verified, as `clang-tidy -p`.
    #[arg(
        short = 'p',
        value_name = "BUILD_DIR",
        conflicts_with = "compile_commands"
    )]
    pub build_dir: Option<PathBuf>,
    /// The compilation database to read, as `-p` does with BUILD_DIR/compile_commands.json.
    #[arg(long, value_name = "FILE")]
    pub compile_commands: Option<PathBuf>,
}

impl BuildArgs {
    /// The compilation database the arguments name, if any.
    pub fn database(&self) -> Option<PathBuf> {
        self.compile_commands.clone().or_else(|| {
            self.build_dir
                .as_ref()
                .map(|d| d.join("compile_commands.json"))
        })
    }
}

/// The command line with the single-dash spellings of `cc` that clap cannot read as such
/// (`-include FILE`, `-std=c11`) in their double-dash form, up to a `--`.
pub fn compiler_spellings(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut rest = false;
    for a in args {
        rest |= a == "--";
        if !rest && (a == "-include" || a.starts_with("-std=")) {
            out.push(format!("-{a}"));
        } else {
            out.push(a);
        }
    }
    out
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// C files, or directories (every `.c` file below them); `-` reads standard input.
    #[arg(
        required_unless_present_any = ["build_dir", "compile_commands"],
        value_name = "FILE|DIR"
    )]
    pub inputs: Vec<PathBuf>,
    /// Also prove that no arithmetic operation of a signed type overflows (C11 6.5p5: undefined
    /// behaviour). Without it, signed arithmetic is on unbounded integers and a signed overflow
    /// is assumed not to happen; unsigned arithmetic and conversions wrap either way.
    #[arg(long)]
    pub check_overflow: bool,
    #[command(flatten)]
    pub build: BuildArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub backend: BackendArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct ViperArgs {
    /// Viper files (.vpr), or directories (every `.vpr` file below them); `-` reads standard
    /// input.
    #[arg(required = true, value_name = "FILE|DIR")]
    pub inputs: Vec<PathBuf>,
    /// Print the program instead of verifying it.
    #[arg(long, value_enum)]
    pub emit: Option<ViperEmit>,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub backend: BackendArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct EncodeArgs {
    /// The C file (`-` reads standard input).
    pub file: PathBuf,
    /// What to print.
    #[arg(long, value_enum, default_value_t = EncodeEmit::Ppl)]
    pub emit: EncodeEmit,
    /// Output format.
    #[arg(long, value_enum, default_value_t = EncodeFormat::Text)]
    pub format: EncodeFormat,
    #[command(flatten)]
    pub build: BuildArgs,
}

#[derive(Args, Debug)]
pub struct LspArgs {
    /// Options of `ompv verify` to check each file with (after `--`, e.g. `ompv lsp --
    /// --timeout 10 --check-overflow`).
    #[arg(last = true, value_name = "VERIFY_OPTION")]
    pub verify: Vec<std::ffi::OsString>,
}

#[derive(Args, Debug)]
pub struct InferArgs {
    /// The C file (`-` reads standard input).
    pub file: PathBuf,
    #[command(flatten)]
    pub build: BuildArgs,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The C file to explain (`-` reads standard input).
    #[arg(required_unless_present = "kind", conflicts_with = "kind")]
    pub file: Option<PathBuf>,
    /// What to print: the proof's structure as text, a Graphviz graph of the PPL trees and
    /// their happens-before relation, or the Viper program with comments naming the C line of
    /// every check.
    #[arg(long, value_enum, default_value_t = ExplainEmit::Text)]
    pub emit: ExplainEmit,
    /// Explain an error kind (`race`, `permission`, ...) instead: what it means, how to fix it.
    /// `--kind list` lists the kinds.
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
    #[command(flatten)]
    pub build: BuildArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainEmit {
    /// Regions, PPL trees, happens-before, incomparable iteration pairs, permission accounting
    /// and the obligations.
    Text,
    /// A Graphviz (DOT) graph: each region's PPL tree and the happens-before edges.
    Dot,
    /// The Viper program `ompv verify` checks, each check annotated with its C line.
    Viper,
}

#[derive(Args, Debug)]
pub struct WitnessArgs {
    /// The C file (`-` reads standard input).
    pub file: PathBuf,
    /// Threads of a team without `num_threads`.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=32))]
    pub threads: u32,
    /// Statements run before the answer is inconclusive (default 2000000).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Memory cells alive at once before the answer is inconclusive (default 8388608).
    #[arg(long, value_name = "N")]
    pub max_cells: Option<u64>,
    /// How loops whose schedule the implementation chooses (no `schedule` clause, `auto`,
    /// `runtime`, `dynamic` without a chunk size) are distributed: one iteration at a time
    /// round-robin, or one block per thread.
    #[arg(long, value_enum, default_value_t = WitnessSchedule::RoundRobin)]
    pub schedule: WitnessSchedule,
    /// Output format.
    #[arg(long, value_enum, default_value_t = WitnessFormat::Text)]
    pub format: WitnessFormat,
    #[command(flatten)]
    pub build: BuildArgs,
    /// The program's arguments (`argv[1..]`).
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WitnessSchedule {
    RoundRobin,
    Blocks,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WitnessFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print (the page `ompv-COMMAND(1)` that `ompv(1)` refers to).
    pub command: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodeEmit {
    /// The PPL program of every outermost parallel region.
    Ppl,
    /// The Viper program `ompv verify` checks (the functions and every proof obligation).
    Viper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodeFormat {
    Text,
    Json,
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
    /// Verify every obligation again instead of taking the native back end's proofs of
    /// unchanged obligations from the cache (`OMPV_NO_CACHE=1` does the same).
    #[arg(long)]
    pub no_cache: bool,
    /// Keep proofs in DIR instead of `proofs` in ompv's cache folder (`$XDG_CACHE_HOME/ompv`,
    /// else `~/.cache/ompv`); CI machines that share DIR share their proofs.
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache_dir: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Output format: rustc-style text, JSON (one object per file, one per line), or SARIF
    /// 2.1.0 (one log for all files).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Time limit of one solver query, in seconds (fractions allowed); 0 means no limit, as in
    /// Silicon. A query that runs out of time makes the verdict `unknown`, never `verified`.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = seconds,
          allow_negative_numbers = true)]
    pub timeout: f64,
    /// Time limit of the whole check of one file, in seconds (fractions allowed); 0 means no
    /// limit. A file that runs out of it is `unknown`, and the other files go on.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = seconds,
          allow_negative_numbers = true)]
    pub file_timeout: f64,
    /// How many files are checked at the same time (default: one per core).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Stop reporting after this many errors per file (and per obligation, as Silicon's
    /// --numberOfErrorsToReport); 0 reports every error.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_errors: usize,
}

/// A non-negative number of seconds.
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a number of seconds (0 or more; 0 means no limit)"
        )),
    }
}

impl OutputArgs {
    /// The per-query timeout in milliseconds (`None`: no limit).
    pub fn timeout_ms(&self) -> Option<u64> {
        if self.timeout <= 0.0 {
            None
        } else {
            Some(((self.timeout * 1000.0).ceil() as u64).max(1))
        }
    }

    /// The time limit of one file (`None`: no limit).
    pub fn file_timeout(&self) -> Option<std::time::Duration> {
        (self.file_timeout > 0.0).then(|| std::time::Duration::from_secs_f64(self.file_timeout))
    }

    /// How many files are checked at the same time.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// Errors to report per file and obligation (`None`: all).
    pub fn max_errors(&self) -> Option<usize> {
        (self.max_errors > 0).then_some(self.max_errors)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Sarif,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_definition_is_consistent() {
        crate::commands::meta::command().debug_assert();
    }

    #[test]
    fn timeout_is_in_seconds_and_zero_means_no_limit() {
        let out = |t: f64| OutputArgs {
            format: Format::Text,
            timeout: t,
            file_timeout: 0.0,
            jobs: None,
            max_errors: 0,
        };
        assert_eq!(out(0.0).timeout_ms(), None);
        assert_eq!(out(10.0).timeout_ms(), Some(10_000));
        assert_eq!(out(0.25).timeout_ms(), Some(250));
        assert!(seconds("-1").is_err() && seconds("NaN").is_err() && seconds("x").is_err());
        assert_eq!(seconds("1.5"), Ok(1.5));
    }
}
