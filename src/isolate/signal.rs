//! How a child process ended, in words.

use std::process::ExitStatus;

/// `was killed by signal 11 (SIGSEGV, a segmentation fault)`, or `ended with exit code 2 and no
/// report`.
pub fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(n) = status.signal() {
            return match name(n) {
                Some(what) => format!("was killed by signal {n} ({what})"),
                None => format!("was killed by signal {n}"),
            };
        }
    }
    match status.code() {
        Some(c) => format!("ended with exit code {c} and no report"),
        None => "ended with no report".into(),
    }
}

/// Whether the child was ended by SIGINT (a Ctrl-C at the terminal).
pub fn is_interrupt(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(2)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        false
    }
}

/// The signals a crash of native code ends with (numbers as on Linux, which ompv's setup
/// targets).
#[cfg(unix)]
fn name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL, an illegal instruction",
        6 => "SIGABRT, an abort",
        7 => "SIGBUS, a bus error",
        8 => "SIGFPE, an arithmetic exception",
        9 => "SIGKILL; the system may have run out of memory",
        11 => "SIGSEGV, a segmentation fault",
        _ => return None,
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn signals_and_exit_codes_are_named() {
        assert_eq!(
            describe(ExitStatus::from_raw(11)),
            "was killed by signal 11 (SIGSEGV, a segmentation fault)"
        );
        assert_eq!(
            describe(ExitStatus::from_raw(15)),
            "was killed by signal 15"
        );
        assert!(is_interrupt(ExitStatus::from_raw(2)) && !is_interrupt(ExitStatus::from_raw(6)));
        assert_eq!(
            describe(ExitStatus::from_raw(2 << 8)),
            "ended with exit code 2 and no report"
        );
    }
}
