//! Tests of the conversion: where specifications attach, the C accepted, names and types, side
//! effects hoisted in order, the OpenMP structure of regions.

use super::*;
use crate::error::ErrorKind;
use crate::omp::{BlockBody, BlockOrigin, Dim, OmpBlock};
use crate::spec::print_expr;
// The whole front end: these tests read what the conversion hands on through the regions built
// from it.
use crate::Program;
use viper::SourceMap;

fn program(src: &str) -> Result<Program, FrontErrors> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    crate::parse_file(&mut sm, f, &Default::default())
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

/// One line per statement (nested blocks indented), for comparing conversions.
fn show(p: &Program, ss: &[Stmt]) -> Vec<String> {
    let pe = |e: &Expr| crate::c::print::print_expr(e, p);
    let mut out = Vec::new();
    for s in ss {
        out.push(match &s.kind {
            StmtKind::Decl { var, init } => format!(
                "decl {}{}",
                p.var(*var).name,
                match init {
                    Some(Init::Expr(e)) => format!(" = {}", pe(e)),
                    Some(Init::List(l)) => format!(" = {{{} items}}", l.len()),
                    None => String::new(),
                }
            ),
            StmtKind::Assign { target, value } => format!("{} = {}", pe(target), pe(value)),
            StmtKind::Call {
                target,
                callee,
                args,
            } => format!(
                "{}call {}({})",
                target
                    .as_ref()
                    .map(|t| format!("{} = ", pe(t)))
                    .unwrap_or_default(),
                callee.name,
                args.iter().map(pe).collect::<Vec<_>>().join(", ")
            ),
            StmtKind::If { cond, then, els } => {
                let mut s = format!("if {} {{ {} }}", pe(cond), show(p, &then.stmts).join("; "));
                if let Some(e) = els {
                    s.push_str(&format!(" else {{ {} }}", show(p, &e.stmts).join("; ")));
                }
                s
            }
            StmtKind::Alloc { target, count, .. } => {
                format!("{} = alloc {}", pe(target), pe(count))
            }
            StmtKind::Loop { kind, .. } => format!("loop {kind:?}"),
            StmtKind::Break => "break".into(),
            StmtKind::Continue => "continue".into(),
            StmtKind::Return(e) => format!("return {}", e.as_ref().map(pe).unwrap_or_default()),
            other => format!("{:?}", std::mem::discriminant(other)),
        });
    }
    out
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
        StmtKind::Loop { spec, .. } => {
            assert_eq!(clauses(spec), ["loop_invariant 0 <= k && k <= n;"])
        }
        other => panic!("{other:?}"),
    }
    match &b.stmts[2].kind {
        StmtKind::Loop { spec, .. } => assert_eq!(clauses(spec), ["loop_invariant 0 <= j;"]),
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&b.stmts[3].kind, StmtKind::Omp(c) if c.region == Some(crate::omp::RegionId(0)))
    );
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
    assert_eq!(b.stmts.len(), 3);
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
fn side_effects_are_hoisted_in_evaluation_order() {
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
  int z = g(y) + 1;
  *a = z;
  a[n - 1] = flag ? 1 : 0;
  a[x++] = y = 3;
  if (!flag && g(x) < n) { g(x); } else x = -x;
}
");
    let b = body(&p, "f");
    assert_eq!(
        show(&p, &b.stmts),
        [
            "decl x = 0",
            "decl y",
            "x = x + 1",
            "x = x - 1",
            "x = x + 2",
            "y = call g(x)",
            "decl __tmp1",
            "__tmp1 = call g(y)",
            "decl z = __tmp1 + 1",
            "*a = z",
            "a[n - 1] = flag ? 1 : 0",
            "decl __tmp2",
            "__tmp2 = x",
            "x = x + 1",
            "y = 3",
            "a[__tmp2] = y",
            "decl __tmp4",
            "if !flag { decl __tmp3; __tmp3 = call g(x); __tmp4 = __tmp3 < n != 0 } else { __tmp4 = 0 }",
            "if __tmp4 { decl __tmp5; __tmp5 = call g(x) } else { x = -x }",
        ]
    );
}

#[test]
fn real_c_types_and_memory() {
    let p = ok(r#"
#include <stdlib.h>
#include <string.h>
typedef struct point { double x; double y; } point_t;
enum color { RED, GREEN = 5, BLUE };
int table[3] = {1, 2, 3};
double grid[10][20];
static long counter;
int main(int argc, char *argv[])
{
  unsigned long n = argc > 1 ? atoi(argv[1]) : 10;
  double *v = (double *) malloc(n * sizeof(double));
  int *w = calloc(n, sizeof(int));
  point_t pts[4];
  int vla[n];
  memset(grid, 0, sizeof(grid));
  pts[1].y = grid[2][3] + v[0] * 2.5;
  w[BLUE % 3] = table[RED] + GREEN;
  for (int i = 0, j = 1; i < 3; i++, j += 2) { if (i == 1) continue; vla[i] = j; }
  do { n--; } while (n > 5 && w[0] != 0);
  switch (w[1]) { case 0: case 1: n = 2; break; default: n = 3; break; }
  free(v);
  return 0;
}
"#);
    assert_eq!(p.globals.len(), 3);
    let b = body(&p, "main");
    let lines = show(&p, &b.stmts);
    assert!(lines.contains(&"v = alloc n".to_string()), "{lines:?}");
    assert!(lines.contains(&"w = alloc n".to_string()), "{lines:?}");
    let grid = p.vars.iter().find(|v| v.name == "grid").unwrap();
    assert_eq!(p.type_name(&grid.ty).to_string(), "double[10][20]");
    assert_eq!(grid.storage, Storage::Global);
    let vla = p.vars.iter().find(|v| v.name == "vla").unwrap();
    assert!(matches!(
        vla.ty,
        Type::Array {
            len: ArrayLen::Var(_),
            ..
        }
    ));
}

#[test]
fn names_and_types_are_checked() {
    let (k, l, c, m) = err("int g(int v) { return v; }\nvoid f(void) { g(1, 2); }\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 2, 18));
    assert!(m.contains("takes 1 argument"), "{m}");
    // Shadowing is allowed (every variable has an identity of its own); redeclaring is not.
    ok("void f(int n) {\n  int n2 = 0;\n  { int n2 = 1; }\n}\n");
    let (k, l, c, _) = err("void f(int n) {\n  int x;\n  int x;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 3, 7));
    let (k, l, c, _) = err("void f(int n) {\n  return n;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Type, 2, 10));
    let (k, _, _, m) = err("void f(int *a, int n) { int x = a[n][0]; }\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("cannot index"), "{m}");
    let (k, _, _, m) = err("void f(int n) { int x = q; }\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("undeclared identifier `q`"), "{m}");
    let (k, _, _, m) = err("void f(int n) { const int c = 1; c = n; }\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("const"), "{m}");
    let (k, _, _, m) = err("union u { int a; };\nvoid f(void) { }\n");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("union"), "{m}");
    let e = program("void f(int *p) { goto x; x: ; }\n").unwrap_err().0;
    assert_eq!(e[0].kind, ErrorKind::Unsupported);
    assert!(e[0].message.contains("goto"), "{e:?}");
}

#[test]
fn library_routines_are_callable_and_unknown_ones_are_not() {
    let p = ok("#include <omp.h>\n#include <stdio.h>\nvoid f(void) { int t = omp_get_thread_num(); omp_set_num_threads(4); printf(\"%d\\n\", t); double w = omp_get_wtime(); }\n");
    let rt = p.function("omp_get_thread_num").unwrap();
    assert_eq!(rt.origin, Origin::Library);
    assert_eq!(clauses(&rt.contract), ["ensures \\result >= 0;"]);
    let (k, _, _, m) = err("void f(void) { int t = frobnicate(3); }\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("`frobnicate`"), "{m}");
}

#[test]
fn data_sharing_of_blocks() {
    use crate::omp::sharing::Sharing;
    let p = ok(r"
void f(int n, int *a)
{
  int t = 0, u = 0, i, j;
  #pragma omp parallel private(t) firstprivate(u)
  {
    int local = 1;
    #pragma omp for private(u)
    for (i = 0; i < n; i++) { for (j = 0; j < n; j++) { t = i; } a[i] = t + u + local; }
  }
}
");
    let b = &blocks(&p)[1].payload;
    assert_eq!(b.origin, BlockOrigin::Worksharing);
    let of = |name: &str| {
        let v = p
            .vars
            .iter()
            .position(|v| v.name == name && v.function.as_deref() == Some("f"))
            .unwrap();
        b.sharing
            .get(&VarId(v as u32))
            .cloned()
            .unwrap_or_else(|| panic!("no attribute for {name}"))
    };
    assert!(
        matches!(of("t"), Sharing::Private { .. }),
        "parallel's private"
    );
    assert!(
        matches!(of("u"), Sharing::Private { .. }),
        "the loop's clause wins"
    );
    assert_eq!(of("i"), Sharing::LoopVar, "the loop's variable is private");
    assert_eq!(
        of("j"),
        Sharing::Shared,
        "a sequential loop's variable is shared"
    );
    assert_eq!(of("local"), Sharing::ThreadLocal);
    assert_eq!(of("a"), Sharing::Shared);
    let r = blocks(&p)[0].payload.origin;
    assert_eq!(r, BlockOrigin::Replicated, "code every thread runs");
    assert_eq!(ppl::shape(&p.regions[0].ppl), "par@7 || par@8");
    let (k, _, _, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel default(none) shared(a)\n  {\n    a[0] = n;\n  }\n}\n");
    assert_eq!(k, ErrorKind::Type);
    assert!(m.contains("default(none)") && m.contains("`n`"), "{m}");
}

#[test]
fn canonical_loop_variants() {
    let cases = [
        ("int i = 0; i < n; i++", "0", "n"),
        ("int i = 1; i <= n; ++i", "1", "n + 1"),
        ("i = 2; n > i; i += 1", "2", "n"),
        ("int i = k; i < 2 * n; i = 1 + i", "k", "2 * n"),
        ("int i = n; i > 0; i--", "n", "> 0 (step -1)"),
        ("int i = 0; i < n; i += 2", "0", "< n (step 2)"),
    ];
    for (header, lo, hi) in cases {
        let decl = if header.starts_with("int") {
            "int unused;"
        } else {
            "int i;"
        };
        let src = format!(
            "void f(int n, int k, int *a)\n{{\n  {decl}\n  #pragma omp parallel for\n  for ({header})\n    a[0] = 1;\n}}\n"
        );
        let p = ok(&src);
        let it = blocks(&p)[0].iterations[0].clone();
        assert_eq!(
            (it.var.as_str(), it.lower.as_str(), it.upper.as_str()),
            ("i", lo, hi),
            "{header}"
        );
    }
    for (header, at) in [
        ("int i = 0; i < n; i--", "for"),
        ("int i = 0; i < i + n; i++", "i + n"),
        ("; i < n; i++", "for"),
        ("int i = 0; n; i++", "n;"),
        ("int i = 0; j < n; i++", "j < n"),
        ("int i = 0; i < n; i *= 2", "i *= 2"),
    ] {
        let line = format!("  for ({header})");
        let col = line.find(at).unwrap() as u32 + 1;
        let src = format!(
            "void f(int n, int *a)\n{{\n  int j = 0;\n  #pragma omp parallel for\n{line}\n    a[0] = 1;\n}}\n"
        );
        let (k, l, c, m) = err(&src);
        assert_eq!((k, l, c), (ErrorKind::Syntax, 5, col), "{header}: {m}");
        assert!(m.contains("canonical form"), "{m}");
    }
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel for\n  for (int i = 0; i < n; i++)\n    i = 2;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 5, 5));
    assert!(m.contains("must not be modified"), "{m}");
}

#[test]
fn collapse_gives_a_block_over_the_loop_nest() {
    let src = "void f(int n, int *a)\n{\n  #pragma omp parallel for collapse(2)\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      a[i] = j;\n}\n";
    let p = ok(src);
    let b = &blocks(&p)[0];
    let vars: Vec<&str> = b.iterations.iter().map(|i| i.var.as_str()).collect();
    assert_eq!(vars, ["i", "j"]);
    let (k, _, _, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel for collapse(2)\n  for (int i = 0; i < n; i++) {\n    a[i] = 0;\n    for (int j = 0; j < n; j++) a[j] = 0;\n  }\n}\n");
    assert_eq!(k, ErrorKind::Syntax);
    assert!(m.contains("perfectly nested"), "{m}");
}

#[test]
fn parallel_then_for_on_one_statement() {
    // Listing 5 as printed in the thesis: `parallel` directly followed by `for`.
    let p = ok("void f(int n, int *a)\n{\n#pragma omp parallel\n#pragma omp for schedule(static)\nfor (int i = 0; i < n; i++) a[i] = 0;\n}\n");
    assert_eq!(ppl::shape(&p.regions[0].ppl), "par@4");
    assert_eq!(p.regions[0].line(), 3);
}

#[test]
fn simd_alone_in_a_region_is_run_by_every_thread() {
    let p = ok("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp simd\n    for (int i = 0; i < n; i++) a[i] = 0;\n  }\n}\n");
    let b = &blocks(&p)[0];
    assert_eq!(b.payload.origin, BlockOrigin::ReplicatedSimd);
    let vars: Vec<&str> = b.iterations.iter().map(|i| i.var.as_str()).collect();
    assert_eq!(vars, ["thread", "i"]);
}

#[test]
fn simd_in_an_iteration_is_a_region_of_its_own() {
    // §10.4: the thread running iteration i runs the `simd` loop; its lanes are a `Vec` block
    // of a region of their own, beside the worksharing loop's region.
    let p = ok("void f(int n, int a[10][10])\n{\n  #pragma omp parallel for\n  for (int i = 0; i < 10; i++) {\n    for (int k = 0; k < 2; k++) {\n      #pragma omp simd\n      for (int j = 0; j < 10; j++) a[i][j] = k;\n    }\n  }\n}\n");
    assert_eq!(p.regions.len(), 2);
    let lanes = p
        .regions
        .iter()
        .find(|r| r.line() == 6)
        .expect("the simd loop's region");
    let b = lanes.ppl.blocks()[0].clone();
    assert_eq!(b.payload.origin, BlockOrigin::Simd);
    let vars: Vec<&str> = b.iterations.iter().map(|i| i.var.as_str()).collect();
    assert_eq!(vars, ["j"]);
    // The loop's plain form is the same canonical loop again.
    let BlockBody::Loop(n) = &b.payload.body else {
        panic!("a loop block")
    };
    let Dim::Loop(l) = &b.payload.dims[0] else {
        panic!("a loop dimension")
    };
    let plain =
        crate::c::canonical::plain_nest(std::slice::from_ref(l), &n.body, &|v| p.var(v).ty.clone());
    let StmtKind::Loop {
        init,
        cond_pre,
        cond,
        step,
        body,
        ..
    } = &plain.kind
    else {
        panic!("a plain loop")
    };
    assert_eq!(body, &n.body);
    let again = crate::c::canonical::of_for(init, cond_pre, cond.as_ref(), step, l.header, l.span)
        .expect("canonical");
    assert_eq!((again.var, again.test, again.step), (l.var, l.test, l.step));
    assert_eq!((&again.lower, &again.bound), (&l.lower, &l.bound));
}

#[test]
fn openmp_structure_errors() {
    // An orphaned loop outside any region runs on a team of one thread: a region of its own.
    let p = ok(
        "void f(int n, int *a)\n{\n  #pragma omp for\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n",
    );
    assert_eq!(p.regions.len(), 1);
    assert!(p.orphans.serial.contains(&p.regions[0].id));
    assert!(p.regions[0].approximation.is_some());
    // An orphaned task there is not modelled.
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp task\n  a[0] = 0;\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 3, 15));
    assert!(m.contains("orphaned"), "{m}");
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp single\n    {\n      #pragma omp for\n      for (int i = 0; i < n; i++) a[i] = 0;\n    }\n  }\n}\n");
    // (OpenMP 5.2 §17: a worksharing region may not be closely nested in a `single` region.)
    assert_eq!((k, l, c), (ErrorKind::Nonconforming, 7, 19));
    assert!(m.contains("inside a `single` region"), "{m}");
    // A nested `parallel for` in a region's code is a block over (outer thread, iteration);
    // other nested parallel constructs there are not modelled.
    ok("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp parallel for\n    for (int i = 0; i < n; i++) a[i] = 0;\n  }\n}\n");
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp parallel\n    a[0] = 0;\n  }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 5, 17));
    assert!(m.contains("directly inside a parallel region"), "{m}");
    // An empty region is fine: nothing in it can race.
    ok("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n  }\n}\n");
    let (k, l, c, _) = err("void f(int n, int *a)\n{\n  #pragma omp for\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Syntax, 3, 3));
    let (k, l, c, m) = err("void f(int n, int *a)\n{\n  #pragma omp parallel\n  {\n    #pragma omp single\n    { //@ requires n > 0;\n      #pragma omp parallel for\n      for (int i = 0; i < n; i++) a[i] = 0;\n    }\n  }\n}\n");
    assert_eq!((k, l, c), (ErrorKind::Unsupported, 6, 7));
    assert!(m.contains("contract on a"), "{m}");
}

#[test]
fn pragma_errors_only_count_in_verified_code() {
    // A `taskgroup` outside any region, in a function other than `main`, with no `taskwait`
    // after it: its tasks could outlive the call (`omp::calls::orphan`), so it is unsupported.
    let bad = "  #pragma omp taskgroup\n  n = 1;\n";
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
    ok("/*@ requires (\\forall int k; 0 <= k && k < n; k >= 0); @*/\nvoid f(int n) { }\n");
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
    let p = ok("//@ requires false;\nint main(void);\nint main(void) { goto x; x: return 0; }\n");
    assert_eq!(
        p.function("main").unwrap().body,
        Body::NotVerified(NotVerified::RequiresFalse)
    );
}

#[test]
fn threadprivate_at_file_scope_names_globals_declared_before_it() {
    // OpenMP 5.2 §5.2: the directive follows the declarations of the variables it names.
    let parse = |src: &str| {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", src);
        crate::parse_c(&mut sm, f, &Default::default())
    };
    let p = parse("int a = 0, b;\n#pragma omp threadprivate(a)\nint main(void) { return a; }\n")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let flag = |name: &str| {
        p.vars
            .iter()
            .find(|v| v.name == name)
            .unwrap()
            .threadprivate
    };
    assert!(flag("a") && !flag("b"));
    // A variable declared only after the directive is still an error.
    let e = parse("#pragma omp threadprivate(c)\nint c;\nint main(void) { return c; }\n")
        .unwrap_err()
        .0;
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].message.contains("not declared before"),
        "{}",
        e[0].message
    );
}

#[test]
fn orphaned_constructs_are_inlined_into_the_regions_that_call_them() {
    // `add` is inlined: its `critical` becomes a lock of the region, its parameter `s` the
    // argument's object.
    let p = ok("int sum;\nvoid add(int *s, int v)\n{\n  #pragma omp critical\n  *s = *s + v;\n}\nint main()\n{\n  #pragma omp parallel for\n  for (int i = 0; i < 9; i++)\n    add(&sum, i);\n  return 0;\n}\n");
    assert_eq!(p.orphans.inlined.get("add"), Some(&1));
    assert_eq!(
        p.function("add").map(|f| &f.body),
        Some(&Body::NotVerified(NotVerified::Inlined))
    );
    let b = blocks(&p);
    assert!(b.iter().any(|b| b.payload.origin == BlockOrigin::Lock));
    let all: Vec<Stmt> = b
        .iter()
        .flat_map(|b| b.payload.body.block().stmts.clone())
        .collect();
    let printed = code_text(&p, &all);
    assert!(printed.contains("sum = sum + i"), "{printed}");
    // Locals of the callee that clash with the caller's are renamed, in specifications too.
    let p = ok("int a[9];\nvoid f()\n{\n  int k = 1;\n  //@ assert k == 1;\n  #pragma omp for\n  for (int i = 0; i < 9; i++) a[i] = k;\n}\nint main()\n{\n  int k = 2;\n  #pragma omp parallel\n  f();\n  return k;\n}\n");
    let all: Vec<Stmt> = blocks(&p)
        .iter()
        .flat_map(|b| b.payload.body.block().stmts.clone())
        .collect();
    let printed = code_text(&p, &all);
    assert!(printed.contains("k_1 = 1"), "{printed}");
    assert!(printed.contains("assert k_1 == 1"), "{printed}");
    // What cannot be inlined stays unsupported.
    let (k, l, _, m) = err("int f(int n)\n{\n  #pragma omp critical\n  n = n;\n  if (n > 0)\n    return f(n - 1);\n  return 0;\n}\nint main()\n{\n  #pragma omp parallel\n  f(3);\n  return 0;\n}\n");
    // (The early `return` is read as an `else`; the recursion remains.)
    assert_eq!((k, l), (ErrorKind::Unsupported, 6));
    assert!(m.contains("recursive") && m.contains("omp critical"), "{m}");
    let (k, l, _, m) = err("int f(int n)\n{\n  #pragma omp critical\n  n = n;\n  for (int i = 0; i < n; i++)\n    if (i > 2)\n      return i;\n  return 0;\n}\nint main()\n{\n  #pragma omp parallel\n  f(3);\n  return 0;\n}\n");
    assert_eq!((k, l), (ErrorKind::Unsupported, 7));
    assert!(m.contains("return"), "{m}");
    let (k, l, _, m) = err("int f(int n)\n{\n  int r = 0;\n  #pragma omp critical\n  r = n;\n  if (n > 0)\n    r = f(n - 1);\n  return r;\n}\nint main()\n{\n  #pragma omp parallel\n  f(3);\n  return 0;\n}\n");
    assert_eq!((k, l), (ErrorKind::Unsupported, 7));
    assert!(m.contains("recursive"), "{m}");
    // A global the region privatises by name would be the private copy in the inlined code,
    // while OpenMP 5.2 §5.1.2 has the called function use the original.
    let (k, l, _, m) = err("int g;\nvoid f()\n{\n  #pragma omp critical\n  g = g + 1;\n}\nint main()\n{\n  #pragma omp parallel private(g)\n  f();\n  return 0;\n}\n");
    assert_eq!((k, l), (ErrorKind::Unsupported, 10));
    assert!(m.contains("private"), "{m}");
}

/// The assignments, initialisations and assertions of `stmts`, one a line.
fn code_text(p: &Program, stmts: &[Stmt]) -> String {
    use crate::c::print::print_expr as c;
    let mut out = String::new();
    crate::c::visit::each_stmt(stmts, &mut |s| match &s.kind {
        StmtKind::Assign { target, value } => {
            out.push_str(&format!("{} = {}\n", c(target, p), c(value, p)))
        }
        StmtKind::Decl {
            var,
            init: Some(Init::Expr(e)),
        } => out.push_str(&format!("{} = {}\n", p.var(*var).name, c(e, p))),
        StmtKind::Assert(e) => out.push_str(&format!("assert {}\n", print_expr(e))),
        _ => {}
    });
    out
}
