//! `ompv explain`: the teaching view of Listing 7 (snapshot, plus explicit checks of the pairs
//! and the permission accounting so that a wrongly accepted snapshot cannot hide them), a racy
//! mutant whose accounting shows the conflict, a `simd` loop checked statement by statement, the
//! Graphviz output rendered by `dot`, the annotated Viper program, and `--kind`.

use crate::cli_support;

use cli_support::{ompv, scratch};

#[test]
fn listing7_pairs_and_accounting() {
    let r = ompv(&["explain", "examples/listing7.c"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    for want in [
        "examples/listing7.c: 1 parallel region(s), 14 obligation(s)",
        "PPL program: (par@29 ⊕ par@35) || par@44",
        "par@29 ≺⊕ par@35",
        "par@29 × par@29   i ≠ j: any two different iterations",
        "par@29 × par@35   i ≠ j: fused, so iteration i = j runs in order",
        "par@29 × par@44   all (i, j): nothing orders them",
        "par@35 × par@44   all (i, j): nothing orders them",
        "a[i] 1\\4 + a[j] 1\\4 = 1\\2 ≤ 1 ✓ (same element when j = i)",
        "b[i] 1\\4 + b[j] 1\\4 = 1\\2 ≤ 1 ✓ (same element when j = i)",
        "c[i] and c[j]: never the same element (i ≠ j) ✓",
        "add_and_mul__r16__disjoint_par29_par44",
        "add_and_mul__r16__sequentialize",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
    assert!(!t.contains('✗'), "{t}");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("explain_listing7", t));
}

#[test]
fn a_simd_loop_shows_its_statement_pairs() {
    // OpenMP 5.2 §10.4: lexically forward dependences are kept, so the view must not count the
    // whole iterations' permissions against each other (that would show a race the proof rules
    // out).
    let r = ompv(&["explain", "tests/c/races/simd_forward.c"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let t = &r.stdout;
    for want in [
        "vec@14 × vec@14   i < j: statement p of i and each statement q <= p of j",
        "per pair of statements, in the disjointness checks `disjoint_vec14_stmtP_stmtQ`",
        "main__r14__vec14_stages",
        "each top-level statement of one iteration of vec@14 stays within its own footprint",
    ] {
        assert!(t.contains(want), "missing `{want}` in:\n{t}");
    }
    assert!(!t.contains('✗'), "{t}");
}

#[test]
fn a_race_shows_in_the_accounting() {
    let r = ompv(&["explain", "examples/fail_race_shift.c"]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.contains(
            "a[i + 1] 1\\2 + a[j] write = 3\\2 > 1 ✗ (same element when j = i + 1: a data race)"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("and in the obligation of `shift_left`"),
        "a region without a contract is checked in place:\n{}",
        r.stdout
    );
    // Sections of listing 7's shape with the same element written: parallel, same index.
    let r = ompv(&["explain", "examples/fail_sections_same.c"]);
    assert!(r.stdout.contains('✗'), "{}", r.stdout);
}

#[test]
fn iterations_of_one_thread_are_not_paired() {
    // OpenMP 5.2 §11.5.3: a thread runs its iterations in turn, so only iterations of two
    // threads are paired, and the slot of the running thread is a different element for each.
    let r = ompv(&["explain", "tests/c/races/thread_partial_sums.c"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for want in [
        "par@21 × par@21   i ≠ j: any two different iterations, on threads t ≠ t'",
        "(t, t': the threads that run two iterations of worksharing loops",
        "par@21 × par@21 (i ≠ j, t ≠ t'):",
        "global_partial()[t] and global_partial()[t']: never the same element (t ≠ t': \
         different threads) ✓",
    ] {
        assert!(
            r.stdout.contains(want),
            "missing `{want}` in:\n{}",
            r.stdout
        );
    }
    assert!(!r.stdout.contains('✗'), "{}", r.stdout);
    // Threads 0 and 1 share slot 0: the view leaves it to the verifier, never says "never".
    let r = ompv(&["explain", "tests/c/races/thread_partial_sums_shared.c"]);
    assert!(
        r.stdout.contains(
            "global_partial()[c_div(t, 2)] write + global_partial()[c_div(t', 2)] write = 2 > 1"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn a_simd_loop_in_an_iteration_is_checked_in_the_iterations_obligation() {
    // OpenMP 5.2 §10.4: the thread that runs an iteration runs its `simd` loop; the lanes'
    // checks stand in the iteration's block, not in the function's own obligation.
    let r = ompv(&["explain", "tests/c/races/simd_in_iteration_lanes.c"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for want in [
        "region in `main` at line 12 (omp parallel for private(j)), without a contract (checked \
         in place, inside the function's obligation)",
        "region in `main` at line 14 (omp simd), without a contract (checked in place, inside \
         the obligation of the block of the region at line 12 that runs it)",
        "    and in the obligation of the block of the region at line 12 that runs it: ",
        "    and in the obligation of `main`: ",
    ] {
        assert!(
            r.stdout.contains(want),
            "missing `{want}` in:\n{}",
            r.stdout
        );
    }
}

#[test]
fn graphviz_output_renders() {
    let r = ompv(&["explain", "examples/listing7.c", "--emit", "dot"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("digraph ompv {"), "{}", r.stdout);
    assert!(
        r.stdout.contains("r0_b0 -> r0_b1 [color=darkgreen"),
        "{}",
        r.stdout
    );
    let dir = scratch("dot");
    let file = dir.join("listing7.dot");
    std::fs::write(&file, &r.stdout).unwrap();
    match std::process::Command::new("dot")
        .args(["-Tsvg", file.to_str().unwrap()])
        .output()
    {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let svg = String::from_utf8_lossy(&out.stdout);
            assert!(svg.contains("<svg") && svg.contains("par@44"), "{svg}");
        }
        // scripts/setup.sh installs graphviz; only a machine without it skips the rendering.
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("note: `dot` not found ({e}); run scripts/setup.sh to render the graph")
        }
        Err(e) => panic!("`dot` is needed in CI (scripts/setup.sh installs graphviz): {e}"),
    }
}

#[test]
fn annotated_viper_names_the_c_lines_and_still_parses() {
    let r = ompv(&["explain", "examples/fail_race_shift.c", "--emit", "viper"]);
    assert_eq!(r.code, 0);
    let t = &r.stdout;
    assert!(
        t.contains("// C line 9: no race between two iterations of par@9"),
        "{t}"
    );
    assert!(t.contains("// C line 12: statement"), "{t}");
    assert!(t.contains("// C line 11: precondition of par@9"), "{t}");
    let dir = scratch("annotated");
    let file = dir.join("annotated.vpr");
    std::fs::write(&file, t).unwrap();
    let back = ompv(&["viper", file.to_str().unwrap(), "--emit", "viper"]);
    assert_eq!(back.code, 0, "{}", back.stderr);
    // Verifying the annotated program finds the race at the commented line.
    let v = ompv(&["viper", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(v.code, 1);
    let json: serde_json::Value = serde_json::from_str(v.stdout.trim()).unwrap();
    let line = json["errors"][0]["line"].as_u64().unwrap() as usize;
    let src = t.lines().nth(line - 1).unwrap();
    assert!(src.contains("// C line 9: no race"), "{src}");
}

#[test]
fn error_kinds_are_explained() {
    let r = ompv(&["explain", "--kind", "race"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("race: two accesses"), "{}", r.stdout);
    assert!(r.stdout.contains("How to fix"), "{}", r.stdout);
    let r = ompv(&["explain", "--kind", "list"]);
    assert_eq!(r.code, 0);
    for k in [
        "race",
        "iteration-contract",
        "inconclusive",
        "usage",
        "backend",
        "io",
    ] {
        assert!(r.stdout.contains(&format!("  {k} ")), "{k}: {}", r.stdout);
    }
    let r = ompv(&["explain", "--kind", "permision"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean `permission`?"),
        "{}",
        r.stderr
    );
}
