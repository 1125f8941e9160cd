//! Helpers of the tests that parse single pragmas (`pragma::tests`, `semantics::support::tests`).

use super::{parse_pragma, Pragma};
use crate::error::FrontError;
use crate::spec::Origin;
use viper::{FileId, SourceFile};

/// Parses `src`, the text of one pragma on line 1 of a file `t.c`.
pub fn parse(src: &str) -> Result<Pragma, FrontError> {
    let f = SourceFile::new("t.c", src);
    parse_pragma(
        src,
        Origin {
            file: FileId(0),
            source: &f,
            base: 0,
        },
        1,
    )
}

/// Parses `src`, which must parse.
pub fn ok(src: &str) -> Pragma {
    parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.message))
}
