//! The generated pest parser for `viper.pest`.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "parser/viper.pest"]
pub(super) struct ViperGrammar;

/// Parses a whole program and returns its `program` node.
pub(super) fn parse(text: &str) -> Result<Pair<'_, Rule>, Box<pest::error::Error<Rule>>> {
    let mut pairs = ViperGrammar::parse(Rule::program, text).map_err(Box::new)?;
    // `program` always produces exactly one pair when parsing succeeds.
    pairs.next().ok_or_else(|| {
        Box::new(pest::error::Error::new_from_pos(
            pest::error::ErrorVariant::CustomError {
                message: "empty parse".into(),
            },
            pest::Position::from_start(text),
        ))
    })
}
