//! Mutation tests for the native back end.
//!
//! `tests/viper/mutations.json` lists small edits of verifying files of the corpus under
//! `tests/viper/verify/` (a weakened permission, a shifted bound, an off-by-one index, a dropped
//! invariant clause, ...). For each one the real Viper Silicon reports a known error (id and line,
//! checked in both of its error-reporting modes when the list was written). The native back end must
//! verify every unmutated file and report that error for every mutant.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use viper::verifier::{verify, Verdict, VerifyOptions};
use viper::FileId;

/// One mutant: a unique piece of text of a corpus file and its replacement.
struct Mutant {
    file: String,
    description: String,
    replace: String,
    with: String,
    id: String,
    line: u32,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/viper")
}

fn load_mutants() -> Vec<Mutant> {
    let path = root().join("mutations.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("mutations.json is not JSON");
    let list = json["mutants"]
        .as_array()
        .expect("`mutants` must be an array");
    list.iter()
        .enumerate()
        .map(|(k, m)| {
            let field = |name: &str| -> String {
                m[name]
                    .as_str()
                    .unwrap_or_else(|| panic!("mutant {k}: `{name}` must be a string"))
                    .to_string()
            };
            Mutant {
                file: field("file"),
                description: field("description"),
                replace: field("replace"),
                with: field("with"),
                id: m["expect"]["id"]
                    .as_str()
                    .unwrap_or_else(|| panic!("mutant {k}: `expect.id` must be a string"))
                    .to_string(),
                line: m["expect"]["line"]
                    .as_u64()
                    .and_then(|l| u32::try_from(l).ok())
                    .unwrap_or_else(|| panic!("mutant {k}: `expect.line` must be a line number")),
            }
        })
        .collect()
}

fn read_corpus_file(file: &str) -> String {
    let path = root().join("verify").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The outcome of running the whole pipeline on one text.
enum Outcome {
    /// Parse, type or unsupported errors (message list).
    InputErrors(Vec<String>),
    /// The verdict and the (id, line) set of the verification errors.
    Verified(Verdict, BTreeSet<(String, u32)>),
}

fn run(text: &str) -> Outcome {
    let mut program = match viper::parse(text, FileId(0)) {
        Ok(p) => p,
        Err(e) => return Outcome::InputErrors(vec![e.to_string()]),
    };
    if let Err(errors) = viper::typecheck(&mut program) {
        return Outcome::InputErrors(errors.iter().map(ToString::to_string).collect());
    }
    match verify(&program, &VerifyOptions::default()) {
        Err(errors) => Outcome::InputErrors(errors.iter().map(ToString::to_string).collect()),
        Ok(result) => {
            let errors = result
                .errors()
                .into_iter()
                .map(|e| (e.full_id(), e.span.line))
                .collect();
            Outcome::Verified(result.verdict(), errors)
        }
    }
}

/// The list itself is sound: every mutant edits a unique place of an existing file, changes it, and
/// names a Silver error id; at least 15 different verifying files are mutated.
#[test]
fn mutation_list_is_well_formed() {
    let mutants = load_mutants();
    let mut files = BTreeSet::new();
    for (k, m) in mutants.iter().enumerate() {
        let text = read_corpus_file(&m.file);
        assert_eq!(
            text.matches(&m.replace).count(),
            1,
            "mutant {k} ({}): the replaced text must occur exactly once in {}",
            m.description,
            m.file
        );
        assert_ne!(m.replace, m.with, "mutant {k} does not change anything");
        assert!(
            !text.contains("//:: ExpectedOutput"),
            "mutant {k}: {} is not a verifying file",
            m.file
        );
        let (kind, reason) = m.id.split_once(':').unwrap_or(("", ""));
        assert!(
            !kind.is_empty() && !reason.is_empty(),
            "mutant {k}: `{}` is not a full error id",
            m.id
        );
        assert!(m.line > 0, "mutant {k}: line must be positive");
        files.insert(m.file.clone());
    }
    assert!(
        files.len() >= 15,
        "only {} files are mutated; at least 15 are required",
        files.len()
    );
}

/// Every unmutated file verifies, and every mutant is rejected with the error Silicon reports.
#[test]
fn every_mutant_is_rejected() {
    let mutants = load_mutants();
    let mut failures = String::new();

    let originals: BTreeSet<&str> = mutants.iter().map(|m| m.file.as_str()).collect();
    for file in &originals {
        match run(&read_corpus_file(file)) {
            Outcome::Verified(Verdict::Verified, errors) if errors.is_empty() => {}
            Outcome::Verified(verdict, errors) => {
                let _ = writeln!(
                    failures,
                    "original {file}: expected `verified`, got {} with {errors:?}",
                    verdict.as_str()
                );
            }
            Outcome::InputErrors(errors) => {
                let _ = writeln!(failures, "original {file}: input errors {errors:?}");
            }
        }
    }

    for (k, m) in mutants.iter().enumerate() {
        let mutated = read_corpus_file(&m.file).replacen(&m.replace, &m.with, 1);
        let want = (m.id.clone(), m.line);
        match run(&mutated) {
            Outcome::Verified(Verdict::Failed, errors) if errors.contains(&want) => {}
            Outcome::Verified(verdict, errors) => {
                let _ = writeln!(
                    failures,
                    "mutant {k} {} ({}): expected {} at line {}, got {} with {errors:?}",
                    m.file,
                    m.description,
                    m.id,
                    m.line,
                    verdict.as_str()
                );
            }
            Outcome::InputErrors(errors) => {
                let _ = writeln!(
                    failures,
                    "mutant {k} {} ({}): input errors {errors:?}",
                    m.file, m.description
                );
            }
        }
    }

    assert!(failures.is_empty(), "mutation test failures:\n{failures}");
}
