//! Member isolation: a member's verdict and errors do not depend on the other members of its
//! file or on their order. Every method and function of every corpus file (`tests/viper/**`) is
//! verified in its file, alone (the file reduced to that member and the declarations it needs:
//! fields, domains, predicates, the functions it may apply and contract-only copies of the
//! methods it calls, see `viper::verifier::isolate`), and in the file with its declarations in
//! reverse order; the three results must be the same: verdict, and every error with its id,
//! position, message and counterexample.
//!
//! Files the back end rejects as a whole (an `unsupported` construct somewhere) are skipped: they
//! get no per-member verdict.

mod support;

use std::collections::BTreeMap;

use viper::ast::Program;
use viper::verifier::{isolate, verify, MemberResult, VerifyOptions};
use viper::FileId;

/// What is compared of one member's result.
type Outcome = (
    &'static str,
    Vec<(String, u32, u32, String, Vec<(String, String)>)>,
    bool,
);

fn outcome(m: &MemberResult) -> Outcome {
    let mut errors: Vec<_> = m
        .errors
        .iter()
        .map(|e| {
            (
                e.full_id(),
                e.span.line,
                e.span.column,
                e.message.clone(),
                e.model.clone(),
            )
        })
        .collect();
    errors.sort();
    (m.verdict().as_str(), errors, m.unknowns.is_empty())
}

fn results(program: &Program, options: &VerifyOptions) -> Option<BTreeMap<String, Outcome>> {
    let r = verify(program, options).ok()?;
    Some(
        r.members
            .iter()
            .map(|m| (m.name.clone(), outcome(m)))
            .collect(),
    )
}

#[test]
fn members_verify_the_same_alone_in_their_file_and_in_any_order() {
    let root = support::repo_root().join("tests/viper");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in support::vpr_files(&root) {
        let name = support::display(&path);
        let text = std::fs::read_to_string(&path).expect("readable test file");
        let Ok(mut program) = viper::parse(&text, FileId(0)) else {
            continue;
        };
        if viper::typecheck(&mut program).is_err() {
            continue;
        }
        let options = VerifyOptions {
            smoke: path.components().any(|c| c.as_os_str() == "smoke"),
            ..VerifyOptions::default()
        };
        let Some(in_file) = results(&program, &options) else {
            continue;
        };
        let mut reversed = program.clone();
        reversed.items.reverse();
        match results(&reversed, &options) {
            Some(r) if r == in_file => {}
            Some(r) => failures.push(format!(
                "{name}: reversed order differs:\n  in file:  {in_file:?}\n  reversed: {r:?}"
            )),
            None => failures.push(format!("{name}: reversed order is rejected")),
        }
        for (member, expected) in &in_file {
            checked += 1;
            let Some(alone) = isolate(&program, member) else {
                failures.push(format!("{name}: `{member}` cannot be isolated"));
                continue;
            };
            match results(&alone, &options) {
                Some(r) => match r.get(member) {
                    Some(got) if got == expected => {}
                    got => failures.push(format!(
                        "{name}: `{member}` differs alone:\n  in file: {expected:?}\n  alone:   {got:?}"
                    )),
                },
                None => failures.push(format!("{name}: `{member}` alone is rejected")),
            }
        }
    }
    assert!(checked > 300, "only {checked} members checked");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
