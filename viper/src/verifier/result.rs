use crate::VerificationError;
use std::time::Duration;

/// Settings of one verification run.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Per-query solver timeout in milliseconds; a timeout makes the verdict [`Verdict::Unknown`].
    pub timeout_ms: Option<u64>,
    /// Verify members in parallel (one Z3 context per worker thread).
    pub parallel: bool,
    /// Errors per member after which its verification stops. `None` reports every error: after a
    /// failed check of a fact the fact is assumed and the path continues, after a failed
    /// permission check the path stops (like Silicon with `--numberOfErrorsToReport 0`).
    /// `Some(1)` is Silicon's default (used to compare with Silver's test corpus).
    pub max_errors_per_member: Option<usize>,
    /// Worker threads verifying members (`None`: the environment variable `OMPV_THREADS` if set,
    /// else one per core). Verdicts and errors do not depend on it.
    pub jobs: Option<usize>,
    /// Smoke detection: report the points of method bodies that are reached only in
    /// inconsistent states (error `refute.failed:refutation.true`), see `verifier::smoke`.
    pub smoke: bool,
    /// For smoke detection: `inhale false` / `assume false` end a path on purpose, as in ompv's
    /// encodings of C (a `return`, a side branch of a check), so the state right before them is
    /// the point checked, not the state after them. Off (Silver's plugin) for Viper written by
    /// users: there, code after `assume false` is smoke like any other.
    pub path_ends_on_purpose: bool,
    /// Where proofs found before are remembered (`None`: every member is verified).
    pub cache: Option<super::cache::Cache>,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            timeout_ms: Some(10_000),
            parallel: true,
            max_errors_per_member: None,
            jobs: None,
            smoke: false,
            path_ends_on_purpose: false,
            cache: None,
        }
    }
}

/// The outcome of verifying a member or a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Verified,
    Failed,
    /// The solver answered `unknown` or timed out on some query; never reported as success.
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Failed => "failed",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Which kind of member a result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemberKind {
    Method,
    Function,
    Predicate,
    Domain,
}

/// The result of verifying one method, function (well-definedness), or domain (axiom consistency is
/// not checked; domains only appear for their well-formedness).
#[derive(Clone, Debug)]
pub struct MemberResult {
    pub name: String,
    pub kind: MemberKind,
    pub errors: Vec<VerificationError>,
    /// Why some query was inconclusive (empty when every query was decided).
    pub unknowns: Vec<String>,
    pub time: Duration,
    /// Whether the proof was found in the cache instead of being found again.
    pub cached: bool,
}

impl MemberResult {
    pub fn verdict(&self) -> Verdict {
        if !self.errors.is_empty() {
            Verdict::Failed
        } else if !self.unknowns.is_empty() {
            Verdict::Unknown
        } else {
            Verdict::Verified
        }
    }
}

/// The results of all members of a program.
#[derive(Clone, Debug, Default)]
pub struct ProgramResult {
    pub members: Vec<MemberResult>,
}

impl ProgramResult {
    /// `Failed` if any member failed, else `Unknown` if any was inconclusive, else `Verified`.
    pub fn verdict(&self) -> Verdict {
        self.members
            .iter()
            .map(MemberResult::verdict)
            .max_by_key(|v| match v {
                Verdict::Verified => 0,
                Verdict::Unknown => 1,
                Verdict::Failed => 2,
            })
            .unwrap_or(Verdict::Verified)
    }

    /// All errors of all members, sorted by position; an error reported identically by several
    /// members (e.g. in a callee's contract) appears once.
    pub fn errors(&self) -> Vec<&VerificationError> {
        let mut v: Vec<_> = self.members.iter().flat_map(|m| &m.errors).collect();
        v.sort_by_key(|e| (e.span.line, e.span.column, e.full_id()));
        v.dedup_by(|a, b| a.full_id() == b.full_id() && a.span == b.span);
        v
    }
}
