//! A compilation database (`compile_commands.json`, as CMake, Bear and Meson write it): the
//! files of a build and the command that compiles each, read as clang's tools read it.

use openmp::source::build::{options_of_command, BuildError, CppOption};
use serde::Deserialize;
use std::path::{Component, Path, PathBuf};

/// One entry of the database, as written.
#[derive(Clone, Debug, Deserialize)]
struct RawEntry {
    directory: PathBuf,
    file: PathBuf,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

/// One compiled file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file, absolute (relative to the entry's directory if written relative).
    pub file: PathBuf,
    /// The directory the compiler ran in.
    pub directory: PathBuf,
    /// The compiler's command line, the compiler first.
    pub arguments: Vec<String>,
}

impl Entry {
    /// The preprocessor options of the entry's command, paths made absolute.
    pub fn options(&self) -> Result<Vec<CppOption>, BuildError> {
        options_of_command(&self.arguments, Some(&self.directory))
    }
}

/// A compilation database.
#[derive(Clone, Debug, Default)]
pub struct CompileDb {
    /// Where it was read from.
    pub path: PathBuf,
    pub entries: Vec<Entry>,
}

impl CompileDb {
    /// Reads the database at `path`.
    pub fn read(path: &Path) -> Result<CompileDb, String> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            format!(
                "cannot read the compilation database {}: {e}",
                path.display()
            )
        })?;
        CompileDb::parse(path, &text)
    }

    /// Parses the text of a database read from `path` (for messages and relative
    /// directories).
    pub fn parse(path: &Path, text: &str) -> Result<CompileDb, String> {
        let raw: Vec<RawEntry> = serde_json::from_str(text).map_err(|e| {
            format!(
                "{}:{}:{}: not a compilation database: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        let base = path.parent().map(absolute).unwrap_or_default();
        let mut entries = Vec::with_capacity(raw.len());
        for (k, r) in raw.into_iter().enumerate() {
            let arguments = match (r.arguments, r.command) {
                (Some(a), _) => a,
                (None, Some(c)) => shlex::split(&c).ok_or_else(|| {
                    format!(
                        "{}: entry {}: its `command` is not a command line",
                        path.display(),
                        k + 1
                    )
                })?,
                (None, None) => {
                    return Err(format!(
                        "{}: entry {} has neither `arguments` nor `command`",
                        path.display(),
                        k + 1
                    ))
                }
            };
            let directory = normal(&base.join(r.directory));
            let file = normal(&directory.join(r.file));
            entries.push(Entry {
                file,
                directory,
                arguments,
            });
        }
        Ok(CompileDb {
            path: path.to_path_buf(),
            entries,
        })
    }

    /// The entries of `file` (a path as the user gave it).
    pub fn entries_of(&self, file: &Path) -> Vec<&Entry> {
        let wanted = normal(&absolute(file));
        let real = std::fs::canonicalize(file).ok();
        self.entries
            .iter()
            .filter(|e| {
                e.file == wanted || real.is_some() && std::fs::canonicalize(&e.file).ok() == real
            })
            .collect()
    }
}

/// `p`, absolute against the current directory.
fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `p` without `.` and with each `dir/..` removed, as compilers name files (no symbolic link
/// is followed).
fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_arguments_and_commands_relative_to_their_directory() {
        let db = CompileDb::parse(
            Path::new("/b/compile_commands.json"),
            r#"[
              {"directory": "/src", "file": "a.c", "arguments": ["cc", "-Iinc", "-c", "a.c"]},
              {"directory": "sub", "file": "../lib/b.c", "command": "gcc -D 'MSG=\"hi there\"' -c ../lib/b.c"}
            ]"#,
        )
        .unwrap();
        assert_eq!(db.entries[0].file, Path::new("/src/a.c"));
        assert_eq!(
            db.entries[0].options().unwrap(),
            vec![CppOption::Include("/src/inc".into())]
        );
        assert_eq!(db.entries[1].file, Path::new("/b/lib/b.c"));
        assert_eq!(
            db.entries[1].options().unwrap(),
            vec![CppOption::Define("MSG=\"hi there\"".into())]
        );
        assert_eq!(db.entries_of(Path::new("/src/./a.c")).len(), 1);
        assert!(db.entries_of(Path::new("/src/c.c")).is_empty());
    }

    #[test]
    fn says_where_a_database_is_broken() {
        let e = CompileDb::parse(Path::new("cc.json"), "[{\"file\": 3}]").unwrap_err();
        assert!(e.starts_with("cc.json:1:"), "{e}");
        let e = CompileDb::parse(
            Path::new("cc.json"),
            r#"[{"directory": "/", "file": "a.c"}]"#,
        )
        .unwrap_err();
        assert!(e.contains("neither"), "{e}");
    }
}
