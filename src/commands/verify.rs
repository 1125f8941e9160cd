//! `ompv verify FILE.c`: lowers the annotated C/OpenMP program to Viper with the proof
//! obligations of its parallel regions, verifies every member with the native back end (members
//! in parallel), and reports each failure in C terms.
//!
//! `--backend silicon` verifies the same program with Viper's Silicon instead (a build with the
//! `silicon` feature), `--backend both` with both, reporting any difference in the verdict or
//! in the set of failed checks as an error of its own. Silicon's errors are mapped back to the
//! program's nodes, hence to the same side table.
//!
//! Exit codes: 0 verified, 1 verification failed, 2 input error, 3 inconclusive.

use super::input;
use super::inputs::{self, Language};
use super::run::run_all;
use super::settle;
use super::skipped;
use crate::cli::{Backend, BuildArgs, VerifyArgs};
use crate::diagnose::{self, Diagnostic};
use crate::exit::{ExitCode, Verdict as FileVerdict};
use crate::flags;
use crate::input::Input;
use crate::kind::Kind;
use crate::report::{FileReport, ObligationStatus, Problem, Skipped};
use openmp::lower::Lowered;
use ppl::obligations::checks::is_check_span;
use std::collections::{BTreeSet, HashMap};
use std::time::Instant;
use viper::verifier::{ProgramResult, Verdict, VerifyOptions};
use viper::{SourceMap, Span, VerificationError};

/// Everything a run found.
#[derive(Debug)]
pub struct Outcome {
    pub code: ExitCode,
    pub diagnostics: Vec<Diagnostic>,
    pub obligations: Vec<ObligationStatus>,
    /// Inconclusive obligations and why (solver timeouts, `unknown` answers).
    pub unknowns: Vec<(String, String)>,
}

/// `ompv verify FILE|DIR...`.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let mut inputs = inputs::expand(&args.inputs, Language::C, args.walk);
    // A worker is sent its files; only the process the user started lists them.
    if args.inputs.is_empty() && crate::isolate::role() == crate::isolate::Role::Parent {
        inputs = flags::database_inputs(&args.build);
    }
    let options = VerifyOptions {
        timeout_ms: args.output.timeout_ms(),
        max_errors_per_member: args.output.max_errors(),
        smoke: args.backend.smoke,
        cache: crate::cache::of(&args.backend),
        // ompv's encodings of C end paths with `inhale false` on purpose.
        path_ends_on_purpose: true,
        ..VerifyOptions::default()
    };
    let backend = args.backend.backend;
    let lowering = openmp::lower::Options {
        check_overflow: args.check_overflow,
    };
    run_all(&inputs, &args.output, |input| {
        check(input, &args.build, &options, backend, lowering)
    })
}

/// Verifies one input, built as `build` says, and reports on it.
pub fn check(
    input: &Input,
    build: &BuildArgs,
    options: &VerifyOptions,
    backend: Backend,
    lowering: openmp::lower::Options,
) -> FileReport {
    let start = Instant::now();
    let mut sources = SourceMap::new();
    let FileRun {
        outcome,
        skipped,
        has_code,
        tail,
        warnings,
        build: how,
    } = verify_file(input, build, &mut sources, options, backend, lowering);
    let mut verdict = outcome.code.verdict();
    if verdict == FileVerdict::Verified && (!has_code || outcome.obligations.is_empty()) {
        verdict = FileVerdict::NothingToVerify;
    }
    let mut race_free = race_free(&outcome, skipped.is_empty() && has_code, tail);
    let mut problems = merge_same_pairs(outcome.diagnostics.iter().map(problem).collect());
    let mut notes: Vec<String> = outcome
        .unknowns
        .iter()
        .map(|(name, why)| {
            let proves = outcome
                .obligations
                .iter()
                .find(|o| o.name == *name)
                .map_or(name.as_str(), |o| o.proves.as_str());
            format!("{proves} is inconclusive (Viper member `{name}`): {why}")
        })
        .collect();
    if race_free.is_none() && undecided(&outcome) {
        match settle::settle(&mut sources, &how) {
            Some(settle::Settled::Races(races)) => {
                // The proof's own problems say why it could not decide; the races are the answer.
                for p in &problems {
                    notes.push(format!(
                        "the proof could not decide (line {}): {}",
                        p.span.line, p.message
                    ));
                }
                problems.clear();
                merge_run_races(&mut problems, races);
                verdict = FileVerdict::Failed;
                race_free = Some(false);
            }
            Some(settle::Settled::Note(n)) => notes.push(n),
            None => {}
        }
    } else if race_free == Some(false) {
        // The proof found races; a run names the other racing pairs too (every pair of accesses
        // that races in it), which the proof reports only one conflict per pair of blocks for.
        if let Some(settle::Settled::Races(races)) = settle::settle(&mut sources, &how) {
            merge_run_races(&mut problems, races);
        }
    }
    let mut r = FileReport::new(&input.name(), sources, verdict);
    r.problems = warnings
        .iter()
        .map(|w| {
            let mut p = Problem::error(
                Kind::of_input(w.kind).as_str(),
                w.id.clone(),
                w.span,
                &w.message,
            );
            p.severity = crate::report::Severity::Warning;
            p
        })
        .chain(problems)
        .collect();
    r.notes = notes;
    r.race_free = race_free;
    r.obligations = outcome.obligations;
    r.skipped = skipped;
    r.backend = match backend {
        Backend::Native => None,
        Backend::Silicon => Some("Silicon".into()),
        Backend::Both => Some("native and Silicon agree".into()),
    };
    if verdict == FileVerdict::Error {
        r.backend = None;
    }
    r.time = start.elapsed();
    r
}

/// One report per pair of accesses: a race of the proof whose two accesses (place, read or
/// write) are those of one reported before it (another obligation, or other threads or lanes,
/// found the same pair) becomes a note of that report.
fn merge_same_pairs(problems: Vec<Problem>) -> Vec<Problem> {
    let pair = |p: &Problem| {
        let mut k: Vec<_> = p
            .accesses
            .iter()
            .map(|a| (a.span.file, a.span.line, a.span.column, a.write))
            .collect();
        k.sort();
        k
    };
    let mut out: Vec<Problem> = Vec::with_capacity(problems.len());
    for p in problems {
        let same = (p.kind == Kind::Race.as_str() && !p.accesses.is_empty())
            .then(|| {
                out.iter_mut()
                    .find(|q| q.kind == p.kind && pair(q) == pair(&p))
            })
            .flatten();
        match same {
            Some(first) => {
                let what = p.message.strip_prefix("data race: ").unwrap_or(&p.message);
                first
                    .notes
                    .push(format!("the same two accesses race also when {what}"));
            }
            None => out.push(p),
        }
    }
    out
}

/// Adds the races a run found to those reported. A race of the run that shares an access with
/// one already reported (or with a race of the run reported with it) is the same race seen again: it goes with that report (for a race of the
/// proof it confirms it: a note, and its other access as a related location) instead of being
/// reported twice. Others are new pairs.
fn merge_run_races(problems: &mut Vec<Problem>, races: Vec<Problem>) {
    let at = |a: &crate::report::RaceAccess| (a.span.file, a.span.line, a.span.column);
    for race in races {
        let first = problems
            .iter_mut()
            .filter(|p| p.kind == Kind::Race.as_str())
            .find(|p| {
                p.accesses
                    .iter()
                    .chain(p.run_races.iter().flatten())
                    .any(|a| race.accesses.iter().any(|b| at(a) == at(b)))
            });
        let Some(first) = first else {
            problems.push(race);
            continue;
        };
        let what = race
            .message
            .strip_prefix("data race: ")
            .unwrap_or(&race.message);
        if first.run_races.is_empty() {
            first.notes.push(if first.id == settle::RUN_RACE_ID {
                format!("in the same run, {what}")
            } else {
                format!(
                    "confirmed by running the program under ompv's model of OpenMP (as `ompv \
                     witness` does): {what}"
                )
            });
        }
        for b in &race.accesses {
            let new = !first.accesses.iter().any(|a| at(a) == at(b))
                && !first.related.iter().any(|(s, _)| *s == b.span);
            if new {
                let rw = if b.write { "write" } else { "read" };
                first
                    .related
                    .push((b.span, format!("this {rw} races too, in that run")));
            }
        }
        first.run_races.push(race.accesses);
    }
    for p in problems.iter_mut() {
        let more = p.run_races.len().saturating_sub(1);
        if more > 0 {
            let (pairs, share) = if more == 1 {
                ("pair", "shares")
            } else {
                ("pairs", "share")
            };
            p.notes.push(format!(
                "{more} more racing {pairs} of that run {share} an access with this race (their \
                 other accesses are marked \"races too\")"
            ));
        }
    }
}

/// Whether running the program may settle what the proof left open: the proof was inconclusive
/// or failed without a certain race, or the program uses constructs the proof does not handle
/// (but is otherwise valid C and OpenMP).
fn undecided(outcome: &Outcome) -> bool {
    match outcome.code {
        ExitCode::Unknown | ExitCode::Failed => true,
        ExitCode::InputError => {
            !outcome.diagnostics.is_empty()
                && outcome
                    .diagnostics
                    .iter()
                    .all(|d| d.kind == Kind::Unsupported)
        }
        _ => false,
    }
}

/// What the outcome says about data races alone: proved absent (`Some(true)`) when nothing but
/// assertions failed (their failure hides no access: every race check is a proof obligation of
/// its own), or checks in `tail`, the end of `main` that only the initial thread runs after every
/// region (see `openmp::omp::worksharing::sequential_tail`), and no code was skipped; present (`Some(false)`)
/// when a race is certain; else not known.
fn race_free(outcome: &Outcome, everything_checked: bool, tail: Option<Span>) -> Option<bool> {
    if outcome
        .diagnostics
        .iter()
        .any(|d| d.kind == Kind::Race && d.definite)
    {
        return Some(false);
    }
    let no_race_hidden = outcome.diagnostics.iter().all(|d| {
        d.kind == Kind::Assertion
            || (matches!(
                d.kind,
                Kind::Permission | Kind::LoopInvariant | Kind::Precondition
            ) && tail
                .is_some_and(|t| openmp::omp::worksharing::sequential_tail::contains(t, d.span)))
    });
    let decided = outcome.obligations.iter().all(|o| o.status != "unknown");
    let answered = matches!(
        outcome.code,
        ExitCode::Verified | ExitCode::Failed | ExitCode::Unknown
    );
    (everything_checked && no_race_hidden && decided && answered && !outcome.obligations.is_empty())
        .then_some(true)
}

fn problem(d: &Diagnostic) -> Problem {
    let id = if d.id.is_empty() {
        format!("{}.error", d.kind.as_str())
    } else {
        d.id.clone()
    };
    let mut p = Problem::error(d.kind.as_str(), id, d.span, &d.message);
    p.related = d.related.clone();
    p.notes = d.notes.clone();
    p.accesses = d.accesses.clone();
    p.element = d.element.clone();
    p
}

/// What verifying one C file found.
pub struct FileRun {
    pub outcome: Outcome,
    /// The code that is not verified.
    pub skipped: Vec<Skipped>,
    /// Whether the file has any function body to verify.
    pub has_code: bool,
    /// Where its sequential tail is (when failures there are known to hide no race check).
    pub tail: Option<Span>,
    /// The warnings of reading it.
    pub warnings: Vec<input::InputFailure>,
    /// How it was built (the default if it could not be read).
    pub build: openmp::Build,
}

/// Reads, lowers and verifies a C file, built as `build` says.
pub fn verify_file(
    input: &Input,
    build: &BuildArgs,
    sources: &mut SourceMap,
    options: &VerifyOptions,
    backend: Backend,
    lowering: openmp::lower::Options,
) -> FileRun {
    let failed = |failures, skipped, has_code, warnings, build| FileRun {
        outcome: failed_input(failures),
        skipped,
        has_code,
        tail: None,
        warnings,
        build,
    };
    let input::Read {
        program,
        warnings,
        build,
    } = match input::load(input, build, sources) {
        Ok(read) => read,
        Err(failures) => return failed(failures, Vec::new(), true, Vec::new(), Default::default()),
    };
    // Only the native back end is known to go on with the other paths after a failed check,
    // and only when every error is reported.
    let tail = (backend == Backend::Native && options.max_errors_per_member.is_none())
        .then(|| openmp::omp::worksharing::sequential_tail::of_main(&program))
        .flatten();
    let skipped = skipped::of_program(&program, sources);
    let has_code = program
        .functions
        .iter()
        .any(|f| f.origin == openmp::c::Origin::Main && f.is_verified());
    let lowered = match input::lower(&program, lowering) {
        Ok(l) => l,
        Err(failures) => return failed(failures, skipped, has_code, warnings, build),
    };
    let mut outcome = match backend {
        Backend::Native => match native(&lowered, options) {
            Ok(result) => explain(&lowered, &result),
            Err(o) => o,
        },
        Backend::Silicon => match silicon::verify(&lowered) {
            Ok(result) => explain(&lowered, &result),
            Err(o) => o,
        },
        Backend::Both => both(&lowered, options),
    };
    for (_, why) in &mut outcome.unknowns {
        *why = c_lines(why, &lowered);
    }
    FileRun {
        outcome,
        skipped,
        has_code,
        tail,
        warnings,
        build,
    }
}

/// The back end names a check by its line in the generated program (`… at line 7: …`); for C
/// files that is the check's number, so it is replaced by the C line of the check.
fn c_lines(why: &str, lowered: &Lowered) -> String {
    let Some((head, rest)) = why.split_once(" at line ") else {
        return why.to_string();
    };
    let Some((n, tail)) = rest.split_once(':') else {
        return why.to_string();
    };
    let Ok(n) = n.trim().parse::<u32>() else {
        return why.to_string();
    };
    let check_span = Span {
        file: ppl::obligations::checks::CHECK_FILE,
        start: n.saturating_sub(1),
        end: n.saturating_sub(1),
        line: n,
        column: 1,
    };
    match lowered.checks.get(check_span) {
        Some(c) if !c.span.is_dummy() => format!("{head} at C line {}:{tail}", c.span.line),
        _ => format!("{head}:{tail}"),
    }
}

fn failed_input(failures: Vec<input::InputFailure>) -> Outcome {
    Outcome {
        code: ExitCode::InputError,
        diagnostics: failures
            .into_iter()
            .map(|f| {
                let mut d = Diagnostic::new(Kind::of_input(f.kind), f.span, f.message);
                d.id = f.id;
                d
            })
            .collect(),
        obligations: Vec::new(),
        unknowns: Vec::new(),
    }
}

/// A run that ends before any verification result: exit code 2 with these diagnostics.
fn input_error(diagnostics: Vec<Diagnostic>) -> Outcome {
    Outcome {
        code: ExitCode::InputError,
        diagnostics,
        obligations: Vec::new(),
        unknowns: Vec::new(),
    }
}

/// Verifies a lowered program with the native back end.
pub fn native(lowered: &Lowered, options: &VerifyOptions) -> Result<ProgramResult, Outcome> {
    viper::verifier::verify(&lowered.program, options).map_err(|errs| {
        input_error(
            errs.into_iter()
                .map(|e| {
                    let span = if is_check_span(e.span) {
                        lowered.checks.get(e.span).map_or(Span::DUMMY, |c| c.span)
                    } else {
                        e.span
                    };
                    Diagnostic::new(
                        Kind::Unsupported,
                        span,
                        format!("the verifier cannot check this program: {}", e.message),
                    )
                })
                .collect(),
        )
    })
}

/// What two back ends are compared on: the verdict and the failed checks (id, check).
fn key(r: &ProgramResult) -> (Verdict, BTreeSet<(String, Span)>) {
    (
        r.verdict(),
        r.errors().iter().map(|e| (e.full_id(), e.span)).collect(),
    )
}

/// Verifies with both back ends; the native result if they agree, else an error (exit 2).
fn both(lowered: &Lowered, options: &VerifyOptions) -> Outcome {
    let (n, s) = std::thread::scope(|scope| {
        let s = scope.spawn(|| silicon::verify(lowered));
        let n = native(lowered, options);
        (n, s.join().unwrap_or_else(|_| Err(silicon::crashed())))
    });
    let (n, s) = match (n, s) {
        (Err(o), _) | (_, Err(o)) => return o,
        (Ok(n), Ok(s)) => (n, s),
    };
    if key(&n) == key(&s) {
        return explain(lowered, &n);
    }
    let describe = |r: &ProgramResult| {
        let errors: Vec<String> = r
            .errors()
            .iter()
            .map(|e| {
                let at = lowered.checks.get(e.span).map_or(e.span, |c| c.span);
                format!("{}@{}", e.full_id(), at.line)
            })
            .collect();
        format!("{} [{}]", r.verdict().as_str(), errors.join(", "))
    };
    let mut o = explain(lowered, &n);
    o.code = ExitCode::InputError;
    let mut d = Diagnostic::new(
        Kind::Backend,
        Span::DUMMY,
        format!(
            "the back ends disagree: native: {}; silicon: {}",
            describe(&n),
            describe(&s)
        ),
    );
    d.id = "backend.disagreement".into();
    o.diagnostics.push(d);
    o
}

/// The member (method or function) every check span of the program belongs to.
fn members_of_spans(program: &viper::ast::Program) -> HashMap<Span, String> {
    let mut out = HashMap::new();
    for item in &program.items {
        let name = item.name().name.clone();
        let mut copy = item.clone();
        copy.for_each_span_mut(&mut |s| {
            if is_check_span(*s) {
                out.insert(*s, name.clone());
            }
        });
    }
    out
}

/// Silicon's answer as per-member results (errors and inconclusive checks go to the member
/// their check belongs to).
#[cfg_attr(not(feature = "silicon"), allow(dead_code))]
fn by_member(
    lowered: &Lowered,
    errors: Vec<VerificationError>,
    inconclusive: Vec<(Span, String)>,
    time: std::time::Duration,
) -> ProgramResult {
    use viper::verifier::{MemberKind, MemberResult};
    let owner = members_of_spans(&lowered.program);
    let mut members: Vec<MemberResult> = lowered
        .program
        .items
        .iter()
        .filter_map(|i| match i {
            viper::ast::Item::Method(m) => Some((m.name.name.clone(), MemberKind::Method)),
            viper::ast::Item::Function(f) => Some((f.name.name.clone(), MemberKind::Function)),
            _ => None,
        })
        .map(|(name, kind)| MemberResult {
            name,
            kind,
            errors: Vec::new(),
            unknowns: Vec::new(),
            time,
            cached: false,
        })
        .collect();
    let index: HashMap<String, usize> = members
        .iter()
        .enumerate()
        .map(|(k, m)| (m.name.clone(), k))
        .collect();
    let mut orphans = MemberResult {
        name: "<program>".into(),
        kind: MemberKind::Method,
        errors: Vec::new(),
        unknowns: Vec::new(),
        time,
        cached: false,
    };
    for e in errors {
        match owner.get(&e.span).and_then(|n| index.get(n)) {
            Some(&k) => members[k].errors.push(e),
            None => orphans.errors.push(e),
        }
    }
    for (span, why) in inconclusive {
        match owner.get(&span).and_then(|n| index.get(n)) {
            Some(&k) => members[k].unknowns.push(why),
            None => orphans.unknowns.push(why),
        }
    }
    if !orphans.errors.is_empty() || !orphans.unknowns.is_empty() {
        members.push(orphans);
    }
    ProgramResult { members }
}

/// Silicon as the back end of `ompv verify`.
mod silicon {
    use super::{input_error, Outcome};
    use crate::diagnose::Diagnostic;
    use crate::kind::Kind;
    use openmp::lower::Lowered;
    use viper::verifier::ProgramResult;
    use viper::Span;

    /// Silicon's thread panicked.
    pub fn crashed() -> Outcome {
        input_error(vec![Diagnostic::new(
            Kind::Internal,
            Span::DUMMY,
            "running Silicon failed".into(),
        )])
    }

    #[cfg(feature = "silicon")]
    pub fn verify(lowered: &Lowered) -> Result<ProgramResult, Outcome> {
        let fail = |m: String| input_error(vec![Diagnostic::new(Kind::Internal, Span::DUMMY, m)]);
        let r = viper::silicon::Silicon::global()
            .and_then(|s| s.verify_program(&lowered.program))
            .map_err(|e| {
                let mut d = Diagnostic::new(Kind::Backend, Span::DUMMY, e.to_string());
                d.id = e.id().to_string();
                input_error(vec![d])
            })?;
        if r.is_rejected() {
            let first = r.input_errors.first().map(|e| e.message.clone());
            return Err(fail(format!(
                "Silicon rejected the generated program (a bug of ompv): {}",
                first.unwrap_or_default()
            )));
        }
        // Errors without an ompv id are failures all the same: unknown to the side table, they
        // are reported as internal.
        let mut errors = r.errors.clone();
        errors.extend(r.other_errors.iter().map(|o| viper::VerificationError {
            kind: viper::ErrorKind::AssertFailed,
            reason: viper::ErrorReason::AssertionFalse,
            span: Span::DUMMY,
            reason_span: Span::DUMMY,
            message: format!("Silicon: {}: {}", o.id, o.message),
            model: Vec::new(),
            incomplete: false,
        }));
        let inconclusive = r
            .inconclusive
            .iter()
            .map(|o| (o.span, format!("{}: {}", o.id, o.message)))
            .collect();
        Ok(super::by_member(lowered, errors, inconclusive, r.time))
    }

    #[cfg(not(feature = "silicon"))]
    pub fn verify(_lowered: &Lowered) -> Result<ProgramResult, Outcome> {
        let mut d = Diagnostic::new(
            Kind::Backend,
            Span::DUMMY,
            "this ompv was built without Silicon support; rebuild with \
             `cargo build --features silicon` (and run scripts/setup.sh --silicon)"
                .into(),
        );
        d.id = "silicon.unavailable".into();
        Err(input_error(vec![d]))
    }
}

/// The members of the lowered program with a check that `is_it`.
fn members_with(
    lowered: &Lowered,
    is_it: impl Fn(&ppl::obligations::Check) -> bool,
) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    for item in &lowered.program.items {
        let viper::ast::Item::Method(m) = item else {
            continue;
        };
        let mut found = false;
        item.clone().for_each_span_mut(&mut |s| {
            found |= lowered.checks.get(*s).is_some_and(&is_it);
        });
        if found {
            out.insert(m.name.name.clone());
        }
    }
    out
}

/// The members of the lowered program that use specifications ompv inferred.
fn inferred_members(lowered: &Lowered) -> std::collections::HashSet<String> {
    let mut out = members_with(lowered, |c| c.inferred.is_some());
    out.extend(lowered.approximate.iter().cloned());
    out
}

/// The diagnostics, obligations and exit code of a verification result.
pub fn explain(lowered: &Lowered, result: &ProgramResult) -> Outcome {
    let errors = result.errors();
    let inferred = inferred_members(lowered);
    // What they prove rests on ompv's bound of a call it knows nothing of (`c::opaque`).
    let opaque = members_with(lowered, |c| {
        matches!(c.role, ppl::obligations::Role::Opaque { .. })
    });
    let member_of = |e: &viper::VerificationError| {
        result
            .members
            .iter()
            .find(|m| m.errors.iter().any(|x| x == e))
            .map(|m| m.name.clone())
    };
    let diagnostics = diagnose::diagnose(lowered, &errors, &inferred, &opaque, &member_of);
    let members: HashMap<&str, _> = result
        .members
        .iter()
        .map(|m| (m.name.as_str(), m))
        .collect();
    let obligations: Vec<ObligationStatus> = lowered
        .obligations
        .iter()
        .map(|(name, kind, what)| {
            let m = members.get(name.as_str());
            ObligationStatus {
                name: name.clone(),
                proves: what.clone(),
                kind: kind.as_str().into(),
                status: m.map_or("unknown", |m| m.verdict().as_str()).into(),
                time_ms: m.map_or(0, |m| m.time.as_millis()),
                cached: m.is_some_and(|m| m.cached),
            }
        })
        .collect();
    let unknown =
        result.verdict() == Verdict::Unknown || obligations.iter().any(|o| o.status == "unknown");
    // Failures found only through inferred (over-approximating) specifications are not
    // definite: the verdict is then `unknown`.
    let definite = diagnostics.iter().any(|d| d.definite);
    let code = if definite {
        ExitCode::Failed
    } else if unknown || !diagnostics.is_empty() || result.verdict() == Verdict::Failed {
        ExitCode::Unknown
    } else {
        ExitCode::Verified
    };
    let unknowns = result
        .members
        .iter()
        .flat_map(|m| m.unknowns.iter().map(|u| (m.name.clone(), u.clone())))
        .collect();
    Outcome {
        code,
        diagnostics,
        obligations,
        unknowns,
    }
}
