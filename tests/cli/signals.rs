//! Runs that must stop: a file past `--file-timeout` is `unknown` while the others go on, and
//! Ctrl-C (`src/interrupt.rs`) stops a run, prints what was decided, and exits with 130 — at a
//! terminal (a pseudo-terminal driven by Python's `pty`, which turns `^C` into SIGINT for the
//! whole process group) and when only ompv gets the signal. A solver query that never ends is
//! simulated with `OMPV_TEST_HANG_IN`, which makes the worker hang in that obligation.

use crate::cli_support;

use cli_support::{command, ompv, scratch, verdicts};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The first file hangs in one of its obligations; the others are checked by the other job.
const FILES: [&str; 3] = [
    "tests/c/races/atomic_update.c",
    "tests/c/races/barrier_phases.c",
    "tests/c/races/atomic_mixed.c",
];
const HANGS: &str = "main__r7__par7";

/// The answers of a run without the hang.
fn normal() -> Vec<(String, String)> {
    let mut args = vec!["verify", "-j", "2"];
    args.extend(FILES);
    let v = verdicts(&ompv(&args).stdout);
    assert_eq!(v.len(), FILES.len(), "{v:?}");
    assert_eq!(v[0].1, "verified", "the file that hangs verifies normally");
    v
}

#[test]
fn a_file_past_its_time_limit_is_unknown_and_the_others_go_on() {
    let normal = normal();
    let mut args = vec!["verify", "-j", "2", "--file-timeout", "1"];
    args.extend(FILES);
    let start = Instant::now();
    let out = command(&args)
        .env("OMPV_TEST_HANG_IN", HANGS)
        .stdin(Stdio::null())
        .output()
        .expect("ompv runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(start.elapsed() < Duration::from_secs(30), "{stderr}");
    // `atomic_mixed.c` races: failed is the worst verdict, then unknown.
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    let v = verdicts(&stdout);
    assert_eq!(v[0], (FILES[0].to_string(), "unknown".to_string()));
    assert_eq!(v[1..], normal[1..], "the other files keep their answers");
    assert!(
        stderr.contains("ran out of time while the solver checked `main__r7__par7`")
            && stderr.contains("`--file-timeout`"),
        "{stderr}"
    );
}

#[test]
fn a_negative_time_limit_is_refused_as_a_value() {
    let r = ompv(&["verify", "--file-timeout", "-1", "x.c"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("`-1` is not a number of seconds") && !r.stderr.contains("'-- -1'"),
        "{}",
        r.stderr
    );
}

/// Runs ompv under a pseudo-terminal, types `^C` once `wait` has passed, and returns its exit
/// code, what it printed, and how long it ran after the `^C`.
fn at_a_terminal(args: &[&str], wait: f64) -> (i32, String, f64) {
    let dir = scratch("pty");
    let script = dir.join("pty_run.py");
    std::fs::write(
        &script,
        r#"
import os, pty, select, sys, time
wait = float(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
out, start, sent = b"", time.time(), None
while True:
    if sent is None and time.time() - start > wait:
        os.write(fd, b"\x03")
        sent = time.time()
    if time.time() - start > 60:
        os.kill(pid, 9)
        break
    if select.select([fd], [], [], 0.05)[0]:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
_, status = os.waitpid(pid, 0)
after = time.time() - (sent or time.time())
sys.stdout.write("%d %.3f\n" % (os.waitstatus_to_exitcode(status), after))
sys.stdout.write(out.decode("utf-8", "replace"))
"#,
    )
    .expect("script");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(wait.to_string())
        .arg(cli_support::bin())
        .args(args)
        .current_dir(cli_support::root())
        // A proof from the cache would not reach the solver call that hangs.
        .env("OMPV_NO_CACHE", "1")
        .env("OMPV_TEST_HANG_IN", HANGS)
        .env_remove("OMPV_IN_PROCESS")
        .output()
        .expect("python3 runs (scripts/setup.sh's machine has it)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let (head, printed) = text.split_once('\n').expect("a status line");
    let mut head = head.split(' ');
    let code = head.next().and_then(|c| c.parse().ok()).expect("exit code");
    let after = head.next().and_then(|a| a.parse().ok()).expect("time");
    // What is left on each line once the progress bar has drawn and cleared itself.
    let printed: Vec<&str> = printed
        .split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .map(|l| l.rsplit("\x1b[2K").next().unwrap_or(l))
        .map(|l| l.rsplit('\r').next().unwrap_or(l))
        .collect();
    (code, printed.join("\n"), after)
}

#[test]
fn ctrl_c_at_a_terminal_stops_the_run_and_prints_what_was_decided() {
    let normal = normal();
    let mut args = vec!["verify", "--color", "never", "-j", "2"];
    args.extend(FILES);
    // The other job has checked the other files well before the `^C`.
    let (code, printed, after) = at_a_terminal(&args, 4.0);
    assert_eq!(code, 130, "{printed}");
    assert!(after < 5.0, "stopped {after} s after the ^C\n{printed}");
    let v = verdicts(&printed);
    assert_eq!(v[0], (FILES[0].to_string(), "unknown".to_string()));
    assert_eq!(v[1..], normal[1..], "what was decided is printed");
    assert!(
        printed.contains("interrupted (Ctrl-C) before its check finished")
            && printed.contains("interrupted: 2 of 3 files checked")
            && printed.contains("exit code 130 (interrupted)"),
        "{printed}"
    );
}

/// Sends SIGINT to ompv's process alone (not its group) after `wait`.
fn interrupt_alone(envs: &[(&str, &str)], wait: Duration) -> (Option<i32>, String, Duration) {
    let mut args = vec!["verify", "-j", "2"];
    args.extend(FILES);
    let mut cmd = command(&args);
    cmd.env("OMPV_TEST_HANG_IN", HANGS)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let child = cmd.spawn().expect("ompv starts");
    std::thread::sleep(wait);
    let sent = Instant::now();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().expect("ompv ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        sent.elapsed(),
    )
}

#[test]
fn sigint_to_ompv_alone_stops_its_workers_too() {
    // Only ompv gets the signal: it must stop the worker that hangs itself.
    let (code, stdout, after) = interrupt_alone(&[], Duration::from_secs(4));
    assert_eq!(code, Some(130), "{stdout}");
    assert!(after < Duration::from_secs(5), "{after:?}");
    assert!(stdout.contains("exit code 130 (interrupted)"), "{stdout}");
    assert_eq!(verdicts(&stdout).len(), FILES.len(), "{stdout}");
}

#[test]
fn in_one_process_sigint_exits_at_once() {
    // The solvers of one process cannot be stopped safely: the first SIGINT ends the run.
    let (code, stdout, after) =
        interrupt_alone(&[("OMPV_IN_PROCESS", "1")], Duration::from_secs(2));
    assert_eq!(code, Some(130), "{stdout}");
    assert!(after < Duration::from_secs(5), "{after:?}");
}

/// The children of process `pid` (Linux's `/proc/PID/task/TID/children`).
#[cfg(target_os = "linux")]
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|s| {
            s.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Whether process `pid` still runs (a zombie nobody reaps does not).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

/// ompv killed with SIGKILL (a CI job's time limit, a script's timeout) cannot stop its
/// workers itself: they must die with it instead of checking on for as long as their file takes.
#[cfg(target_os = "linux")]
#[test]
fn workers_die_when_ompv_is_killed() {
    let mut parent = command(&["verify", "-j", "1", FILES[0]])
        .env("OMPV_TEST_HANG_IN", HANGS)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ompv runs");
    let start = Instant::now();
    let workers = loop {
        let c = children(parent.id());
        if !c.is_empty() || start.elapsed() > Duration::from_secs(30) {
            break c;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(!workers.is_empty(), "ompv started no worker");
    // The worker is hanging in its obligation by now or soon; the parent dies under it.
    std::thread::sleep(Duration::from_millis(500));
    parent.kill().expect("SIGKILL");
    parent.wait().expect("reaped");
    let start = Instant::now();
    while workers.iter().any(|&w| running(w)) && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        workers.iter().all(|&w| !running(w)),
        "workers {workers:?} outlived the ompv that started them"
    );
}
