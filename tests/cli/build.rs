//! Building like a compiler: `-I`, `-D`, `-U`, `-include`, `-std=`, `compile_commands.json`
//! (`-p`, `--compile-commands`), `OMPV_CPP` as a command line, and files in ISO-8859-1. Each
//! option is shown to change the program verified: the racy build is `failed`, its race-free
//! twin `verified`.

use crate::cli_support::{command, ompv, scratch, verdicts};
use std::path::Path;

/// A program whose size comes from a header and whose loop races only when `RACY` is defined.
const PROGRAM: &str = "\
#include \"config.h\"
int a[N + 1];
int main(void) {
#pragma omp parallel for num_threads(T)
  for (int i = 0; i < N; i++)
#ifdef RACY
    a[i + 1] = a[i];
#else
    a[i] = i;
#endif
  return 0;
}
";

/// A scratch project: `src/main.c` and `inc/config.h`.
fn project(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("src/main.c"), PROGRAM).unwrap();
    std::fs::write(dir.join("inc/config.h"), "#define N 64\n").unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a Unicode path")
}

#[test]
fn include_paths_and_macros_are_taken_as_cc_takes_them() {
    let dir = project("flags");
    let main = dir.join("src/main.c");
    let inc = dir.join("inc");
    let alone = ompv(&["verify", path(&main)]);
    assert_eq!(alone.code, 2, "{alone:?}");
    assert!(alone.stderr.contains("config.h"), "{}", alone.stderr);
    // Attached and separate values; the pragma's `T` comes from the command line.
    let ok = ompv(&[
        "verify",
        &format!("-I{}", path(&inc)),
        "-D",
        "T=4",
        path(&main),
    ]);
    assert_eq!(ok.code, 0, "{ok:?}");
    let racy = ompv(&["verify", "-I", path(&inc), "-DT=4", "-DRACY", path(&main)]);
    assert_eq!(racy.code, 1, "{racy:?}");
    assert!(racy.stderr.contains("error[race]"), "{}", racy.stderr);
    // `-include` with one dash, as cc spells it, and `-U`.
    let forced = dir.join("racy.h");
    std::fs::write(&forced, "#define RACY 1\n").unwrap();
    let included = ompv(&[
        "verify",
        "-I",
        path(&inc),
        "-DT=4",
        "-include",
        path(&forced),
        path(&main),
    ]);
    assert_eq!(included.code, 1, "{included:?}");
    let undone = ompv(&[
        "verify",
        "-I",
        path(&inc),
        "-DT=4",
        "-include",
        path(&forced),
        "-URACY",
        path(&main),
    ]);
    // As in cc, every -D and -U is applied before any -include is read: the file defines
    // RACY again and the loop races.
    assert_eq!(undone.code, 1, "{undone:?}");
}

#[test]
fn standards_other_than_c_and_contradicting_macros_are_usage_errors() {
    let dir = project("std");
    let main = dir.join("src/main.c");
    let inc = dir.join("inc");
    let c99 = ompv(&["verify", "-I", path(&inc), "-DT=2", "-std=c99", path(&main)]);
    assert_eq!(c99.code, 0, "{c99:?}");
    let cxx = ompv(&[
        "verify",
        "-I",
        path(&inc),
        "-DT=2",
        "-std=c++17",
        path(&main),
    ]);
    assert_eq!(cxx.code, 2, "{cxx:?}");
    assert!(
        cxx.stderr.contains("C++ is not supported"),
        "{}",
        cxx.stderr
    );
    let both = ompv(&["verify", "-I", path(&inc), "-DT=2", "-UT", path(&main)]);
    assert_eq!(both.code, 2, "{both:?}");
    assert!(both.stderr.contains("both defined"), "{}", both.stderr);
}

#[test]
fn a_compilation_database_gives_each_file_its_own_flags() {
    let dir = project("database");
    std::fs::write(dir.join("src/twin.c"), PROGRAM).unwrap();
    std::fs::write(dir.join("src/tool.cpp"), "int main() {}\n").unwrap();
    std::fs::create_dir_all(dir.join("build")).unwrap();
    // Paths relative to each entry's directory, one entry as `arguments`, one as `command`.
    let db = format!(
        r#"[
  {{"directory": "{d}/build", "file": "../src/main.c",
    "arguments": ["cc", "-I../inc", "-DT=4", "-DRACY", "-c", "../src/main.c", "-o", "main.o"]}},
  {{"directory": "{d}/build", "file": "{d}/src/twin.c",
    "command": "cc -I ../inc -D T=4 -c {d}/src/twin.c"}},
  {{"directory": "{d}/build", "file": "../src/tool.cpp", "command": "c++ -c ../src/tool.cpp"}}
]"#,
        d = path(&dir)
    );
    std::fs::write(dir.join("build/compile_commands.json"), db).unwrap();
    let out = command(&["verify", "-p", "build"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    let vs = verdicts(&stdout);
    assert_eq!(
        vs,
        vec![
            ("src/main.c".to_string(), "failed".to_string()),
            ("src/twin.c".to_string(), "verified".to_string())
        ],
        "{stdout}\n{stderr}"
    );
    assert!(stderr.contains("1 file(s) that are not C"), "{stderr}");
    // A named file takes its entry's flags; the command line's come after them.
    let db = dir.join("build/compile_commands.json");
    let twin = ompv(&[
        "verify",
        "--compile-commands",
        path(&db),
        path(&dir.join("src/twin.c")),
        "-DRACY",
    ]);
    assert_eq!(twin.code, 1, "{twin:?}");
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "[{\"file\": 1}]").unwrap();
    let bad = ompv(&["verify", "--compile-commands", path(&broken)]);
    assert_eq!(bad.code, 2, "{bad:?}");
    assert!(
        bad.stderr.contains("not a compilation database"),
        "{}",
        bad.stderr
    );
}

#[test]
fn the_preprocessor_may_be_a_command_line() {
    let dir = project("cpp");
    let main = dir.join("src/main.c");
    let inc = dir.join("inc");
    let run = |cpp: &str| {
        command(&["verify", "-I", path(&inc), "-DT=4", path(&main)])
            .env("OMPV_CPP", cpp)
            .output()
            .unwrap()
    };
    assert_eq!(run("cpp").status.code(), Some(0));
    assert_eq!(run("cpp -DRACY").status.code(), Some(1));
    let broken = run("'cpp");
    assert_eq!(broken.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("OMPV_CPP"));
}

#[test]
fn latin1_is_read_in_comments_and_refused_in_literals() {
    let dir = scratch("latin1");
    let comment = dir.join("comment.c");
    let mut text = b"/* Jacobi, r\xe9solution it\xe9rative */\n".to_vec();
    text.extend_from_slice(
        PROGRAM
            .replace("#include \"config.h\"", "#define N 8\n#define T 2")
            .as_bytes(),
    );
    std::fs::write(&comment, &text).unwrap();
    let ok = ompv(&["verify", path(&comment)]);
    assert_eq!(ok.code, 0, "{ok:?}");
    assert!(ok.stderr.contains("warning[io]"), "{}", ok.stderr);
    assert!(ok.stderr.contains("ISO-8859-1"), "{}", ok.stderr);
    assert!(
        ok.stderr.contains(":1:"),
        "the warning points at the byte: {}",
        ok.stderr
    );
    let mut racy = text.clone();
    racy.splice(0..0, b"#define RACY\n".iter().copied());
    std::fs::write(&comment, &racy).unwrap();
    assert_eq!(ompv(&["verify", path(&comment)]).code, 1);
    // In a literal, the bytes are the value: read otherwise, they would be another string.
    let literal = dir.join("literal.c");
    let mut text = text.clone();
    text.extend_from_slice(b"char *name = \"caf\xe9\";\n");
    std::fs::write(&literal, &text).unwrap();
    let refused = ompv(&["verify", path(&literal)]);
    assert_eq!(refused.code, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("error[unsupported]"),
        "{}",
        refused.stderr
    );
}
