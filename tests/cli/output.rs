//! Output hygiene of the `ompv` binary: results on stdout and diagnostics on stderr, colours only
//! on a terminal (checked under a real pseudo-terminal, through `script`), `NO_COLOR` and
//! `--color`, a closed pipe, exit codes within 0–3, command-line errors in JSON.

use crate::cli_support;

use cli_support::{has_ansi, ompv, root};
use std::process::{Command, Stdio};

/// Runs a shell command under a pseudo-terminal (util-linux `script`); returns the exit code and
/// what the terminal showed.
fn under_pty(cmd: &str, no_color: bool) -> (i32, String) {
    let mut c = Command::new("script");
    c.args(["-qec", cmd, "/dev/null"])
        .current_dir(root())
        .stdin(Stdio::null())
        .env("OMPV_NO_CACHE", "1")
        .env_remove("NO_COLOR");
    if no_color {
        c.env("NO_COLOR", "1");
    }
    let out = c
        .output()
        .expect("`script` (util-linux; scripts/setup.sh installs it) runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn failing_example_command(extra: &str) -> String {
    format!(
        "{} verify examples/fail_race_shift.c {extra}",
        cli_support::bin()
    )
}

#[test]
fn colours_on_a_terminal_only() {
    let (code, tty) = under_pty(&failing_example_command(""), false);
    assert_eq!(code, 1, "{tty}");
    assert!(has_ansi(&tty), "no colours on a terminal:\n{tty}");
    assert!(tty.contains("error[race]"), "{tty}");
    // The verdict line is coloured too (on the terminal, stdout).
    assert!(tty.contains("\x1b[1;31mfailed\x1b[0m"), "{tty}");

    let piped = ompv(&["verify", "examples/fail_race_shift.c"]);
    assert_eq!(piped.code, 1);
    assert!(!has_ansi(&piped.stdout), "{}", piped.stdout);
    assert!(!has_ansi(&piped.stderr), "{}", piped.stderr);
    assert!(piped.stderr.contains("error[race]"), "{}", piped.stderr);
}

/// On a terminal, a run over several files shows a progress bar that names the file the
/// output waits for and whose clock runs while that file takes long (here: a worker hangs in one
/// of its obligations until `--file-timeout` stops it).
#[test]
fn the_progress_bar_names_the_waited_for_file_and_its_clock_runs() {
    let cmd = format!(
        "OMPV_TEST_HANG_IN=main__r7__par7 {} verify -j 1 --file-timeout 3 \
         examples/fusion.c tests/c/races/atomic_update.c > /dev/null",
        cli_support::bin()
    );
    let (code, tty) = under_pty(&cmd, true);
    assert_eq!(code, 3, "the hanging file is unknown: {tty}");
    let bars: Vec<&str> = tty
        .split(['\r', '\n'])
        .filter(|l| l.contains("/2 files"))
        .collect();
    assert!(
        bars.iter()
            .any(|b| b.contains("1/2 files") && b.contains("tests/c/races/atomic_update.c")),
        "the bar names the file it waits for: {tty:?}"
    );
    // The bar shows its clock as `{elapsed}`: `0s`, then `1s` and `2s` while nothing finishes.
    assert!(
        bars.iter().any(|b| b.contains("1/2 files 2s")),
        "the clock runs while the file hangs: {tty:?}"
    );
}

#[test]
fn no_color_and_the_color_flag() {
    let (_, tty) = under_pty(&failing_example_command(""), true);
    assert!(!has_ansi(&tty), "NO_COLOR on a terminal:\n{tty}");
    let (_, tty) = under_pty(&failing_example_command("--color never"), false);
    assert!(!has_ansi(&tty), "--color never on a terminal:\n{tty}");
    let forced = ompv(&["verify", "examples/fail_race_shift.c", "--color", "always"]);
    assert!(has_ansi(&forced.stderr), "{}", forced.stderr);
    assert!(has_ansi(&forced.stdout), "{}", forced.stdout);
}

#[test]
fn results_on_stdout_and_diagnostics_on_stderr() {
    let r = ompv(&["verify", "examples/fail_race_shift.c"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout.lines().collect::<Vec<_>>().len(),
        1,
        "one verdict line: {}",
        r.stdout
    );
    assert!(r.stdout.starts_with(
        "examples/fail_race_shift.c: failed (1 error; 1 of 2 obligations not verified: function `shift_left`;"
    ));
    assert!(
        r.stderr.contains("examples/fail_race_shift.c:9:3"),
        "{}",
        r.stderr
    );
    assert!(!r.stdout.contains("error[race]"));

    // Many files through a pipe: no progress bar, only results and diagnostics.
    let many = ompv(&["verify", "examples/fusion.c", "examples/sections.c"]);
    assert!(!many.stderr.contains("files"), "{}", many.stderr);
    assert!(many.stderr.is_empty(), "{}", many.stderr);

    let ok = ompv(&["verify", "examples/fusion.c"]);
    assert_eq!(ok.code, 0);
    assert!(ok.stderr.is_empty(), "{}", ok.stderr);
    assert!(ok
        .stdout
        .starts_with("examples/fusion.c: verified (3 obligations;"));
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    // The reader goes away before ompv writes anything: every write fails with EPIPE.
    let mut child = cli_support::command(&["encode", "examples/listing7.c", "--emit", "viper"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ompv starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ompv ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // Through a shell pipeline into `head`, which leaves after the first verdict line: ompv
    // still ends with the worst verdict's code (examples/ holds input errors: 2).
    let sh = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "{} verify examples/ 2>/dev/null | head -1; exit ${{PIPESTATUS[0]}}",
            cli_support::bin()
        ))
        .current_dir(root())
        .env_remove("NO_COLOR")
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&sh.stdout);
    assert_eq!(sh.status.code(), Some(2), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with("examples/after_region.c: verified"),
        "{stdout}"
    );
}

#[test]
fn exit_codes_stay_within_0_to_3() {
    let cases: &[(&[&str], i32)] = &[
        (&["--help"], 0),
        (&["--version"], 0),
        (&["verify", "--help"], 0),
        (&[], 2),
        (&["frobnicate"], 2),
        (&["verify"], 2),
        (&["verify", "examples/fusion.c", "--format", "xml"], 2),
        (&["verify", "examples/fusion.c", "--timeout", "-1"], 2),
        (&["verify", "/nonexistent.c"], 2),
        (&["explain", "--kind", "nonsense"], 2),
        (&["explain", "--kind", "race"], 0),
        (&["verify", "examples/fusion.c"], 0),
        (&["verify", "examples/fail_race_shift.c"], 1),
        (&["verify", "examples/listing7.c", "--timeout", "0.001"], 3),
    ];
    for (args, want) in cases {
        let r = ompv(args);
        assert_eq!(r.code, *want, "ompv {args:?}\n{}\n{}", r.stdout, r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
}

#[test]
fn command_line_errors_in_json() {
    let r = ompv(&["verify", "--format", "json", "--bogus", "examples/fusion.c"]);
    assert_eq!(r.code, 2);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON object");
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["errors"][0]["kind"], "usage");
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("--bogus"));
}

#[test]
fn the_version_names_the_commit_z3_and_silicon() {
    let r = ompv(&["--version"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("ompv 0."), "{}", r.stdout);
    assert!(r.stdout.contains("(commit "), "{}", r.stdout);
    assert!(!r.stdout.contains("commit unknown"), "{}", r.stdout);
    assert!(r.stdout.contains("\nZ3 4."), "{}", r.stdout);
    let silicon = if cfg!(feature = "silicon") {
        "Silicon back end: built in"
    } else {
        "Silicon back end: not built in"
    };
    assert!(r.stdout.contains(silicon), "{}", r.stdout);
}

#[test]
fn completions_and_man_page() {
    let bash = ompv(&["completions", "bash"]);
    assert_eq!(bash.code, 0);
    assert!(bash.stdout.contains("_ompv()"), "{}", bash.stdout);
    assert!(bash.stdout.contains("--backend"));
    let zsh = ompv(&["completions", "zsh"]);
    assert!(zsh.stdout.starts_with("#compdef ompv"), "{}", zsh.stdout);
    let man = ompv(&["man"]);
    assert_eq!(man.code, 0);
    assert!(man.stdout.contains(".TH ompv"), "{}", man.stdout);
    assert!(man.stdout.contains("explain"));
    // `.TH` is one line: the long version (with Z3's) would break the header.
    let th = man.stdout.lines().find(|l| l.starts_with(".TH")).unwrap();
    assert!(th.trim_end().ends_with('"'), "{th}");
    // Every page the top page refers to can be printed.
    let refs: Vec<&str> = man
        .stdout
        .split("ompv\\-")
        .skip(1)
        .filter_map(|s| s.split('(').next())
        .collect();
    assert!(refs.contains(&"verify") && refs.len() >= 6, "{refs:?}");
    for sub in refs {
        let page = ompv(&["man", sub]);
        assert_eq!(page.code, 0, "ompv man {sub}: {}", page.stderr);
        assert!(
            page.stdout.contains(&format!(".TH ompv-{sub} 1")),
            "{}",
            page.stdout
        );
    }
    let none = ompv(&["man", "frobnicate"]);
    assert_eq!(none.code, 2);
    assert!(
        none.stderr.contains("no command `frobnicate`"),
        "{}",
        none.stderr
    );
    assert!(none.stdout.is_empty() || !none.stdout.contains(".TH"));
}

/// A C++ file is named as such, not fed to the C preprocessor; a missing preprocessor is an `io`
/// problem, not a syntax error in the program.
#[test]
fn cpp_files_and_a_missing_preprocessor() {
    let dir = cli_support::scratch("cpp");
    let f = dir.join("v.cpp");
    std::fs::write(&f, "#include <vector>\nint main() { return 0; }\n").unwrap();
    let r = ompv(&["verify", f.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("C++ is not supported"), "{}", r.stderr);
    assert!(!r.stderr.contains("No such file"), "{}", r.stderr);
    let out = cli_support::command(&["verify", "--format", "json", "examples/fail_race_shift.c"])
        .env("OMPV_CPP", "/nonexistent/cpp")
        .output()
        .expect("ompv runs");
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["errors"][0]["kind"], "io", "{v}");
}
