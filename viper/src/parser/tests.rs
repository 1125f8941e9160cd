//! Unit tests of the parser: syntax coverage, precedence, spans, resolution and error messages.

use super::parse_program;
use crate::ast::*;
use crate::{FileId, InputError};

fn parse(text: &str) -> Program {
    match parse_program(text, FileId(0)) {
        Ok(p) => p,
        Err(e) => panic!(
            "unexpected error at {}:{}: {}",
            e.span.line, e.span.column, e.message
        ),
    }
}

fn parse_err(text: &str) -> InputError {
    match parse_program(text, FileId(0)) {
        Ok(_) => panic!("expected a parse error for {text:?}"),
        Err(e) => e,
    }
}

/// The statements of the only method of a program.
fn body(text: &str) -> Vec<Stmt> {
    let p = parse(text);
    let m = p.methods().next().expect("a method");
    m.body.clone().expect("a body").stmts
}

/// Parses `e` as the expression of an `assert` and renders it as an s-expression.
fn sexp(e: &str) -> String {
    let stmts = body(&format!("method m() {{ assert {e} }}"));
    match &stmts[0].kind {
        StmtKind::Assert(e) => render(e),
        other => panic!("not an assert: {other:?}"),
    }
}

fn render(e: &Expr) -> String {
    match &e.kind {
        ExprKind::IntLit(n) => n.to_string(),
        ExprKind::BoolLit(b) => b.to_string(),
        ExprKind::Null => "null".into(),
        ExprKind::Local(x) => x.clone(),
        ExprKind::Result => "result".into(),
        ExprKind::Field { receiver, field } => format!("{}.{}", render(receiver), field.name),
        ExprKind::Unary { op, operand } => format!("({op:?} {})", render(operand)),
        ExprKind::Binary { op, left, right } => {
            format!("({} {} {})", op.symbol(), render(left), render(right))
        }
        ExprKind::Cond { cond, then, els } => {
            format!("(? {} {} {})", render(cond), render(then), render(els))
        }
        ExprKind::Call { name, args } => {
            let a: Vec<String> = args.iter().map(render).collect();
            format!("{}({})", name.name, a.join(","))
        }
        ExprKind::Quant { body, .. } => format!("(Q {})", render(body)),
        ExprKind::Let { body, value, .. } => format!("(let {} {})", render(value), render(body)),
        ExprKind::Index { seq, index } => format!("{}[{}]", render(seq), render(index)),
        ExprKind::Len(x) => format!("|{}|", render(x)),
        other => format!("{other:?}"),
    }
}

#[test]
fn empty_program_and_comments() {
    assert!(parse("").items.is_empty());
    assert!(parse("  // only a comment\n/* block\n comment */")
        .items
        .is_empty());
}

#[test]
fn precedence_follows_silver() {
    assert_eq!(sexp("a ==> b ==> c"), "(==> a (==> b c))");
    assert_eq!(sexp("a || b && c"), "(|| a (&& b c))");
    assert_eq!(sexp("a && b || c"), "(|| (&& a b) c)");
    assert_eq!(sexp("a <==> b ==> c"), "(<==> a (==> b c))");
    assert_eq!(sexp("a == b == c"), "(== a (== b c))");
    assert_eq!(sexp("a - b - c"), "(- (- a b) c)");
    assert_eq!(sexp("a + b * c % d"), "(+ a (% (* b c) d))");
    assert_eq!(sexp("-a * b"), "(* (Neg a) b)");
    assert_eq!(sexp("-x.f"), "(Neg x.f)");
    assert_eq!(sexp("!a && b"), "(&& (Not a) b)");
    assert_eq!(sexp("a < b == c > d"), "(== (< a b) (> c d))");
    assert_eq!(sexp("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(sexp("a ==> b ? c : d"), "(? (==> a b) c d)");
    assert_eq!(sexp("x in s ++ t"), "(in x (++ s t))");
    assert_eq!(sexp("s union t subset u"), "(subset (union s t) u)");
    assert_eq!(sexp("(a ==> b) ==> c"), "(==> (==> a b) c)");
    assert_eq!(
        sexp("a && forall x: Int :: b ==> c"),
        "(&& a (Q (==> b c)))"
    );
    assert_eq!(sexp("|s| + s[0]"), "(+ |s| s[0])");
    assert_eq!(sexp("f(x).g.h"), "f(x).g.h");
}

#[test]
fn comparisons_chain_like_silver() {
    assert_eq!(sexp("a < b <= c"), "(&& (< a b) (<= b c))");
    assert_eq!(sexp("a < b < c < d"), "(&& (&& (< a b) (< b c)) (< c d))");
}

#[test]
fn integers_are_unbounded() {
    assert_eq!(
        sexp("123456789012345678901234567890"),
        "123456789012345678901234567890"
    );
}

#[test]
fn spans_are_located() {
    let p = parse("field f: Int\n\nmethod m(x: Ref)\n{\n  x.f := 1 + 2\n}\n");
    let m = p.methods().next().unwrap();
    assert_eq!((m.span.line, m.span.column), (3, 1));
    assert_eq!((m.name.span.line, m.name.span.column), (3, 8));
    let s = &m.body.as_ref().unwrap().stmts[0];
    assert_eq!((s.span.line, s.span.column), (5, 3));
    let StmtKind::FieldAssign { target, value } = &s.kind else {
        panic!("{s:?}")
    };
    assert_eq!((target.span.line, target.span.column), (5, 3));
    assert_eq!((value.span.line, value.span.column), (5, 10));
    assert_eq!(value.span.end - value.span.start, 5);
    let ExprKind::Binary { right, .. } = &value.kind else {
        panic!()
    };
    assert_eq!((right.span.line, right.span.column), (5, 14));
    let mut count = 0;
    let mut p = p;
    p.for_each_span_mut(&mut |s| {
        assert!(!s.is_dummy());
        count += 1;
    });
    assert!(count > 10);
}

#[test]
fn method_calls_are_told_from_function_applications() {
    let stmts = body(
        "method m(x: Int) returns (r: Int) { r := m(x); r := f(x); r := g(x); g(x); var a: Int := m(1) }\n\
         function f(x: Int): Int\n method g(x: Int) returns (y: Int)",
    );
    assert!(matches!(&stmts[0].kind, StmtKind::Call { targets, .. } if targets.len() == 1));
    assert!(matches!(&stmts[1].kind, StmtKind::Assign { .. }));
    assert!(matches!(&stmts[2].kind, StmtKind::Call { method, .. } if method.name == "g"));
    assert!(matches!(&stmts[3].kind, StmtKind::Call { targets, .. } if targets.is_empty()));
    assert!(matches!(
        &stmts[4].kind,
        StmtKind::VarDecl { init: None, .. }
    ));
    assert!(matches!(&stmts[5].kind, StmtKind::Call { .. }));
}

#[test]
fn statements() {
    let stmts = body(
        "method m(x: Ref) {
            var a: Int, b: Bool
            a, b := n(x)
            x.f := 3
            x := new(f, g); x := new(*); x := new()
            if (a > 0) { } elseif (a < 0) { } elseif (a == 1) { } else { assume false }
            while (true) invariant true; invariant false { }
            label l invariant true
            inhale true; exhale true; assert true; assume true
            fold acc(P(x), 1/2); unfold P(x)
            { }
        }",
    );
    let kinds: Vec<&str> = stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Block(_) => "block",
            StmtKind::VarDecl { .. } => "var",
            StmtKind::Assign { .. } => "assign",
            StmtKind::FieldAssign { .. } => "field",
            StmtKind::Call { .. } => "call",
            StmtKind::New { fields: None, .. } => "new*",
            StmtKind::New { .. } => "new",
            StmtKind::If { .. } => "if",
            StmtKind::While { .. } => "while",
            StmtKind::Inhale(_) => "inhale",
            StmtKind::Exhale(_) => "exhale",
            StmtKind::Assert(_) => "assert",
            StmtKind::Assume(_) => "assume",
            StmtKind::Label { .. } => "label",
            StmtKind::Fold(_) => "fold",
            StmtKind::Unfold(_) => "unfold",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "var", "var", "call", "field", "new", "new*", "new", "if", "while", "label", "inhale",
            "exhale", "assert", "assume", "fold", "unfold", "block"
        ]
    );
    // elseif chains nest as an `If` alone in the else block.
    let StmtKind::If { els: Some(b), .. } = &stmts[7].kind else {
        panic!()
    };
    let StmtKind::If { els: Some(b), .. } = &b.stmts[0].kind else {
        panic!()
    };
    let StmtKind::If { els: Some(b), .. } = &b.stmts[0].kind else {
        panic!()
    };
    assert!(matches!(b.stmts[0].kind, StmtKind::Assume(_)));
}

#[test]
fn declarations() {
    let p = parse(
        "field f: Int, g: Seq[Ref]
         domain D[T] {
           unique function c(): D[T]
           function get(D[T], i: Int): T
           axiom named { forall x: D[T] :: get(x, 0) == get(x, 0) }
           axiom { true }
         }
         function h(x: Int): Bool requires x > 0 ensures result
         predicate P(x: Ref) { acc(x.f) }
         predicate Q(x: Ref)
         method abs(x: Int) returns (r: Int) requires true ensures r >= 0",
    );
    assert_eq!(p.fields().count(), 2);
    let d = p.domains().next().unwrap();
    assert_eq!(d.type_params.len(), 1);
    assert!(d.functions[0].unique);
    assert_eq!(
        d.functions[1].args[0].ty,
        Type::Domain {
            name: "D".into(),
            args: vec![Type::Var("T".into())]
        }
    );
    assert!(d.functions[1].args[0].name.is_none());
    assert_eq!(d.functions[1].ret, Type::Var("T".into()));
    assert_eq!(d.axioms.len(), 2);
    assert!(p.function("h").unwrap().body.is_none());
    assert_eq!(p.predicates().count(), 2);
    assert!(p.method("abs").unwrap().body.is_none());
}

#[test]
fn conditions_need_parentheses_as_in_silver() {
    let e = parse_err("method m() {\n  if true { }\n}");
    assert_eq!((e.span.line, e.span.column), (2, 6));
    assert!(e.message.contains("`(`"), "{}", e.message);
    parse_err("method m() { while true { } }");
    parse_err("method m() { if (true) { } elseif false { } }");
    parse_err("method m() { if (true) || false { } }");
}

#[test]
fn end_of_input_is_reported_at_the_end_of_the_last_line() {
    let e = parse_err("method m()\n{\n  assert true\n\n");
    assert_eq!((e.span.line, e.span.column), (3, 14));
    assert!(e.message.contains("end of input"), "{}", e.message);
}

#[test]
fn keywords_are_not_identifiers() {
    let e = parse_err("method m() { var if: Int }");
    assert_eq!((e.span.line, e.span.column), (1, 18));
    assert!(e.message.contains("keyword `if`"), "{}", e.message);
    // But a keyword prefix is an ordinary identifier.
    parse("method m() { var inx: Int; var fieldy: Int; var results: Bool }");
}

#[test]
fn errors_are_located_and_say_what_was_expected() {
    let e = parse_err("method m() {\n  assert f(1, 2\n}");
    assert_eq!((e.span.line, e.span.column), (3, 1));
    assert!(
        e.message.contains("`)`") && e.message.contains("`,`"),
        "{}",
        e.message
    );
    assert!(e.message.contains("an operator"), "{}", e.message);
    let e = parse_err("method m() {\n  x = 5\n}");
    assert_eq!((e.span.line, e.span.column), (2, 5));
    assert!(e.message.contains("`:=`"), "{}", e.message);
    let e = parse_err("field f Int");
    assert_eq!((e.span.line, e.span.column), (1, 9));
    assert!(e.message.contains("`:`"), "{}", e.message);
    let e = parse_err("method m() { assert 1 + }");
    assert_eq!((e.span.line, e.span.column), (1, 25));
    assert!(e.message.contains("an expression"), "{}", e.message);
    let e = parse_err("methd m() {}");
    assert_eq!((e.span.line, e.span.column), (1, 1));
    assert!(e.message.contains("a declaration"), "{}", e.message);
}

#[test]
fn unsupported_constructs_are_named() {
    // A local import needs the file's path (`parse_file`).
    let e = parse_err("import \"a.vpr\"\nmethod m() {}");
    assert_eq!((e.span.line, e.span.column), (1, 1));
    assert_eq!(e.kind, crate::InputErrorKind::Unsupported);
    assert!(e.message.contains("path"), "{}", e.message);
    let e = parse_err("method m() {\n  goto l\n}");
    assert_eq!(e.span.line, 2);
    assert!(e.message.contains("goto"), "{}", e.message);
    let e = parse_err("method m() { assert true --* true }");
    assert!(e.message.contains("magic wand"), "{}", e.message);
    let e = parse_err("method m() {\n /* never closed \n}");
    assert_eq!((e.span.line, e.span.column), (2, 2));
    assert!(e.message.contains("unterminated"), "{}", e.message);
}

#[test]
fn builder_rejections() {
    let e = parse_err("method m(x: Ref) { inhale acc(x) }");
    assert!(e.message.contains("field access"), "{}", e.message);
    let e = parse_err("method m(x: Ref) { x.f := new(*) }");
    assert!(e.message.contains("new"), "{}", e.message);
    let e = parse_err("method m() { var a: Int, b: Int := 5 }");
    assert!(e.message.contains("method call"), "{}", e.message);
    let e = parse_err("method m() { assert Seq[Int](1) == Seq(1) }");
    assert!(e.message.contains("empty"), "{}", e.message);
}

#[test]
fn deep_nesting_does_not_crash() {
    for depth in [100, 1000, 5000] {
        let text = format!(
            "method m() {{ assert {}true{} }}",
            "(".repeat(depth),
            ")".repeat(depth)
        );
        // Parentheses add no tree depth: accepted or rejected, but never a crash.
        let _ = parse_program(&text, FileId(0));
    }
    let deep_not = format!("method m() {{ assert {}true }}", "!".repeat(20_000));
    let e = parse_err(&deep_not);
    assert!(e.message.contains("nest"), "{}", e.message);
    let deep_neg = format!(
        "method m() {{ assert {}1{} == 1 }}",
        "-(".repeat(3000),
        ")".repeat(3000)
    );
    assert!(parse_err(&deep_neg).message.contains("nest"));
    // A long chain of one operator is one nesting level, however deep its tree.
    let long_chain = format!("method m() {{ assert {}true }}", "true && ".repeat(5000));
    parse(&long_chain);
    let long_sum = format!("method m() {{ assert {}1 > 0 }}", "1 + 2 - ".repeat(5000));
    parse(&long_sum);
    // Alternating levels nest.
    let alternating = format!(
        "method m() {{ assert {}true{} }}",
        "(true && (true || ".repeat(300),
        "))".repeat(300)
    );
    assert!(parse_err(&alternating).message.contains("nest"));
    let blocks = format!("method m() {}{}", "{".repeat(3000), "}".repeat(3000));
    assert!(parse_err(&blocks).message.contains("nest"));
    // Within the bound, nesting is fine.
    let ok = format!(
        "method m() {{ assert {}true{} }}",
        "(true && (true || ".repeat(100),
        "))".repeat(100)
    );
    parse(&ok);
}

#[test]
fn thousand_line_file_parses() {
    let mut text = String::from("field f: Int\n");
    for i in 0..100 {
        text.push_str(&format!(
            "method m{i}(x: Ref, n: Int) returns (r: Int)\n  requires acc(x.f) && n >= 0\n  ensures r == old(x.f) + n\n{{\n  var i: Int := 0\n  r := x.f\n  while (i < n)\n    invariant 0 <= i && i <= n && r == x.f + i\n  {{ i := i + 1; r := r + 1 }}\n}}\n"
        ));
    }
    assert!(text.lines().count() >= 1000);
    assert_eq!(parse(&text).methods().count(), 100);
}
