//! Many inputs and honest verdicts: directories, several files and `-` (stdin), the summary
//! and the worst verdict as exit code, JSON Lines, nothing-to-verify, code that is not verified,
//! every error reported (or the first N), and hints for a file of the other language.

use crate::cli_support;

use cli_support::{ompv, ompv_with, scratch, verdicts, IGNORED_RACE, TWO_RACES};
use serde_json::Value;

/// The count of a verdict in the summary table.
fn summary_count(stdout: &str, verdict: &str) -> usize {
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with(verdict) && l.trim_end().ends_with(char::is_numeric))
        .unwrap_or_else(|| panic!("no `{verdict}` row in the summary:\n{stdout}"));
    line.split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .expect("a count")
}

#[test]
fn a_directory_gives_a_summary_on_stdout_and_the_worst_exit_code() {
    let dir = scratch("summary");
    let out = dir.join("out.txt");
    let status = cli_support::command(&["verify", "examples/"])
        .stdout(std::fs::File::create(&out).expect("out.txt"))
        .stderr(std::process::Stdio::null())
        .status()
        .expect("ompv runs");
    let text = std::fs::read_to_string(&out).expect("out.txt");
    let vs = verdicts(&text);
    let examples = std::fs::read_dir(cli_support::root().join("examples"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "c"))
        })
        .count();
    assert_eq!(vs.len(), examples, "{text}");
    // Every file's verdict: the fail_* examples fail or are input errors, the others verify.
    for (file, v) in &vs {
        let want: &[&str] = if file.contains("fail_syntax") || file.contains("fail_unsupported") {
            &["error"]
        } else if file.contains("/fail_") {
            &["failed"]
        } else {
            &["verified"]
        };
        assert!(want.contains(&v.as_str()), "{file}: {v}\n{text}");
    }
    assert!(
        text.contains(&format!("summary: {examples} files in ")),
        "{text}"
    );
    for verdict in [
        "verified",
        "failed",
        "unknown",
        "error",
        "nothing to verify",
    ] {
        let n = vs.iter().filter(|(_, v)| v == verdict).count();
        assert_eq!(summary_count(&text, verdict), n, "{verdict}\n{text}");
    }
    // Worst verdict: an input error.
    assert_eq!(status.code(), Some(2));
    assert!(text.trim_end().ends_with("exit code 2 (error)"), "{text}");
}

#[test]
fn the_worst_verdict_decides_the_exit_code() {
    let r = ompv(&["verify", "examples/fusion.c", "examples/fail_race_shift.c"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(summary_count(&r.stdout, "failed"), 1);
    assert_eq!(summary_count(&r.stdout, "verified"), 1);
    let r = ompv(&["verify", "examples/fusion.c", "examples/sections.c"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    // Inconclusive and failed: failed. (The first program is `unknown` by design: ompv drops
    // its doacross dependences, and a run does not model them; a time-out-based `unknown` would
    // make the verdicts depend on the machine's speed.)
    let r = ompv(&[
        "verify",
        "tests/c/races/doacross_dependence.c",
        "examples/fail_race_shift.c",
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(summary_count(&r.stdout, "unknown"), 1, "{}", r.stdout);
}

#[test]
fn json_lines_one_object_per_file_in_order() {
    let r = ompv(&[
        "verify",
        "examples/fusion.c",
        "examples/fail_race_shift.c",
        "examples/fail_syntax.c",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 2);
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    let files: Vec<&str> = lines.iter().map(|v| v["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        [
            "examples/fusion.c",
            "examples/fail_race_shift.c",
            "examples/fail_syntax.c"
        ]
    );
    let verdicts: Vec<&str> = lines
        .iter()
        .map(|v| v["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["verified", "failed", "error"]);
    // The one shape: positions with ends, kind and Silver id, related spans with their file.
    let e = &lines[1]["errors"][0];
    assert_eq!(e["file"], "examples/fail_race_shift.c");
    assert_eq!(e["kind"], "race");
    assert_eq!(e["id"], "exhale.failed:insufficient.permission");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(9), Some(3))
    );
    assert_eq!(
        (e["end_line"].as_u64(), e["end_column"].as_u64()),
        (Some(9), Some(27))
    );
    assert_eq!(e["related"][0]["file"], "examples/fail_race_shift.c");
    assert_eq!(e["related"][0]["line"], 11);
    let s = &lines[2]["errors"][0];
    assert_eq!(
        (s["kind"].as_str(), s["id"].as_str()),
        (Some("syntax"), Some("spec.syntax"))
    );
}

#[test]
fn the_same_shape_for_viper_and_encode() {
    let dir = scratch("shape");
    let vpr = dir.join("a.vpr");
    std::fs::write(&vpr, "method m(x: Int)\n{\n  assert x > 0\n}\n").unwrap();
    let r = ompv(&["viper", vpr.to_str().unwrap(), "--format", "json"]);
    assert_eq!(r.code, 1);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let e = &v["errors"][0];
    assert_eq!(e["id"], "assert.failed:assertion.false");
    assert_eq!(e["kind"], "assertion");
    assert_eq!(e["file"], vpr.to_str().unwrap());
    assert_eq!(
        (e["line"].as_u64(), e["end_line"].as_u64()),
        (Some(3), Some(3))
    );
    for key in ["notes", "obligations", "not_verified", "time_ms"] {
        assert!(!v[key].is_null(), "{key}: {v}");
    }
    let r = ompv(&["encode", "examples/fail_syntax.c", "--format", "json"]);
    assert_eq!(r.code, 2);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["errors"][0]["kind"], "syntax");
    assert_eq!(v["errors"][0]["id"], "spec.syntax");
    assert_eq!(v["errors"][0]["end_column"], 53);
}

#[test]
fn stdin_is_read_once_with_dash() {
    let text = std::fs::read_to_string(cli_support::root().join("examples/fusion.c")).unwrap();
    let r = ompv_with(&["verify", "-"], Some(&text));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.starts_with("<stdin>: verified (3 obligations;"),
        "{}",
        r.stdout
    );
    let r = ompv_with(&["verify", "-", "--format", "json"], Some(TWO_RACES));
    assert_eq!(r.code, 1);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["errors"][0]["file"], "<stdin>");
}

#[test]
fn nothing_to_verify_is_its_own_verdict() {
    let dir = scratch("nothing");
    let empty = dir.join("empty.c");
    std::fs::write(&empty, "").unwrap();
    let protos = dir.join("protos.c");
    std::fs::write(
        &protos,
        "int f(int x);\n/*@ requires n > 0; @*/\nvoid g(int n);\n",
    )
    .unwrap();
    for f in [&empty, &protos] {
        let r = ompv(&["verify", f.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{}", r.stdout);
        assert!(r.stdout.contains(": nothing to verify ("), "{}", r.stdout);
        assert!(!r.stdout.contains("verified"), "{}", r.stdout);
        let j = ompv(&["verify", f.to_str().unwrap(), "--format", "json"]);
        let v: Value = serde_json::from_str(j.stdout.trim()).unwrap();
        assert_eq!(v["verdict"], "nothing-to-verify");
    }
    let vpr = dir.join("empty.vpr");
    std::fs::write(&vpr, "").unwrap();
    let r = ompv(&["viper", vpr.to_str().unwrap()]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains(": nothing to verify"), "{}", r.stdout);
    // Many files: counted apart.
    let r = ompv(&["verify", empty.to_str().unwrap(), "examples/fusion.c"]);
    assert_eq!(
        summary_count(&r.stdout, "nothing to verify"),
        1,
        "{}",
        r.stdout
    );
    assert_eq!(summary_count(&r.stdout, "verified"), 1, "{}", r.stdout);
}

#[test]
fn code_that_is_not_verified_is_named() {
    let dir = scratch("ignored");
    let f = dir.join("ignored.c");
    std::fs::write(&f, IGNORED_RACE).unwrap();
    let main = dir.join("main.c");
    std::fs::write(
        &main,
        "/*@ requires false; @*/\nint main()\n{\n  return 0;\n}\n",
    )
    .unwrap();
    let r = ompv(&["verify", f.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("; not verified: code in `f` (lines 6–7, spec_ignore)"),
        "{}",
        r.stdout
    );
    let r = ompv(&["verify", f.to_str().unwrap(), main.to_str().unwrap()]);
    assert!(r.stdout.contains("not verified (2 parts):"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("main.c: function `main` (lines 2–5, requires false)"),
        "{}",
        r.stdout
    );
    let j = ompv(&["verify", f.to_str().unwrap(), "--format", "json"]);
    let v: Value = serde_json::from_str(j.stdout.trim()).unwrap();
    assert_eq!(v["not_verified"][0]["reason"], "spec_ignore");
    assert_eq!(v["not_verified"][0]["line"], 6);
}

#[test]
fn every_race_is_reported_unless_limited() {
    let r = ompv_with(&["verify", "-"], Some(TWO_RACES));
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr.matches("error[race]").count(), 2, "{}", r.stderr);
    assert!(r.stdout.contains("(2 errors;"), "{}", r.stdout);
    assert!(r.stderr.contains("line 6") && r.stderr.contains("line 10"));
    let r = ompv_with(&["verify", "-", "--max-errors", "1"], Some(TWO_RACES));
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr.matches("error[race]").count(), 1, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("(1 error; stopped after 1 error (--max-errors 1); 1 of 3 obligations"),
        "{}",
        r.stdout
    );
}

#[test]
fn the_not_verified_count_matches_the_names_printed() {
    let r = ompv(&["verify", "examples/fail_region_perm.c"]);
    let line = r.stdout.lines().next().unwrap();
    let (count, names) = line
        .split_once(" of ")
        .map(|(a, b)| {
            (
                a.rsplit(' ').next().unwrap().parse::<usize>().unwrap(),
                b.split_once(": ").unwrap().1,
            )
        })
        .unwrap();
    let listed = names.split(';').next().unwrap().split(", ").count();
    assert_eq!(count, listed, "{line}");
}

#[test]
fn hints_for_the_other_language() {
    let dir = scratch("hints");
    let vpr = dir.join("p.vpr");
    std::fs::write(&vpr, "method m() {}\n").unwrap();
    let r = ompv(&["verify", vpr.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("error[usage]"), "{}", r.stderr);
    assert!(r.stderr.contains("try `ompv viper"), "{}", r.stderr);
    let r = ompv(&["viper", "examples/fusion.c"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("try `ompv verify examples/fusion.c`"),
        "{}",
        r.stderr
    );
    let r = ompv(&["viper", "examples/"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no `.vpr` file"), "{}", r.stderr);
}

#[test]
fn misspelt_keywords_get_a_hint() {
    let r = ompv_with(
        &["verify", "-"],
        Some("/*@ requries n > 0; @*/\nvoid f(int n) {}\n"),
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean `requires`?"),
        "{}",
        r.stderr
    );
    let r = ompv_with(
        &["verify", "-"],
        Some("void f(int n, int *a)\n{\n  #pragma omp paralel for\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n"),
    );
    assert!(
        r.stderr.contains("did you mean `parallel`?"),
        "{}",
        r.stderr
    );
}

#[test]
fn timeout_is_in_seconds_and_zero_is_no_limit() {
    let r = ompv(&["verify", "examples/listing7.c", "--timeout", "0"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let r = ompv(&["verify", "examples/listing7.c", "--timeout", "0.001"]);
    assert_eq!(r.code, 3, "{}", r.stdout);
    assert!(r.stdout.contains(": unknown ("), "{}", r.stdout);
    assert!(r.stderr.contains("is inconclusive"), "{}", r.stderr);
    // The inconclusive note names C lines, not the numbers of generated checks.
    let c = std::fs::read_to_string(cli_support::root().join("examples/listing7.c")).unwrap();
    for l in r.stderr.lines().filter(|l| l.contains("at C line ")) {
        let n: usize = l
            .split("at C line ")
            .nth(1)
            .and_then(|s| s.split(':').next())
            .and_then(|s| s.parse().ok())
            .expect("a line number");
        let src = c.lines().nth(n - 1).unwrap_or("").trim_start();
        // Code or a specification (`//@`, `/*@`), never a plain comment.
        let plain_comment = src.starts_with("//") && !src.starts_with("//@");
        assert!(!plain_comment && !src.is_empty(), "{l}: `{src}`");
    }
}

/// A directory is walked as git sees it: an ignored build folder and a hidden folder are left
/// out with a note on stderr (`--no-ignore` takes them), and stdout keeps one JSON line per file.
#[test]
fn a_directory_walk_leaves_out_what_git_ignores_and_says_so() {
    let dir = scratch("walk-ignore");
    for sub in ["src", "build", ".hidden"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let fusion = cli_support::root().join("examples/fusion.c");
    for f in ["src/fusion.c", "build/CMakeCCompilerId.c", ".hidden/copy.c"] {
        std::fs::copy(&fusion, dir.join(f)).unwrap();
    }
    std::fs::write(dir.join(".gitignore"), "build/\n").unwrap();
    let d = dir.to_str().unwrap();
    let r = ompv(&["verify", d, "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let files: Vec<String> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON")["file"].to_string())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].ends_with("src/fusion.c\""), "{files:?}");
    assert!(
        r.stderr.contains("2 `.c` file(s)") && r.stderr.contains("--no-ignore"),
        "{}",
        r.stderr
    );
    let all = ompv(&["verify", d, "--format", "json", "--no-ignore"]);
    assert_eq!(all.stdout.lines().count(), 3, "{}", all.stdout);
    assert!(!all.stderr.contains("left out"), "{}", all.stderr);
}

/// `--partition` (as `cargo nextest --partition`): the shares of a directory's files are
/// disjoint and together the whole list, in the run's order, and `count` shares differ in size
/// by at most one; a share with no file exits 0; a malformed share is a usage error.
#[test]
fn partitions_split_the_inputs_into_disjoint_shares() {
    let files_of = |args: &[&str]| -> Vec<String> {
        let r = ompv(args);
        assert!(r.stderr.contains("partition "), "{}", r.stderr);
        r.stdout
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).expect("one JSON object per line");
                v["file"].as_str().unwrap().to_string()
            })
            .collect()
    };
    let all: Vec<String> = ompv(&["viper", "tests/viper/verify/arith", "--format", "json"])
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(all.len() >= 4, "{all:?}");
    for scheme in ["count", "hash"] {
        let shares: Vec<Vec<String>> = (1..=3)
            .map(|k| {
                let p = format!("{scheme}:{k}/3");
                files_of(&[
                    "viper",
                    "tests/viper/verify/arith",
                    "--format",
                    "json",
                    "--partition",
                    &p,
                ])
            })
            .collect();
        let mut joined: Vec<String> = shares.concat();
        joined.sort();
        let mut expected = all.clone();
        expected.sort();
        assert_eq!(joined, expected, "{scheme}: {shares:?}");
        for s in &shares {
            let order: Vec<&String> = all.iter().filter(|f| s.contains(f)).collect();
            assert_eq!(
                s.iter().collect::<Vec<_>>(),
                order,
                "{scheme}: a share keeps the order"
            );
        }
        if scheme == "count" {
            let sizes: Vec<usize> = shares.iter().map(Vec::len).collect();
            assert!(
                sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
                "{sizes:?}"
            );
            assert_eq!(shares[0][0], all[0]);
            assert_eq!(shares[1][0], all[1]);
        }
    }
    let empty = ompv(&["verify", "examples/fusion.c", "--partition", "2/2"]);
    assert_eq!(empty.code, 0, "{}", empty.stderr);
    assert!(
        empty
            .stderr
            .contains("partition count:2/2: 0 of the 1 input(s)"),
        "{}",
        empty.stderr
    );
    let bad = ompv(&["verify", "examples/fusion.c", "--partition", "3/2"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("is not a partition"), "{}", bad.stderr);
}
