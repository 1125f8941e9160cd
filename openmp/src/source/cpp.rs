//! Running the C preprocessor (`cpp -C`, gcc's) on the user's text, with ompv's own `omp.h` first
//! on the include path.

use super::build::Build;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The headers ompv ships (name, text), in the order of [`super::Loaded::files`] after the
/// user's file; written to a cache directory at run time so the binary does not depend on the
/// source tree. Their functions are the library routines verified code may call, with contracts.
pub const HEADERS: &[(&str, &str)] = &[
    ("omp.h", include_str!("../../include/omp.h")),
    ("stdio.h", include_str!("../../include/stdio.h")),
    ("stdlib.h", include_str!("../../include/stdlib.h")),
    ("assert.h", include_str!("../../include/assert.h")),
    ("math.h", include_str!("../../include/math.h")),
    ("string.h", include_str!("../../include/string.h")),
    ("unistd.h", include_str!("../../include/unistd.h")),
    ("time.h", include_str!("../../include/time.h")),
];

/// The text of ompv's `omp.h`.
pub const OMP_H: &str = HEADERS[0].1;

/// The file name under which cpp reports the user's text (it is read from standard input).
pub const STDIN_NAME: &str = "<stdin>";

/// Why preprocessing failed.
#[derive(Debug)]
pub enum CppFailure {
    /// The preprocessor could not be run or its output read.
    Io(String),
    /// The preprocessor reported an error: its first error line, split into position and message.
    Error {
        line: u32,
        column: u32,
        message: String,
    },
}

/// The directory holding ompv's headers (created on first use; a header is rewritten if its
/// content differs): `include-<hash of the headers>` in the user's cache folder
/// ([`user_cache_dir`]), never a predictable path in the shared temporary directory, where
/// another user could own it or put headers of their own.
pub fn include_dir() -> std::io::Result<PathBuf> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, text) in HEADERS {
        for b in name.bytes().chain(text.bytes()) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let dir = match user_cache_dir() {
        Some(cache) => cache.join(format!("include-{hash:016x}")),
        None => private_temp_dir()?,
    };
    viper::files::private_dir(&dir)?;
    for (name, text) in HEADERS {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(*text) {
            // Write a file of its own then rename it, so that concurrent runs (and threads of
            // one run) never read a half-written header nor rename each other's file away.
            let mut tmp = tempfile::NamedTempFile::new_in(&dir)?;
            tmp.write_all(text.as_bytes())?;
            tmp.persist(&path).map_err(|e| e.error)?;
        }
    }
    Ok(dir)
}

/// `$XDG_CACHE_HOME/ompv`, else `$HOME/.cache/ompv` (absolute paths only).
pub fn user_cache_dir() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    std::env::var_os("XDG_CACHE_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".cache"))
        })
        .map(|c| c.join("ompv"))
}

/// Without a home folder: a directory of this process's own, made once and kept for the run.
fn private_temp_dir() -> std::io::Result<PathBuf> {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    if let Some(d) = DIR.get() {
        return Ok(d.clone());
    }
    let made = tempfile::Builder::new().prefix("ompv-").tempdir()?.keep();
    Ok(DIR.get_or_init(|| made).clone())
}

/// The preprocessor's command line: `cpp`, or `$OMPV_CPP` split as a shell would
/// (`OMPV_CPP="gcc -E"`).
fn cpp_command() -> Result<(String, Command), CppFailure> {
    let cpp = std::env::var("OMPV_CPP").unwrap_or_else(|_| "cpp".to_string());
    let words = shlex::split(&cpp)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| CppFailure::Io(format!("OMPV_CPP is not a command line: `{cpp}`")))?;
    let mut cmd = Command::new(&words[0]);
    cmd.args(&words[1..]);
    Ok((cpp, cmd))
}

/// Preprocesses `text` (the content of the file `build` describes), keeping comments and line
/// markers. The preprocessor is `cpp`, or `$OMPV_CPP` if set.
pub fn preprocess(text: &str, build: &Build, include: &Path) -> Result<String, CppFailure> {
    let (cpp, mut cmd) = cpp_command()?;
    // `-dD` keeps `#define`s in the output: the front end reads the main file's object-like
    // macros from them (pragma clauses are taken from the original text, unexpanded).
    cmd.arg("-C")
        .arg("-dD")
        .arg("-I")
        .arg(include)
        .arg("-D_OPENMP=201511")
        .arg("-D__OMPV__=1")
        // OpenMP's runtime routines are known without `#include <omp.h>` (constructs such as
        // `master` are given their meaning through them).
        .arg("-include")
        .arg(include.join("omp.h"));
    if let Some(dir) = &build.file_dir {
        cmd.arg("-iquote").arg(dir);
    }
    for o in &build.options {
        cmd.args(o.args());
    }
    if let Some(dir) = &build.directory {
        cmd.current_dir(dir);
    }
    cmd.arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    tracing::debug!(?cmd, "running the preprocessor");
    let mut child = cmd
        .spawn()
        .map_err(|e| CppFailure::Io(format!("cannot run the C preprocessor `{cpp}`: {e}")))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| CppFailure::Io("no stdin for the preprocessor".into()))?;
    let input = text.to_owned();
    // Feed stdin from a thread so a large output cannot dead-lock against a full input pipe.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| CppFailure::Io(format!("the C preprocessor failed: {e}")))?;
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(first_error(&stderr).unwrap_or_else(|| {
            CppFailure::Io(format!("the C preprocessor failed: {}", stderr.trim()))
        }));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| CppFailure::Io("the preprocessor output is not UTF-8".into()))
}

/// The first `<stdin>:LINE:COL: error: MESSAGE` (or `fatal error`) of cpp's diagnostics.
fn first_error(stderr: &str) -> Option<CppFailure> {
    for l in stderr.lines() {
        let Some(rest) = l.strip_prefix(STDIN_NAME).and_then(|r| r.strip_prefix(':')) else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let Some(line) = parts.next().and_then(|x| x.trim().parse().ok()) else {
            continue;
        };
        let second = parts.next().unwrap_or("");
        let third = parts.next().unwrap_or("");
        let (column, tail) = match second.trim().parse::<u32>() {
            Ok(c) => (c, third.to_string()),
            Err(_) => (1, format!("{second}:{third}")),
        };
        let tail = tail.trim();
        let message = tail
            .strip_prefix("fatal error:")
            .or_else(|| tail.strip_prefix("error:"));
        if let Some(m) = message {
            return Some(CppFailure::Error {
                line,
                column,
                message: m.trim().to_string(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cpp_errors() {
        let e = first_error("<stdin>:3:10: fatal error: nope.h: No such file or directory\ncompilation terminated.\n");
        match e {
            Some(CppFailure::Error {
                line,
                column,
                message,
            }) => {
                assert_eq!((line, column), (3, 10));
                assert_eq!(message, "nope.h: No such file or directory");
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(first_error("<stdin>:2:2: warning: x\n").is_none());
    }

    #[cfg(unix)]
    #[test]
    fn the_header_folder_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = include_dir().unwrap();
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o022, 0, "mode {mode:o}");
        assert!(!dir.starts_with(std::env::temp_dir()) || user_cache_dir().is_none());
    }

    #[test]
    fn preprocesses_with_own_omp_h() {
        let dir = include_dir().unwrap();
        let out = preprocess(
            "#include <omp.h>\nint x = _OPENMP;\n",
            &Build::default(),
            &dir,
        )
        .unwrap();
        assert!(out.contains("int omp_get_thread_num(void);"));
        assert!(
            out.contains("/*@ ensures \\result >= 0; @*/"),
            "comments are kept"
        );
        assert!(out.contains("int x = 201511;"));
    }

    #[test]
    fn reports_missing_headers_with_position() {
        let dir = include_dir().unwrap();
        match preprocess(
            "int a;\n#include \"missing_header_xyz.h\"\n",
            &Build::default(),
            &dir,
        ) {
            Err(CppFailure::Error { line, .. }) => assert_eq!(line, 2),
            other => panic!("unexpected {other:?}"),
        }
    }
}
