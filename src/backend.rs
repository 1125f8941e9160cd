//! The two back ends behind `--backend native|silicon|both`: running each, turning its result into
//! an exit code and problems, and comparing the two answers.

use crate::exit::ExitCode;
use crate::report::Problem;
use codespan_reporting::diagnostic::Severity;
use std::collections::BTreeSet;
use viper::ast::Program;
use viper::verifier::{Verdict, VerifyOptions};
use viper::{FileId, InputError, SourceFile, Span};

/// One back end's answer: how the run ends and what it reports.
#[derive(Clone, Debug)]
pub struct Answer {
    pub code: ExitCode,
    pub problems: Vec<Problem>,
}

impl Answer {
    pub fn new(code: ExitCode, problems: Vec<Problem>) -> Answer {
        Answer { code, problems }
    }

    /// Input errors (parse, type, unsupported) end the run with exit code 2.
    pub fn input_errors(errors: &[InputError]) -> Answer {
        Answer::new(
            ExitCode::InputError,
            errors
                .iter()
                .map(|e| Problem::viper(e.kind.id(), e.span, &e.message))
                .collect(),
        )
    }

    /// What two back ends are compared on: the verdict and the set of (error id, line).
    fn key(&self) -> (ExitCode, BTreeSet<(String, u32)>) {
        (
            self.code,
            self.problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .map(|p| (p.id.clone(), p.span.line))
                .collect(),
        )
    }

    /// `failed [assert.failed:assertion.false@6, ...]`, for disagreement reports.
    fn summary(&self) -> String {
        let errors: Vec<String> = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| format!("{}@{}", p.id, p.span.line))
            .collect();
        if errors.is_empty() {
            self.code.verdict().as_str().to_string()
        } else {
            format!("{} [{}]", self.code.verdict().as_str(), errors.join(", "))
        }
    }
}

/// Verifies a type-checked program with ompv's own back end.
pub fn native(program: &Program, options: &VerifyOptions) -> Answer {
    match viper::verifier::verify(program, options) {
        Err(errs) => Answer::input_errors(&errs),
        Ok(result) => {
            let problems = result
                .errors()
                .into_iter()
                .map(|e| Problem::viper(e.full_id(), e.span, &e.message))
                .collect();
            let code = match result.verdict() {
                Verdict::Verified => ExitCode::Verified,
                Verdict::Failed => ExitCode::Failed,
                Verdict::Unknown => ExitCode::Unknown,
            };
            Answer::new(code, problems)
        }
    }
}

/// Compares the native and Silicon answers: the common answer if they agree on the verdict and
/// the (error id, line) set, else one `backend.disagreement` error (exit 2) listing both. When
/// Silicon could not run at all, that error is the answer.
pub fn compare(native: Answer, silicon: Answer) -> Answer {
    if silicon
        .problems
        .iter()
        .any(|p| p.id.starts_with("silicon."))
    {
        return silicon;
    }
    let (n, s) = (native.key(), silicon.key());
    if n == s {
        return native;
    }
    // Point at the first error only one side reports, if it has a position.
    let differing: BTreeSet<_> = n.1.symmetric_difference(&s.1).cloned().collect();
    let span = native
        .problems
        .iter()
        .chain(&silicon.problems)
        .filter(|p| differing.contains(&(p.id.clone(), p.span.line)) && !p.span.is_dummy())
        .map(|p| p.span)
        .min_by_key(|s| (s.line, s.column))
        .unwrap_or(Span::DUMMY);
    let mut p = Problem::viper(
        "backend.disagreement",
        span,
        format!(
            "the back ends disagree: native: {}; silicon: {}",
            native.summary(),
            silicon.summary()
        ),
    );
    p.notes = native
        .problems
        .iter()
        .map(|q| format!("native: {} at line {}: {}", q.id, q.span.line, q.message))
        .chain(
            silicon
                .problems
                .iter()
                .map(|q| format!("silicon: {} at line {}: {}", q.id, q.span.line, q.message)),
        )
        .collect();
    Answer::new(ExitCode::InputError, vec![p])
}

/// A program handed to Silicon, whose answer is collected later (so that the native back end can
/// run meanwhile).
pub struct SiliconRun<'a> {
    #[cfg(feature = "silicon")]
    pending: Result<viper::silicon::PendingResult<'a>, viper::silicon::SiliconError>,
    #[cfg(not(feature = "silicon"))]
    _source: std::marker::PhantomData<&'a ()>,
}

/// Hands a Viper source file to Silicon as written; spans of the answer point into `source`.
pub fn submit_silicon_source(source: &SourceFile, file: FileId) -> SiliconRun<'_> {
    #[cfg(feature = "silicon")]
    {
        SiliconRun {
            pending: viper::silicon::Silicon::global().map(|s| s.submit_source(source, file)),
        }
    }
    #[cfg(not(feature = "silicon"))]
    {
        let _ = (source, file);
        SiliconRun {
            _source: std::marker::PhantomData,
        }
    }
}

/// Hands a program ompv built to Silicon (printed as Viper text); spans of the answer are the
/// spans of `program`'s nodes.
#[allow(dead_code)] // for `ompv verify --backend`, which lands separately
pub fn submit_silicon_program(program: &Program) -> SiliconRun<'static> {
    #[cfg(feature = "silicon")]
    {
        SiliconRun {
            pending: viper::silicon::Silicon::global().and_then(|s| s.submit_program(program)),
        }
    }
    #[cfg(not(feature = "silicon"))]
    {
        let _ = program;
        SiliconRun {
            _source: std::marker::PhantomData,
        }
    }
}

impl SiliconRun<'_> {
    /// Waits for Silicon's answer.
    pub fn wait(self) -> Answer {
        #[cfg(feature = "silicon")]
        {
            match self.pending.and_then(|p| p.wait()) {
                Ok(result) => silicon_answer(&result),
                Err(e) => Answer::new(
                    ExitCode::InputError,
                    vec![Problem::viper(e.id(), Span::DUMMY, e.to_string())],
                ),
            }
        }
        #[cfg(not(feature = "silicon"))]
        {
            Answer::new(
                ExitCode::InputError,
                vec![Problem::viper(
                    "silicon.unavailable",
                    Span::DUMMY,
                    "this ompv was built without Silicon support; rebuild with \
                     `cargo build --features silicon` (and run scripts/setup.sh --silicon)",
                )],
            )
        }
    }
}

#[cfg(feature = "silicon")]
fn silicon_answer(r: &viper::silicon::SiliconResult) -> Answer {
    tracing::info!(time = ?r.time, "Silicon answered");
    if r.is_rejected() {
        return Answer::input_errors(&r.input_errors);
    }
    let mut problems: Vec<Problem> = r
        .errors
        .iter()
        .map(|e| Problem::viper(e.full_id(), e.span, &e.message))
        .chain(
            r.other_errors
                .iter()
                .map(|e| Problem::viper(&e.id, e.span, &e.message)),
        )
        .collect();
    problems.extend(r.inconclusive.iter().map(|e| {
        let mut p = Problem::viper(&e.id, e.span, &e.message);
        p.severity = Severity::Warning;
        p
    }));
    problems.sort_by_key(|p| (p.span.line, p.span.column, p.id.clone()));
    let code = match r.verdict() {
        Verdict::Verified => ExitCode::Verified,
        Verdict::Failed => ExitCode::Failed,
        Verdict::Unknown => ExitCode::Unknown,
    };
    Answer::new(code, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32) -> Span {
        Span {
            line,
            column: 1,
            ..Span::DUMMY
        }
    }

    fn failed(errors: &[(&str, u32)]) -> Answer {
        Answer::new(
            ExitCode::Failed,
            errors
                .iter()
                .map(|(id, l)| Problem::viper(*id, at(*l), "m"))
                .collect(),
        )
    }

    #[test]
    fn agreement_gives_the_common_answer() {
        let a = compare(
            failed(&[("assert.failed:assertion.false", 3)]),
            failed(&[("assert.failed:assertion.false", 3)]),
        );
        assert_eq!(a.code, ExitCode::Failed);
        assert_eq!(a.problems[0].id, "assert.failed:assertion.false");
    }

    #[test]
    fn different_lines_disagree() {
        let a = compare(
            failed(&[("assert.failed:assertion.false", 3)]),
            failed(&[("assert.failed:assertion.false", 4)]),
        );
        assert_eq!(a.code, ExitCode::InputError);
        assert_eq!(a.problems.len(), 1);
        assert_eq!(a.problems[0].id, "backend.disagreement");
        assert_eq!(a.problems[0].span.line, 3);
        assert!(a.problems[0]
            .message
            .contains("native: failed [assert.failed:assertion.false@3]"));
        assert!(a.problems[0]
            .message
            .contains("silicon: failed [assert.failed:assertion.false@4]"));
    }

    #[test]
    fn different_verdicts_disagree() {
        let a = compare(
            Answer::new(ExitCode::Verified, vec![]),
            Answer::new(ExitCode::Unknown, vec![]),
        );
        assert_eq!(a.problems[0].id, "backend.disagreement");
        assert!(a.problems[0].span.is_dummy());
        assert!(a.problems[0]
            .message
            .contains("native: verified; silicon: unknown"));
    }

    #[test]
    fn warnings_are_not_compared() {
        let mut s = Answer::new(
            ExitCode::Unknown,
            vec![Problem::viper("timeout.error", at(0), "t")],
        );
        s.problems[0].severity = Severity::Warning;
        let a = compare(Answer::new(ExitCode::Unknown, vec![]), s);
        assert_eq!(a.code, ExitCode::Unknown);
    }

    #[test]
    fn silicon_failing_to_run_is_the_answer() {
        let s = Answer::new(
            ExitCode::InputError,
            vec![Problem::viper("silicon.unavailable", Span::DUMMY, "no jar")],
        );
        let a = compare(failed(&[("assert.failed:assertion.false", 3)]), s);
        assert_eq!(a.code, ExitCode::InputError);
        assert_eq!(a.problems[0].id, "silicon.unavailable");
    }

    #[test]
    fn different_ids_disagree() {
        let a = compare(
            failed(&[("assert.failed:assertion.false", 3)]),
            failed(&[("exhale.failed:assertion.false", 3)]),
        );
        assert_eq!(a.problems[0].id, "backend.disagreement");
    }
}
