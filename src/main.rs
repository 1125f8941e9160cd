//! `ompv`: a deductive verifier for annotated C/OpenMP programs.

mod backend;
mod cli;
mod commands;
mod diagnose;
mod exit;
mod report;

use clap::Parser;

fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("OMPV_LOG"))
        .with_writer(std::io::stderr)
        .init();
    let cli = cli::Cli::parse();
    let code = match cli.command {
        cli::Command::Viper(args) => commands::viper::run(&args),
        cli::Command::Encode(args) => commands::encode::run(&args),
        cli::Command::Verify(args) => commands::verify::run(&args),
    };
    std::process::exit(code.code());
}
