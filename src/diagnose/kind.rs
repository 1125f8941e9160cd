//! The kinds of problems `ompv verify` reports, in the terms of the C program.

use serde::Serialize;

/// What went wrong (the JSON `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Two accesses that may run at the same time conflict (at least one writes).
    Race,
    /// A block's iteration contract: its postcondition, or its precondition at the region.
    IterationContract,
    /// A parallel region's contract.
    RegionContract,
    /// A function's postcondition.
    Postcondition,
    /// A callee's precondition at a call.
    Precondition,
    LoopInvariant,
    /// An assertion, or a division by zero.
    Assertion,
    /// An access without enough permission.
    Permission,
    /// `--smoke`: code reached only in inconsistent states (its verification proves nothing).
    Smoke,
    Syntax,
    Unsupported,
    Type,
    /// The file could not be read.
    Io,
    /// A failure ompv cannot explain (a bug of ompv); never a success.
    Internal,
}

impl Kind {
    /// The kind as JSON and the text output write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Race => "race",
            Kind::IterationContract => "iteration-contract",
            Kind::RegionContract => "region-contract",
            Kind::Postcondition => "postcondition",
            Kind::Precondition => "precondition",
            Kind::LoopInvariant => "loop-invariant",
            Kind::Assertion => "assertion",
            Kind::Permission => "permission",
            Kind::Smoke => "smoke",
            Kind::Syntax => "syntax",
            Kind::Unsupported => "unsupported",
            Kind::Type => "type",
            Kind::Io => "io",
            Kind::Internal => "internal",
        }
    }

    /// The kind of an input error of the front end or the pipeline.
    pub fn of_input(kind: &str) -> Kind {
        match kind {
            "syntax" => Kind::Syntax,
            "unsupported" => Kind::Unsupported,
            "type" => Kind::Type,
            "io" => Kind::Io,
            _ => Kind::Internal,
        }
    }
}
