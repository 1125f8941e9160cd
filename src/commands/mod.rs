//! One module per subcommand.

pub mod encode;
pub mod viper;
