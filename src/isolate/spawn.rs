//! Starting a child: ompv's own executable again, with the same arguments and an environment
//! variable saying which kind of child it is; and the paths it is sent, one JSON string a line.

use std::ffi::OsString;
use std::process::{Command, Stdio};

/// Set (to `1`) in a worker: it checks the files named on its standard input.
pub const CHILD_WORKER: &str = "OMPV_CHILD_WORKER";

/// Set (to `1`) in the child that checks standard input.
pub const CHILD_STDIN: &str = "OMPV_CHILD_STDIN";

/// A child process of this executable with the same arguments and `var` set.
pub(super) fn child(var: &str, stdin: Stdio) -> std::io::Result<std::process::Child> {
    child_with(std::env::args_os().skip(1), var, stdin)
}

/// A child process of this executable with the arguments `args` and `var` set.
pub(super) fn child_with(
    args: impl IntoIterator<Item = OsString>,
    var: &str,
    stdin: Stdio,
) -> std::io::Result<std::process::Child> {
    Command::new(std::env::current_exe()?)
        .args(args)
        .env(var, "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
}

/// A path as a worker reads it: a JSON string, `None` when it is not Unicode.
pub(super) fn path_line(path: &std::path::Path) -> Option<String> {
    path.to_str().and_then(|p| serde_json::to_string(p).ok())
}

/// A path line read back.
pub(super) fn path_of_line(line: &str) -> Option<OsString> {
    serde_json::from_str::<String>(line)
        .ok()
        .map(OsString::from)
}
