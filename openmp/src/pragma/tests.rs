//! Tests of the pragma parser: every directive and clause, malformed variants with exact
//! positions, and (ignored by default) every pragma of DataRaceBench.

use super::parse::parse_pragma;
use super::*;
use crate::error::{ErrorKind, FrontError};
use crate::spec::Origin;
use viper::{FileId, SourceFile};

fn parse(src: &str) -> Result<Pragma, FrontError> {
    let f = SourceFile::new("t.c", src);
    parse_pragma(
        src,
        Origin {
            file: FileId(0),
            source: &f,
            base: 0,
        },
        1,
    )
}

fn ok(src: &str) -> Pragma {
    parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.message))
}

/// Kind, line, column, message of the error of `src` (parsing, then the support check).
fn err(src: &str) -> (ErrorKind, u32, u32, String) {
    let e = parse(src)
        .and_then(|p| check_supported(&p).map(|()| p))
        .expect_err(src);
    (e.kind, e.span.line, e.span.column, e.message)
}

/// A syntax error at `column` whose message contains `needle`.
fn syntax(src: &str, column: u32, needle: &str) {
    let (k, _, c, m) = err(src);
    assert_eq!((k, c), (ErrorKind::Syntax, column), "{src}: {m}");
    assert!(m.contains(needle), "{src}: `{m}` lacks `{needle}`");
}

/// `src` parses and displays as `shown`.
fn shows(src: &str, shown: &str) {
    assert_eq!(ok(src).display(), shown, "{src}");
}

/// The pragmas of the DataRaceBench micro-benchmarks (not part of the repository): every
/// `#pragma omp` line must parse. Run with `cargo test -p openmp -- --ignored drb`.
#[test]
#[ignore = "needs the DataRaceBench corpus in /work/corpora/drb"]
fn drb_pragmas_parse() {
    let dir = std::path::Path::new("/work/corpora/drb/micro-benchmarks");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("no corpus at {}", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut total, mut failures) = (0, Vec::new());
    let mut directives = std::collections::BTreeMap::new();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "c")) {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let f = SourceFile::new(path.display().to_string(), text.clone());
        let (_, pragmas) = crate::source::extract::extract(&text);
        for pt in pragmas {
            total += 1;
            let origin = Origin {
                file: FileId(0),
                source: &f,
                base: pt.start,
            };
            match parse_pragma(&pt.masked, origin, pt.line) {
                Ok(p) => *directives.entry(p.directive.name()).or_insert(0) += 1,
                Err(e) => failures.push(format!(
                    "{}:{}:{}: {} | {}",
                    path.file_name().unwrap_or_default().to_string_lossy(),
                    e.span.line,
                    e.span.column,
                    e.message,
                    pt.masked.split_whitespace().collect::<Vec<_>>().join(" ")
                )),
            }
        }
    }
    eprintln!("DataRaceBench: {} of {total} pragmas parse", total - failures.len());
    eprintln!("directives: {directives:?}");
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} pragmas fail", failures.len());
}
