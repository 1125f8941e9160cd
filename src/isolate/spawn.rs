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
    let mut command = Command::new(std::env::current_exe()?);
    command
        .args(args)
        .env(var, "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    die_with_parent(&mut command);
    command.spawn()
}

/// A child must not outlive ompv: when ompv is killed (`kill -9`, a CI job's time limit, a
/// script's timeout), nothing stops its children otherwise, and a worker would go on checking
/// its file for as long as that takes, beside whatever runs next. Linux sends the child SIGKILL
/// when the thread that started it ends; every caller starts children from a thread that waits
/// for them (the file loop of `commands::run`, the language server's main loop).
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: the closure runs in the forked child before `exec` and calls only prctl and
    // getppid, which are async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died before the request took effect.
            if libc::getppid() as u32 != parent {
                return Err(std::io::Error::other("ompv ended while starting a child"));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

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
