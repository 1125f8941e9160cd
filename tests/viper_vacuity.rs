//! Vacuity: a method that verifies must not verify with `assert false` added at the end of its
//! body. A verifier that proves `false` from an inconsistent background (wrong function axioms,
//! a contradictory precondition, leaked assumptions) is caught here even where no annotation
//! expects an error.
//!
//! Every method with a body that verifies in a corpus file (`tests/viper/**`) gets `assert false`
//! as its last statement; the modified file is verified and each such method must fail there.
//! Methods whose end is unreachable by construction are listed in [`UNREACHABLE_END`] with the
//! reason; for them the added assertion must verify (so the list stays exact). The same methods
//! are exactly those for which smoke detection reports the end of the body.

mod support;

use std::collections::BTreeSet;

use viper::ast::{Expr, ExprKind, Item, Program, Stmt, StmtKind};
use viper::verifier::{verify, Verdict, VerifyOptions};
use viper::{ErrorKind, FileId};

/// Methods whose end cannot be reached, on purpose: (file under tests/viper, method, why).
const UNREACHABLE_END: &[(&str, &str, &str)] = &[
    (
        "backend/inhale_exhale.vpr",
        "inhale_false",
        "inhales `false` to show that everything holds afterwards",
    ),
    (
        "backend/inhale_exhale.vpr",
        "inhale_twice_full",
        "inhales two full permissions to one location: no state has them",
    ),
    (
        "verify/aliasing/fraction_sums.vpr",
        "contradiction",
        "its precondition asks for 3/4 + 1/2 of one location: no state has it",
    ),
    (
        "verify/inhale_exhale/inhale_false.vpr",
        "inhaleFalse",
        "inhales `false` to show that everything holds afterwards",
    ),
    (
        "verify/inhale_exhale/inhale_false.vpr",
        "inhaleContradiction",
        "inhales full permissions to two references, then their equality",
    ),
    (
        "smoke/inconsistent_contracts.vpr",
        "contradictory_precondition",
        "smoke-detection test: contradictory precondition",
    ),
    (
        "smoke/inconsistent_contracts.vpr",
        "contradictory_assumption",
        "smoke-detection test: contradictory assumption",
    ),
    (
        "smoke/inconsistent_contracts.vpr",
        "duplicate_full_permission",
        "smoke-detection test: two full permissions to one location",
    ),
    (
        "smoke/inconsistent_contracts.vpr",
        "endless",
        "smoke-detection test: a loop that cannot be left",
    ),
    (
        "smoke/inconsistent_contracts.vpr",
        "user_written_path_ends",
        "smoke-detection test: every path ends in `inhale false` / `assume false`",
    ),
];

/// `program` with `assert false` appended to the body of each method in `methods`; the
/// assertion is positioned at the method's name.
fn with_assert_false(program: &Program, methods: &BTreeSet<String>) -> Program {
    let mut p = program.clone();
    for item in &mut p.items {
        if let Item::Method(m) = item {
            if methods.contains(&m.name.name) {
                if let Some(b) = &mut m.body {
                    let at = m.name.span;
                    b.stmts.push(Stmt::new(
                        StmtKind::Assert(Expr::new(ExprKind::BoolLit(false), at)),
                        at,
                    ));
                }
            }
        }
    }
    p
}

#[test]
fn verified_methods_do_not_prove_false() {
    let root = support::repo_root().join("tests/viper");
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut listed_seen = BTreeSet::new();
    for path in support::vpr_files(&root) {
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("readable test file");
        let Ok(mut program) = viper::parse(&text, FileId(0)) else {
            continue;
        };
        if viper::typecheck(&mut program).is_err() {
            continue;
        }
        let Ok(result) = verify(&program, &VerifyOptions::default()) else {
            continue;
        };
        let with_body: BTreeSet<&str> = program
            .methods()
            .filter(|m| m.body.is_some())
            .map(|m| m.name.name.as_str())
            .collect();
        let verified: BTreeSet<String> = result
            .members
            .iter()
            .filter(|m| m.verdict() == Verdict::Verified && with_body.contains(m.name.as_str()))
            .map(|m| m.name.clone())
            .collect();
        if verified.is_empty() {
            continue;
        }
        let modified = with_assert_false(&program, &verified);
        let Ok(after) = verify(&modified, &VerifyOptions::default()) else {
            failures.push(format!("{rel}: rejected once `assert false` is added"));
            continue;
        };
        let smoke = verify(
            &program,
            &VerifyOptions {
                smoke: true,
                ..VerifyOptions::default()
            },
        )
        .ok();
        for m in &verified {
            checked += 1;
            let span = program.method(m).map(|x| x.name.span);
            let member = after.members.iter().find(|r| &r.name == m);
            let caught = member.is_some_and(|r| {
                r.errors
                    .iter()
                    .any(|e| e.kind == ErrorKind::AssertFailed && Some(e.span) == span)
            });
            let listed = UNREACHABLE_END
                .iter()
                .find(|(f, name, _)| *f == rel && name == m);
            if listed.is_some() {
                listed_seen.insert((rel.clone(), m.clone()));
            }
            match (caught, listed) {
                (true, None) | (false, Some(_)) => {}
                (false, None) => failures.push(format!(
                    "{rel}: `{m}` verifies with `assert false` at its end (vacuous proof)"
                )),
                (true, Some((_, _, why))) => failures.push(format!(
                    "{rel}: `{m}` is listed as unreachable at its end ({why}), but is not"
                )),
            }
            // Smoke detection agrees: it reports the end of exactly these bodies.
            let smoke_at_end = smoke.as_ref().is_some_and(|s| {
                s.members.iter().any(|r| {
                    &r.name == m
                        && r.errors.iter().any(|e| {
                            e.kind == ErrorKind::RefuteFailed
                                && program.method(m).is_some_and(|x| x.span == e.span)
                        })
                })
            });
            if smoke_at_end == caught {
                failures.push(format!(
                    "{rel}: `{m}`: smoke detection {} the end of the body, but `assert false` \
                     there {}",
                    if smoke_at_end {
                        "reports"
                    } else {
                        "does not report"
                    },
                    if caught { "fails" } else { "verifies" }
                ));
            }
        }
    }
    for (f, m, _) in UNREACHABLE_END {
        if !listed_seen.contains(&(f.to_string(), m.to_string())) {
            failures.push(format!("{f}: `{m}` is listed but is not a verified method"));
        }
    }
    assert!(checked > 200, "only {checked} methods checked");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
