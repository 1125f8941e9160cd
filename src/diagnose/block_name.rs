//! How messages name a block of a region.

use ppl::obligations::BlockInfo;

/// How a block is named in messages: `the loop at line 17`.
pub fn describe(b: &BlockInfo) -> String {
    format!("{} at line {}", b.construct, b.line)
}
