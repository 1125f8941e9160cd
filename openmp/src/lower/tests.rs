//! Tests of the lowering: the shape of generated members, the side table, names, and that
//! every generated program type-checks.

use super::*;
use crate::error::ErrorKind;
use ppl::obligations::Role;
use viper::ast::{ExprKind, StmtKind};
use viper::SourceMap;

fn lowered(src: &str) -> Lowered {
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    let p = crate::parse_file(&mut sm, f, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let mut l = lower(&p).unwrap_or_else(|e| panic!("{e:?}"));
    viper::typecheck(&mut l.program).unwrap_or_else(|e| {
        panic!("{e:?}\n{}", viper::print(&l.program));
    });
    l
}

fn lower_err(src: &str) -> Vec<FrontError> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    let p = crate::parse_file(&mut sm, f, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
    lower(&p).expect_err("a lowering error").0
}

const FUSED: &str = r#"
/*@ context \pointer(a, n, write) ** \pointer(b, n, write); @*/
void f(int n, int *a, int *b)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write);
      a[i] = 1;
    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\2) ** Perm(b[i], write);
      b[i] = a[i];
  }
}
"#;

#[test]
fn a_region_without_contract_is_checked_in_place() {
    let l = lowered(FUSED);
    let kinds: Vec<(&str, &str)> = l
        .obligations
        .iter()
        .map(|(n, k, _)| (n.as_str(), k.as_str()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("f", "function"),
            ("f__r5__par7", "par-block"),
            ("f__r5__par11", "par-block"),
        ]
    );
    let f = l.program.method("f").unwrap();
    let body = &f.body.as_ref().unwrap().stmts;
    // Side branches: fit + self-disjointness for each loop, and the fused pair.
    let roles: Vec<&Role> = body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::If { then, .. } => then.stmts.iter().find_map(|t| match &t.kind {
                StmtKind::Exhale(_) => l.checks.get(t.span).map(|c| &c.role),
                _ => None,
            }),
            _ => None,
        })
        .collect();
    assert_eq!(roles.len(), 5, "{roles:?}");
    assert!(matches!(roles[0], Role::Fit { .. }));
    assert!(matches!(roles[1], Role::Race { first, second, .. } if first == second));
    assert!(matches!(roles[4], Role::Race { first, second, .. } if first != second));
    // Then the blocks run by their contracts: label, exhale, inhale for each.
    let runs: Vec<&Role> = body
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Exhale(_) | StmtKind::Inhale(_)))
        .filter_map(|s| l.checks.get(s.span).map(|c| &c.role))
        .filter(|r| !matches!(r, Role::Internal(_)))
        .collect();
    assert!(matches!(runs[0], Role::BlockPre { .. }));
    assert!(matches!(runs[1], Role::BlockPost { .. }));
    assert_eq!(runs.len(), 4);
}

#[test]
fn a_region_with_contract_gets_its_own_methods() {
    let src = r#"
/*@ context \pointer(a, n, write); @*/
void g(int n, int *a)
{
  #pragma omp parallel
  {
    //@ context \pointer(a, n, write); ensures (\forall int k; 0 <= k && k < n; a[k] == 0);
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == 0;
      a[i] = 0;
  }
}
"#;
    let l = lowered(src);
    let names: Vec<&str> = l.obligations.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "g",
            "g__r5__par8",
            "g__r5__fit_par8",
            "g__r5__disjoint_par8",
            "g__r5__sequentialize"
        ]
    );
    // The function uses the contract: label; exhale pre; inhale post (old at the label).
    let g = l.program.method("g").unwrap();
    let all = &g.body.as_ref().unwrap().stmts;
    // First the team of the region (its size), then the region by its contract.
    let at = all
        .iter()
        .position(|s| matches!(s.kind, StmtKind::Label { .. }))
        .expect("a label");
    let stmts = &all[at..];
    assert!(matches!(
        l.checks.get(stmts[1].span).map(|c| &c.role),
        Some(Role::RegionPre(_))
    ));
    assert!(matches!(
        l.checks.get(stmts[2].span).map(|c| &c.role),
        Some(Role::RegionPost(_))
    ));
    let seq = l.program.method("g__r5__sequentialize").unwrap();
    assert_eq!(seq.posts.len(), 2);
    assert!(seq.posts.iter().all(|p| matches!(
        l.checks.get(p.span).map(|c| &c.role),
        Some(Role::Postcondition(ppl::obligations::Owner::Region(_)))
    )));
}

#[test]
fn every_statement_and_clause_has_a_check() {
    let l = lowered(FUSED);
    for m in l.program.methods() {
        for e in m.pres.iter().chain(m.posts.iter()) {
            assert!(l.checks.get(e.span).is_some(), "{}: {e:?}", m.name.name);
        }
        let Some(b) = &m.body else { continue };
        fn walk(ss: &[viper::ast::Stmt], l: &Lowered) {
            for s in ss {
                assert!(l.checks.get(s.span).is_some(), "{s:?}");
                match &s.kind {
                    StmtKind::If { then, els, .. } => {
                        walk(&then.stmts, l);
                        if let Some(e) = els {
                            walk(&e.stmts, l);
                        }
                    }
                    StmtKind::While { body, .. } => walk(&body.stmts, l),
                    _ => {}
                }
            }
        }
        walk(&b.stmts, &l);
    }
}

#[test]
fn source_names_are_kept_and_generated_names_avoid_them() {
    let src = r#"
/*@ context \pointer(a, n, write); @*/
void h(int n, int *a)
{
  int k = 0;
  int nondet = 1;
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write);
    a[i] = k + nondet;
}
"#;
    let l = lowered(src);
    let text = viper::print(&l.program);
    assert!(text.contains("var k: Int := 0"), "{text}");
    assert!(text.contains("var nondet: Bool\n") || text.contains("var nondet_1: Bool"));
    assert!(text.contains("var nondet: Int := 1"), "{text}");
}

#[test]
fn assigned_parameters_get_copies() {
    let src = r#"
/*@ requires n >= 0; ensures \result == 0; @*/
int down(int n)
{
  //@ loop_invariant n >= 0;
  while (n > 0) { n = n - 1; }
  return n;
}
"#;
    let l = lowered(src);
    let text = viper::print(&l.program);
    assert!(text.contains("var n_1: Int := n"), "{text}");
    assert!(text.contains("ret := n_1"), "{text}");
}

#[test]
fn divisions_are_checked_applications_of_c_division() {
    let src = "int q(int x, int y) { return x / y + x % y; }";
    let l = lowered(src);
    let q = l.program.method("q").unwrap();
    let StmtKind::Assign { value, .. } = &q.body.as_ref().unwrap().stmts[0].kind else {
        panic!()
    };
    let ExprKind::Binary { left, right, .. } = &value.kind else {
        panic!()
    };
    for (e, name) in [(left, "c_div"), (right, "c_mod")] {
        let ExprKind::Call { name: n, .. } = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(n.name, name);
        assert_eq!(l.checks.get(e.span).map(|c| &c.role), Some(&Role::Division));
    }
}

#[test]
fn perm_on_scalars_and_misplaced_permissions_are_errors() {
    let e = lower_err("/*@ requires Perm(n, write); @*/ void f(int n) { }");
    assert_eq!(e[0].kind, ErrorKind::Unsupported);
    let e = lower_err("/*@ requires n > 0 || Perm(a[0], write); @*/ void f(int n, int *a) { }");
    assert_eq!(e[0].kind, ErrorKind::Type);
}

#[test]
fn integer_conversions_are_exact_without_a_wrap_where_they_can_be() {
    // C11 6.3.1.3: a literal is converted at once; an `int` as an `unsigned` is itself or itself
    // plus 2^32; a `long` as an `int` keeps the modular wrap.
    let src = "unsigned f(int x) { unsigned a = -1; unsigned b = x; long c = x; int d = c; return a + b + d; }";
    let text = viper::print(&lowered(src).program);
    assert!(text.contains(":= 4294967295"), "{text}");
    assert!(text.contains("x < 0 ? x + 4294967296 : x"), "{text}");
    assert!(
        text.contains("c_wrap(c, -2147483648, 4294967296)"),
        "{text}"
    );
}
