//! Deep and long inputs get an answer, never a crash: long flat operator chains and long bodies
//! parse and verify (the nesting bound counts nesting, not length), deeply bracketed or nested
//! input is rejected with a "nesting deeper than ..." error, and functions that recurse through
//! their preconditions are consistency errors. Everything runs on the test's own thread (a small
//! default stack), so a recursion that does not grow its stack on demand would abort the test.

use viper::verifier::{verify, Verdict, VerifyOptions};
use viper::{FileId, InputErrorKind};

/// The verdict of a program, or the id and message of its first input error.
fn run(text: &str) -> Result<Verdict, (String, String)> {
    let mut p = viper::parse(text, FileId(0)).map_err(|e| (e.kind.id().into(), e.message))?;
    viper::typecheck(&mut p).map_err(|e| (e[0].kind.id().into(), e[0].message.clone()))?;
    let r = verify(&p, &VerifyOptions::default())
        .map_err(|e| (e[0].kind.id().into(), e[0].message.clone()))?;
    // Printing and re-parsing a long program works as well.
    let printed = viper::print(&p);
    viper::parse(&printed, FileId(0)).map_err(|e| (e.kind.id().into(), e.message))?;
    Ok(r.verdict())
}

fn repeat(item: &str, sep: &str, n: usize) -> String {
    vec![item; n].join(sep)
}

#[test]
fn flat_sum_of_5000_terms_verifies_and_its_mutant_fails() {
    let n = 5000;
    let sum = repeat("x", " + ", n);
    let good = format!("method m(x: Int) returns (r: Int) ensures r == {n} * x {{ r := {sum} }}");
    assert_eq!(run(&good), Ok(Verdict::Verified));
    let bad =
        format!("method m(x: Int) returns (r: Int) ensures r == {n} * x + 1 {{ r := {sum} }}");
    assert_eq!(run(&bad), Ok(Verdict::Failed));
    // Mixed operators of one level are one chain too.
    let mixed = format!(
        "method m(x: Int) {{ assert {} == 0 }}",
        repeat("x + x - x - x", " + ", n / 4)
    );
    assert_eq!(run(&mixed), Ok(Verdict::Verified));
}

#[test]
fn long_chains_of_connectives_and_conditionals_verify() {
    let n = 5000;
    let and = format!(
        "method m(x: Int) requires x > 0 {{ assert {} }}",
        repeat("x > 0", " && ", n)
    );
    assert_eq!(run(&and), Ok(Verdict::Verified));
    let implies = format!(
        "method m(x: Int) requires x > 0 {{ assert {} x > 0 }}",
        "x > 0 ==> ".repeat(n)
    );
    assert_eq!(run(&implies), Ok(Verdict::Verified));
    let or_fail = format!(
        "method m(x: Int) requires x > 0 {{ assert {} }}",
        repeat("x < 0", " || ", n)
    );
    assert_eq!(run(&or_fail), Ok(Verdict::Failed));
    let cond = format!(
        "method m(x: Int) requires x == 7 {{ assert ({} 0) == 7 }}",
        (0..1000)
            .map(|i| format!("x == {i} ? {i} :"))
            .collect::<String>()
    );
    assert_eq!(run(&cond), Ok(Verdict::Verified));
}

#[test]
fn long_bodies_verify() {
    let n = 20_000;
    let body = repeat("r := r + 1", "\n", n);
    let good = format!("method m() returns (r: Int) ensures r == {n} {{ r := 0\n{body} }}");
    assert_eq!(run(&good), Ok(Verdict::Verified));
    let bad = format!(
        "method m() returns (r: Int) ensures r == {} {{ r := 0\n{body} }}",
        n + 1
    );
    assert_eq!(run(&bad), Ok(Verdict::Failed));
}

#[test]
fn deep_nesting_is_an_error_with_its_reason() {
    let cases = [
        format!(
            "method m(x: Int) {{ assert {}x{} == x }}",
            "(".repeat(3500),
            ")".repeat(3500)
        ),
        format!(
            "method m(x: Int) {{ {} {} }}",
            "if (x > 0) {".repeat(3000),
            "}".repeat(3000)
        ),
        format!(
            "function f(x: Int): Int {{ x }} method m() {{ assert {}0{} == 0 }}",
            "f(".repeat(1000),
            ")".repeat(1000)
        ),
        format!("method m(x: Int) {{ assert {}true }}", "!".repeat(3000)),
        format!(
            "method m(x: Int) {{ assert {}x{} == x }}",
            "(x + ".repeat(600),
            ")".repeat(600)
        ),
    ];
    for text in &cases {
        match run(text) {
            Err((id, message)) => {
                assert_eq!(id, "parser.error");
                assert!(
                    message.contains("nested") || message.contains("nesting"),
                    "{message}"
                );
            }
            other => panic!("expected a nesting error, got {other:?}"),
        }
    }
}

#[test]
fn nesting_just_under_the_bound_is_accepted() {
    let text = format!(
        "method m(x: Int) {{ assert {}x{} == x }}",
        "(x + ".repeat(100),
        ")".repeat(100)
    );
    assert_eq!(run(&text), Ok(Verdict::Failed));
}

#[test]
fn recursion_through_preconditions_is_a_consistency_error() {
    let text = "function f(x: Int): Bool requires x > 0 ==> f(x - 1)\n\
                method m() { assert f(1) }";
    let mut p = viper::parse(text, FileId(0)).unwrap();
    let errs = viper::typecheck(&mut p).unwrap_err();
    assert!(
        errs.iter().all(|e| e.kind == InputErrorKind::Consistency),
        "{errs:?}"
    );
    // The verifier, given such a program without type checking (as the C pipeline could), stops
    // with an error instead of recursing without end.
    let p = viper::parse(text, FileId(0)).unwrap();
    match verify(&p, &VerifyOptions::default()) {
        Err(errs) => assert!(errs.iter().all(|e| e.kind == InputErrorKind::Unsupported)),
        Ok(r) => panic!("expected `unsupported`, got {:?}", r.verdict()),
    }
}
