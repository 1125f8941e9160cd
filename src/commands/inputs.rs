//! The inputs of a command: files, directories (every file with the command's extension below
//! them, sorted) and `-` (standard input, read once).

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
        match self {
            Input::File(p) => {
                std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
            }
            Input::Stdin => {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
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

/// What a command reads: C files or Viper files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Viper,
}

impl Language {
    fn extension(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Viper => "vpr",
        }
    }

    /// A hint when a file of the other language is given.
    fn other(self, path: &Path) -> Option<String> {
        let ext = path.extension()?.to_str()?;
        let p = path.display();
        match (self, ext) {
            (Language::C, "vpr") => Some(format!(
                "`{p}` looks like a Viper program; `ompv verify` reads C files: try `ompv viper {p}`"
            )),
            (_, "cc" | "cpp" | "cxx" | "c++" | "C" | "hpp" | "hh" | "hxx") => Some(format!(
                "`{p}` looks like a C++ file: C++ is not supported (ompv reads C11 with OpenMP)"
            )),
            (Language::Viper, "c" | "h") => Some(format!(
                "`{p}` looks like a C file; `ompv viper` reads Viper programs: try `ompv verify {p}`"
            )),
            _ => None,
        }
    }
}

/// Expands the command-line arguments: directories into their files (recursively, sorted),
/// `-` into standard input (once). In a child process, only what the child checks: standard
/// input, or nothing (a worker is sent its files, see [`crate::isolate`]).
pub fn expand(args: &[PathBuf], lang: Language) -> Vec<Input> {
    use crate::isolate::Role;
    match crate::isolate::role() {
        Role::Parent => {}
        Role::Worker => return Vec::new(),
        Role::StdinChild => return vec![Input::Stdin],
    }
    let mut out = Vec::new();
    let mut stdin = false;
    for a in args {
        if a.as_os_str() == "-" {
            if !stdin {
                out.push(Input::Stdin);
                stdin = true;
            }
            continue;
        }
        if a.is_dir() {
            let mut found = Vec::new();
            walk(a, lang.extension(), &mut found);
            found.sort();
            if found.is_empty() {
                out.push(Input::Invalid {
                    name: a.display().to_string(),
                    why: format!(
                        "no `.{}` file in the directory {}",
                        lang.extension(),
                        a.display()
                    ),
                });
            }
            out.extend(found.into_iter().map(Input::File));
            continue;
        }
        match lang.other(a) {
            Some(hint) => out.push(Input::Invalid {
                name: a.display().to_string(),
                why: hint,
            }),
            None => out.push(Input::File(a.clone())),
        }
    }
    out
}

/// Every file with extension `ext` below `dir` (unreadable directories are skipped).
fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let Ok(t) = e.file_type() else { continue };
        if t.is_dir() {
            walk(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_expand_and_hints_name_the_other_command() {
        let dir = std::env::temp_dir().join(format!("ompv-inputs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("b.c"), "").unwrap();
        std::fs::write(dir.join("sub/a.c"), "").unwrap();
        std::fs::write(dir.join("x.vpr"), "").unwrap();
        let got = expand(&[dir.clone(), "-".into(), "-".into()], Language::C);
        assert_eq!(
            got,
            vec![
                Input::File(dir.join("b.c")),
                Input::File(dir.join("sub/a.c")),
                Input::Stdin
            ]
        );
        let got = expand(&[dir.join("x.vpr")], Language::C);
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("ompv viper")));
        let got = expand(&[dir.join("b.c")], Language::Viper);
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("ompv verify")));
        let empty = dir.join("sub");
        let got = expand(&[empty], Language::Viper);
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("no `.vpr` file")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
