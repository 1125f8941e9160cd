//! Whether output is coloured: `--color always|never` decide; `auto` colours a stream only if
//! it is a terminal and `NO_COLOR` is not set (to a non-empty value, as no-color.org says).

use std::io::IsTerminal;
use std::sync::OnceLock;

/// `--color`: when to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// The colour decision of the run, per stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colors {
    pub stdout: bool,
    pub stderr: bool,
}

static COLORS: OnceLock<Colors> = OnceLock::new();

/// Decides from the flag, the environment and the streams.
pub fn decide(when: ColorWhen, no_color: bool, stdout_tty: bool, stderr_tty: bool) -> Colors {
    match when {
        ColorWhen::Always => Colors {
            stdout: true,
            stderr: true,
        },
        ColorWhen::Never => Colors {
            stdout: false,
            stderr: false,
        },
        ColorWhen::Auto => Colors {
            stdout: stdout_tty && !no_color,
            stderr: stderr_tty && !no_color,
        },
    }
}

/// Sets the decision for the run (from `--color` and the real environment and streams).
pub fn init(when: ColorWhen) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let c = decide(
        when,
        no_color,
        std::io::stdout().is_terminal(),
        std::io::stderr().is_terminal(),
    );
    let _ = COLORS.set(c);
}

/// The decision of the run (no colours if [`init`] was not called).
pub fn get() -> Colors {
    COLORS.get().copied().unwrap_or(Colors {
        stdout: false,
        stderr: false,
    })
}

/// `text` in an ANSI style (`1;32` bold green, ...) if `on`.
pub fn paint(on: bool, style: &str, text: &str) -> String {
    if on {
        format!("\x1b[{style}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_needs_a_terminal_and_no_no_color() {
        let c = decide(ColorWhen::Auto, false, true, false);
        assert_eq!((c.stdout, c.stderr), (true, false));
        let c = decide(ColorWhen::Auto, true, true, true);
        assert_eq!((c.stdout, c.stderr), (false, false));
        let c = decide(ColorWhen::Always, true, false, false);
        assert_eq!((c.stdout, c.stderr), (true, true));
        let c = decide(ColorWhen::Never, false, true, true);
        assert_eq!((c.stdout, c.stderr), (false, false));
        assert_eq!(paint(false, "1", "x"), "x");
        assert_eq!(paint(true, "1", "x"), "\x1b[1mx\x1b[0m");
    }
}
