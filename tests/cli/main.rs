//! The command-line tests, one module per concern, in one test binary so that the suite links
//! it once: building like a compiler (`build`), the proof cache (`cache`), output hygiene (`output`), inputs and directory walks (`inputs`), SARIF (`sarif`),
//! the CI recipe (`ci_recipe`), `explain`, every README command (`readme`), crash isolation
//! (`isolation`), signals and time limits (`signals`), users and concurrent runs (`users`),
//! Viper files (`viper_files`) and the language server (`lsp`).

#[path = "../cli_support/mod.rs"]
mod cli_support;
#[path = "../support/mod.rs"]
mod support;

mod build;
mod cache;
mod ci_recipe;
mod explain;
mod inputs;
mod isolation;
mod lsp;
mod output;
mod readme;
mod sarif;
mod signals;
mod users;
mod viper_files;
