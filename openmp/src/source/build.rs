//! How a file is built: the preprocessor options of a compiler's command line (`-I`, `-D`, `-U`,
//! `-include`, `-std=`, ...), the file's directory and the directory the build runs in. The
//! rest of a compiler's command line does not change what the preprocessor produces and is not
//! kept; ompv verifies the program for its own model of types either way.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// How one C file is preprocessed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Build {
    /// The directory of the file, searched first by `#include "…"` (the file itself is read
    /// from standard input, so the preprocessor does not know it).
    pub file_dir: Option<PathBuf>,
    /// The directory the preprocessor runs in: relative paths in [`Build::options`] are
    /// relative to it (a `compile_commands.json` entry's `directory`).
    pub directory: Option<PathBuf>,
    /// The preprocessor options, in command-line order.
    pub options: Vec<CppOption>,
}

impl Build {
    /// A file in `dir` with no options.
    pub fn in_dir(dir: Option<&Path>) -> Build {
        Build {
            file_dir: dir.map(Path::to_path_buf),
            ..Build::default()
        }
    }
}

/// One preprocessor option, as `cc` takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CppOption {
    /// `-I DIR`: searched by `#include "…"` and `#include <…>`, before the system's folders.
    Include(PathBuf),
    /// `-iquote DIR`: searched by `#include "…"` only.
    Quote(PathBuf),
    /// `-isystem DIR`: searched after `-I`, as a system folder.
    System(PathBuf),
    /// `-idirafter DIR`: searched after the system's folders.
    After(PathBuf),
    /// `-D NAME` or `-D NAME=VALUE`.
    Define(String),
    /// `-U NAME`.
    Undefine(String),
    /// `-include FILE`: read before the file's first line.
    IncludeFile(PathBuf),
    /// `-imacros FILE`: its macros, before the file's first line.
    Macros(PathBuf),
    /// `-std=STANDARD`, a C standard.
    Std(String),
}

impl CppOption {
    /// The option as arguments of `cpp`.
    pub fn args(&self) -> Vec<OsString> {
        let two = |flag: &str, v: &Path| vec![OsString::from(flag), v.as_os_str().to_owned()];
        match self {
            CppOption::Include(d) => two("-I", d),
            CppOption::Quote(d) => two("-iquote", d),
            CppOption::System(d) => two("-isystem", d),
            CppOption::After(d) => two("-idirafter", d),
            CppOption::Define(m) => vec![OsString::from(format!("-D{m}"))],
            CppOption::Undefine(m) => vec![OsString::from(format!("-U{m}"))],
            CppOption::IncludeFile(f) => two("-include", f),
            CppOption::Macros(f) => two("-imacros", f),
            CppOption::Std(s) => vec![OsString::from(format!("-std={s}"))],
        }
    }
}

/// The C standards `-std=` may name (GCC's spellings); a C++ standard is refused.
const C_STANDARDS: &[&str] = &[
    "c89",
    "c90",
    "c99",
    "c9x",
    "c11",
    "c1x",
    "c17",
    "c18",
    "c2x",
    "c23",
    "gnu89",
    "gnu90",
    "gnu99",
    "gnu9x",
    "gnu11",
    "gnu1x",
    "gnu17",
    "gnu18",
    "gnu2x",
    "gnu23",
    "iso9899:1990",
    "iso9899:199409",
    "iso9899:1999",
    "iso9899:199x",
    "iso9899:2011",
    "iso9899:2017",
    "iso9899:2018",
];

/// Why a command line cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A C++ standard or language.
    #[error("C++ is not supported (`{0}`): ompv verifies C")]
    Cxx(String),
    /// A `-std=` that is no C standard.
    #[error(
        "`-std={0}` is not a C standard (known: c89, c99, c11, c17, c23 and their gnu variants)"
    )]
    Standard(String),
    /// An option that needs a value at the end of the line.
    #[error("`{0}` needs a value")]
    Missing(String),
}

/// The checked `-std=` value.
pub fn standard(s: &str) -> Result<CppOption, BuildError> {
    if s.contains("++") {
        return Err(BuildError::Cxx(format!("-std={s}")));
    }
    if C_STANDARDS.contains(&s) {
        Ok(CppOption::Std(s.to_string()))
    } else {
        Err(BuildError::Standard(s.to_string()))
    }
}

/// The preprocessor options of a compiler command line (`cc -O2 -Iinc -DN=4 -c f.c -o f.o`, the
/// compiler itself first), relative paths resolved against `directory`. Options that do not
/// change what the preprocessor produces are passed over.
pub fn options_of_command(
    args: &[String],
    directory: Option<&Path>,
) -> Result<Vec<CppOption>, BuildError> {
    let path = |v: &str| match directory {
        Some(d) if Path::new(v).is_relative() => d.join(v),
        _ => PathBuf::from(v),
    };
    let mut out = Vec::new();
    let mut k = 1;
    while k < args.len() {
        let a = args[k].as_str();
        k += 1;
        // An option with its value attached (`-Idir`, `-DN=4`) or as the next argument.
        let mut value = |flag: &str| -> Result<Option<String>, BuildError> {
            let Some(rest) = a.strip_prefix(flag) else {
                return Ok(None);
            };
            if !rest.is_empty() {
                return Ok(Some(rest.to_string()));
            }
            let v = args
                .get(k)
                .ok_or_else(|| BuildError::Missing(flag.to_string()))?;
            k += 1;
            Ok(Some(v.clone()))
        };
        // The longer spellings first: `-include` also starts with `-i`, `-isystem` with `-is`.
        if let Some(v) = value("-include")? {
            out.push(CppOption::IncludeFile(path(&v)));
        } else if let Some(v) = value("-imacros")? {
            out.push(CppOption::Macros(path(&v)));
        } else if let Some(v) = value("-iquote")? {
            out.push(CppOption::Quote(path(&v)));
        } else if let Some(v) = value("-isystem")? {
            out.push(CppOption::System(path(&v)));
        } else if let Some(v) = value("-idirafter")? {
            out.push(CppOption::After(path(&v)));
        } else if let Some(v) = value("-I")? {
            out.push(CppOption::Include(path(&v)));
        } else if let Some(v) = value("-D")? {
            out.push(CppOption::Define(v));
        } else if let Some(v) = value("-U")? {
            out.push(CppOption::Undefine(v));
        } else if let Some(s) = a.strip_prefix("-std=") {
            out.push(standard(s)?);
        } else if a == "-ansi" {
            out.push(CppOption::Std("c90".into()));
        } else if let Some(v) = value("-x")? {
            if v != "c" {
                return Err(BuildError::Cxx(format!("-x {v}")));
            }
        } else if matches!(a, "-o" | "-MF" | "-MT" | "-MQ" | "-Xclang") {
            // Options whose value is a separate argument that is not a preprocessor option.
            k += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn reads_the_preprocessor_options_of_a_compile_command() {
        let got = options_of_command(
            &line("cc -O2 -Iinc -I /abs -DN=4 -D M -UX -include cfg.h -std=c11 -fopenmp -c f.c -o -Ibogus.o"),
            Some(Path::new("/build")),
        )
        .unwrap();
        assert_eq!(
            got,
            vec![
                CppOption::Include("/build/inc".into()),
                CppOption::Include("/abs".into()),
                CppOption::Define("N=4".into()),
                CppOption::Define("M".into()),
                CppOption::Undefine("X".into()),
                CppOption::IncludeFile("/build/cfg.h".into()),
                CppOption::Std("c11".into()),
            ],
            "the value of `-o` is not an option"
        );
    }

    #[test]
    fn refuses_cxx_and_unknown_standards() {
        assert_eq!(
            options_of_command(&line("c++ -std=c++17 f.cc"), None),
            Err(BuildError::Cxx("-std=c++17".into()))
        );
        assert_eq!(
            options_of_command(&line("cc -x c++ f.c"), None),
            Err(BuildError::Cxx("-x c++".into()))
        );
        assert_eq!(
            options_of_command(&line("cc -std=c42 f.c"), None),
            Err(BuildError::Standard("c42".into()))
        );
        assert_eq!(
            options_of_command(&line("cc f.c -I"), None),
            Err(BuildError::Missing("-I".into()))
        );
        assert!(standard("gnu99").is_ok());
    }
}
