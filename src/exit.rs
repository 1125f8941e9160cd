//! Exit codes shared by every subcommand.

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    Verified,
    Failed,
    InputError,
    Unknown,
}

impl ExitCode {
    pub fn code(self) -> i32 {
        match self {
            ExitCode::Verified => 0,
            ExitCode::Failed => 1,
            ExitCode::InputError => 2,
            ExitCode::Unknown => 3,
        }
    }

    /// The JSON `verdict` string of this outcome.
    pub fn verdict(self) -> &'static str {
        match self {
            ExitCode::Verified => "verified",
            ExitCode::Failed => "failed",
            ExitCode::InputError => "error",
            ExitCode::Unknown => "unknown",
        }
    }
}
