//! Unit tests of the printer: layout, minimal parentheses, and parse(print(e)) == e on random trees.

use super::{print_expr, print_program};
use crate::ast::*;
use crate::{parse, FileId, Span};
use num_bigint::BigInt;

fn reprint(text: &str) -> String {
    let p = parse(text, FileId(0)).unwrap_or_else(|e| panic!("{}: {}", e.span.line, e.message));
    print_program(&p)
}

/// Asserts that printing is a fixpoint and that the printed text parses back to the same tree.
fn assert_round_trip(text: &str) {
    let mut p1 = parse(text, FileId(0)).unwrap();
    let printed = print_program(&p1);
    let mut p2 = parse(&printed, FileId(0))
        .unwrap_or_else(|e| panic!("printed text does not parse: {}\n{printed}", e.message));
    assert_eq!(print_program(&p2), printed);
    p1.clear_spans();
    p2.clear_spans();
    assert_eq!(p1, p2, "{printed}");
}

#[test]
fn canonical_layout() {
    let text = "field f: Int field g: Ref
        domain D[T] { axiom ax { true } function c(): D[T] }
        predicate P(x: Ref) { acc(x.f) }
        predicate Q(x: Ref)
        function fn(x: Ref): Int requires acc(x.f, 1/2) ensures result == x.f { x.f }
        method m(x: Ref) returns (r: Int) requires acc(x.f) ensures acc(x.f) {
          var y: Int := 0; if (y > 0) { y := 1 } else { if (y < 0) { y := 2 } else { y := 3 } }
          while (y < 10) invariant y <= 10 { y := y + 1 }
          while (y < 20) { y := y + 1 }
          { label l invariant true }
        }
        method n()";
    let expected = "\
field f: Int
field g: Ref

domain D[T] {
  function c(): D[T]

  axiom ax {
    true
  }
}

predicate P(x: Ref) {
  acc(x.f)
}

predicate Q(x: Ref)

function fn(x: Ref): Int
  requires acc(x.f, 1 / 2)
  ensures result == x.f
{
  x.f
}

method m(x: Ref) returns (r: Int)
  requires acc(x.f)
  ensures acc(x.f)
{
  var y: Int := 0
  if (y > 0) {
    y := 1
  } elseif (y < 0) {
    y := 2
  } else {
    y := 3
  }
  while (y < 10)
    invariant y <= 10
  {
    y := y + 1
  }
  while (y < 20) {
    y := y + 1
  }
  {
    label l invariant true
  }
}

method n()
";
    assert_eq!(reprint(text), expected);
    assert_round_trip(text);
}

fn expr_of(e: &str) -> String {
    let text = format!("method m() {{ assert {e} }}");
    let p = parse(&text, FileId(0)).unwrap();
    let m = p.methods().next().unwrap();
    match &m.body.as_ref().unwrap().stmts[0].kind {
        StmtKind::Assert(e) => print_expr(e),
        _ => unreachable!(),
    }
}

#[test]
fn only_needed_parentheses() {
    for (input, printed) in [
        ("((a ==> b)) ==> c", "(a ==> b) ==> c"),
        ("a ==> (b ==> c)", "a ==> b ==> c"),
        ("(a - b) - c", "a - b - c"),
        ("a - (b - c)", "a - (b - c)"),
        ("(a && b) && c", "(a && b) && c"),
        ("a * (b + c)", "a * (b + c)"),
        ("-(a + b)", "-(a + b)"),
        ("-(-a)", "-(-a)"),
        ("!(!a)", "!(!a)"),
        ("(a < b) == (c < d)", "a < b == c < d"),
        ("(a ? b : c) ? d : e", "(a ? b : c) ? d : e"),
        (
            "a ? (b ? c : d) : (e ? f : g)",
            "a ? (b ? c : d) : e ? f : g",
        ),
        (
            "(forall x: Int :: x > 0) && b",
            "(forall x: Int :: x > 0) && b",
        ),
        (
            "b && (forall x: Int :: x > 0)",
            "b && forall x: Int :: x > 0",
        ),
        (
            "(b && (forall x: Int :: x > 0)) ==> c",
            "b && (forall x: Int :: x > 0) ==> c",
        ),
        ("(let x == (1) in x) + 1", "(let x == (1) in x) + 1"),
        ("(s ++ t)[0]", "(s ++ t)[0]"),
        ("(x.f).g", "x.f.g"),
        (
            "forall x: Int, y: Int :: {f(x), g(y)} {h(x)} f(x) == g(y)",
            "forall x: Int, y: Int :: { f(x), g(y) } { h(x) } f(x) == g(y)",
        ),
    ] {
        assert_eq!(expr_of(input), printed, "{input}");
    }
}

/// A small deterministic PRNG (xorshift64*), enough to generate test trees.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn e(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::DUMMY)
}

fn ident(n: &str) -> Ident {
    Ident::new(n, Span::DUMMY)
}

/// A random expression of the shape the parser produces (no chained comparisons, no negative
/// literals, collection element types only on empty literals).
fn random_expr(rng: &mut Rng, depth: u32) -> Expr {
    use BinaryOp::*;
    let b = |x: Expr| Box::new(x);
    if depth == 0 {
        return match rng.below(6) {
            0 => e(ExprKind::IntLit(BigInt::from(rng.below(100)))),
            1 => e(ExprKind::BoolLit(rng.below(2) == 0)),
            2 => e(ExprKind::Null),
            3 => e(ExprKind::Result),
            4 => e(ExprKind::PermLit(PermLit::Write)),
            _ => e(ExprKind::Local(
                ["a", "b", "c"][rng.below(3) as usize].into(),
            )),
        };
    }
    macro_rules! sub {
        () => {
            random_expr(rng, depth - 1)
        };
    }
    let ops = [
        Add,
        Sub,
        Mul,
        Div,
        Mod,
        Eq,
        Ne,
        Lt,
        Le,
        Gt,
        Ge,
        And,
        Or,
        Implies,
        Iff,
        Append,
        In,
        Union,
        Intersection,
        Setminus,
        Subset,
    ];
    match rng.below(16) {
        0..=4 => {
            let op = ops[rng.below(ops.len() as u64) as usize];
            e(ExprKind::Binary {
                op,
                left: b(sub!()),
                right: b(sub!()),
            })
        }
        5 => e(ExprKind::Unary {
            op: if rng.below(2) == 0 {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            },
            operand: b(sub!()),
        }),
        6 => e(ExprKind::Cond {
            cond: b(sub!()),
            then: b(sub!()),
            els: b(sub!()),
        }),
        7 => e(ExprKind::Field {
            receiver: b(sub!()),
            field: ident("f"),
        }),
        8 => e(ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: vec![LocalDecl {
                name: ident("x"),
                ty: Type::Int,
                span: Span::DUMMY,
            }],
            triggers: vec![Trigger {
                exprs: vec![sub!()],
                span: Span::DUMMY,
            }],
            body: b(sub!()),
        }),
        9 => e(ExprKind::Let {
            var: ident("y"),
            value: b(sub!()),
            body: b(sub!()),
        }),
        10 => e(ExprKind::Unfolding {
            acc: b(e(ExprKind::Acc {
                loc: b(e(ExprKind::Call {
                    name: ident("P"),
                    args: vec![sub!()],
                })),
                perm: None,
            })),
            body: b(sub!()),
        }),
        11 => e(ExprKind::Index {
            seq: b(sub!()),
            index: b(sub!()),
        }),
        12 => e(ExprKind::Slice {
            seq: b(sub!()),
            lo: None,
            hi: Some(b(sub!())),
        }),
        13 => e(ExprKind::Old {
            label: None,
            expr: b(sub!()),
        }),
        14 => e(ExprKind::Len(b(sub!()))),
        _ => e(ExprKind::Acc {
            loc: b(e(ExprKind::Field {
                receiver: b(sub!()),
                field: ident("g"),
            })),
            perm: Some(b(sub!())),
        }),
    }
}

/// Printing any tree of the parser's shapes and parsing the text gives the tree back.
#[test]
fn random_trees_survive_print_and_parse() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..1500 {
        let tree = random_expr(&mut rng, 1 + (i % 5));
        let printed = print_expr(&tree);
        let text = format!("method m() {{ assert {printed} }}");
        let p = parse(&text, FileId(0))
            .unwrap_or_else(|err| panic!("{printed}\ndoes not parse: {}", err.message));
        let mut back = match &p.methods().next().unwrap().body.as_ref().unwrap().stmts[0].kind {
            StmtKind::Assert(e) => e.clone(),
            _ => unreachable!(),
        };
        back.for_each_span_mut(&mut |s| *s = Span::DUMMY);
        assert_eq!(back, tree, "{printed}");
    }
}

#[test]
fn single_statements_and_expressions_print_alone() {
    let p = parse(
        "method m(x: Int) { if (x > 0) { assert x > 0 } else { assume x <= 0 } }",
        FileId(0),
    )
    .unwrap();
    let s = &p.methods().next().unwrap().body.as_ref().unwrap().stmts[0];
    assert_eq!(
        super::print_stmt(s),
        "if (x > 0) {\n  assert x > 0\n} else {\n  assume x <= 0\n}"
    );
}
