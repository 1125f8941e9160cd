//! One module per subcommand.

pub mod viper;
