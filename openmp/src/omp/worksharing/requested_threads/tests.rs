use super::bound;
use crate::c::ast::StmtKind;
use crate::omp::test_program::{body, parsed};

/// The bound for the `n`-th parallel construct (in source order) of `main`'s body.
fn bound_of(src: &str, n: usize) -> Option<i128> {
    let p = parsed(src);
    let regions: Vec<_> = body(&p, "main")
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Omp(c) if c.region.is_some() => Some(c.span),
            _ => None,
        })
        .collect();
    bound(&p, "main", regions[n])
}

const BEFORE_AND_AFTER: &str = "#include <omp.h>
int a[8];
int main() {
  #pragma omp parallel
  a[omp_get_thread_num()] = 1;
  omp_set_num_threads(2 + 2);
  #pragma omp parallel
  a[omp_get_thread_num()] = 1;
  return 0;
}
";

#[test]
fn only_regions_after_the_call_are_bounded() {
    assert_eq!(bound_of(BEFORE_AND_AFTER, 0), None);
    assert_eq!(bound_of(BEFORE_AND_AFTER, 1), Some(4));
}

#[test]
fn a_call_under_a_condition_or_a_second_call_gives_no_bound() {
    let conditional = "#include <omp.h>
int a[8];
int main(int argc, char **argv) {
  if (argc > 1) omp_set_num_threads(4);
  #pragma omp parallel
  a[omp_get_thread_num()] = 1;
  return 0;
}
";
    assert_eq!(bound_of(conditional, 0), None);
    let twice = "#include <omp.h>
int a[8];
void more(void) { omp_set_num_threads(16); }
int main() {
  omp_set_num_threads(4);
  more();
  #pragma omp parallel
  a[omp_get_thread_num()] = 1;
  return 0;
}
";
    assert_eq!(bound_of(twice, 0), None);
    let variable = "#include <omp.h>
int a[8];
int main(int argc, char **argv) {
  omp_set_num_threads(argc);
  #pragma omp parallel
  a[omp_get_thread_num()] = 1;
  return 0;
}
";
    assert_eq!(bound_of(variable, 0), None);
}
