//! Test helpers: a C program parsed from text, and the body of one of its functions.

use crate::c::ast::{Block, Body};
use crate::c::Program;
use viper::SourceMap;

/// `src` (a file `t.c`) parsed and converted; panics on errors.
pub(crate) fn parsed(src: &str) -> Program {
    let mut sm = SourceMap::new();
    let file = sm.add("t.c", src);
    crate::parse_c(&mut sm, file, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The body of the verified function `name` of `program`.
pub(crate) fn body<'a>(program: &'a Program, name: &str) -> &'a Block {
    let f = program
        .functions
        .iter()
        .find(|f| f.name.name == name)
        .unwrap_or_else(|| panic!("no function `{name}`"));
    let Body::Verified(b) = &f.body else {
        panic!("`{name}` is not verified")
    };
    b
}
