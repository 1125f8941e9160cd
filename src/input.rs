//! One input of a command: a file, standard input, or an argument that cannot be used. Its
//! own module so that the parts that run a file (the worker processes of `isolate`) need not
//! import the commands that gather inputs.

use std::io::Read;
use std::path::{Path, PathBuf};

/// One input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A file on disk.
    File(PathBuf),
    /// Standard input.
    Stdin,
    /// An argument that cannot be used, with why (reported as a usage error of that input).
    Invalid { name: String, why: String },
}

impl Input {
    /// The name reports use.
    pub fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".into(),
            Input::Invalid { name, .. } => name.clone(),
        }
    }

    /// The file's text (standard input is read when this is called).
    pub fn read(&self) -> Result<String, String> {
        String::from_utf8(self.read_bytes()?).map_err(|e| {
            format!(
                "{} is not valid UTF-8 (byte {})",
                self.name(),
                e.utf8_error().valid_up_to()
            )
        })
    }

    /// The file's bytes (standard input is read when this is called).
    pub fn read_bytes(&self) -> Result<Vec<u8>, String> {
        match self {
            Input::File(p) => {
                std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
            }
            Input::Stdin => {
                let mut s = Vec::new();
                std::io::stdin()
                    .read_to_end(&mut s)
                    .map_err(|e| format!("cannot read standard input: {e}"))?;
                Ok(s)
            }
            Input::Invalid { why, .. } => Err(why.clone()),
        }
    }

    /// The directory `#include "…"` is resolved against (the current one for standard input).
    pub fn dir(&self) -> Option<PathBuf> {
        match self {
            Input::File(p) => p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .map(Path::to_path_buf),
            _ => None,
        }
    }
}
