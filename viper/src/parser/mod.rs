//! The Viper parser: a `pest` grammar (`viper.pest`) and a builder that turns its parse tree into
//! the [`ast`](crate::ast).
//!
//! The parser resolves only what the syntax alone cannot express in the AST: `x := m(..)` becomes a
//! method call when a method `m` is declared in the file, names of the enclosing domain's type
//! parameters become [`Type::Var`](crate::ast::Type::Var), and `var a: T, b: U := m(..)` is split
//! into declarations followed by the call. Everything else is left to the type checker.

mod builder;
mod depth;
mod errors;
mod exprs;
mod grammar;
mod stmts;

use crate::ast::Program;
use crate::{FileId, InputError, SourceFile};

/// The deepest nesting of expressions and statements the parser accepts; deeper input is rejected
/// with a `parser.error` so that recursive consumers of the tree cannot exhaust their stack.
pub const MAX_NESTING: usize = 512;

/// Stack reserved for one parse: pest and the builder recurse once per bracket level.
const PARSE_STACK: usize = 64 * 1024 * 1024;

/// Parses a whole program; the text is registered as `file` in the spans of the result.
pub fn parse_program(text: &str, file: FileId) -> Result<Program, InputError> {
    let source = SourceFile::new("", text);
    // A leading byte-order mark becomes blanks of the same length, so that offsets stay valid.
    let blanked;
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            blanked = format!("   {rest}");
            blanked.as_str()
        }
        None => text,
    };
    stacker::grow(PARSE_STACK, || {
        let tree = grammar::parse(text).map_err(|e| errors::from_pest(&e, &source, file))?;
        let program = builder::Builder::new(&source, file).program(tree)?;
        depth::check(&program)?;
        Ok(program)
    })
}

#[cfg(test)]
mod tests;
