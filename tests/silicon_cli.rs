//! `ompv viper FILE --backend silicon|both` end to end: exit codes, JSON shape, and the errors when
//! Silicon is missing. The first test runs in the default build (without the `silicon` feature);
//! the others need the feature.

use std::path::PathBuf;
use std::process::{Command, Output};

fn ompv() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ompv"));
    // Every proof found again: no cache shared between runs or tests.
    c.env("OMPV_NO_CACHE", "1");
    c
}

/// Writes `text` to a fresh file named `name` and returns its path.
fn program(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ompv-silicon-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn json(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON object ({e}):\n{stdout}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

const FAILING: &str = "method m()\n{\n  var y: Int := 3\n  assert y == 4\n}\n";

#[cfg(not(feature = "silicon"))]
#[test]
fn without_the_feature_silicon_is_reported_unavailable() {
    let file = program("nofeature.vpr", FAILING);
    for backend in ["silicon", "both"] {
        let out = ompv()
            .args([
                "viper",
                file.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                backend,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--backend {backend}");
        let v = json(&out);
        assert_eq!(v["verdict"], "error");
        assert_eq!(v["errors"][0]["id"], "silicon.unavailable");
        let text = v["errors"].to_string();
        assert!(
            text.contains("--features silicon"),
            "--backend {backend}: {text}"
        );
    }
}

#[cfg(feature = "silicon")]
mod with_silicon {
    use super::*;

    #[test]
    fn silicon_verdicts_with_the_native_json_shape() {
        let failing = program("failing.vpr", FAILING);
        let out = ompv()
            .args([
                "viper",
                failing.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                "silicon",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let v = json(&out);
        // The one JSON shape of every subcommand, plus the back end that answered.
        let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            keys,
            [
                "backend",
                "errors",
                "errors_left_out",
                "file",
                "not_verified",
                "notes",
                "obligations",
                "race_free",
                "stopped_at",
                "time_ms",
                "verdict"
            ]
        );
        assert_eq!(v["backend"], "Silicon");
        assert_eq!(v["verdict"], "failed");
        assert_eq!(v["file"], failing.to_str().unwrap());
        let e = &v["errors"][0];
        assert_eq!(e["id"], "assert.failed:assertion.false");
        assert_eq!(e["line"], 4);
        assert_eq!(e["column"], 10);
        assert!(e["message"].as_str().unwrap().contains("y == 4"));
        assert_eq!(v["errors"].as_array().unwrap().len(), 1);

        // The mutant that holds verifies, with exit code 0.
        let fixed = program("fixed.vpr", &FAILING.replace("y == 4", "y == 3"));
        let out = ompv()
            .args([
                "viper",
                fixed.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                "silicon",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(json(&out)["verdict"], "verified");
    }

    #[test]
    fn silicon_parse_errors_exit_2() {
        let bad = program("bad.vpr", "method m()\n{\n  var x: Int\n  x :=\n}\n");
        let out = ompv()
            .args([
                "viper",
                bad.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                "silicon",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let v = json(&out);
        assert_eq!(v["verdict"], "error");
        assert_eq!(v["errors"][0]["id"], "parser.error");
        assert_eq!(v["errors"][0]["line"], 5);
    }

    #[test]
    fn missing_jar_is_a_clear_error() {
        let file = program("nojar.vpr", FAILING);
        let out = ompv()
            .env("OMPV_SILICON_JAR", "/nonexistent/silicon.jar")
            .args([
                "viper",
                file.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                "silicon",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let v = json(&out);
        assert_eq!(v["verdict"], "error");
        assert_eq!(v["errors"][0]["id"], "silicon.unavailable");
        let msg = v["errors"][0]["message"].as_str().unwrap();
        assert!(msg.contains("/nonexistent/silicon.jar"), "{msg}");
        assert!(msg.contains("OMPV_SILICON_JAR"), "{msg}");
        assert!(msg.contains("scripts/setup.sh"), "{msg}");
    }

    #[test]
    fn missing_jvm_is_a_clear_error() {
        let file = program("nojvm.vpr", FAILING);
        let out = ompv()
            .env("JAVA_HOME", "/nonexistent/jdk")
            .args(["viper", file.to_str().unwrap(), "--backend", "silicon"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("silicon.unavailable"), "{stderr}");
        assert!(stderr.contains("JAVA_HOME"), "{stderr}");
        assert!(stderr.contains("/nonexistent/jdk"), "{stderr}");
    }

    #[test]
    fn a_silicon_time_out_is_unknown_and_the_next_program_still_verifies() {
        // 60 branches in a row: 2^60 paths, each asking Z3 whether it is feasible, so Silicon never
        // finishes; its work is in Z3, which stopping the timed-out Silicon ends (a slow program
        // whose work stayed in the JVM would go on competing with the next one for the cores).
        let n = 60;
        let params: Vec<String> = (0..n).map(|i| format!("x{i}: Int")).collect();
        let mut slow_text = format!(
            "method paths({})\n{{\n  var r: Int := 0\n",
            params.join(", ")
        );
        for i in 0..n {
            slow_text.push_str(&format!("  if (x{i} > r) {{ r := r + 1 }}\n"));
        }
        slow_text.push_str(&format!("  assert r <= {n}\n}}\n"));
        let slow = program("slow.vpr", &slow_text);
        let slow = slow.to_str().unwrap();
        let fine = program(
            "after-timeout.vpr",
            "method ok()\n{\n  assert 1 + 1 == 2\n}\n",
        );
        let out = ompv()
            // Long enough for a restarted Silicon to verify the small program on a busy machine
            // (about 3 s on a quiet one).
            .env("OMPV_SILICON_TIMEOUT", "30")
            // One worker: the files reach Silicon in this order.
            .env("RAYON_NUM_THREADS", "1")
            .args(["viper", slow, fine.to_str().unwrap()])
            .args(["--format", "json", "--backend", "silicon"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let answers: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON Lines"))
            .collect();
        assert_eq!(answers.len(), 2, "{stdout}");
        assert_eq!(answers[0]["verdict"], "unknown", "{stdout}");
        assert!(stdout.contains("timeout.error"), "{stdout}");
        assert_eq!(answers[1]["verdict"], "verified", "{stdout}");
        assert_eq!(out.status.code(), Some(3), "the worst verdict: unknown");
    }

    #[test]
    fn a_bad_silicon_timeout_is_a_clear_error() {
        let file = program("badtimeout.vpr", FAILING);
        let out = ompv()
            .env("OMPV_SILICON_TIMEOUT", "soon")
            .args(["viper", file.to_str().unwrap(), "--backend", "silicon"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("OMPV_SILICON_TIMEOUT"), "{stderr}");
    }

    #[test]
    fn native_back_end_never_needs_silicon() {
        // With Silicon's jar and JVM unavailable, the native back end answers as usual (whatever
        // it answers, it does not mention Silicon).
        let file = program("native.vpr", FAILING);
        let out = ompv()
            .env("OMPV_SILICON_JAR", "/nonexistent/silicon.jar")
            .env("JAVA_HOME", "/nonexistent/jdk")
            .args(["viper", file.to_str().unwrap(), "--format", "json"])
            .output()
            .unwrap();
        let v = json(&out);
        // (The file's own path mentions silicon; the ids and messages must not.)
        for e in v["errors"].as_array().unwrap() {
            assert!(!e["id"].as_str().unwrap().contains("silicon"), "{v}");
            assert!(!e["message"].as_str().unwrap().contains("Silicon"), "{v}");
        }
        assert!(v.get("backend").is_none(), "{v}");
    }

    #[test]
    fn both_reports_a_disagreement_with_both_answers() {
        // Quantified predicate permissions are outside the native back end (an `unsupported`
        // error); Silicon verifies this program, so the back ends must disagree.
        let file = program(
            "predicate.vpr",
            "field f: Int\npredicate P(x: Ref) { acc(x.f) }\n\nmethod m(xs: Set[Ref])\n  requires forall x: Ref :: x in xs ==> P(x)\n  ensures forall x: Ref :: x in xs ==> P(x)\n{\n}\n",
        );
        let out = ompv()
            .args([
                "viper",
                file.to_str().unwrap(),
                "--format",
                "json",
                "--backend",
                "both",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let v = json(&out);
        assert_eq!(v["verdict"], "error");
        let errors = v["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0]["id"], "backend.disagreement");
        let msg = errors[0]["message"].as_str().unwrap();
        assert!(msg.contains("native: error"), "{msg}");
        assert!(msg.contains("silicon: verified"), "{msg}");
    }
}

#[cfg(feature = "silicon")]
#[test]
fn both_agree_on_a_failing_program() {
    // Needs the native back end: both answer `failed` with the same (id, line), so the common
    // answer is reported.
    let file = program("agree.vpr", FAILING);
    let out = ompv()
        .args([
            "viper",
            file.to_str().unwrap(),
            "--format",
            "json",
            "--backend",
            "both",
        ])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(out.status.code(), Some(1), "{v}");
    assert_eq!(v["errors"][0]["id"], "assert.failed:assertion.false");
    assert_eq!(v["errors"][0]["line"], 4);
}
