//! The README says only what is true: every command in it is run or checked here.
//!
//! - ```` ```console ```` blocks are transcripts: each `$ COMMAND` runs in bash (with the built
//!   `ompv` first on `PATH`, in a scratch directory where `examples/` is the repository's), and
//!   the lines after it are its output (stdout and stderr together). In the expected output
//!   `[..]` matches any text within a line and a line `...` any number of lines (times vary).
//! - ```` ```sh ```` blocks are command lists: `ompv …` lines (also as `target/release/ompv` or
//!   `cargo run --release -- …`) run and must end with an exit code in 0–3 and no usage error;
//!   `cargo` lines must name features, benches, tests and packages that exist; `scripts/…`
//!   must exist and be executable. Any other command fails the test, so none can drift.
//! - Every `--option` the README mentions is an option of ompv (or of cargo, for cargo lines).

use crate::cli_support;

use cli_support::root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fenced code block: its info string, first line number and text.
struct Block {
    lang: String,
    line: usize,
    text: String,
}

fn blocks(readme: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (k, l) in readme.lines().enumerate() {
        match (&mut current, l.strip_prefix("```")) {
            (None, Some(lang)) => {
                current = Some(Block {
                    lang: lang.trim().to_string(),
                    line: k + 2,
                    text: String::new(),
                })
            }
            (Some(_), Some(_)) => out.extend(current.take()),
            (Some(b), None) => {
                b.text.push_str(l);
                b.text.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

/// A scratch directory with `examples/` and `tests/` of the repository.
fn workdir(name: &str) -> PathBuf {
    let d = cli_support::scratch(name);
    for sub in ["examples", "tests"] {
        std::os::unix::fs::symlink(root().join(sub), d.join(sub)).expect("symlink");
    }
    d
}

/// Runs a shell command as the README shows it: exit code and stdout+stderr.
fn shell(cmd: &str, dir: &Path) -> (i32, String) {
    let bin_dir = Path::new(cli_support::bin())
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        // One stream, in the order ompv writes (as a terminal shows it).
        .arg(format!("exec 2>&1; set -o pipefail; {cmd}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("OMPV_NO_CACHE", "1")
        .env_remove("NO_COLOR")
        .env_remove("OMPV_LOG")
        .output()
        .expect("bash runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Whether `actual` matches the expected line (`[..]`: any text).
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let Some(mut rest) = actual.strip_prefix(parts[0]) else {
        return false;
    };
    for (k, p) in parts.iter().enumerate().skip(1) {
        if k + 1 == parts.len() {
            return rest.ends_with(p);
        }
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output lines match the expected ones (`...`: any number of lines).
fn lines_match(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|k| lines_match(rest, &actual[k..])),
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// The transcripts of a console block: (command, expected output lines).
fn transcripts(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for l in text.lines() {
        match l.strip_prefix("$ ") {
            Some(cmd) => out.push((cmd.to_string(), Vec::new())),
            None => {
                if let Some(last) = out.last_mut() {
                    last.1.push(l);
                }
            }
        }
    }
    for (_, lines) in &mut out {
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
    }
    out
}

#[test]
fn console_transcripts_are_what_ompv_prints() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let dir = workdir("readme-console");
    let mut ran = 0;
    for b in blocks(&readme).iter().filter(|b| b.lang == "console") {
        for (cmd, expected) in transcripts(&b.text) {
            let (code, output) = shell(&cmd, &dir);
            let actual: Vec<&str> = output.trim_end().lines().collect();
            assert!(
                lines_match(&expected, &actual),
                "README.md (block at line {}): `$ {cmd}` printed\n{output}\nexpected\n{}",
                b.line,
                expected.join("\n")
            );
            assert!((0..=3).contains(&code), "`$ {cmd}`: exit code {code}");
            ran += 1;
        }
    }
    assert!(ran >= 8, "only {ran} transcripts in the README");
}

/// A cargo command line's names must exist: features, benches, tests, packages.
fn check_cargo(args: &[&str], what: &str) {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let value = |flag: &str| {
        args.iter()
            .position(|a| *a == flag)
            .and_then(|k| args.get(k + 1))
            .copied()
    };
    if let Some(f) = value("--features") {
        assert!(
            manifest.contains(&format!("\n{f} = [")),
            "{what}: no feature `{f}`"
        );
    }
    if let Some(p) = value("-p") {
        assert!(
            root().join(p).join("Cargo.toml").exists(),
            "{what}: no package `{p}`"
        );
    }
    if let Some(bench) = value("--bench") {
        let dir = value("-p").map_or(root().to_path_buf(), |p| root().join(p));
        assert!(
            dir.join("benches").join(format!("{bench}.rs")).exists(),
            "{what}: no bench `{bench}`"
        );
    }
    if let Some(t) = value("--test") {
        assert!(
            root().join("tests").join(format!("{t}.rs")).exists(),
            "{what}: no test `{t}`"
        );
    }
}

#[test]
fn command_lists_name_what_exists_and_run() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let dir = workdir("readme-sh");
    let mut checked = 0;
    for b in blocks(&readme).iter().filter(|b| b.lang == "sh") {
        for line in b.text.lines() {
            let line = line.split(" #").next().unwrap_or("").trim();
            for cmd in line.split("&&").map(str::trim).filter(|c| !c.is_empty()) {
                // Leading environment assignments (`OMPV_X=… cargo …`).
                let words: Vec<&str> = cmd
                    .split_whitespace()
                    .skip_while(|w| w.contains('=') && !w.starts_with('-'))
                    .collect();
                let what = format!("README.md (block at line {}): `{cmd}`", b.line);
                let ompv_args: Option<String> = match words.as_slice() {
                    ["ompv", ..] | ["target/release/ompv", ..] => Some(words[1..].join(" ")),
                    ["cargo", "run", "--release", "--", rest @ ..] => Some(rest.join(" ")),
                    ["cargo", ..] => {
                        check_cargo(&words, &what);
                        None
                    }
                    [script, ..] if script.starts_with("scripts/") => {
                        use std::os::unix::fs::PermissionsExt;
                        let p = root().join(script);
                        let mode = std::fs::metadata(&p)
                            .unwrap_or_else(|_| panic!("{what}: no {script}"))
                            .permissions()
                            .mode();
                        assert!(mode & 0o111 != 0, "{what}: {script} is not executable");
                        None
                    }
                    _ => panic!("{what}: a command this test does not know how to check"),
                };
                if let Some(args) = ompv_args {
                    // Placeholders: a small Viper file and an example.
                    let args = args
                        .replace("FILE.vpr", "p.vpr")
                        .replace("FILE.c", "examples/fusion.c");
                    std::fs::write(dir.join("p.vpr"), "method m() {}\n").expect("p.vpr");
                    let (code, output) = shell(&format!("ompv {args}"), &dir);
                    assert!(
                        (0..=3).contains(&code),
                        "{what}: exit code {code}\n{output}"
                    );
                    assert!(
                        !output.contains("error[usage]") && !output.contains("unexpected argument"),
                        "{what}: {output}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 5, "only {checked} commands checked");
}

#[test]
fn inline_cargo_commands_name_what_exists() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut n = 0;
    for (k, span) in readme.split('`').enumerate() {
        // Odd pieces are inside backticks.
        let words: Vec<&str> = span
            .split_whitespace()
            .skip_while(|w| w.contains('=') && !w.starts_with('-'))
            .collect();
        if k % 2 == 1 && words.first() == Some(&"cargo") && words.len() > 2 {
            check_cargo(&words, &format!("README.md: `{span}`"));
            n += 1;
        }
    }
    assert!(n >= 4, "only {n} inline cargo commands");
}

#[test]
fn every_option_the_readme_names_exists() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut help = String::new();
    for sub in [
        "verify",
        "viper",
        "encode",
        "explain",
        "witness",
        "lsp",
        "completions",
        "man",
    ] {
        help.push_str(&cli_support::ompv(&[sub, "--help"]).stdout);
    }
    help.push_str(&cli_support::ompv(&["--help"]).stdout);
    // cargo's, the benches', Silicon's, rustc's and the set-up script's own options that the
    // README mentions.
    let cargo = [
        "--silicon",
        "--release",
        "--features",
        "--bench",
        "--test",
        "--ignored",
        "--nocapture",
        "--reps",
        "--locked",
        "--check",
        "--numberOfErrorsToReport",
        "--explain",
    ];
    let mut seen = 0;
    for (k, _) in readme.match_indices("--") {
        let name: String = readme[k..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.len() <= 2 || name.starts_with("---") {
            continue;
        }
        seen += 1;
        assert!(
            help.contains(&name) || cargo.contains(&name.as_str()),
            "README.md names `{name}`, which no ompv subcommand has"
        );
    }
    assert!(seen > 10);
}

#[test]
fn the_matchers_can_fail() {
    assert!(line_matches("a [..] ms", "a 12 ms"));
    assert!(!line_matches("a [..] ms", "b 12 ms"));
    assert!(lines_match(&["x", "...", "z"], &["x", "y", "y", "z"]));
    assert!(!lines_match(&["x", "z"], &["x", "y", "z"]));
    assert!(!lines_match(&["x"], &[]));
}
