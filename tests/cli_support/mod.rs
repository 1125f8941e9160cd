//! Helpers of the `cli_*` tests: running the built `ompv` from the repository root, with or
//! without standard input, and reading its three outputs.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of ompv gave.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `ompv` binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ompv")
}

/// A command for ompv in the repository root, without `NO_COLOR` or `OMPV_LOG` from the caller's
/// environment, and without the proof cache (each test sees every obligation verified; the
/// cache's own tests turn it on).
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .env_remove("OMPV_LOG")
        .env("OMPV_NO_CACHE", "1");
    c
}

/// Runs ompv with `args` (standard input: `stdin`, or nothing).
pub fn ompv_with(args: &[&str], stdin: Option<&str>) -> Run {
    let mut c = command(args);
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("ompv starts");
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin.unwrap_or("").as_bytes());
    }
    let out = child.wait_with_output().expect("ompv runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

/// Runs ompv with `args`.
pub fn ompv(args: &[&str]) -> Run {
    ompv_with(args, None)
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ompv-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

/// The verdict lines of a text run (`FILE: VERDICT (...)`), as (file, verdict).
pub fn verdicts(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .filter_map(|l| {
            let (file, rest) = l.split_once(": ")?;
            let verdict = rest.split(" (").next()?;
            (file.ends_with(".c") || file.ends_with(".vpr") || file == "<stdin>")
                .then(|| (file.to_string(), verdict.to_string()))
        })
        .collect()
}

/// Whether `text` contains an ANSI escape sequence.
pub fn has_ansi(text: &str) -> bool {
    text.contains("\x1b[")
}

/// A C file with two independent races (two loops, one array each), used for "every error".
pub const TWO_RACES: &str = "\
/*@ context \\pointer(a, n, write) ** \\pointer(b, n, write); @*/
void f(int n, int *a, int *b)
{
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < n - 1; i++)
      //@ context Perm(a[i], write) ** Perm(a[i + 1], 1\\2);
      a[i] = a[i + 1];
    #pragma omp for
    for (int i = 0; i < n - 1; i++)
      //@ context Perm(b[i], write) ** Perm(b[i + 1], 1\\2);
      b[i] = b[i + 1];
  }
}
";

/// A verified function next to a racy loop inside `spec_ignore`.
pub const IGNORED_RACE: &str = "\
/*@ context \\pointer(a, n, write); @*/
void f(int n, int *a)
{
  //@ spec_ignore {
  #pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1];
  //@ spec_ignore }
}
";
