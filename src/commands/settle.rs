//! Races the proof leaves undecided, settled by running the program: when `ompv verify` can
//! neither prove a C file race-free nor report a certain race (an over-approximated footprint or
//! order, a construct the proof does not handle), the program is run once under ompv's model of
//! OpenMP (the replay of `ompv witness`). A race in that run is real — an execution OpenMP 5.2
//! allows in which two conflicting accesses are unordered — and becomes the answer; no race in
//! the run proves nothing and leaves the answer as it was, with a note. Loops whose schedule is
//! the implementation's choice are run round-robin first, then (if that run finds no race) in
//! blocks: each separates pairs of iterations the other keeps on one thread.

use crate::kind::Kind;
use crate::report::{Problem, RaceAccess};
use openmp::replay::{self, RacePair, ReplayConfig, ReplayOutcome, Unspecified};
use viper::{FileId, SourceMap};

/// What the run says about the file's races.
pub enum Settled {
    /// Races of the run: the file's answer.
    Races(Vec<Problem>),
    /// A note for the report (no race in the run, or the run could not complete).
    Note(String),
}

/// Runs the program of the file registered first in `sources` (built as `build` says).
pub fn settle(sources: &mut SourceMap, build: &openmp::Build) -> Option<Settled> {
    let program = openmp::parse_c(sources, FileId(0), build).ok()?;
    // A library file has nothing to run; saying so after each of its failures informs nobody.
    if !replay::has_main(&program) {
        return None;
    }
    let mut steps_seen = Vec::new();
    for schedule in [Unspecified::RoundRobin, Unspecified::Blocks] {
        let cfg = ReplayConfig {
            schedule,
            ..ReplayConfig::default()
        };
        match replay::replay(&program, sources, &cfg) {
            ReplayOutcome::Races(ps) => {
                return Some(Settled::Races(ps.iter().map(problem).collect()))
            }
            ReplayOutcome::NoRaceObserved { steps } => steps_seen.push(steps),
            ReplayOutcome::Inconclusive { reason, .. } => {
                return Some(Settled::Note(format!(
                    "a run of the program under ompv's model of OpenMP stopped before its end: \
                     {reason}"
                )))
            }
        }
    }
    let steps: Vec<String> = steps_seen.iter().map(|s| s.to_string()).collect();
    Some(Settled::Note(format!(
        "two runs of the program under ompv's model of OpenMP (loops without a schedule \
         round-robin, then in blocks) found no race ({} steps); that is not a proof",
        steps.join(" and ")
    )))
}

/// The id of a race that a run found.
pub const RUN_RACE_ID: &str = "replay.race";

/// A race of the run as a problem of the report (`ompv witness` reports its races so too).
pub fn problem(p: &RacePair) -> Problem {
    let mut d = Problem::error(
        Kind::Race.as_str(),
        RUN_RACE_ID,
        p.second.span,
        format!("data race: {}", p.words()),
    );
    d.related.push((p.first.span, "the other access".into()));
    d.notes.push(
        "found by running the program under ompv's model of OpenMP (as `ompv witness` does): \
         OpenMP 5.2 allows this execution, and in it the two accesses are not ordered"
            .into(),
    );
    d.accesses = [&p.first, &p.second]
        .into_iter()
        .map(|a| RaceAccess {
            span: a.span,
            write: a.write,
            by: a.unit.clone(),
            thread: Some(a.thread),
            iteration: a.iteration.clone(),
        })
        .collect();
    d.element = Some(p.location.clone());
    d
}
