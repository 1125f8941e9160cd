//! Tests of the conversion: where specifications attach, the C subset, names and types, the
//! OpenMP structure of regions.

use super::*;
use crate::error::ErrorKind;
use crate::omp::{BlockBody, OmpBlock};
use crate::spec::print_expr;
use viper::SourceMap;

fn program(src: &str) -> Result<Program, FrontErrors> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    crate::parse_file(&mut sm, f, None)
}

fn ok(src: &str) -> Program {
    program(src).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The single error of `src`: (kind, line, column, message).
fn err(src: &str) -> (ErrorKind, u32, u32, String) {
    let e = program(src).expect_err("an error").0;
    assert_eq!(e.len(), 1, "{e:?}");
    (
        e[0].kind,
        e[0].span.line,
        e[0].span.column,
        e[0].message.clone(),
    )
}

fn body(p: &Program, name: &str) -> Block {
    match &p.function(name).expect("function").body {
        Body::Verified(b) => b.clone(),
        other => panic!("{other:?}"),
    }
}

fn blocks(p: &Program) -> Vec<ppl::BasicBlock<OmpBlock>> {
    p.regions[0].ppl.blocks().into_iter().cloned().collect()
}

fn clauses(c: &Option<Contract>) -> Vec<String> {
    c.as_ref()
        .map(crate::spec::print_contract)
        .unwrap_or_default()
}

#[test]
fn contracts_attach_where_vercors_puts_them() {
    let p = ok(r"
//@ context_everywhere n >= 0;
//@ requires \pointer(a, n, write);
//@ ensures \pointer(a, n, write);
void f(int n, int *a)
{
  int k = 0;
  //@ loop_invariant 0 <= k && k <= n;
  while (k < n) { k++; }
  for (int j = 0; j < n; j++) //@ loop_invariant 0 <= j;
  { }
  #pragma omp parallel
  {
    /*@ context \pointer(a, n, write); @*/
    #pragma omp for
    for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write); ensures a[i] == i; @*/
    { a[i] = i; }
    #pragma omp single
    {
      //@ context Perm(a[0], write);
      a[0] = 1;
    }
  }
}
");
    let f = p.function("f").unwrap();
    assert_eq!(
        clauses(&f.contract),
        [
            "context_everywhere n >= 0;",
            "requires \\pointer(a, n, write);",
            "ensures \\pointer(a, n, write);"
        ]
    );
    let b = body(&p, "f");
    match &b.stmts[1].kind {
        StmtKind::While { spec, .. } => {
            assert_eq!(clauses(spec), ["loop_invariant 0 <= k && k <= n;"])
        }
        other => panic!("{other:?}"),
    }
    match &b.stmts[2].kind {
        StmtKind::For { spec, .. } => assert_eq!(clauses(spec), ["loop_invariant 0 <= j;"]),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        b.stmts[3].kind,
        StmtKind::Parallel(crate::omp::RegionId(0))
    ));
    let r = &p.regions[0];
    assert_eq!(r.function, "f");
    assert_eq!(clauses(&r.contract), ["context \\pointer(a, n, write);"]);
    let bs = blocks(&p);
    assert_eq!(
        clauses(&bs[0].payload.contract),
        ["context Perm(a[i], write);", "ensures a[i] == i;"]
    );
    assert_eq!(
        clauses(&bs[1].payload.contract),
        ["context Perm(a[0], write);"]
    );
    assert!(matches!(bs[1].payload.body, BlockBody::Code(_)));
    assert_eq!(ppl::shape(&r.ppl), "par@15 ; seq@19");
}

#[test]
fn requires_false_functions_may_contain_anything() {
    let p = ok(r#"
#include <stdio.h>
struct s { int x; };
/*@ requires false; @*/
int main(int argc, char **argv)
{
  struct s v; v.x = (int) 3.5;
  printf("%d\n", v.x);
  #pragma omp critical
  goto end;
  end: return 0;
}
"#);
    let m = p.function("main").unwrap();
    assert_eq!(m.body, Body::NotVerified(NotVerified::RequiresFalse));
    assert!(p.regions.is_empty());
}

#[test]
fn spec_ignore_skips_code_and_functions() {
    let p = ok(r#"
#include <stdio.h>
void f(int n)
{
  int x = n;
  //@ spec_ignore {
  printf("%d\n", x);
  x = (int) 2.0;
  //@ spec_ignore }
  x = 1;
}
//@ spec_ignore {
int main(void) { printf("hi\n"); return 0; }
//@ spec_ignore }
"#);
    let b = body(&p, "f");
    let kinds: Vec<_> = b
        .stmts
        .iter()
        .map(|s| std::mem::discriminant(&s.kind))
        .collect();
    assert_eq!(kinds.len(), 3);
    assert_eq!(b.stmts[1].kind, StmtKind::SpecIgnored);
    assert_eq!(b.stmts[1].span.line, 7);
    assert!(matches!(b.stmts[2].kind, StmtKind::Assign { .. }));
    assert_eq!(
        p.function("main").unwrap().body,
        Body::NotVerified(NotVerified::SpecIgnore)
    );
    let (k, l, c, m) = err("void f(void)\n{\n  //@ spec_ignore {\n  int x = 1;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 3, 7));
    assert!(m.contains("without a matching"), "{m}");
    let (k, l, _, _) = err("void f(void)\n{\n  //@ spec_ignore }\n}\n");
    assert_eq!((k, l), (ErrorKind::Syntax, 3));
}

#[test]
fn statements_of_the_subset() {
    let p = ok(r"
#include <stdbool.h>
int g(int v) { return v + 1; }
void f(int n, int *a, bool flag)
{
  int x = 0, y;
  x++;
  --x;
  x += 2;
  y = g(x);
  int z = g(y);
  *a = z;
  a[n - 1] = flag ? 1 : 0;
  if (!flag && x < n) { g(x); } else x = -x;
}
");
    let b = body(&p, "f");
    let show: Vec<String> = b
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Decl { name, init, .. } => {
                format!(
                    "decl {} {}",
                    name.name,
                    init.as_ref()
                        .map(crate::c::print::print_expr)
                        .unwrap_or_default()
                )
            }
            StmtKind::Assign { target, op, value } => format!(
                "{} {} {}",
                crate::c::print::print_expr(target),
                op.symbol(),
                crate::c::print::print_expr(value)
            ),
            StmtKind::Call {
                target,
                callee,
                args,
            } => format!(
                "{}call {}({})",
                target
                    .as_ref()
                    .map(|t| format!("{} = ", crate::c::print::print_expr(t)))
                    .unwrap_or_default(),
                callee.name,
                args.iter()
                    .map(crate::c::print::print_expr)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            StmtKind::If { cond, .. } => format!("if {}", crate::c::print::print_expr(cond)),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        show,
        [
            "decl x 0",
            "decl y ",
            "x += 1",
            "x -= 1",
            "x += 2",
            "y = call g(x)",
            "decl z ",
            "z = call g(y)",
            "*a = z",
            "a[n - 1] = flag ? 1 : 0",
            "if !flag && x < n",
        ]
    );
    // Expression types.
    match &b.stmts[10].kind {
        StmtKind::If { cond, .. } => assert_eq!(cond.ty, Type::Bool),
        _ => unreachable!(),
    }
    let f = p.function("f").unwrap();
    let tys: Vec<Type> = f.params.iter().map(|p| p.ty).collect();
    assert_eq!(tys, [Type::Int, Type::IntPtr, Type::Bool]);
}

#[test]
fn names_and_types_are_checked() {
    let (k, l, c, m) = err("int g(int v) { return v; }\nvoid f(void) { g(1, 2); }\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 2, 16));
    assert!(m.contains("takes 1 argument"), "{m}");
    let (k, l, c, _) = err("void f(int n) {\n  int n2 = 0;\n  { int n2 = 1; }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 9));
    let (k, l, c, _) = err("void f(int n) {\n  int x;\n  int x;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 3, 7));
    let (k, _, _, m) = err("#include <stdbool.h>\nvoid f(bool b) { int x = b + 1; }\n");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("bool operand"), "{m}");
    let (k, l, c, _) = err("void f(int n) {\n  return n;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 2, 10));
    let (k, _, _, m) = err("void f(int *a, int n) { int x = a[n][0]; }\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("cannot index"), "{m}");
    let (k, _, _, m) = err("void f(int *a) { a = a; }\n");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("pointer"), "{m}");
    let (k, _, _, m) = err("void f(int n) { unsigned u = 1; }\n");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("`unsigned`"), "{m}");
    let (k, l, c, m) = err("void f(int n) { int x = g(n) + 1; }\nint g(int v);\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 1, 25));
    assert!(m.contains("call inside an expression"), "{m}");
}

#[test]
fn openmp_runtime_routines_are_callable() {
    let p = ok("#include <omp.h>\nvoid f(void) { int t = omp_get_thread_num(); omp_set_num_threads(4); }\n");
    let rt = p.function("omp_get_thread_num").unwrap();
    assert_eq!(rt.origin, Origin::OmpRuntime);
    assert_eq!(clauses(&rt.contract), ["ensures \\result >= 0;"]);
    let (k, _, _, m) = err("#include <omp.h>\nvoid f(void) { int t = omp_get_wtime(); }\n");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("`omp_get_wtime`"), "{m}");
}

#[test]
fn private_variables_are_collected_from_enclosing_pragmas() {
    let p = ok(r"
void f(int n, int *a)
{
  int t = 0, u = 0;
  #pragma omp parallel private(t) firstprivate(u)
  {
    #pragma omp for private(u)
    for (int i = 0; i < n; i++) { t = i; a[i] = t + u; }
  }
}
");
    let b = &blocks(&p)[0].payload;
    let names = |v: &[crate::spec::Ident]| v.iter().map(|i| i.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&b.private), ["t", "u"]);
    assert_eq!(names(&b.firstprivate), ["u"]);
    let p = ok(r"
void f(int *a)
{
  int t = 0;
  #pragma omp parallel
  {
    #pragma omp sections private(t)
    {
      #pragma omp section
      { t = 1; a[0] = t; }
    }
  }
}
");
    assert_eq!(names(&blocks(&p)[0].payload.private), ["t"]);
}

#[test]
fn canonical_loop_variants() {
    let cases = [
        ("int i = 0; i < n; i++", "0", "n"),
        ("int i = 1; i <= n; ++i", "1", "n + 1"),
        ("i = 2; n > i; i += 1", "2", "n"),
        ("i = 0; n - 1 >= i; i = i + 1", "0", "n - 1 + 1"),
        ("int i = k; i < 2 * n; i = 1 + i", "k", "2 * n"),
    ];
    for (header, lo, hi) in cases {
        // Loops that assign an existing variable need it declared; declaring ones must not shadow.
        let decl = if header.starts_with("int") {
            "int unused;"
        } else {
            "int i;"
        };
        let src = format!(
            "void f(int n, int k, int *a)\n{{\n  {decl}\n  #pragma omp parallel for\n  for ({header})\n    a[0] = 1;\n}}\n"
        );
        let p = ok(&src);
        let it = blocks(&p)[0].iteration.clone().unwrap();
        assert_eq!(
            (it.var.as_str(), it.lower.as_str(), it.upper.as_str()),
            ("i", lo, hi),
            "{header}"
        );
    }
    for (header, at) in [
        ("int i = 0; i != n; i++", "i != n"),
        ("int i = 0; i < n; i--", "i--"),
        ("int i = 0; i < i + n; i++", "i + n"),
        ("int i = 0, j = 0; i < n; i++", "int i = 0, j = 0"),
        ("; i < n; i++", "for"),
        ("int i = 0; n; i++", "n;"),
        ("int i = 0; j < n; i++", "j < n"),
    ] {
        let line = format!("  for ({header})");
        let col = line.find(at).unwrap() as u32 + 1;
        let src = format!(
            "void f(int n, int *a)\n{{\n  int j = 0;\n  #pragma omp parallel for\n{line}\n    a[0] = 1;\n}}\n"
        );
        let (k, l, c, m) = err(&src);
        assert_eq!((k, l, c), (ErrorKind::Unsupported, 5, col), "{header}: {m}");
        assert!(m.contains("canonical form"), "{m}");
    }
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel for\n  for (int i = 0; i < n; i++)\n    i = 2;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 5, 5));
    assert!(m.contains("must not be modified"), "{m}");
}

#[test]
fn parallel_then_for_on_one_statement() {
    // Listing 5 as printed in the thesis: `parallel` directly followed by `for`.
    let p = ok("void f(int n, int *a)\n{\n#pragma omp parallel\n#pragma omp for schedule(static)\nfor (int i = 0; i < n; i++) a[i] = 0;\n}\n");
    assert_eq!(ppl::shape(&p.regions[0].ppl), "par@4");
    assert_eq!(p.regions[0].line(), 3);
}

#[test]
fn openmp_structure_errors() {
    let (k, l, c, m) = err(
        "void f(int n, int *a)\n{\n  #pragma omp for\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n",
    );
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 15));
    assert!(m.contains("orphaned"), "{m}");
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp single\n    {\n      #pragma omp for\n      for (int i = 0; i < n; i++) a[i] = 0;\n    }\n  }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 7, 19));
    assert!(m.contains("nested inside"), "{m}");
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp parallel for\n    for (int i = 0; i < n; i++) a[i] = 0;\n  }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 5, 17));
    assert!(m.contains("directly inside a parallel region"), "{m}");
    let (k, l, _, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n  }\n}\n");
    assert_eq!((k, l), (ErrorKind::Unsupported, 3));
    assert!(m.contains("empty parallel region"), "{m}");
    let (k, l, c, _) = err("void f(int n, int *a)\n{\n  #pragma omp for\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 3, 3));
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp single\n    { //@ requires n > 0;\n      #pragma omp parallel for\n      for (int i = 0; i < n; i++) a[i] = 0;\n    }\n  }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 6, 7));
    assert!(m.contains("contract on a"), "{m}");
}

#[test]
fn pragma_errors_only_count_in_verified_code() {
    let bad = "  #pragma omp barrier\n";
    let verified = format!("void f(int n)\n{{\n{bad}}}\n");
    let (k, l, c, _) = err(&verified);
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 15));
    let unverified = format!("/*@ requires false; @*/\nvoid f(int n)\n{{\n{bad}}}\n");
    ok(&unverified);
}

#[test]
fn misplaced_specifications() {
    let (k, l, c, m) = err("void f(int n)\n{\n  int x = 0;\n  //@ requires n > 0;\n  x = 1;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 4, 7));
    assert!(m.contains("not attached"), "{m}");
    let (k, l, c, _) = err("void f(int n, int *a)\n{\n  #pragma omp parallel for\n  for (int i = 0; i < n; i++) //@ loop_invariant i >= 0;\n    a[i] = 0;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 4, 35));
    let (k, l, c, m) = err(
        "void f(int n)\n{\n  for (int i = 0; i < n; i++) //@ requires i >= 0; ensures true;\n    n = n;\n}\n",
    );
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 35));
    assert!(m.contains("iteration contract on a loop without"), "{m}");
    let (k, l, c, m) = err("//@ requires x > 0;\nint y;\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 1, 1));
    assert!(m.contains("followed by a function"), "{m}");
    let (k, l, c, _) = err("void f(int n)\n{\n  int x = /*@ assert true; @*/ 1;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 3, 11));
}

#[test]
fn assertions_are_statements_and_names_in_specs_are_resolved() {
    let p = ok("void f(int n)\n{\n  int x = n;\n  //@ assert x == n;\n}\n");
    match &body(&p, "f").stmts[1].kind {
        StmtKind::Assert(e) => assert_eq!(print_expr(e), "x == n"),
        other => panic!("{other:?}"),
    }
    let (k, l, c, _) = err("void f(int n)\n{\n  //@ assert y == n;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 3, 14));
    // Quantified variables are bound in their range and body.
    ok("/*@ requires (\\forall int k; 0 <= k && k < n; k >= 0); @*/\nvoid f(int n) { }\n");
    // The loop variable is in scope in the iteration contract, the body's locals are not.
    let (k, l, c, _) = err("void f(int n, int *a)\n{\n  #pragma omp parallel for\n  for (int i = 0; i < n; i++) //@ ensures t == i;\n  { int t = i; a[i] = t; }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 4, 43));
}

#[test]
fn several_errors_are_reported_in_order() {
    let e = program("void f(void) { goto x; }\nvoid g(void) { int y = z; }\n")
        .unwrap_err()
        .0;
    let pos: Vec<(ErrorKind, u32)> = e.iter().map(|e| (e.kind, e.span.line)).collect();
    assert_eq!(pos, [(ErrorKind::Unsupported, 1), (ErrorKind::Type, 2)]);
}

#[test]
fn one_contract_per_function_shared_by_its_declarations() {
    let p = ok("//@ requires n > 0;\nint g(int n);\nvoid f(void) { int r = g(1); }\nint g(int n) { return n; }\n");
    let def = p.function("g").unwrap();
    assert!(def.is_verified());
    assert_eq!(clauses(&def.contract), ["requires n > 0;"]);
    let proto = p
        .functions
        .iter()
        .find(|f| f.name.name == "g" && f.body == Body::Prototype)
        .unwrap();
    assert_eq!(clauses(&proto.contract), ["requires n > 0;"]);
    let (k, l, c, m) = err(
        "//@ requires n > 0;\nint g(int n);\n//@ requires n > 1;\nint g(int n) { return n; }\n",
    );
    assert_eq!((k, l, c), (ErrorKind::Syntax, 3, 1));
    assert!(m.contains("already has a contract"), "{m}");
    // `requires false` on the prototype also excludes the definition from verification.
    let p = ok("//@ requires false;\nint main(void);\nint main(void) { goto x; x: return 0; }\n");
    assert_eq!(
        p.function("main").unwrap().body,
        Body::NotVerified(NotVerified::RequiresFalse)
    );
}

#[test]
fn collapse_of_several_loops_is_unsupported() {
    let src = "void f(int n, int *a)\n{\n  #pragma omp parallel for collapse(2)\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      a[i] = j;\n}\n";
    let (k, l, c, m) = err(src);
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 28));
    assert!(m.contains("collapse"), "{m}");
    ok(&src.replace("collapse(2)", "collapse(1)"));
}
