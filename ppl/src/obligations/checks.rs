//! The side table from generated Viper checks to their meaning in the source program.
//!
//! Every Viper node at which a verifier can report an error (statements, the top of contract
//! clauses, loop invariants and conditions, exhaled/inhaled/asserted assertions, function
//! applications) gets a span of its own: a *check span* in the pseudo-file [`CHECK_FILE`] whose
//! offset is the index of an entry of [`Checks`]. A verification error is then classified by
//! looking its span up, never by reading its text. Nodes below those keep the span of the source
//! construct they come from, so an error's `reason_span` (e.g. the `acc` that lacked permission)
//! still points into the C file.

use crate::tree::BlockKind;
use std::collections::HashMap;
use viper::ast::Expr;
use viper::{FileId, Span};

/// The pseudo-file of check spans (never registered in a source map; `u32::MAX` is taken by
/// the Silicon bridge's printed text).
pub const CHECK_FILE: FileId = FileId(u32::MAX - 1);

/// Identifies a registered check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CheckId(pub u32);

/// Identifies a block described in [`Checks::blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockKey(pub u32);

/// Identifies a region described in [`Checks::regions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionKey(pub u32);

/// What a member's contract clause belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// A source function (its method).
    Function(String),
    /// The iteration contract of a basic block (its par-block method).
    Block(BlockKey),
    /// The contract of a parallel region (its sequentialize and disjointness methods).
    Region(RegionKey),
}

/// The meaning of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A statement of the source program (assignment, declaration, conditional, loop, ...).
    Statement,
    /// A specification assertion (`//@ assert e;`).
    Assert,
    /// A call statement: the callee's precondition must hold.
    Call { callee: String },
    /// A division or remainder: the divisor must not be zero.
    Division,
    /// An arithmetic operation of a signed integer type: its result must be in the type's
    /// range (C11 6.5p5: a signed overflow is undefined behaviour). `ty` names the type.
    Overflow { ty: String },
    /// The condition of a conditional or loop.
    Condition,
    /// A precondition clause of a method (its well-definedness).
    Precondition(Owner),
    /// A postcondition clause of a method.
    Postcondition(Owner),
    /// A loop invariant clause.
    LoopInvariant,
    /// One iteration's permissions must be available in the region's resources.
    Fit {
        region: RegionKey,
        block: BlockKey,
        /// The Viper variables holding the iteration (none for a sequential block).
        vars: Vec<String>,
    },
    /// Two iterations that may run at the same time must not need conflicting permissions.
    Race {
        region: RegionKey,
        first: BlockKey,
        second: BlockKey,
        first_vars: Vec<String>,
        second_vars: Vec<String>,
    },
    /// Sequentialized run of a block: the iteration preconditions of all its iterations must hold.
    BlockPre { region: RegionKey, block: BlockKey },
    /// Sequentialized run of a block: assuming the iteration postconditions.
    BlockPost { region: RegionKey, block: BlockKey },
    /// The function reaches a region with a contract: the region's precondition must hold.
    RegionPre(RegionKey),
    /// The function assumes a region's postcondition after it.
    RegionPost(RegionKey),
    /// The end of a critical section (a lock released): the lock's resource invariant must
    /// hold again (`lock` names the lock; `invariant` is the user's clause, if any).
    LockRelease {
        lock: String,
        invariant: Option<Span>,
    },
    /// At the end of an iteration of a loop with a reduction: the private copy of the variable
    /// holds what the iteration contributes (its stated or inferred `\contribution`).
    Contribution { block: BlockKey, var: String },
    /// What a library routine accesses at a call (`access`, in words) must be held; `exact`
    /// is false where the access is a bound of what the routine does (a string taken to the
    /// end of its object), so that a failure is not certain.
    Library {
        callee: String,
        access: String,
        exact: bool,
    },
    /// What a call of a function of the program that has neither a verified body nor a contract
    /// may access (`access`, in words): a bound of what it does, so a failure is `unknown`.
    Opaque { callee: String, access: String },
    /// A construct ompv does not model (`what`, in words) is used: the check fails, and the
    /// verdict is `unknown`.
    Unmodelled { what: String },
    /// A clause of the block's construct reads an original when the construct starts (the
    /// initialisation of a `firstprivate` copy): the block needs a permission to it.
    ClauseRead { clause: String, var: String },
    /// Generated glue that cannot fail on a correct translation.
    Internal(&'static str),
}

/// One registered check: its role and the source construct it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub role: Role,
    /// The source construct (a C statement, contract clause, division, block or region).
    pub span: Span,
    /// For the clause of a contract ompv inferred: whether the clause is exact.
    pub inferred: Option<bool>,
}

/// One permission an iteration asks for, as needed to explain a race: iteration variable values
/// from a counterexample are substituted into `index` to name the element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PermAtom {
    /// The source of the permission (a `Perm`, `\pointer`, ... expression).
    pub span: Span,
    /// The allocation, as printed Viper (a variable's name, `global_a()`, `row(a, i)`).
    pub array: String,
    /// The allocation as an expression: a row of a 2-D array depends on the iteration.
    pub array_expr: Expr,
    /// The element index, over Viper variable names.
    pub index: Expr,
    /// The field of the element (`val`, a struct member's field): elements' different members
    /// are different locations.
    pub field: String,
    /// The condition under which the permission is asked for (`true` if unconditional).
    pub guard: Expr,
    /// Variables bound inside the permission (a `\forall*`); the index cannot be evaluated then.
    pub bound: Vec<String>,
    /// Whether the amount is a full (write) permission.
    pub writes: bool,
    /// `None` if the permission comes from a clause the user wrote; if ompv inferred it,
    /// whether the clause is exact (then a conflict is a real race).
    pub inferred: Option<bool>,
}

/// A basic block as diagnostics describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockInfo {
    /// `par@17`, `seq@30`, ...
    pub name: String,
    /// How diagnostics name the construct, e.g. `the loop`, `the \`single\``.
    pub construct: String,
    pub kind: BlockKind,
    pub line: u32,
    /// The pragma that creates the block.
    pub pragma: Span,
    /// The iteration variables, outermost first: their source names and Viper names.
    pub vars: Vec<(String, String)>,
    /// The permissions of its iteration precondition.
    pub atoms: Vec<PermAtom>,
    /// For the block of a lock whose resource invariant the user states: the clause.
    pub invariant: Option<Span>,
    /// Why two iterations of the block that the checks put on two threads may never run on
    /// two threads (the schedule leaves it to the implementation): a race found with them is
    /// not certain.
    pub schedule_uncertain: Option<String>,
}

/// A parallel region as diagnostics describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionInfo {
    pub function: String,
    pub line: u32,
    /// The region's pragma.
    pub pragma: Span,
    /// The region's contract, if it has one.
    pub contract: Option<Span>,
    /// Viper names of source variables that were renamed (Viper name -> source name).
    pub names: HashMap<String, String>,
    /// Allocations (as printed Viper) that hold one shared scalar variable, with its source name.
    pub scalars: HashMap<String, String>,
    /// Where the region's order is over-approximated, and why (a loop that waits for a value
    /// another thread publishes; an order between tasks that cannot be expressed): more pairs
    /// may run at the same time than OpenMP allows, so a conflict found in this region is not a
    /// certain race.
    pub approximation: Option<(Span, String)>,
}

impl RegionInfo {
    /// The source name of a Viper variable.
    pub fn source_name<'a>(&'a self, viper: &'a str) -> &'a str {
        self.names.get(viper).map_or(viper, String::as_str)
    }
}

/// The side table of one generated program.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    entries: Vec<Check>,
    pub blocks: Vec<BlockInfo>,
    pub regions: Vec<RegionInfo>,
    /// The source names of the fields that hold struct members (Viper field -> member name),
    /// so that diagnostics name a location `a[3].x`.
    pub member_names: std::collections::HashMap<String, String>,
}

impl Checks {
    pub fn new() -> Checks {
        Checks::default()
    }

    /// Registers a check and returns the span to put on the node that may fail.
    pub fn add(&mut self, role: Role, span: Span) -> Span {
        self.add_clause(role, span, None)
    }

    /// Registers the check of a contract clause (`inferred` as in
    /// [`super::SpecClause::inferred`]).
    pub fn add_clause(&mut self, role: Role, span: Span, inferred: Option<bool>) -> Span {
        let id = self.entries.len() as u32;
        self.entries.push(Check {
            role,
            span,
            inferred,
        });
        Span {
            file: CHECK_FILE,
            start: id,
            end: id,
            line: id + 1,
            column: 1,
        }
    }

    /// The check a span stands for, if it is a check span.
    pub fn get(&self, span: Span) -> Option<&Check> {
        if span.file != CHECK_FILE {
            return None;
        }
        self.entries.get(span.start as usize)
    }

    /// Number of registered checks.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Describes a block; returns its key.
    pub fn add_block(&mut self, info: BlockInfo) -> BlockKey {
        self.blocks.push(info);
        BlockKey(self.blocks.len() as u32 - 1)
    }

    /// Describes a region; returns its key.
    pub fn add_region(&mut self, info: RegionInfo) -> RegionKey {
        self.regions.push(info);
        RegionKey(self.regions.len() as u32 - 1)
    }

    pub fn block(&self, k: BlockKey) -> &BlockInfo {
        &self.blocks[k.0 as usize]
    }

    pub fn block_mut(&mut self, k: BlockKey) -> &mut BlockInfo {
        &mut self.blocks[k.0 as usize]
    }

    pub fn region(&self, k: RegionKey) -> &RegionInfo {
        &self.regions[k.0 as usize]
    }
}

/// Whether a span is a check span.
pub fn is_check_span(span: Span) -> bool {
    span.file == CHECK_FILE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_round_trip_and_source_spans_are_not_checks() {
        let mut c = Checks::new();
        let src = Span {
            file: FileId(0),
            start: 5,
            end: 9,
            line: 2,
            column: 3,
        };
        let a = c.add(Role::Statement, src);
        let b = c.add(Role::Assert, src);
        assert_ne!(a, b);
        assert_eq!(c.get(a).unwrap().role, Role::Statement);
        assert_eq!(c.get(b).unwrap().role, Role::Assert);
        assert_eq!(c.get(b).unwrap().span, src);
        assert!(c.get(src).is_none());
        assert!(is_check_span(a) && !is_check_span(src));
        assert_eq!(c.len(), 2);
    }
}
