//! One module per subcommand.

pub mod encode;
pub mod input;
pub mod verify;
pub mod viper;
