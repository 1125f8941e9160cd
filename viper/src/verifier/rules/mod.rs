//! The symbolic-execution rules, after Silicon's: `produce` (inhale), `consume` (exhale), `eval`
//! (expressions, with well-definedness checks) and `exec` (statements), in continuation-passing
//! style, with the helpers only they need: the shapes of assertions, the rewriting of pure
//! quantifiers over an affine index, the smoke-detection points, and traversals of the AST.
//!
//! The rules use the heap, the theories and the SMT layer below them; the orchestration above
//! (`method`, `function`, the domains) calls them.

pub(super) mod assertions;
pub(super) mod consume;
pub(super) mod eval;
pub(super) mod exec;
pub(super) mod predicates;
pub(super) mod produce;
pub(super) mod quant_index;
pub(super) mod smoke;
pub(super) mod walk;

/// Stack left before a recursive rule moves to a new stack segment (of `SEGMENT` bytes): the
/// rules recurse once per statement and per operator, and programs may be long.
const RED_ZONE: usize = 256 * 1024;
const SEGMENT: usize = 8 * 1024 * 1024;
