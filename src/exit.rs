//! Verdicts and the exit codes shared by every subcommand.

use serde::{Deserialize, Serialize};

/// How a run ended (the process's exit code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    Verified,
    Failed,
    InputError,
    Unknown,
    /// Stopped by Ctrl-C ([`crate::interrupt`]).
    Interrupted,
}

impl ExitCode {
    pub fn code(self) -> i32 {
        match self {
            ExitCode::Verified => 0,
            ExitCode::Failed => 1,
            ExitCode::InputError => 2,
            ExitCode::Unknown => 3,
            ExitCode::Interrupted => crate::interrupt::EXIT_CODE,
        }
    }

    /// The verdict of this outcome (a run that ends in 0 has verified something).
    pub fn verdict(self) -> Verdict {
        match self {
            ExitCode::Verified => Verdict::Verified,
            ExitCode::Failed => Verdict::Failed,
            ExitCode::InputError => Verdict::Error,
            ExitCode::Unknown | ExitCode::Interrupted => Verdict::Unknown,
        }
    }
}

/// The verdict on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every obligation was proved.
    Verified,
    /// The file has nothing to verify (no function with a body, e.g. an empty file): exit code
    /// 0, but never called "verified".
    NothingToVerify,
    /// An obligation was refuted (or the back ends disagree on one).
    Failed,
    /// An obligation could not be decided (a solver timeout or `unknown`).
    Unknown,
    /// The input could not be checked (syntax, type, unsupported construct, missing back end).
    Error,
}

impl Verdict {
    /// Every verdict, in the order summaries list them.
    pub const ALL: [Verdict; 5] = [
        Verdict::Verified,
        Verdict::Failed,
        Verdict::Unknown,
        Verdict::Error,
        Verdict::NothingToVerify,
    ];

    /// As JSON and the verdict lines write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::NothingToVerify => "nothing-to-verify",
            Verdict::Failed => "failed",
            Verdict::Unknown => "unknown",
            Verdict::Error => "error",
        }
    }

    /// As prose (`nothing to verify`).
    pub fn words(self) -> &'static str {
        match self {
            Verdict::NothingToVerify => "nothing to verify",
            v => v.as_str(),
        }
    }

    pub fn exit_code(self) -> ExitCode {
        match self {
            Verdict::Verified | Verdict::NothingToVerify => ExitCode::Verified,
            Verdict::Failed => ExitCode::Failed,
            Verdict::Unknown => ExitCode::Unknown,
            Verdict::Error => ExitCode::InputError,
        }
    }

    /// How bad a verdict is, for the exit code of a run over many files: an input error (some
    /// code was not checked at all) is worse than a failure, a failure worse than an
    /// inconclusive answer.
    pub fn severity(self) -> u8 {
        match self {
            Verdict::Verified | Verdict::NothingToVerify => 0,
            Verdict::Unknown => 1,
            Verdict::Failed => 2,
            Verdict::Error => 3,
        }
    }

    /// The worst of several verdicts (`NothingToVerify` for none).
    pub fn worst(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .max_by_key(|v| (v.severity(), *v == Verdict::Verified))
            .unwrap_or(Verdict::NothingToVerify)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_verdict_decides() {
        use Verdict::*;
        assert_eq!(Verdict::worst([Verified, Failed, Unknown]), Failed);
        assert_eq!(Verdict::worst([Failed, Error]), Error);
        assert_eq!(Verdict::worst([Verified, Unknown]), Unknown);
        assert_eq!(Verdict::worst([NothingToVerify, Verified]), Verified);
        assert_eq!(Verdict::worst([]), NothingToVerify);
        assert_eq!(NothingToVerify.exit_code().code(), 0);
        assert_eq!(Error.exit_code().code(), 2);
        assert_eq!(Unknown.exit_code().code(), 3);
    }
}
