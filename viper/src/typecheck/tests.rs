//! Unit tests of the type checker: `/` resolution, inference, and representative errors.

use crate::ast::*;
use crate::{parse, typecheck, FileId};

fn checked(text: &str) -> Program {
    let mut p = parse(text, FileId(0)).unwrap_or_else(|e| panic!("parse: {}", e.message));
    if let Err(errs) = typecheck(&mut p) {
        let msgs: Vec<String> = errs
            .iter()
            .map(|e| format!("{}:{} {}", e.span.line, e.span.column, e.message))
            .collect();
        panic!("unexpected type errors:\n{}", msgs.join("\n"));
    }
    p
}

/// The (line, message) of every type error of `text`.
fn errors(text: &str) -> Vec<(u32, String)> {
    let mut p = parse(text, FileId(0)).unwrap_or_else(|e| panic!("parse: {}", e.message));
    match typecheck(&mut p) {
        Ok(()) => Vec::new(),
        Err(errs) => errs.into_iter().map(|e| (e.span.line, e.message)).collect(),
    }
}

/// Asserts exactly one error, on `line`, whose message contains `needle`.
fn one_error(text: &str, line: u32, needle: &str) {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].0, line, "{errs:?}");
    assert!(errs[0].1.contains(needle), "{errs:?}");
}

/// The division operators of a program, in source order.
fn divisions(p: &Program) -> Vec<BinaryOp> {
    let mut out = Vec::new();
    fn walk(e: &Expr, out: &mut Vec<BinaryOp>) {
        if let ExprKind::Binary { op, left, right } = &e.kind {
            walk(left, out);
            if matches!(op, BinaryOp::Div | BinaryOp::PermDiv) {
                out.push(*op);
            }
            walk(right, out);
        }
        match &e.kind {
            ExprKind::Acc { perm: Some(p), .. } => walk(p, out),
            ExprKind::Call { args, .. } => args.iter().for_each(|a| walk(a, out)),
            ExprKind::Unary { operand, .. } => walk(operand, out),
            ExprKind::Cond { cond, then, els } => {
                walk(cond, out);
                walk(then, out);
                walk(els, out);
            }
            _ => {}
        }
    }
    for m in p.methods() {
        for e in m.pres.iter().chain(&m.posts) {
            walk(e, &mut out);
        }
        for s in m.body.iter().flat_map(|b| &b.stmts) {
            match &s.kind {
                StmtKind::VarDecl { init: Some(e), .. }
                | StmtKind::Assign { value: e, .. }
                | StmtKind::Assert(e)
                | StmtKind::Inhale(e) => walk(e, &mut out),
                StmtKind::Call { args, .. } => args.iter().for_each(|a| walk(a, &mut out)),
                _ => {}
            }
        }
    }
    out
}

#[test]
fn fractions_become_permission_divisions_where_a_permission_is_needed() {
    use BinaryOp::{Div, PermDiv};
    let p = checked(
        "field f: Int
         function fp(q: Perm): Bool
         method callee(q: Perm)
         method m(x: Ref, p: Perm, i: Int) returns (r: Perm)
           requires acc(x.f, 1/2)
         {
           var q: Perm := 1/2
           var n: Int := 1/2
           assert 1/2 == p
           assert p / 2 == p
           assert 3/2 == 1
           assert (1/2 + 1/2) == 1
           assert 1/2 * p == p
           assert fp(1/2)
           callee(1/2)
           r := 1/2
           assert i / 2 < i
         }",
    );
    assert_eq!(
        divisions(&p),
        [
            PermDiv, PermDiv, Div, PermDiv, PermDiv, Div, Div, Div, PermDiv, PermDiv, PermDiv,
            PermDiv, Div
        ]
    );
}

#[test]
fn divisions_follow_silvers_signature_order() {
    use BinaryOp::{Div, PermDiv};
    // Silver tries `Perm` readings first and keeps the first typing that fits the context.
    let cases: &[(&str, &[BinaryOp])] = &[
        // Both sides can be permissions: a permission equation (false).
        (
            "assert (1/2) * (2/1) == (0/1)",
            &[PermDiv, PermDiv, PermDiv],
        ),
        // An Int context forces integer division throughout.
        ("var a: Int := (7/2) / (2/1)", &[Div, Div, Div]),
        ("var b: Int := i / 1", &[Div]),
        // `0` is an Int, so the comparison is over integers...
        ("assert i / 2 > 0", &[Div]),
        // ... but against a fraction both sides are permissions.
        ("assert i / 2 > 0 / 1", &[PermDiv, PermDiv]),
        // A permission variable makes the fraction a permission.
        ("var p: Perm := (1/8) / 3", &[PermDiv, PermDiv]),
        // `Perm * Int` comes before `Int * Int`.
        ("assert (i / 2) * i == (i / 2) * i", &[PermDiv, PermDiv]),
        ("var k: Int := (i / 2) * i", &[Div]),
        // Function arguments take the parameter's type.
        ("assert fp(1/4) && fi(1/5) == 0", &[PermDiv, Div]),
        // Conditional branches share one type, Perm first.
        (
            "assert (i > 0 ? 1/2 : 1/3) == 1/2",
            &[PermDiv, PermDiv, PermDiv],
        ),
        ("assert (i > 0 ? 1/2 : 1) == 1", &[Div]),
    ];
    for (stmt, want) in cases {
        let p = checked(&format!(
            "function fp(q: Perm): Bool
             function fi(q: Int): Int
             method m(i: Int) {{ {stmt} }}"
        ));
        assert_eq!(&divisions(&p), want, "{stmt}");
    }
}

#[test]
fn int_and_perm_do_not_mix() {
    one_error(
        "method m(p: Perm, i: Int) { assert p + i == p }",
        1,
        "Int and Perm",
    );
    one_error("method m(p: Perm) { assert p < 1 }", 1, "Int and Perm");
    one_error(
        "method m(p: Perm) { var q: Perm := 1 }",
        1,
        "expected type Perm, found Int",
    );
    checked("method m(p: Perm, i: Int) { assert i * p == p * i; assert -p == p - 1/2 }");
}

#[test]
fn generic_domain_functions_are_instantiated() {
    checked(
        "domain Box[T] {
           function box(t: T): Box[T]
           function unbox(b: Box[T]): T
           axiom { forall t: T :: { box(t) } unbox(box(t)) == t }
         }
         method m() { assert unbox(box(3)) == 3; assert unbox(box(true)) }",
    );
    one_error(
        "domain Box[T] { function box(t: T): Box[T] function unbox(b: Box[T]): T }
         method m() { assert unbox(box(3)) }",
        2,
        "expected",
    );
    one_error(
        "domain E[T] { function e(): Int }\nmethod m() { assert e() == 0 }",
        2,
        "cannot infer the type argument `T`",
    );
    checked("method m() { var s: Seq[Int] := Seq(); assert Seq() == Seq[Bool]() }");
}

#[test]
fn names() {
    one_error(
        "field f: Int\nmethod m() { var f: Int }",
        2,
        "duplicate identifier `f`",
    );
    one_error(
        "method m() { if (true) { var x: Int }\n var x: Bool }",
        2,
        "duplicate",
    );
    one_error(
        "method m() { if (true) { var y: Int }\n y := 1 }",
        2,
        "undeclared identifier `y`",
    );
    one_error(
        "method m(a: Int) { assert forall a: Int :: a > 0 }",
        1,
        "duplicate",
    );
    one_error(
        "method m() {\n assert forall i: Int :: i == i\n var i: Int }",
        3,
        "duplicate",
    );
    checked("method m() { assert (forall i: Int :: i == i) && (forall i: Int :: i == i) }");
    one_error(
        "method m() {}\nfunction m(): Int",
        2,
        "duplicate identifier `m`",
    );
    one_error("method m() { label l\n label l }", 2, "duplicate label `l`");
}

#[test]
fn assertion_positions() {
    let ok = "field f: Int
        predicate P(x: Ref) { acc(x.f) }
        function fn(x: Ref): Int requires acc(x.f) { x.f }
        method m(x: Ref) requires acc(x.f) ensures acc(x.f) {
          inhale acc(x.f, wildcard) && P(x)
          assert true ==> acc(x.f)
          assume acc(x.f)
          exhale (fn(x) == 0 ? acc(x.f) : true)
          while (true) invariant acc(x.f) { }
          label l invariant acc(x.f)
          inhale forall y: Ref :: y != x ==> acc(y.f)
          inhale forall y: Ref :: acc(y.f) && y.f > 0
          inhale forall y: Ref :: y != x ==> forall z: Ref :: z != y ==> acc(z.f)
        }";
    checked(ok);
    for (bad, line) in [
        ("function g(x: Ref): Int ensures acc(x.f)", 1),
        ("function g(x: Ref): Bool { acc(x.f) }", 1),
        ("method m(x: Ref) { if (acc(x.f)) {} }", 1),
        ("method m(x: Ref) { var b: Bool := acc(x.f) }", 1),
        ("method m(x: Ref) { assert !acc(x.f) }", 1),
        ("method m(x: Ref) { assert acc(x.f) || true }", 1),
        ("method m(x: Ref) { inhale exists y: Ref :: acc(y.f) }", 1),
        ("method m(x: Ref) { inhale acc(x.f) == acc(x.f) }", 1),
        ("method m(x: Ref) { var p: Perm := wildcard }", 1),
        (
            "method m(x: Ref) { assert P(x) || true }\npredicate P(x: Ref)",
            1,
        ),
    ] {
        let text = format!("field f: Int\n{bad}");
        let errs = errors(&text);
        assert!(!errs.is_empty(), "accepted: {bad}");
        assert!(errs.iter().all(|e| e.0 == line + 1), "{bad}: {errs:?}");
    }
}

#[test]
fn old_result_and_labels() {
    one_error("method m() requires old(1) == 1 {}", 1, "preconditions");
    one_error("function g(): Int ensures old(result) == 1", 1, "functions");
    one_error("function g(): Int { old(1) }", 1, "functions");
    one_error(
        "method m() returns (r: Int) ensures result == 0 {}",
        1,
        "`result`",
    );
    one_error("function g(): Int { result }", 1, "`result`");
    one_error(
        "method m() { assert old[l](1) == 1 }",
        1,
        "undeclared label `l`",
    );
    checked("method m() { assert old[l](1) == 1; label l }");
    one_error(
        "method m() ensures old[l](1) == 1 { label l }",
        1,
        "labelled",
    );
    checked("function g(): Int ensures result == 1");
}

#[test]
fn statements() {
    one_error("method m(a: Int) { a := 1 }", 1, "method argument");
    let errs = errors("method m(a: Int) returns (b: Int) { b, a := m(a) }");
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs[0].1.contains("returns 1 value") && errs[1].1.contains("method argument"));
    one_error(
        "method n() returns (r: Bool)\nmethod m() { var x: Int\n x := n() }",
        3,
        "returns Bool",
    );
    one_error(
        "method m() { var y: Ref; y := new(g) }",
        1,
        "undeclared field `g`",
    );
    one_error("function f(): Int\nmethod m() { f() }", 2, "not a method");
    one_error(
        "method n() returns (r: Int)\nmethod m() { var y: Int := n() + 1 }",
        2,
        "statements",
    );
    one_error(
        "field f: Int\nmethod m(x: Ref) { x.f := true }",
        2,
        "expected type Int",
    );
    one_error("method m() { while (1) {} }", 1, "expected type Bool");
    one_error(
        "predicate P(x: Ref)\nmethod m(x: Ref) { fold P(x) }",
        2,
        "abstract",
    );
}

#[test]
fn triggers() {
    checked("function g(i: Int): Int\nmethod m(s: Seq[Int]) { assert forall i: Int :: { g(i) } { s[i] } g(i) == g(i) }");
    one_error(
        "function g(i: Int): Int\nmethod m() { assert forall i: Int :: { g(i + 1) } g(i) == g(i) }",
        2,
        "invalid trigger",
    );
}

#[test]
fn deep_trees_within_the_parser_bound_are_checked_and_printed() {
    let depth = crate::parser::MAX_NESTING - 10;
    let chain = format!("method m(b: Bool) {{ assert {}b }}", "b && ".repeat(depth));
    let nested = format!(
        "method m(i: Int) {{ assert {}i{} == i }}",
        "-(".repeat(depth / 2),
        ")".repeat(depth / 2)
    );
    for text in [chain, nested] {
        let p = checked(&text);
        let printed = crate::print(&p);
        let mut again = parse(&printed, FileId(0)).unwrap();
        let mut orig = p.clone();
        orig.clear_spans();
        again.clear_spans();
        assert!(orig == again);
    }
}
