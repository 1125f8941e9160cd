//! The composition rules of the encoding (Fig. 4.6), checked on small variations of one program:
//! each variation changes one clause and must change the PPL shape accordingly.

use viper::SourceMap;

/// Encodes `text` and returns the shapes of its regions.
fn shapes(text: &str) -> Vec<String> {
    let mut sm = SourceMap::new();
    let file = sm.add("t.c", text);
    let program = openmp::parse_file(&mut sm, file, &Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    program.regions.iter().map(|r| ppl::shape(&r.ppl)).collect()
}

/// Two loops at lines 6 and 9 of one region, with the given clauses and bounds.
fn two_loops(first: &str, second: &str, bound1: &str, bound2: &str) -> String {
    format!(
        "void f(int n, int m, int *a, int *b)\n{{\n  #pragma omp parallel\n  {{\n\
         \x20   #pragma omp {first}\n    for (int i = 0; i < {bound1}; i++)\n      a[i] = 0;\n\
         \x20   #pragma omp {second}\n    for (int i = 0; i < {bound2}; i++)\n      b[i] = 1;\n  }}\n}}\n"
    )
}

fn pair(first: &str, second: &str) -> String {
    shapes(&two_loops(first, second, "n", "n")).join(" / ")
}

#[test]
fn static_nowait_then_static_is_fused() {
    assert_eq!(
        pair("for schedule(static) nowait", "for schedule(static)"),
        "par@5 ⊕ par@8"
    );
    assert_eq!(
        pair("for nowait schedule(static)", "for schedule(static) nowait"),
        "par@5 ⊕ par@8"
    );
}

#[test]
fn dynamic_schedule_before_nowait_is_not_fused() {
    assert_eq!(
        pair("for schedule(dynamic) nowait", "for schedule(static)"),
        "par@5 || par@8"
    );
    assert_eq!(
        pair("for schedule(guided) nowait", "for schedule(static)"),
        "par@5 || par@8"
    );
    assert_eq!(
        pair("for schedule(static) nowait", "for schedule(dynamic)"),
        "par@5 || par@8"
    );
}

#[test]
fn missing_schedule_is_not_fused() {
    assert_eq!(pair("for nowait", "for schedule(static)"), "par@5 || par@8");
    assert_eq!(pair("for schedule(static) nowait", "for"), "par@5 || par@8");
}

#[test]
fn missing_nowait_gives_sequential_composition() {
    assert_eq!(
        pair("for schedule(static)", "for schedule(static)"),
        "par@5 ; par@8"
    );
    assert_eq!(pair("for", "for"), "par@5 ; par@8");
    assert_eq!(pair("for schedule(dynamic)", "for nowait"), "par@5 ; par@8");
}

#[test]
fn only_plain_for_loops_fuse() {
    assert_eq!(
        pair("for simd schedule(static) nowait", "for schedule(static)"),
        "par@5 || par@8"
    );
    assert_eq!(
        pair("for schedule(static) nowait", "for simd schedule(static)"),
        "par@5 || par@8"
    );
    // `simd` alone is not a worksharing construct (OpenMP 5.2 §10.4): every thread runs the
    // whole loop, and no barrier follows it.
    assert_eq!(pair("simd", "for schedule(static)"), "par@5 || par@8");
}

#[test]
fn chunks_and_ranges_must_agree_for_fusion() {
    assert_eq!(
        pair("for schedule(static, 4) nowait", "for schedule(static, 4)"),
        "par@5 ⊕ par@8"
    );
    assert_eq!(
        pair("for schedule(static, 4) nowait", "for schedule(static, 8)"),
        "par@5 || par@8"
    );
    assert_eq!(
        pair("for schedule(static, 4) nowait", "for schedule(static)"),
        "par@5 || par@8"
    );
    let different_ranges = two_loops(
        "for schedule(static) nowait",
        "for schedule(static)",
        "n",
        "m",
    );
    assert_eq!(shapes(&different_ranges), ["par@5 || par@8"]);
    // OpenMP 5.2 §11.5.3 asks for the same number of logical iterations, not the same text:
    // trip counts are compared as affine terms, so `n + 0` iterations are `n`.
    let le = two_loops(
        "for schedule(static) nowait",
        "for schedule(static)",
        "n",
        "n + 0",
    );
    assert_eq!(shapes(&le), ["par@5 ⊕ par@8"]);
    let one_more = two_loops(
        "for schedule(static) nowait",
        "for schedule(static)",
        "n",
        "n + 1",
    );
    assert_eq!(shapes(&one_more), ["par@5 || par@8"]);
}

#[test]
fn single_and_sections_barriers() {
    let src = "void f(int n, int *a, int *b)\n{\n  #pragma omp parallel\n  {\n\
               \x20   #pragma omp sections\n    {\n      #pragma omp section\n      a[0] = 1;\n\
               \x20     #pragma omp section\n      b[0] = 1;\n    }\n\
               \x20   #pragma omp single\n    a[1] = 2;\n  }\n}\n";
    assert_eq!(shapes(src), ["(seq@7 || seq@9) ; seq@12"]);
    let nowait = src.replace("#pragma omp sections\n", "#pragma omp sections nowait\n");
    assert_eq!(shapes(&nowait), ["seq@7 || seq@9 || seq@12"]);
    let single_nowait = "void f(int n, int *a, int *b)\n{\n  #pragma omp parallel\n  {\n\
                         \x20   #pragma omp single nowait\n    b[0] = 1;\n\
                         \x20   #pragma omp for\n    for (int i = 0; i < n; i++) a[i] = 0;\n  }\n}\n";
    assert_eq!(shapes(single_nowait), ["seq@5 || par@7"]);
    let single = single_nowait.replace("single nowait", "single");
    assert_eq!(shapes(&single), ["seq@5 ; par@7"]);
}

#[test]
fn implicit_first_section_takes_the_sections_line() {
    let src = "void f(int *a, int *b)\n{\n  #pragma omp parallel sections\n  {\n    a[0] = 1;\n\
               \x20   #pragma omp section\n    b[0] = 1;\n  }\n}\n";
    assert_eq!(shapes(src), ["seq@3 || seq@6"]);
}

#[test]
fn relations_follow_the_shape() {
    let mut sm = SourceMap::new();
    let text = two_loops(
        "for schedule(static) nowait",
        "for schedule(static)",
        "n",
        "n",
    );
    let file = sm.add("t.c", text);
    let p = openmp::parse_file(&mut sm, file, &Default::default()).unwrap();
    let r = &p.regions[0];
    assert_eq!(r.pairs.len(), 1);
    assert_eq!(r.pairs[0].relation, ppl::Relation::Fused);
    assert_eq!(
        r.pairs[0].relation.incomparable(),
        ppl::Incomparable::Unequal
    );
    let text = two_loops(
        "for schedule(dynamic) nowait",
        "for schedule(static)",
        "n",
        "n",
    );
    let mut sm = SourceMap::new();
    let file = sm.add("t.c", text);
    let p = openmp::parse_file(&mut sm, file, &Default::default()).unwrap();
    assert_eq!(p.regions[0].pairs[0].relation, ppl::Relation::Parallel);
}
