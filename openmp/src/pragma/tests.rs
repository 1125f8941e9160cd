//! Tests of the pragma parser: every directive and clause, malformed variants with exact
//! positions, and (ignored by default) every pragma of DataRaceBench.

use super::testing::{ok, parse};
use super::*;
use crate::error::ErrorKind;
use crate::spec::Origin;
use viper::{FileId, SourceFile};

/// Kind, line, column, message of the error of parsing `src`.
fn err(src: &str) -> (ErrorKind, u32, u32, String) {
    let e = parse(src).expect_err(src);
    (e.kind, e.span.line, e.span.column, e.message)
}

/// A syntax error at `column` whose message contains `needle`.
fn syntax(src: &str, column: u32, needle: &str) {
    let (k, _, c, m) = err(src);
    assert_eq!((k, c), (ErrorKind::Syntax, column), "{src}: {m}");
    assert!(m.contains(needle), "{src}: `{m}` lacks `{needle}`");
}

/// `src` parses and displays as `shown`.
fn shows(src: &str, shown: &str) {
    assert_eq!(ok(src).display(), shown, "{src}");
}

/// The pragmas of the DataRaceBench micro-benchmarks (not part of the repository): every
/// `#pragma omp` line must parse. Run with `cargo test -p openmp -- --ignored drb`.
#[test]
#[ignore = "needs the DataRaceBench corpus in /work/corpora/drb"]
fn drb_pragmas_parse() {
    let dir = std::path::Path::new("/work/corpora/drb/micro-benchmarks");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("no corpus at {}", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut total, mut failures) = (0, Vec::new());
    let mut directives = std::collections::BTreeMap::new();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
    {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let f = SourceFile::new(path.display().to_string(), text.clone());
        let (_, pragmas) = crate::source::extract::extract(&text);
        for pt in pragmas {
            total += 1;
            let origin = Origin {
                file: FileId(0),
                source: &f,
                base: pt.start,
            };
            match parse_pragma(&pt.masked, origin, pt.line) {
                Ok(p) => {
                    *directives.entry(p.directive.name()).or_insert(0) += 1;
                    if std::env::var_os("DRB_SHOW").is_some() {
                        eprintln!("SHOW {}", p.display());
                    }
                }
                Err(e) => failures.push(format!(
                    "{}:{}:{}: {} | {}",
                    path.file_name().unwrap_or_default().to_string_lossy(),
                    e.span.line,
                    e.span.column,
                    e.message,
                    pt.masked.split_whitespace().collect::<Vec<_>>().join(" ")
                )),
            }
        }
    }
    eprintln!(
        "DataRaceBench: {} of {total} pragmas parse",
        total - failures.len()
    );
    eprintln!("directives: {directives:?}");
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} pragmas fail", failures.len());
}

// ---- Behaviour kept from the first parser -------------------------------------------------

#[test]
fn supported_clauses_display_as_before() {
    let p = ok("#pragma omp parallel for schedule(static, N/4) private(a, b), firstprivate(c) shared(d) default(none) num_threads(4) reduction(+: s) collapse(1)");
    let shown: Vec<String> = p.clauses.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        shown,
        [
            "schedule(static, N/4)",
            "private(a, b)",
            "firstprivate(c)",
            "shared(d)",
            "default(none)",
            "num_threads(4)",
            "reduction(+: s)",
            "collapse(1)"
        ]
    );
    assert_eq!(p.schedule(), Some((ScheduleKind::Static, Some("N/4"))));
    assert!(!p.nowait());
    let names: Vec<&str> = p.private_vars().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(p.firstprivate_vars().next().unwrap().name, "c");
    let q = ok("#pragma omp for schedule(dynamic) nowait");
    assert!(q.nowait());
    assert_eq!(q.schedule(), Some((ScheduleKind::Dynamic, None)));
    assert_eq!(q.display(), "omp for schedule(dynamic) nowait");
    assert_eq!(
        ok("#pragma omp simd simdlen(M)").clauses[0].to_string(),
        "simdlen(M)"
    );
    let r = ok("#pragma omp for reduction(max:m) reduction(&&: ok)");
    assert_eq!(r.clauses.len(), 2);
}

#[test]
fn clause_spans() {
    let p = ok("#pragma omp for  schedule( static )\tnowait");
    assert_eq!(p.clauses[0].span.column, 18);
    assert_eq!(p.clauses[0].keyword_span.column, 18);
    assert_eq!(p.clauses[1].span.column, 37);
    assert_eq!(p.directive_span.column, 13);
    let q = ok("#pragma omp task depend(in: a[i:n], *p) shared(x)");
    let ClauseKind::Depend(Dependence::Locators { items, .. }) = &q.clauses[0].kind else {
        panic!()
    };
    assert_eq!((items[0].span.column, items[1].span.column), (29, 37));
    assert_eq!(
        (
            q.clauses[1].span.column,
            q.clauses[1].kind.items()[0].span.column
        ),
        (41, 48)
    );
}

#[test]
fn multi_line_pragma_positions() {
    // As handed over by extraction: the splice is blanked, the newline kept.
    let src = "#pragma omp for  \n    schedule(static) nowait";
    let p = ok(src);
    assert_eq!((p.clauses[0].span.line, p.clauses[0].span.column), (2, 5));
    assert_eq!((p.clauses[1].span.line, p.clauses[1].span.column), (2, 22));
    // Comments are blanked the same way.
    let q = ok("#pragma omp parallel for         \n  private(i)        ");
    assert_eq!((q.clauses[0].span.line, q.clauses[0].span.column), (2, 3));
}

#[test]
fn malformed_pragmas() {
    syntax(
        "#pragma omp parallel for schedule(statik)",
        35,
        "schedule kind",
    );
    syntax("#pragma omp for schedule(static", 32, "expected `)`");
    syntax("#pragma omp parralel", 13, "unknown OpenMP directive");
    syntax("#pragma omp parallel nowait", 22, "not allowed");
    syntax("#pragma omp for nowait nowait", 24, "appears twice");
    syntax("#pragma omp for private()", 25, "variable name");
    syntax("#pragma omp for foo", 17, "unknown OpenMP clause `foo`");
    assert_eq!(err("#pragma omp").0, ErrorKind::Syntax);
    syntax(
        "#pragma omp parallel for nowait",
        26,
        "clause `nowait` is not allowed on `omp parallel for`",
    );
}

// ---- Every directive ------------------------------------------------------------------------

/// A minimal valid use of each directive (some need a clause or an argument).
fn example(d: Directive) -> String {
    use Directive as D;
    let tail = match d {
        D::Critical => "(lock)",
        D::Threadprivate | D::Allocate => "(x, y)",
        D::Depobj => "(o) depend(in: x)",
        D::DeclareReduction => "(merge: int, long: omp_out += omp_in) initializer(omp_priv = 0)",
        D::DeclareMapper => "(struct S s) map(s.a[0:s.n])",
        D::DeclareVariant => "(fast) match(device={kind(gpu)})",
        D::BeginDeclareVariant => " match(device={kind(gpu)})",
        D::Cancel | D::CancellationPoint => " parallel",
        D::TargetData => " map(to: a[0:n])",
        D::TargetEnterData | D::TargetExitData => " map(alloc: a[:n])",
        D::TargetUpdate => " to(a[0:n])",
        D::Tile => " sizes(4, 8)",
        D::Scan => " inclusive(s)",
        D::Interop => " init(targetsync: obj)",
        D::Requires => " unified_shared_memory",
        _ => "",
    };
    format!("#pragma omp {}{tail}", d.name())
}

#[test]
fn every_directive_parses() {
    for d in Directive::all() {
        let src = example(d);
        let p = ok(&src);
        assert_eq!(p.directive, d, "{src}");
        assert_eq!(p.directive_span.column, 13, "{src}");
        assert_eq!(
            (p.directive_span.end - p.directive_span.start) as usize,
            d.name().len(),
            "{src}"
        );
        // Names are matched whole: extra spaces and line splices between words are fine.
        let spaced = src.replacen(' ', "   ", 3);
        assert_eq!(ok(&spaced).directive, d, "{spaced}");
    }
}

#[test]
fn directive_arguments() {
    let p = ok("#pragma omp critical (update_lock) hint(omp_sync_hint_contended)");
    assert_eq!(p.critical_name().unwrap().name, "update_lock");
    assert_eq!(p.critical_name().unwrap().span.column, 23);
    assert_eq!(
        p.display(),
        "omp critical(update_lock) hint(omp_sync_hint_contended)"
    );
    assert!(ok("#pragma omp critical").critical_name().is_none());
    shows("#pragma omp flush", "omp flush");
    shows("#pragma omp flush (a, b)", "omp flush(a, b)");
    shows("#pragma omp flush acq_rel", "omp flush acq_rel");
    shows(
        "#pragma omp threadprivate(tp, counter)",
        "omp threadprivate(tp, counter)",
    );
    shows(
        "#pragma omp declare reduction(merge : int, long : omp_out = omp_out + omp_in) initializer(omp_priv = 0)",
        "omp declare reduction(merge: int, long: omp_out = omp_out + omp_in) initializer(omp_priv = 0)",
    );
    shows(
        "#pragma omp declare reduction(+ : struct point : add(&omp_out, &omp_in))",
        "omp declare reduction(+: struct point: add(&omp_out, &omp_in))",
    );
    shows(
        "#pragma omp declare target(f, g)",
        "omp declare target(f, g)",
    );
    shows(
        "#pragma omp declare target enter(f) device_type(nohost)",
        "omp declare target enter(f) device_type(nohost)",
    );
    shows("#pragma omp depobj(o) destroy", "omp depobj(o) destroy");
    shows(
        "#pragma omp depobj(o) update(inout)",
        "omp depobj(o) update(inout)",
    );
    shows(
        "#pragma omp allocate(a) allocator(omp_high_bw_mem_alloc) align(64)",
        "omp allocate(a) allocator(omp_high_bw_mem_alloc) align(64)",
    );
    shows(
        "#pragma omp declare variant(f_gpu) match(device={arch(nvptx)})",
        "omp declare variant(f_gpu) match(device={arch(nvptx)})",
    );
    shows("#pragma omp cancel for if(err)", "omp cancel for if(err)");
    shows(
        "#pragma omp cancellation point taskgroup",
        "omp cancellation point taskgroup",
    );
    shows(
        "#pragma omp begin declare target device_type(host)",
        "omp begin declare target device_type(host)",
    );
    shows("#pragma omp end declare target", "omp end declare target");
    shows(
        "#pragma omp error at(compilation) severity(warning) message(\"not yet\")",
        "omp error at(compilation) severity(warning) message(\"not yet\")",
    );
    shows(
        "#pragma omp assume holds(n > 0) no_parallelism",
        "omp assume holds(n > 0) no_parallelism",
    );
    shows(
        "#pragma omp assumes absent(critical, atomic) no_openmp_routines",
        "omp assumes absent(critical, atomic) no_openmp_routines",
    );
    shows(
        "#pragma omp metadirective when(device={kind(gpu)}: parallel for) otherwise(simd)",
        "omp metadirective when(device={kind(gpu)}: parallel for) otherwise(simd)",
    );
    shows(
        "#pragma omp metadirective when(user={condition(n>9)}: parallel) default()",
        "omp metadirective when(user={condition(n>9)}: parallel) otherwise",
    );
    shows(
        "#pragma omp requires atomic_default_mem_order(seq_cst) reverse_offload",
        "omp requires atomic_default_mem_order(seq_cst) reverse_offload",
    );
    shows(
        "#pragma omp interop init(prefer_type(\"cuda\"), targetsync: o) device(1) nowait",
        "omp interop init(prefer_type(\"cuda\"), targetsync: o) device(1) nowait",
    );
    shows(
        "#pragma omp interop use(o) destroy(p)",
        "omp interop use(o) destroy(p)",
    );
    shows(
        "#pragma omp dispatch novariants(n < 4) nocontext(1) is_device_ptr(p) nowait",
        "omp dispatch novariants(n < 4) nocontext(1) is_device_ptr(p) nowait",
    );
    shows("#pragma omp unroll partial(4)", "omp unroll partial(4)");
    shows("#pragma omp unroll", "omp unroll");
    shows("#pragma omp unroll full", "omp unroll full");
    shows(
        "#pragma omp scope private(t) reduction(+: s) nowait",
        "omp scope private(t) reduction(+: s) nowait",
    );
}

#[test]
fn directive_properties_through_pragmas() {
    let p = ok("#pragma omp ordered depend(source)");
    assert_eq!(p.association(), Association::None);
    assert!(p.is_stand_alone());
    let q = ok("#pragma omp ordered threads");
    assert_eq!(q.association(), Association::Block);
    assert!(!q.is_stand_alone());
    assert!(ok("#pragma omp barrier").is_stand_alone());
    assert!(!ok("#pragma omp threadprivate(x)").is_stand_alone());
    assert_eq!(
        ok("#pragma omp parallel for collapse(3)").associated_loops(),
        Some(3)
    );
    assert_eq!(ok("#pragma omp for ordered(2)").associated_loops(), Some(2));
    assert_eq!(
        ok("#pragma omp for collapse(2) ordered(3)").associated_loops(),
        Some(3)
    );
    assert_eq!(ok("#pragma omp taskloop simd").associated_loops(), Some(1));
    assert_eq!(
        ok("#pragma omp tile sizes(4, 4, 8)").associated_loops(),
        Some(3)
    );
    assert_eq!(ok("#pragma omp simd collapse(N)").associated_loops(), None);
    assert_eq!(ok("#pragma omp simd collapse(0x2)").collapse(), Some(2));
    assert_eq!(ok("#pragma omp parallel").associated_loops(), None);
}

// ---- Every clause -----------------------------------------------------------------------------

/// Clause examples: the pragma and its canonical display.
const CLAUSES: &[(&str, &str)] = &[
    // Data-sharing (§5.4).
    ("parallel default(private)", "default(private)"),
    ("task default( firstprivate )", "default(firstprivate)"),
    ("parallel shared(a,b)", "shared(a, b)"),
    (
        "for lastprivate(conditional: x, y)",
        "lastprivate(conditional: x, y)",
    ),
    ("for lastprivate(x)", "lastprivate(x)"),
    ("for linear(i)", "linear(i)"),
    ("simd linear(i, j: 2*k)", "linear(i, j: 2*k)"),
    ("simd linear(p: ref)", "linear(p: ref)"),
    ("simd linear(p: uval, step(4))", "linear(p: uval, step(4))"),
    ("simd linear(p: step(n), val)", "linear(p: val, step(n))"),
    (
        "declare simd linear(val(x, y): 2) uniform(n) aligned(p: 32) simdlen(8) notinbranch",
        "linear(x, y: val, step(2))",
    ),
    (
        "target is_device_ptr(p) has_device_addr(a[0:n])",
        "is_device_ptr(p)",
    ),
    (
        "target data use_device_ptr(p) use_device_addr(a[:n])",
        "use_device_ptr(p)",
    ),
    // Reductions (§5.5).
    ("parallel reduction(-: d)", "reduction(-: d)"),
    ("for reduction(inscan, +: s)", "reduction(inscan, +: s)"),
    ("for reduction(task, *: p)", "reduction(task, *: p)"),
    ("for reduction(default, |: m)", "reduction(default, |: m)"),
    (
        "for reduction(^: a[0:n], b.f, c->g)",
        "reduction(^: a[0:n], b.f, c->g)",
    ),
    (
        "for reduction(min: lo) reduction(max: hi)",
        "reduction(min: lo)",
    ),
    ("for reduction(my_merge: lst)", "reduction(my_merge: lst)"),
    ("taskgroup task_reduction(+: s)", "task_reduction(+: s)"),
    ("task in_reduction(+: s)", "in_reduction(+: s)"),
    ("scan exclusive(s, t)", "exclusive(s, t)"),
    // Copying (§5.7).
    ("parallel copyin(tp)", "copyin(tp)"),
    ("single copyprivate(x, y)", "copyprivate(x, y)"),
    // Mapping (§5.8, §5.9).
    (
        "target map(always, close, tofrom: a[0:n][1:2])",
        "map(always, close, tofrom: a[0:n][1:2])",
    ),
    ("target map(present to: x)", "map(present, to: x)"),
    ("target map(mapper(m), from: s)", "map(mapper(m), from: s)"),
    (
        "target map(iterator(i=0:n), to: p[i][0:4])",
        "map(iterator(i=0:n), to: p[i][0:4])",
    ),
    ("target map(x, y)", "map(x, y)"),
    (
        "target defaultmap(firstprivate: scalar)",
        "defaultmap(firstprivate: scalar)",
    ),
    ("target defaultmap(none)", "defaultmap(none)"),
    (
        "target update from(present: a[0:n:2])",
        "from(present: a[0:n:2])",
    ),
    ("target update to(a)", "to(a)"),
    ("declare target link(x) indirect", "link(x)"),
    ("declare target to(f)", "to(f)"),
    // Memory (§6).
    ("parallel allocate(a)", "allocate(a)"),
    (
        "parallel allocate(omp_low_lat_mem_alloc: a, b)",
        "allocate(omp_low_lat_mem_alloc: a, b)",
    ),
    (
        "parallel allocate(align(8), allocator(al): a)",
        "allocate(allocator(al), align(8): a)",
    ),
    (
        "target uses_allocators(omp_default_mem_alloc)",
        "uses_allocators(omp_default_mem_alloc)",
    ),
    // Loops (§4.4, §9, §10, §11).
    ("for collapse(2)", "collapse(2)"),
    ("for ordered", "ordered"),
    ("for ordered(2)", "ordered(2)"),
    (
        "for schedule(nonmonotonic: dynamic, 4)",
        "schedule(nonmonotonic: dynamic, 4)",
    ),
    (
        "for schedule(monotonic, simd: guided)",
        "schedule(monotonic, simd: guided)",
    ),
    ("for schedule(runtime)", "schedule(runtime)"),
    ("for schedule(auto)", "schedule(auto)"),
    ("for order(concurrent)", "order(concurrent)"),
    (
        "for order(reproducible: concurrent)",
        "order(reproducible: concurrent)",
    ),
    ("simd safelen(8) simdlen(4)", "safelen(8)"),
    ("simd nontemporal(a, b)", "nontemporal(a, b)"),
    ("simd aligned(a, b)", "aligned(a, b)"),
    ("simd if(simd: n > 8)", "if(simd: n > 8)"),
    (
        "distribute dist_schedule(static, 64)",
        "dist_schedule(static, 64)",
    ),
    ("distribute dist_schedule(static)", "dist_schedule(static)"),
    ("loop bind(thread)", "bind(thread)"),
    // Parallelism (§10).
    ("parallel num_threads(n + 1)", "num_threads(n + 1)"),
    ("parallel proc_bind(spread)", "proc_bind(spread)"),
    ("parallel proc_bind(master)", "proc_bind(master)"),
    ("parallel if(parallel: n > 100)", "if(parallel: n > 100)"),
    ("parallel if(n > 100 ? 1 : 0)", "if(n > 100 ? 1 : 0)"),
    (
        "teams num_teams(4: 16) thread_limit(64)",
        "num_teams(4: 16)",
    ),
    ("teams num_teams(8)", "num_teams(8)"),
    (
        "masked filter(omp_get_thread_num() == 2)",
        "filter(omp_get_thread_num() == 2)",
    ),
    // Tasking (§12).
    ("task untied mergeable final(d > 8) priority(2)", "untied"),
    (
        "task affinity(iterator(i=0:n): a[i])",
        "affinity(iterator(i=0:n): a[i])",
    ),
    ("task affinity(a[0:n])", "affinity(a[0:n])"),
    ("task detach(ev)", "detach(ev)"),
    ("task if(task: c)", "if(task: c)"),
    ("taskloop grainsize(strict: 100)", "grainsize(strict: 100)"),
    ("taskloop num_tasks(8) nogroup", "num_tasks(8)"),
    ("taskloop grainsize(g)", "grainsize(g)"),
    (
        "task depend(iterator(it = 0:n), in: a[it])",
        "depend(iterator(it = 0:n), in: a[it])",
    ),
    (
        "task depend(out: a[0:n], *p, s.f) depend(inout: x)",
        "depend(out: a[0:n], *p, s.f)",
    ),
    (
        "task depend(mutexinoutset: m) depend(inoutset: s) depend(depobj: o)",
        "depend(mutexinoutset: m)",
    ),
    (
        "task depend(in: omp_all_memory)",
        "depend(in: omp_all_memory)",
    ),
    ("task depend(in: ([n][m])p)", "depend(in: ([n][m])p)"),
    ("taskwait depend(in: x) nowait", "depend(in: x)"),
    // Synchronization (§15).
    ("atomic read seq_cst", "read"),
    (
        "atomic update relaxed hint(omp_sync_hint_speculative)",
        "update",
    ),
    ("atomic capture acq_rel", "capture"),
    ("atomic compare fail(relaxed) weak", "compare"),
    ("atomic compare capture", "compare"),
    ("atomic write release", "write"),
    ("atomic acquire read", "acquire"),
    (
        "ordered doacross(sink: i - 1, j + 2)",
        "doacross(sink: i - 1, j + 2)",
    ),
    ("ordered doacross(source:)", "doacross(source:)"),
    (
        "ordered doacross(source: omp_cur_iteration)",
        "doacross(source:)",
    ),
    (
        "ordered doacross(sink: omp_cur_iteration - 1)",
        "doacross(sink: omp_cur_iteration - 1)",
    ),
    ("ordered depend(sink: i-1)", "depend(sink: i - 1)"),
    ("ordered simd", "simd"),
    ("ordered threads simd", "threads"),
    // Devices (§13).
    ("target device(ancestor: 1)", "device(ancestor: 1)"),
    (
        "target device(device_num: d) nowait thread_limit(8)",
        "device(device_num: d)",
    ),
    (
        "target teams distribute parallel for simd map(to: a) num_teams(2) if(target: c)",
        "map(to: a)",
    ),
];

#[test]
fn every_clause_parses_and_displays() {
    for (src, first) in CLAUSES {
        let p = ok(&format!("#pragma omp {src}"));
        assert!(!p.clauses.is_empty(), "{src}");
        let c = &p.clauses[0];
        assert_eq!(c.to_string(), *first, "{src}");
        // The display parses back to the same clauses.
        let again = ok(&format!("#pragma {}", p.display()));
        let kinds: Vec<_> = p.clauses.iter().map(|c| &c.kind).collect();
        let kinds2: Vec<_> = again.clauses.iter().map(|c| &c.kind).collect();
        assert_eq!(kinds.len(), kinds2.len(), "{src}");
        for (a, b) in kinds.iter().zip(&kinds2) {
            assert_eq!(a.to_string_kind(), b.to_string_kind(), "{src}");
        }
        // Spans: the keyword starts the clause; the clause ends at its last token.
        let text_after = &format!("#pragma omp {src}")[c.span.start as usize..c.span.end as usize];
        assert!(
            text_after.starts_with(c.kind.keyword()),
            "{src}: {text_after}"
        );
        assert_eq!(c.keyword_span.start, c.span.start);
    }
}

/// Structure-free comparison (spans differ between a pragma and its display).
trait KindText {
    fn to_string_kind(&self) -> String;
}

impl KindText for ClauseKind {
    fn to_string_kind(&self) -> String {
        let f = SourceFile::new("t.c", "");
        let span = f.span(FileId(0), 0, 0);
        Clause {
            kind: self.clone(),
            span,
            keyword_span: span,
        }
        .to_string()
    }
}

// ---- Structure of clauses and list items -----------------------------------------------------

#[test]
fn list_items_have_structure_and_spans() {
    let p = ok("#pragma omp target map(to: a[i], b[0:n], c[:n], d[lo:len:2], e[1:], s.f, p->g[0:4], *q, **r, ([4][m])x)");
    let ClauseKind::Map {
        items, map_type, ..
    } = &p.clauses[0].kind
    else {
        panic!()
    };
    assert_eq!(*map_type, Some(MapType::To));
    let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "a[i]",
            "b[0:n]",
            "c[:n]",
            "d[lo:len:2]",
            "e[1:]",
            "s.f",
            "p->g[0:4]",
            "*q",
            "**r",
            "([4][m])x"
        ]
    );
    let bases: Vec<&str> = items.iter().map(|i| i.base.name.as_str()).collect();
    assert_eq!(bases, ["a", "b", "c", "d", "e", "s", "p", "q", "r", "x"]);
    assert!(matches!(&items[0].designators[..], [Designator::Index(e)] if e.text == "i"));
    let Designator::Section {
        lower,
        length,
        stride,
        span,
    } = &items[3].designators[0]
    else {
        panic!()
    };
    assert_eq!(lower.as_ref().unwrap().text, "lo");
    assert_eq!(length.as_ref().unwrap().text, "len");
    assert_eq!(stride.as_ref().unwrap().text, "2");
    assert_eq!(span.column, 50);
    assert!(matches!(
        &items[2].designators[0],
        Designator::Section {
            lower: None,
            length: Some(_),
            stride: None,
            ..
        }
    ));
    assert!(matches!(
        &items[4].designators[0],
        Designator::Section {
            lower: Some(_),
            length: None,
            ..
        }
    ));
    assert!(matches!(&items[5].designators[..], [Designator::Member(m)] if m.name == "f"));
    assert!(
        matches!(&items[6].designators[..], [Designator::Arrow(m), Designator::Section { .. }] if m.name == "g")
    );
    assert_eq!((items[7].derefs, items[8].derefs), (1, 2));
    assert_eq!(items[9].shape.len(), 2);
    assert!(items.iter().all(|i| !i.is_variable()));
    assert!(items[1].has_section() && !items[0].has_section());
    // Spans of items (a[i] starts at column 28).
    assert_eq!(items[0].span.column, 28);
    assert_eq!((items[0].span.end - items[0].span.start), 4);
    // Whitespace is normalised in the text, the span covers the original.
    let q = ok("#pragma omp task depend(in: a[ i ]  ,  b[0 :  n])");
    assert_eq!(q.clauses[0].kind.items()[1].text, "b[0 : n]");
}

#[test]
fn typed_clause_contents() {
    let p = ok("#pragma omp for schedule(monotonic, simd: dynamic, 2*c) lastprivate(conditional: x) linear(j: val, step(2)) reduction(inscan, max: m) order(unconstrained: concurrent)");
    let k: Vec<&ClauseKind> = p.clauses.iter().map(|c| &c.kind).collect();
    assert!(
        matches!(k[0], ClauseKind::Schedule { modifiers, kind: ScheduleKind::Dynamic, chunk: Some(c) }
        if modifiers == &[ScheduleModifier::Monotonic, ScheduleModifier::Simd] && c.text == "2*c")
    );
    assert!(
        matches!(k[1], ClauseKind::Lastprivate { conditional: true, items } if items[0].text == "x")
    );
    assert!(
        matches!(k[2], ClauseKind::Linear(Linear { modifier: Some(LinearModifier::Val), step: Some(s), deprecated_syntax: false, .. }) if s.text == "2")
    );
    assert!(matches!(
        k[3],
        ClauseKind::Reduction {
            modifier: Some(ReductionModifier::Inscan),
            op: ReductionId::Op(ReductionOp::Max),
            ..
        }
    ));
    assert!(matches!(
        k[4],
        ClauseKind::Order(Some(OrderModifier::Unconstrained))
    ));
    let t = ok("#pragma omp task depend(iterator(i=0:n), inout: a[i]) if(task: n > 2) final(n < 2) priority(p)");
    assert!(
        matches!(&t.clauses[0].kind, ClauseKind::Depend(Dependence::Locators { iterator: Some(it), kind: DependType::Inout, items }) if it.text == "i=0:n" && items[0].text == "a[i]")
    );
    assert!(
        matches!(&t.clauses[1].kind, ClauseKind::If { modifier: Some(Directive::Task), cond } if cond.text == "n > 2" && cond.span.column == 64)
    );
    let o = ok("#pragma omp ordered depend(sink: i - 1, j) ");
    let ClauseKind::Depend(Dependence::Sink(v)) = &o.clauses[0].kind else {
        panic!()
    };
    assert_eq!(
        (
            v[0].var.name.as_str(),
            v[0].offset.as_ref().unwrap().text.as_str()
        ),
        ("i", "- 1")
    );
    assert!(v[1].offset.is_none());
    let g = ok("#pragma omp taskloop grainsize(strict: n/4) untied");
    assert!(
        matches!(&g.clauses[0].kind, ClauseKind::Grainsize { strict: true, size } if size.text == "n/4")
    );
    let a = ok("#pragma omp atomic compare capture fail(acquire) weak seq_cst hint(h)");
    let kinds: Vec<&str> = a.clauses.iter().map(|c| c.kind.keyword()).collect();
    assert_eq!(
        kinds,
        ["compare", "capture", "fail", "weak", "seq_cst", "hint"]
    );
    assert_eq!(
        a.clauses[4].kind,
        ClauseKind::MemoryOrder(MemoryOrder::SeqCst)
    );
    let i = ok("#pragma omp target parallel for if(target: a) if(parallel: b)");
    assert_eq!(i.clauses.len(), 2);
    assert_eq!(i.if_for(Directive::Target).unwrap().text, "a");
    assert_eq!(i.if_for(Directive::Parallel).unwrap().text, "b");
    assert!(i.if_for(Directive::For).is_none());
    let j = ok("#pragma omp parallel for simd if(c)");
    assert_eq!(j.if_for(Directive::Simd).unwrap().text, "c");
    assert_eq!(j.if_for(Directive::Parallel).unwrap().text, "c");
    assert!(ok("#pragma omp task").if_for(Directive::Task).is_none());
    let c = ok("#pragma omp cancel taskgroup if(x)");
    assert_eq!(
        c.clauses[0].kind,
        ClauseKind::ConstructType(Directive::Taskgroup)
    );
    // `a ? b : c` is not mistaken for a modifier.
    let q = ok("#pragma omp parallel num_threads(n > 4 ? 4 : n) if(c ? 1 : 0)");
    assert_eq!(q.clauses[0].to_string(), "num_threads(n > 4 ? 4 : n)");
    assert!(matches!(
        &q.clauses[1].kind,
        ClauseKind::If { modifier: None, .. }
    ));
    // Optional commas between clauses, also before the first one (§3.1).
    assert_eq!(
        ok("#pragma omp parallel, private(a), shared(b)")
            .clauses
            .len(),
        2
    );
}

// ---- Malformed pragmas -------------------------------------------------------------------------

#[test]
fn unknown_names_get_suggestions() {
    syntax("#pragma omp paralel for", 13, "did you mean `parallel`?");
    syntax("#pragma omp taskwiat", 13, "did you mean `taskwait`?");
    syntax(
        "#pragma omp declare reductoin(+: int: omp_out += omp_in)",
        13,
        "did you mean `declare reduction`?",
    );
    syntax(
        "#pragma omp frobnicate",
        13,
        "unknown OpenMP directive `frobnicate`",
    );
    let (_, _, _, m) = err("#pragma omp frobnicate");
    assert!(!m.contains("did you mean"), "{m}");
    syntax(
        "#pragma omp parallel for privat(i)",
        26,
        "did you mean `private`?",
    );
    syntax(
        "#pragma omp for schedulle(static)",
        17,
        "did you mean `schedule`?",
    );
    syntax(
        "#pragma omp parallel fro",
        22,
        "did you mean the directive `omp parallel for`?",
    );
    syntax(
        "#pragma omp task dependd(in: x)",
        18,
        "did you mean `depend`?",
    );
    syntax("#pragma omp workshare", 13, "Fortran");
    syntax(
        "#pragma omp end declare targt",
        13,
        "unknown OpenMP directive `end declare targt`; did you mean `end declare target`?",
    );
    syntax(
        "#pragma omp target updat to(x)",
        20,
        "did you mean the directive `omp target update`?",
    );
    syntax(
        "#pragma omp declare smd",
        13,
        "did you mean `declare simd`?",
    );
    syntax(
        "#pragma omp parallel if(paralel: c)",
        25,
        "did you mean `parallel`?",
    );
    syntax("#pragma omp parallel do", 22, "unknown OpenMP clause `do`");
}

#[test]
fn clauses_not_allowed_on_directives() {
    syntax(
        "#pragma omp simd firstprivate(x)",
        18,
        "clause `firstprivate` is not allowed on `omp simd`",
    );
    syntax(
        "#pragma omp for shared(x)",
        17,
        "clause `shared` is not allowed on `omp for`",
    );
    syntax(
        "#pragma omp single schedule(static)",
        20,
        "not allowed on `omp single`",
    );
    syntax(
        "#pragma omp section private(x)",
        21,
        "not allowed on `omp section`",
    );
    syntax(
        "#pragma omp barrier nowait",
        21,
        "not allowed on `omp barrier`",
    );
    syntax("#pragma omp task nowait", 18, "not allowed on `omp task`");
    syntax(
        "#pragma omp critical(a) filter(1)",
        25,
        "not allowed on `omp critical`",
    );
    syntax(
        "#pragma omp master filter(1)",
        20,
        "not allowed on `omp master`",
    );
    syntax(
        "#pragma omp flush relaxed",
        19,
        "not allowed on `omp flush`",
    );
    syntax(
        "#pragma omp parallel sections nowait",
        31,
        "not allowed on `omp parallel sections`",
    );
    syntax(
        "#pragma omp distribute parallel for ordered",
        37,
        "not allowed",
    );
    syntax(
        "#pragma omp teams distribute schedule(static)",
        30,
        "not allowed",
    );
    syntax(
        "#pragma omp parallel for if(task: c)",
        29,
        "does not name a construct",
    );
    syntax(
        "#pragma omp parallel for if(simd: c)",
        29,
        "does not name a construct",
    );
}

#[test]
fn duplicate_and_exclusive_clauses() {
    syntax(
        "#pragma omp for schedule(static) schedule(dynamic)",
        34,
        "clause `schedule` appears twice",
    );
    syntax(
        "#pragma omp parallel default(none) default(shared)",
        36,
        "clause `default` appears twice",
    );
    syntax(
        "#pragma omp parallel num_threads(2) num_threads(4)",
        37,
        "appears twice",
    );
    syntax(
        "#pragma omp for collapse(2) collapse(2)",
        29,
        "appears twice",
    );
    syntax(
        "#pragma omp taskloop grainsize(4) num_tasks(2)",
        35,
        "cannot both appear",
    );
    syntax("#pragma omp atomic read write", 25, "cannot both appear");
    syntax(
        "#pragma omp atomic seq_cst relaxed",
        28,
        "cannot both appear",
    );
    syntax(
        "#pragma omp atomic read capture",
        25,
        "`capture` cannot be combined with `read`",
    );
    syntax(
        "#pragma omp atomic update weak",
        27,
        "`weak` needs the `compare` clause",
    );
    syntax(
        "#pragma omp ordered threads depend(source)",
        29,
        "cannot both appear",
    );
    syntax(
        "#pragma omp parallel if(c) if(parallel: d)",
        28,
        "more than one `if`",
    );
    syntax(
        "#pragma omp target parallel if(a) if(target: b)",
        35,
        "more than one `if`",
    );
    syntax(
        "#pragma omp target defaultmap(to: scalar) defaultmap(tofrom: scalar)",
        43,
        "same variable category",
    );
    syntax("#pragma omp cancel parallel for", 29, "cannot both appear");
    // Clauses that may repeat.
    ok("#pragma omp parallel private(a) private(b) shared(c) shared(d) reduction(+: s) reduction(*: p)");
    ok("#pragma omp task depend(in: a) depend(out: b)");
    ok("#pragma omp target defaultmap(to: scalar) defaultmap(tofrom: aggregate)");
}

#[test]
fn required_clauses_and_arguments() {
    syntax(
        "#pragma omp cancel",
        13,
        "needs a `parallel` or `sections` or `for` or `taskgroup` clause",
    );
    syntax("#pragma omp target data", 13, "needs a `map`");
    syntax(
        "#pragma omp target enter data nowait",
        13,
        "needs a `map` clause",
    );
    syntax("#pragma omp tile", 13, "needs a `sizes` clause");
    syntax(
        "#pragma omp scan",
        13,
        "needs a `inclusive` or `exclusive` clause",
    );
    syntax(
        "#pragma omp threadprivate",
        26,
        "expected `(` after `threadprivate`",
    );
    syntax(
        "#pragma omp threadprivate(a[0])",
        27,
        "must be a variable name",
    );
    syntax(
        "#pragma omp critical()",
        22,
        "expected the name of the critical section",
    );
    syntax(
        "#pragma omp task depend(source)",
        18,
        "on `omp ordered` only",
    );
    syntax(
        "#pragma omp ordered depend(in: x)",
        21,
        "must be `depend(source)`",
    );
    syntax(
        "#pragma omp flush(x) acquire",
        22,
        "`flush` with a list cannot have a `acquire` clause",
    );
}

#[test]
fn malformed_clause_arguments() {
    syntax(
        "#pragma omp parallel private(a[0])",
        30,
        "`a[0]` in `private` must be a variable name",
    );
    syntax(
        "#pragma omp parallel firstprivate(s.f)",
        35,
        "must be a variable name",
    );
    syntax(
        "#pragma omp parallel shared(a,)",
        31,
        "expected a variable name in `shared`",
    );
    syntax(
        "#pragma omp parallel shared a",
        29,
        "expected `(` after `shared`",
    );
    syntax(
        "#pragma omp parallel shared(a",
        30,
        "expected `)` to close `shared(`",
    );
    syntax(
        "#pragma omp parallel default(all)",
        30,
        "expected `shared`, `none`, `private` or `firstprivate`",
    );
    syntax(
        "#pragma omp for reduction(+ s)",
        29,
        "expected `:` after the reduction operator",
    );
    syntax(
        "#pragma omp for reduction(: s)",
        27,
        "expected a reduction operator",
    );
    syntax(
        "#pragma omp for schedule(dynamic,)",
        34,
        "expected a chunk size",
    );
    syntax(
        "#pragma omp for schedule(sometimes: static)",
        26,
        "schedule modifier",
    );
    syntax(
        "#pragma omp task depend(inn: x)",
        25,
        "expected a dependence type",
    );
    syntax(
        "#pragma omp task depend(in x)",
        28,
        "expected `:` after the dependence type",
    );
    syntax(
        "#pragma omp ordered doacross(sink: )",
        36,
        "expected a loop iteration variable",
    );
    syntax(
        "#pragma omp ordered doacross(sinks: i)",
        30,
        "expected `source` or `sink`",
    );
    syntax("#pragma omp for nowait(1)", 23, "takes no arguments");
    syntax(
        "#pragma omp atomic compare fail(release)",
        33,
        "`seq_cst`, `acquire` or `relaxed`",
    );
    syntax(
        "#pragma omp parallel proc_bind(near)",
        32,
        "`primary`, `close` or `spread`",
    );
    syntax("#pragma omp for order(random)", 23, "`concurrent`");
    syntax(
        "#pragma omp target map(tofrom x)",
        31,
        "expected `)` to close `map(`",
    );
    syntax(
        "#pragma omp simd linear(i: val, ref)",
        33,
        "at most one of `val`, `ref`, `uval`",
    );
    syntax("#pragma omp simd linear(i: 2, val)", 29, "write `step(…)`");
    syntax(
        "#pragma omp target map(to: a[0:n)",
        33,
        "expected `]` to close the array section",
    );
    syntax(
        "#pragma omp task depend(in: a[])",
        31,
        "expected an index or an array section",
    );
    syntax(
        "#pragma omp parallel num_threads()",
        34,
        "expected an expression",
    );
    syntax("#pragma omp parallel for ,", 27, "expected a clause");
    syntax(
        "#pragma omp parallel for private(i) )",
        37,
        "expected a clause",
    );
}

/// Truncations and single-token deletions of valid pragmas give results or errors, never panics.
#[test]
fn damaged_pragmas_never_panic() {
    let mut sources: Vec<String> = CLAUSES
        .iter()
        .map(|(s, _)| format!("#pragma omp {s}"))
        .collect();
    sources.extend(Directive::all().map(example));
    for src in &sources {
        let toks = super::lexer::tokenize(src);
        for t in &toks {
            let _ = parse(&src[..t.end]);
            let cut = format!("{}{}", &src[..t.start], &src[t.end..]);
            let _ = parse(&cut);
        }
    }
}
