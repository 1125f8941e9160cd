//! Reading a C file: preprocessing, finding specification comments and pragmas, blanking them for
//! the C parser, and mapping positions back to the original file.

pub mod cpp;
pub mod extract;
pub mod linemap;
pub mod scan;
