//! End-to-end tests of the verifier on small programs (parse, type-check, verify).

use super::*;
use crate::{FileId, InputErrorKind};

fn program(text: &str) -> Program {
    let mut p = crate::parse(text, FileId(0)).expect("test program parses");
    crate::typecheck(&mut p).expect("test program type-checks");
    p
}

fn run(text: &str, options: &VerifyOptions) -> ProgramResult {
    verify(&program(text), options).expect("no unsupported feature")
}

/// (id, line) of every error, sorted.
fn errors(text: &str) -> Vec<(String, u32)> {
    let r = run(text, &VerifyOptions::default());
    for m in &r.members {
        assert!(
            m.unknowns.is_empty(),
            "unexpected unknowns in {}: {:?}",
            m.name,
            m.unknowns
        );
    }
    let mut v: Vec<_> = r
        .errors()
        .iter()
        .map(|e| (e.full_id(), e.span.line))
        .collect();
    v.sort();
    v
}

#[test]
fn verifies_and_fails() {
    let text = "field f: Int
method ok(x: Ref)
  requires acc(x.f)
  ensures acc(x.f) && x.f == 3
{ x.f := 3 }
method bad(x: Ref)
  requires acc(x.f, 1/2)
{ x.f := 3 }
";
    assert_eq!(
        errors(text),
        vec![("assignment.failed:insufficient.permission".into(), 8)]
    );
}

#[test]
fn all_errors_mode_continues_after_failed_facts() {
    let text = "method m(x: Int)
{
  assert x == 1
  assert x == 1
  assert x == 2
}
";
    assert_eq!(
        errors(text),
        vec![
            ("assert.failed:assertion.false".into(), 3),
            ("assert.failed:assertion.false".into(), 5)
        ]
    );
    let first_only = VerifyOptions {
        max_errors_per_member: Some(1),
        ..VerifyOptions::default()
    };
    let r = run(text, &first_only);
    assert_eq!(r.errors().len(), 1);
    assert_eq!(r.verdict(), Verdict::Failed);
}

#[test]
fn permission_failure_stops_the_path() {
    let text = "field f: Int
method m(x: Ref)
{
  x.f := 1
  assert false
}
";
    assert_eq!(
        errors(text),
        vec![("assignment.failed:insufficient.permission".into(), 4)]
    );
}

#[test]
fn errors_on_both_branches_are_reported() {
    let text = "method m(b: Bool)
{
  if (b) {
    assert false
  } else {
    assert 1 == 2
  }
}
";
    assert_eq!(
        errors(text),
        vec![
            ("assert.failed:assertion.false".into(), 4),
            ("assert.failed:assertion.false".into(), 6)
        ]
    );
}

#[test]
fn solver_timeout_gives_unknown() {
    // A random 3-SAT instance at the satisfiability threshold as a precondition, and `assert
    // false`: far beyond a 20 ms budget.
    let n = 300;
    let mut seed: u64 = 4242;
    let mut next = |k: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % k
    };
    let args: Vec<String> = (0..n).map(|i| format!("b{i}: Bool")).collect();
    let mut text = format!(
        "method sat({})
",
        args.join(", ")
    );
    for _ in 0..1278 {
        let lits: Vec<String> = (0..3)
            .map(|_| {
                let v = next(n);
                if next(2) == 0 {
                    format!("b{v}")
                } else {
                    format!("!b{v}")
                }
            })
            .collect();
        text += &format!("  requires {}\n", lits.join(" || "));
    }
    text += "{\n  assert false\n}\n";
    let options = VerifyOptions {
        timeout_ms: Some(20),
        ..VerifyOptions::default()
    };
    let r = run(&text, &options);
    assert_eq!(r.verdict(), Verdict::Unknown, "{:?}", r.members[0]);
    assert!(r.errors().is_empty());
    assert!(r.members[0].unknowns[0].contains("line"));
}

#[test]
fn unsupported_constructs_are_rejected_with_their_location() {
    let cases = [
        ("predicate P(i: Int) { true }\nmethod m() { inhale forall i: Int :: P(i) }\n", 2),
        ("field f: Int\npredicate P(x: Ref) { acc(x.f) }\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  fold acc(P(x), wildcard)\n}\n", 6),
        ("field f: Int\nmethod m(x: Ref)\n  requires acc(x.f, epsilon)\n{}\n", 3),
    ];
    for (text, line) in cases {
        let errs = verify(&program(text), &VerifyOptions::default()).expect_err(text);
        assert!(
            errs.iter().all(|e| e.kind == InputErrorKind::Unsupported),
            "{errs:?}"
        );
        assert!(errs.iter().any(|e| e.span.line == line), "{text}: {errs:?}");
    }
}

#[test]
fn collections_and_generic_domains() {
    let text = "domain Box[T] {
  function box(t: T): Box[T]
  function unbox(b: Box[T]): T
  axiom { forall t: T :: { box(t) } unbox(box(t)) == t }
}
method sets(s: Set[Int], m: Multiset[Int])
{
  assert Set(1, 2) union Set(2) == Set(1, 2)
  assert |Set(1, 2) union Set(2)| == 2
  assert (1 in Multiset(1, 1, 2)) == 2
  assert unbox(box(Seq(3, 4)))[1] == 4
  assert |Set(1, 2)| == 1
}
";
    assert_eq!(
        errors(text),
        vec![("assert.failed:assertion.false".into(), 12)]
    );
}

#[test]
fn sequential_and_parallel_agree() {
    let text = "field f: Int
method a(x: Ref) requires acc(x.f) { x.f := 1; assert x.f == 2 }
method b(x: Int) { assert x * 0 == 0 }
method c(x: Ref) { assert x.f == 1 }
function g(x: Ref): Int requires acc(x.f) { x.f + 1 }
";
    let par = run(text, &VerifyOptions::default());
    let seq = run(
        text,
        &VerifyOptions {
            parallel: false,
            ..VerifyOptions::default()
        },
    );
    let ids = |r: &ProgramResult| -> Vec<(String, u32)> {
        r.errors()
            .iter()
            .map(|e| (e.full_id(), e.span.line))
            .collect()
    };
    assert_eq!(ids(&par), ids(&seq));
    assert_eq!(ids(&par).len(), 2);
}

#[test]
fn counterexample_names_arguments() {
    let text = "method m(n: Int)\n  requires n > 2\n{\n  assert n != 3\n}\n";
    let r = run(text, &VerifyOptions::default());
    let e = r.errors()[0];
    assert!(
        e.model.iter().any(|(k, v)| k == "n" && v == "3"),
        "{:?}",
        e.model
    );
}

#[test]
fn counterexample_names_the_iteration_lacking_permission() {
    let text = "domain Array {
  function loc(a: Array, i: Int): Ref
  function first(r: Ref): Array
  function second(r: Ref): Int
  axiom { forall a: Array, i: Int :: { loc(a, i) } first(loc(a, i)) == a && second(loc(a, i)) == i }
}
field val: Int
method m(a: Array, n: Int)
  requires n == 4
  requires forall i: Int :: 0 <= i && i < n ==> acc(loc(a, i).val)
{
  exhale forall i: Int :: 0 <= i && i <= n ==> acc(loc(a, i).val)
}
";
    let r = run(text, &VerifyOptions::default());
    let e = r.errors()[0];
    assert_eq!(e.full_id(), "exhale.failed:insufficient.permission");
    assert!(
        e.model.iter().any(|(k, v)| k == "i" && v == "4"),
        "{:?}",
        e.model
    );
}

#[test]
fn counterexamples_are_small() {
    // Without bounds Z3 answers x = 719, y = 724 and n = 719 here; the model's integers are kept
    // small instead (|v| <= 3 is tried first, then 10, 100, 1000).
    let value = |e: &crate::VerificationError, name: &str| -> i64 {
        e.model
            .iter()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| match v.strip_prefix("(- ") {
                Some(neg) => neg.trim_end_matches(')').parse::<i64>().ok().map(|n| -n),
                None => v.parse().ok(),
            })
            .unwrap_or_else(|| panic!("{name} in {:?}", e.model))
    };
    let text = "method m(x: Int, y: Int)\n  requires x != y\n{\n  assert x + 5 != y\n}\n";
    let r = run(text, &VerifyOptions::default());
    let e = r.errors()[0];
    assert!(
        value(e, "x").abs() <= 10 && value(e, "y").abs() <= 10,
        "{:?}",
        e.model
    );
    let text = "method m(n: Int, i: Int, j: Int)\n  requires 0 <= i && i < n - 1 && 0 <= j && \
                j < n - 1 && i != j\n{\n  assert i + 1 != j\n}\n";
    let r = run(text, &VerifyOptions::default());
    let e = r.errors()[0];
    assert_eq!(
        (value(e, "i"), value(e, "j"), value(e, "n")),
        (0, 1, 3),
        "{:?}",
        e.model
    );
}

/// With `path_ends_on_purpose` (ompv's C encodings), `inhale false` / `assume false` end a path:
/// the state before them is checked, and neither the state after them nor the ends of what they
/// end are smoke points. Without it (Silver's plugin), they are smoke themselves.
#[test]
fn smoke_on_purpose_path_ends_check_the_state_before_them() {
    let ended = "method m(x: Int) returns (r: Int)\n  ensures r >= x\n{\n  if (x > 0) {\n    \
                 r := x\n    exhale r >= x\n    inhale false\n  } else {\n    r := 0\n    \
                 exhale r >= 0\n    assume false\n  }\n}\n";
    let contradictory = ended.replace("ensures r >= x", "requires x > 0 && x < 0");
    let smoke_lines = |text: &str, on_purpose: bool| {
        let options = VerifyOptions {
            smoke: true,
            path_ends_on_purpose: on_purpose,
            ..VerifyOptions::default()
        };
        let mut lines: Vec<u32> = run(text, &options)
            .errors()
            .iter()
            .filter(|e| e.kind == crate::ErrorKind::RefuteFailed)
            .map(|e| e.span.line)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(smoke_lines(ended, true), Vec::<u32>::new());
    // The method (line 1), both branches (4, 8) and the two path ends (7, 11).
    assert_eq!(smoke_lines(ended, false), vec![1, 4, 7, 8, 11]);
    // A contradiction before the ends is reported right before each of them.
    assert_eq!(smoke_lines(&contradictory, true), vec![7, 11]);
}

/// The (id, line) pairs a test file of `tests/viper/` expects: its `ExpectedOutput` annotations.
fn annotated(text: &str) -> Vec<(String, u32)> {
    let mut v = Vec::new();
    let mut pending = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("//:: ExpectedOutput(") {
            pending.push(rest.trim_end_matches(')').to_string());
        } else if !t.starts_with("//::") && !t.is_empty() {
            v.extend(pending.drain(..).map(|id| (id, i as u32 + 1)));
        }
    }
    v.sort();
    v
}

#[test]
fn macros_expand_with_positions_of_their_uses() {
    let ok = include_str!("../../../tests/viper/verify/macros/macros_ok.vpr");
    assert_eq!(errors(ok), Vec::<(String, u32)>::new());
    let fail = include_str!("../../../tests/viper/verify/macros/macros_fail.vpr");
    assert_eq!(errors(fail), annotated(fail));
}

#[test]
fn macro_errors_are_parse_errors() {
    for text in [
        include_str!("../../../tests/viper/frontend/macro_recursive.vpr"),
        include_str!("../../../tests/viper/frontend/macro_arity.vpr"),
    ] {
        let e = crate::parse(text, FileId(0)).expect_err("a macro error");
        assert_eq!(e.kind, InputErrorKind::Parser);
        let lines: Vec<u32> = annotated(text).iter().map(|(_, l)| *l).collect();
        assert_eq!(vec![e.span.line], lines, "{e}");
    }
}

#[test]
fn adts_are_encoded_as_domains() {
    let ok = include_str!("../../../tests/viper/verify/adt/adt_ok.vpr");
    assert_eq!(errors(ok), Vec::<(String, u32)>::new());
    let fail = include_str!("../../../tests/viper/verify/adt/adt_fail.vpr");
    assert_eq!(errors(fail), annotated(fail));
}

#[test]
fn imports_decreases_and_inhale_exhale_assertions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/viper");
    for rel in [
        "verify/imports/imports_main.vpr",
        "verify/misc/decreases_ok.vpr",
        "verify/inhale_exhale/inhale_exhale_assertions.vpr",
        "verify/misc/quasihavoc.vpr",
    ] {
        let path = dir.join(rel);
        let text = std::fs::read_to_string(&path).expect("test file");
        let mut p = crate::parse_file(&path, &text, FileId(0)).expect("parses");
        crate::typecheck(&mut p).expect("type-checks");
        let r = verify(&p, &VerifyOptions::default()).expect("supported");
        let mut got: Vec<_> = r
            .errors()
            .iter()
            .map(|e| (e.full_id(), e.span.line))
            .collect();
        got.sort();
        assert_eq!(got, annotated(&text), "{rel}");
    }
    let measure = include_str!("../../../tests/viper/frontend/decreases_measure.vpr");
    let e = crate::parse(measure, FileId(0)).expect_err("unsupported");
    assert_eq!(e.kind, InputErrorKind::Unsupported);
}
