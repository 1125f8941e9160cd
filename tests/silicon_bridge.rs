//! Silicon through the JNI bridge on small programs: verdicts, error ids and lines.
//!
//! Each program marks its expected errors Silver-style, `//:: ExpectedOutput(<id>)` on the line
//! above the reported line; every test also checks a mutant that must change the answer.
#![cfg(feature = "silicon")]

use std::collections::BTreeSet;
use viper::silicon::{Silicon, SiliconResult};
use viper::verifier::Verdict;
use viper::{FileId, SourceFile};

fn run(text: &str) -> SiliconResult {
    let silicon = Silicon::global().expect("Silicon is set up (run scripts/setup.sh --silicon)");
    let src = SourceFile::new("test.vpr", text);
    silicon
        .verify_source(&src, FileId(7))
        .expect("Silicon answers")
}

/// The (id, line) pairs a program's `//:: ExpectedOutput(id)` markers announce.
fn expected(text: &str) -> BTreeSet<(String, u32)> {
    let mut out = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(rest) = line.trim().strip_prefix("//:: ExpectedOutput(") {
            let id = rest.trim_end_matches(')').to_string();
            // The error is reported on the next line that is not itself a marker.
            let target = text
                .lines()
                .enumerate()
                .skip(i + 1)
                .find(|(_, l)| !l.trim().starts_with("//::"))
                .map(|(j, _)| j as u32 + 1)
                .unwrap();
            out.insert((id, target));
        }
    }
    out
}

/// All (id, line) pairs of a result: verification errors, unknown ids and input errors.
fn reported(r: &SiliconResult) -> BTreeSet<(String, u32)> {
    r.errors
        .iter()
        .map(|e| (e.full_id(), e.span.line))
        .chain(r.other_errors.iter().map(|e| (e.id.clone(), e.span.line)))
        .chain(
            r.input_errors
                .iter()
                .map(|e| (e.kind.id().to_string(), e.span.line)),
        )
        .collect()
}

/// Runs `text`, checks it against its markers, and returns the result.
fn check(text: &str) -> SiliconResult {
    let r = run(text);
    assert_eq!(reported(&r), expected(text), "{r:#?}");
    for e in &r.errors {
        assert_eq!(e.span.file, FileId(7));
        assert!(e.span.start < e.span.end, "{e:?} has an empty span");
    }
    r
}

const FIELDS: &str = "field f: Int\nfield g: Ref\n";

#[test]
fn verifying_program_has_no_errors() {
    let text = format!(
        "{FIELDS}
method inc(x: Ref) returns (r: Int)
  requires acc(x.f) && x.f >= 0
  ensures acc(x.f) && x.f == old(x.f) + 1 && r == x.f
{{
  x.f := x.f + 1
  r := x.f
}}

method client(y: Ref)
  requires acc(y.f, 1/2) && acc(y.f, 1/2) && y.f == 4
{{
  var k: Int
  k := inc(y)
  assert k == 5
  var i: Int := 0
  while (i < 10)
    invariant 0 <= i && i <= 10
  {{
    i := i + 1
  }}
  assert i == 10
}}

function sq(n: Int): Int
  ensures result >= 0
{{ n * n }}
"
    );
    let r = check(&text);
    assert_eq!(r.verdict(), Verdict::Verified);
    assert!(!r.is_rejected());

    // Mutant: the postcondition no longer holds.
    let mutant = text.replace("x.f == old(x.f) + 1", "x.f == old(x.f) + 2");
    assert_eq!(run(&mutant).verdict(), Verdict::Failed);
}

#[test]
fn assertion_and_postcondition_failures() {
    let text = format!(
        "{FIELDS}
method m(x: Ref) returns (r: Int)
  requires acc(x.f)
  //:: ExpectedOutput(postcondition.violated:assertion.false)
  ensures r > 0
{{
  r := x.f
}}

method n()
{{
  var y: Int := 3
  //:: ExpectedOutput(assert.failed:assertion.false)
  assert y == 4
}}
"
    );
    let r = check(&text);
    assert_eq!(r.verdict(), Verdict::Failed);
    let post = &r.errors[0];
    assert_eq!(post.full_id(), "postcondition.violated:assertion.false");
    assert_eq!(post.span.column, 11);
    assert!(post.message.contains("Postcondition of m might not hold"));

    let fixed = text
        .replace("ensures r > 0", "ensures acc(x.f) && r == x.f")
        .replace("assert y == 4", "assert y == 3");
    let r = run(&fixed);
    assert_eq!(r.verdict(), Verdict::Verified, "{r:#?}");
}

#[test]
fn permission_errors() {
    let text = format!(
        "{FIELDS}
method store(x: Ref)
  requires acc(x.f, 1/2)
{{
  //:: ExpectedOutput(assignment.failed:insufficient.permission)
  x.f := 2
}}

method load(x: Ref) returns (v: Int)
{{
  //:: ExpectedOutput(assignment.failed:insufficient.permission)
  v := x.f
}}

method give(x: Ref)
  requires acc(x.f, 1/2)
{{
  //:: ExpectedOutput(exhale.failed:insufficient.permission)
  exhale acc(x.f)
}}
"
    );
    check(&text);
    let fixed = text.replace("acc(x.f, 1/2)", "acc(x.f)");
    // Only the read without any permission still fails.
    let read_line = text.lines().position(|l| l == "  v := x.f").unwrap() as u32 + 1;
    let r = run(&fixed);
    assert_eq!(
        reported(&r),
        BTreeSet::from([(
            "assignment.failed:insufficient.permission".to_string(),
            read_line
        )])
    );
}

#[test]
fn calls_loops_and_well_definedness() {
    let text = format!(
        "{FIELDS}
method callee(n: Int)
  requires n > 0

method caller()
{{
  //:: ExpectedOutput(call.precondition:assertion.false)
  callee(0)
}}

method loops()
{{
  var i: Int := 0
  while (i < 3)
    //:: ExpectedOutput(invariant.not.established:assertion.false)
    invariant i == 1
  {{
    i := 1
  }}
}}

// A failure ends Silicon's path, so the second loop gets its own method.
method loops2()
{{
  var j: Int := 0
  while (j < 3)
    //:: ExpectedOutput(invariant.not.preserved:assertion.false)
    invariant j == 0
  {{
    j := j + 1
  }}
}}

method divide(d: Int)
{{
  var q: Int
  //:: ExpectedOutput(assignment.failed:division.by.zero)
  q := 10 / d
}}

function half(n: Int): Int
  requires n % 2 == 0
{{ n / 2 }}

method app()
{{
  var h: Int
  //:: ExpectedOutput(application.precondition:assertion.false)
  h := half(3)
}}
"
    );
    check(&text);
    let fixed = text
        .replace("callee(0)", "callee(1)")
        .replace(
            "method divide(d: Int)",
            "method divide(d: Int)\n  requires d != 0",
        )
        .replace("half(3)", "half(4)");
    let r = run(&fixed);
    let ids: BTreeSet<String> = reported(&r).into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        ids,
        BTreeSet::from([
            "invariant.not.established:assertion.false".to_string(),
            "invariant.not.preserved:assertion.false".to_string()
        ])
    );
}

#[test]
fn parse_errors_are_input_errors() {
    let text = "method m()\n{\n  var x: Int\n  x :=\n//:: ExpectedOutput(parser.error)\n}\n";
    let r = check(text);
    assert!(r.is_rejected());
    assert_eq!(r.input_errors[0].span.column, 1);
    assert!(
        !r.input_errors[0].message.contains("Occurred while parsing"),
        "{}",
        r.input_errors[0].message
    );
}

#[test]
fn type_and_consistency_errors_are_input_errors() {
    let text = "method m(a: Int)
{
  var b: Bool
  //:: ExpectedOutput(typechecker.error)
  b := 3
}

method n(a: Int)
{
  //:: ExpectedOutput(typechecker.error)
  a := 3
}
";
    let r = run(text);
    assert!(r.is_rejected());
    // Silver reports the assignment to an argument twice at line 11 (lhs and rhs type).
    let lines: BTreeSet<_> = reported(&r).into_iter().collect();
    assert!(lines.is_superset(&expected(text)), "{r:#?}");
    assert!(lines.iter().all(|(id, _)| id == "typechecker.error"));

    let fixed = text
        .replace("b := 3", "b := true")
        .replace("  a := 3\n", "");
    assert_eq!(run(&fixed).verdict(), Verdict::Verified);
    assert!(!run(&fixed).is_rejected());
}

#[test]
fn unknown_ids_are_kept_as_other_errors() {
    let text = format!(
        "{FIELDS}
predicate P(x: Ref) {{ acc(x.f) }}

method m(x: Ref)
{{
  //:: ExpectedOutput(fold.failed:insufficient.permission)
  fold P(x)
}}

method wand(x: Ref)
{{
  //:: ExpectedOutput(apply.failed:wand.not.found)
  apply acc(x.f) --* acc(x.g)
}}
"
    );
    let r = check(&text);
    assert_eq!(r.verdict(), Verdict::Failed);
    assert_eq!(r.errors.len(), 1, "{r:#?}");
    assert_eq!(r.other_errors.len(), 1, "{r:#?}");
    assert_eq!(r.other_errors[0].id, "apply.failed:wand.not.found");
    assert_eq!(r.other_errors[0].span.file, FileId(7));
}

#[test]
fn one_silicon_serves_many_programs_in_parallel() {
    let silicon = Silicon::global().expect("Silicon is set up");
    let sources: Vec<SourceFile> = (0..6)
        .map(|k| {
            SourceFile::new(
                format!("p{k}.vpr"),
                format!("method m{k}()\n{{\n  assert {k} == {}\n}}\n", k % 3),
            )
        })
        .collect();
    // Submit from several threads at once; every program gets its own answer.
    std::thread::scope(|s| {
        let handles: Vec<_> = sources
            .iter()
            .enumerate()
            .map(|(k, src)| s.spawn(move || (k, silicon.verify_source(src, FileId(k as u32)))))
            .collect();
        for h in handles {
            let (k, r) = h.join().unwrap();
            let r = r.unwrap();
            let expect = if k < 3 {
                Verdict::Verified
            } else {
                Verdict::Failed
            };
            assert_eq!(r.verdict(), expect, "program {k}: {r:#?}");
            if k >= 3 {
                assert_eq!(r.errors[0].span.line, 3);
                assert_eq!(r.errors[0].span.file, FileId(k as u32));
            }
        }
    });
    assert!(silicon.startup() > std::time::Duration::ZERO);
}

#[test]
fn deeply_nested_programs_do_not_overflow_the_stack() {
    // Silver's parser recurses once per nesting level.
    let depth = 2000;
    let nested = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    let text = format!("method m()\n{{\n  assert {nested} == 1\n}}\n");
    let r = run(&text);
    assert_eq!(r.verdict(), Verdict::Verified, "{r:#?}");
    let wrong = text.replace(") == 1", ") == 2");
    assert_eq!(run(&wrong).verdict(), Verdict::Failed);
}
