//! Each file is checked in a worker process (`src/isolate`): a crash of native code while one
//! obligation is checked (simulated with `OMPV_TEST_ABORT_IN`, which aborts the worker as a
//! segfault in Z3 would kill it) costs only that file. The other files still get the answers a
//! run without the crash gives, the crashed file gets an error that names the obligation, and
//! the run's exit code is 2 (an error), never a verdict.

use crate::cli_support;

use cli_support::{command, ompv, verdicts};
use std::process::Stdio;

/// The crashed file first, so that its worker dies before the others are checked and a new
/// worker must take over; `atomic_update.c` has the obligation `main__r7__par7`.
const FILES: [&str; 4] = [
    "tests/c/races/atomic_update.c",
    "tests/c/races/barrier_phases.c",
    "tests/c/races/atomic_mixed.c",
    "tests/c/races/bitmask_index.c",
];
const CRASHED: &str = "main__r7__par7";

fn run_with_crash(args: &[&str]) -> (i32, String, String) {
    let out = command(args)
        .env("OMPV_TEST_ABORT_IN", CRASHED)
        .stdin(Stdio::null())
        .output()
        .expect("ompv runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_crash_costs_only_its_file_and_names_the_obligation() {
    let mut args = vec!["verify"];
    args.extend(FILES);
    let normal = ompv(&args);
    let normal = verdicts(&normal.stdout);
    assert_eq!(normal.len(), FILES.len(), "{normal:?}");
    assert_eq!(
        normal[0].1, "verified",
        "the file to crash verifies normally"
    );

    let (code, stdout, stderr) = run_with_crash(&args);
    assert_eq!(
        code, 2,
        "a crash is an error of the run\n{stdout}\n{stderr}"
    );
    let crashed = verdicts(&stdout);
    assert_eq!(crashed[0], (FILES[0].to_string(), "error".to_string()));
    assert_eq!(
        crashed[1..],
        normal[1..],
        "the other files keep their answers"
    );
    // Obligations are checked in parallel: the message names every one being checked.
    let message = stderr
        .lines()
        .find(|l| l.contains("ompv crashed while the solver checked"))
        .unwrap_or_else(|| panic!("no crash message:\n{stderr}"));
    assert!(
        message.contains(&format!("`{CRASHED}`"))
            && message.contains(&format!("of {}:", FILES[0]))
            && message.contains("signal 6 (SIGABRT"),
        "{message}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_crash_is_reported_in_json_too() {
    let (code, stdout, _) = run_with_crash(&["verify", "--format", "json", FILES[0], FILES[1]]);
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect();
    assert_eq!(lines[0]["verdict"], "error");
    assert_eq!(
        lines[0]["errors"][0]["id"], "internal.crash",
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["verdict"], "verified");
}

#[test]
fn a_run_in_one_process_gives_the_same_answers() {
    let mut args = vec!["verify", "--format", "json"];
    args.extend(FILES);
    let workers = ompv(&args);
    let one = command(&args)
        .env("OMPV_IN_PROCESS", "1")
        .stdin(Stdio::null())
        .output()
        .expect("ompv runs");
    let strip = |s: &str| -> Vec<serde_json::Value> {
        s.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).expect("JSON Lines");
                // Times differ from run to run.
                v.as_object_mut().map(|o| o.remove("time_ms"));
                if let Some(obs) = v["obligations"].as_array_mut() {
                    for o in obs {
                        o.as_object_mut().map(|o| o.remove("time_ms"));
                    }
                }
                v
            })
            .collect()
    };
    assert_eq!(
        strip(&workers.stdout),
        strip(&String::from_utf8_lossy(&one.stdout))
    );
    assert_eq!(Some(workers.code), one.status.code());
}
