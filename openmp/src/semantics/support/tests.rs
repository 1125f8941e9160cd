//! Which pragmas the proof handles: the supported directives and clauses, and the
//! `unsupported` errors (with positions) of those it does not.

use super::check_supported;
use crate::error::ErrorKind;
use crate::pragma::testing::{ok, parse};
use crate::pragma::*;

/// Kind, line, column, message of the error of `src` (parsing, then the support check).
fn err(src: &str) -> (ErrorKind, u32, u32, String) {
    let e = parse(src)
        .and_then(|p| check_supported(&p).map(|()| p))
        .expect_err(src);
    (e.kind, e.span.line, e.span.column, e.message)
}

#[test]
fn supported_clauses() {
    check_supported(&ok("#pragma omp parallel for schedule(static, N/4) private(a, b), firstprivate(c) shared(d) default(none) num_threads(4) reduction(+: s) collapse(1)")).unwrap();
    check_supported(&ok("#pragma omp for reduction(max:m) reduction(&&: ok)")).unwrap();
}

#[test]
fn supported_directives() {
    let cases = [
        ("#pragma omp parallel", Directive::Parallel),
        ("#pragma omp for", Directive::For),
        ("#pragma omp parallel for", Directive::ParallelFor),
        ("#pragma omp simd", Directive::Simd),
        ("#pragma omp for simd", Directive::ForSimd),
        ("#pragma omp parallel for simd", Directive::ParallelForSimd),
        ("#pragma omp sections", Directive::Sections),
        ("#pragma omp parallel sections", Directive::ParallelSections),
        ("#pragma omp section", Directive::Section),
        ("#pragma omp single", Directive::Single),
        (
            "  #  pragma   omp   parallel   for  ",
            Directive::ParallelFor,
        ),
    ];
    for (src, d) in cases {
        let p = ok(src);
        assert_eq!(p.directive, d, "{src}");
        check_supported(&p).unwrap();
    }
}

#[test]
fn supported_synchronisation() {
    for src in [
        "#pragma omp critical",
        "#pragma omp critical(name) hint(0)",
        "#pragma omp atomic",
        "#pragma omp atomic update",
        "#pragma omp atomic read seq_cst",
        "#pragma omp atomic capture",
        "#pragma omp barrier",
        "#pragma omp flush",
        "#pragma omp taskyield",
        "#pragma omp task depend(out: x) untied priority(2)",
        "#pragma omp task if(0) final(1)",
        "#pragma omp task if(task: n > 2)",
        "#pragma omp taskwait",
        "#pragma omp taskgroup",
    ] {
        check_supported(&ok(src)).unwrap_or_else(|e| panic!("{src}: {}", e.message));
    }
}

#[test]
fn unsupported_directives_and_clauses() {
    assert_eq!(
        err("#pragma omp scope"),
        (
            ErrorKind::Unsupported,
            1,
            13,
            "OpenMP directive `scope` is not supported".into()
        )
    );
    for src in [
        "#pragma omp task in_reduction(+: x)",
        "#pragma omp task affinity(a)",
        "#pragma omp ordered",
        "#pragma omp cancel for",
        "#pragma omp atomic compare",
        "#pragma omp taskloop simd grainsize(strict: 4)",
        "#pragma omp threadprivate(x)",
        "#pragma omp target teams distribute parallel for map(to: a[0:n])",
    ] {
        assert_eq!(err(src).0, ErrorKind::Unsupported, "{src}");
    }
    assert_eq!(
        err("#pragma omp parallel master"),
        (
            ErrorKind::Unsupported,
            1,
            13,
            "OpenMP directive `parallel master` is not supported".into()
        )
    );
    assert_eq!(
        err("#pragma omp for linear(x)"),
        (
            ErrorKind::Unsupported,
            1,
            17,
            "OpenMP clause `linear` is not supported".into()
        )
    );
    // `lastprivate` on loops, `simd` and `sections` (§5.4.5), without `conditional`.
    check_supported(&ok("#pragma omp for lastprivate(x)")).expect("lastprivate on for");
    check_supported(&ok("#pragma omp simd lastprivate(x)")).expect("lastprivate on simd");
    check_supported(&ok("#pragma omp sections lastprivate(x)")).expect("on sections");
    assert_eq!(
        err("#pragma omp for lastprivate(conditional: x)").0,
        ErrorKind::Unsupported
    );
    assert_eq!(
        err("#pragma omp taskloop lastprivate(x)").0,
        ErrorKind::Unsupported
    );
    // `if` on `parallel` and `task` is supported; with another directive-name modifier it is not.
    assert_eq!(err("#pragma omp parallel for if(simd: n > 10)").2, 29);
    check_supported(&ok("#pragma omp parallel if(n > 10)")).expect("if on parallel");
    let (k, _, c, m) = err("#pragma omp for schedule(monotonic: static)");
    assert_eq!((k, c), (ErrorKind::Unsupported, 17));
    assert!(m.contains("`monotonic`"), "{m}");
    let (k, _, _, m) = err("#pragma omp parallel default(firstprivate)");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("`default(firstprivate)`"), "{m}");
    // Array sections pass here; whether one covers its whole array is checked with the
    // array's type (`omp::sharing`). Elements and dereferences are not supported.
    check_supported(&ok("#pragma omp parallel for reduction(+: a[0:n])")).expect("a section");
    let (k, _, c, m) = err("#pragma omp parallel for reduction(+: a[2])");
    assert_eq!((k, c), (ErrorKind::Unsupported, 39));
    assert!(m.contains("`a[2]`"), "{m}");
    assert_eq!(
        err("#pragma omp parallel for reduction(+: *p)").0,
        ErrorKind::Unsupported
    );
    let (k, _, _, m) = err("#pragma omp parallel for reduction(task, +: s)");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("`task`"), "{m}");
    let (k, _, _, m) = err("#pragma omp parallel for reduction(merge: s)");
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(m.contains("`merge`"), "{m}");
}
