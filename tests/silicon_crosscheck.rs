//! Cross-check: every `.vpr` file under `tests/viper/` (recursively) goes through ompv's native back
//! end and through Silicon; they must agree on the verdict and on the set of (error id, line).
//!
//! Files whose disagreement is understood are listed, each with its reason, in
//! `tests/backend-known-differences.txt`. A listed file that no longer disagrees (or no longer
//! exists) fails the test too, so that the list stays exact. A reason starting with
//! `[not run on Silicon]` marks a file Silicon does not finish (its Z3 runs without a time limit
//! on nonlinear queries): it is not given to Silicon.
#![cfg(feature = "silicon")]

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;
use viper::silicon::{Silicon, SiliconError, SiliconResult};
use viper::verifier::{Verdict, VerifyOptions};
use viper::{FileId, InputError, SourceFile};

const KNOWN_DIFFERENCES: &str = "tests/backend-known-differences.txt";

/// The start of the reason of a listed file that is not given to Silicon.
const NOT_RUN: &str = "[not run on Silicon]";

/// What is compared: the verdict and the (id, line) set.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    verdict: &'static str,
    errors: BTreeSet<(String, u32)>,
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.verdict)?;
        if !self.errors.is_empty() {
            let list: Vec<String> = self
                .errors
                .iter()
                .map(|(id, line)| format!("{id}@{line}"))
                .collect();
            write!(f, " [{}]", list.join(", "))?;
        }
        Ok(())
    }
}

fn rejected(errors: &[InputError]) -> Key {
    Key {
        verdict: "error",
        errors: errors
            .iter()
            .map(|e| (e.kind.id().to_string(), e.span.line))
            .collect(),
    }
}

fn verdict_str(v: Verdict) -> &'static str {
    v.as_str()
}

fn native_key(source: &SourceFile, file: FileId) -> Key {
    let mut program = match viper::parse(source.text(), file) {
        Ok(p) => p,
        Err(e) => return rejected(&[e]),
    };
    if let Err(errs) = viper::typecheck(&mut program) {
        return rejected(&errs);
    }
    match viper::verifier::verify(&program, &VerifyOptions::default()) {
        Err(errs) => rejected(&errs),
        Ok(result) => Key {
            verdict: verdict_str(result.verdict()),
            errors: result
                .errors()
                .iter()
                .map(|e| (e.full_id(), e.span.line))
                .collect(),
        },
    }
}

fn silicon_key(result: Result<SiliconResult, SiliconError>) -> Key {
    match result {
        Err(e) => Key {
            verdict: "error",
            errors: BTreeSet::from([(format!("{}: {e}", e.id()), 0)]),
        },
        Ok(r) if r.is_rejected() => rejected(&r.input_errors),
        Ok(r) => Key {
            verdict: verdict_str(r.verdict()),
            errors: r
                .errors
                .iter()
                .map(|e| (e.full_id(), e.span.line))
                .chain(r.other_errors.iter().map(|e| (e.id.clone(), e.span.line)))
                .collect(),
        },
    }
}

/// `path reason...` per line (path relative to `tests/viper/`); `#` starts a comment line.
fn known_differences(root: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root.join(KNOWN_DIFFERENCES))
        .unwrap_or_else(|e| panic!("cannot read {KNOWN_DIFFERENCES}: {e}"));
    let mut known = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (path, reason) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        assert!(
            !reason.trim().is_empty(),
            "{KNOWN_DIFFERENCES}:{}: `{path}` needs a reason",
            i + 1
        );
        assert!(
            known
                .insert(path.to_string(), reason.trim().to_string())
                .is_none(),
            "{KNOWN_DIFFERENCES}:{}: `{path}` is listed twice",
            i + 1
        );
    }
    known
}

#[test]
fn every_viper_test_program_agrees_on_both_back_ends() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("tests/viper");
    let files = support::vpr_files(&corpus);
    assert!(
        !files.is_empty(),
        "no .vpr files under {}",
        corpus.display()
    );
    let mut known = known_differences(root);

    let names: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(&corpus)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let sources: Vec<SourceFile> = files
        .iter()
        .zip(&names)
        .map(|(p, name)| SourceFile::new(name.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();

    let silicon = Silicon::global().expect("Silicon is set up (run scripts/setup.sh --silicon)");
    // Queue every file for Silicon first; the native back end works meanwhile.
    let pending: Vec<_> = sources
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (s, name))| {
            let skip = known.get(name).is_some_and(|r| r.starts_with(NOT_RUN));
            (!skip).then(|| silicon.submit_source(s, FileId(i as u32)))
        })
        .collect();
    let native: Vec<Key> = sources
        .iter()
        .enumerate()
        .map(|(i, s)| native_key(s, FileId(i as u32)))
        .collect();

    let mut failures = Vec::new();
    let (mut agree, mut listed) = (0, 0);
    for ((name, native), pending) in names.iter().zip(native).zip(pending) {
        let Some(pending) = pending else {
            known.remove(name);
            listed += 1;
            continue;
        };
        let silicon = silicon_key(pending.wait());
        let reason = known.remove(name);
        match (native == silicon, reason) {
            (true, None) => agree += 1,
            (false, Some(_)) => listed += 1,
            (false, None) => failures.push(format!(
                "{name}: the back ends disagree\n    native:  {native}\n    silicon: {silicon}"
            )),
            (true, Some(reason)) => failures.push(format!(
                "{name}: listed in {KNOWN_DIFFERENCES} ({reason}) but both back ends now answer \
                 {native}; remove the entry"
            )),
        }
    }
    for (name, reason) in known {
        failures.push(format!(
            "{name}: listed in {KNOWN_DIFFERENCES} ({reason}) but there is no such file"
        ));
    }
    eprintln!(
        "cross-check: {} files, {agree} agree, {listed} known differences, {} failures",
        names.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
