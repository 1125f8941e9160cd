//! The kinds of problems ompv reports, in the terms of the input program (the JSON `kind`, the
//! SARIF rule id), with what each means (`ompv explain --kind KIND`).

mod explanation;

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
    /// A lock's resource invariant (`resource_invariant`): not established where the region
    /// starts, or not re-established at the end of a critical section.
    ResourceInvariant,
    /// An assertion, or a division by zero.
    Assertion,
    /// An access without enough permission.
    Permission,
    /// `--smoke`: code reached only in inconsistent states (its verification proves nothing).
    Smoke,
    Syntax,
    /// The program breaks a restriction of OpenMP 5.2: its behaviour is not defined.
    Nonconforming,
    Unsupported,
    Type,
    /// The file could not be read.
    Io,
    /// The command line asks for something ompv does not do.
    Usage,
    /// A back end could not run or the two back ends disagree.
    Backend,
    /// The solver could not decide a check (the verdict is `unknown`).
    Inconclusive,
    /// A failure ompv cannot explain (a bug of ompv); never a success.
    Internal,
}

impl Kind {
    /// Every kind, in the order `ompv explain --kind list` shows them.
    pub const ALL: [Kind; 19] = [
        Kind::Race,
        Kind::IterationContract,
        Kind::RegionContract,
        Kind::Postcondition,
        Kind::Precondition,
        Kind::LoopInvariant,
        Kind::ResourceInvariant,
        Kind::Assertion,
        Kind::Permission,
        Kind::Smoke,
        Kind::Syntax,
        Kind::Nonconforming,
        Kind::Type,
        Kind::Unsupported,
        Kind::Io,
        Kind::Usage,
        Kind::Backend,
        Kind::Inconclusive,
        Kind::Internal,
    ];

    /// The kind as JSON and the text output write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Race => "race",
            Kind::IterationContract => "iteration-contract",
            Kind::RegionContract => "region-contract",
            Kind::Postcondition => "postcondition",
            Kind::Precondition => "precondition",
            Kind::LoopInvariant => "loop-invariant",
            Kind::ResourceInvariant => "resource-invariant",
            Kind::Assertion => "assertion",
            Kind::Permission => "permission",
            Kind::Smoke => "smoke",
            Kind::Syntax => "syntax",
            Kind::Nonconforming => "nonconforming",
            Kind::Unsupported => "unsupported",
            Kind::Type => "type",
            Kind::Io => "io",
            Kind::Usage => "usage",
            Kind::Backend => "backend",
            Kind::Inconclusive => "inconclusive",
            Kind::Internal => "internal",
        }
    }

    /// The kind named `s` (as [`Kind::as_str`] writes it).
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The kind of an input error of the front end or the pipeline.
    pub fn of_input(kind: &str) -> Kind {
        match kind {
            "syntax" => Kind::Syntax,
            "nonconforming" => Kind::Nonconforming,
            "unsupported" => Kind::Unsupported,
            "type" => Kind::Type,
            "io" => Kind::Io,
            "usage" => Kind::Usage,
            _ => Kind::Internal,
        }
    }

    /// The kind of a problem of a Viper program, from its Silver id (`<error>:<reason>` or an
    /// input error's id).
    pub fn of_viper_id(id: &str) -> Kind {
        let (error, reason) = id.split_once(':').unwrap_or((id, ""));
        match error {
            "parser.error" => return Kind::Syntax,
            "typechecker.error" => return Kind::Type,
            "io.error" => return Kind::Io,
            "usage.error" => return Kind::Usage,
            "timeout.error" | "exceptional.error" => return Kind::Inconclusive,
            e if e.starts_with("unsupported") => return Kind::Unsupported,
            e if e.starts_with("silicon.") || e.starts_with("backend.") => return Kind::Backend,
            _ => {}
        }
        if reason == "insufficient.permission" {
            return Kind::Permission;
        }
        match error {
            "postcondition.violated" => Kind::Postcondition,
            "call.precondition" | "application.precondition" => Kind::Precondition,
            "invariant.not.established" | "invariant.not.preserved" => Kind::LoopInvariant,
            e if e.ends_with(".failed") || e.ends_with(".wellformed") || e == "not.wellformed" => {
                Kind::Assertion
            }
            _ => Kind::Internal,
        }
    }

    /// One line: what the kind means.
    pub fn summary(self) -> &'static str {
        match self {
            Kind::Race => "two accesses that may run at the same time conflict, and one of them writes",
            Kind::IterationContract => "an iteration contract of a parallel loop, `single` or `section` does not hold or does not fit",
            Kind::RegionContract => "the contract of a parallel region does not hold or provides too little",
            Kind::Postcondition => "a function's postcondition may not hold when it returns",
            Kind::Precondition => "a callee's precondition may not hold at a call",
            Kind::LoopInvariant => "a loop invariant may not hold on entry or may not be preserved",
            Kind::ResourceInvariant => "a lock's resource invariant may not hold where the region starts or where a critical section ends",
            Kind::Assertion => "an assertion may not hold, or a divisor may be zero",
            Kind::Permission => "an access needs a permission that may not be held there",
            Kind::Smoke => "verified code is reached only in inconsistent states (`--smoke`): its proof says nothing",
            Kind::Syntax => "the C code, a pragma, a specification or a Viper program is malformed",
            Kind::Nonconforming => "the program breaks a restriction of OpenMP 5.2 (the nesting of regions, a barrier some threads may not meet)",
            Kind::Type => "an expression has the wrong type, or a name is undeclared",
            Kind::Unsupported => "a construct outside the subset ompv verifies",
            Kind::Io => "a file could not be read",
            Kind::Usage => "the command line asks for something ompv does not do",
            Kind::Backend => "a back end could not run, or the two back ends disagree",
            Kind::Inconclusive => "the solver could not decide a check in time (the verdict is unknown)",
            Kind::Internal => "a failure ompv cannot explain: a bug of ompv, never a success",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_and_viper_ids_map() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
            assert_eq!(serde_json::to_value(k).unwrap(), k.as_str());
        }
        let of = Kind::of_viper_id;
        assert_eq!(
            of("exhale.failed:insufficient.permission"),
            Kind::Permission
        );
        assert_eq!(of("assert.failed:assertion.false"), Kind::Assertion);
        assert_eq!(
            of("postcondition.violated:assertion.false"),
            Kind::Postcondition
        );
        assert_eq!(of("call.precondition:assertion.false"), Kind::Precondition);
        assert_eq!(
            of("invariant.not.preserved:assertion.false"),
            Kind::LoopInvariant
        );
        assert_eq!(of("parser.error"), Kind::Syntax);
        assert_eq!(of("typechecker.error"), Kind::Type);
        assert_eq!(of("silicon.unavailable"), Kind::Backend);
        assert_eq!(of("backend.disagreement"), Kind::Backend);
        assert_eq!(of("timeout.error"), Kind::Inconclusive);
        assert_eq!(of("something.else"), Kind::Internal);
    }
}
