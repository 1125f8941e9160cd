//! The canonical Viper pretty printer.

use crate::ast::Program;

/// Prints a whole program.
pub fn print_program(_program: &Program) -> String {
    String::new()
}
