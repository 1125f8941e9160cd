//! One module per subcommand, and what they share.

pub mod encode;
pub mod explain;
pub mod infer;
pub mod input;
pub mod inputs;
pub mod lsp;
pub mod meta;
pub mod run;
pub mod settle;
pub mod skipped;
pub mod verify;
pub mod viper;
pub mod witness;
