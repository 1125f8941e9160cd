//! The inputs of a command: files, directories (every file with the command's extension below
//! them, sorted) and `-` (standard input, read once).
//!
//! Directories are walked as `git` and `ripgrep` see them (the `ignore` crate): hidden entries
//! and what `.gitignore`, `.ignore` and git's excludes leave out are skipped (a build folder's
//! `CMakeCCompilerId.c` is not the user's code), as are symbolically linked directories unless
//! `--follow` is given. What is skipped is said in a note, so no file is left out silently.

use crate::cli::WalkArgs;
use crate::input::Input;
use crate::output::{self, color};
use std::path::{Path, PathBuf};

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

/// The one C input of a command that reads one file (`encode`, `infer`, `explain`, `witness`):
/// the file, standard input for `-`, or the first `.c` file of a directory (as [`expand`]
/// finds them, without flags); in a worker, standard input.
pub fn one_c_file(file: &Path) -> Input {
    expand(
        std::slice::from_ref(&file.to_path_buf()),
        Language::C,
        WalkArgs::default(),
    )
    .into_iter()
    .next()
    .unwrap_or(Input::Stdin)
}

/// Expands the command-line arguments: directories into their files (recursively, sorted),
/// `-` into standard input (once). In a child process, only what the child checks: standard
/// input, or nothing (a worker is sent its files, see [`crate::isolate`]).
pub fn expand(args: &[PathBuf], lang: Language, how: WalkArgs) -> Vec<Input> {
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
            let walked = walk(a, lang.extension(), how);
            for note in walked.notes(a, lang.extension()) {
                let label = color::paint(color::get().stderr, "1;36", "note");
                output::errln(&format!("{label}: {note}"));
            }
            let found = walked.found;
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
    let Some(p) = how.partition else {
        return out;
    };
    let total = out.len();
    let share = p.select(out, Input::name);
    let label = color::paint(color::get().stderr, "1;36", "note");
    output::errln(&format!(
        "{label}: partition {p}: {} of the {total} input(s)",
        share.len()
    ));
    share
}

/// What a walk of one directory found and left out.
#[derive(Debug, Default)]
struct Walked {
    /// The files with the extension, sorted.
    found: Vec<PathBuf>,
    /// Files with the extension that are hidden or ignored.
    ignored: usize,
    /// Symbolically linked directories not entered (without `--follow`).
    links: Vec<PathBuf>,
    /// Entries that could not be read, with why.
    unreadable: Vec<String>,
}

impl Walked {
    /// One note per kind of thing left out.
    fn notes(&self, dir: &Path, ext: &str) -> Vec<String> {
        let mut notes = Vec::new();
        if self.ignored > 0 {
            notes.push(format!(
                "{} `.{ext}` file(s) under {} left out: hidden, or ignored by `.gitignore`, \
                 `.ignore` or git's excludes (`--no-ignore` takes them)",
                self.ignored,
                dir.display()
            ));
        }
        for link in &self.links {
            notes.push(format!(
                "{} is a symbolic link to a directory and was not entered (`--follow` enters it)",
                link.display()
            ));
        }
        for why in &self.unreadable {
            notes.push(format!("left out: {why}"));
        }
        notes
    }
}

/// A walker of `dir`, with or without the standard filters (hidden files, ignore files).
fn walker(dir: &Path, filters: bool, follow: bool) -> ignore::Walk {
    ignore::WalkBuilder::new(dir)
        .standard_filters(filters)
        // A `.gitignore` counts in a copy of a repository without its `.git` too.
        .require_git(false)
        .follow_links(follow)
        .build()
}

fn has_ext(p: &Path, ext: &str) -> bool {
    p.extension().is_some_and(|x| x == ext)
}

/// The files with extension `ext` below `dir`, and what was left out.
fn walk(dir: &Path, ext: &str, how: WalkArgs) -> Walked {
    let mut w = Walked::default();
    for entry in walker(dir, !how.no_ignore, how.follow) {
        let e = match entry {
            Ok(e) => e,
            Err(err) => {
                w.unreadable.push(err.to_string());
                continue;
            }
        };
        let Some(t) = e.file_type() else { continue };
        if t.is_symlink() && e.path().is_dir() {
            w.links.push(e.path().to_path_buf());
        } else if !t.is_dir() && has_ext(e.path(), ext) && e.path().is_file() {
            w.found.push(e.path().to_path_buf());
        }
    }
    w.found.sort();
    if !how.no_ignore {
        // The same walk without the filters: what they left out.
        let all = walker(dir, false, how.follow)
            .flatten()
            .filter(|e| e.file_type().is_some_and(|t| !t.is_dir()))
            .filter(|e| has_ext(e.path(), ext) && e.path().is_file())
            .count();
        w.ignored = all.saturating_sub(w.found.len());
    }
    w
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
        let got = expand(
            &[dir.clone(), "-".into(), "-".into()],
            Language::C,
            WalkArgs::default(),
        );
        assert_eq!(
            got,
            vec![
                Input::File(dir.join("b.c")),
                Input::File(dir.join("sub/a.c")),
                Input::Stdin
            ]
        );
        let got = expand(&[dir.join("x.vpr")], Language::C, WalkArgs::default());
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("ompv viper")));
        let got = expand(&[dir.join("b.c")], Language::Viper, WalkArgs::default());
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("ompv verify")));
        let empty = dir.join("sub");
        let got = expand(&[empty], Language::Viper, WalkArgs::default());
        assert!(matches!(&got[0], Input::Invalid { why, .. } if why.contains("no `.vpr` file")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn walks_skip_hidden_ignored_and_linked_folders_and_say_so() {
        let dir = std::env::temp_dir().join(format!("ompv-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["src", ".git", "build/CMakeFiles", "elsewhere"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        for f in [
            "src/a.c",
            ".git/b.c",
            "build/CMakeFiles/c.c",
            "elsewhere/d.c",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        std::fs::write(dir.join(".gitignore"), "build/\n").unwrap();
        std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("src/linked")).unwrap();
        let src = dir.join("src");

        let w = walk(&dir, "c", WalkArgs::default());
        assert_eq!(w.found, [dir.join("elsewhere/d.c"), dir.join("src/a.c")]);
        assert_eq!(w.ignored, 2, "{w:?}");
        assert_eq!(w.links, [dir.join("src/linked")]);
        let notes = w.notes(&dir, "c").join("\n");
        assert!(
            notes.contains("2 `.c` file(s)") && notes.contains("--no-ignore"),
            "{notes}"
        );
        assert!(
            notes.contains("src/linked") && notes.contains("--follow"),
            "{notes}"
        );

        let followed = walk(
            &src,
            "c",
            WalkArgs {
                follow: true,
                ..WalkArgs::default()
            },
        );
        assert_eq!(followed.found, [src.join("a.c"), src.join("linked/d.c")]);
        assert!(followed.links.is_empty());
        let all = walk(
            &dir,
            "c",
            WalkArgs {
                no_ignore: true,
                ..WalkArgs::default()
            },
        );
        assert_eq!(all.found.len(), 4, "{all:?}");
        assert!(all.notes(&dir, "c").iter().all(|n| !n.contains("left out")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
